package writer

import "github.com/storyd/storyd/project"

// The thirteenth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes13", without reading recall/, index/,
// docs/RECALL.md, the recall helpers' notes or the fourteenth set: 25 facts
// and their 75 probes, with people, places, objects and facts found in no
// other set and no name found in the corpus. It is blind: nothing in recall/
// or index/ was changed with it in view, and once its misses are used to
// change the ranking it is no longer a blind measure and a new set is needed
// for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind13 -recall.scenes 30,300,1000
//
// Same rules as rbFacts, as the issue words them this session: each fact
// is stated once, in the prose of one early scene (no sheet pins it, no
// summary holds it); no plan quotes its key; a words probe shares at least
// two content words with its plant beyond the names; a partial probe does
// not name the owner and shares at least one distinctive word with the
// plant (no name, no word common all over the corpus), worded otherwise
// differently; an entity probe names the owner and shares no content word
// with the plant beyond the name, and a careful reader of the book could
// answer it from the planted sentence. The facts cover the kinds the issue
// lists, three of each, and two places and two objects, planted as a
// novelist would plant them: a housekeeper warning a footman, an aunt
// whispering to a stranger, a curate's wife's advice, a husband laughing
// at his wife, an old nurse's deathbed confession, a brother explaining to
// a gamekeeper, a vow made in a letter, a promise in dialogue; a relative
// clause holding the fact ("which visitors took at first for ..."), a
// passive ("had been sewn by ..."), a pronoun subject ("She called herself
// a widow, ..."), a fact over two sentences, negations ("could not swim a
// stroke", "never learned his letters"), a list, and long sentences whose
// fact sits in the middle.
func rbBlind13() rbSet {
	return rbSet{
		name: "blind13",
		facts: []rbFact{
			{"trait", `"You will find that every clock in the house agrees with his watch," the housekeeper warned the new footman. "Mr. Kettlewell cannot pass one without stopping to set it, and if the church clock is a minute out he writes to the vicar."`, "cannot pass one without stopping to set it",
				[3]string{"Kettlewell stops in the hall to set the clock by his own watch.", "A new footman is told that every clock must agree with the master's watch.", "Mr. Kettlewell stays a night at an inn where the timepieces are all at odds."}},
			{"trait", "Evadne Pickersgill came late to the assembly, and as she moved down the room, bowing to this one and that, her aunt whispered to the stranger beside her that the girl had not forgotten a face since she was in the nursery, and could put a name to a chimney sweep she had passed once in the Strand.", "put a name to a chimney sweep",
				[3]string{"Evadne has not forgotten a single face since the nursery.", "A young lady knows at once a sweep she glimpsed years ago in the Strand.", "Miss Pickersgill is presented to a gentleman who claims they have not been acquainted before."}},
			{"trait", `"Whatever you do, don't admire anything of Tancred Mellor's," the curate's wife told her sister. "He will make you a present of it on the spot. Last winter a visitor said a kind word about his bay mare, and rode home on her."`, "make you a present of it on the spot",
				[3]string{"Mellor makes a visitor a present of the bay mare she said a kind word about.", "A caller who praised a bay mare rides home on it.", "A lady at dinner praises Mr. Mellor's snuffbox."}},
			{"possession", "Among the things Sempronia Braithwaite brought back from Oporto was a grey parrot that swore in Portuguese, which she kept in the morning room and covered with a shawl whenever the rector called.", "a grey parrot that swore in Portuguese",
				[3]string{"Sempronia covers her grey parrot with a shawl as the rector calls.", "A bird in a cage curses the company in Portuguese.", "Mrs. Braithwaite is visited by the bishop, who is known to be strict."}},
			{"possession", "The inkstand on Isidore Winterbottom's desk, which visitors took at first for a carved coconut, was the polished skull of a highwayman his grandfather had hanged at the Lent assizes.", "polished skull of a highwayman",
				[3]string{"Winterbottom dips his pen in the polished skull on his desk that visitors take for a coconut.", "A lawyer's clerk realises the inkstand he is using was once a human head.", "Mr. Winterbottom's new secretary is shown the study on the morning he arrives."}},
			{"possession", "Nerissa Postlethwaite rowed herself out every fine morning. The boat was hers and no one else's, a narrow scarlet skiff named the Sandpiper, and she kept the key of the boathouse on her watch chain.", "narrow scarlet skiff named the Sandpiper",
				[3]string{"Nerissa rows out in her scarlet skiff, the Sandpiper, from the boathouse.", "A scarlet boat is found drifting in the middle of the lake.", "Miss Postlethwaite wishes to cross the lake to the island before dinner."}},
			{"promise", "The letter was found after the funeral, and Quentin Tattersall read his brother's last request that night and wrote at once to the lawyer that he would pay the boy's way through Leyden, though it beggared him.", "pay the boy's way through Leyden",
				[3]string{"Tattersall pays his nephew's way through Leyden as he wrote to the lawyer.", "A young man goes to study at Leyden at his uncle's expense.", "Mr. Tattersall's fortune is lost when his bank fails."}},
			{"promise", `"I give you my word," Melisande Oldroyd told the schoolmaster, "that while I have a roof, the children of this parish will have a school under it."`, "children of this parish will have a school under it",
				[3]string{"Melisande keeps the parish school under her own roof, as she gave the schoolmaster her word.", "The schoolmaster carries the children's benches into a lady's drawing room.", "Miss Oldroyd hears that the squire means to close the dame's classroom in the village."}},
			{"promise", "Eustace Ackroyd had once gone up in a balloon from Ranelagh and come down in a turnip field, and he had sworn to his wife, who nursed his broken collarbone, that he would never leave the ground again.", "would never leave the ground again",
				[3]string{"Ackroyd is tempted to leave the ground again in a balloon, despite what he swore to his wife.", "A balloon from Ranelagh comes down among the turnips.", "Mr. Ackroyd is offered a seat in an aeronaut's basket at the fair."}},
			{"fear", "Amity Nuttall would go a mile round by the road rather than cross a field with cows in it; she had been chased by a bull at Martinmas when she was seven, and she never forgot it.", "chased by a bull at Martinmas",
				[3]string{"Amity goes a mile round by the road to keep out of a field with cows in it.", "A small girl runs screaming from a bull at Martinmas.", "Miss Nuttall must reach the church, and the shortest path lies through the dairy farm's pasture."}},
			{"fear", "It was well known in Penzance that Alaric Penhaligon had left orders for a bell to be hung over his coffin, with its rope running down through the lid into his hand, for there was nothing under heaven he dreaded so much as waking in the grave.", "rope running down through the lid",
				[3]string{"Penhaligon orders a bell over his coffin with its rope in his hand.", "The sexton finds a rope that runs from a bell into a coffin.", "Mr. Penhaligon falls into a deathlike swoon and the undertaker is sent for."}},
			{"fear", "Her brother explained to the gamekeeper that Jocasta Lightowler had been bitten by a mastiff as a girl, and that the sound of barking still set her trembling, which was why the kennels had been moved to the far side of the park.", "bitten by a mastiff as a girl",
				[3]string{"Jocasta trembles at the barking from the kennels on the far side of the park.", "A mastiff flies at a child and sinks its teeth in her arm.", "Miss Lightowler is asked to walk with the squire's hounds around the estate."}},
			{"cannot", "Ulric Pogson, for all his years before the mast, could not swim a stroke, and said so cheerfully: a sailor who could swim, he said, only drowned slower.", "could not swim a stroke",
				[3]string{"Pogson, an old sailor, cannot swim a single stroke.", "An old hand from before the mast falls overboard and sinks.", "Mr. Pogson's boat overturns in the middle of the river."}},
			{"cannot", "Fabian Illingworth had made a fortune in wool and never learned his letters; his daughter read him his contracts aloud, and he put his mark at the foot of them, a crooked cross, with a flourish.", "never learned his letters",
				[3]string{"Illingworth's daughter reads the wool contracts aloud while he puts his mark to them.", "A rich merchant signs a deed with a crooked cross.", "Mr. Illingworth is handed a note at the Exchange and asked for an immediate reply."}},
			{"cannot", `"Demelza never knows when the milk has turned," her husband said, laughing, "for a fever took her sense of smell the winter we married, and she would sit happy beside a dead rat."`, "a fever took her sense of smell",
				[3]string{"Demelza cannot tell that the milk has turned, having lost her sense of smell to a fever.", "A woman sews calmly in a kitchen where a rat lies rotting under the dresser.", "Mrs. Chenoweth is the last in the house to notice that a chimney is on fire."}},
			{"hidden", "Malachi Roskilly, the sexton, kept the smuggled lace in the hollow base of the pulpit, and every Sunday the rector preached over forty yards of Brussels point without knowing it.", "hollow base of the pulpit",
				[3]string{"Roskilly takes the smuggled lace out of the pulpit's hollow base.", "A clergyman preaches above a hoard of Brussels lace.", "The excisemen come to search Mr. Roskilly's cottage for contraband."}},
			{"hidden", "No one in the house knew of the letters. They had been sewn by Olympia Varley into the hem of her grey riding habit, every one of them, and she rode out with them on her each morning.", "into the hem of her grey riding habit",
				[3]string{"Olympia unpicks the hem of her riding habit where the letters are sewn.", "A maid mending a habit feels paper crackle in its hem.", "Mrs. Varley's husband demands to see her private correspondence."}},
			{"hidden", "Jabez Ramsbottom, the organist, tore out the page of the register that recorded his sister's marriage and folded it into the bellows of the organ, where it wheezed under every psalm for thirty years.", "folded it into the bellows of the organ",
				[3]string{"Ramsbottom takes the torn register page back out of the organ's bellows.", "A tuner opens a wheezing organ and finds a paper inside.", "Mr. Ramsbottom is asked by a lawyer whether a certain wedding ever took place in his church."}},
			{"secret", "Nobody guessed that quiet Fenella Satterthwaite, who sat sewing at the back of every party, was the author of The Abbess of Ravenscar, and that she took her villains from the company in the room.", "the author of The Abbess of Ravenscar",
				[3]string{"Fenella is found out as the author who takes her villains from the company at parties.", "A reader of The Abbess of Ravenscar sees a neighbour in its villain.", "Miss Satterthwaite's neighbours quarrel over who is the model for a wicked baronet in a new novel."}},
			{"secret", "On her deathbed his old nurse told the curate what she had kept for forty years: Nicodemus Hollingworth, the churchwarden, had served seven years in Van Diemen's Land for sheep-stealing, and had come home under another man's name.", "served seven years in Van Diemen's Land",
				[3]string{"Hollingworth's seven years in Van Diemen's Land for sheep-stealing come out.", "A returned convict from Van Diemen's Land sits among the churchwardens.", "Mr. Hollingworth is chosen to sit on the jury at the county assizes."}},
			{"secret", "She called herself a widow, and the whole of Cheltenham believed it, but Eglantine Uttley's husband was alive and well and keeping a gaming house in Ostend, and she sent him twenty pounds every quarter to stay there.", "keeping a gaming house in Ostend",
				[3]string{"Eglantine sends her husband in Ostend his twenty pounds for the quarter.", "A man who runs a gaming house in Ostend gets a letter from Cheltenham.", "Mrs. Uttley accepts a proposal of marriage from a rich clergyman."}},
			{"place", "At Thrushcombe, the carrier told them, the church stands on the far side of the ford, and the dead are carried across on the shoulders of men wading to the waist, for no cart has crossed there since the bridge fell.", "carried across on the shoulders of men wading",
				[3]string{"Mourners at Thrushcombe wade the ford to the church with the dead on their shoulders.", "Bearers wade waist-deep through a ford with a bier.", "The Thrushcombe squire's funeral is fixed for the week the rains swell every stream."}},
			{"place", "By an old charter the market at Quernby was held at night, by torchlight, from dusk until the first cock crowed, and the farmers' wives walked home at dawn with their baskets empty.", "held at night, by torchlight",
				[3]string{"Traders at Quernby set out their stalls by torchlight for the night market.", "Farmers sell their geese by torchlight until cockcrow.", "A stranger arrives in Quernby at noon meaning to buy a horse."}},
			{"object", "The Carnsew chalice was cut from a single piece of rock crystal, and held to a candle it showed a tiny flaw in the shape of a kneeling monk.", "flaw in the shape of a kneeling monk",
				[3]string{"The Carnsew chalice, cut from rock crystal, is held up to a candle.", "A cup of rock crystal held to the light shows a kneeling figure inside.", "The Carnsew chalice is carried in procession at the Easter service."}},
			{"object", "The Yardley harp had one string that no one could tune, and it was said to sound by itself on the night before a death in the family.", "sound by itself on the night before a death",
				[3]string{"A string of the Yardley harp sounds by itself in the night.", "An instrument's string that nobody can tune hums of its own accord.", "The Yardley harp stands in the gallery while the old lord lies gravely ill upstairs."}},
		},
		recurring: []string{"Mr. Kettlewell", "Evadne", "Mellor", "Mrs. Braithwaite", "Winterbottom", "Nerissa", "Tattersall", "Miss Oldroyd", "Ackroyd",
			"Amity", "Penhaligon", "Jocasta", "Mr. Pogson", "Illingworth", "Demelza", "Roskilly", "Olympia", "Mr. Ramsbottom", "Fenella",
			"Hollingworth", "Mrs. Uttley", "Thrushcombe", "Quernby", "the Carnsew chalice", "the Yardley harp"},
		chars: rbBlind13Cast(),
		locs:  rbBlind13Places(),
	}
}

