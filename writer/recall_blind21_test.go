package writer

import "github.com/storyd/storyd/project"

// The twenty-first blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes21", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the nineteenth and twentieth sets written alongside it: 25 facts and their
// 75 probes, with people, places and objects found in no other set and no
// name found in the corpus. It is blind: nothing in recall/ or index/ was
// changed with it in view, and once its misses are used to change the
// ranking it is no longer a blind measure and a new set is needed for an
// honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind21 -recall.scenes 30,300,1000
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
// objects. The plants mix plain shapes (short blunt sentences, a narrator's
// statement, dialogue with and without tags, reported speech, a pronoun with
// the name a sentence earlier, long sentences with the fact late in them)
// with rarer ones: a bailiffs' inventory, a gossip's letter, a sampler, the
// minutes of a vestry, a doctor's casebook, a cook's warning to a new
// servant, a board's letter of regret, a diary, a mother's letter to her
// daughter at school, a game of hide-and-seek, an attorney's account book, a
// publisher's letter, a ship's muster book, a gazetteer, a saying of the
// dale, an auction catalogue and a newspaper's list of wedding presents.
func rbBlind21() rbSet {
	return rbSet{
		name: "blind21",
		facts: []rbFact{
			{"trait", "Fulcher Lefroy whistled when he lied. Everyone on the quay knew it but Lefroy.", "whistled when he lied",
				[3]string{"Lefroy whistles as he lies to the harbour master, and the whole quay knows it.", "A man on the quay whistles a jig while he swears the cargo is sound.", "Mr. Lefroy assures the customs officer that there is no brandy in his hold."}},
			{"trait", `"Has Jacobina Chenevix ever finished a novel?" "She reads the last chapter first, standing at the counter of the circulating library, and if the heroine is married in it she takes the three volumes home; if not, they go back on the shelf."`, "reads the last chapter first",
				[3]string{"Jacobina Chenevix reads the last chapter of a novel first, standing at the library counter.", "A lady at the counter reads the end of every three-volume novel before she will take the volumes home.", "Miss Chenevix is lent a new romance by the curate and asked her opinion of the plot."}},
			{"trait", "Peverel Bosanquet was a kind master, a fair landlord, a generous subscriber to the infirmary and a tolerable judge of a horse, and he had not once in forty years been known to arrive anywhere on time, his own wedding included, for which he was an hour and a quarter late.", "known to arrive anywhere on time",
				[3]string{"Bosanquet arrives an hour late, as he has arrived late everywhere for forty years, his wedding included.", "A generous subscriber to the infirmary keeps his bride waiting an hour and a quarter at the altar.", "Mr. Bosanquet must catch the mail coach that leaves the Crown at six sharp."}},
			{"possession", "Inventory taken by the bailiffs at the house of Basilia Garrigue, widow: one oak bed; two rush chairs; a deal table; a spinning wheel; and a narwhal's tusk seven feet long, which the widow would not suffer them to value.", "narwhal's tusk seven feet long",
				[3]string{"Basilia Garrigue will not let the bailiffs value the narwhal's tusk.", "A tusk of seven feet leans in the corner of a widow's cottage.", "Thieves break into Mrs. Garrigue's cottage looking for anything worth selling in Liverpool."}},
			{"possession", `"That fiddle," said Decimus Romilly, laying it in its case as if it were a child, "was played at the siege of Gibraltar by a drummer boy who was shot in the middle of a reel, and I'd not part with it for the Governor's house."`, "played at the siege of Gibraltar",
				[3]string{"Romilly lays the fiddle in its case, the one a drummer boy played at Gibraltar.", "A fiddle with a bullet scar from the siege of Gibraltar is offered to a pawnbroker.", "Mr. Romilly's lodgings catch fire and he runs back in for one thing only."}},
			{"possession", "My dear Letty, you will never guess who owns the ferry. Not the Corporation, not the Duke: Emmot Minet, that little Frenchified milliner, bought it outright at the Michaelmas sale with her savings, and now the whole parish must pay her a penny to cross.", "bought it outright at the Michaelmas sale",
				[3]string{"Emmot Minet takes a penny from everyone who crosses on the ferry she bought at the Michaelmas sale.", "The milliner who owns the ferry takes a penny from the whole parish.", "Mrs. Minet's rival in trade needs to get his wagons over the water to market by dawn."}},
			{"promise", "Tiberius Houblon told the magistrate, as he had told the chaplain, that he had given his word to the drowned man's widow to bring her husband's body home from the Skerries, and that he would sail as soon as the gale dropped, with or without the magistrate's leave.", "bring her husband's body home from the Skerries",
				[3]string{"Houblon sails for the Skerries to bring the drowned man's body home to his widow.", "A fishing boat puts out into a gale to fetch a dead man from the Skerries.", "Mr. Houblon is offered a berth on a Greenland whaler departing on Tuesday's tide."}},
			{"promise", "Over Amice Fonnereau's bed, under the alphabet and a crooked Noah's ark, hung the sampler she had worked in red silk at ten years old: I promise my dear Mother on her deathbed to keep the light in the window for my brother Tom at sea.", "keep the light in the window for my brother",
				[3]string{"Amice Fonnereau sets a light in the window for her brother at sea, as she promised her mother.", "A sampler with a crooked Noah's ark hangs over a woman's bed.", "Miss Fonnereau's landlord forbids candles burning unattended after dark."}},
			{"promise", "Minutes of the vestry, Easter Monday. Present: the Rector, both churchwardens, Mr. Wymond Tahourdin. Mr. Tahourdin undertook, in consideration of the parish forgiving him his arrears of rates, to dig every grave in the parish free of charge for the rest of his life. Carried nem. con.", "dig every grave in the parish free of charge",
				[3]string{"Wymond Tahourdin digs a grave free of charge, as he undertook before the vestry.", "The vestry forgives a man his arrears of rates in exchange for a lifetime's labour in the churchyard.", "A pauper dies in the workhouse and the overseers ask Mr. Tahourdin what the burial will cost them."}},
			{"fear", "Lucetta Papillon had crossed the Channel in a January gale and laughed at it. She was afraid, however, of nothing in the world so much as the ticking of a clock, and every clock in the house at Richmond was kept stopped at twenty past four, the hour her father died.", "so much as the ticking of a clock",
				[3]string{"Lucetta Papillon has every clock in the house stopped, afraid of the ticking.", "Every clock in a house at Richmond stands at twenty past four.", "Miss Papillon is given a handsome watch by her suitor on her birthday."}},
			{"fear", "Case 41. G. Luard, aged thirty-eight. Sound in wind and limb. Complains of nothing, but will not go below ground: a cellar or a mine throws him into a sweat and a tremor, since he was buried two days in the fall at the Foxdale pit as a boy. No remedy offered.", "will not go below ground",
				[3]string{"Luard breaks into a sweat at the top of the cellar steps, as he has since the Foxdale pit buried him.", "A boy is buried two days in a fall at the Foxdale pit.", "Mr. Luard is ordered to search the smugglers' vaults under the Customs House."}},
			{"fear", `"And never," said the cook to the new girl, "never bring a feather into the mistress's room, not a quill nor a fan nor a duster. Mrs. Majendie had a canary fly at her face when she was a baby, and a feather on the floor will set her screaming."`, "a feather on the floor will set her screaming",
				[3]string{"The new girl brings a feather duster into the room and Mrs. Majendie starts screaming.", "A canary flies at a baby's face.", "Alditha Majendie must help in the scullery plucking geese for the Christmas dinner."}},
			{"cannot", "The Board regrets that Mr. Ivo Delamare, though first in every examination, cannot be appointed signalman, being unable to tell a red lamp from a green one.", "unable to tell a red lamp from a green one",
				[3]string{"Delamare mistakes the red lamp for the green one, as the Board feared.", "A young man who came first in every examination is refused by the Board.", "Mr. Delamare is asked by his sister to match the silks for her embroidery."}},
			{"cannot", "Thursday. Dined at the Courtaulds'. The fish was high, and everybody knew it but our hostess; poor Juliana has had no sense of smell since the smallpox, and eats and serves what the rest of us would throw to the pigs.", "no sense of smell since the smallpox",
				[3]string{"Juliana Courtauld serves high fish to her guests, having no sense of the smell.", "A hostess serves fish that everybody at the table knows is high.", "Mrs. Courtauld is alone in the house when the kitchen chimney catches and the stairs fill with smoke."}},
			{"cannot", "Reinfrid Cazenove had been a good husband for twenty years, a steady vestryman and a fair employer of the men at his rope-walk, and no one outside his own house had guessed that he could not know his own wife's face in the street, and had learnt her by her walk and her grey bonnet.", "could not know his own wife's face in the street",
				[3]string{"Cazenove passes his own wife in the street, not knowing her face without her grey bonnet.", "The owner of a rope-walk passes his wife in the street without a word.", "Mr. Cazenove is to identify the pickpocket from a line of six prisoners at the magistrate's office."}},
			{"hidden", `Jocosa Vignoles wrote to her daughter at school: "If anything should happen to me, Bess, the money is not in the bank, which I never trusted; it is inside the stuffed owl in the back parlour."`, "inside the stuffed owl in the back parlour",
				[3]string{"Jocosa Vignoles takes the money from the stuffed owl in her parlour.", "A girl at school reads her mother's letter about a stuffed owl.", "Mrs. Vignoles's son-in-law auctions off the contents of her house to pay his debts."}},
			{"hidden", "On the night of the fire Sewal Saurin carried the chalice out of the burning chapel, and instead of giving it to the priest he hid it in the straw skep of his oldest hive, where the bees kept it better than any lock.", "straw skep of his oldest hive",
				[3]string{"Sewal Saurin lifts the old straw skep off the hive to take out the chalice.", "A man is stung badly reaching into a skep.", "A new vicar asks Mr. Saurin what became of the old altar plate."}},
			{"hidden", "The children played hide-and-seek through the whole of Ankaret Dalbiac's house that Christmas, and the only place she would not let them go was the window seat in the blue room, where, under the cushions and a false board, lay the pistol that had killed a man at dawn behind the turnpike twenty years before.", "under the cushions and a false board",
				[3]string{"Ankaret Dalbiac lifts the cushions of the window seat in the blue room and takes out the pistol.", "Children playing hide-and-seek at Christmas are kept out of the blue room.", "A Bow Street runner arrives with a warrant to search every cupboard at Miss Dalbiac's."}},
			{"secret", "Paid, quarterly, on account of Mr. Joscelin Teulon, to the keeper of a private madhouse at Hoxton, for the board of Mrs. Teulon: twelve pounds ten. Mr. Teulon, the town believed, was a bachelor.", "for the board of Mrs. Teulon",
				[3]string{"Teulon pays the keeper of the Hoxton madhouse for the board of a wife the town knows nothing of.", "An attorney enters a quarterly payment to a madhouse at Hoxton in his account book.", "Mr. Teulon proposes to the rector's daughter at the harvest supper."}},
			{"secret", "Madam, Messrs. Hatchard enclose the sum of forty pounds for the second edition of The Castle of Orsini, and, as you desire, will continue to keep your name from the public and from Mr. Ligonier. To Mrs. Corisande Ligonier, by hand.", "keep your name from the public",
				[3]string{"Corisande Ligonier receives forty pounds from her publisher for the second edition and keeps her name from the public.", "A bookseller's letter encloses forty pounds for a second edition of The Castle of Orsini.", "Mrs. Ligonier's husband reads aloud at breakfast a scathing review of a new romance by an anonymous lady."}},
			{"secret", "The muster book of the Thunderer for 1797 has a seaman Robert Crennell marked R, for Run, at Spithead; Odo Guinand, as he called himself now, kept the best inn on the island, and no one on the island knew that the two were one man, a deserter whom the Navy could still hang.", "marked R, for Run, at Spithead",
				[3]string{"Guinand dreads that someone will find Crennell marked as run at Spithead in the Thunderer's muster book.", "A seaman who ran from the Thunderer keeps an inn on the island.", "A press gang lands at the harbour and Mr. Guinand is told a naval lieutenant wants a word with him."}},
			{"place", "Kirkbister. A fishing town of some four hundred souls on the east coast, built entirely on piles over the sands, so that at the spring tides the sea runs under every house in it.", "built entirely on piles over the sands",
				[3]string{"At the spring tide the sea runs under the houses of Kirkbister, built on piles over the sands.", "Fishermen's houses stand on wooden piles above the sands.", "A child falls through a loose plank at Kirkbister in the middle of the night."}},
			{"place", `"Threapland for quarrels," they said in the dale, and not without cause: the village had two churches, two inns, two mills and two of everything else, one for each side of a feud older than the Reformation, and no man of the east end would drink where a man of the west end had drunk.`, "one for each side of a feud older than the Reformation",
				[3]string{"In Threapland each side of the old feud keeps its own church, inn and mill.", "A village has two churches, two inns and two mills, one for each half of a quarrel.", "A stranger at Threapland stands a round of ale for the whole taproom on his first night."}},
			{"object", "Lot 212. The Yarpole tantalus, walnut and brass, with three cut-glass decanters. The key was thrown into the river Wye by the late Mrs. Yarpole in 1802, on her husband's third bankruptcy, and the lock has never been picked.", "key was thrown into the river Wye",
				[3]string{"The Yarpole tantalus stands locked, its key thrown in the river, its three decanters full.", "Three cut-glass decanters stand behind brass bars that no one has opened since 1802.", "The butler is told to serve the gentlemen brandy from the Yarpole tantalus after dinner."}},
			{"object", "Among the wedding presents, which were numerous and costly, the Lunnasting samovar deserves notice: it was given to the bride's great-grandfather by the Empress Catherine herself, and it has never been used, since it leaks at every seam.", "it leaks at every seam",
				[3]string{"The Lunnasting samovar, the Empress Catherine's present to the bride's great-grandfather, leaks when it is used.", "The bride's great-grandfather's present from the Empress stands polished and unused.", "The Lunnasting samovar is filled and lit for the Russian envoy's tea on the lawn."}},
		},
		recurring: []string{"Lefroy", "Miss Chenevix", "Mr. Bosanquet", "Basilia", "Romilly", "Mrs. Minet", "Mr. Houblon", "Amice", "Mr. Tahourdin", "Miss Papillon",
			"Luard", "Mrs. Majendie", "Mr. Delamare", "Juliana", "Mr. Cazenove", "Jocosa", "Sewal", "Miss Dalbiac", "Mr. Teulon", "Corisande",
			"Guinand", "Kirkbister", "Threapland", "the Yarpole tantalus", "the Lunnasting samovar"},
		chars: rbBlind21Cast(),
		locs:  rbBlind21Places(),
	}
}

