package writer

import "github.com/storyd/storyd/project"

// The fourth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes4" for the session's final measurement,
// without reading recall/, index/, the results in docs/RECALL.md, any
// helper's notes or the misses of the other sets: 25 facts and their 75
// probes, with people, places, objects and facts found in no other set.
// It is blind: nothing in recall/ or index/ was changed with it in view, and
// once its misses are used to change the ranking it is no longer a blind
// measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind4 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts are said the ways novels say them: name first, a
// pronoun or a possessive ("Her brother's", "Her trunk") after a sentence
// naming the owner, dialogue with a speech tag, the name in mid-sentence or
// after a subordinate clause ("Because ...", "It was Denny who ..."), an
// appositive ("Jemima Trask, the miller's widow,"), a list, and uncommon
// verbs (blenched, immured, gleaned). Some facts do not sound durable (a
// parrot bought lately, a clock that runs slow, where a spare key is left,
// an errand promised in passing, a man's true age), as many facts a later
// scene needs do not. Most owners are new to the book, with sheets of their
// own that hold other facts; four are people of the corpus and one its
// place (Mr. Hurst, Ernest, Denny, Mary, Hunsford), whose names the corpus
// itself repeats, given sheets as a writer would give them.
func rbBlind4() rbSet {
	return rbSet{
		name: "blind4",
		facts: []rbFact{
			{"possession", "Dorcas Pym travelled light. Her trunk held three things of value: a Bible, a bundle of letters tied with tape, and a mourning brooch of Whitby jet carved with a weeping willow.", "mourning brooch of Whitby jet",
				[3]string{"Dorcas pins on her mourning brooch of jet before the funeral.", "A black brooch carved with a weeping willow is found in the pew.", "A pedlar at the door offers to buy any ornament Miss Pym can spare."}},
			{"possession", "Araminta Sowerby had buried a brother at Corunna. Her brother's hunting crop, its handle a roe deer's foot shod in silver, went with her whenever she rode.", "roe deer's foot shod in silver",
				[3]string{"Araminta grips her brother's hunting crop by its silver deer's foot.", "A riding whip with a deer's foot for a handle lies in the mud of the lane.", "Miss Sowerby is thrown at a hedge, and what she carried in memory of the dead officer is lost in the ditch."}},
			{"possession", "Mr. Hurst had lately bought a grey parrot from a sailor at Gravesend, a bird that swore in Dutch at anyone who came near its cage.", "swore in Dutch",
				[3]string{"Hurst's grey parrot from Gravesend swears at the vicar in Dutch.", "A grey bird bought from a sailor screeches oaths at the dinner guests.", "Mr. Hurst's guests hear a hoarse foreign voice cursing from the next room and suspect a drunken footman."}},
			{"fear", `"Put the candle out, I beg you," whispered Lavinia Coote. "I cannot close my eyes if a moth is in the room; they get into my hair."`, "if a moth is in the room",
				[3]string{"Lavinia cannot sleep at the inn because a moth is loose in her room.", "Someone begs for the candle to be put out because of a moth.", "Miss Coote is given the attic bedroom, whose window will not shut and lets in every winged creature of the summer night."}},
			{"fear", "Old Silvanus Tredgold, who had faced down a bull in his youth, blenched at the sound of church bells, for they had rung the night his wife died.", "blenched at the sound of church bells",
				[3]string{"Tredgold blenches as the church bells ring out for the wedding.", "An old man who once faced down a bull turns white when the bells begin.", "Silvanus Tredgold is asked to give away his granddaughter at the altar of St. Michael's on Whitsunday morning."}},
			{"fear", "Ernest had not gone near the boathouse since the summer an adder bit his hand there.", "since the summer an adder bit his hand",
				[3]string{"Ernest goes down to the boathouse where the adder bit his hand.", "An adder is found coiled under the boathouse steps.", "Ernest is sent to fetch the oars for a party on the lake."}},
			{"promise", "It was Denny, of all the officers, who had pledged to buy young Dobbs out of the army before the regiment sailed.", "buy young Dobbs out of the army",
				[3]string{"Denny must find the money to buy Dobbs out of the army, as he pledged.", "Young Dobbs, a drummer boy, waits for someone to pay his discharge before the regiment sails.", "Mr. Denny loses four hundred pounds at hazard the week the transports leave Portsmouth."}},
			{"promise", "Mary had told the curate's wife she would copy out the whole parish register by Lady Day.", "copy out the whole parish register by Lady Day",
				[3]string{"Mary sits up late copying the parish register, with Lady Day a week off.", "The curate's wife asks whether the parish register is copied yet.", "Mary Bennet has a fever all through March and cannot leave her bed."}},
			{"promise", "Jemima Trask, the miller's widow, had vowed to walk to Walsingham barefoot if her boy came home from sea.", "walk to Walsingham barefoot",
				[3]string{"Jemima sets out barefoot for Walsingham to keep her vow.", "A woman is seen barefoot on the pilgrims' road to Walsingham.", "Mrs. Trask's son steps ashore from the Baltic convoy, thin but whole."}},
			{"hidden", "When the French landed at Fishguard, Hezekiah Brough immured the parish silver behind the false back of the bread oven, and there it stayed.", "false back of the bread oven",
				[3]string{"Brough pulls the parish silver from behind the bread oven's false back.", "The baker's boy knocks through the back of a bread oven and finds it hollow.", "Hezekiah Brough is told the churchwardens want the chalice and plate for the bishop's visit."}},
			{"hidden", "Crispin Delahaye was a careful gambler. He kept his banknotes rolled inside his walking cane, whose knob unscrewed.", "rolled inside his walking cane",
				[3]string{"Delahaye unscrews the knob of his walking cane to get at the banknotes inside.", "A walking cane whose knob unscrews is left at the coaching inn.", "Crispin Delahaye is robbed of his purse on the Bath road, yet pays his reckoning at the next stop."}},
			{"hidden", "Dimity Frisk put the spare key of the vestry under the third flowerpot from the left, whatever the rector said.", "under the third flowerpot",
				[3]string{"Mrs. Frisk lifts the third flowerpot to find the vestry key.", "A boy tips over a row of flowerpots and a key falls out.", "The parson locks up and rides off; Dimity Frisk is asked how the choir can get in for practice."}},
			{"secret", "From a letter he had been paid to carry, Lemuel Oakes had gleaned that the new schoolmaster was already married in Cork.", "already married in Cork",
				[3]string{"Oakes tells the schoolmaster's bride-to-be that the man is married already, to a woman in Cork.", "A woman arrives from Cork asking for her husband, the schoolmaster.", "Lemuel Oakes hears the banns read on Sunday and stays silent in his pew."}},
			{"secret", `"I know where Father's money came from," Perpetua Dunning said quietly, "and it was not the tea trade. It was smuggled brandy, every guinea."`, "smuggled brandy, every guinea",
				[3]string{"Perpetua admits that her father's guineas came from smuggled brandy.", "The tea trade is named as the source of a fortune, and someone laughs.", "Miss Dunning is asked by the revenue officer's son to marry him."}},
			{"secret", "Fergus Maclay was forty, not the thirty he gave out, and had a grown daughter in Leith.", "grown daughter in Leith",
				[3]string{"Maclay's grown daughter arrives from Leith.", "A young woman from Leith asks after her father in the town.", "Fergus Maclay courts the young widow and swears he has no family living."}},
			{"trait", "Obadiah Strand, the lock-keeper at Sedley Cut, whistled hymns backwards when he was angry, and the bargemen knew to keep clear.", "whistled hymns backwards",
				[3]string{"Strand whistles a hymn backwards as the bargemen argue at the lock.", "Someone whistles a hymn backwards, and the bargemen keep clear.", "A drover cheats Obadiah Strand of his toll and laughs in his face."}},
			{"trait", "Nobody in the village had ever seen Ursula Gedge sit down to eat; she took her meals standing at the dresser, like a servant, though she owned the farm.", "took her meals standing at the dresser",
				[3]string{"Ursula takes her meal standing at the dresser while the others sit down to eat.", "A woman who owns a farm eats standing at the dresser like a servant.", "Mrs. Gedge is placed at the head of the table for the harvest supper."}},
			{"trait", "The new surgeon was Rufus Kinnear. He had slept in a chair, never a bed, since his years in the prison hulks at Chatham.", "slept in a chair, never a bed",
				[3]string{"Kinnear sleeps in his chair again and leaves the bed untouched.", "A man who never lies in a bed is found asleep upright in a chair.", "Rufus Kinnear is shown to the best feather mattress at the inn."}},
			{"cannot", "Because a horse had kicked him as a boy, Corbin Latham could not close his right hand, and did everything with the left.", "could not close his right hand",
				[3]string{"Latham tries to close his right hand on the reins and cannot.", "A man kicked by a horse as a boy cannot make a fist.", "Corbin Latham is challenged to a bare-knuckle bout on the green."}},
			{"cannot", "Tabitha Yarrow could brew, bake, let blood and birth a calf, but she had never learned to tell the hour from a clock face.", "never learned to tell the hour from a clock face",
				[3]string{"Tabitha squints at the clock face, unable to tell the hour.", "A woman who can birth a calf stares helplessly at a clock.", "Tabitha Yarrow is left to give the fevered child its draught at exactly half past three by the mantel timepiece."}},
			{"place", "Fallowmere's church clock ran eleven minutes slow, and the village kept its time rather than London's.", "ran eleven minutes slow",
				[3]string{"At Fallowmere the church clock, eleven minutes slow, makes the travellers late.", "A church clock eleven minutes slow makes a stranger miss the coach.", "The mail coach leaves Fallowmere at noon by the guard's watch, and three passengers are left behind."}},
			{"place", `"Mind what you shout at Scarth Nick," the drover said. "The crags throw every word back three times, and sheep have run off the edge at it."`, "throw every word back three times",
				[3]string{"At Scarth Nick the crags throw every shout back three times.", "Crags that answer a shout three times frighten a flock over the edge.", "Two lovers quarrel aloud on the road over Scarth Nick, sure they are alone."}},
			{"place", "Hunsford lay so low that the parish kept a punt chained to the lychgate for the winter floods.", "punt chained to the lychgate",
				[3]string{"At Hunsford they unchain the punt from the lychgate when the winter floods come.", "A punt chained to a lychgate floats free in the storm.", "Heavy rain falls for three days, and a visitor must reach Hunsford church for a christening."}},
			{"object", "The Dabchick, the Sedley Cut coal barge, leaked so badly that her crew bailed in shifts night and day.", "bailed in shifts night and day",
				[3]string{"The crew of the Dabchick bail in shifts through the night as she leaks.", "A leaking barge whose crew must bail day and night lies low at the lock.", "The Dabchick is loaded with sacks of flour for London, each to arrive dry."}},
			{"object", "The Coronation Cup, which the hunt raced for every spring, was pinchbeck, not gold; the real one had been pawned in 1790.", "was pinchbeck, not gold",
				[3]string{"The Coronation Cup is weighed and found to be pinchbeck, not gold.", "A pinchbeck trophy is presented to the winner of the spring race.", "A jeweller is asked to value the Coronation Cup for the creditors."}},
		},
		recurring: []string{"Miss Pym", "Miss Sowerby", "Mr. Hurst", "Miss Coote", "Tredgold", "Ernest", "Denny", "Mary", "Mrs. Trask",
			"Brough", "Delahaye", "Mrs. Frisk", "Lemuel Oakes", "Miss Dunning", "Maclay", "Strand", "Mrs. Gedge", "Mr. Kinnear",
			"Corbin Latham", "Tabitha", "Fallowmere", "Scarth Nick", "Hunsford", "the Dabchick", "the Coronation Cup"},
		chars: rbBlind4Cast(),
		locs:  rbBlind4Places(),
	}
}

