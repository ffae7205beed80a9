package writer

import "github.com/storyd/storyd/project"

// The tenth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes10", without reading recall/, index/,
// docs/RECALL.md or any helper's notes: 25 facts and their 75 probes, with
// people, places, objects and facts found in no other set. It is blind:
// nothing in recall/ or index/ was changed with it in view, and once its
// misses are used to change the ranking it is no longer a blind measure and
// a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind10 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists, three of each and
// two places and two objects, planted as a novelist would plant them: a
// godmother's letter, an ostler's warning, a governess writing ahead, a
// wife listing her husband's failings, a boatman on the sands, an organist
// lowering his voice, a whisper to a sister, a traveller's things listed
// one by one; a subordinate clause first ("Although ...", "When ...",
// "Before ..."), a dialogue tag in mid-sentence, a fact over two sentences,
// passives ("It was observed by the surgeon ...", "had been sewn ..."),
// negations ("Nothing grows ...", "was not dead", "can't read"),
// possessives, and a long sentence whose fact comes last. Three owners are
// people of the corpus and one its place (Caroline, Maria, Captain Carter,
// Ramsgate), whose names the corpus repeats.
func rbBlind10() rbSet {
	return rbSet{
		name: "blind10",
		facts: []rbFact{
			{"trait", "It amused her brother's friends that Caroline could name the tailor of any coat in the room by the cut of its buttonholes, and she was seldom wrong.", "by the cut of its buttonholes",
				[3]string{"Caroline names the tailor of a gentleman's coat from its buttonholes.", "A lady peers at the buttonholes of a stranger's coat and says who made it.", "Caroline gives a dinner for the officers of the militia."}},
			{"trait", "Although he owned half the parish, Hilary Gathercole walked everywhere in the rain without a hat, saying that weather was good for the brain and umbrellas were for Frenchmen.", "umbrellas were for Frenchmen",
				[3]string{"Gathercole walks bareheaded in the rain and scorns the curate's umbrella.", "A gentleman without a hat strides through a downpour past a man under an umbrella.", "Mr. Gathercole is caught in a storm on his way to church."}},
			{"trait", `"You will know Hephzibah Wych by her humming," said the organist, lowering his voice; "she hums through every sermon, the same hymn each Sunday, and the vicar has twice stopped to stare at her."`, "hums through every sermon",
				[3]string{"Hephzibah hums the same hymn through the sermon until the vicar stops to stare.", "Someone in the pews hums a hymn all through the parson's sermon.", "Miss Wych is seated beside the bishop's wife at church."}},
			{"possession", "A little silver-mounted spyglass, once an admiral's, had been given to Maria by her father on her fifteenth birthday, and she carried it on every walk to watch the herons.", "silver-mounted spyglass",
				[3]string{"Maria watches the herons through her silver spyglass.", "A small spyglass with silver mounts is left on a bench by the lake.", "Maria loses something dear to her during a visit to town."}},
			{"possession", "Among the things Amyas Trevanion would not travel without, his razors, his Horace and a tin of comfits, the dearest was a walking cane of narwhal ivory with its handle carved as a hare.", "handle carved as a hare",
				[3]string{"Trevanion leans on his narwhal ivory cane with the hare on its handle.", "A cane with a little carved hare for its head stands in the hall.", "Mr. Trevanion is set upon by footpads in a dark street."}},
			{"possession", `"That grey mare in the end stall is Mrs. Ockenden's," the ostler told him, "and she's blind in her left eye, so speak before you go near her."`, "blind in her left eye",
				[3]string{"Mrs. Ockenden rides out on her grey mare, the one blind in the left eye.", "A grey mare with one blind eye shies in a stable yard.", "Mrs. Ockenden must reach her sister's house before nightfall."}},
			{"promise", "Captain Carter had given his word to the dying sergeant that he would carry the man's medal home to his mother in Carlisle himself, and not trust it to the post.", "carry the man's medal home to his mother",
				[3]string{"Carter carries the dead sergeant's medal home to his mother in Carlisle.", "A soldier's medal is delivered by hand to an old woman in Carlisle.", "Captain Carter is granted leave from his regiment in the spring."}},
			{"promise", "My dear boy, I hereby promise, and you may show this to your father, that when you are twelve I shall teach you to sail the cutter myself. Your affectionate godmother, Theodosia Rokeby.", "teach you to sail the cutter",
				[3]string{"Theodosia keeps her promise and teaches her godson to sail the cutter.", "A boy of twelve takes the tiller of a small cutter for the first time.", "Mrs. Rokeby's godson has his birthday at the end of May."}},
			{"promise", "Aubrey Bellasis swore it on his mother's grave. If the bank broke, he would repay every depositor out of his own pocket, down to the last farthing.", "repay every depositor out of his own pocket",
				[3]string{"The bank breaks, and Bellasis repays every depositor to the last farthing.", "Small savers queue at a counter and are paid back down to the last farthing.", "Mr. Bellasis reads alarming news from London in the morning paper."}},
			{"fear", "Morwenna Pellow had not ridden since the accident that broke her father's neck, and the mere sound of hooves behind her on the lane turned her white.", "sound of hooves behind her",
				[3]string{"Morwenna turns white at the sound of hooves on the lane behind her.", "A woman on a country lane goes pale at the sound of a horse coming up behind.", "Miss Pellow is invited to join the hunt."}},
			{"fear", "It was observed by the surgeon, and afterwards by the whole ship, that Sebastian Garroway was terrified of cats; a tabby in the wardroom had once sent him up the rigging in his nightshirt.", "sent him up the rigging in his nightshirt",
				[3]string{"A tabby in the wardroom sends Garroway up the rigging.", "A naval officer in his nightshirt scrambles up the rigging away from a cat.", "Mr. Garroway is quartered in a farmhouse full of animals."}},
			{"fear", "Her governess wrote to the new household in warning: since the night she was shut in the ice-house as a child, Cordelia Hartopp has been unable to bear a locked door, and she must be allowed to sleep with hers ajar.", "shut in the ice-house as a child",
				[3]string{"Cordelia panics at a locked door, as she did when shut in the ice-house.", "A small girl hammers on the door of an ice-house from inside.", "Miss Hartopp is given the tower bedroom at the castle."}},
			{"cannot", "His wife listed his failings cheerfully to anyone who asked: Benedict Dimsdale could not carve a joint, could not tie his own cravat, and could not tell a jig from a psalm.", "tell a jig from a psalm",
				[3]string{"Dimsdale cannot tell the jig from the psalm the band is playing.", "A man taps his foot to a psalm as though it were a dance tune.", "Mr. Dimsdale is made steward of the music at the assembly ball."}},
			{"cannot", "For all her learning, her Latin and her Greek and the mathematics she had taught herself out of her father's library, Blanche Blennerhassett could not add up a grocer's bill without getting it wrong.", "could not add up a grocer's bill",
				[3]string{"Blanche gets the grocer's bill wrong when she adds it up.", "A grocer's reckoning is totted up three times and comes out differently each time.", "Miss Blennerhassett is left to keep the household accounts while her aunt is away."}},
			{"cannot", "Ask anyone at the Bell: Jonas Pocklington can't read. He holds the newspaper up every morning and turns the pages at the proper speed, but he has never read a word of it.", "turns the pages at the proper speed",
				[3]string{"Pocklington turns the pages of the newspaper at the proper speed without reading it.", "A man turns the pages of a newspaper he holds upside down.", "Mr. Pocklington receives a letter from his lawyer."}},
			{"hidden", "The deeds to the mill had been sewn into the lining of Grizel Macquarrie's riding habit, and there they stayed through two lawsuits and a fire.", "sewn into the lining of",
				[3]string{"Grizel unpicks the lining of her riding habit to take out the mill deeds.", "Papers crackle inside the lining of an old riding habit.", "Mrs. Macquarrie's cousin claims her inheritance in court."}},
			{"hidden", "When the excise men searched the Wheatsheaf they found nothing, for Ezekiel Pengelly kept the brandy in the font of the ruined chapel, under a board painted to look like stone.", "board painted to look like stone",
				[3]string{"Pengelly lifts the painted board in the chapel font to reach the brandy.", "A plank painted grey like stone covers the hollow of an old font.", "Mr. Pengelly is watched by a new riding officer."}},
			{"hidden", `"The ring? It's behind the loose brick in the dairy, third row up, where no one will think to look," whispered Kezia Moxhay to her sister, and put a finger to her lips.`, "loose brick in the dairy",
				[3]string{"Kezia works a loose brick out of the dairy wall and takes out the ring.", "A brick comes out of a dairy wall and something glints behind it.", "Miss Moxhay's betrothal is broken off by her father."}},
			{"secret", "Only the midwife knew, and she took it to her grave, that Valentine Skipwith was not the elder twin at all: the babies had been changed in their cradles the night of the christening.", "changed in their cradles",
				[3]string{"Skipwith learns he was changed in his cradle and is not the elder twin.", "Two babies are swapped between cradles on the night of a christening.", "Valentine Skipwith comes into his estate on his twenty-first birthday."}},
			{"secret", "Before he took orders, the Reverend Thurstan Wintringham had fought bare-knuckle at country fairs under the name of the Deptford Lamb, and his congregation had no idea of it.", "under the name of the Deptford Lamb",
				[3]string{"Wintringham is recognised as the Deptford Lamb who fought bare-knuckle at the fairs.", "An old prize-fighter swears he once lost to a man called the Deptford Lamb.", "Mr. Wintringham's parishioners present him with a silver inkstand."}},
			{"secret", "Clarissa Iddesleigh's first husband was not dead, whatever the parish believed; he was alive in a debtors' prison at Boulogne, and she sent him five pounds every quarter day.", "prison at Boulogne",
				[3]string{"Clarissa sends five pounds to her first husband, a debtor shut up in Boulogne.", "A man writes from a debtors' prison across the Channel to beg for money.", "Mrs. Iddesleigh accepts an offer of marriage from the squire."}},
			{"place", "At Ramsgate, said the boatman, the sands shift so after a gale that a man may walk out dry at low water on Monday and drown in the same spot on Tuesday.", "walk out dry at low water",
				[3]string{"A man who walked out dry at low water is drowned on the shifting sands at Ramsgate.", "Sands that were firm yesterday swallow a cart after a gale.", "A family takes lodgings at Ramsgate for the summer bathing."}},
			{"place", "Nothing grows in Skelderby churchyard but nettles: the soil there is so full of lime from the old kilns that the curate's roses died in a week.", "full of lime from the old kilns",
				[3]string{"The curate's roses die in Skelderby churchyard, where the soil is full of lime.", "Roses wither within a week in ground poisoned by old lime kilns.", "A funeral procession winds up the hill to Skelderby."}},
			{"object", "The Hallingbury clock in the market hall struck thirteen at noon, and had done so since 1760; the town refused every offer to mend it, being proud of the extra stroke.", "struck thirteen at noon",
				[3]string{"The Hallingbury clock strikes thirteen at noon and the town counts the strokes.", "The bell over a market hall strikes one stroke too many at midday.", "The Hallingbury clock is wound on Saturday by the beadle."}},
			{"object", "Of the Wolverstone chalice it is enough to say that it was pawned twice by the last abbot, and that the crack down its stem was mended with a band of gold by a goldsmith of Antwerp.", "mended with a band of gold",
				[3]string{"The crack in the stem of the Wolverstone chalice shows under its band of gold.", "A cracked silver cup held together by a gold band is brought to the altar.", "The Wolverstone chalice is sent to London to be valued."}},
		},
		recurring: []string{"Caroline", "Gathercole", "Hephzibah", "Maria", "Mr. Trevanion", "Mrs. Ockenden", "Captain Carter", "Theodosia", "Bellasis",
			"Morwenna", "Garroway", "Cordelia", "Dimsdale", "Blanche", "Pocklington", "Grizel", "Pengelly", "Kezia", "Valentine Skipwith",
			"Wintringham", "Mrs. Iddesleigh", "Ramsgate", "Skelderby", "the Hallingbury clock", "the Wolverstone chalice"},
		chars: rbBlind10Cast(),
		locs:  rbBlind10Places(),
	}
}

