package writer

import "github.com/storyd/storyd/project"

// The fourteenth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes14", without reading recall/, index/,
// docs/RECALL.md, the recall notes or the thirteenth set: 25 facts and their
// 75 probes, with people, places, objects and facts found in no other set.
// It is blind: nothing in recall/ or index/ was changed with it in view, and
// once its misses are used to change the ranking it is no longer a blind
// measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind14 -recall.scenes 30,300,1000
//
// The probes follow the kinds strictly: a words probe shares at
// least two content words with its plant beyond the names; a partial probe
// names no part of the owner and shares at least one distinctive content
// word with the plant (not a stop word, not a word common all over the
// corpus), worded otherwise differently, so none of them is a pure
// paraphrase; an entity probe names the owner and shares no content word
// with the plant beyond the name, and a careful reader of the book could
// answer it from the planted sentence. Each fact is stated once, in the
// prose of one early scene; no sheet pins it and no plan quotes its key.
// The plants are shaped as prose shapes facts: a brother's letter, an
// ostler's and a sailor's speech, a housekeeper's and a boy's reported
// words, a girl's letter about where she hid something, a sister's
// laughter; a long sentence with the fact in its middle (the rector on a
// bridegroom), a subject held back to the end of its clause ("were
// written ... by Hamnet Thackwray"), sentences opening on the object or on
// a fragment ("Dogs were another matter.", "Her lover's letters, every one
// of them, ..."), two sentences for one fact, negations, lists, and places
// and objects described once in full and later asked after by a fragment
// ("the hall clock", "a church cup").
func rbBlind14() rbSet {
	return rbSet{
		name: "blind14",
		facts: []rbFact{
			{"trait", "Quintus Farleigh counted everything. He counted the panes of a window while you talked to him, the buttons on a bishop's waistcoat and the pips in an orange, and he would tell you, unasked, that there were two hundred and seventy-one steps to the top of the Minster.", "the buttons on a bishop's waistcoat",
				[3]string{"Farleigh counts the steps aloud as he climbs to the top of the Minster.", "At dessert a guest is seen numbering the pips of his orange under his breath.", "Mr. Farleigh is kept waiting an hour in a lawyer's office with nothing to read."}},
			{"trait", `"Sidony reads the newspaper backwards," her brother wrote from Exeter. "She begins with the shipping news and ends with the births, and she will tell you of every wreck between the Lizard and Portland before she has troubled to learn who is married."`, "reads the newspaper backwards",
				[3]string{"Sidony opens the newspaper at the shipping news and reads it from the back page.", "A young woman at breakfast turns first to the column of wrecks and shipping.", "Miss Yelland is asked at breakfast whether she has seen the engagement of the curate."}},
			{"trait", "The rector, who had been at Oxford with him and had waited for him at a great many dinners since, said that Melchior Wickstead had never been punctual for anything in his life except his own wedding, at which he arrived a day early and sat alone in the church until the verger locked him out.", "arrived a day early",
				[3]string{"Wickstead comes to the church for his wedding the day before it and sits there alone.", "A bridegroom sits alone in an empty church, his wedding being tomorrow.", "Mr. Wickstead is expected at seven for a christening supper."}},
			{"possession", "Athelstan Mallard took his snuff from a box turned out of the timbers of the Royal George, and every man who accepted a pinch heard how she went down at Spithead with her guns run out and eight hundred souls aboard.", "turned out of the timbers of the Royal George",
				[3]string{"Mallard offers a pinch of snuff from his box made of the Royal George's timbers.", "An old sailor is offered a pinch of snuff from a box carved of a sunken warship's oak.", "Mr. Mallard sits beside a naval chaplain at a tedious public dinner."}},
			{"possession", "It was her one extravagance, the harp Isadora Stoneley had bought at the sale of a ruined countess: its pillar was carved as a mermaid combing her hair, and it had a cracked string that nobody in the county could mend.", "carved as a mermaid combing her hair",
				[3]string{"Isadora plays her harp, with the mermaid carved on its pillar.", "A tuner curses a cracked string on a great gilt harp in a parlour.", "Miss Stoneley is asked to play for the company after supper."}},
			{"possession", `"Sell her? Not Mr. Wynstanley," said the ostler. "That little grey mare carried the news from Quatre Bras to Brussels with a Frenchman's lance in her quarter, and he'd sooner sell his own mother."`, "a Frenchman's lance in her quarter",
				[3]string{"Wynstanley's little grey mare, lanced at Quatre Bras, is led out of the stable.", "A horse dealer runs his hand over an old lance scar on a mare's hindquarters.", "Aldous Wynstanley is offered a great price at the horse fair by a dealer from York."}},
			{"promise", "At her bedside, with the doctor and the nurse for witnesses, Anselm Holroyd promised his dying wife that he would plant an oak for every year she had lived, and there were thirty-seven of them to find room for.", "plant an oak for every year she had lived",
				[3]string{"Holroyd plants the last of the oaks, one for each year his wife lived.", "A gardener counts thirty-seven young oak trees set out along a widower's park.", "Mr. Holroyd's steward wants to fell timber to pay off the mortgage."}},
			{"promise", "Gwendolen Prothero, the housekeeper told the new maid, had promised her sister in Swansea never again to set foot in a playhouse, after what befell their cousin in one, and she kept to it even when Mrs. Siddons came to Bristol.", "never again to set foot in a playhouse",
				[3]string{"Gwendolen will not set foot in the playhouse, even to see Mrs. Siddons.", "A woman declines a seat in a box at the playhouse and stays at home with her sewing.", "Miss Prothero is invited to an evening of music by her employer's son."}},
			{"promise", `"When the Admiralty pays me my prize money," said Mungo Hallett to the landlady of the Anchor, "the first hundred guineas go to put a new roof on your taproom, for you fed me a whole winter on credit."`, "a new roof on your taproom",
				[3]string{"Hallett's prize money comes and he pays for a roof on the Anchor's taproom.", "Thatchers climb over the taproom of a little harbour inn.", "Mr. Hallett receives a letter from the Navy Board with a draft enclosed."}},
			{"fear", "Millicent Hockaday had a horror of being buried alive, and her will, as the whole town knew, ordered a bell-pull run into her coffin and a sexton paid to sit by the grave for a week.", "a bell-pull run into her coffin",
				[3]string{"Millicent's will orders a bell-pull in her coffin, so afraid is she of being buried alive.", "A sexton keeps watch by a new grave for a week, listening for a bell.", "Miss Hockaday falls into a deep swoon and the physician cannot find her pulse."}},
			{"fear", "Dogs were another matter. Tristram Marwood, who had faced the yeomanry at Peterloo without a tremor, would cross the street sooner than pass a chained mastiff, and he kept a stout stick inside his door against the baker's terrier.", "sooner than pass a chained mastiff",
				[3]string{"Marwood crosses the street rather than pass the mastiff on its chain.", "A baker's terrier yaps at a grey-haired radical who backs away behind his stick.", "Mr. Marwood must call on a shepherd whose four collies run loose about the farm."}},
			{"fear", "Since the Tamar ferry went over with her father in it, Jacintha Pardew had crossed no water in any boat, and she would walk eleven miles round by the bridge at Gunnislake sooner than pay a penny to be rowed across.", "eleven miles round by the bridge at Gunnislake",
				[3]string{"Jacintha will not be rowed across the Tamar and walks eleven miles to the bridge.", "A young woman will not pay the ferryman his penny and turns back up the lane.", "Miss Pardew is invited to a picnic on an island in the lake."}},
			{"cannot", "Since his fall in the hunting field at Quorn, Bevis Blandford could not turn his head an inch either way; to look at a man beside him he swung round from the hips, chair and all, like a gun on a swivel.", "could not turn his head an inch",
				[3]string{"Blandford swings round, chair and all, because he cannot turn his head.", "A gentleman at the card table swivels his whole chair to look at the lady on his left.", "Mr. Blandford sits in the front pew while the bride comes up the aisle behind him."}},
			{"cannot", "Oriana Rackstraw could not keep her eyes open after ten o'clock, not at a ball, not at the opera, not when the Prince himself once spoke to her; on the stroke of the hour her chin went down and she slept where she sat.", "her chin went down and she slept where she sat",
				[3]string{"At ten o'clock Oriana's chin drops and she dozes in her chair at the ball.", "A young lady's chin sinks onto her fan as the clock strikes ten at the opera.", "Miss Rackstraw is to be presented at a midnight supper given by the Regent."}},
			{"cannot", "Percival Bastable had not slept under a roof since the hulks at Portsmouth; he took a good room at the inn, paid for it like a gentleman, and spent the night in the yard on a heap of sacks.", "spent the night in the yard on a heap of sacks",
				[3]string{"Bastable pays for a room at the inn, then lies down in the yard on the sacks.", "The ostler finds a well-dressed stranger asleep on the sacks at dawn.", "Mr. Bastable is given the grand bedchamber at his brother's house for Christmas."}},
			{"hidden", "Her lover's letters, every one of them, Phyllida Nettleship had sewn into the stuffed owl on the landing, and when she passed it on the stairs she would touch its glass case as if to wish it good morning.", "sewn into the stuffed owl on the landing",
				[3]string{"Phyllida unpicks the stuffed owl to take out her lover's letters.", "A housemaid dusting a glass case on the landing hears paper crackle inside the owl.", "Mrs. Nettleship's husband grows jealous and searches her desk for proof."}},
			{"hidden", "Old Garside, the boy said, kept the true accounts in a ledger under the third stair, the one that creaked, and the books he showed the excise were a pack of lies from end to end.", "ledger under the third stair",
				[3]string{"Garside lifts the third stair and takes out his true ledger of accounts.", "An exciseman treads on a creaking stair and wonders what lies beneath it.", "Ptolemy Garside's warehouse is searched by revenue officers at midnight."}},
			{"hidden", `"I have put Grandmamma's diamonds where our stepmother will never think to look," Albinia Spurling wrote to her brother at Cambridge, "inside the rocking horse in the old nursery. His saddle lifts off."`, "inside the rocking horse in the old nursery",
				[3]string{"Albinia lifts the rocking horse's saddle and takes out Grandmamma's diamonds.", "A child in the nursery rides a wooden horse that rattles as it rocks.", "Miss Spurling must find a large sum at once to save her family's credit."}},
			{"secret", `The novels of "A Lady of Quality", which no circulating library in Bath could keep on its shelves, were written, though nobody in the county guessed it, by Hamnet Thackwray, a retired major of dragoons, at night by the kitchen fire.`, "a retired major of dragoons",
				[3]string{"Thackwray writes a lady's novel at night by the kitchen fire.", "A circulating library cannot keep the three volumes of a lady's romance on its shelves.", "Major Thackwray hears his cook praise a romance that all the parish is reading."}},
			{"secret", "What the servants knew and her father did not was that Honorine Coppinger had been married these two years to his head groom, by a curate in Southwark who asked no questions, and that she wore the ring on a ribbon under her gown.", "wore the ring on a ribbon under her gown",
				[3]string{"Honorine takes her wedding ring from the ribbon under her gown and shows the groom.", "A Southwark curate remembers a hurried marriage between a lady and a groom.", "Miss Coppinger is proposed to by a rich baronet at a ball."}},
			{"secret", "The mark on the ball of Zachary Widdowson's thumb, which he kept under a glove summer and winter, was a felon's brand: as a boy he had been burnt in the hand at the Old Bailey for stealing a watch.", "burnt in the hand at the Old Bailey",
				[3]string{"Widdowson's glove slips and the felon's brand shows on his thumb.", "A churchwarden who never takes off his gloves is seen with a scar on his thumb.", "Mr. Widdowson sits on the jury at the assizes in a case of theft."}},
			{"place", "Nothing grows at Wrangholm but heather and stone, the drovers said, and the wells there run so hard that a kettle boiled on them is white inside in a month and a stranger's teeth ache at the first mouthful.", "a stranger's teeth ache at the first mouthful",
				[3]string{"At Wrangholm a stranger drinks from the well and his teeth ache.", "A kettle comes off the fire white inside, furred with lime from the hill water.", "A traveller from London lodges a week at Wrangholm and makes tea."}},
			{"place", "Skelderwater is so deep and so cold that the drowned never rise in it, and the fishermen leave a lantern burning on the jetty every night of the year for those who lie at the bottom.", "leave a lantern burning on the jetty",
				[3]string{"A lantern burns on the jetty at Skelderwater for the drowned who lie at the bottom.", "A boatman trims the wick of a lantern on a little wooden pier at dusk.", "A young clerk overturns his skiff on Skelderwater."}},
			{"object", "The Esdaile clock had a painted moon above its dial and, below, a little tin ship that rocked on painted waves at every tick; it had not gone since the night the old squire died, and the hands still stood at twenty past three.", "a little tin ship that rocked on painted waves",
				[3]string{"A child watches the tin ship rock on the painted waves of the Esdaile clock.", "The hall clock's painted moon hangs above hands that stopped long ago.", "The Esdaile clock is sold at auction to a dealer from London."}},
			{"object", "The Ormsby chalice, which the parish plate book called silver-gilt, was pewter under a wash of gold; the real cup had been pawned by a rector in the year forty-five to raise money for the Pretender.", "pewter under a wash of gold",
				[3]string{"The vestry learns that the Ormsby chalice is only pewter, the real cup pawned for the Pretender.", "A silversmith scratches the gilt off a church cup and finds pewter beneath.", "The Ormsby chalice is lent to the cathedral for the bishop's visitation."}},
		},
		recurring: []string{"Mr. Farleigh", "Sidony", "Wickstead", "Mr. Mallard", "Isadora", "Wynstanley", "Holroyd", "Miss Prothero", "Hallett",
			"Millicent", "Marwood", "Jacintha", "Mr. Blandford", "Miss Rackstraw", "Bastable", "Phyllida", "Garside", "Albinia", "Major Thackwray",
			"Honorine", "Widdowson", "Wrangholm", "Skelderwater", "the Esdaile clock", "the Ormsby chalice"},
		chars: rbBlind14Cast(),
		locs:  rbBlind14Places(),
	}
}