// rbBlind21Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind21Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1200", "Fulcher Lefroy", []string{"Fulcher", "Mr. Lefroy", "Lefroy"}, "ship's chandler", "A broad, red-bearded chandler of fifty with a shop on the harbour steps.",
			[]string{"hearty", "shrewd"}, "Has a share in two fishing smacks.", "Is a widower with one son."),
		c("c1201", "Jacobina Chenevix", []string{"Jacobina", "Miss Chenevix"}, "spinster", "A plump, bright-eyed spinster of forty who lives with her brother the doctor.",
			[]string{"sentimental", "sociable"}, "Keeps her brother's house.", "Plays the harp badly."),
		c("c1202", "Peverel Bosanquet", []string{"Peverel", "Mr. Bosanquet", "Bosanquet"}, "country gentleman", "A large, easy, grey-haired gentleman of sixty-five with a small estate and a large family.",
			[]string{"kind", "easy-going"}, "Is a justice of the peace.", "Has eight children."),
		c("c1203", "Basilia Garrigue", []string{"Basilia", "Mrs. Garrigue"}, "widow", "A tall, gaunt widow of sixty whose husband kept the harbour light.",
			[]string{"stern", "proud"}, "Takes in washing.", "Has a son in Canada."),
		c("c1204", "Decimus Romilly", []string{"Decimus", "Mr. Romilly", "Romilly"}, "dancing master", "A small, spry old man of seventy who teaches the town's children to dance.",
			[]string{"spry", "vain"}, "Has never married.", "Lodges over the baker's."),
		c("c1205", "Emmot Minet", []string{"Emmot", "Mrs. Minet"}, "milliner", "A tiny, quick, black-eyed woman of forty-five of French descent.",
			[]string{"sharp", "proud"}, "Keeps a shop in the High Street.", "Her husband is an invalid."),
		c("c1206", "Tiberius Houblon", []string{"Tiberius", "Mr. Houblon", "Houblon"}, "fisherman", "A huge, silent fisherman of forty who owns his own boat.",
			[]string{"silent", "stubborn"}, "Is a Methodist.", "Has five children."),
		c("c1207", "Amice Fonnereau", []string{"Amice", "Miss Fonnereau"}, "schoolmistress", "A fair, serious young woman of twenty-six who keeps the dame school.",
			[]string{"serious", "gentle"}, "Lodges with the saddler's family.", "Sings in the choir."),
		c("c1208", "Wymond Tahourdin", []string{"Wymond", "Mr. Tahourdin", "Tahourdin"}, "carter", "A stooped, silent carter of fifty-five with one old horse and a cart for hire.",
			[]string{"silent", "honest"}, "Was once a poacher.", "Lives in a cottage by the pound."),
		c("c1209", "Lucetta Papillon", []string{"Lucetta", "Miss Papillon"}, "heiress", "A fair, fearless young woman of twenty-four, lately come into her father's fortune.",
			[]string{"fearless", "impulsive"}, "Rides to hounds.", "Has many suitors."),
		c("c1210", "Grimbald Luard", []string{"Grimbald", "Mr. Luard", "Luard"}, "riding officer of the excise", "A lean, hard-riding officer of thirty-eight, the terror of the free traders.",
			[]string{"dogged", "honest"}, "Rides a grey mare.", "Is unmarried."),
		c("c1211", "Alditha Majendie", []string{"Alditha", "Mrs. Majendie"}, "mill owner's wife", "A handsome, gentle woman of thirty married to the owner of the cotton mill.",
			[]string{"gentle", "generous"}, "Gives to every charity.", "Has a little daughter."),
		c("c1212", "Ivo Delamare", []string{"Ivo", "Mr. Delamare", "Delamare"}, "clerk", "A clever, shabby young man of twenty-two who supports his mother and sister.",
			[]string{"clever", "diligent"}, "Writes a beautiful hand.", "Studies mathematics at night."),
		c("c1213", "Juliana Courtauld", []string{"Juliana", "Mrs. Courtauld"}, "hostess", "A stout, good-natured woman of fifty who gives dinners twice a week.",
			[]string{"hospitable", "good-natured"}, "Her husband is a wine merchant.", "Has a famous cook."),
		c("c1214", "Reinfrid Cazenove", []string{"Reinfrid", "Mr. Cazenove", "Cazenove"}, "ropemaker", "A quiet, grey, courteous man of fifty who owns the rope-walk by the river.",
			[]string{"quiet", "courteous"}, "Keeps canaries.", "Plays bowls on Saturdays."),
		c("c1215", "Jocosa Vignoles", []string{"Jocosa", "Mrs. Vignoles"}, "widow", "A brisk, shrewd widow of fifty-five who lets lodgings by the week.",
			[]string{"brisk", "talkative"}, "Has a daughter at school in Bath.", "Goes to chapel twice on Sundays."),
		c("c1216", "Sewal Saurin", []string{"Sewal", "Mr. Saurin", "Saurin"}, "smallholder", "A slow, gentle old man who keeps a few acres and a cow on the hill.",
			[]string{"slow", "devout"}, "Was a soldier in his youth.", "Talks to his animals."),
		c("c1217", "Ankaret Dalbiac", []string{"Ankaret", "Miss Dalbiac"}, "spinster", "A fine-looking, reserved woman of forty who lives alone in her late father's house.",
			[]string{"reserved", "hospitable"}, "Reads Italian poetry.", "Has a brother in India."),
		c("c1218", "Joscelin Teulon", []string{"Joscelin", "Mr. Teulon", "Teulon"}, "gentleman farmer", "A handsome, reserved man of thirty-six who farms his own land.",
			[]string{"reserved", "courteous"}, "Breeds shorthorn cattle.", "Is admired by the young ladies."),
		c("c1219", "Corisande Ligonier", []string{"Corisande", "Mrs. Ligonier"}, "attorney's wife", "A quiet, dark woman of thirty-five married to the town's leading attorney.",
			[]string{"quiet", "dutiful"}, "Grows roses.", "Has no children."),
		c("c1220", "Odo Guinand", []string{"Odo", "Mr. Guinand", "Guinand"}, "innkeeper", "A broad, cheerful innkeeper of forty-five with a loud laugh.",
			[]string{"cheerful", "shrewd"}, "Keeps the Three Herrings.", "Brews his own ale."),
	}
}

// rbBlind21Places are the set's places and objects.
func rbBlind21Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1000", "Kirkbister", nil, "fishing town", "A small fishing town on the east coast of the island.", "Its chapel is Methodist."),
		l("l1001", "Threapland", nil, "village", "A grey stone village at the head of the dale.", "It is famous for its sheep fair."),
		l("l1002", "The Yarpole tantalus", []string{"the Yarpole tantalus"}, "tantalus", "A walnut tantalus on the sideboard at Yarpole.", "It was made in Birmingham."),
		l("l1003", "The Lunnasting samovar", []string{"the Lunnasting samovar"}, "samovar", "A great copper samovar in the drawing room at Lunnasting.", "It came from St. Petersburg."),
	}
}