// rbBlind10Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind10Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c220", "Caroline", nil, "rich man's sister", "An elegant, sharp-tongued young woman who keeps house for her brother.",
			[]string{"elegant", "scornful"}, "Has twenty thousand pounds.", "Writes a very neat hand."),
		c("c221", "Hilary Gathercole", []string{"Hilary", "Mr. Gathercole"}, "landowner", "A tall, weather-beaten squire with a loud laugh and few books.",
			[]string{"obstinate", "hearty"}, "Breeds shorthorn cattle.", "Sits as a magistrate."),
		c("c222", "Hephzibah Wych", []string{"Hephzibah", "Miss Wych"}, "spinster", "A small, bright-eyed spinster who lives with a parrot above the draper's.",
			[]string{"absent-minded", "cheerful"}, "Takes in plain sewing.", "Was once engaged to a sailor."),
		c("c223", "Maria", nil, "knight's daughter", "A good-humoured, empty-headed girl of fifteen, the younger daughter of a country knight.",
			[]string{"good-humoured", "timid"}, "Has never been further from home than the market town.", "Is frightened of great houses."),
		c("c224", "Amyas Trevanion", []string{"Amyas", "Mr. Trevanion"}, "traveller", "A dandified Cornish gentleman lately back from a tour of Italy.",
			[]string{"vain", "witty"}, "Collects snuff.", "Owes money to three tailors."),
		c("c225", "Sabine Ockenden", []string{"Sabine", "Mrs. Ockenden"}, "doctor's widow", "A brisk widow who rides about the parish nursing the sick.",
			[]string{"brisk", "capable"}, "Makes her own physic.", "Has a son at sea."),
		c("c226", "Captain Carter", []string{"Carter"}, "militia officer", "A good-looking captain of the militia quartered in the town for the winter.",
			[]string{"gallant", "easy"}, "Dances every dance at the assemblies.", "Dines with the colonel twice a week."),
		c("c227", "Theodosia Rokeby", []string{"Theodosia", "Mrs. Rokeby"}, "admiral's widow", "A weather-browned widow who lives in a house overlooking the harbour.",
			[]string{"salty", "fond"}, "Keeps a telescope in the window.", "Has no children of her own."),
		c("c228", "Aubrey Bellasis", []string{"Aubrey", "Mr. Bellasis"}, "banker", "A young country banker, newly in charge of his late father's bank.",
			[]string{"earnest", "proud"}, "Rides a hired hack.", "Engaged to a clergyman's daughter."),
		c("c229", "Morwenna Pellow", []string{"Morwenna", "Miss Pellow"}, "orphan", "A pale, quiet orphan who lives with her uncle at the tannery.",
			[]string{"quiet", "watchful"}, "Draws birds.", "Walks to church alone."),
		c("c230", "Sebastian Garroway", []string{"Sebastian", "Mr. Garroway"}, "naval lieutenant", "A bluff lieutenant on half-pay, lately of a frigate in the Mediterranean.",
			[]string{"bluff", "brave"}, "Lost two fingers at Copenhagen.", "Plays backgammon."),
		c("c231", "Cordelia Hartopp", []string{"Cordelia", "Miss Hartopp"}, "ward", "A nervous, pretty ward of seventeen sent to live with distant cousins.",
			[]string{"nervous", "pretty"}, "Sings well.", "Her guardian is in India."),
		c("c232", "Benedict Dimsdale", []string{"Benedict", "Mr. Dimsdale"}, "gentleman", "A kindly, clumsy gentleman of fifty with a clever wife.",
			[]string{"kindly", "clumsy"}, "Keeps a pack of beagles.", "Has six daughters."),
		c("c233", "Blanche Blennerhassett", []string{"Blanche", "Miss Blennerhassett"}, "scholar's daughter", "A learned, short-sighted young woman who reads in the window seat all day.",
			[]string{"learned", "dreamy"}, "Corresponds with a professor at Cambridge.", "Wears spectacles."),
		c("c234", "Jonas Pocklington", []string{"Jonas", "Mr. Pocklington"}, "corn dealer", "A prosperous corn dealer who has risen from a drover's boy.",
			[]string{"shrewd", "proud"}, "Owns two granaries.", "Sits on the vestry."),
		c("c235", "Grizel Macquarrie", []string{"Grizel", "Mrs. Macquarrie"}, "mill owner", "A hard Scotswoman who runs her late husband's paper mill.",
			[]string{"hard", "thrifty"}, "Rides to market every Thursday.", "Distrusts lawyers."),
		c("c236", "Ezekiel Pengelly", []string{"Ezekiel", "Mr. Pengelly"}, "fisherman", "A sly old fisherman with a cottage on the cliff and a boat in every cove.",
			[]string{"sly", "merry"}, "Sings in the chapel choir.", "Has seven grandchildren."),
		c("c237", "Kezia Moxhay", []string{"Kezia", "Miss Moxhay"}, "farmer's daughter", "A rosy, secretive girl who keeps the dairy at her father's farm.",
			[]string{"secretive", "warm"}, "Makes the best butter in the valley.", "Has an elder sister in service."),
		c("c238", "Valentine Skipwith", []string{"Valentine", "Mr. Skipwith"}, "heir", "A fair, careless young man, heir to a large estate in the north.",
			[]string{"careless", "charming"}, "Has a twin brother.", "Studies at Oxford."),
		c("c239", "Thurstan Wintringham", []string{"Thurstan", "Mr. Wintringham"}, "rector", "A broad-shouldered rector with a broken nose and a gentle voice.",
			[]string{"gentle", "strong"}, "Keeps bees.", "Married late."),
		c("c240", "Clarissa Iddesleigh", []string{"Clarissa", "Mrs. Iddesleigh"}, "supposed widow", "A handsome, reserved woman who let the town believe her a widow.",
			[]string{"reserved", "handsome"}, "Takes in lodgers.", "Wears grey."),
	}
}

// rbBlind10Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind10Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l90", "Ramsgate", nil, "seaside town", "A small seaside town on the coast of Kent, with a harbour and bathing machines.", "Visited by families from London in summer."),
		l("l91", "Skelderby", nil, "village", "A grey quarry village on a limestone hill.", "Its church has a squat tower."),
		l("l92", "The Hallingbury clock", []string{"the Hallingbury clock"}, "clock", "A great clock over the market hall at Hallingbury.", "Its face is painted blue."),
		l("l93", "The Wolverstone chalice", []string{"the Wolverstone chalice"}, "chalice", "An old silver chalice kept in the vestry at Wolverstone.", "Used only at Easter."),
	}
}
