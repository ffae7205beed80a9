package writer

import "github.com/storyd/storyd/project"

// The eighteenth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes18", without reading recall/, index/,
// docs/RECALL.md, the recall helpers' notes or the seventeenth set: 25 facts
// and their 75 probes, with people, places and objects found in no other set
// and no name found in the corpus. It is blind: nothing in recall/ or index/
// was changed with it in view, and once its misses are used to change the
// ranking it is no longer a blind measure and a new set is needed for an
// honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind18 -recall.scenes 30,300,1000
//
// Same rules as the earlier sets: each fact is stated once, in the prose of
// one early scene (no sheet pins it, no summary holds it); no plan quotes its
// key; a words probe shares at least two content words with its plant beyond
// the names; a partial probe names no part of the owner and shares at least
// one distinctive word with the plant (no name, no word common all over the
// corpus); an entity probe names the owner, shares no content word with the
// plant beyond the name, and asks for a scene a writer would get wrong
// without the fact. The kinds are those of the issue: three each of trait,
// possession, promise, fear, cannot, hidden and secret, two places and two
// objects. The plants mix plain shapes (a narrator's statement, a short blunt
// sentence, dialogue with and without tags, reported speech, a pronoun with
// the name a sentence earlier) with rarer ones: a nickname explained, a
// comparison, a customs declaration, a club betting book, a subscription
// list, a rumour, a question, a long periodic sentence, a ship's log, a
// memory, a search that finds nothing, a landlord's gossip to his wife, a
// parish register, a pawnbroker's book, an unsent letter, a contrast with
// other towns, a curate's letter home, a household superstition and a
// footnote in a county history.
func rbBlind18() rbSet {
	return rbSet{
		name: "blind18",
		facts: []rbFact{
			{"trait", "Eusebius Popplewell was vain of his calves. There was no more to him than that, and no less.", "vain of his calves",
				[3]string{"Popplewell, vain as ever, shows off his calves in the assembly rooms.", "A gentleman pads his calves with wadding and admires them in the glass.", "Mr. Popplewell is measured by the tailor for knee-breeches before the county ball."}},
			{"trait", "As a magpie is to a silver spoon, so was Orpah Threlfall to a funeral: she went to every burying within ten miles, whether she had known the dead or not, and wept at each as though it were her own mother's.", "went to every burying within ten miles",
				[3]string{"Orpah Threlfall weeps at a stranger's burying, ten miles from home, as at every funeral.", "A woman nobody knows weeps at a burying as though it were her mother's.", "News comes to Miss Threlfall that a drover she never met has breathed his last at the inn."}},
			{"trait", "In the market they called him Halfpenny Shufflebotham, because at the age of seven he had sold his sister's doll back to her for a halfpenny; and Theophilus had haggled over everything since, from a horse to a pew rent.", "sold his sister's doll back to her",
				[3]string{"Shufflebotham haggles over his pew rent as he once haggled a halfpenny out of his sister for her doll.", "A grown man haggles with the churchwarden over the rent of his pew.", "Mr. Shufflebotham is told what the carpenter will charge to mend his roof."}},
			{"possession", "Landed at Dover from the Calais packet, and declared by Caradoc Lickorish: one portmanteau; two shirts; a repeating watch; and a live mongoose in a birdcage, for which the officer could find no duty in his book.", "a live mongoose in a birdcage",
				[3]string{"Lickorish feeds the mongoose he keeps in a birdcage by his bed.", "An officer at Dover hunts through his book for the duty on a mongoose.", "Mr. Lickorish's landlady complains that something with sharp teeth has killed her hens."}},
			{"possession", `"Whose is the harp?" "Bronwen Gazeley's. Her grandfather carried it over the mountains from Bala on his back, and she'll not sell it, though the bailiffs are at the door."`, "carried it over the mountains from Bala",
				[3]string{"Bronwen plays the harp her grandfather carried on his back from Bala.", "Bailiffs come for a Welsh harp that a man once bore over the mountains.", "Miss Gazeley is asked to play at the squire's Christmas party."}},
			{"possession", "From the betting book at the club, the third of May: Mr. Idris Bolitho bets Lord Tresham fifty guineas that the grey mare he won at cards from a Hungarian count will trot from Truro to Bodmin inside the hour.", "won at cards from a Hungarian count",
				[3]string{"Bolitho saddles the grey mare that a Hungarian count lost to him at cards.", "A grey mare trots the Bodmin road against the clock for a wager.", "Mr. Bolitho must ride to Launceston before the magistrates sit at noon."}},
			{"promise", "SUBSCRIPTIONS towards the New School. The Earl, fifty pounds. The Rector, ten pounds. The Miller, the timber for the roof. Mrs. Apphia Hollowbread, the bell, which she has pledged, she says, to her late husband, and will give though she sell her spoons for it.", "the bell, which she has pledged",
				[3]string{"Apphia Hollowbread sells her spoons to pay for the bell for the new school.", "A widow parts with her silver spoons so the school shall have its bell.", "Mrs. Hollowbread is invited by the trustees to the opening of the charity classroom, where every benefactor is to be thanked by name."}},
			{"promise", "Lachlan Muscroft told the recruiting sergeant, and afterwards the whole taproom, that he had given his mother his oath never to take the King's shilling, and he put his hands behind his back when the sergeant held it out.", "given his mother his oath never to take",
				[3]string{"Muscroft keeps his hands behind his back when the sergeant offers him the King's shilling.", "A recruiting sergeant holds out a shilling in a crowded taproom and a young man will not touch it.", "Lachlan Muscroft is starving and the army is the only employer in the town."}},
			{"promise", `"You swore it," said her brother. "Before God and the curate, Eirlys Holdsworth, you swore you would never marry while Father was alive to need you." "And I have kept it," said Eirlys, "eleven years."`, "never marry while Father was alive",
				[3]string{"Eirlys Holdsworth keeps the oath she swore before the curate, not to marry while her father is alive.", "A woman tells the curate she is bound by what she swore eleven years ago.", "A wealthy widower asks Miss Holdsworth to be his wife."}},
			{"fear", "They said in the village, and it was the kind of thing that is said in villages, but it happened to be true, that Emrys Chegwidden, who had been twice round the Horn, would walk a mile about sooner than cross the plank bridge over the mill-race, because a gipsy had told him he would die by fresh water.", "he would die by fresh water",
				[3]string{"Chegwidden walks a mile about rather than cross the plank bridge over the mill-race.", "A seaman who has rounded the Horn turns pale at a plank over a mill-race.", "Mr. Chegwidden must ford the swollen river to fetch the doctor."}},
			{"fear", "What was Gwenfron Nancarrow afraid of? Not bulls, not thunder, not the dark; only masks. A child in a paper false face at the Christmas mumming had once sent her screaming into the snow, and she was thirty then.", "paper false face at the Christmas mumming",
				[3]string{"At the mumming a child in a false face sends Gwenfron Nancarrow screaming.", "A grown woman runs screaming into the snow from a child in a paper mask.", "Miss Nancarrow is invited to the squire's fancy-dress ball, where every guest will be disguised."}},
			{"fear", "Though he had faced a mob at Bristol with nothing but a riding whip, and had sat up alone with a dead man in a house where the fever was, and had once put out a fire in his own thatch with his coat, Gwilym Plumptre, when a wasp came in at the window, would leave his dinner and the room and the house.", "when a wasp came in at the window",
				[3]string{"Plumptre leaves his dinner and flees the room when a wasp comes in.", "A man who faced the Bristol mob runs from a single wasp.", "Mr. Plumptre is to take tea in the arbour under the ripe plum trees on a hot August afternoon."}},
			{"cannot", "Ceridwen Tregenza kept the accounts of the whole farm in her head, to the farthing. She could not read a word, and signed the lease with a cross that her husband's lawyer witnessed with a sneer.", "signed the lease with a cross",
				[3]string{"Ceridwen Tregenza signs her name with a cross, unable to read a word.", "A farmer's wife keeps every farthing of the accounts in her head.", "A letter from the bank arrives for Mrs. Tregenza with no one else at home."}},
			{"cannot", "Log of the cutter Speedwell, ninth of August. Wind south-west, fresh. Mr. Meurig Carthew, mate, excused the middle watch again: since the fever at Sierra Leone he is blind as a mole from sundown to cockcrow, though he sees a sail at noon before any man aboard.", "blind as a mole from sundown to cockcrow",
				[3]string{"Carthew is excused the watch, blind after sundown since his fever at Sierra Leone.", "A mate who can spot a sail at noon is useless after sundown.", "Mr. Carthew must lead the smugglers' boat across the bay on a moonless night."}},
			{"cannot", "Myfanwy Rudkin had not spoken above a whisper since the diphtheria took her voice, the winter her boy died; she rang a little hand-bell for the maid, and her husband put his ear to her lips to learn what she wanted for dinner.", "not spoken above a whisper since the diphtheria",
				[3]string{"Myfanwy Rudkin rings her hand-bell for the maid, her voice gone since the diphtheria.", "A woman who lost her voice to the diphtheria can only whisper.", "Mrs. Rudkin must call for help when the stable catches fire in the night."}},
			{"hidden", "Long after, when she was grown and married, the girl remembered watching from the hayloft as her uncle, Somerled Trounson, prised up the third flagstone from the dairy door and laid the tin box of banknotes beneath it, and how he had stamped the stone down and whistled.", "third flagstone from the dairy door",
				[3]string{"Trounson prises up the third flagstone by the dairy door to get at his tin box.", "A girl lifts a flagstone and finds a tin box of banknotes under it.", "Mr. Trounson's farm is to be sold up by the bailiffs and he must flee by night with whatever money he has."}},
			{"hidden", "The constables looked in the chimney, under the beds, in the well and in the dung heap, and found nothing; for Hypatia Gledhill had sewn the letters into the hem of her riding habit, and she sat watching them search with her hands folded in her lap.", "sewn the letters into the hem",
				[3]string{"Hypatia unpicks the hem of her riding habit to take out the letters.", "Constables search the chimney and the dung heap while a lady sits with folded hands.", "Miss Gledhill is thrown from her horse and carried to the surgeon, who cuts away her clothes."}},
			{"hidden", `"Says he's hid it where no exciseman would think to look," the landlord told his wife that night, "and I believe him. Aloysius Brearley's brandy is all in the belly of the church organ, forty casks' worth in bladders, and the vicar plays over it every Sunday."`, "in the belly of the church organ",
				[3]string{"Brearley draws off brandy from the bladders hid in the belly of the organ.", "The vicar plays a hymn over forty casks' worth of smuggled brandy.", "Mr. Brearley needs a dozen bottles of spirits at once for his daughter's wedding feast."}},
			{"secret", "In the register of St. Olave's, under the year of the great frost, the curious may read that Hosea, son of a spinster of this parish named Sugden, was baptised on the fourth of February, father unknown; and the old clerk will tell them, for a shilling, that the father was the late Duke, whose nose the boy has to the life.", "the father was the late Duke",
				[3]string{"Sugden learns from the old clerk that the late Duke was his father, as the register only hints.", "A curious visitor gives the parish clerk a shilling for the story behind a baptism in the great frost.", "Mr. Sugden is shown the portrait gallery at the castle by the young heir, who remarks on a likeness."}},
			{"secret", "In a pawnbroker's book in Leeds, under the name of Mrs. Gray, are written down every one of the diamonds Zenobia Crabtree is admired for; the stones round her neck are paste, and the true ones paid her husband's gaming debts.", "the stones round her neck are paste",
				[3]string{"Zenobia Crabtree wears paste diamonds, the true ones gone to pay her husband's debts.", "A pawnbroker in Leeds turns the leaves of his book to a lady's diamonds.", "A jeweller at the county ball peers closely at the brooch and ear-rings of Mrs. Crabtree."}},
			{"secret", `Lucasta Murgatroyd wrote it at midnight, read it over, and locked it in her writing desk, and never sent it: "My dear friend, it was I who wrote the anonymous letters that broke off your sister's engagement, and I have been sorry every day for twenty years."`, "I who wrote the anonymous letters",
				[3]string{"Lucasta Murgatroyd confesses she wrote the anonymous letters that broke off the engagement.", "An old maid learns at last whose anonymous letters ended her match twenty years ago.", "Miss Murgatroyd is asked by the vicar's wife to help unmask the author of some poison-pen slanders."}},
			{"place", "Other towns have a market cross; Ravensgarth has a gibbet, kept painted and in good repair by the corporation, and the children are given a holiday every Whitsun to go and look at it.", "kept painted and in good repair by the corporation",
				[3]string{"The corporation of Ravensgarth repaints its gibbet, and the children get their Whitsun holiday to look at it.", "Children on a Whitsun holiday troop out to stare at a freshly painted gibbet.", "A highwayman's widow passes through Ravensgarth on her way to the assizes."}},
			{"place", `"Mardlow, dearest Mother, is not what the Bishop led me to expect. The whole village lives on its rooftops half the winter, for the river comes into every ground floor at the first thaw, and I preach to my flock from a punt."`, "I preach to my flock from a punt",
				[3]string{"In Mardlow the curate preaches from a punt when the river floods every ground floor at the thaw.", "A parson preaches to his flock from a punt while the villagers listen from their rooftops.", "A new doctor rides into Mardlow in the last week of February."}},
			{"object", "Nobody wound the Skirlaugh tellurion. The last man who did, a footman, turned the brass handle once to watch the little earth go round the sun, and was found at the bottom of the stairs next morning with his neck broken; and the family had since believed, in the face of the curate, that the machine counted out the days of whoever set it going.", "counted out the days of whoever set it going",
				[3]string{"No one dares turn the brass handle of the Skirlaugh tellurion since the footman was found at the foot of the stairs.", "A footman turns a brass handle to watch the little earth go round the sun.", "A visiting astronomer begs to see the Skirlaugh tellurion in motion."}},
			{"object", "[Note.] The Garthwaite epergne, a silver centrepiece of seven branches, wants its seventh: it was sawn off in 1745 and melted to pay a Jacobite's passage to France, and the stump is still rough to the finger.", "melted to pay a Jacobite's passage to France",
				[3]string{"The seventh branch of the Garthwaite epergne was sawn off and melted down for a Jacobite's passage.", "A guest runs a finger over the rough stump where a silver branch was sawn off a centrepiece.", "The Garthwaite epergne is set out for the dinner in honour of the Hanoverian general."}},
		},
		recurring: []string{"Popplewell", "Miss Threlfall", "Mr. Shufflebotham", "Lickorish", "Bronwen", "Mr. Bolitho", "Mrs. Hollowbread", "Lachlan", "Eirlys", "Chegwidden",
			"Miss Nancarrow", "Gwilym", "Mrs. Tregenza", "Mr. Carthew", "Myfanwy", "Trounson", "Miss Gledhill", "Aloysius", "Mr. Sugden", "Mrs. Crabtree",
			"Lucasta", "Ravensgarth", "Mardlow", "the Skirlaugh tellurion", "the Garthwaite epergne"},
		chars: rbBlind18Cast(),
		locs:  rbBlind18Places(),
	}
}

