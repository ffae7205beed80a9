package writer

import "github.com/storyd/storyd/project"

// The eleventh blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes11", without reading recall/, index/,
// docs/RECALL.md or any helper's notes: 25 facts and their 75 probes, with
// people, places, objects and facts found in no other set. It is blind:
// nothing in recall/ or index/ was changed with it in view, and once its
// misses are used to change the ranking it is no longer a blind measure and
// a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind11 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists, three of each and
// two places and two objects, planted as a novelist would plant them: an
// adjutant's warning to a new ensign, a housekeeper taking down her ladle,
// a squire speaking to his tenants, a mother laughing about a search, a
// vagrant's goods listed on a handcart; a subordinate clause first ("When
// ...", "Though ..."), dialogue tags in mid-sentence, facts over two
// sentences, passives ("it was promised by ...", "was never found by
// ..."), negations ("never signed", "had not been able", "Nothing
// reached"), possessives, and pronouns that carry the fact past its
// owner's name. Three owners are people of Pride and Prejudice and one its
// place (Pratt, Mrs. Nicholls, Mr. Haggerston, Kympton), named by no
// earlier set.
func rbBlind11() rbSet {
	return rbSet{
		name: "blind11",
		facts: []rbFact{
			{"trait", `"Never sit down to chess with Pratt," the adjutant warned the new ensign, "unless you can bear to hear him beg your knight's pardon; he apologises to every piece he takes, and he takes a great many."`, "apologises to every piece he takes",
				[3]string{"Pratt apologises to the ensign's knight as he takes it off the board.", "A chess player begs the pardon of each pawn he captures.", "Pratt is challenged to a game by the colonel's wife after supper."}},
			{"trait", "Keturah Tallack's letters were the despair of her lawyer, for she wrote every one of them in rhyming couplets, down to her instructions for the sale of the farm.", "in rhyming couplets",
				[3]string{"Keturah's lawyer despairs over another letter of couplets about selling the farm.", "A solicitor frowns over instructions that rhyme from the first line to the last.", "Miss Tallack must send word to Bristol about her uncle's will."}},
			{"trait", "Mr. Haggerston never signed a paper on a Friday. It was his one superstition, and those who employed him had learned to bring their settlements on a Thursday or wait until Monday.", "never signed a paper on a Friday",
				[3]string{"Haggerston will not sign the settlement, because it is a Friday.", "A client is sent away until Monday, since the attorney puts his name to nothing at the end of the week.", "Mr. Haggerston is pressed to finish the marriage articles in haste."}},
			{"possession", `"Nobody touches that ladle but me," said Mrs. Nicholls, taking it down from its hook. "It was my mother's, and the crown stamped on the bowl is there because she cooked for the old king at Windsor."`, "crown stamped on the bowl",
				[3]string{"Mrs. Nicholls stirs the white soup with her mother's ladle, the one with the crown on its bowl.", "A kitchen maid is scolded for borrowing a ladle marked with a little crown.", "Mrs. Nicholls finds the new scullery girl meddling with her things."}},
			{"possession", "Diggory Hobcraft came into the parish with all he owned on a handcart: a fiddle without a bow, two shirts, a Bible with its back torn off, and a jackdaw that could say Amen.", "jackdaw that could say Amen",
				[3]string{"Hobcraft's jackdaw croaks Amen from the handcart at the end of the sermon.", "A black bird perched on a cart croaks Amen after grace.", "Diggory is turned out of his lodging by a landlady who will have no animals in the house."}},
			{"possession", "The sword Major Quarendon wore was not his own. It had been his brother's, who fell at Talavera, and there was a notch in the blade where it had turned a French sabre.", "notch in the blade",
				[3]string{"Quarendon draws his dead brother's sword and shows the notch it took at Talavera.", "A cavalry blade with a nick where a sabre struck it hangs above the fireplace.", "Major Quarendon is robbed at an inn on the road to York."}},
			{"promise", `"If the harvest fails," Squire Massingberd told the tenants gathered in his hall, "not one of you shall pay a penny of rent until Candlemas, and you may hold me to it."`, "pay a penny of rent until Candlemas",
				[3]string{"The harvest fails, and Massingberd lets his tenants keep back their rent until Candlemas.", "Farmers are let off their rent until Candlemas after the corn is ruined.", "Mr. Massingberd's steward brings him the quarter's accounts in a bad year."}},
			{"promise", "At the opening of the almshouse it was promised by Lady Dorothea Wyvill, to loud cheers, that a cherry tree would be planted on the green for every child christened in the parish while she lived.", "cherry tree would be planted on the green",
				[3]string{"A cherry tree goes in on the green for a child christened at Lady Dorothea's expense.", "The village green fills up with young cherry trees, one for each new baby.", "Lady Dorothea hears that the blacksmith's twins were baptised on Sunday."}},
			{"promise", "When the press-gang took his apprentice off the quay at Hull, Caleb Hebblethwaite swore that the lad's place at the bench would be kept for him, with his tools oiled, however many years the war lasted.", "with his tools oiled",
				[3]string{"Hebblethwaite oils the apprentice's tools and keeps his place at the bench.", "A joiner's bench stands empty in the shop, its tools kept oiled for a boy at sea.", "Caleb hears that a ship of the line has put in at Portsmouth and paid off her crew."}},
			{"fear", "Lord Brancaster had not been able to endure fireworks since a rocket took off his eyebrows at Vauxhall; at the first bang he would be found behind the nearest curtain.", "rocket took off his eyebrows at Vauxhall",
				[3]string{"Brancaster hides behind a curtain when the fireworks begin, remembering the rocket at Vauxhall.", "A gentleman with singed eyebrows crouches behind the curtains at a fete.", "Lord Brancaster is invited to the illuminations for the regatta on the river."}},
			{"fear", "Nothing reached Lady Sophronia's plate that had not been tasted first by her maid, for since her cousin died at a supper in Lyons she had lived in dread of poison.", "tasted first by her maid",
				[3]string{"Lady Sophronia waits while her maid tastes the dish, afraid of poison.", "A maid tastes every dish before her mistress will touch it.", "Lady Sophronia dines with strangers at an inn on the Dover road."}},
			{"fear", "Though he had crossed the Simplon on foot as a young man, Dr. Greatorex could no longer look down from any window above the ground floor without his knees giving way, and he had his bed moved into the library.", "look down from any window above the ground floor",
				[3]string{"Greatorex refuses a bedroom above the ground floor and asks for his bed in the library.", "An old scholar turns pale when he is asked to look out of an upstairs window.", "Dr. Greatorex is shown up to the best room in the tower at his patron's castle."}},
			{"cannot", "Roland Tolchard had been taught by three dancing masters and had defeated them all. He could not get through a country dance without going left when the set went right.", "going left when the set went right",
				[3]string{"Tolchard ruins the country dance, turning left while the rest of the set turns right.", "A young man who was taught by three dancing masters stumbles through the reel.", "Mr. Tolchard is asked by the squire's daughter to stand up with her at the ball."}},
			{"cannot", "Amos Cossins could thatch a roof as well as any man in the county, but once the sun was down he was as good as blind, and his daughter had to lead him home from the Feathers every night.", "he was as good as blind",
				[3]string{"Cossins's daughter leads him home from the Feathers after sundown, for he is blind in the dark.", "A thatcher is led home from the alehouse by his daughter once the sun has set.", "Amos is caught out on the moor late in the evening with three miles still to walk."}},
			{"cannot", "The recruits were drilled by Sergeant Japhet Blewitt, who had never in his life known his left hand from his right and tied a red thread round his right wrist before every parade.", "red thread round his right wrist",
				[3]string{"Blewitt checks the thread on his right wrist before he gives the order on parade.", "A drill master glances at a red thread on his wrist before he shouts left wheel.", "Sergeant Blewitt must march the company through the town on the King's birthday."}},
			{"hidden", "The widow Prowse trusted no bank. What she had saved from forty years of taking in washing lay in a stocking at the bottom of the bee skep in her orchard, where no thief would care to put his hand.", "bottom of the bee skep",
				[3]string{"Mrs. Prowse reaches into the bee skep in her orchard for her savings.", "A thief is stung when he puts his hand into a hive at the end of an orchard.", "Mrs. Prowse needs money at once to pay the doctor."}},
			{"hidden", `"They searched my desk and both my trunks," Arabella Stanier said afterwards, laughing, "and not one of them thought of my daughter's doll; the letters were in its sawdust the whole time."`, "the letters were in its sawdust",
				[3]string{"Arabella takes the letters out of the sawdust inside her daughter's doll.", "A child's wax doll is split open and folded papers spill out with the sawdust.", "Mrs. Stanier must produce the proof she kept from her husband's lawyers."}},
			{"hidden", "The map was never found by the Revenue men, though they took the house apart; Cosmo Lovibond had rolled it up inside the gilt weathercock on the stable roof.", "inside the gilt weathercock",
				[3]string{"Lovibond climbs onto the stable roof to take the map from the weathercock.", "A gilded weathercock turns stiffly, something rolled up in its hollow body.", "Mr. Lovibond is given a week to quit before the new tenant moves in."}},
			{"secret", "No one in the parish guessed it of their churchwarden, and he would have died before he told them: Nathaniel Tullidge had been transported to Botany Bay for forging a bill, and had come home under his dead cousin's name.", "transported to Botany Bay",
				[3]string{"Tullidge is recognised as a convict sent to Botany Bay, and not his cousin at all.", "A convict back from New South Wales lives among them under another man's name.", "Mr. Tullidge is asked to stand for the vestry and give an account of his past."}},
			{"secret", "Mrs. Sedgwick gave the best dinners in the county. What her guests never knew was that the house was mortgaged to the roof, and the silver on the table was hired for each dinner from a man in Norwich.", "silver on the table was hired",
				[3]string{"The man from Norwich comes for Mrs. Sedgwick's hired silver before the guests have left the table.", "Forks and candlesticks are counted back into a hamper after a grand dinner.", "Letitia asks her banker for a loan to pay the butcher."}},
			{"secret", "Only his dog knew that Reuben Gosling, the squire's keeper, was the very poacher he had been paid to catch, and the dog was not telling.", "the very poacher he had been paid to catch",
				[3]string{"The squire's keeper Gosling swears he will catch the poacher at last.", "A keeper's dog trots happily at the heels of the poacher it was meant to hunt down.", "Reuben is sent to watch the pheasant coverts all night for the lord of the manor."}},
			{"place", "In a wet winter the river cuts Kympton off from the world, and the letters go across in a basket on a rope, hauled over by the parson's boy.", "in a basket on a rope",
				[3]string{"At Kympton the parson's boy hauls the letters over the river in a basket.", "A basket swings across the flooded river on a line.", "Urgent news must reach Kympton during the January floods."}},
			{"place", "Wrackham was built out of the sea's leavings. Half the cottages there have ships' timbers for rafters, and the chapel door was once the stern of a Danish brig.", "ships' timbers for rafters",
				[3]string{"At Wrackham they shore up the rafters with more ships' timbers after a wreck.", "Cottages whose beams were once the ribs of wrecked ships.", "A stranger from inland lodges at Wrackham for the summer."}},
			{"object", "The Cressingham tapestry has hung in the long gallery for two hundred years, and there is a round hole in its sky where one of Cromwell's troopers fired a pistol through it for sport.", "fired a pistol through it for sport",
				[3]string{"Visitors to the long gallery look for the pistol hole in the sky of the Cressingham tapestry.", "A trooper's bullet leaves a round hole in a woven sky.", "The Cressingham tapestry is taken down and sent to London to be cleaned."}},
			{"object", "Into the bottom of the Mowbray punchbowl a silver coin from every reign since Charles the Second has been set, and the last is a shilling of the present king.", "silver coin from every reign",
				[3]string{"The guests drain the Mowbray punchbowl to see the coins set in its bottom.", "Old shillings glint at the bottom of a great silver bowl when the last of the wine is ladled out.", "The Mowbray punchbowl is drained to the dregs at the hunt supper."}},
		},
		recurring: []string{"Pratt", "Keturah", "Mr. Haggerston", "Mrs. Nicholls", "Hobcraft", "Major Quarendon", "Massingberd", "Lady Dorothea", "Hebblethwaite",
			"Lord Brancaster", "Lady Sophronia", "Dr. Greatorex", "Tolchard", "Cossins", "Sergeant Blewitt", "Mrs. Prowse", "Arabella", "Lovibond", "Tullidge",
			"Mrs. Sedgwick", "Reuben Gosling", "Kympton", "Wrackham", "the Cressingham tapestry", "the Mowbray punchbowl"},
		chars: rbBlind11Cast(),
		locs:  rbBlind11Places(),
	}
}

