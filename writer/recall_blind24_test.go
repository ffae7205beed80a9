package writer

import "github.com/storyd/storyd/project"

// The twenty-fourth blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes24", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-fifth and twenty-sixth sets written alongside it: 25 facts and
// their 75 probes, with people, places and objects found in no other set
// and no name found in the corpus (surnames from farms and parishes of
// Galloway and Ayrshire, first names from Scottish kirk session records).
// It is blind: nothing in recall/ or index/ was changed with it in view,
// and once its misses are used to change the ranking it is no longer a
// blind measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind24 -recall.scenes 30,300,1000
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
// objects. The plants mix plain shapes (a narrator's statement, short blunt
// sentences, long sentences with the fact late in them, dialogue with and
// without tags, reported speech, a pronoun with the name a sentence
// earlier, a pronoun before the name) with rarer ones: a kirk session
// minute, a packman's news, a skipper's log, a sampler over a bed, a
// doctor's casebook, a parish byword, a diary entry, secrets told to the
// bees, a lie told to children, a drovers' rule, counsel's opinion and a
// newspaper's lost notice.
func rbBlind24() rbSet {
	return rbSet{
		name: "blind24",
		facts: []rbFact{
			{"trait", "Compeared Quintin Barwhinnock, elder, and being asked why he had not sat down at the Lord's table these three years, declared that he would swear no oath and sign no paper whatever, not for the King himself, since the Test was put to his father at Wigtown.", "he would swear no oath and sign no paper",
				[3]string{"Quintin Barwhinnock will swear no oath and sign no paper, not even for the King.", "An elder compeared before the session is asked why he has not sat down at the Lord's table.", "Mr. Barwhinnock is called as a witness before the sheriff at Kirkcudbright."}},
			{"trait", "Euphan Glenhapple laughed at funerals. She could not help it. The more solemn the minister, the worse it got.", "Euphan Glenhapple laughed at funerals",
				[3]string{"Euphan Glenhapple laughs at a funeral, and the more solemn the minister the worse it gets.", "A woman laughs at a funeral while the minister is at his most solemn.", "Mrs. Glenhapple stands at her uncle's graveside as the coffin is lowered into the kirkyard."}},
			{"trait", "Uchtred Kirkinner came down off the hill with the ewes on the last day of October. He had never in his life been known to hurry, not for rain, not for the laird, not for a house on fire.", "never in his life been known to hurry",
				[3]string{"Uchtred Kirkinner will not hurry, not for the rain nor for the laird.", "A shepherd brings the ewes down off the hill on the last day of October.", "Mr. Kirkinner is sent running for the midwife on a night of storm."}},
			{"possession", "The packman, who carried news up and down the Cree with his needles and ribbons, said that Marjory Lagafater had a wee wire-strung cittern from Antrim on her wall, and played it after dark with her fingernails, the old way.", "a wee wire-strung cittern from Antrim",
				[3]string{"Marjory Lagafater plays her wire-strung cittern with her fingernails after dark.", "A packman selling needles and ribbons tells of a cittern hung on a wall.", "The fiddler is too drunk to stand at the penny wedding, and the bride turns to Miss Lagafater."}},
			{"possession", "Gavin Drumlamford was a drover who had walked black cattle to Falkirk for thirty years, had been robbed twice and cheated oftener, had buried a wife and a son, and owned at the end of it nothing but the clothes he stood in and a pedigree bull called the Provost, worth more than the farm he rented.", "a pedigree bull called the Provost",
				[3]string{"Gavin Drumlamford leads out his pedigree bull, the Provost, worth more than his rented farm.", "An old drover who walked black cattle to Falkirk for thirty years is cheated once more.", "A murrain runs through the beasts of the parish, and Mr. Drumlamford's byre is next on the road."}},
			{"possession", `"Who owns the mill now the old laird's dead?" "Not the young one, whatever he thinks." "Who, then?" "Lillias Craigengillan. The old man gave her a tack of it for three lifetimes, written on a sheepskin, and she keeps it in her meal-girnel."`, "a tack of it for three lifetimes",
				[3]string{"Lillias Craigengillan takes the tack of the mill for three lifetimes out of her meal-girnel.", "A tack written on a sheepskin is kept in a meal-girnel.", "The heir serves Mrs. Craigengillan notice to quit by Whitsunday."}},
			{"promise", "Log of the sloop Betty, 14th Nov. Made the light in Jonet Knockdolian's window at eight bells, the same she has kept lit every night since she promised her brother, lost at the herring, that she would burn it till he came home.", "burn it till he came home",
				[3]string{"Jonet Knockdolian keeps the light burning in her window for the brother lost at the herring.", "A sloop's log notes a light seen in a window at eight bells.", "Miss Knockdolian is snowed in at her cousin's in Girvan for a week in January."}},
			{"promise", `"I'll see the bairn to its father in Larne," Rankin Polmaddy told the dying woman in the barn, "if I have to carry it on my back, so I will."`, "see the bairn to its father in Larne",
				[3]string{"Rankin Polmaddy carries the bairn on his back to its father in Larne.", "A woman lies dying in a barn with a bairn beside her.", "Mr. Polmaddy is offered a good farm in Kyle on condition that he takes it up at the May term."}},
			{"promise", "Girzel Corsock had stitched her vow in red wool on a sampler and hung it over her bed, so that she would see it every morning: never to cross the door of the big house at Glenlochar while a Gordon lived in it.", "never to cross the door of the big house",
				[3]string{"Girzel Corsock keeps the vow on her sampler and will not cross the door of the big house.", "A sampler stitched in red wool hangs over a bed.", "Mrs. Corsock is sent for to nurse the laird's daughter through the smallpox."}},
			{"fear", "Casebook, Dr. Maclurg, Creetown. A. Myroch, fisherman, forty: sound in wind and limb. Will not set foot on the sands below the tideline since he saw his father's cart and horse taken by the quick at the Cree mouth. Sweats at the word. Nothing to be done.", "his father's cart and horse taken by the quick",
				[3]string{"Andro Myroch sweats at the sight of the sands where his father's cart and horse were taken.", "A doctor's casebook notes a fisherman who sweats at a word.", "Mr. Myroch must walk across the estuary at low tide to fetch the howdie for his wife's lying-in."}},
			{"fear", `"Ask me to shear, to bake, to wash the kirk," said Tibbie Carsluith, "but I'll not sit in a room with a dead body, not for the Queen herself. I sat the night with my granny's corpse at nine, and it sat up."`, "I'll not sit in a room with a dead body",
				[3]string{"Tibbie Carsluith refuses to sit in a room with a dead body, since her granny's corpse sat up.", "A girl of nine sits the night with her granny's corpse, and it sits up.", "Mrs. Carsluith's neighbour dies, and the women of the clachan are to take turns at the lykewake."}},
			{"fear", "In Straiton they said a man was as feart as Zachy at the thunder, for Zacharias Blairquhan, six foot and sixteen stone, would creep under the box bed at the first growl of it and lie there with his hands over his ears till it passed.", "creep under the box bed at the first growl",
				[3]string{"Zacharias Blairquhan creeps under the box bed with his hands over his ears while the thunder growls.", "A man of six foot and sixteen stone hides under a box bed.", "A storm breaks over the moor while Mr. Blairquhan is leading the minister's mare to the manse."}},
			{"cannot", "Mause Balwhirrie had sorted the wool for the Dalry weavers for twenty years, and none of them knew that she could not count beyond her ten fingers: she kept the tally of the fleeces in notches on a hazel stick.", "she could not count beyond her ten fingers",
				[3]string{"Mause Balwhirrie keeps the tally of the fleeces in notches on a hazel stick.", "The weavers find a hazel stick notched with a tally of fleeces.", "Mrs. Balwhirrie is left in charge of the collection plate and must reckon up the offering for the session clerk."}},
			{"cannot", "Hew Cardoness bought the whisky for the Kirkcudbright Arms by taste and colour only, which the trade thought a fad, until the gauger learned that he had no nose at all: the fever of 'thirty-two had taken his sense of smell entire.", "taken his sense of smell entire",
				[3]string{"Hew Cardoness buys the whisky by taste and colour, having no sense of smell since the fever.", "The gauger learns why a merchant buys whisky by taste and colour alone.", "Mr. Cardoness sleeps alone above the inn on the night a smouldering fire starts in the cellar."}},
			{"cannot", `"She passed you on the brae and never spoke." "She'd not know me. Elspeth Barncorkrie knows folk by their walk and their voices; faces are all one to her, her own mother's too."`, "faces are all one to her, her own mother's too",
				[3]string{"Elspeth Barncorkrie knows folk only by their walk and their voices.", "A woman passes a neighbour on the brae and never speaks.", "Miss Barncorkrie is brought before the justices to point out the man who robbed her on the road."}},
			{"hidden", "What the excise men never found, though they searched Drumtroddan twice with a dog, were the ankers of brandy Abacuck had walled into the cairn on the hill, under the three standing stones.", "walled into the cairn on the hill",
				[3]string{"Abacuck Drumtroddan walks the excise men over the cairn where his brandy is walled.", "Excise men search a farm twice with a dog and find nothing.", "Mr. Drumtroddan hears that the road trustees are to take metal for the new turnpike from his ground."}},
			{"hidden", "The minister had preached against it, and Isobel Chirmorie had said amen with the rest. Then she went home, wrapped her dead husband's fiddle in oilcloth, and hid it in the heart of the peat stack.", "hid it in the heart of the peat stack",
				[3]string{"Isobel Chirmorie pulls her husband's fiddle in its oilcloth out of the peat stack.", "A fiddle wrapped in oilcloth turns up.", "Mrs. Chirmorie's sons burn through the winter's fuel in a hard February and start on the last of it."}},
			{"hidden", "Jan. 9. Thaw. Drove the stirks to Glenluce. N. Galdenoch says the pistols his brother carried at Culloden are in the thatch of the byre still, under the third couple from the door; he showed me the place.", "in the thatch of the byre still, under the third couple",
				[3]string{"Nicolas Galdenoch shows where his brother's pistols lie in the thatch of the byre.", "Pistols carried at Culloden are found in a thatch.", "Redcoats come to Mr. Galdenoch's farm to search for arms after the rising."}},
			{"secret", "Katrein Glenquicken told the bees, as you tell them everything, and told nobody else: that the bairn she nursed for the Lady was her own son, changed in the cradle the night the Lady's child died.", "changed in the cradle the night",
				[3]string{"Katrein Glenquicken tells the bees that the Lady's bairn she nursed is her own son.", "Someone tells the bees what was done at a cradle.", "Mrs. Glenquicken watches the young laird come of age at the birthday feast at the big house."}},
			{"secret", "He told only his wife, on the night before his ordination, that the Edinburgh testimonial was in his own hand: Archibald Kilsture had never set foot in the Divinity Hall.", "had never set foot in the Divinity Hall",
				[3]string{"Archibald Kilsture's wife knows the Edinburgh testimonial for his ordination is in his own hand.", "A testimonial from the Divinity Hall is examined.", "The Presbytery of Stranraer sends a committee to examine Mr. Kilsture's learning in Hebrew and Greek."}},
			{"secret", `"Is it the Grey Man, Effie?" the bairns asked, when the white thing moved on the hill above the still-house road. "It is," said Effie Dalquhairn, who had sewn the sheet for her brother Wattie herself, so that the gaugers would keep off the glen where he ran his still.`, "who had sewn the sheet for her brother Wattie",
				[3]string{"Effie Dalquhairn sews the sheet her brother Wattie wears as the Grey Man to keep the gaugers from his still.", "Bairns see a white thing moving on the hill above the road.", "The minister begs Miss Dalquhairn to sit up with him to lay the spirit that walks by night and has the whole parish in terror."}},
			{"place", "Drovers had a rule: never bed the beasts at Glenjorrie. The grass there is green as Eden and poisons cattle, for there is hemlock water-dropwort all through the bog.", "green as Eden and poisons cattle",
				[3]string{"The drovers will not bed their beasts at Glenjorrie, where the green grass poisons cattle.", "Hemlock water-dropwort grows all through a bog.", "Two hundred stirks on their way to the Dumfries fair are caught by nightfall at Glenjorrie."}},
			{"place", "Opinion of counsel, Edinburgh, 1788: the girth of Clachaneasy, under King David's charter to the Abbey of Glenluce, still holds, and no debtor within its bounds may be taken by any officer of the law.", "no debtor within its bounds may be taken",
				[3]string{"At Clachaneasy the girth of King David's charter keeps any debtor from being taken.", "A charter of King David to an abbey is read.", "Messengers-at-arms ride to Clachaneasy with a warrant for a bankrupt miller who has fled there."}},
			{"object", "LOST, on the road between Port William and Whithorn, the Monreith luckenbooth, two hearts crowned, in silver. The finder is warned that it has widowed every bride who wore it since 1715, and is begged to return it for the sake of his own.", "widowed every bride who wore it",
				[3]string{"The finder of the silver Monreith luckenbooth is warned about every bride who wore it.", "A silver brooch of two crowned hearts is lost on the road to Whithorn.", "Old Mrs. Haugh pins the Monreith luckenbooth on her granddaughter's gown on the morning of her marriage."}},
			{"object", "The Kirroughtree kist stood in the session house, oak gone black with age, and it had three locks, and the three keys lived in three different pockets, the minister's, the precentor's and the treasurer's, so that it could never be opened but by the three of them together.", "never be opened but by the three of them together",
				[3]string{"The minister, the precentor and the treasurer bring their three keys to the Kirroughtree kist.", "A black oak chest in a session house has three locks.", "On a night of snow a starving widow comes begging, and the beadle is sent alone to fetch money from the Kirroughtree kist."}},
		},
		recurring: []string{"Quintin", "Mrs. Glenhapple", "Mr. Kirkinner", "Miss Lagafater", "Drumlamford", "Lillias", "Miss Knockdolian", "Rankin", "Mrs. Corsock", "Mr. Myroch",
			"Tibbie", "Mr. Blairquhan", "Mause", "Mr. Cardoness", "Elspeth", "Abacuck", "Mrs. Chirmorie", "Mr. Galdenoch", "Katrein", "Mr. Kilsture",
			"Effie", "Glenjorrie", "Clachaneasy", "the Monreith luckenbooth", "the Kirroughtree kist"},
		chars: rbBlind24Cast(),
		locs:  rbBlind24Places(),
	}
}

