package writer

import "github.com/storyd/storyd/project"

// The twenty-third blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes23", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-second set written alongside it: 25 facts and their 75 probes,
// with people, places and objects found in no other set and no name found
// in the corpus (surnames from lost villages and field-names of Rutland,
// Leicestershire and Lincolnshire, first names from Elizabethan and
// Jacobean parish registers). It is blind: nothing in recall/ or index/ was
// changed with it in view, and once its misses are used to change the
// ranking it is no longer a blind measure and a new set is needed for an
// honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind23 -recall.scenes 30,300,1000
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
// statement, long sentences with the fact late in them, dialogue with and
// without tags, reported speech, a pronoun with the name a sentence earlier)
// with rarer ones: a schoolmaster's report, a toast at a supper, a ballad
// sung in a taproom, a sermon's example, a dream told at breakfast, a club's
// betting book, a woman who answers on a slate, a skipping rhyme, a riddle
// with its answer, a parrot, a benefaction board, a dialect glossary, a
// surveyor's field book, a grandmother's warning at bedtime and a tuner's
// bill.
func rbBlind23() rbSet {
	return rbSet{
		name: "blind23",
		facts: []rbFact{
			{"trait", "Grizell Knaptoft counted everything. Stairs. Spoons. The buttons on a man's coat while he proposed to her.", "The buttons on a man's coat while he proposed",
				[3]string{"Grizell Knaptoft counts the stairs and the spoons, as she counts everything.", "A woman counts the buttons on her suitor's coat while he proposes.", "Miss Knaptoft's brother takes two candles from her kitchen drawer, sure that no one will miss them."}},
			{"trait", "Report of the Free School, Midsummer. Rowland Ingarsby, aged eleven: quick at figures, idle at Latin, and though I have beaten him for it every quarter he will write, throw and cut his meat with his left hand and no other.", "with his left hand and no other",
				[3]string{"Rowland Ingarsby writes and throws with his left hand, however often he is beaten for it.", "A boy quick at figures and idle at Latin is beaten every quarter.", "Mr. Ingarsby is given his first fencing lesson by a French émigré."}},
			{"trait", `"Does she sleep sound, your Frideswide Quenby?" "Sound! She talks all night, and loud: every name she has heard in the day, every scrap of gossip, through two walls."`, "She talks all night, and loud",
				[3]string{"Frideswide Quenby talks in her sleep, repeating every scrap of gossip she heard in the day.", "Through two walls a sleeper can be heard repeating the gossip of the day.", "Miss Quenby shares a bed at a crowded inn with the woman whose letters she has been reading in secret."}},
			{"possession", `"Gentlemen, the health of Ezekias Baggrave," cried the auctioneer at the supper, "who keeps the only fire engine between here and Uppingham, a green hand-pump on four wheels, and has never yet been paid for one fire!"`, "the only fire engine between here and Uppingham",
				[3]string{"Ezekias Baggrave drags his green fire engine on its four wheels to the blaze.", "A green hand-pump on four wheels is dragged out of a shed.", "A hayrick burns at midnight in the next parish, and Mr. Baggrave is woken by the shouting."}},
			{"possession", `"It's a mourning ring with a lock of the King's hair in it," said Petronell Whatborough, turning it on her finger, "King Charles the martyr's, cut on the scaffold, and my grandmother's grandmother bought it off the headsman's boy for a shilling."`, "bought it off the headsman's boy",
				[3]string{"Petronell Whatborough turns the mourning ring with the martyr King's hair on her finger.", "A lock of hair cut on the scaffold is sold for a shilling.", "A highwayman stops Mrs. Whatborough's chaise on the heath and demands every trinket she wears."}},
			{"possession", "Silvester Othorpe had been a surgeon, a bankrupt, a lecturer on electricity and a preacher for a season, and out of the wreck of all of it he had kept one thing, the silk balloon he went up in from the Castle yard in 1785, which lay folded in his tithe barn.", "the silk balloon he went up in",
				[3]string{"Silvester Othorpe drags the folded silk balloon out of his tithe barn.", "A folded silk balloon lies in a tithe barn.", "The bailiffs come to Mr. Othorpe's farm to seize whatever can be sold for his debts."}},
			{"promise", "They sang it in the taproom of the Fox every Saturday: Oh, Jennet Stormsworth barefoot goes, / From Lammas to Lady Day, through frost and snows, / For she swore she'd wear no shoe on her foot / Till her soldier come home from the Low Countries.", "she'd wear no shoe on her foot",
				[3]string{"Jennet Stormsworth goes barefoot through the frost, as she swore, until her soldier comes home.", "The taproom sings of a barefoot girl waiting for a soldier from the Low Countries.", "Miss Stormsworth is invited to dance at the squire's ball in January."}},
			{"promise", "At the Martinmas hiring fair the girls stood in a row with their mops and pails, and Abdias Poultney walked past them holding his daughter by the hand, and told the farmer's wife who called after him that he had promised the child's mother on her deathbed that no child of hers should ever stand at a hiring.", "no child of hers should ever stand at a hiring",
				[3]string{"Abdias Poultney walks his daughter past the girls at the hiring fair, keeping his promise to her mother.", "Girls with mops and pails stand in a row at the Martinmas fair.", "The housekeeper at the Hall offers to take Mr. Poultney's Sukey into the kitchen, with a print gown at Easter."}},
			{"promise", "The vicar, preaching on the Fifth Commandment, held up as an example to the whole congregation Avis Keythorpe, who had promised her father as he lay dying never to part with a single field of his, and had kept her word through two bad harvests and a lawsuit.", "never to part with a single field of his",
				[3]string{"Avis Keythorpe refuses to part with a single field, as she promised her dying father.", "The vicar preaches on the Fifth Commandment and holds up a dutiful daughter as an example.", "A canal company's agent offers Miss Keythorpe a fortune for the meadows along the river."}},
			{"fear", "Kellam Bittesby feared bells. Church bells, sheep bells, the muffin man's bell. He crossed the street.", "Kellam Bittesby feared bells",
				[3]string{"Kellam Bittesby crosses the street to escape the muffin man's bell, which he fears.", "The muffin man's bell sends a grown man across the street.", "Mr. Bittesby stands groomsman at his brother's wedding in St. Martin's."}},
			{"fear", `"I dreamt of the mill-race again," Wenefrid Brascote told her husband over the bacon, and he knew then that she would not go out all day; she had been pulled half-drowned from the mill-race at four, and the sound of running water could still turn her white.`, "the sound of running water could still turn her white",
				[3]string{"Wenefrid Brascote turns white at the sound of running water, as she has since the mill-race.", "A child of four is pulled half-drowned from a mill-race.", "Mrs. Brascote must cross the flooded ford in the carrier's cart to reach her dying sister."}},
			{"fear", "From the betting book of the Quorn club: Lord H. bets Mr. T. five guineas that Griffin Sysonby, who will ride at any fence in the Shires, cannot be got up the ladder of a haystack, so great is his horror of a height.", "so great is his horror of a height",
				[3]string{"Griffin Sysonby freezes on the haystack ladder, in horror of the height, as the betting book wagered.", "Five guineas are wagered in a club's betting book over a haystack ladder.", "Mr. Sysonby is asked to climb to the top of the steeple to watch the comet."}},
			{"cannot", `"She is not to be let try the stairs," the nurse told the new footman. "Miss Kilwardby has not climbed a stair since her fall from the pony; she is carried up and down in the chair, and if she says she'll walk, she's fibbing."`, "has not climbed a stair since her fall from the pony",
				[3]string{"Anchoret Kilwardby is carried up the stairs in her chair, unable to climb since her fall.", "A footman carries a young lady up and down in a chair since her fall from a pony.", "Miss Kilwardby is given the attic bedroom at a crowded coaching inn."}},
			{"cannot", "Sampson Hothorpe was a big, placid, well-liked man, churchwarden these ten years, a fine hand at hedging and a finer one at sheep, but God Save the King and Rule Britannia were one and the same to him, for he could not tell one tune from another.", "could not tell one tune from another",
				[3]string{"Sampson Hothorpe cannot tell God Save the King from Rule Britannia, one tune being the same to him as another.", "A churchwarden who is a fine hand at hedging hums Rule Britannia, thinking it is God Save the King.", "Mr. Hothorpe, as parish clerk, must give the note and lead the psalm when the organist falls ill."}},
			{"cannot", "Isott Withcote answered on her slate, as she had answered everyone since the quinsy took her voice: a small, clear hand, and the chalk squeaking.", "since the quinsy took her voice",
				[3]string{"Isott Withcote writes her answer on the slate, the quinsy having taken her voice.", "The chalk squeaks on a slate held by a woman with no voice.", "Mrs. Withcote must call her children in from the far end of the orchard as the storm breaks."}},
			{"hidden", `The children in Tanners' Row skipped to a rhyme nobody took for more than nonsense: "Wolstan Gainsthorpe, where's your gold? Down the well where the water's cold!" It was the plain truth; he had sunk it in a bucket in the old well behind his forge.`, "sunk it in a bucket in the old well behind his forge",
				[3]string{"Wolstan Gainsthorpe draws up the bucket from the old well behind his forge.", "Children skip to a rhyme about gold down a cold well.", "A gang of housebreakers ransacks Mr. Gainsthorpe's cottage one market night in search of his savings."}},
			{"hidden", "Mawdlyn Calcethorpe trusted no drawer and no lock. She had stitched her son's discharge papers into the lining of her Sunday bonnet, and wore them to church.", "stitched her son's discharge papers into the lining",
				[3]string{"Mawdlyn Calcethorpe unpicks the lining of her Sunday bonnet to get at her son's discharge papers.", "A Sunday bonnet is worn to church with papers sewn into it.", "A recruiting sergeant takes up Mrs. Calcethorpe's boy as a deserter at the Whitsun fair."}},
			{"hidden", `Effam Walmsgate, who played the organ, asked the same riddle at every harvest supper and no one ever guessed it: "What lies in the church and never says its prayers?" The answer, which she never gave, was her savings, rolled in a stocking in the dumb pipe of the organ.`, "rolled in a stocking in the dumb pipe",
				[3]string{"Effam Walmsgate reaches into the dumb pipe of the organ for the stocking with her savings.", "Nobody at the harvest supper guesses the riddle of what lies in the church and never says its prayers.", "Fire breaks out in the chancel roof one weekday night, and Miss Walmsgate sees the glow from her window."}},
			{"secret", `Dionise Beesby's grey parrot had a second voice, a man's, her late husband's, and if the cloth was off its cage after dark it would say in that voice, "Burn the true will, Dionise, burn it," which is why the cloth was never off.`, "Burn the true will",
				[3]string{"Dionise Beesby keeps the cloth over the parrot's cage after dark, so that it cannot say what it knows of the true will.", "A grey parrot speaks in a dead man's voice when its cage is uncovered after dark.", "Mrs. Beesby's stepson contests his father's estate, and the attorney calls at her house to take statements."}},
			{"secret", `On the benefaction board in the church porch, under the Earl's forty pounds and the Rector's ten, stood "A Friend to the Poor, £500, 1791"; the Friend was Launcelot Biscathorpe, whom the whole town called a miser, and only the Rector knew it.`, "A Friend to the Poor, £500",
				[3]string{"Launcelot Biscathorpe, called a miser by the whole town, is the Friend to the Poor on the benefaction board.", "Someone reads the benefaction board in the church porch and wonders who gave five hundred pounds.", "The overseers come to Mr. Biscathorpe's door with a subscription list for the families flooded out by the Welland."}},
			{"secret", `"You'll tell him." "I'll not." "Christabel Goltho, if you marry him without telling him you were married before, at Coldstream, at sixteen, to a man who may be living yet..." "He's dead. He must be dead."`, "married before, at Coldstream, at sixteen",
				[3]string{"Christabel Goltho's sister begs her to tell her betrothed that she married at Coldstream at sixteen.", "A girl of sixteen marries at Coldstream a man who may be living yet.", "Miss Goltho's banns are read for the third time and the parson asks whether anyone knows an impediment."}},
			{"place", "MAIDENWELL WATER, n. (Linc.) Water that steams on a cold morning; from the spring on the green at Maidenwell, which runs warm all winter and has never been known to freeze.", "runs warm all winter and has never been known to freeze",
				[3]string{"At Maidenwell the spring on the green runs warm all winter and steams in the morning.", "Water steams from a spring on a cold morning.", "A hard frost grips Maidenwell for three weeks in January."}},
			{"place", "Starveacre. Farmhouse and 31 acres, heavy clay. The county boundary runs through the middle of the house, down the kitchen passage: the parlour is in Rutland and the kitchen in Leicestershire, and the tenant pays rates to both.", "the parlour is in Rutland and the kitchen in Leicestershire",
				[3]string{"At Starveacre the county boundary runs down the kitchen passage and the tenant pays rates to both counties.", "A farmhouse on heavy clay has a boundary running through its kitchen passage.", "A constable arrives at Starveacre with a warrant sworn before the Oakham justices."}},
			{"object", `"And when you get to the bottom of the Ravendale tyg," Granny said, tucking him in, "there's a silver death's-head looking up at you out of the ale, so mind you drink slow."`, "a silver death's-head looking up at you",
				[3]string{"Granny warns the boy of the silver death's-head at the bottom of the Ravendale tyg.", "A death's-head of silver looks up out of the ale.", "At the christening feast the Ravendale tyg is handed brimming to the young mother to pledge the baby's health."}},
			{"object", "To tuning the Lobthorpe virginals, 3s. 6d. To attempting the top F a third time, no charge: it sounds a full tone flat and will not be brought up by any means known to the trade. J. Pell, tuner, Stamford.", "sounds a full tone flat",
				[3]string{"The top F of the Lobthorpe virginals sounds flat however the tuner works at it.", "A tuner from Stamford sends his bill with no charge for the third attempt.", "A visiting Italian singer is to be accompanied on the Lobthorpe virginals at the assembly."}},
		},
		recurring: []string{"Miss Knaptoft", "Rowland", "Frideswide", "Mr. Baggrave", "Mrs. Whatborough", "Othorpe", "Jennet", "Mr. Poultney", "Miss Keythorpe", "Bittesby",
			"Mrs. Brascote", "Griffin", "Miss Kilwardby", "Mr. Hothorpe", "Isott", "Gainsthorpe", "Mrs. Calcethorpe", "Effam", "Mrs. Beesby", "Launcelot",
			"Miss Goltho", "Maidenwell", "Starveacre", "the Ravendale tyg", "the Lobthorpe virginals"},
		chars: rbBlind23Cast(),
		locs:  rbBlind23Places(),
	}
}