// rbBlind14Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind14Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c500", "Quintus Farleigh", []string{"Quintus", "Mr. Farleigh"}, "land agent", "A neat, precise land agent of fifty in a brown coat.",
			[]string{"precise", "talkative"}, "Manages three estates for absent owners.", "Lodges over the saddler's."),
		c("c501", "Sidony Yelland", []string{"Sidony", "Miss Yelland"}, "merchant's daughter", "A quick, freckled young woman keeping house for her widowed father.",
			[]string{"lively", "opinionated"}, "Sings loudly and often.", "Dislikes the town assemblies."),
		c("c502", "Melchior Wickstead", []string{"Melchior", "Mr. Wickstead"}, "gentleman", "An amiable, untidy gentleman of thirty-five with a small estate.",
			[]string{"amiable", "careless"}, "Collects fossils.", "Is godfather to half the parish."),
		c("c503", "Athelstan Mallard", []string{"Athelstan", "Mr. Mallard"}, "retired tide-waiter", "A round, rosy old man with a wooden-handled cane and a fund of stories.",
			[]string{"garrulous", "kindly"}, "Lives with his unmarried niece.", "Plays backgammon at the coffee house."),
		c("c504", "Isadora Stoneley", []string{"Isadora", "Miss Stoneley"}, "spinster", "A thin, economical spinster of fifty in a narrow house by the quay.",
			[]string{"frugal", "proper"}, "Takes in fine sewing.", "Goes to church twice on Sundays."),
		c("c505", "Aldous Wynstanley", []string{"Aldous", "Mr. Wynstanley"}, "attorney's clerk", "A lanky, quiet clerk with a long jaw and a threadbare coat.",
			[]string{"quiet", "obstinate"}, "Works for the town's oldest attorney.", "Has no family living."),
		c("c506", "Anselm Holroyd", []string{"Anselm", "Mr. Holroyd"}, "ironmaster", "A heavy, slow-spoken ironmaster of sixty who built his own fortune.",
			[]string{"stern", "faithful"}, "Owns two forges in the valley.", "Reads the Bible through once a year."),
		c("c507", "Gwendolen Prothero", []string{"Gwendolen", "Miss Prothero"}, "companion", "A tall, composed Welshwoman who is companion to an invalid lady.",
			[]string{"composed", "devout"}, "Speaks Welsh to the grocer.", "Has been in service since she was fourteen."),
		c("c508", "Mungo Hallett", []string{"Mungo", "Mr. Hallett"}, "naval lieutenant", "A bluff, sunburnt lieutenant waiting ashore for a ship.",
			[]string{"bluff", "open-handed"}, "Has served in four ships.", "Is courting the doctor's daughter."),
		c("c509", "Millicent Hockaday", []string{"Millicent", "Miss Hockaday"}, "heiress", "A small, sharp-eyed old lady with a large fortune and no near relations.",
			[]string{"sharp", "fanciful"}, "Keeps six cats.", "Drives out in a yellow chariot."),
		c("c510", "Tristram Marwood", []string{"Tristram", "Mr. Marwood"}, "printer", "A lean radical printer with ink-stained hands and a hot temper.",
			[]string{"brave", "hot-tempered"}, "Prints a weekly paper.", "Has been fined twice for libel."),
		c("c511", "Jacintha Pardew", []string{"Jacintha", "Miss Pardew"}, "governess", "A grave, slender governess from Cornwall with a low voice.",
			[]string{"grave", "conscientious"}, "Teaches the rector's three girls.", "Writes to her mother in Launceston."),
		c("c512", "Bevis Blandford", []string{"Bevis", "Mr. Blandford"}, "squire", "A stiff, heavy squire of fifty who sits as a magistrate.",
			[]string{"stiff", "honest"}, "Breeds shorthorn cattle.", "Has quarrelled with his only son."),
		c("c513", "Oriana Rackstraw", []string{"Oriana", "Miss Rackstraw"}, "débutante", "A rosy, good-humoured girl of eighteen in her first London season.",
			[]string{"good-humoured", "easy"}, "Her aunt is a countess.", "Dances well."),
		c("c514", "Percival Bastable", []string{"Percival", "Mr. Bastable"}, "returned traveller", "A gaunt, courteous man of forty lately settled in the town.",
			[]string{"courteous", "reserved"}, "Has money in the funds.", "Walks a great deal."),
		c("c515", "Phyllida Nettleship", []string{"Phyllida", "Mrs. Nettleship"}, "wife", "A graceful, absent-minded woman married to a much older banker.",
			[]string{"graceful", "wistful"}, "Paints miniatures.", "Spent her girlhood in Dublin."),
		c("c516", "Ptolemy Garside", []string{"Ptolemy", "Mr. Garside", "Garside"}, "wine merchant", "A florid, jovial wine merchant with a warehouse on the quay.",
			[]string{"jovial", "sly"}, "Sings bass in the choir.", "Dines with the mayor on Fridays."),
		c("c517", "Albinia Spurling", []string{"Albinia", "Miss Spurling"}, "squire's daughter", "A dark, determined girl of twenty.",
			[]string{"determined", "loyal"}, "Rides every morning.", "Sketches the ruins of the abbey."),
		c("c518", "Hamnet Thackwray", []string{"Hamnet", "Major Thackwray"}, "officer on half-pay", "A gruff, weather-beaten soldier who lives alone with one old servant.",
			[]string{"gruff", "shy"}, "Fought in Spain.", "Grows auriculas."),
		c("c519", "Honorine Coppinger", []string{"Honorine", "Miss Coppinger"}, "heiress", "A fair, silent young woman, the only child of a rich and stern father.",
			[]string{"silent", "steadfast"}, "Embroiders well.", "Refused two offers last season."),
		c("c520", "Zachary Widdowson", []string{"Zachary", "Mr. Widdowson"}, "corn factor", "A prosperous, soft-spoken corn factor of forty-five.",
			[]string{"soft-spoken", "careful"}, "Sits on the turnpike trust.", "Gives generously to the poor box."),
	}
}

// rbBlind14Places are the set's places and objects, all new.
func rbBlind14Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l300", "Wrangholm", nil, "hamlet", "A hamlet of grey farms high on the moor, at the end of a drove road.", "Its chapel has no bell."),
		l("l301", "Skelderwater", nil, "lake", "A long black lake under steep crags, with a fishing hamlet at its foot.", "Its char are sent to market potted."),
		l("l302", "The Esdaile clock", []string{"the Esdaile clock"}, "clock", "A tall long-case clock in the hall at Esdaile.", "Its case is of walnut."),
		l("l303", "The Ormsby chalice", []string{"the Ormsby chalice"}, "chalice", "The communion cup of Ormsby church, kept in the vestry chest.", "It is used at Easter."),
	}
}
