package writer

import "github.com/storyd/storyd/project"

// The twenty-sixth blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes26", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-fourth and twenty-fifth sets written alongside it: 25 facts and
// their 75 probes, with people, places and objects found in no other set and
// no name found in the corpus (Anglo-Irish gentry surnames, Leinster and
// Munster townland names, first names from Regency-era baptismal
// registers). It is blind: nothing in recall/ or index/ was changed with it
// in view, and once its misses are used to change the ranking it is no
// longer a blind measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind26 -recall.scenes 30,300,1000
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
// statement, a long sentence with the fact late in it, dialogue with and
// without tags, reported speech, a pronoun with the name a sentence
// earlier) with rarer ones: a physician's case notes, a humane society's
// award, a postscript, a keen at a wake, a diary, a clause of a will, a
// receipt book's margin, an informer's information, a sale catalogue, a
// printer's ledger, a deathbed confession told at second hand, an old
// prompter's recollections, a county history's footnote, a notice given
// out from the altar, a cabinet-maker's letter and a tour-book.
func rbBlind26() rbSet {
	return rbSet{
		name: "blind26",
		facts: []rbFact{
			{"trait", "Horatio Colclough never paid a bill. Not the tailor's. Not the farrier's. Not the doctor who set his collarbone. He paid his gambling debts within the hour, in gold, and the tradesmen of Enniscorthy knew it and hated him for it.", "He paid his gambling debts within the hour",
				[3]string{"Horatio Colclough pays his gambling debts within the hour but never a tradesman's bill.", "The tailor and the farrier of Enniscorthy wait in vain for their money.", "Mr. Colclough's bootmaker calls at the front door for the fourth time with his account."}},
			{"trait", "Miss Penelope Cosby, aet. 19. Laughs, and cannot stop, on any solemn occasion; at her mother's burial was obliged to be led from the graveside. No levity in it: a nervous affection of long standing. Prescribed valerian, and quiet.", "Laughs, and cannot stop, on any solemn occasion",
				[3]string{"Penelope Cosby laughs at her mother's burial and cannot stop, a nervous affection.", "A physician prescribes valerian and quiet for a girl's nervous affection.", "Miss Cosby sits in the front pew at the memorial service for the drowned lieutenant."}},
			{"trait", `"Is he crying again?" "At the pipes. He cries at the pipes, and at the hymns, and when the hounds are drafted. Frederick Aldworth would cry at a well-turned sentence." "And him a captain of dragoons."`, "He cries at the pipes, and at the hymns",
				[3]string{"Frederick Aldworth cries at the pipes and at the hymns, though a captain of dragoons.", "A grown man weeps when the hounds are drafted.", "Captain Aldworth listens to a blind fiddler play a lament at his sister's wedding breakfast."}},
			{"possession", "The Society's silver medal is this year awarded to Mrs. Marianne Bagwell of Ardmore, whose own boat, a ten-oared cork lifeboat of Greathead's pattern and the only one on that coast, went out three times to the brig Aurora in the gale of the 9th of January and took off eleven men.", "a ten-oared cork lifeboat of Greathead's pattern",
				[3]string{"Mrs. Bagwell's ten-oared cork lifeboat is launched from the strand into the gale.", "A cork lifeboat of Greathead's pattern goes out to a brig.", "A merchantman is driven onto the rocks below Mrs. Bagwell's windows in a winter storm."}},
			{"possession", "The gamekeeper told the English visitor, who had asked, that the two grey giants lying across the hall door were wolfhounds, the last true pair in Munster, and that Mr. Hercules Uniacke had refused three hundred guineas for them from a Russian prince.", "the last true pair in Munster",
				[3]string{"Hercules Uniacke refuses a Russian prince's guineas for his pair of wolfhounds.", "Two grey wolfhounds lie across a hall door.", "A thief climbs Mr. Uniacke's garden wall by night to steal his plate."}},
			{"possession", "Selina Beamish had come down from Dublin at eighteen with a trunk of novels and a temper, married a tanner twice her age, buried him, kept the tanyard going for eleven years in the teeth of every man on the quay at Youghal, and held through all of it the one thing her husband could neither drink nor lose at cards, the salmon weir below Lismore bridge, which had been settled on her at her marriage.", "the salmon weir below Lismore bridge",
				[3]string{"Selina Beamish's salmon weir below Lismore bridge was settled on her at her marriage.", "A tanner's widow keeps the tanyard going against every man on the quay.", "A deputation of upriver fishermen calls on Mrs. Beamish in a fury."}},
			{"promise", `"I'll give you my word, Father Hurley," said Wilfred Freke, "and you may tell the whole parish so: while I live no tenant of mine will be put out on the road for the rent, not in a bad year, not ever."`, "no tenant of mine will be put out on the road",
				[3]string{"Wilfred Freke keeps his word to Father Hurley that no tenant will be put out on the road for the rent.", "A priest is told that no tenant will be put out on the road for the rent in a bad year.", "Mr. Freke's agent brings him a list of families three gales behind with what they owe."}},
			{"promise", "P.S. And I have promised Minnie, and mean to keep to it, that I shall not dance at all this season, not one set, until she is out of black and can dance too. Your affec. sister, Rosina Becher.", "I shall not dance at all this season",
				[3]string{"Rosina Becher will not dance this season, keeping her promise to Minnie.", "A young lady refuses every set of the season until her sister is out of black.", "Miss Becher is asked by the Viceroy's aide-de-camp to stand up with him at the Castle ball."}},
			{"promise", "The keening woman at Donal Twomey's wake rocked over the body and cried out what everyone there had heard: that Brinsley Jephson, the landlord's son, had knelt at this bed and sworn to rear the three orphans under his own roof.", "sworn to rear the three orphans under his own roof",
				[3]string{"Brinsley Jephson rears the three orphans under his roof as he swore at the bed.", "The keening woman rocks over the body at a wake.", "Mr. Jephson's bride is shown every room of her new home and meets the household."}},
			{"fear", "Tuesday. Rain all day. I am four and twenty today, Cassandra Newenham, a grown woman, and still as afraid of the dark as I was at five; if the candle gutters I wake screaming, and Bessy must sit up with me.", "still as afraid of the dark as I was at five",
				[3]string{"Cassandra Newenham, afraid of the dark, wakes screaming when the candle gutters.", "A maid sits up all night in case the candle gutters.", "Miss Newenham is locked in the wine cellar by her cousins for a joke on Halloween night."}},
			{"fear", "I direct that my coffin be carried on men's shoulders the whole way to Kilcrea and not drawn by any beast, for I have been in dread of horses since my father's phaeton bolted with us at Mallow, and I will not trust them with me dead. Ulick Lysaght, his will.", "I have been in dread of horses since my father's phaeton bolted",
				[3]string{"Ulick Lysaght's coffin is to be carried on shoulders to Kilcrea, for he dreads horses.", "A phaeton bolts at Mallow with a father and his boy in it.", "Mr. Lysaght must reach the assizes, thirty miles off, by nightfall to save a tenant's son from the gallows."}},
			{"fear", "Amelia Vandeleur had crossed to Holyhead once, at nine, in the storm that sank the packet behind them. She has never been on the water since, and goes white at the sight of a sail.", "goes white at the sight of a sail",
				[3]string{"Amelia Vandeleur turns white when she sights a sail, remembering the storm and the packet that sank.", "A packet sinks in a storm on the crossing to Holyhead.", "Mrs. Vandeleur's husband is posted to Lisbon, and she is to go out to him."}},
			{"cannot", `"Sunday's the only day you'll see Standish Massy at the races or the fair," said the attorney, "for there isn't a bailiff in the county that hasn't a writ for him, and a writ can't be served on the Sabbath."`, "a writ can't be served on the Sabbath",
				[3]string{"Standish Massy goes to the fair only on Sunday, when no bailiff's writ can be served.", "A bailiff waits with a writ that cannot be served on the Sabbath.", "Mr. Massy's only daughter is to be married in the cathedral on a Thursday morning."}},
			{"cannot", "Receipt for elder-flower wine. Gather on a dry morning... (N.B. Honor must judge when it turns, for I, Cecilia Prittie, have smelt nothing since the spotted fever, not so much as a rose.)", "have smelt nothing since the spotted fever",
				[3]string{"Cecilia Prittie has smelt nothing since the spotted fever, not even a rose.", "A cook must judge when the elder-flower wine turns.", "Mrs. Prittie is alone upstairs when the thatch of the back kitchen begins to smoulder."}},
			{"cannot", "Adolphus Otway had left three fingers of his right hand in the breach at Badajoz, and he wrote, when he wrote at all, by dictating to his daughter.", "left three fingers of his right hand in the breach",
				[3]string{"Adolphus Otway dictates to his daughter, having left three fingers in the breach at Badajoz.", "A man who lost his fingers in a breach dictates to his daughter.", "Major Otway's girl is away visiting, and a letter must be answered by return of post."}},
			{"hidden", `"Why does nobody ever move the turf stack, Aunt Phoebe?" "Because it has always stood there," said Phoebe Chetwode, which was not the reason: the family silver had lain under the turf stack since the rebels came through in '98, and every autumn the new turf was built over it.`, "the family silver had lain under the turf stack",
				[3]string{"Phoebe Chetwode pulls down the turf stack to dig up the family silver the rebels never found.", "Nobody is let move the turf stack, and every autumn new turf is built over it.", "Miss Chetwode is asked to lend her grandfather's plate for the bishop's dinner."}},
			{"hidden", "Information sworn at the Castle, March 1803: that Jeremiah Dopping, miller of Kilmacow, has forty pike-heads greased and wrapped in sacking at the bottom of his mill-dam, and that the informant saw them put there.", "forty pike-heads greased and wrapped in sacking",
				[3]string{"Jeremiah Dopping lifts the pike-heads wrapped in sacking out of his mill-dam.", "An informant swears at the Castle to greased pike-heads in sacking.", "A dry summer drains Mr. Dopping's millpond to the mud."}},
			{"hidden", "Lot 112. A pedal harp by Egan of Dublin, gilt, wants strings. Mrs. Isabella Langrishe bought it in herself for nine guineas, and nobody in the saleroom knew why: her mother's diamonds were in the hollow of its pillar.", "her mother's diamonds were in the hollow of its pillar",
				[3]string{"Isabella Langrishe takes her mother's diamonds out of the hollow pillar of the harp.", "A gilt pedal harp by Egan, wanting strings, is sold as Lot 112.", "Mrs. Langrishe must raise money at a week's notice to save her son from a debtors' prison."}},
			{"secret", "Printed for Hibernicus, The Patriot Unmasked, 500 copies, paid in gold by Mr. Chidley Ryves, who asked that his name not go in the book. It went in the book.", "paid in gold by Mr. Chidley Ryves",
				[3]string{"Chidley Ryves pays in gold for Hibernicus's pamphlet and asks that his name not go in the book.", "A ledger shows 500 copies of The Patriot Unmasked printed for Hibernicus.", "Mr. Ryves dines at the Viceregal Lodge, where the guests curse the anonymous scribbler who mocks His Excellency."}},
			{"secret", "Old Nance Kehoe, who had been wet-nurse at the lodge, told the priest as she lay dying what she had told nobody in twenty years: that the girl the county called Evelina Doyne's little sister was Evelina's own daughter.", "the girl the county called Evelina Doyne's little sister",
				[3]string{"Old Nance Kehoe tells the priest that Evelina Doyne's little sister is her own daughter.", "A dying wet-nurse tells the priest what she has told nobody for twenty years.", "Miss Doyne's aunt proposes to send the youngest of the family to a convent school in France."}},
			{"secret", `From the Recollections of an Old Prompter: "The best Belvidera I ever held the book for was a Miss Harcourt, seventeen, who played one winter at Smock Alley and vanished. I saw her thirty years after, in a carriage in Merrion Square: Mrs. Henrietta Izod, the Archdeacon's lady. She knew me, and looked away."`, "played one winter at Smock Alley and vanished",
				[3]string{"Henrietta Izod looks away from the old prompter who held the book for her one winter at Smock Alley.", "A prompter remembers the best Belvidera he ever saw, who vanished after one winter.", "Mrs. Izod is asked to coach the girls of the parish in their lines for a charity performance."}},
			{"place", "* At Coolnasmear a trapdoor in the buttery floor opens on an ancient souterrain, which runs some eighty yards under the lawn to the rath; the country people will not go down it.", "runs some eighty yards under the lawn to the rath",
				[3]string{"At Coolnasmear the trapdoor in the buttery floor opens on the souterrain to the rath.", "Country people will not go down the souterrain under the lawn.", "Soldiers ring Coolnasmear at dawn to take the rebel hiding within."}},
			{"place", "Father Hurley gave out from the altar that the pattern at Gortnaclohy would be held as always on St. Gobnait's day, and reminded the new tenant, who stood at the back of the chapel, that no lease ever written could shut the gate of the holy well against the pilgrims.", "no lease ever written could shut the gate of the holy well",
				[3]string{"Pilgrims come through the gate to the holy well at Gortnaclohy on St. Gobnait's day.", "Pilgrims pray at a holy well on St. Gobnait's day.", "An English buyer takes Gortnaclohy and means to wall it in for a deer park."}},
			{"object", "Madam, the Tinnakilly cellaret is returned herewith, relined with lead. I have left the musical movement in, though you desired it out: it will still play Garryowen whenever the lid is lifted, and it could not come out without destroying the case. Your obt. servant, M. Quill, cabinet-maker.", "it will still play Garryowen whenever the lid is lifted",
				[3]string{"The Tinnakilly cellaret plays Garryowen when its lid is lifted, the musical movement still inside.", "A cabinet-maker relines a case with lead and leaves its musical movement in.", "Someone creeps down at midnight to take a bottle from the Tinnakilly cellaret without waking a soul."}},
			{"object", "We were shown at Ballykeerogue a curiosity, the Ballykeerogue teapoy, carved by a French prisoner at Kinsale out of a single block of ship's mahogany; and under its top, where a stranger looks for the caddies, there is a chessboard inlaid in bone.", "there is a chessboard inlaid in bone",
				[3]string{"A stranger looks under the top of the Ballykeerogue teapoy for the caddies and finds the chessboard.", "A French prisoner carves a piece of furniture out of ship's mahogany.", "The rector's wife, calling, helps herself to tea from the Ballykeerogue teapoy."}},
		},
		recurring: []string{"Mr. Colclough", "Penelope", "Captain Aldworth", "Mrs. Bagwell", "Uniacke", "Mrs. Beamish", "Wilfred", "Miss Becher", "Mr. Jephson", "Cassandra",
			"Mr. Lysaght", "Mrs. Vandeleur", "Standish", "Mrs. Prittie", "Major Otway", "Miss Chetwode", "Dopping", "Isabella", "Mr. Ryves", "Miss Doyne",
			"Mrs. Izod", "Coolnasmear", "Gortnaclohy", "the Tinnakilly cellaret", "the Ballykeerogue teapoy"},
		chars: rbBlind26Cast(),
		locs:  rbBlind26Places(),
	}
}