// rbBlind24Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind24Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1500", "Quintin Barwhinnock", []string{"Quintin", "Mr. Barwhinnock", "Barwhinnock"}, "tenant farmer", "A spare, grey, long-jawed man of sixty who farms a hill holding above the Bladnoch.",
			[]string{"stern", "upright"}, "Has farmed the same ground as his grandfather.", "Keeps a collie called Bran."),
		c("c1501", "Euphan Glenhapple", []string{"Euphan", "Mrs. Glenhapple"}, "innkeeper's wife", "A plump, rosy, busy woman of forty who runs the change-house at the ford.",
			[]string{"warm", "talkative"}, "Brews the best ale on the Wigtown road.", "Has five daughters."),
		c("c1502", "Uchtred Kirkinner", []string{"Uchtred", "Mr. Kirkinner", "Kirkinner"}, "shepherd", "A tall, weathered, slow-spoken man of fifty with a plaid and a crook.",
			[]string{"kindly", "dry"}, "Herds for the laird on the high ground.", "Lives alone in a bothy."),
		c("c1503", "Marjory Lagafater", []string{"Marjory", "Miss Lagafater"}, "spinster", "A tall, fair, quiet woman of thirty-five who lives with her old father on the moor road.",
			[]string{"shy", "proud"}, "Spins for the Newton Stewart mills.", "Keeps hens."),
		c("c1504", "Gavin Drumlamford", []string{"Gavin", "Mr. Drumlamford", "Drumlamford"}, "drover", "A broad, battered, cheerful man of fifty-five with a voice that carries over a hillside.",
			[]string{"cheerful", "shrewd"}, "Is known at every inn from Stranraer to Dumfries.", "Rents a small farm by the Luce."),
		c("c1505", "Lillias Craigengillan", []string{"Lillias", "Mrs. Craigengillan"}, "miller's widow", "A small, straight-backed widow of sixty with a sharp tongue and sharper eyes.",
			[]string{"sharp", "independent"}, "Keeps a sharp eye on the miller's men.", "Has one son at sea."),
		c("c1506", "Jonet Knockdolian", []string{"Jonet", "Miss Knockdolian"}, "net-mender", "A dark, lean, silent woman of thirty-two in a cottage on the shore.",
			[]string{"silent", "steady"}, "Mends nets for the Portpatrick boats.", "Goes to the kirk twice on a Sunday."),
		c("c1507", "Rankin Polmaddy", []string{"Rankin", "Mr. Polmaddy", "Polmaddy"}, "ploughman", "A huge, fair, good-natured young man of twenty-six, the best ploughman in Carsphairn.",
			[]string{"good-natured", "strong"}, "Has won the ploughing match three years running.", "Is saving to take a farm."),
		c("c1508", "Girzel Corsock", []string{"Girzel", "Mrs. Corsock"}, "howdie", "A stout, capable, grim-faced woman of fifty, the parish midwife.",
			[]string{"capable", "unforgiving"}, "Has brought half the parish into the world.", "Keeps a cow on the common."),
		c("c1509", "Andro Myroch", []string{"Andro", "Mr. Myroch", "Myroch"}, "fisherman", "A short, powerful, red-bearded man of forty with a boat at Creetown.",
			[]string{"bold", "hot-tempered"}, "Fishes the Cree from a coble.", "Is married with three bairns."),
		c("c1510", "Tibbie Carsluith", []string{"Tibbie", "Mrs. Carsluith"}, "cottar's wife", "A small, brisk, cheerful woman of thirty who will turn her hand to any work.",
			[]string{"brisk", "willing"}, "Binds sheaves at every harvest.", "Lives in the clachan by the burn."),
		c("c1511", "Zacharias Blairquhan", []string{"Zacharias", "Mr. Blairquhan", "Blairquhan"}, "smith", "A giant of a man, forty years old, black-haired and soft-voiced.",
			[]string{"gentle", "strong"}, "Shoes the minister's mare.", "Sings bass in the kirk."),
		c("c1512", "Mause Balwhirrie", []string{"Mause", "Mrs. Balwhirrie"}, "wool-sorter", "A thin, deft, sharp-eyed woman of fifty who works for the weavers of the town.",
			[]string{"deft", "secretive"}, "Is a widow.", "Keeps her cottage very clean."),
		c("c1513", "Hew Cardoness", []string{"Hew", "Mr. Cardoness", "Cardoness"}, "innkeeper", "A stout, bald, jovial man of fifty who keeps the Kirkcudbright Arms.",
			[]string{"jovial", "careful"}, "Buys his wines from Leith.", "Sits on the town council."),
		c("c1514", "Elspeth Barncorkrie", []string{"Elspeth", "Miss Barncorkrie"}, "dressmaker", "A neat, bright, chattering woman of twenty-eight who sews for the farm wives.",
			[]string{"chatty", "clever"}, "Walks to her customers in all weathers.", "Lives with her widowed mother."),
		c("c1515", "Abacuck Drumtroddan", []string{"Abacuck", "Mr. Drumtroddan", "Drumtroddan"}, "farmer", "A lean, courteous, sly-eyed man of forty-five with a farm near the Machars shore.",
			[]string{"courteous", "sly"}, "Is an elder of the kirk.", "Keeps a good table."),
		c("c1516", "Isobel Chirmorie", []string{"Isobel", "Mrs. Chirmorie"}, "widow", "A lean, quiet widow of fifty with two grown sons at home.",
			[]string{"quiet", "obstinate"}, "Sits under the minister every Sunday.", "Her husband died two winters ago."),
		c("c1517", "Nicolas Galdenoch", []string{"Nicolas", "Mr. Galdenoch", "Galdenoch"}, "farmer", "A grave, grey-headed farmer of sixty, well thought of in the parish.",
			[]string{"grave", "loyal"}, "Pays his rent on the day.", "His family has held the farm since the Reformation."),
		c("c1518", "Katrein Glenquicken", []string{"Katrein", "Mrs. Glenquicken"}, "cottar's widow", "A tall, worn, dignified woman of forty-eight in a cottage at the edge of the policies.",
			[]string{"dignified", "reserved"}, "Has a brother in Ayr.", "Sells eggs at the Lammas fair."),
		c("c1519", "Archibald Kilsture", []string{"Archibald", "Mr. Kilsture", "Kilsture"}, "minister", "A handsome, eloquent man of thirty-four, minister of the parish these six years.",
			[]string{"eloquent", "ambitious"}, "Preaches without notes.", "Is courting the laird's sister."),
		c("c1520", "Effie Dalquhairn", []string{"Effie", "Miss Dalquhairn"}, "dairymaid", "A round, freckled, merry girl of nineteen at the farm at the glen foot.",
			[]string{"merry", "quick-witted"}, "Tells stories to the bairns.", "Is walking out with the carrier's son."),
	}
}

// rbBlind24Places are the set's places and objects.
func rbBlind24Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1300", "Glenjorrie", nil, "glen", "A long, wet, lonely glen between two moors, on the old drove road.", "It has a ruined shieling."),
		l("l1301", "Clachaneasy", nil, "clachan", "A handful of cottages and an inn by the Cree, where the road crosses the river.", "It has a smithy."),
		l("l1302", "The Monreith luckenbooth", []string{"the Monreith luckenbooth"}, "luckenbooth", "A small old brooch belonging to the family at Monreith.", "It is kept in a shagreen case."),
		l("l1303", "The Kirroughtree kist", []string{"the Kirroughtree kist"}, "kist", "The chest that holds the poor's money of the parish.", "It was given to the kirk by a laird's widow."),
	}
}
