package writer

import "github.com/storyd/storyd/project"

// The twenty-seventh blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes27", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-eighth set written alongside it: 25 facts and their 75 probes,
// with people, places and objects found in no other set and no name found
// in the corpus (surnames from Cumbrian and Westmorland fell farms and
// becks, first names from Georgian navy muster rolls). It is blind: nothing
// in recall/ or index/ was changed with it in view, and once its misses are
// used to change the ranking it is no longer a blind measure and a new set
// is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind27 -recall.scenes 30,300,1000
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
// sentences, dialogue with and without tags, reported speech, a pronoun
// with the name a sentence earlier, a long sentence with the fact late in
// it) with rarer ones: an entry in a shepherds' guide, a hiring-fair
// bargain, a vestry minute, a coroner's inquest, a song sung at a merry
// neet to vex a man, a guide-book footnote, a letter home, an exciseman's
// report, a letter to a brother at sea, a whisper after a wrestling ring, a
// midwife's day-book, a Quarter Sessions order, a farm wife's warning and an
// order of the court leet.
func rbBlind27() rbSet {
	return rbSet{
		name: "blind27",
		facts: []rbFact{
			{"trait", "Zachariah Gatesgarth walked in his sleep. He had done it since he was a boy, and his mother had found him once on the byre roof in his nightshirt, and once halfway up the gill with the lantern unlit in his hand.", "walked in his sleep",
				[3]string{"Zachariah Gatesgarth is found on the byre roof in his nightshirt, walking in his sleep.", "A man in his nightshirt is found halfway up the gill with an unlit lantern.", "Mr. Gatesgarth lodges overnight in an attic room of the inn at the quarry edge, its window open over the drop."}},
			{"trait", `"Ask Barak what he thinks of it." "I'd sooner not. He'll tell me." "That's Barak Stonethwaite all over. He told the parson his sermon was too long by half, and to his face, at the church door."`, "He told the parson his sermon was too long by half",
				[3]string{"Barak Stonethwaite tells the parson at the church door that his sermon was too long by half.", "A sermon is called too long by half, to the parson's face.", "The bride's mother shows Mr. Stonethwaite her new bonnet and waits for his opinion of it."}},
			{"trait", "The dealer from Kendal swore afterwards that Lazarus Langstrath knew every one of his nine hundred Herdwicks by her face, as a man knows his children, and could tell you her dam and her grandam into the bargain.", "knew every one of his nine hundred Herdwicks by her face",
				[3]string{"Lazarus Langstrath picks out a Herdwick by her face and names her dam and grandam.", "A dealer from Kendal swears that a man knows nine hundred Herdwicks as he knows his children.", "After the great snow Mr. Langstrath's flock is mixed with three neighbours' on the common and must be parted at the fold."}},
			{"possession", "Darius Mosedale had a telescope. A Dollond, brass, from a Whitehaven captain who owed him for wool. From his door he could read the time on Crosthwaite church clock.", "A Dollond, brass, from a Whitehaven captain",
				[3]string{"Darius Mosedale trains his brass Dollond from the Whitehaven captain on the church clock.", "A brass Dollond that paid a Whitehaven captain's debt for wool is carried to the door.", "Mr. Mosedale is the only one at home to witness who drove the gig off along the far shore of the lake."}},
			{"possession", "Bezaleel Kentmere, who had been a drover in his youth and a carrier of Irish salt by night in his middle years and was now, at sixty, a churchwarden and very respectable, still kept in the long stable behind the Black Bull the last string of pack-ponies in the dale, fourteen of them with bells on their collars, which carried the lead down from the mines every Monday.", "the last string of pack-ponies in the dale",
				[3]string{"Bezaleel Kentmere's string of pack-ponies with bells on their collars carries the lead down from the mines.", "Fourteen pack-ponies with bells on their collars come down from the mines on a Monday.", "The new road over the pass is washed out, and Mr. Kentmere is asked how the slate merchant's goods can still reach the coast this month."}},
			{"possession", "Aquila Martindale, Scalebarrow, Patterdale. Smit: a blue stroke down the near shoulder; off ear forked, near ear whole. Holds the whole heaf of Birkhouse Moor and lets no part of it.", "Holds the whole heaf of Birkhouse Moor",
				[3]string{"Aquila Martindale's ewes with the blue stroke go up to his heaf on Birkhouse Moor.", "Ewes with a blue stroke down the near shoulder and a forked ear are turned up to the heaf.", "A stranger from Penrith turns two hundred wethers out to graze on the fell above Mr. Martindale's farm."}},
			{"promise", "Hired at Cockermouth Whitsun fair by Jeduthun Bannerdale of Gillbrow, the lad Tommy, half a year at four pound ten, and Jeduthun's word given with the earnest shilling, before the lad's mother, that he should go to the school at Lorton every winter until he could cipher.", "he should go to the school at Lorton every winter",
				[3]string{"Jeduthun Bannerdale keeps his word and sends the lad Tommy to the school at Lorton for the winter.", "A hired lad is promised the school at Lorton every winter until he can cipher.", "Mr. Bannerdale's harvest runs late into November and he is short of hands for the threshing."}},
			{"promise", `"I'll not take a drop," said Matthias Boredale, with his hand on his wife's Bible, "not at a clipping, not at a burying, not at Christmas, while there's breath in me."`, "I'll not take a drop",
				[3]string{"Matthias Boredale, his hand on his wife's Bible, will not take a drop at the clipping.", "A man swears on the Bible that he will touch nothing at a clipping or a burying.", "Mr. Boredale is offered a glass of rum punch to toast the squire's heir at the coming-of-age dinner."}},
			{"promise", "At a meeting of the Four-and-Twenty in the vestry, Simeon Glencoyne undertook before witnesses that he would never sell or lease the Low Wood to the Greenside company for charcoal or timber, nor let his heirs do it.", "never sell or lease the Low Wood",
				[3]string{"Simeon Glencoyne keeps his undertaking never to sell or lease the Low Wood to the Greenside company.", "The Four-and-Twenty hear an undertaking about the Low Wood and the Greenside company's charcoal.", "A Liverpool agent offers Mr. Glencoyne a thousand pounds for the oaks above his house."}},
			{"fear", "Eleazar Birker, sworn, said he had been shut in the Fall Level two days and nights when the roof came in, in the year '97, and had not been underground since, nor could be got to, though they offered him double wages.", "had not been underground since",
				[3]string{"Eleazar Birker, once shut two days and nights in the Fall Level, will not go underground for double wages.", "Men are shut in the Fall Level two days and nights when the roof comes in.", "Mr. Birker is asked to lead the rescue party into the flooded workings at the lead mine."}},
			{"fear", "Thunder. Jeptha Troutal was afraid of nothing else on God's earth, but at the first growl of it he went under the kitchen table and stayed there.", "went under the kitchen table and stayed there",
				[3]string{"Jeptha Troutal goes under the kitchen table at the first growl of thunder.", "A grown man crawls under a table at the first growl and stays there.", "Mr. Troutal is guiding a party of Oxford gentlemen across Sty Head in August when a storm breaks over Great Gable."}},
			{"fear", `They sang it at the merry neet to vex him: "Oh Abner Tilberthwaite, he'll climb no crag, / Though the raven's nest be full, / For since his brother fell from Dove Crag's brow / He'll not stand on a stool."`, "since his brother fell from Dove Crag's brow",
				[3]string{"Abner Tilberthwaite will climb no crag because his brother fell from Dove Crag.", "A song at the merry neet tells of a brother who fell from Dove Crag.", "A ewe is stuck on a narrow ledge high on the cliff face, and only Mr. Tilberthwaite is near enough to reach her."}},
			{"cannot", "Hananiah Yewdale married late. He could not tell red from green, it turned out, and so his smit-marks had been for twenty years whatever his mother said they were, and were now whatever his wife said.", "He could not tell red from green, it turned out",
				[3]string{"Hananiah Yewdale cannot tell red from green smit-marks without his wife.", "For twenty years a man's smit-marks have been whatever his mother said.", "With Mrs. Yewdale away at Ulverston, Mr. Yewdale has to part his own sheep from the neighbours' at the autumn gather by the dye on their fleeces."}},
			{"cannot", "* The stranger may be surprised to see the shepherd at Wythop work his dogs by a tin whistle on a thong; Mr. Ichabod Sleddale lost his front teeth to a kick from a tup and has not whistled with his lips since.", "has not whistled with his lips since",
				[3]string{"Ichabod Sleddale works his dogs with a tin whistle on a thong, having lost his front teeth.", "A kick from a tup takes a shepherd's front teeth.", "Mr. Sleddale is out with his collies when a mist comes down and the sheep must be brought off in a hurry."}},
			{"cannot", "Laban Hartsop has had no voice above a whisper since the quinsy last winter, and the horn is carried now by his son, which the huntsman's friends take very hard.", "no voice above a whisper since the quinsy",
				[3]string{"Laban Hartsop speaks in a whisper since the quinsy, and his son carries the horn.", "A quinsy leaves a huntsman whispering, and his son carries the horn.", "Mr. Hartsop must call across the flooded beck to warn the carter off the ford before it is too late."}},
			{"hidden", "Manasseh Swindale's nephew ran from the Bellerophon at Plymouth and walked home, three hundred miles, in the dead of winter; and Manasseh hid him two winters in the loft above the bark-house.", "hid him two winters in the loft above the bark-house",
				[3]string{"Manasseh Swindale's nephew, run from the Bellerophon, lies hidden in the loft above the bark-house.", "A seaman run from the Bellerophon at Plymouth walks home three hundred miles.", "A press-gang lieutenant and a file of marines come up the valley asking at every farm for runaways, and reach Mr. Swindale's door."}},
			{"hidden", "Supervisor's report, Ambleside ride. I am morally certain that the spirit sold at the Tower Bank comes from Hiram Naddle, and from a still sunk under the floor of his pig-sty; but the pigs were not to be shifted, and I found nothing.", "a still sunk under the floor of his pig-sty",
				[3]string{"Hiram Naddle works the still sunk under the floor of his pig-sty.", "An exciseman is morally certain, but the pigs are not to be shifted.", "The new gauger arrives with a warrant to search every outhouse on Mr. Naddle's farm."}},
			{"hidden", "Shubael Wythburn trusted no bank, no attorney and no son. He kept his gold behind a through-stone in the sheepfold wall on the intake, the third from the gate, and nobody knew it but the dog.", "behind a through-stone in the sheepfold wall",
				[3]string{"Shubael Wythburn's gold lies behind a through-stone of the sheepfold wall, the third from the gate.", "A dog watches at the third through-stone from the gate.", "The township's waller is paid to pull down and rebuild the old enclosure on Mr. Wythburn's land above the house."}},
			{"secret", "Dear Tom, none here knows, nor shall, that I was at the Nore in '97 with Parker and was flogged round the fleet for it. Gershom Armboth is a name I took off a stone in Crosthwaite churchyard. Burn this.", "was flogged round the fleet",
				[3]string{"Gershom Armboth, flogged round the fleet after the Nore, took his name off a churchyard stone.", "A man who was at the Nore with Parker lives under a name taken off a stone.", "Mr. Armboth is told to strip to the waist and be looked over by the surgeon for the militia ballot."}},
			{"secret", "At the Grasmere ring Fortunatus Gillerthwaite went down to the Langdale man in the last round, and took for it, as was whispered afterwards in only two houses, twenty guineas from a Lancaster bookmaker.", "twenty guineas from a Lancaster bookmaker",
				[3]string{"Fortunatus Gillerthwaite was paid twenty guineas by a Lancaster bookmaker to go down in the last round.", "A Lancaster bookmaker's guineas buy a fall in the Grasmere ring.", "Mr. Gillerthwaite is chosen to judge whether this year's champion sold his bout."}},
			{"secret", "It was Roger Legburthwaite who shifted the mere-stone on the Lings forty yards up the hill on a dark night in 1789, and gained himself nine acres of the common; his father held the lantern.", "shifted the mere-stone on the Lings forty yards up the hill",
				[3]string{"Roger Legburthwaite shifted the mere-stone forty yards up the hill on a dark night.", "A mere-stone on the Lings is moved forty yards by lantern light.", "Mr. Legburthwaite sits with the commissioners walking the parish bounds for the enclosure award."}},
			{"place", "Nov. 3. Called to Skelghyll at two in the morning; the beck up, and no way over but the stepping-stones, and those under water; was carried across on the shepherd's back, and delivered of a boy at five.", "no way over but the stepping-stones",
				[3]string{"At Skelghyll the beck is up and the stepping-stones are under water.", "A midwife is carried across on a shepherd's back at two in the morning.", "The doctor's gig is sent for in haste to Skelghyll on the wettest night of the autumn."}},
			{"place", "Ordered, that the information be dismissed, the constable of Ulpha having no power to take any man in the back kitchen at Grassguards, which lies in Lancashire, the county line running through the hearth.", "the county line running through the hearth",
				[3]string{"At Grassguards the county line runs through the hearth of the back kitchen.", "A constable has no power to take a man in a back kitchen that lies in Lancashire.", "A thief flees to Grassguards and a sheriff's officer from Cockermouth rides after him with a writ."}},
			{"object", `"Don't lift it," she said, when I made to. "That's the Seathwaite bakstone. The underside is somebody's grave, lettered and dated 1698. My husband's grandfather fetched it out of the old chapel yard when they reflagged."`, "The underside is somebody's grave",
				[3]string{"The underside of the Seathwaite bakstone is somebody's grave, lettered and dated 1698.", "A stone fetched out of the old chapel yard is lettered and dated 1698 underneath.", "The vicar takes tea at the farm and watches the havercake baked on the Seathwaite bakstone."}},
			{"object", "By order of the court leet: the Watendlath cresset on the Knott shall be fired only when a body is missing on the fell, and when it is fired every house in the dale shall send one man with a lantern, on pain of five shillings.", "every house in the dale shall send one man with a lantern",
				[3]string{"The Watendlath cresset on the Knott is fired and every house sends one man with a lantern.", "The court leet orders one man with a lantern from every house when a body is missing.", "Boys light the Watendlath cresset for a lark on the fifth of November."}},
		},
		recurring: []string{"Mr. Gatesgarth", "Barak", "Mr. Langstrath", "Mr. Mosedale", "Bezaleel", "Mr. Martindale", "Mr. Bannerdale", "Matthias", "Mr. Glencoyne", "Birker",
			"Mr. Troutal", "Abner", "Mr. Yewdale", "Mr. Sleddale", "Laban", "Mr. Swindale", "Naddle", "Shubael", "Mr. Armboth", "Fortunatus",
			"Mr. Legburthwaite", "Skelghyll", "Grassguards", "the Seathwaite bakstone", "the Watendlath cresset"},
		chars: rbBlind27Cast(),
		locs:  rbBlind27Places(),
	}
}

