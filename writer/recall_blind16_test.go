package writer

import "github.com/storyd/storyd/project"

// The sixteenth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes16", without reading recall/, index/,
// docs/RECALL.md, the recall helpers' notes or the fifteenth set: 25 facts
// and their 75 probes, with people, places and objects found in no other set
// and no name found in the corpus. It is blind: nothing in recall/ or index/
// was changed with it in view, and once its misses are used to change the
// ranking it is no longer a blind measure and a new set is needed for an
// honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind16 -recall.scenes 30,300,1000
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
// objects. The plants take shapes the earlier sets did not: a niece's diary,
// a reader addressed as "you", a rhetorical question, a will read aloud, a
// newspaper notice, a cleft sentence ("It was not a wife ... but ..."), a
// conditional ("Had you asked ..."), a letter's postscript, an exchange of
// two speakers, a house rule quoted, a child blurting to a visitor, a
// doctor's case-book, a question the narrator answers, cause before effect,
// a school report, a speech overheard through a door, pronouns with the name
// held to the last clause, a night prayer, a parenthesis inside the sentence,
// a frame-maker's gossip, a handbill, a guidebook, a coach guard's warning,
// an auction catalogue and a gardener showing visitors round.
func rbBlind16() rbSet {
	return rbSet{
		name: "blind16",
		facts: []rbFact{
			{"trait", `From her niece's diary, the fourth of March: "Aunt Ermintrude disgraced us again at the old schoolmaster's burying. Whenever anything is solemn she is seized with giggles, and the graver the business the worse she gets; at Papa's funeral she had to be led out of the church with her handkerchief stuffed in her mouth, and the curate thought she was overcome by grief."`, "seized with giggles",
				[3]string{"Ermintrude stuffs her handkerchief in her mouth when the giggles take her at a funeral.", "A mourner is led out of church, shaking with laughter behind a handkerchief.", "Miss Stallybrass sits in the front pew while the bishop's memorial sermon is read."}},
			{"trait", "Tell Sholto Fazackerley that the sky was blue and he would prove to you, with great good humour, that it was green; he had argued for the Pope in a Methodist chapel and for the King at a dinner of republicans, and as far as anyone could tell he did it for the pleasure of the thing.", "argued for the Pope in a Methodist chapel",
				[3]string{"Fazackerley argues for the King at a republican dinner, purely for the pleasure of it.", "A stranger stands up in a Methodist meeting to speak in defence of the Pope.", "The vestry asks Mr. Fazackerley to second a motion on which the whole parish agrees."}},
			{"trait", "Was it any wonder that Onesimus Kitchingman had ninety thousand pounds in the Funds, when he darned his own stockings by a single rushlight to save the candle, and had once walked to Leeds and back sooner than pay the coach?", "darned his own stockings by a single rushlight",
				[3]string{"Kitchingman darns his stockings by one rushlight to save the price of a candle.", "A rich old man walks all the way to Leeds and back rather than pay the coach fare.", "Mr. Kitchingman is called upon to subscribe to the new lifeboat for the harbour."}},
			{"possession", `The will was read in the parlour after the funeral. "Item: to my godson Casimir Lillicrap, the Spanish guitar with the bullet hole in its belly, which he has coveted since he was nine, and which he will know how to value."`, "guitar with the bullet hole in its belly",
				[3]string{"Casimir tunes the Spanish guitar with a bullet hole in it, the one left him in a will.", "A guitar with a hole shot clean through its belly hangs over a bachelor's mantelpiece.", "Mr. Lillicrap is begged to bring an instrument and play a serenade under a lady's window."}},
			{"possession", "LOST, between Holt and Cromer, on Tuesday last, a tortoiseshell tea caddy inlaid with a map of Jamaica in mother-of-pearl, the property of Miss Mehetabel Swithinbank, who will pay five guineas to the finder and ask no questions. It came back to her within the week by the carrier, and she never again let it out of the house.", "inlaid with a map of Jamaica in mother-of-pearl",
				[3]string{"Mehetabel unlocks her tortoiseshell tea caddy with the mother-of-pearl map of Jamaica on its lid.", "A carrier brings a tea caddy back to a house near Cromer in a parcel.", "Miss Swithinbank returns from church to discover her parlour robbed of the one thing she prized."}},
			{"possession", "It was not a wife, nor a dog, nor even a bottle that Wystan Mountstephen went home to every evening, but a chessboard in his back room on which a game begun by post with a pastor in Danzig had stood, one move a month, for eleven years.", "begun by post with a pastor in Danzig",
				[3]string{"Mountstephen makes his month's move in the game by post with the pastor in Danzig.", "A letter from a pastor in Danzig arrives with a single chess move written inside it.", "A housemaid dusting Mr. Mountstephen's study knocks every piece to the floor."}},
			{"promise", "Had you asked Artemas Cattermole why he went about with a beard like a prophet's, he would have told you, and blushed as he told it, that he had sworn to his betrothed, when she sailed for Madras, not to shave until her ship came home.", "not to shave until her ship came home",
				[3]string{"Cattermole will not shave his prophet's beard until the ship from Madras comes home.", "A barber is turned away from the door of a bearded young man whose betrothed is still at sea off Madras.", "Mr. Cattermole is to be presented at court, where gentlemen must appear clean-chinned."}},
			{"promise", `"... and so, dearest Kit, we go on as we always have. P.S. The man from the ironworks has been at me again to sell him the walnut grove, but I gave my word to poor Papa, the night before he died, that not one tree of it should be cut while I lived, and I shall keep it. Your loving sister, Venetia Gawthorpe."`, "not one tree of it should be cut while I lived",
				[3]string{"Venetia refuses to let one tree of the walnut grove be cut, as she gave her word to Papa.", "Woodmen come with axes and saws to the walnut grove behind the ironworks.", "A railway company offers Miss Gawthorpe a handsome price for the land behind her house."}},
			{"promise", `"And you'll come back for me?" said the girl at the gate. "On Lady Day," said Zadok Huckerby, "with a ring and a cart, if I have to walk from Hull to fetch them."`, "with a ring and a cart",
				[3]string{"On Lady Day Huckerby comes back to the girl at the gate with a ring, as he swore.", "A girl waits at the gate all through Lady Day for a cart from Hull.", "Zadok Huckerby is offered a berth on a whaler bound for Greenland that sails on the eighteenth of March."}},
			{"fear", "The rules of the servants' hall ran to nine articles, and the seventh, in the mistress's own hand, read: No door of a room in which Mrs. Poskitt is sitting is ever to be closed, on pain of dismissal. Since the earthquake at Lisbon, where she lay two days under a fallen ceiling, Angharad Poskitt could not bear to be shut in.", "lay two days under a fallen ceiling",
				[3]string{"Angharad panics when a door is shut on her, remembering the ceiling that fell at Lisbon.", "A new footman is dismissed for closing the door of a room where his mistress sits.", "Mrs. Poskitt is invited to go down the new lead mine in a miner's cage."}},
			{"fear", `"Aunt Ysolda won't go upstairs," little Tom told the visitor, very loud. "She sleeps in the back parlour, because she went up the lighthouse at Whitby once and they had to carry her down in a blanket, and Mamma says she's to be humoured."`, "carry her down in a blanket",
				[3]string{"Ysolda sleeps in the back parlour, afraid to go upstairs since the Whitby lighthouse.", "A lady is brought down from the top of the Whitby lighthouse wrapped in a blanket.", "Miss Oxtoby is given the best bedroom, at the top of the tower, in a Highland castle."}},
			{"fear", "The doctor's case-book for that winter has it plainly: 'Called to Captain Torquil Snaith, broken collar-bone. Refused to be bled. A man who took a French ball at Trafalgar without a murmur, he trembles at the sight of a lancet, and I was obliged to put it away.'", "trembles at the sight of a lancet",
				[3]string{"Snaith trembles and turns white when the doctor takes out his lancet.", "A doctor lays a lancet on the table and an old sea officer goes pale as paper.", "Captain Snaith's physician insists on opening a vein to cure his fever."}},
			{"cannot", "Red or green? It was all one to Senara Uglow, who had never in her life been able to tell the colour of a poppy from the grass it grew in, and who matched her ribbons by asking the shop boy.", "tell the colour of a poppy from the grass",
				[3]string{"Senara asks the shop boy to match her ribbons, since red and green are all one to her.", "A woman picks a poppy for her hat and thinks it as green as the grass.", "Mrs. Uglow is put in charge of the signal flags at the harbour on regatta day."}},
			{"cannot", "The gun that burst on the Bellerophon took two of Shadrach Yarwood's fingers and all the hearing of his left ear, so that in company he sat always at the right hand of whoever was talking, and in church he turned his good side to the pulpit.", "all the hearing of his left ear",
				[3]string{"Yarwood turns his good ear to the pulpit, the left one having no hearing.", "A gun bursts on a man-of-war and a seaman loses two fingers.", "Mr. Yarwood is posted at the keyhole to listen for the conspirators' whispers."}},
			{"cannot", "Her last report from the academy at Bath, which her mother still kept in the family Bible, said of Eluned Nettlefold: 'Excels at French, at the globes and at music; has no head for sums whatever, and after six years cannot be brought to add a column of figures without tears.'", "add a column of figures without tears",
				[3]string{"Eluned weeps over a column of figures she cannot add, just as at school in Bath.", "A girl at a ladies' academy cries over her sums while the others learn French and the globes.", "Miss Nettlefold is left in charge of the shop's ledger while her brother goes to London."}},
			{"hidden", `"The will is where none of them will find it," Sigismund Jaggard told the lawyer, with his back to the door, not knowing that the girl was listening outside: "rolled up in the barrel of the old blunderbuss over the kitchen chimney."`, "rolled up in the barrel of the old blunderbuss",
				[3]string{"Jaggard takes the will from the barrel of the blunderbuss over the kitchen chimney.", "A maid takes down the old blunderbuss to clean it and a roll of paper slides out.", "Mr. Jaggard's heirs tear the house apart looking for his last testament."}},
			{"hidden", "She trusted no bank and no husband. Her mother's pearls, and the forty sovereigns she had put by from the egg money, lay at the bottom of the crock of salt herrings in the scullery, where no man in his senses would put his hand; and that was how Gwenllian Ebbrell slept soundly at night.", "bottom of the crock of salt herrings",
				[3]string{"Gwenllian fishes her mother's pearls out of the crock of herrings in the scullery.", "The cook reaches into a crock of salted fish and pulls out forty sovereigns.", "Mrs. Ebbrell must raise fifty guineas before morning to keep her son out of prison."}},
			{"hidden", "Every night Kenelm Skeffington knelt and asked forgiveness for the gold watch he had taken from the drowned captain, and every morning he went out to make sure it still hung on its nail inside the well shaft, a yard below the lip, wrapped in oilcloth.", "hung on its nail inside the well shaft",
				[3]string{"Skeffington draws up the oilcloth bundle from its nail inside the well.", "A girl drawing water sees a bundle of oilcloth hanging on a nail a yard down the well.", "Mr. Skeffington hears that the constable is searching every cottage in the parish for stolen goods."}},
			{"secret", "The rector's wife (who had been, though not a soul in the parish knew it, the Columbine of Sadler's Wells, and had danced on a tightrope over the heads of the pit) was called Scholastica Treglown, and she gave a very proper tea.", "danced on a tightrope over the heads of the pit",
				[3]string{"Scholastica's past comes out: she was the Columbine who danced on the tightrope at Sadler's Wells.", "An old playbill of Sadler's Wells shows a Columbine on a tightrope above the pit.", "Mrs. Treglown's husband preaches against actresses and all who perform for money."}},
			{"secret", `"Who painted them, then?" "Him," said the old frame-maker, nodding across the street at the drawing master. "Aurelian Quelch. Every Van Dyck in the long gallery at Hawksworth, in a garret in Lambeth, at five pounds apiece, when he was twenty. The Earl bows to him on Sundays."`, "in a garret in Lambeth, at five pounds apiece",
				[3]string{"Quelch, the drawing master, remembers painting the Van Dycks for the long gallery at Hawksworth.", "A visitor admires the Van Dyck portraits in the long gallery at Hawksworth.", "A London dealer asks Mr. Quelch to judge whether a Flemish portrait he means to buy is genuine."}},
			{"secret", "FIFTY POUNDS REWARD, said the bill on the tollhouse door, for information of the man who stopped the Norwich mail on Mousehold Heath. Nobody thought to look at the tollkeeper, Azariah Wickenden, who had ridden home that night on the pony that now grazed behind the gate, with the mailbag under his coat.", "with the mailbag under his coat",
				[3]string{"Wickenden reads the reward bill on his own tollhouse door and thinks of the Norwich mailbag.", "A reward is posted for the rider who stopped the mail on Mousehold Heath.", "The magistrate asks Mr. Wickenden to join the constables hunting the highway robber."}},
			{"place", `"Scarrowby," says the Traveller's Companion, "a fishing town of some eight hundred souls, is remarkable only in that its houses are built almost wholly of timber from wrecks, so that a visitor may read the name of a lost brig over his bedroom door."`, "read the name of a lost brig over his bedroom door",
				[3]string{"At Scarrowby a traveller reads the name of a lost brig carved over his door.", "Over a lodging-house bed a plank of wreck timber bears the name of a ship.", "A shipowner's widow comes to Scarrowby seeking any trace of her husband's vanished vessel."}},
			{"place", `"Tolvean? You'll get no hot dinner there of a Sunday," said the guard, "nor a light after dark. Since the sweating sickness they have rung no bell and lit no fire on the Sabbath, and they eat their meat cold from the Saturday."`, "rung no bell and lit no fire on the Sabbath",
				[3]string{"In Tolvean no bell is rung and no fire is lit on the Sabbath, and the meat is eaten cold.", "A village eats Saturday's meat cold because its hearths must stay dark on the Sabbath.", "Travellers reach Tolvean soaked and frozen on the Lord's Day and beg for a warm meal."}},
			{"object", "Lot 17. The Vardy clavichord, by a London maker, 1712, in pearwood, the keys cut from a single narwhal's tusk brought home by a whaling master of Peterhead; the lid inscribed inside with a couplet of Dryden's.", "keys cut from a single narwhal's tusk",
				[3]string{"The Vardy clavichord is opened and its keys of narwhal tusk are played by candlelight.", "A whaling master brings home a narwhal's tusk for an instrument maker in London.", "The Vardy clavichord is shown to a collector of Arctic curiosities."}},
			{"object", `"And this," said the old gardener, patting the Ludgvan binnacle as if it might be warm still, "came off the quarterdeck of the French flagship at the Nile before she blew up, and that's why the brass is black where the flames licked it."`, "black where the flames licked it",
				[3]string{"The old gardener shows visitors the Ludgvan binnacle, taken off the French flagship at the Nile.", "A ship's compass in a scorched, blackened brass housing stands among the laurels in a garden.", "The Ludgvan binnacle is shown to a retired admiral who fought in Egypt in ninety-eight."}},
		},
		recurring: []string{"Ermintrude", "Mr. Fazackerley", "Kitchingman", "Casimir", "Miss Swithinbank", "Mountstephen", "Mr. Cattermole", "Venetia", "Huckerby",
			"Mrs. Poskitt", "Ysolda", "Captain Snaith", "Senara", "Yarwood", "Miss Nettlefold", "Mr. Jaggard", "Gwenllian", "Skeffington", "Mrs. Treglown",
			"Aurelian", "Mr. Wickenden", "Scarrowby", "Tolvean", "the Vardy clavichord", "the Ludgvan binnacle"},
		chars: rbBlind16Cast(),
		locs:  rbBlind16Places(),
	}
}