// rbBlind18Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind18Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c900", "Eusebius Popplewell", []string{"Eusebius", "Mr. Popplewell", "Popplewell"}, "gentleman of leisure", "A round-faced bachelor of thirty-five with a small income and rooms over the saddler's.",
			[]string{"idle", "good-tempered"}, "Reads the newspapers at the coffee house every morning.", "Has an aunt in Cheltenham."),
		c("c901", "Orpah Threlfall", []string{"Orpah", "Miss Threlfall"}, "spinster", "A thin, eager woman of fifty in rusty brown who lodges with the saddler's widow.",
			[]string{"eager", "talkative"}, "Walks everywhere, in all weathers.", "Collects receipts for cordials."),
		c("c902", "Theophilus Shufflebotham", []string{"Theophilus", "Mr. Shufflebotham", "Shufflebotham"}, "corn factor", "A short, sandy man of forty-five with a loud laugh who deals in corn at the Saturday market.",
			[]string{"musical", "jovial"}, "Sings bass in the choir.", "Keeps a pair of greyhounds."),
		c("c903", "Caradoc Lickorish", []string{"Caradoc", "Mr. Lickorish", "Lickorish"}, "returned traveller", "A brown, wiry young man lately come home from the Continent.",
			[]string{"restless", "amusing"}, "Speaks French.", "Lodges in Bridge Row."),
		c("c904", "Bronwen Gazeley", []string{"Bronwen", "Miss Gazeley"}, "dressmaker", "A dark, composed Welshwoman of thirty-two who makes gowns for the manufacturers' daughters.",
			[]string{"composed", "proud"}, "Is poor.", "Lives with her invalid brother."),
		c("c905", "Idris Bolitho", []string{"Idris", "Mr. Bolitho", "Bolitho"}, "young squire", "A handsome, careless young man who came into his father's land last year.",
			[]string{"reckless", "generous"}, "Breeds pointers.", "Is engaged to the vicar's daughter."),
		c("c906", "Apphia Hollowbread", []string{"Apphia", "Mrs. Hollowbread"}, "widow", "A small, upright widow of sixty in a clean white cap.",
			[]string{"upright", "cheerful"}, "Keeps a canary.", "Goes to church twice on Sundays."),
		c("c907", "Lachlan Muscroft", []string{"Lachlan", "Muscroft"}, "weaver", "A tall, raw-boned young hand-loom weaver out of work since the mills came.",
			[]string{"proud", "stubborn"}, "Reads Cobbett.", "Supports two young sisters."),
		c("c908", "Eirlys Holdsworth", []string{"Eirlys", "Miss Holdsworth"}, "needlewoman", "A handsome, weary woman of thirty-four, the best needlewoman in the parish.",
			[]string{"patient", "dry"}, "Makes her own soap.", "Has a brother in the excise."),
		c("c909", "Emrys Chegwidden", []string{"Emrys", "Mr. Chegwidden", "Chegwidden"}, "retired boatswain", "A leathery old man with a pigtail and a tarred hat who keeps the ferry-house garden.",
			[]string{"boastful", "cheerful"}, "Tells long stories in the taproom.", "Carves model ships."),
		c("c910", "Gwenfron Nancarrow", []string{"Gwenfron", "Miss Nancarrow"}, "governess", "A quiet, pale governess of thirty-three with the Vaughan children at the Hall.",
			[]string{"quiet", "clever"}, "Reads Italian.", "Sends half her wages to her mother."),
		c("c911", "Gwilym Plumptre", []string{"Gwilym", "Mr. Plumptre", "Plumptre"}, "surgeon", "A broad, steady surgeon of fifty with big gentle hands.",
			[]string{"steady", "brave"}, "Rides a cob on his rounds.", "Is a widower."),
		c("c912", "Ceridwen Tregenza", []string{"Ceridwen", "Mrs. Tregenza"}, "farmer's wife", "A strong, sunburnt woman of forty who runs the farm while her husband drinks.",
			[]string{"shrewd", "hard-working"}, "Sells butter at the Wednesday market.", "Has three daughters."),
		c("c913", "Meurig Carthew", []string{"Meurig", "Mr. Carthew", "Carthew"}, "mate of a revenue cutter", "A spare, quick young seaman of twenty-eight with a scar on his chin.",
			[]string{"quick", "loyal"}, "Was born in Falmouth.", "Is saving to marry."),
		c("c914", "Myfanwy Rudkin", []string{"Myfanwy", "Mrs. Rudkin"}, "tanner's wife", "A slight, grave woman of forty married to the master tanner.",
			[]string{"grave", "kind"}, "Embroiders altar cloths.", "Keeps bees."),
		c("c915", "Somerled Trounson", []string{"Somerled", "Mr. Trounson", "Trounson"}, "grazier", "A heavy, slow-spoken grazier of sixty who rents the river meadows.",
			[]string{"slow", "churchgoing"}, "Drinks alone at the Plough.", "Quarrels with his landlord."),
		c("c916", "Hypatia Gledhill", []string{"Hypatia", "Miss Gledhill"}, "squire's daughter", "A cool, fair young lady of twenty-two, much admired and little understood.",
			[]string{"cool", "daring"}, "Hunts with the county.", "Sketches ruins."),
		c("c917", "Aloysius Brearley", []string{"Aloysius", "Mr. Brearley", "Brearley"}, "churchwarden", "A smooth, fat churchwarden of fifty-five who keeps the general shop.",
			[]string{"smooth", "genial"}, "Is on good terms with everybody.", "Has one daughter."),
		c("c918", "Hosea Sugden", []string{"Hosea", "Mr. Sugden", "Sugden"}, "attorney's clerk", "A tall, dark-haired young clerk of twenty-four with a quick pen.",
			[]string{"ambitious", "proud"}, "Copies deeds at night for extra pay.", "Lives with his mother."),
		c("c919", "Zenobia Crabtree", []string{"Zenobia", "Mrs. Crabtree"}, "banker's wife", "A tall, splendid woman of thirty-eight who leads the fashion of the town.",
			[]string{"splendid", "gracious"}, "Gives card parties every Thursday.", "Has two sons at school."),
		c("c920", "Lucasta Murgatroyd", []string{"Lucasta", "Miss Murgatroyd"}, "spinster", "A neat, pious spinster of forty-five who visits the poor with a basket.",
			[]string{"neat", "pious"}, "Grows violets.", "Teaches the girls' Sunday school."),
	}
}

// rbBlind18Places are the set's places and objects.
func rbBlind18Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l700", "Ravensgarth", nil, "market town", "A grey stone market town on a hill in the north riding.", "It has a grammar school."),
		l("l701", "Mardlow", nil, "village", "A fenland village on a slow river, four miles from the nearest road.", "Its church has a round tower."),
		l("l702", "The Skirlaugh tellurion", []string{"the Skirlaugh tellurion"}, "tellurion", "An old tellurion in the library at Skirlaugh.", "It was made in London."),
		l("l703", "The Garthwaite epergne", []string{"the Garthwaite epergne"}, "epergne", "A great silver epergne in the dining room at Garthwaite.", "It was made in Newcastle."),
	}
}