// rbBlind4Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind4Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c60", "Dorcas Pym", []string{"Dorcas", "Miss Pym"}, "companion", "A paid companion of fifty, thin and upright, who has lived in other people's houses all her life.",
			[]string{"dutiful", "watchful"}, "Companion to three old ladies in turn.", "Was born in Yorkshire."),
		c("c61", "Araminta Sowerby", []string{"Araminta", "Miss Sowerby"}, "squire's daughter", "The squire's elder daughter, a bold horsewoman who says what she thinks at table.",
			[]string{"fearless", "blunt"}, "Hunts twice a week in the season.", "Refused two offers last year."),
		c("c62", "Mr. Hurst", []string{"Hurst"}, "brother-in-law", "Mr. Bingley's brother-in-law, a man of more fashion than fortune, who lives to eat, drink and play at cards.",
			[]string{"indolent", "sulky"}, "Married to Bingley's elder sister.", "Has a house in Grosvenor Street."),
		c("c63", "Lavinia Coote", []string{"Lavinia", "Miss Coote"}, "invalid", "A pale young lady of good family, sent to the coast for her nerves.",
			[]string{"delicate", "imaginative"}, "Writes verses.", "Her mother is a baronet's widow."),
		c("c64", "Silvanus Tredgold", []string{"Tredgold", "Mr. Tredgold"}, "farmer", "A farmer of eighty who still walks his own hedges every morning.",
			[]string{"hardy", "close-mouthed"}, "Has farmed the same land for sixty years.", "A widower with one granddaughter."),
		c("c65", "Ernest Frankenstein", []string{"Ernest"}, "brother", "Victor's younger brother, sturdy and open-hearted, who wishes to be a soldier.",
			[]string{"cheerful", "restless"}, "Was sickly as a child.", "Wants to enter the foreign service."),
		c("c66", "Mr. Denny", []string{"Denny"}, "officer", "A lieutenant of the militia, Wickham's friend, good-natured and always short of money.",
			[]string{"amiable", "careless"}, "Brought Wickham into the regiment.", "Lodges in Meryton."),
		c("c67", "Mary Bennet", []string{"Mary"}, "sister", "The third of the Bennet sisters, plain and studious, who reads great books and makes extracts.",
			[]string{"earnest", "pedantic"}, "Plays the pianoforte at every party.", "Fond of moral sayings."),
		c("c68", "Jemima Trask", []string{"Jemima", "Mrs. Trask"}, "miller's widow", "Runs the mill on her own since her husband died; broad, floury, and feared by the carters.",
			[]string{"devout", "tireless"}, "Has one son, at sea.", "Grinds for three parishes."),
		c("c69", "Hezekiah Brough", []string{"Brough", "Mr. Brough"}, "baker", "The village baker and parish clerk, red-faced, deaf to gossip and quick with his figures.",
			[]string{"thrifty", "loyal"}, "Clerk of the parish for twenty years.", "Bakes for the big house."),
		c("c70", "Crispin Delahaye", []string{"Delahaye", "Mr. Delahaye"}, "gambler", "A handsome idler who lives by cards and travels between Bath and London.",
			[]string{"suave", "calculating"}, "Has been barred from two clubs.", "Never plays on a Friday."),
		c("c71", "Dimity Frisk", []string{"Dimity", "Mrs. Frisk"}, "pew-opener", "The pew-opener and cleaner at the church, small, busy, and in everyone's confidence.",
			[]string{"helpful", "meddling"}, "Polishes the brass every Saturday.", "Has buried two husbands."),
		c("c72", "Lemuel Oakes", []string{"Oakes", "Mr. Oakes"}, "carrier", "The village carrier, who takes parcels and letters to the market town twice a week.",
			[]string{"discreet", "slow"}, "Drives a grey cob.", "Has never missed a market day."),
		c("c73", "Perpetua Dunning", []string{"Perpetua", "Miss Dunning"}, "heiress", "The daughter of a rich merchant lately come to live at the manor.",
			[]string{"sharp", "unhappy"}, "Her father bought the manor last year.", "Educated at a school in Kensington."),
		c("c74", "Fergus Maclay", []string{"Maclay", "Mr. Maclay"}, "drawing master", "A Scottish drawing master with a soft voice, who teaches the young ladies of the town.",
			[]string{"charming", "evasive"}, "Paints the church in watercolour.", "Says he studied in Rome."),
		c("c75", "Obadiah Strand", []string{"Strand", "Mr. Strand"}, "lock-keeper", "The lock-keeper at Sedley Cut, lean and weathered, who takes the tolls and keeps the gates.",
			[]string{"dour", "just"}, "Has kept the lock for twenty-five years.", "Lives in the lock cottage."),
		c("c76", "Ursula Gedge", []string{"Ursula", "Mrs. Gedge"}, "farmer", "A widow who runs the biggest farm in the parish and drives her own bargains at market.",
			[]string{"shrewd", "frugal"}, "Employs eleven men at harvest.", "Her husband left her everything."),
		c("c77", "Rufus Kinnear", []string{"Kinnear", "Mr. Kinnear"}, "surgeon", "The new surgeon in the town, rough-handed and kind, with a past he does not talk about.",
			[]string{"blunt", "tireless"}, "Served as a naval surgeon.", "Sets bones for nothing on market days."),
		c("c78", "Corbin Latham", []string{"Latham", "Mr. Latham"}, "land agent", "The land agent of the Sowerby estate, a sober man who rides out to every farm.",
			[]string{"patient", "proud"}, "Collects the rents at Michaelmas.", "Unmarried."),
		c("c79", "Tabitha Yarrow", []string{"Tabitha", "Mother Yarrow"}, "wise woman", "A cottager on the common whom the village fetches for births, deaths and sick beasts.",
			[]string{"capable", "superstitious"}, "Delivered half the children of the parish.", "Keeps goats."),
	}
}

// rbBlind4Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind4Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l30", "Fallowmere", nil, "village", "A village at the head of a reedy mere, on the coach road north.", "The coach stops at the Bell."),
		l("l31", "Scarth Nick", nil, "pass", "A narrow pass between limestone crags on the drove road over the fells.", "Snowed up most winters."),
		l("l32", "Hunsford", nil, "village", "The village in Kent beside Rosings, where Mr. Collins has his parsonage.", "The parsonage garden runs down to the lane."),
		l("l33", "The Dabchick", []string{"the Dabchick"}, "barge", "A broad black coal barge that works the canal from Sedley Cut to the river.", "Drawn by a piebald horse."),
		l("l34", "The Coronation Cup", []string{"the Coronation Cup"}, "trophy", "A two-handled racing cup, kept at the Bell between races.", "First raced for in 1761."),
	}
}