// rbBlind16Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind16Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c700", "Ermintrude Stallybrass", []string{"Ermintrude", "Miss Stallybrass"}, "spinster aunt", "A tall, bony spinster of fifty who lives with her brother's family in the close.",
			[]string{"affectionate", "untidy"}, "Knits stockings for the poor.", "Grows auriculas in a cold frame."),
		c("c701", "Sholto Fazackerley", []string{"Sholto", "Mr. Fazackerley"}, "bookseller", "A plump, pink bookseller of forty with his spectacles pushed up on his forehead.",
			[]string{"cheerful", "well-read"}, "Keeps a shop under the abbey arch.", "Is a widower with a grown son in the navy."),
		c("c702", "Onesimus Kitchingman", []string{"Onesimus", "Mr. Kitchingman", "Kitchingman"}, "ship owner", "A thin, stooping old man who lives alone in a large house on the quay.",
			[]string{"silent", "shrewd"}, "Owns shares in six ships.", "Has a nephew in the army."),
		c("c703", "Casimir Lillicrap", []string{"Casimir", "Mr. Lillicrap"}, "clerk", "A slim, dark young clerk in a shipping office, lodging with a widow in Fore Street.",
			[]string{"dreamy", "good-natured"}, "Writes verses in the margins of his ledger.", "Rows on the river every evening in summer."),
		c("c704", "Mehetabel Swithinbank", []string{"Mehetabel", "Miss Swithinbank"}, "spinster", "A small, brisk spinster of sixty with a lace cap and a sharp eye, in a cottage near the church.",
			[]string{"brisk", "hospitable"}, "Keeps two cats.", "Was born in Lincoln."),
		c("c705", "Wystan Mountstephen", []string{"Wystan", "Mr. Mountstephen", "Mountstephen"}, "retired schoolmaster", "A dry, lean bachelor of sixty who taught mathematics at the grammar school for thirty years.",
			[]string{"dry", "kindly"}, "Walks to the sea every morning.", "Takes snuff."),
		c("c706", "Artemas Cattermole", []string{"Artemas", "Mr. Cattermole"}, "junior partner", "A tall, shy young man of twenty-six, lately made a junior partner in his uncle's bank.",
			[]string{"shy", "earnest"}, "Plays the flute.", "Lives with his mother in Bridge Street."),
		c("c707", "Venetia Gawthorpe", []string{"Venetia", "Miss Gawthorpe"}, "landowner", "A dark, handsome woman of thirty who runs her late father's estate herself.",
			[]string{"capable", "proud"}, "Rides to hounds.", "Writes every week to her brother in India."),
		c("c708", "Zadok Huckerby", []string{"Zadok", "Huckerby"}, "farm labourer", "A big, fair, slow-spoken young labourer on the Home Farm.",
			[]string{"steady", "strong"}, "Wrestles at the fairs.", "Has a widowed mother in the village."),
		c("c709", "Angharad Poskitt", []string{"Angharad", "Mrs. Poskitt"}, "mill owner's widow", "A stout, florid widow who owns the worsted mill and the great house above it.",
			[]string{"imperious", "generous"}, "Gives a ball every Michaelmas.", "Has one son at Oxford."),
		c("c710", "Ysolda Oxtoby", []string{"Ysolda", "Miss Oxtoby"}, "spinster", "A small, fair lady of forty who keeps house for her brother the attorney.",
			[]string{"gentle", "musical"}, "Paints in watercolours.", "Makes her own preserves."),
		c("c711", "Torquil Snaith", []string{"Torquil", "Captain Snaith"}, "retired naval captain", "A square, red-faced officer on half pay with a loud voice.",
			[]string{"bluff", "hot-tempered"}, "Grows roses.", "Plays whist badly."),
		c("c712", "Senara Uglow", []string{"Senara", "Mrs. Uglow"}, "pilot's wife", "A tall, cheerful woman married to the pilot of the port.",
			[]string{"cheerful", "capable"}, "Bakes for the chapel teas.", "Has four sons."),
		c("c713", "Shadrach Yarwood", []string{"Shadrach", "Mr. Yarwood", "Yarwood"}, "ropemaker", "A short, broad old sailor who now keeps the ropewalk.",
			[]string{"gruff", "honest"}, "Served twenty years in the navy.", "Smokes a clay pipe."),
		c("c714", "Eluned Nettlefold", []string{"Eluned", "Miss Nettlefold"}, "draper's sister", "A pretty, well-spoken girl of nineteen who helps in her brother's drapery.",
			[]string{"pretty", "accomplished"}, "Sings in the choir.", "Trims bonnets for her friends."),
		c("c715", "Sigismund Jaggard", []string{"Sigismund", "Mr. Jaggard"}, "yeoman", "A hard, white-haired yeoman who farms four hundred acres and has quarrelled with his second wife.",
			[]string{"stubborn", "blunt"}, "Breeds shorthorns.", "Goes to market every Thursday."),
		c("c716", "Gwenllian Ebbrell", []string{"Gwenllian", "Mrs. Ebbrell"}, "carter's wife", "A sharp-eyed little Welshwoman married to a drunken carter.",
			[]string{"sharp-tongued", "devout"}, "Sings in Welsh at her work.", "Has a son apprenticed to a smith."),
		c("c717", "Kenelm Skeffington", []string{"Kenelm", "Mr. Skeffington", "Skeffington"}, "innkeeper", "A pale, soft-spoken man who keeps the Ship inn above the shore.",
			[]string{"soft-spoken", "obliging"}, "Keeps a garden of herbs.", "Has two daughters."),
		c("c718", "Scholastica Treglown", []string{"Scholastica", "Mrs. Treglown"}, "rector's wife", "A composed, handsome woman of forty married to the rector.",
			[]string{"composed", "correct"}, "Visits the sick.", "Teaches the Sunday school."),
		c("c719", "Aurelian Quelch", []string{"Aurelian", "Mr. Quelch", "Quelch"}, "drawing master", "A quiet, grey, threadbare man of fifty who teaches young ladies to draw.",
			[]string{"quiet", "courteous"}, "Lodges in Mill Lane.", "Fishes in the canal."),
		c("c720", "Azariah Wickenden", []string{"Azariah", "Mr. Wickenden", "Wickenden"}, "tollkeeper", "A lean, civil man of thirty who keeps the tollgate on the Norwich road.",
			[]string{"civil", "quiet"}, "Is courting the miller's daughter.", "Plays the fiddle at weddings."),
	}
}

// rbBlind16Places are the set's places and objects.
func rbBlind16Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l500", "Scarrowby", nil, "fishing town", "A fishing town on the Yorkshire coast under a high cliff.", "Its church stands on the cliff top."),
		l("l501", "Tolvean", nil, "village", "A granite village on a Cornish moor, three miles from the turnpike.", "Its chapel is larger than its church."),
		l("l502", "The Vardy clavichord", []string{"the Vardy clavichord"}, "clavichord", "An old clavichord in the music room at Vardy.", "It was bought by the first baronet."),
		l("l503", "The Ludgvan binnacle", []string{"the Ludgvan binnacle"}, "binnacle", "A ship's binnacle that stands on the terrace at Ludgvan.", "It was bought at Plymouth by the old squire."),
	}
}