// rbBlind26Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind26Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1700", "Horatio Colclough", []string{"Horatio", "Mr. Colclough", "Colclough"}, "squire", "A florid, handsome man of forty with a tall house in the main street of a market town.",
			[]string{"charming", "vain"}, "Is a magistrate.", "Keeps a pack of harriers."),
		c("c1701", "Penelope Cosby", []string{"Penelope", "Miss Cosby"}, "heiress", "A slight, fair, grave-looking girl of nineteen, lately orphaned.",
			[]string{"shy", "gentle"}, "Lives with a bachelor uncle.", "Sketches ruins."),
		c("c1702", "Frederick Aldworth", []string{"Frederick", "Captain Aldworth", "Aldworth"}, "officer", "A broad, sunburnt, good-natured man of thirty on half pay.",
			[]string{"good-natured", "brave"}, "Served in the Peninsula.", "Has two sisters."),
		c("c1703", "Marianne Bagwell", []string{"Marianne", "Mrs. Bagwell"}, "widow", "A tall, weather-browned widow of fifty in a long low house above the sea.",
			[]string{"fearless", "brusque"}, "Breeds ponies.", "Is on bad terms with the coastguard."),
		c("c1704", "Hercules Uniacke", []string{"Hercules", "Mr. Uniacke", "Uniacke"}, "landowner", "A huge, slow-spoken old man of seventy in a castle with a modern wing.",
			[]string{"hospitable", "proud"}, "Was once in parliament.", "Has outlived two wives."),
		c("c1705", "Selina Beamish", []string{"Selina", "Mrs. Beamish"}, "tanner's widow", "A sharp-tongued, handsome woman of forty-five in black silk.",
			[]string{"shrewd", "quarrelsome"}, "Reads novels in bed.", "Has no children."),
		c("c1706", "Wilfred Freke", []string{"Wilfred", "Mr. Freke", "Freke"}, "landlord", "A quiet, stooping, short-sighted man of fifty-five who came into the estate late.",
			[]string{"scholarly", "kind"}, "Collects coins.", "Is unmarried."),
		c("c1707", "Rosina Becher", []string{"Rosina", "Miss Becher"}, "young lady", "A merry, round-faced girl of eighteen, the belle of the county.",
			[]string{"merry", "loyal"}, "Has four brothers.", "Is to spend the winter in Dublin."),
		c("c1708", "Brinsley Jephson", []string{"Brinsley", "Mr. Jephson", "Jephson"}, "landlord's son", "A lanky, open-faced young man of twenty-six, lately married.",
			[]string{"impulsive", "warm-hearted"}, "Was at Trinity.", "Shoots snipe."),
		c("c1709", "Cassandra Newenham", []string{"Cassandra", "Miss Newenham"}, "young lady", "A tall, dark, bookish woman of twenty-four who keeps a journal.",
			[]string{"bookish", "proud"}, "Corresponds with a bluestocking in Bath.", "Plays the pianoforte well."),
		c("c1710", "Ulick Lysaght", []string{"Ulick", "Mr. Lysaght", "Lysaght"}, "magistrate", "A dry, precise, elderly man of sixty-two with a house near the river.",
			[]string{"dry", "just"}, "Sits on the grand jury.", "Is a widower."),
		c("c1711", "Amelia Vandeleur", []string{"Amelia", "Mrs. Vandeleur"}, "officer's wife", "A pretty, nervous woman of twenty-eight married to a colonel of engineers.",
			[]string{"nervous", "affectionate"}, "Has a little boy.", "Lives with her mother while her husband is away."),
		c("c1712", "Standish Massy", []string{"Standish", "Mr. Massy", "Massy"}, "gentleman", "A loud, jovial, ruined man of forty-eight in a crumbling house.",
			[]string{"jovial", "reckless"}, "Has one daughter.", "Breeds gamecocks."),
		c("c1713", "Cecilia Prittie", []string{"Cecilia", "Mrs. Prittie"}, "housewife", "A neat, brisk little woman of forty, a doctor's wife.",
			[]string{"brisk", "thrifty"}, "Is famous for her preserves.", "Has three daughters."),
		c("c1714", "Adolphus Otway", []string{"Adolphus", "Major Otway", "Otway"}, "retired officer", "A grizzled, upright man of fifty-five with a stiff leg and a quick temper.",
			[]string{"irascible", "honourable"}, "Lives on his pension.", "Has one daughter who keeps house for him."),
		c("c1715", "Phoebe Chetwode", []string{"Phoebe", "Miss Chetwode"}, "spinster", "A small, sharp, weather-beaten woman of sixty who farms her own land.",
			[]string{"canny", "tight-lipped"}, "Has a nephew at sea.", "Keeps the keys of the house on her belt."),
		c("c1716", "Jeremiah Dopping", []string{"Jeremiah", "Mr. Dopping", "Dopping"}, "miller", "A floury, thickset, silent man of forty-five.",
			[]string{"silent", "stubborn"}, "Grinds for the whole barony.", "Has five sons."),
		c("c1717", "Isabella Langrishe", []string{"Isabella", "Mrs. Langrishe"}, "widow", "A faded, elegant widow of fifty in reduced circumstances.",
			[]string{"elegant", "secretive"}, "Has one son, an ensign.", "Lodges in a Georgian street."),
		c("c1718", "Chidley Ryves", []string{"Chidley", "Mr. Ryves", "Ryves"}, "barrister", "A smooth, smiling, well-dressed man of thirty-five with a practice in the Four Courts.",
			[]string{"smooth", "witty"}, "Dines out every night.", "Hopes for a place in the government."),
		c("c1719", "Evelina Doyne", []string{"Evelina", "Miss Doyne"}, "spinster", "A quiet, handsome woman of thirty-seven who has never married.",
			[]string{"quiet", "devoted"}, "Keeps house for her widowed father.", "Teaches the youngest girl her letters."),
		c("c1720", "Henrietta Izod", []string{"Henrietta", "Mrs. Izod"}, "archdeacon's wife", "A stately, graceful woman of forty-seven with fine dark eyes.",
			[]string{"stately", "reserved"}, "Has two daughters.", "Visits the poor of the parish."),
	}
}

// rbBlind26Places are the set's places and objects.
func rbBlind26Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1500", "Coolnasmear", nil, "house", "A plain grey house of the last century on a rise above a bog.", "It has a walled garden."),
		l("l1501", "Gortnaclohy", nil, "farm", "A large grazing farm at the foot of the mountain.", "It has lately changed hands."),
		l("l1502", "The Tinnakilly cellaret", []string{"the Tinnakilly cellaret"}, "cellaret", "A brass-bound oak wine cellaret on lion's feet in the dining room at Tinnakilly.", "It holds twelve bottles."),
		l("l1503", "The Ballykeerogue teapoy", []string{"the Ballykeerogue teapoy"}, "teapoy", "A carved tripod stand in the drawing room at Ballykeerogue.", "It is very heavy."),
	}
}
