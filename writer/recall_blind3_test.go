package writer

import "github.com/storyd/storyd/project"

// The third blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes3" for the session's final measurement,
// without reading recall/, index/, the results in docs/RECALL.md, any
// helper's notes or the misses of the other sets: 23 facts and their 69
// probes, with people, places, objects and facts found in no other set.
// It is blind: nothing in recall/ or index/ was changed with it in view, and
// once its misses are used to change the ranking it is no longer a blind
// measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind3 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts are said the ways novels say them: in narration with
// the name first, with "He"/"She"/"It"/"Her" after a sentence naming the
// owner, in dialogue with a speech tag, with the name in mid-sentence, and
// with uncommon verbs (brooked, secreted, divined, quailed, honeycombed).
// Most owners are new to the book, with sheets of their own that hold other
// facts; four are people of the corpus and one its place (Charlotte Lucas,
// Mrs. Gardiner, Kitty Bennet, Felix, Lambton), whose names the corpus
// itself repeats, given sheets as a writer would give them.
func rbBlind3() rbSet {
	return rbSet{
		name: "blind3",
		facts: []rbFact{
			{"possession", "Barnaby Quarles carried a tortoiseshell ear trumpet with a silver mouthpiece, and swung it towards whoever he wished to hear.", "tortoiseshell ear trumpet",
				[3]string{"Quarles raises his tortoiseshell trumpet to his ear to catch the quarrel in the next room.", "A maid sweeps up a cracked tortoiseshell horn with a silver mouthpiece.", "Mr. Quarles is seated at the far end of the table, where the talk is all in murmurs."}},
			{"fear", "Honoria Blount kept the Three Tuns by the ferry steps. She could not bear a wasp within a yard of her, and had once leapt from a moving gig to escape a single bee.", "could not bear a wasp",
				[3]string{"Mrs. Blount shrieks when a wasp gets into the taproom and will not come back until it is killed.", "Someone leaps from a moving gig to get away from a bee.", "Mrs. Blount is invited to help take the honey from the vicar's hives in August."}},
			{"promise", `"On my honour, I will find your sister and bring her back to Falmouth," Captain Devereux told the Portuguese girl, "if it takes me ten years."`, "find your sister and bring her back to Falmouth",
				[3]string{"Devereux searches the Lisbon quays for the Portuguese girl's sister, as he gave his honour he would.", "A young woman waits at Falmouth for news of her lost sister.", "Captain Devereux receives orders for the West Indies; his ship sails on Friday."}},
			{"cannot", "Everyone at the school liked her, and few guessed that Winifred Pargeter had lost all sense of smell in the scarlet fever of her girlhood.", "lost all sense of smell",
				[3]string{"Miss Pargeter, having lost her sense of smell, does not notice that the milk has turned.", "The schoolmistress who had scarlet fever as a girl is asked to judge the roses at the fete.", "Smoke creeps under the door while Miss Pargeter sits marking copybooks alone."}},
			{"trait", "Ezra Lumb, the ferryman, brooked no haggling: he named his fare once and would sooner row back empty than take a penny less.", "brooked no haggling",
				[3]string{"Market day: a farmer tries to haggle with Lumb over the fare and is left on the bank.", "A ferryman who names his price only once is offered half of it.", "A stranger begs Ezra Lumb to carry him over the river for half the usual price."}},
			{"hidden", "Thaddeus Grimsby had secreted the forged banknotes in the bellows of the church organ, where only the blower boy ever went.", "in the bellows of the church organ",
				[3]string{"Grimsby climbs to the organ loft at night to take the forged banknotes out of the bellows.", "The blower boy finds a wad of paper stuffed in the organ bellows.", "Grimsby learns that the magistrate's men will search every house in the town at dawn."}},
			{"secret", `"I have read my father's will," Philippa Haverill said, turning from the window, "and he has left everything not to me but to a son by the dairymaid."`, "a son by the dairymaid",
				[3]string{"Philippa tells her lawyer what her father's will leaves to the dairymaid's son.", "A young farm hand learns that his mother was the dairymaid at the big house.", "Miss Haverill is toasted at her birthday ball as the richest heiress in the county."}},
			{"place", "Ravensworth Hall stood on the ruins of a Carthusian priory, and its cellars were the monks' old burial vaults.", "cellars were the monks' old burial vaults",
				[3]string{"At Ravensworth the butler will not fetch wine from among the monks' burial vaults.", "Beneath a great house lie the remains of a Carthusian priory.", "A footman at Ravensworth Hall is sent down for a bottle of claret at midnight."}},
			{"place", "Everyone in the valley knew Carrick Tor. It was honeycombed with old tin workings, and one adit ran clear through the hill to a cove on the sea.", "one adit ran clear through the hill",
				[3]string{"Smugglers carry their kegs up from the cove through the tin adit under Carrick Tor.", "A passage from an abandoned tin mine comes out in a little cove by the sea.", "A boy falls down a shaft on Carrick Tor, and the rescuers cannot reach him from above."}},
			{"object", "The Kittiwake, the trim cutter that lay at the quay all summer, was no pleasure boat: she had been built at Guernsey as a privateer, and her gunports were only painted over.", "her gunports were only painted over",
				[3]string{"Someone scrapes the paint from the Kittiwake's side and finds gunports beneath.", "A cutter built at Guernsey is seen off the point with her ports open.", "Off the Lizard, a French lugger gives chase to the Kittiwake."}},
			{"fear", "Nobody who saw him fence would have believed it, but Augustin Ferrand quailed at the sight of blood, and had fainted dead away at his own daughter's birth.", "quailed at the sight of blood",
				[3]string{"Ferrand quails when he sees the blood on the duelling ground.", "A fencing master faints dead away when a pupil is cut.", "Monsieur Ferrand is the only man at hand when the groom's arm is gashed by a scythe."}},
			{"possession", "Charlotte Lucas was not given to vanity. Her one extravagance was a music box from Basle, an enamelled songbird that sang when its tail was pressed.", "an enamelled songbird",
				[3]string{"Charlotte winds her enamelled music box and the little songbird sings for the children.", "A mechanical bird from Basle sings on the mantelpiece when someone presses its tail.", "Burglars take the only costly thing Charlotte owns."}},
			{"hidden", `"The pawn ticket for my pearls is where Edward will never look," said Mrs. Gardiner, "folded under the lining of the tea caddy."`, "folded under the lining of the tea caddy",
				[3]string{"Mrs. Gardiner slips the pawn ticket for her pearls out from the tea caddy's lining.", "A maid relines an old tea caddy and finds a slip of paper.", "Mrs. Gardiner's husband asks at supper why she no longer wears the necklace he gave her."}},
			{"secret", "Felix alone had divined that the Turk's ransom money came from the sale of stolen church plate.", "sale of stolen church plate",
				[3]string{"Felix confronts the Turk about the stolen church plate that paid his ransom.", "Church plate stolen from Lyons turns up in a Paris silversmith's back room.", "Safie begs Felix to swear that her father is an honest man."}},
			{"cannot", "Jory Penhallow could not count past twenty, and reckoned his sheep with a notched stick.", "could not count past twenty",
				[3]string{"Jory tries to count the flock beyond twenty and loses his place.", "A shepherd boy reckons his sheep with notches cut in a stick.", "Jory Penhallow sent to market alone to sell the ewes and bring back the right change."}},
			{"trait", "Isolde Marchbank came from Bath with her harp and her mother. She laughed whenever she was frightened, a high bright laugh that people took for heartlessness.", "laughed whenever she was frightened",
				[3]string{"Isolde, frightened by the storm, laughs her high bright laugh.", "A high bright laugh rings out in the dark of the crypt.", "Highwaymen stop Isolde's carriage on the heath, pistols drawn."}},
			{"promise", "It was at the bedside of the orphan boy she had nursed through the smallpox that Matilda Gaunt vowed to leave him every penny of her savings.", "vowed to leave him every penny of her savings",
				[3]string{"Mrs. Gaunt is tempted to break her vow and leave her savings to her nephew instead of the orphan.", "The orphan nursed through the smallpox years ago comes back to the village a grown man.", "Mrs. Gaunt's greedy nephew arrives, sure that he will inherit all she has put by."}},
			{"secret", "Caspar Renwick was the town's apothecary. He knew, because he had mixed it, that the draught which killed old Lady Tresillian had been ordered by her own companion.", "ordered by her own companion",
				[3]string{"Renwick admits that Lady Tresillian's companion ordered the fatal draught he mixed.", "Lady Tresillian's companion is seen weeping at the graveside.", "Inquest at the Crown: Mr. Renwick called before the coroner, to answer under oath."}},
			{"place", `"Don't go into Carne Wood after dark," the carter warned. "The keepers have set mantraps all along the eastern ride."`, "set mantraps all along the eastern ride",
				[3]string{"Night; poachers creep through Carne Wood, wary of the mantraps on the eastern ride.", "A mantrap snaps shut on a boy's leg somewhere in a wood.", "A lost child wanders into Carne Wood at nightfall."}},
			{"place", "Lambton stood on a seam of coal that had been burning underground for sixty years; in winter the snow would not lie in its churchyard, and the wells ran warm.", "burning underground for sixty years",
				[3]string{"At Lambton the curate explains why the coal seam has burned underground so long.", "Snow will not lie in a churchyard where the wells run warm.", "A hard January frost grips Derbyshire; the travellers reach Lambton expecting to find it iced over."}},
			{"possession", `"Careful with that case," said Hannibal Crewe. "There is a Cremona violin in it that my grandfather won at cards from a Venetian count."`, "won at cards from a Venetian count",
				[3]string{"Crewe admits at last that his grandfather won the violin at cards.", "A fiddle won from a Venetian nobleman is put up for auction.", "Hannibal Crewe is penniless, and the pawnbroker asks what he has of value."}},
			{"trait", "Gideon Fairlie stammered so badly that he would write a note rather than speak to a stranger.", "write a note rather than speak to a stranger",
				[3]string{"Fairlie's stammer is so bad that he passes the stranger at the door a note.", "A young man with a bad stammer hands written notes to people he has not met.", "Wedding breakfast. Gideon Fairlie must give the toast before a hundred guests."}},
			{"hidden", "Kitty said nothing to her sisters. She had hidden her winnings from the card table, eleven guineas, inside the toe of her dancing slipper.", "inside the toe of her dancing slipper",
				[3]string{"Kitty shakes her card winnings out of her dancing slipper.", "Eleven guineas fall out of a slipper at the assembly.", "Kitty is accused of stealing money from her mother's purse."}},
		},
		recurring: []string{"Mr. Quarles", "Mrs. Blount", "Captain Devereux", "Miss Pargeter", "Ezra Lumb", "Grimsby", "Philippa", "Ravensworth",
			"Carrick Tor", "the Kittiwake", "Monsieur Ferrand", "Charlotte", "Mrs. Gardiner", "Felix", "Jory", "Isolde", "Mrs. Gaunt", "Renwick",
			"Carne Wood", "Lambton", "Hannibal Crewe", "Gideon Fairlie", "Kitty"},
		chars: rbBlind3Cast(),
		locs:  rbBlind3Places(),
	}
}

