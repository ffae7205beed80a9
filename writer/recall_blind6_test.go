package writer

import "github.com/storyd/storyd/project"

// The sixth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes6" for the session's final measurement,
// without reading recall/, index/, docs/RECALL.md, any helper's notes or
// the misses of the other sets: 25 facts and their 75 probes, with people,
// places, objects and facts found in no other set. It is blind: nothing in
// recall/ or index/ was changed with it in view, and once its misses are
// used to change the ranking it is no longer a blind measure and a new set
// is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind6 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists (trait, possession,
// promise, fear, cannot, hidden object, secret, place, object), three of
// each and two places and two objects, said in varied shapes: a person
// first met as a copula's complement ("The curate that spring was ...") or
// as an object ("... was sold to Fulke Kettleby, who ..."), a pronoun
// after a naming sentence, speech tags before, after and in the middle of
// dialogue, reported speech ("had sworn to his sister that ..."), contrast
// clauses (yet, but), a list, appositives, relative clauses, possessives
// ("In Oswin Garlick's pack were ..."), subordinate clauses first ("If
// ...", "Before ..."), passives, and uncommon verbs (begrudged, averred,
// prised). Several facts do not sound durable (which end of an egg, a goose
// every Michaelmas, a spring shut at sundown, a girl who cannot whistle),
// as many facts a later scene needs do not. Four owners are people of the
// corpus and one its place (Mrs. Long, Mr. Jones, Walton, Mrs. Reynolds,
// Matlock), whose names the corpus repeats.
func rbBlind6() rbSet {
	return rbSet{
		name: "blind6",
		facts: []rbFact{
			{"trait", "The curate that spring was Lancelot Cruttwell. He ate his boiled eggs from the narrow end, and would send the plate back if the cook had cracked the broad one.", "ate his boiled eggs from the narrow end",
				[3]string{"Cruttwell sends back his boiled eggs, cracked at the broad end instead of the narrow end.", "A man at breakfast turns his boiled egg over to open the narrow end.", "Mr. Cruttwell breakfasts at the inn, and the landlady serves him what her hens laid."}},
			{"trait", "Eudora Blenkinsop was generous to a fault with her money, yet she begrudged every candle and read by the kitchen fire to spare them.", "begrudged every candle",
				[3]string{"Eudora begrudges the candles and reads by the kitchen fire.", "Someone sits reading by the kitchen fire with every candle unlit.", "Mrs. Blenkinsop is left alone in the house on a winter evening with a novel."}},
			{"trait", "Mrs. Long, who never forgot a slight, kept a list of every family that had failed to return her calls, and read it over on Sundays.", "a list of every family that had failed to return her calls",
				[3]string{"Mrs. Long reads over her list of the families that failed to return her calls.", "A lady keeps a list of the neighbours who have failed to return her calls.", "Mrs. Long is invited to a card party by a neighbour who has not visited her in a twelvemonth."}},
			{"possession", "In Oswin Garlick's pack were a tinder box, a Welsh bible, and a brass ear-trumpet that had belonged to his grandfather.", "brass ear-trumpet that had belonged to his grandfather",
				[3]string{"Garlick lends his grandfather's brass ear-trumpet to a neighbour.", "A brass ear-trumpet is passed round the table.", "Mr. Garlick is seated beside a deaf old woman at a wedding breakfast and cannot make himself heard."}},
			{"possession", `"All I have in the world," said Kerensa Rooke, "is my mother's gold thimble and the clothes I stand in."`, "my mother's gold thimble",
				[3]string{"Kerensa pawns her mother's gold thimble.", "A gold thimble is found at the bottom of a sewing basket.", "Kerensa Rooke is asked by the pawnbroker what she can offer him."}},
			{"possession", "A pair of Spanish duelling pistols, in a case lined with green baize, had been left to Mr. Jones by a grateful patient.", "Spanish duelling pistols, in a case lined with green baize",
				[3]string{"Mr. Jones cleans the Spanish duelling pistols and lays them back in their baize case.", "A case of Spanish pistols is opened on the table.", "Mr. Jones is challenged to fight at dawn by an angry young officer."}},
			{"promise", "Peregrine Throssell had sworn to his sister that he would never again set foot in a cockpit.", "never again set foot in a cockpit",
				[3]string{"Peregrine keeps his oath to his sister and will not set foot in the cockpit.", "A young man halts at the door of the cockpit and will not set foot inside.", "Mr. Throssell's friends drag him along to watch the birds fight at the Bell on market day."}},
			{"promise", `Mercy Hobday said to the carter: "Bring my boy home from the war and you shall have my best goose every Michaelmas as long as I live."`, "best goose every Michaelmas",
				[3]string{"Mercy gives the carter her best goose at Michaelmas, as she promised.", "A carter carries a fat goose home at Michaelmas.", "Mrs. Hobday's son rides back from the regiment on a wagon at the end of September."}},
			{"promise", "If the harvest held, Jolyon Stirk had promised, he would roof the widow Nokes's cottage with new thatch before winter.", "roof the widow Nokes's cottage",
				[3]string{"Stirk thatches the roof of the widow Nokes's cottage before winter.", "The widow Nokes's cottage lets the rain in through its roof.", "Jolyon Stirk's wheat is carried in dry and safe at the end of August."}},
			{"fear", "Leofric Ludlam feared thunder as a child fears it, and at the first rumble would creep under the nearest table.", "creep under the nearest table",
				[3]string{"Ludlam creeps under the table at the rumble of thunder.", "A grown man crawls under the nearest table when the thunder rumbles.", "A storm breaks over the hall while Mr. Ludlam is dining with the bishop."}},
			{"fear", "Loveday Pennefather, the miller's widow, could face a mad bull, but a single wasp sent her shrieking from the room.", "a single wasp sent her shrieking",
				[3]string{"Loveday shrieks and flees the room from a single wasp.", "A wasp drifts in at the window and a widow runs shrieking from the room.", "Mrs. Pennefather takes her sewing into the orchard among the fallen plums in August."}},
			{"fear", "Robert Walton, for all his daring, had a horror of rats and would sleep on deck sooner than share a cabin with one.", "a horror of rats",
				[3]string{"Walton sleeps on deck rather than share his cabin with the rats.", "A rat is seen in a cabin, and the man who sleeps there takes his blanket up on deck.", "The cook tells Captain Walton the biscuit in the stores has been gnawed at night."}},
			{"cannot", "The vicar's new horse was sold to Fulke Kettleby, who could not ride at all and meant only to be seen on it in the market square.", "could not ride at all",
				[3]string{"Kettleby climbs onto the vicar's horse, though he cannot ride at all.", "A man who cannot ride at all is seen on a fine horse in the market square.", "Mr. Kettleby is challenged to a race across the common by the squire's sons."}},
			{"cannot", "Philadelphia Thursby's one failing, her brothers averred, was that she could not whistle, though she had tried every day since she was six.", "could not whistle",
				[3]string{"Philadelphia tries to whistle and fails, as her brothers averred.", "A girl purses her lips to whistle and no sound comes.", "Miss Thursby must call the sheepdog back from the far side of the field."}},
			{"cannot", `"I have kept this house thirty years and never once learned to swim," Mrs. Reynolds said, "so you may keep your boats."`, "never once learned to swim",
				[3]string{"Mrs. Reynolds, who never learned to swim, refuses the boats.", "An old housekeeper refuses to step into the boats because she cannot swim.", "Mrs. Reynolds slips from the landing stage into the deep part of the lake."}},
			{"hidden", "The deeds of the farm were hidden by Wilhelmina Scrope inside the case of the long-case clock, behind the pendulum.", "inside the case of the long-case clock, behind the pendulum",
				[3]string{"Wilhelmina takes the farm deeds from behind the pendulum of the long-case clock.", "A clockmaker opening the long-case clock finds papers behind the pendulum.", "Wilhelmina Scrope's lawyer needs proof that the land is hers before the quarter-day."}},
			{"hidden", "Zebedee Tregarthen trusted nobody with his letters. He kept them rolled tight inside the hollow handle of his walking cane.", "hollow handle of his walking cane",
				[3]string{"Zebedee unscrews his walking cane and draws out the letters rolled in the hollow handle.", "A walking cane with a hollow handle is left in the hall stand.", "Tregarthen's correspondence is searched for by the excise men, who turn his lodging upside down."}},
			{"hidden", "Before she fled, Temperance Oddy prised up the third stair of the back staircase and laid her mother's rubies beneath it.", "third stair of the back staircase",
				[3]string{"Temperance prises up the third stair and lifts out her mother's rubies.", "A carpenter mending the back staircase finds a loose third stair.", "Miss Oddy returns after ten years and asks to be left alone in the empty house."}},
			{"secret", "Jedidiah Dimmock had confessed to the curate that the boundary stone on Gorse Hill had been moved by his own father in the night.", "moved by his own father in the night",
				[3]string{"Dimmock admits the boundary stone on Gorse Hill was moved by his father.", "Surveyors find the boundary stone on Gorse Hill a few yards from where the old map puts it.", "Jedidiah Dimmock is called as a witness in a lawsuit between two farms over where one field ends."}},
			{"secret", `"The twins," whispered Clorinda Cheverell, "are not the colonel's at all, but the dancing master's."`, "but the dancing master's",
				[3]string{"Clorinda whispers that the twins are the dancing master's, not the colonel's.", "The dancing master is seen gazing at the twins in their cradle.", "Miss Cheverell is asked to stand godmother at a christening of two babies in the regiment."}},
			{"secret", "Nobody in the parish suspected Ottilie Asquey. Yet she had written every one of the anonymous letters, in a disguised hand learned from her uncle the engraver.", "in a disguised hand learned from her uncle",
				[3]string{"Ottilie is unmasked as the writer of the anonymous letters in her disguised hand.", "A letter in a disguised hand, unsigned, is pushed under the vicar's door.", "Miss Asquey offers to help the vicar find out who has been sending unsigned notes to half the village."}},
			{"place", "At Matlock the bath-house keeper let nobody into the warm spring after sundown, by an order of the lord of the manor.", "nobody into the warm spring after sundown",
				[3]string{"At Matlock the keeper turns them away from the warm spring, for it is after sundown.", "A bath-house keeper locks the gate of the warm spring as the sun goes down.", "The travellers reach Matlock at dusk, stiff from the coach, and long to soak in its waters."}},
			{"place", "Scarrow Mere, which the carriers avoided, froze so hard in January that a coach and four could cross it.", "a coach and four could cross it",
				[3]string{"In January the coach crosses the frozen Scarrow Mere.", "A coach and four drives across a frozen lake in January.", "Scarrow Mere lies between the post-boy and the town in the first week of the new year, and the road round is flooded."}},
			{"object", "The Fettiplace barometer, a gift from the Admiralty, had not moved from Set Fair in eleven years, its needle having rusted fast.", "its needle having rusted fast",
				[3]string{"The Fettiplace barometer still points to Set Fair, its needle rusted fast.", "An old weather-glass points to Set Fair in a thunderstorm, its needle rusted fast.", "The Fettiplace barometer is consulted before the picnic, though black clouds are gathering in the west."}},
			{"object", "No one could open the Ravenhurst strongbox, for its key had gone down with the Indiaman in the year eighty-one.", "its key had gone down with the Indiaman",
				[3]string{"The Ravenhurst strongbox stays shut, its key gone down with the Indiaman.", "An iron chest whose key was lost with a sunken Indiaman is brought to the locksmith.", "The Ravenhurst strongbox is carried into the library, and the heirs gather round it."}},
		},
		recurring: []string{"Mr. Cruttwell", "Eudora", "Mrs. Long", "Garlick", "Kerensa", "Mr. Jones", "Peregrine", "Mrs. Hobday", "Stirk",
			"Ludlam", "Loveday", "Walton", "Kettleby", "Miss Thursby", "Mrs. Reynolds", "Wilhelmina", "Tregarthen", "Miss Oddy", "Dimmock",
			"Clorinda", "Miss Asquey", "Matlock", "Scarrow Mere", "the Fettiplace barometer", "the Ravenhurst strongbox"},
		chars: rbBlind6Cast(),
		locs:  rbBlind6Places(),
	}
}

