package writer

import "github.com/storyd/storyd/project"

// The twenty-eighth blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes28", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-seventh set written alongside it: 25 facts and their 75 probes,
// with people, places and objects found in no other set and no name found in
// the corpus (surnames from Fenland parishes of Cambridgeshire and Norfolk,
// places from fen droves and islands, first names from Methodist class
// books). It is blind: nothing in recall/ or index/ was changed with it in
// view, and once its misses are used to change the ranking it is no longer
// a blind measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind28 -recall.scenes 30,300,1000
//
// Same rules as the earlier sets: each fact is stated once, in the prose of
// one early scene (no sheet pins it, no summary holds it); no plan quotes its
// key; a words probe shares at least two content words with its plant beyond
// the names; a partial probe names no part of the owner and shares at least
// one distinctive word with the plant; an entity probe names the owner,
// shares no content word with the plant beyond the name, and asks for a
// scene a writer would get wrong without the fact. The kinds are those of
// the issue: three each of trait, possession, promise, fear, cannot, hidden
// and secret, two places and two objects. The plants mix plain shapes (a
// narrator's statement, short blunt sentences, dialogue with and without
// tags, reported speech, a pronoun with the name a sentence earlier, a long
// sentence with the fact late in it) with rarer ones: a class leader's
// book, a flood-relief subscription list, a love-feast testimony, a
// drainage board's minute, a fen yarn in dialect, a Bible flyleaf, a
// skating-match report, a sister's letter, an eel-catcher's tally, a
// magistrate's memorandum, a whisper in bed, a chapel handbill, a
// gazetteer, a parish inventory and a list of the church's curiosities.
func rbBlind28() rbSet {
	return rbSet{
		name: "blind28",
		facts: []rbFact{
			{"trait", "Zerubbabel Coveney never spoke to a horse. He sang to them, every word of it, hymn tunes mostly, and a horse of his would stand like a post for a plain shout.", "He sang to them, every word of it",
				[3]string{"Zerubbabel Coveney sings hymn tunes to his horses rather than shout at them.", "A carter sings hymn tunes to a horse that stands like a post at a shout.", "Mr. Coveney must get a frightened team over the flooded causeway in the dark."}},
			{"trait", "Class No. 4. Mrs. Vashti Mepal: meets well, pays her penny; shouts Glory in the middle of other folk's prayers and will not be checked, though the leader has spoken to her twice.", "shouts Glory in the middle of other folk's prayers",
				[3]string{"Vashti Mepal shouts Glory during other folk's prayers at class meeting.", "A woman who pays her penny at class will not be checked for shouting Glory.", "Mrs. Mepal sits through the silent Quaker burial of her neighbour's child."}},
			{"trait", `"Write Abednego Witcham out his reckoning." "Ent no use, he can't abide a sum on paper. But ask him what forty-three chain of ditching comes to at elevenpence and he'll have it before you've done asking."`, "he'll have it before you've done asking",
				[3]string{"Abednego Witcham reckons forty-three chain of ditching at elevenpence before you've done asking.", "A fenman works out chain of ditching at elevenpence in his head.", "Mr. Witcham settles up with the corn merchant at Ely market."}},
			{"possession", "Received for the sufferers by the flood: the Vicar, five pounds; Mr. Gotobed, two pounds; Mrs. Persis Manea, the loan of her two lighters, the only craft in the parish that would carry cattle, for as long as they were wanted.", "her two lighters, the only craft in the parish that would carry cattle",
				[3]string{"Mrs. Manea's two lighters carry cattle for the sufferers by the flood.", "The loan of two lighters, the only craft in the parish to carry cattle.", "The river bank gives way above Mrs. Manea's farm at harvest and the beasts stand in rising water."}},
			{"possession", "Tertius Welney had the last working duck decoy in the Fens, eight pipes on a pond of three acres, and he would show it to nobody.", "the last working duck decoy in the Fens",
				[3]string{"Tertius Welney shows nobody his duck decoy with its eight pipes.", "A duck decoy with eight pipes on a pond of three acres.", "Mr. Welney is asked by a London poulterer to supply two hundred wildfowl before Christmas."}},
			{"possession", "The carrier said that Jael Hilgay had bought, out of her egg money, a pair of Dutch skates with brass-toed blades, and that she was faster on them than any man between Ely and Lynn.", "a pair of Dutch skates with brass-toed blades",
				[3]string{"Jael Hilgay bought Dutch skates with brass-toed blades out of her egg money.", "Brass-toed Dutch skates are bought with egg money.", "Miss Hilgay must fetch the doctor from six miles off when snow has closed the roads and the fen is frozen hard."}},
			{"promise", "At the love-feast Brother Epaphras Southery stood up and testified that he had vowed on his knees never again to set a gin or a snare on another man's land, and the class said Amen.", "never again to set a gin or a snare on another man's land",
				[3]string{"Epaphras Southery keeps his vow never to set a snare on another man's land.", "A converted poacher testifies at the love-feast that he will never again set a gin.", "Mr. Southery's children are hungry in a hard winter and the squire's rabbits are thick in the warren."}},
			{"promise", `"I'll not marry while Father lives," Berenice Nordelph told the young minister on the chapel steps. "I promised Mother at the last, and you may wait or go."`, "I'll not marry while Father lives",
				[3]string{"Berenice Nordelph will not marry while her father lives, as she promised her mother.", "A girl on the chapel steps tells the young minister to wait or go.", "Miss Nordelph is proposed to by a rich widower with a good farm."}},
			{"promise", "Resolved, that the thanks of the Board be given to Mr. Zephaniah Benwick, who has undertaken to keep the Forty Foot engine running at his own charge through any flood until the new boiler comes.", "keep the Forty Foot engine running at his own charge",
				[3]string{"Zephaniah Benwick keeps the Forty Foot engine running at his own charge.", "The Board thanks a man who keeps the engine running until the new boiler comes.", "A week of rain swells the rivers and Mr. Benwick's purse is nearly empty."}},
			{"fear", `"Naphtali Wimblington? He were up in the belfry at Upwell when they rung for the old Queen, and he 'ont go near a bell since, not a handbell, not a dinner bell."`, "he 'ont go near a bell since",
				[3]string{"Naphtali Wimblington will not go near a bell since he was up in the belfry.", "A man who was in the belfry when they rung will not go near a handbell.", "Mr. Wimblington gives his daughter away at the parish church."}},
			{"fear", "Milcah Emneth her book. Lord keep me from the water, which I have feared since my brother went through the ice.", "which I have feared since my brother went through the ice",
				[3]string{"Milcah Emneth has feared the water since her brother went through the ice.", "A girl prays in her book to be kept from the water since her brother went through the ice.", "Mrs. Emneth must cross the river by the ferry to reach her dying mother."}},
			{"fear", "Jehoiada Walsoken was the best thatcher between Wisbech and Lynn. He could not, though, bear to be shut in: a closed door set him sweating, and he took his dinner on the step in January sooner than eat it in a kitchen.", "a closed door set him sweating",
				[3]string{"Jehoiada Walsoken eats his dinner on the step because a closed door sets him sweating.", "A thatcher takes his dinner on the step in January sooner than eat in a kitchen.", "Mr. Walsoken is locked in the lock-up overnight after a brawl at the fair."}},
			{"cannot", "The second heat went to Salathiel Feltwell, who, being stone deaf from a boy, started a full yard behind the rest, for he cannot hear the pistol and must wait to see them go.", "he cannot hear the pistol and must wait to see them go",
				[3]string{"Salathiel Feltwell, stone deaf, cannot hear the pistol and must wait to see the rest go.", "A skater in the heat starts a yard behind because he cannot hear the pistol.", "Mr. Feltwell is working alone in the dyke when a cart comes down the drove at a gallop at his back."}},
			{"cannot", "Zipporah Methwold could not read. She kept the shop's accounts in notches and chalk rings on the back of the cellar door, and never lost a farthing.", "kept the shop's accounts in notches and chalk rings",
				[3]string{"Zipporah Methwold keeps the shop's accounts in chalk rings and notches on the cellar door.", "Chalk rings and notches on the back of a cellar door are a shop's accounts.", "A stranger hands Mrs. Methwold a written message telling her that her son has been taken ill."}},
			{"cannot", "Dear Sister, Boaz Stretham is well and sends his love, though since the fever he cannot stand the light, and works the mill at night and sleeps the day through with a cloth over his eyes.", "since the fever he cannot stand the light",
				[3]string{"Boaz Stretham works the mill at night since the fever and sleeps with a cloth over his eyes.", "A miller sleeps the day through with a cloth over his eyes since the fever.", "Mr. Stretham is called to give evidence at the summer assizes at noon."}},
			{"hidden", "When the bank at Ely broke in the bad year and half the farmers of the Isle were ruined in a morning, Japheth Wilburton walked home whistling, and only his wife knew why: his savings, four hundred pounds, had never been in any bank but were sewn into the lining of the old horse collar behind the stable door.", "sewn into the lining of the old horse collar",
				[3]string{"Japheth Wilburton's four hundred pounds are sewn in the old horse collar's lining.", "Savings are sewn into the lining of an old horse collar behind a stable door.", "Mr. Wilburton's harness is sold off cheap to a tinker while he is away at market."}},
			{"hidden", "Issachar Isleham, his tally. Eels Thursday, 40 lb to Lynn by the carrier. The Chartist papers I have put in the old eel-trunk sunk off the staithe, with a stone on it.", "in the old eel-trunk sunk off the staithe",
				[3]string{"Issachar Isleham hauls up the old eel-trunk sunk off the staithe for the Chartist papers.", "Chartist papers lie in an old eel-trunk sunk off a staithe.", "Constables search Mr. Isleham's cottage for seditious pamphlets."}},
			{"hidden", `"Where's she keep it, then?" "In the clock. Junia Prickwillow's had her mother's wedding ring in the long-case clock since the day her husband drank the first one."`, "her mother's wedding ring in the long-case clock",
				[3]string{"Junia Prickwillow takes her mother's wedding ring out of the long-case clock.", "A wedding ring is kept in a long-case clock where a husband who drank the first can't find it.", "The bailiffs carry every piece of furniture out of Mrs. Prickwillow's house for arrears."}},
			{"secret", "Memorandum. Meshach Warboys, whom the circuit now hears gladly as a local preacher, is the man I committed to Norwich Castle in the year '31 for sheep-stealing; I knew him by the scar, and have said nothing.", "committed to Norwich Castle in the year '31 for sheep-stealing",
				[3]string{"Meshach Warboys the local preacher was committed to Norwich Castle for sheep-stealing.", "A magistrate knows a local preacher by the scar and says nothing of the sheep-stealing.", "Mr. Warboys takes the pulpit on the Eighth Commandment before a chapel full of farmers."}},
			{"secret", "In bed, with the candle out, Lamech Somersham told his wife what he had told no one: that it was he who had cut the bank at Coldham in the dry summer, to drown out the Scotch farmer who had taken his land.", "he who had cut the bank at Coldham",
				[3]string{"Lamech Somersham cut the bank at Coldham to drown out the Scotch farmer.", "Someone cut the bank at Coldham in the dry summer to drown out a Scotch farmer.", "Mr. Somersham sits on the jury trying a labourer accused of flooding a neighbour's fields."}},
			{"secret", "The handbill for the chapel anniversary promised new hymns by our own minister, and Zeruiah Farcet, who had written every one of them at the kitchen table and let him put his name to them, sat in the gallery and sang them with the rest.", "had written every one of them at the kitchen table",
				[3]string{"Zeruiah Farcet wrote every one of the minister's new hymns at the kitchen table.", "The anniversary handbill promises new hymns by our own minister.", "Mrs. Farcet is seated beside the circuit superintendent, who gushes about the pastor's poetry."}},
			{"place", "Stuntney, a hamlet on an island of clay. Its well is brackish, and all drinking water is carried up in buckets from a spring at the foot of the hill.", "all drinking water is carried up in buckets from a spring",
				[3]string{"At Stuntney drinking water is carried up in buckets from the spring at the foot of the hill.", "The well is brackish, so drinking water comes up in buckets from a spring.", "Fever breaks out at Stuntney in a hot August."}},
			{"place", "Redmere stands on the bed of the old mere, and when the river is high the yard floods to the doorsteps, so that the family go to chapel by boat every winter.", "the family go to chapel by boat every winter",
				[3]string{"At Redmere the family go to chapel by boat in winter when the yard floods.", "A yard floods to the doorsteps, so they go to chapel by boat.", "A visitor drives a gig to Redmere for a February wedding."}},
			{"object", "Among the curiosities of the church: the Padnal glaive, nine tines, forged, they say, from the irons of the Haddenham gibbet, and so heavy that it takes two men to strike with it.", "it takes two men to strike with it",
				[3]string{"Two men strike with the heavy nine-tined Padnal glaive.", "Nine tines forged from the irons of a gibbet, so heavy it takes two men.", "A lone boy carries the Padnal glaive out eeling on the lode at dawn."}},
			{"object", "Item, the Byall dydle, an iron scoop on a twenty-foot pole, lent to any parish that asks, so it come back by Lady Day; it bears a crack across the bowl and lets half its load through.", "it bears a crack across the bowl",
				[3]string{"The Byall dydle, lent to any parish, has a crack across its iron bowl.", "An iron scoop on a twenty-foot pole has a crack across the bowl.", "The ditch behind the chapel chokes with mud, and they fetch the Byall dydle to clear it."}},
		},
		recurring: []string{"Mr. Coveney", "Mrs. Mepal", "Mr. Witcham", "Mrs. Manea", "Tertius", "Miss Hilgay", "Mr. Southery", "Berenice", "Mr. Benwick", "Naphtali",
			"Mrs. Emneth", "Mr. Walsoken", "Mr. Feltwell", "Zipporah", "Mr. Stretham", "Mr. Wilburton", "Issachar", "Mrs. Prickwillow", "Mr. Warboys", "Lamech",
			"Mrs. Farcet", "Stuntney", "Redmere", "the Padnal glaive", "the Byall dydle"},
		chars: rbBlind28Cast(),
		locs:  rbBlind28Places(),
	}
}