// rbBlind27Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind27Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1800", "Zachariah Gatesgarth", []string{"Zachariah", "Mr. Gatesgarth", "Gatesgarth"}, "statesman", "A long, bony, fair-haired man of thirty who farms his own sixty acres.",
			[]string{"cheerful", "careless"}, "Has a younger brother at sea.", "Sings in the church choir."),
		c("c1801", "Barak Stonethwaite", []string{"Barak", "Mr. Stonethwaite", "Stonethwaite"}, "blacksmith", "A short, broad, black-bearded man of forty-five.",
			[]string{"blunt", "hard-working"}, "Shoes every horse in the valley.", "Has six children."),
		c("c1802", "Lazarus Langstrath", []string{"Lazarus", "Mr. Langstrath", "Langstrath"}, "shepherd", "A lean, silent, weathered man of fifty-two.",
			[]string{"patient", "taciturn"}, "Farms under the fell at the head of the valley.", "Has won prizes at the tup show."),
		c("c1803", "Darius Mosedale", []string{"Darius", "Mr. Mosedale", "Mosedale"}, "wool factor", "A plump, bald, spectacled man of fifty in a white house by the lake.",
			[]string{"curious", "shrewd"}, "Buys the fleeces of half the valley.", "Is a widower."),
		c("c1804", "Bezaleel Kentmere", []string{"Bezaleel", "Mr. Kentmere", "Kentmere"}, "churchwarden", "A stout, red-faced, well-dressed man of sixty.",
			[]string{"respectable", "sly"}, "Reads the lesson on Sundays.", "Has a married daughter in Kendal."),
		c("c1805", "Aquila Martindale", []string{"Aquila", "Mr. Martindale", "Martindale"}, "farmer", "A grey-whiskered, upright man of sixty-five.",
			[]string{"proud", "close-fisted"}, "Farms at Scalebarrow.", "Has two sons."),
		c("c1806", "Jeduthun Bannerdale", []string{"Jeduthun", "Mr. Bannerdale", "Bannerdale"}, "farmer", "A heavy, slow, kindly man of forty with a limp.",
			[]string{"kindly", "slow"}, "Farms at Gillbrow.", "Has no children of his own."),
		c("c1807", "Matthias Boredale", []string{"Matthias", "Mr. Boredale", "Boredale"}, "mason", "A wiry, grey-eyed man of thirty-eight with a loud laugh.",
			[]string{"sociable", "stubborn"}, "Builds walls and byres all over the valley.", "Has a pious wife."),
		c("c1808", "Simeon Glencoyne", []string{"Simeon", "Mr. Glencoyne", "Glencoyne"}, "landowner", "A tall, stooping, courteous old man of seventy.",
			[]string{"courteous", "obstinate"}, "Sits in the vestry.", "Has three grandsons."),
		c("c1809", "Eleazar Birker", []string{"Eleazar", "Mr. Birker", "Birker"}, "fell guide", "A quick, small, sunburnt man of forty.",
			[]string{"nimble", "talkative"}, "Guides tourists up the high fells.", "Lives with his sister."),
		c("c1810", "Jeptha Troutal", []string{"Jeptha", "Mr. Troutal", "Troutal"}, "guide", "A big, loud, fearless-looking man of thirty-five.",
			[]string{"bold", "boastful"}, "Knows every path across the high passes.", "Wrestles at the sports."),
		c("c1811", "Abner Tilberthwaite", []string{"Abner", "Mr. Tilberthwaite", "Tilberthwaite"}, "shepherd", "A slight, sandy, good-humoured man of twenty-eight.",
			[]string{"good-humoured", "quiet"}, "Keeps a pair of collies.", "Is courting the miller's daughter."),
		c("c1812", "Hananiah Yewdale", []string{"Hananiah", "Mr. Yewdale", "Yewdale"}, "farmer", "A mild, round-shouldered man of fifty lately married.",
			[]string{"mild", "absent-minded"}, "Farms a small hill farm.", "Plays the fiddle."),
		c("c1813", "Ichabod Sleddale", []string{"Ichabod", "Mr. Sleddale", "Sleddale"}, "shepherd", "A grizzled, gap-toothed man of fifty-five.",
			[]string{"gruff", "skilful"}, "Shepherds at Wythop.", "Has buried two wives."),
		c("c1814", "Laban Hartsop", []string{"Laban", "Mr. Hartsop", "Hartsop"}, "huntsman", "A gaunt, hollow-cheeked man of sixty in a red waistcoat.",
			[]string{"hardy", "proud"}, "Has hunted the fell pack for thirty years.", "Has one son."),
		c("c1815", "Manasseh Swindale", []string{"Manasseh", "Mr. Swindale", "Swindale"}, "tanner", "A dour, heavy-browed man of fifty-five.",
			[]string{"dour", "loyal"}, "Keeps a tanyard by the beck.", "Has a widowed sister."),
		c("c1816", "Hiram Naddle", []string{"Hiram", "Mr. Naddle", "Naddle"}, "farmer", "A merry, fat, innocent-looking man of forty-four.",
			[]string{"merry", "cunning"}, "Keeps pigs and a few cows.", "Is well liked at the inn."),
		c("c1817", "Shubael Wythburn", []string{"Shubael", "Mr. Wythburn", "Wythburn"}, "statesman", "A small, wizened, suspicious old man of seventy-five.",
			[]string{"miserly", "suspicious"}, "Has three sons who wait for his land.", "Keeps an old sheepdog."),
		c("c1818", "Gershom Armboth", []string{"Gershom", "Mr. Armboth", "Armboth"}, "schoolmaster", "A neat, quiet, clean-shaven man of forty-eight who came into the valley twenty years ago.",
			[]string{"quiet", "learned"}, "Teaches the valley school.", "Writes a fine hand."),
		c("c1819", "Fortunatus Gillerthwaite", []string{"Fortunatus", "Mr. Gillerthwaite", "Gillerthwaite"}, "innkeeper", "A huge, genial man of forty, once a famous wrestler.",
			[]string{"genial", "respected"}, "Keeps an inn on the coach road.", "Is steward of the sports."),
		c("c1820", "Roger Legburthwaite", []string{"Roger", "Mr. Legburthwaite", "Legburthwaite"}, "yeoman", "A prosperous, hearty man of fifty-six with a new-built house.",
			[]string{"hearty", "grasping"}, "Has added to his land.", "Is a friend of the steward."),
	}
}

// rbBlind27Places are the set's places and objects.
func rbBlind27Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1600", "Skelghyll", nil, "farm", "A low whitewashed farmhouse under the fell across the beck from the road.", "It has a walled garth."),
		l("l1601", "Grassguards", nil, "farm", "An old farmhouse of grey stone in a side valley.", "It has a porch with stone seats."),
		l("l1602", "The Seathwaite bakstone", []string{"the Seathwaite bakstone"}, "bakstone", "A broad flat slab by the fire in the farm kitchen at Seathwaite.", "It is blackened with use."),
		l("l1603", "The Watendlath cresset", []string{"the Watendlath cresset"}, "cresset", "An iron fire-basket on a pole on a rocky knoll above Watendlath.", "It is filled with tar and brushwood."),
	}
}