// rbBlind11Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind11Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c250", "Pratt", nil, "militia officer", "A lively young officer of the militia quartered at Meryton, a friend of the other officers.",
			[]string{"lively", "sociable"}, "Is a favourite at the card tables in Meryton.", "Has a younger brother at Cambridge."),
		c("c251", "Keturah Tallack", []string{"Keturah", "Miss Tallack"}, "heiress", "A stout, merry spinster who has inherited a farm she has never seen.",
			[]string{"merry", "obstinate"}, "Keeps three cats.", "Reads novels aloud to her maid."),
		c("c252", "Mr. Haggerston", []string{"Haggerston"}, "attorney", "Mr. Gardiner's attorney in London, a dry, careful man trusted with the family's affairs.",
			[]string{"careful", "dry"}, "Has chambers near the Temple.", "Is a widower."),
		c("c253", "Mrs. Nicholls", []string{"Nicholls"}, "housekeeper", "The housekeeper at Netherfield, who rules its kitchen and its maids.",
			[]string{"stern", "capable"}, "Makes the white soup for every ball.", "Has kept house there twenty years."),
		c("c254", "Diggory Hobcraft", []string{"Diggory", "Mr. Hobcraft"}, "vagrant", "A ragged, cheerful wanderer who plays at fairs and sleeps in barns.",
			[]string{"cheerful", "idle"}, "Knows every ballad in the west country.", "Was once a soldier's servant."),
		c("c255", "Hugh Quarendon", []string{"Major Quarendon", "Quarendon"}, "army officer", "A grave, grey-haired major home from the Peninsula on leave.",
			[]string{"grave", "courteous"}, "Walks with a limp.", "Is godfather to his brother's son."),
		c("c256", "Godfrey Massingberd", []string{"Squire Massingberd", "Mr. Massingberd", "Massingberd"}, "squire", "A red-faced, generous squire who farms his own land and drinks with his tenants.",
			[]string{"generous", "hot-tempered"}, "Keeps a pack of harriers.", "Has quarrelled with the rector."),
		c("c257", "Dorothea Wyvill", []string{"Lady Dorothea"}, "earl's daughter", "An elderly, unmarried earl's daughter who lives at the great house and founds charities.",
			[]string{"charitable", "imperious"}, "Built the village school.", "Drives a pair of greys."),
		c("c258", "Caleb Hebblethwaite", []string{"Caleb", "Mr. Hebblethwaite"}, "joiner", "A silent Yorkshire joiner with a shop on the quay.",
			[]string{"silent", "steady"}, "Makes coffins as well as chairs.", "Is a Methodist."),
		c("c259", "Lord Brancaster", []string{"Brancaster"}, "peer", "A plump, good-natured young lord who lives for pleasure and parties.",
			[]string{"good-natured", "timid"}, "Keeps a yacht.", "Owes his tailor two thousand pounds."),
		c("c260", "Sophronia Culverhouse", []string{"Lady Sophronia", "Sophronia"}, "marquis's widow", "A thin, suspicious dowager who travels with a great deal of luggage.",
			[]string{"suspicious", "proud"}, "Has outlived two husbands.", "Winters abroad."),
		c("c261", "Elias Greatorex", []string{"Dr. Greatorex", "Greatorex"}, "scholar", "An elderly, learned doctor of divinity who is writing a history of the Alps.",
			[]string{"learned", "absent-minded"}, "Corresponds with Swiss pastors.", "Takes snuff."),
		c("c262", "Roland Tolchard", []string{"Roland", "Mr. Tolchard"}, "young gentleman", "A large, good-humoured young man just down from Oxford.",
			[]string{"good-humoured", "clumsy"}, "Rows well.", "Is heir to his uncle."),
		c("c263", "Amos Cossins", []string{"Amos"}, "thatcher", "A wiry old thatcher with a widowed daughter.",
			[]string{"wiry", "proud"}, "Drinks cider at the Feathers.", "Sings bass in church."),
		c("c264", "Japhet Blewitt", []string{"Sergeant Blewitt", "Blewitt"}, "drill sergeant", "A loud, red-coated sergeant who drills the county's militia recruits.",
			[]string{"loud", "loyal"}, "Fought in Flanders.", "Has a wife who takes in lodgers."),
		c("c265", "Hannah Prowse", []string{"Mrs. Prowse", "the widow Prowse"}, "washerwoman", "A hard-working washerwoman, widowed young, with a cottage at the end of the village.",
			[]string{"thrifty", "suspicious"}, "Goes to chapel twice on Sundays.", "Has a son in service in London."),
		c("c266", "Arabella Stanier", []string{"Arabella", "Mrs. Stanier"}, "estranged wife", "A quick-witted young woman living apart from a jealous husband.",
			[]string{"quick-witted", "brave"}, "Has a little daughter.", "Paints miniatures."),
		c("c267", "Cosmo Lovibond", []string{"Cosmo", "Mr. Lovibond"}, "innkeeper", "A smooth, smiling innkeeper on the coast road.",
			[]string{"smooth", "cunning"}, "Keeps good horses.", "Is thick with the fishermen."),
		c("c268", "Nathaniel Tullidge", []string{"Nathaniel", "Mr. Tullidge"}, "churchwarden", "A sober, respected churchwarden who keeps a chandler's shop.",
			[]string{"sober", "exact"}, "Writes a beautiful hand.", "Never speaks of his youth."),
		c("c269", "Letitia Sedgwick", []string{"Letitia", "Mrs. Sedgwick"}, "hostess", "A handsome, lively widow famous for her table and her company.",
			[]string{"lively", "proud"}, "Has two daughters to marry.", "Subscribes to the assemblies."),
		c("c270", "Reuben Gosling", []string{"Reuben", "Gosling"}, "gamekeeper", "The squire's gamekeeper, a quiet man who lives in a cottage in the woods.",
			[]string{"quiet", "sly"}, "Keeps a lurcher.", "Sets no traps on Sundays."),
	}
}

// rbBlind11Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind11Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l100", "Kympton", nil, "village", "A village in Derbyshire whose living is in the gift of the master of Pemberley.", "Its parsonage is a good house."),
		l("l101", "Wrackham", nil, "fishing village", "A poor fishing village on a low, wild stretch of the east coast.", "Its men were wreckers once."),
		l("l102", "The Cressingham tapestry", []string{"the Cressingham tapestry"}, "tapestry", "A great hunting tapestry in the house at Cressingham.", "It shows a stag at bay."),
		l("l103", "The Mowbray punchbowl", []string{"the Mowbray punchbowl"}, "punchbowl", "A great silver punchbowl kept at Mowbray Hall.", "Holds two gallons."),
	}
}