// rbBlind6Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind6Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c110", "Lancelot Cruttwell", []string{"Cruttwell", "Mr. Cruttwell"}, "curate", "A thin young curate, short-sighted and earnest, who lodges at the inn until the parsonage is mended.",
			[]string{"fastidious", "earnest"}, "Preaches too long.", "Writes sermons at night."),
		c("c111", "Eudora Blenkinsop", []string{"Eudora", "Mrs. Blenkinsop"}, "widow of means", "A stout, kindly widow who gives freely to every subscription in the town.",
			[]string{"generous", "odd"}, "Her late husband was a brewer.", "Keeps a parrot."),
		c("c112", "Mrs. Long", nil, "neighbour", "A neighbour in the village, with two nieces to settle.",
			[]string{"gossiping", "touchy"}, "Dines out whenever she can.", "Her nieces are plain."),
		c("c113", "Oswin Garlick", []string{"Garlick", "Mr. Garlick"}, "pedlar", "A Welsh pedlar who walks the border roads with a pack on his back.",
			[]string{"cheerful", "talkative"}, "Sells ribbons and almanacs.", "Sings hymns as he walks."),
		c("c114", "Kerensa Rooke", []string{"Kerensa", "Miss Rooke"}, "seamstress", "A poor young seamstress from Cornwall, quick with her needle and quicker with her tongue.",
			[]string{"proud", "quick"}, "Came to town after her mother died.", "Sews for the draper."),
		c("c115", "Mr. Jones", []string{"Jones"}, "apothecary", "The apothecary of the market town, called to every sickroom for miles.",
			[]string{"cautious", "kindly"}, "Prescribes draughts for every complaint.", "Has a shop near the church."),
		c("c116", "Peregrine Throssell", []string{"Peregrine", "Mr. Throssell"}, "young squire", "A young squire fond of sport, lately come into his estate.",
			[]string{"impulsive", "loyal"}, "Rides to hounds.", "Devoted to his elder sister."),
		c("c117", "Mercy Hobday", []string{"Mercy", "Mrs. Hobday"}, "cottager", "A cottager's widow with one son, who keeps geese on the common.",
			[]string{"devout", "anxious"}, "Her son enlisted at seventeen.", "Sells eggs at market."),
		c("c118", "Jolyon Stirk", []string{"Jolyon", "Stirk"}, "farmer", "A broad, slow-spoken farmer who rents the hill fields from the squire.",
			[]string{"steady", "kind"}, "Has six children.", "Deacon at the chapel."),
		c("c119", "Leofric Ludlam", []string{"Leofric", "Mr. Ludlam"}, "scholar", "A learned bachelor of fifty who catalogues the bishop's library.",
			[]string{"timid", "learned"}, "Reads Greek.", "Lives with his sister."),
		c("c120", "Loveday Pennefather", []string{"Loveday", "Mrs. Pennefather"}, "miller's widow", "A tall, red-armed widow who runs the mill since her husband drowned in the race.",
			[]string{"fearless", "blunt"}, "Grinds for three parishes.", "Drives her own cart."),
		c("c121", "Robert Walton", []string{"Walton", "Captain Walton"}, "explorer", "An English captain who sails from Archangel towards the pole, ardent for discovery.",
			[]string{"ambitious", "lonely"}, "Writes long letters to his sister.", "Taught himself navigation."),
		c("c122", "Fulke Kettleby", []string{"Fulke", "Mr. Kettleby"}, "attorney", "A vain little attorney who has made money and wishes to be thought a gentleman.",
			[]string{"vain", "pushing"}, "Buys a pew at the front of the church.", "Courts the squire's daughter."),
		c("c123", "Philadelphia Thursby", []string{"Philadelphia", "Miss Thursby"}, "farmer's daughter", "The only girl among five brothers on a hill farm, brown and fearless.",
			[]string{"tomboyish", "merry"}, "Climbs trees.", "Keeps a tame jackdaw."),
		c("c124", "Mrs. Reynolds", []string{"Reynolds"}, "housekeeper", "The respectable elderly housekeeper of a great Derbyshire house, who has known its master since he was a boy.",
			[]string{"loyal", "proud"}, "Shows visitors round the house.", "Praises her master to everyone."),
		c("c125", "Wilhelmina Scrope", []string{"Wilhelmina", "Miss Scrope"}, "farmer's heiress", "A grave young woman who inherited a farm and a quarrel with her cousins.",
			[]string{"careful", "secretive"}, "Her cousins dispute the will.", "Keeps bees."),
		c("c126", "Zebedee Tregarthen", []string{"Zebedee", "Tregarthen"}, "smuggler", "A lean Cornishman who calls himself a fish merchant and is away on moonless nights.",
			[]string{"wary", "clever"}, "Owns a lugger.", "Never drinks."),
		c("c127", "Temperance Oddy", []string{"Temperance", "Miss Oddy"}, "runaway daughter", "A squire's daughter who ran off with a soldier and is spoken of in whispers.",
			[]string{"headstrong", "brave"}, "Fled at nineteen.", "Her father forbade her name."),
		c("c128", "Jedidiah Dimmock", []string{"Jedidiah", "Dimmock"}, "yeoman", "An old yeoman, deaf and devout, who has farmed the same acres all his life.",
			[]string{"pious", "troubled"}, "Never misses church.", "Outlived two wives."),
		c("c129", "Clorinda Cheverell", []string{"Clorinda", "Miss Cheverell"}, "colonel's sister-in-law", "The colonel's unmarried sister-in-law, sharp-eyed and idle, who lives with the family.",
			[]string{"malicious", "observant"}, "Plays the harpsichord.", "Dislikes the colonel's wife."),
		c("c130", "Ottilie Asquey", []string{"Ottilie", "Miss Asquey"}, "vicar's housekeeper", "The vicar's mild-mannered housekeeper, who knows every family's business.",
			[]string{"quiet", "resentful"}, "Jilted long ago.", "Makes the best jam in the parish."),
	}
}

// rbBlind6Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind6Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l50", "Matlock", nil, "spa town", "A spa town in a wooded Derbyshire dale, where visitors take the waters and admire the rocks.", "The Derwent runs below it."),
		l("l51", "Scarrow Mere", nil, "lake", "A long, shallow lake in the fells, with a coach road round its northern shore.", "Eels live in it."),
		l("l52", "The Fettiplace barometer", []string{"the Fettiplace barometer"}, "barometer", "A tall mahogany barometer in the hall of the Fettiplace house, its case carved with anchors.", "Hangs by the front door."),
		l("l53", "The Ravenhurst strongbox", []string{"the Ravenhurst strongbox"}, "strongbox", "An iron-bound strongbox in the Ravenhurst muniment room, said to hold the family's bonds.", "Too heavy for one man to lift."),
	}
}