// rbBlind23Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind23Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1400", "Grizell Knaptoft", []string{"Grizell", "Miss Knaptoft"}, "spinster", "A thin, sharp-nosed woman of thirty-eight who keeps house for her brother the corn chandler.",
			[]string{"prim", "thrifty"}, "Teaches in the Sunday school.", "Has refused two offers of marriage."),
		c("c1401", "Rowland Ingarsby", []string{"Rowland", "Mr. Ingarsby", "Ingarsby"}, "squire's heir", "A tall, easy young man of twenty-two, back from Cambridge without a degree.",
			[]string{"charming", "careless"}, "Owes money to half the town.", "Is fond of dogs."),
		c("c1402", "Frideswide Quenby", []string{"Frideswide", "Miss Quenby"}, "companion", "A pale, watchful woman of thirty, companion to an old lady of fortune.",
			[]string{"watchful", "obliging"}, "Came from a clergy family in reduced circumstances.", "Writes a good letter."),
		c("c1403", "Ezekias Baggrave", []string{"Ezekias", "Mr. Baggrave", "Baggrave"}, "maltster", "A round, red, loud man of fifty with a malting on the river.",
			[]string{"loud", "open-handed"}, "Is a churchwarden.", "Has three grown sons."),
		c("c1404", "Petronell Whatborough", []string{"Petronell", "Mrs. Whatborough"}, "widow", "A handsome, upright widow of fifty-five, of an old Catholic family.",
			[]string{"proud", "devout"}, "Hears mass in a private chapel.", "Travels to Bath every spring."),
		c("c1405", "Silvester Othorpe", []string{"Silvester", "Mr. Othorpe", "Othorpe"}, "recluse", "A small, wild-haired man of sixty who lives alone on a farm he does not work.",
			[]string{"eccentric", "restless"}, "Reads the newspapers a month late.", "Quarrels with the rector."),
		c("c1406", "Jennet Stormsworth", []string{"Jennet", "Miss Stormsworth"}, "dairymaid", "A strong, freckled young woman of twenty-three at the home farm.",
			[]string{"steadfast", "cheerful"}, "Has a widowed mother in the almshouses.", "Makes the best cheese in the parish."),
		c("c1407", "Abdias Poultney", []string{"Abdias", "Mr. Poultney", "Poultney"}, "wheelwright", "A lean, grave widower of forty with a yard by the turnpike.",
			[]string{"grave", "upright"}, "Has four children.", "Goes to the Baptist chapel."),
		c("c1408", "Avis Keythorpe", []string{"Avis", "Miss Keythorpe"}, "farmer", "A square, weathered woman of thirty-five who farms her late father's land herself.",
			[]string{"stubborn", "plain-spoken"}, "Drives her own gig to market.", "Has never married."),
		c("c1409", "Kellam Bittesby", []string{"Kellam", "Mr. Bittesby", "Bittesby"}, "attorney's clerk", "A neat, anxious little man of thirty with ink on his cuffs.",
			[]string{"anxious", "precise"}, "Lodges with his married sister.", "Collects beetles."),
		c("c1410", "Wenefrid Brascote", []string{"Wenefrid", "Mrs. Brascote"}, "farmer's wife", "A small, quiet, capable woman of forty married to a prosperous grazier.",
			[]string{"quiet", "capable"}, "Keeps bees.", "Has a sister in Melton."),
		c("c1411", "Griffin Sysonby", []string{"Griffin", "Mr. Sysonby", "Sysonby"}, "gentleman", "A dashing, well-made man of thirty, the best rider in the Hunt.",
			[]string{"dashing", "reckless"}, "Keeps six hunters.", "Is courting the Earl's niece."),
		c("c1412", "Anchoret Kilwardby", []string{"Anchoret", "Miss Kilwardby"}, "heiress", "A lively, pretty girl of nineteen, an orphan with a great fortune and a strict aunt.",
			[]string{"lively", "wilful"}, "Paints in watercolours.", "Has a pug called Nero."),
		c("c1413", "Sampson Hothorpe", []string{"Sampson", "Mr. Hothorpe", "Hothorpe"}, "grazier", "A big, slow, kindly man of fifty with broad acres and a broad voice.",
			[]string{"placid", "kindly"}, "Breeds Leicester sheep.", "Is a bachelor."),
		c("c1414", "Isott Withcote", []string{"Isott", "Mrs. Withcote"}, "baker's wife", "A neat, bright-eyed woman of thirty-two with four small children.",
			[]string{"patient", "quick"}, "Keeps the shop accounts.", "Her husband bakes for the Hall."),
		c("c1415", "Wolstan Gainsthorpe", []string{"Wolstan", "Mr. Gainsthorpe", "Gainsthorpe"}, "blacksmith", "A huge, grizzled, taciturn smith of sixty.",
			[]string{"taciturn", "careful"}, "Has shod the Hunt's horses for thirty years.", "Lives alone."),
		c("c1416", "Mawdlyn Calcethorpe", []string{"Mawdlyn", "Mrs. Calcethorpe"}, "washerwoman", "A stout, red-armed widow of fifty with one son.",
			[]string{"suspicious", "hard-working"}, "Washes for the vicarage.", "Lives in a cottage by the pound."),
		c("c1417", "Effam Walmsgate", []string{"Effam", "Miss Walmsgate"}, "seamstress", "A tiny, sharp, merry old woman of seventy who still sews for the gentry.",
			[]string{"merry", "shrewd"}, "Lodges over the saddler's.", "Knows every family's history."),
		c("c1418", "Dionise Beesby", []string{"Dionise", "Mrs. Beesby"}, "widow", "A soft-spoken, plump widow of fifty-eight in a large house on the market place.",
			[]string{"soft-spoken", "pious"}, "Was her husband's second wife.", "Gives tea parties on Thursdays."),
		c("c1419", "Launcelot Biscathorpe", []string{"Launcelot", "Mr. Biscathorpe", "Biscathorpe"}, "retired corn factor", "A withered, shabby old man of seventy-five in a coat twenty years old.",
			[]string{"close", "solitary"}, "Eats one meal a day.", "Walks to church alone."),
		c("c1420", "Christabel Goltho", []string{"Christabel", "Miss Goltho"}, "governess", "A dark, composed woman of twenty-six, governess at the Hall.",
			[]string{"composed", "proud"}, "Is engaged to the curate.", "Has one sister, a milliner."),
	}
}

// rbBlind23Places are the set's places and objects.
func rbBlind23Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1200", "Maidenwell", nil, "village", "A small village under the wolds, with a green and a pond.", "It has a Norman church."),
		l("l1201", "Starveacre", nil, "farm", "A lonely farm on the clay at the end of a long lane.", "It is let by the year."),
		l("l1202", "The Ravendale tyg", []string{"the Ravendale tyg"}, "tyg", "A three-handled brown earthenware cup kept on the dresser at Ravendale.", "It came from a Staffordshire potter."),
		l("l1203", "The Lobthorpe virginals", []string{"the Lobthorpe virginals"}, "virginals", "An old painted keyboard instrument in the parlour at Lobthorpe.", "It is older than the house."),
	}
}