// rbBlind28Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind28Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1900", "Zerubbabel Coveney", []string{"Zerubbabel", "Mr. Coveney", "Coveney"}, "carter", "A lean, bow-legged man of fifty with a grey fringe of beard.",
			[]string{"patient", "devout"}, "Carts turf and corn for half the parish.", "Has buried two wives."),
		c("c1901", "Vashti Mepal", []string{"Vashti", "Mrs. Mepal"}, "labourer's wife", "A stout, red-armed woman of forty with a loud laugh.",
			[]string{"warm", "zealous"}, "Takes in washing.", "Has seven children."),
		c("c1902", "Abednego Witcham", []string{"Abednego", "Mr. Witcham", "Witcham"}, "ditcher", "A short, broad, silent man of forty-five with a slow walk.",
			[]string{"steady", "proud"}, "Works by the piece for the drainage board.", "Lives alone."),
		c("c1903", "Persis Manea", []string{"Persis", "Mrs. Manea"}, "farmer's widow", "A tall, plain-spoken widow of fifty-five in a black bonnet.",
			[]string{"generous", "blunt"}, "Farms two hundred acres on the washes.", "Is a trustee of the chapel."),
		c("c1904", "Tertius Welney", []string{"Tertius", "Mr. Welney", "Welney"}, "fowler", "A thin, weathered, secretive man of sixty in a moleskin coat.",
			[]string{"secretive", "shrewd"}, "Sells wildfowl in Cambridge.", "Has a grown son in Canada."),
		c("c1905", "Jael Hilgay", []string{"Jael", "Miss Hilgay"}, "farmer's daughter", "A tall, quick, fair girl of nineteen with chapped hands.",
			[]string{"bold", "quick"}, "Keeps her father's hens.", "Sings in the chapel choir."),
		c("c1906", "Epaphras Southery", []string{"Epaphras", "Mr. Southery", "Southery"}, "labourer", "A wiry, sharp-eyed man of thirty-five lately come to chapel.",
			[]string{"earnest", "restless"}, "Works on a farm by the day.", "Has four children."),
		c("c1907", "Berenice Nordelph", []string{"Berenice", "Miss Nordelph"}, "daughter at home", "A dark, composed woman of twenty-six who keeps house for her father.",
			[]string{"dutiful", "firm"}, "Teaches in the Sunday school.", "Her father is an invalid."),
		c("c1908", "Zephaniah Benwick", []string{"Zephaniah", "Mr. Benwick", "Benwick"}, "farmer", "A heavy, slow, kindly man of sixty with land on both sides of the river.",
			[]string{"public-spirited", "slow"}, "Sits on the drainage board.", "Has had three bad harvests running."),
		c("c1909", "Naphtali Wimblington", []string{"Naphtali", "Mr. Wimblington", "Wimblington"}, "wheelwright", "A small, nervous, clever-handed man of fifty.",
			[]string{"nervous", "skilled"}, "Has a shop by the green.", "Has one daughter, lately engaged."),
		c("c1910", "Milcah Emneth", []string{"Milcah", "Mrs. Emneth"}, "shopkeeper's wife", "A pale, neat, anxious woman of thirty with a low voice.",
			[]string{"anxious", "loving"}, "Minds the shop while her husband is at market.", "Her mother lives across the river."),
		c("c1911", "Jehoiada Walsoken", []string{"Jehoiada", "Mr. Walsoken", "Walsoken"}, "thatcher", "A big, sunburnt, quick-tempered man of thirty-eight.",
			[]string{"hot-tempered", "skilled"}, "Thatches ricks and cottages across the marshland.", "Drinks at the fair."),
		c("c1912", "Salathiel Feltwell", []string{"Salathiel", "Mr. Feltwell", "Feltwell"}, "labourer", "A long-limbed, fair, cheerful young man of twenty-four.",
			[]string{"cheerful", "hardy"}, "Races on the ice in hard winters.", "Lives with his mother."),
		c("c1913", "Zipporah Methwold", []string{"Zipporah", "Mrs. Methwold"}, "shopkeeper", "A small, sharp-eyed woman of fifty who keeps the village shop.",
			[]string{"shrewd", "honest"}, "Gives credit to nobody.", "Has a son at sea."),
		c("c1914", "Boaz Stretham", []string{"Boaz", "Mr. Stretham", "Stretham"}, "miller", "A gaunt, quiet man of forty, lately recovered from an illness.",
			[]string{"quiet", "conscientious"}, "Grinds for the farms round the fen.", "Has a sister in service in London."),
		c("c1915", "Japheth Wilburton", []string{"Japheth", "Mr. Wilburton", "Wilburton"}, "farmer", "A close, cheerful, ruddy man of fifty-five.",
			[]string{"close", "cheerful"}, "Farms his own land.", "Trusts no one but his wife."),
		c("c1916", "Issachar Isleham", []string{"Issachar", "Mr. Isleham", "Isleham"}, "eel-catcher", "A grizzled, wiry man of forty-six who lives by the river.",
			[]string{"radical", "wary"}, "Reads the newspapers aloud at the inn.", "Is watched by the constable."),
		c("c1917", "Junia Prickwillow", []string{"Junia", "Mrs. Prickwillow"}, "wife", "A tired, gentle woman of thirty-four married to a drinking man.",
			[]string{"patient", "careful"}, "Does plain sewing for the rectory.", "Has two small daughters."),
		c("c1918", "Meshach Warboys", []string{"Meshach", "Mr. Warboys", "Warboys"}, "local preacher", "A grave, strong, black-browed man of forty-four.",
			[]string{"eloquent", "grave"}, "Preaches round the circuit on Sundays.", "Works as a shepherd in the week."),
		c("c1919", "Lamech Somersham", []string{"Lamech", "Mr. Somersham", "Somersham"}, "smallholder", "A sour, stooping man of fifty-two who lost his farm.",
			[]string{"bitter", "respectable"}, "Rents ten acres.", "Is often called for jury service."),
		c("c1920", "Zeruiah Farcet", []string{"Zeruiah", "Mrs. Farcet"}, "minister's wife", "A quiet, bright-eyed woman of thirty-nine in grey.",
			[]string{"modest", "clever"}, "Keeps bees.", "Has no children."),
	}
}

// rbBlind28Places are the set's places and objects.
func rbBlind28Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1700", "Stuntney", nil, "hamlet", "A few cottages and a farm on a low rise in the fen.", "It has a small church."),
		l("l1701", "Redmere", nil, "farm", "A lonely farmhouse with a long yard in a flat black field.", "It has a tall barn."),
		l("l1702", "The Padnal glaive", []string{"the Padnal glaive"}, "glaive", "A great old fen spear kept in the vestry.", "Its shaft is of ash."),
		l("l1703", "The Byall dydle", []string{"the Byall dydle"}, "dydle", "An old drainage tool kept in the church porch.", "It is very old."),
	}
}