// rbBlind3Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind3Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c40", "Barnaby Quarles", []string{"Quarles", "Mr. Quarles"}, "wine merchant", "A stout wine merchant of seventy who lends money to the gentry and forgets nothing owed him.",
			[]string{"shrewd", "sociable"}, "Sells port to every house in the county.", "A widower with no children."),
		c("c41", "Honoria Blount", []string{"Mrs. Blount", "Honoria"}, "innkeeper", "The landlady of the Three Tuns, loud, generous, and quick with a ladle.",
			[]string{"hospitable", "hot-tempered"}, "Widow of the last landlord.", "Brews her own ale."),
		c("c42", "Lucian Devereux", []string{"Devereux", "Captain Devereux"}, "naval officer", "A post-captain on half pay, lean and restless, waiting for a ship.",
			[]string{"gallant", "impatient"}, "Lost two fingers at Camperdown.", "Writes to the Admiralty every week."),
		c("c43", "Winifred Pargeter", []string{"Miss Pargeter", "Winifred"}, "schoolmistress", "Keeps the village dame school; small, brisk, and never seen without ink on her fingers.",
			[]string{"kind", "exacting"}, "Taught half the village to read.", "Lodges above the baker's."),
		c("c44", "Ezra Lumb", []string{"Lumb", "Ezra"}, "ferryman", "Works the ferry below the town; broad, silent, and older than he looks.",
			[]string{"stubborn", "honest"}, "Has worked the ferry for thirty years.", "Never crosses on a Sunday."),
		c("c45", "Thaddeus Grimsby", []string{"Grimsby", "Mr. Grimsby"}, "clockmaker", "The town's clockmaker and churchwarden, neat, pious in public, and always short of money.",
			[]string{"plausible", "nervous"}, "Winds the church clock every Saturday.", "Owes rent on his shop."),
		c("c46", "Philippa Haverill", []string{"Philippa", "Miss Haverill"}, "heiress", "The only daughter of the late Mr. Haverill, twenty, courted by every younger son in the county.",
			[]string{"proud", "clever"}, "Her father died in the spring.", "Rides to hounds."),
		c("c47", "Augustin Ferrand", []string{"Ferrand", "Monsieur Ferrand"}, "fencing master", "A French émigré who teaches the sword to the sons of gentlemen in rooms above the Assembly Rooms.",
			[]string{"elegant", "melancholy"}, "Fled Paris in 1792.", "Has a daughter at school in Bath."),
		c("c48", "Charlotte Lucas", []string{"Charlotte", "Miss Lucas"}, "friend", "Elizabeth's friend, sensible and plain, who expects little of the world and means to get it.",
			[]string{"practical", "discreet"}, "Eldest daughter of Sir William Lucas.", "Lives at Lucas Lodge."),
		c("c49", "Mrs. Gardiner", []string{"aunt Gardiner"}, "aunt", "Elizabeth's aunt, the wife of Mr. Gardiner of Gracechurch Street; sensible, elegant, and fond of her nieces.",
			[]string{"warm", "observant"}, "Grew up in Derbyshire.", "Her husband is in trade."),
		c("c50", "Felix De Lacey", []string{"Felix"}, "exile", "The son of the blind old man in the cottage, living in poverty with his father and his sister Agatha.",
			[]string{"generous", "rash"}, "Once helped a Turkish merchant escape from prison in Paris.", "Loves Safie."),
		c("c51", "Jory Penhallow", []string{"Jory"}, "shepherd boy", "A shepherd boy of fourteen on the hill farms, quick on his feet and slow at his books.",
			[]string{"cheerful", "trusting"}, "Son of a drowned fisherman.", "Keeps a dog called Tinker."),
		c("c52", "Isolde Marchbank", []string{"Isolde", "Mrs. Marchbank"}, "harpist", "A young widow who plays the harp at the assemblies and lives with her mother.",
			[]string{"graceful", "unsettling"}, "Plays at the assembly every month.", "Lodges in the high street."),
		c("c53", "Matilda Gaunt", []string{"Mrs. Gaunt", "Matilda"}, "cook", "The cook at Ravensworth Hall these thirty years, stern in her kitchen and soft with children.",
			[]string{"loyal", "severe"}, "Has a nephew in Exeter.", "Makes the best pastry in the county."),
		c("c54", "Caspar Renwick", []string{"Renwick", "Mr. Renwick"}, "apothecary", "The apothecary in the market place, pale and precise, who physics half the town.",
			[]string{"careful", "secretive"}, "Apprenticed in London.", "Unmarried."),
		c("c55", "Hannibal Crewe", []string{"Crewe", "Mr. Crewe"}, "musician", "A threadbare musician who gives lessons and plays in the theatre band.",
			[]string{"vain", "charming"}, "Played once before the Prince of Wales.", "Behind with his rent."),
		c("c56", "Gideon Fairlie", []string{"Fairlie", "Mr. Fairlie"}, "curate", "The young curate of the parish, gentle and scholarly, the younger of two brothers.",
			[]string{"shy", "learned"}, "Reads Hebrew.", "His brother is to be married at Michaelmas."),
		c("c57", "Kitty Bennet", []string{"Kitty"}, "sister", "The fourth of the Bennet sisters, who coughs and frets and follows Lydia.",
			[]string{"fretful", "easily led"}, "Shares a room with Lydia.", "Fond of officers."),
	}
}

// rbBlind3Places are the set's places: new ones and one of the corpus.
func rbBlind3Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l20", "Ravensworth Hall", []string{"Ravensworth"}, "house", "A grey house in a fold of the downs, with a long avenue of limes.", "The Haverills have owned it since the Restoration."),
		l("l21", "Carrick Tor", nil, "hill", "A granite hill above the valley, bare but for gorse.", "A ruined engine house stands on its shoulder."),
		l("l22", "The Kittiwake", []string{"the Kittiwake"}, "cutter", "A trim cutter of forty tons with a black hull and a white stripe.", "Her owner is never seen aboard."),
		l("l23", "Carne Wood", nil, "wood", "An old oak wood between the town and the Ravensworth estate.", "Belongs to the Ravensworth estate."),
		l("l24", "Lambton", nil, "town", "A small market town in Derbyshire, five miles from Pemberley.", "Mrs. Gardiner lived there as a girl."),
	}
}