// rbBlind13Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind13Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c400", "Octavius Kettlewell", []string{"Octavius", "Mr. Kettlewell"}, "retired attorney", "A neat, small, precise old gentleman with a silver-topped cane.",
			[]string{"courteous", "talkative"}, "Lives in the square by the market cross.", "Keeps a spaniel named Pompey."),
		c("c401", "Evadne Pickersgill", []string{"Evadne", "Miss Pickersgill"}, "ward", "A slight, lively girl of eighteen who lives with her aunt in Queen Square.",
			[]string{"lively", "sociable"}, "Plays the pianoforte badly.", "Has two brothers at sea."),
		c("c402", "Tancred Mellor", []string{"Tancred", "Mr. Mellor", "Mellor"}, "squire", "A large, fair, easy-going squire of fifty with a red waistcoat.",
			[]string{"hearty", "easy-going"}, "Hunts three days a week.", "Is a widower with no children."),
		c("c403", "Sempronia Braithwaite", []string{"Sempronia", "Mrs. Braithwaite"}, "merchant's widow", "A tall, dark widow whose husband traded in timber.",
			[]string{"worldly", "amused"}, "Keeps a carriage and pair.", "Gives card parties on Thursdays."),
		c("c404", "Isidore Winterbottom", []string{"Isidore", "Mr. Winterbottom", "Winterbottom"}, "magistrate", "A heavy, solemn magistrate with a grey wig and a slow voice.",
			[]string{"solemn", "stern"}, "Sits on the bench at the quarter sessions.", "Collects old coins."),
		c("c405", "Nerissa Postlethwaite", []string{"Nerissa", "Miss Postlethwaite"}, "heiress", "A brown, athletic young woman who lives at the lake house with her father.",
			[]string{"independent", "cheerful"}, "Walks her father's dogs.", "Corresponds with a cousin in Madeira."),
		c("c406", "Quentin Tattersall", []string{"Quentin", "Mr. Tattersall", "Tattersall"}, "corn merchant", "A careful, spare corn merchant with a plain black coat.",
			[]string{"careful", "sober"}, "Attends chapel twice on Sundays.", "Keeps his own accounts."),
		c("c407", "Melisande Oldroyd", []string{"Melisande", "Miss Oldroyd"}, "lady of the manor", "A determined, grey-eyed spinster who owns the manor and most of the village.",
			[]string{"determined", "outspoken"}, "Visits the almshouses on Fridays.", "Quarrels with the squire over the common."),
		c("c408", "Eustace Ackroyd", []string{"Eustace", "Mr. Ackroyd", "Ackroyd"}, "gentleman", "A stout, good-humoured gentleman of forty with a loud laugh.",
			[]string{"good-humoured", "talkative"}, "Breeds pigs for show.", "Has a patient wife and four daughters."),
		c("c409", "Amity Nuttall", []string{"Amity", "Miss Nuttall"}, "governess", "A pale, careful governess who teaches the vicar's girls.",
			[]string{"patient", "conscientious"}, "Teaches French and drawing.", "Saves her wages for her old age."),
		c("c410", "Alaric Penhaligon", []string{"Alaric", "Mr. Penhaligon", "Penhaligon"}, "mine owner", "A gaunt, wealthy Cornish mine owner with a cough.",
			[]string{"hard", "rich"}, "Owns three tin mines.", "Breeds pointers."),
		c("c411", "Jocasta Lightowler", []string{"Jocasta", "Miss Lightowler"}, "squire's sister", "A tall, fair young woman who keeps house for her brother the squire.",
			[]string{"graceful", "proud"}, "Rides side-saddle every morning.", "Paints miniatures."),
		c("c412", "Ulric Pogson", []string{"Ulric", "Mr. Pogson"}, "retired boatswain", "A short, brown, tattooed old seaman who keeps a chandler's shop.",
			[]string{"hearty", "blunt"}, "Chews tobacco.", "Tells stories of the Nile."),
		c("c413", "Fabian Illingworth", []string{"Fabian", "Mr. Illingworth", "Illingworth"}, "clothier", "A broad, shrewd Yorkshire clothier who owns two mills.",
			[]string{"shrewd", "proud"}, "Built a new chapel for his workers.", "His daughter keeps his house."),
		c("c414", "Demelza Chenoweth", []string{"Demelza", "Mrs. Chenoweth"}, "farmer's wife", "A plump, merry farmer's wife who keeps the dairy at the home farm.",
			[]string{"merry", "busy"}, "Has six children.", "Sings at her churning."),
		c("c415", "Malachi Roskilly", []string{"Malachi", "Mr. Roskilly", "Roskilly"}, "sexton", "A bent, mild old sexton who rings the bell and digs the graves.",
			[]string{"mild", "slow"}, "Keeps bees behind the churchyard wall.", "Has a married son who fishes."),
		c("c416", "Olympia Varley", []string{"Olympia", "Mrs. Varley"}, "wife", "A beautiful, unhappy young wife married to an elderly baronet.",
			[]string{"gentle", "unhappy"}, "Plays chess with the chaplain.", "Was married at seventeen."),
		c("c417", "Jabez Ramsbottom", []string{"Jabez", "Mr. Ramsbottom"}, "organist", "A lean, nervous musician who plays in the parish church.",
			[]string{"nervous", "devoted"}, "Teaches the choirboys.", "Copies music for the cathedral."),
		c("c418", "Fenella Satterthwaite", []string{"Fenella", "Miss Satterthwaite"}, "spinster", "A plain, quiet spinster of thirty-five who lives with her mother.",
			[]string{"quiet", "dutiful"}, "Does the flowers for the church.", "Goes to every party in the town."),
		c("c419", "Nicodemus Hollingworth", []string{"Nicodemus", "Mr. Hollingworth", "Hollingworth"}, "churchwarden", "A respectable grey-haired churchwarden and grazier.",
			[]string{"respectable", "stern"}, "Reads the lesson on Sundays.", "Owns the Black Bull."),
		c("c420", "Eglantine Uttley", []string{"Eglantine", "Mrs. Uttley"}, "widow", "An elegant widow of forty lately come to the town.",
			[]string{"elegant", "gracious"}, "Takes the waters every morning.", "Has taken a house in the crescent."),
	}
}

// rbBlind13Places are the set's places and objects.
func rbBlind13Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l200", "Thrushcombe", nil, "village", "A small village in a deep wooded combe with a stream running through it.", "Its mill grinds for three parishes."),
		l("l201", "Quernby", nil, "market town", "A grey stone market town on the edge of the moors.", "Its inn is called the Woolpack."),
		l("l202", "The Carnsew chalice", []string{"the Carnsew chalice"}, "chalice", "A medieval chalice kept in the parish church at Carnsew.", "It was saved from the Reformation by a churchwarden."),
		l("l203", "The Yardley harp", []string{"the Yardley harp"}, "harp", "A tall gilded harp in the music room at Yardley.", "It was made in Dublin."),
	}
}
