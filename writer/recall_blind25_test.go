package writer

import "github.com/storyd/storyd/project"

// The twenty-fifth blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes25", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-fourth and twenty-sixth sets written alongside it: 25 facts and
// their 75 probes, with people, places and objects found in no other set and
// no name found in the corpus (surnames from Somerset and Dorset hamlets and
// dialect words, first names from Quaker meeting registers). It is blind:
// nothing in recall/ or index/ was changed with it in view, and once its
// misses are used to change the ranking it is no longer a blind measure and
// a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind25 -recall.scenes 30,300,1000
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
// sentences, dialogue with and without tags, reported speech, a pronoun with
// the name a sentence earlier, a long sentence with the fact late in it)
// with rarer ones: a minute of a Quaker meeting, a bellman's cry, a
// valentine's verse, a letter dictated to a schoolmaster, a ritual for
// thunder, a cricket report, a reply to a suitor, what a man told his bees,
// a cleft sentence, a Captain Swing letter and who wrote it, a mason's
// daybook, a bishop's visitation return, a child's composition, an old
// bandsman's memory told to a collector and a caption in a sketching album.
func rbBlind25() rbSet {
	return rbSet{
		name: "blind25",
		facts: []rbFact{
			{"trait", "Minute 4. Friends are informed that Gulielma Thrubwell, who has never in her life forgotten a face once seen, has named the man who robbed the Bristol coach as the pedlar who sold her pins at Priddy fair eleven years since. She is advised to give her evidence plainly and to take no oath.", "never in her life forgotten a face once seen",
				[3]string{"Gulielma Thrubwell, who has never forgotten a face, names the pedlar from Priddy fair.", "A pedlar who sold pins at a fair is known again eleven years later.", "Gulielma Thrubwell is shown twenty men in a row, seized after the corn riot, to pick out the one who broke open the granary."}},
			{"trait", "Elihu Malreward never sat down. He read standing at a tall desk. He ate standing at the mantelshelf. He had stood through his own wedding breakfast.", "Malreward never sat down",
				[3]string{"Elihu Malreward eats his breakfast standing, and reads standing at his tall desk.", "A man eats his dinner standing at the mantelshelf.", "Mr. Malreward is offered the best armchair by the fire when he calls on the new vicar."}},
			{"trait", `"Don't give Achsah Pauncefoot anything you want to see again." "Why ever not?" "Because by nightfall it'll be on some tinker's back or in some widow's pot. I gave her a Paisley shawl at Christmas and saw it at Sturminster fair on a gipsy's shoulders by Twelfth Night."`, "by nightfall it'll be on some tinker's back",
				[3]string{"Achsah Pauncefoot gives away the Paisley shawl she was given at Christmas.", "A tinker walks off with a Paisley shawl on his back.", "Mrs. Pauncefoot's godson brings her a gold watch from London for her birthday."}},
			{"possession", `The bellman's cry at Wincanton market: "Oyez, oyez, oyez! Zaccheus Horethorne, miller, gives notice that he has bought of the travelling menagerie an old lion, now kept chained in his cart shed, and any boy found at the shed door will be whipped!"`, "bought of the travelling menagerie an old lion",
				[3]string{"Zaccheus Horethorne feeds the old lion he bought from the menagerie, chained in his cart shed.", "An old lion from a travelling menagerie lies chained in a shed.", "Thieves climb Mr. Horethorne's yard wall at midnight to steal his flour."}},
			{"possession", "Thirza Beercrocombe owned the best telescope in the county, a five-foot brass refractor by Ramsden, mounted on the leads of her roof.", "a five-foot brass refractor by Ramsden",
				[3]string{"Thirza Beercrocombe turns her brass refractor telescope on the leads of the roof.", "A brass refractor stands mounted on the leads.", "A strange sail is sighted off the coast, and Miss Beercrocombe's neighbours gather at her door."}},
			{"possession", `"What does a tanner want with a boat?" asked the curate. "Peleg Plucknett," said the landlord, "keeps a cutter of twelve tons in Watchet harbour, the Hopeful, and sails her himself across to Wales and back whenever the fancy takes him."`, "keeps a cutter of twelve tons in Watchet harbour",
				[3]string{"Peleg Plucknett sails his cutter of twelve tons out of Watchet harbour.", "A tanner sails a cutter across to Wales.", "Mr. Plucknett's wife must reach her dying mother in Cardiff, and the Bristol packet has already gone."}},
			{"promise", "The valentine Anstice Champflower sent after Jacob Vowles, transported to Van Diemen's Land for a labourers' oath sworn at Tolpuddle, had a paper heart pricked out with a pin and two lines in her round hand: Though seas divide and years go slow, / I'll wed no other, weal or woe.", "I'll wed no other, weal or woe",
				[3]string{"Anstice Champflower keeps the word of her valentine to wed no other while Jacob Vowles is transported.", "A valentine with a paper heart pricked out with a pin goes to Van Diemen's Land.", "A prosperous widower with a farm asks Miss Champflower to be his wife."}},
			{"promise", "When the new steward asked why a grown man should be on his knees on the common with a pair of shears, Amariah Dando told him that he had promised the old squire the turf maze on Leigh Common would be cut clean every Whitsun while he lived, as his father and grandfather had cut it.", "the turf maze on Leigh Common would be cut clean every Whitsun",
				[3]string{"Amariah Dando kneels with his shears to cut the turf maze clean at Whitsun, as he promised the old squire.", "A turf maze is cut with shears by a man on his knees.", "The enclosure commissioners' surveyors arrive at Mr. Dando's hamlet to plough and fence the waste."}},
			{"promise", "The schoolmaster wrote it down as Ruhamah Cantelo said it, spelling and all: Dear Son, I do promise you Tom I wil not tuch a penny of yr prize money but keep it in Taunton bank agin you come home whatever befall me, so God bless you from yr loving mother.", "I wil not tuch a penny of yr prize money",
				[3]string{"Ruhamah Cantelo keeps her son's prize money in the Taunton bank, as she promised him.", "A schoolmaster writes down a mother's letter about a sailor's prize money.", "The bailiff arrives to take Mrs. Cantelo's furniture for the rent she owes."}},
			{"fear", "Zebulon Mappowder was the biggest man in Sturminster and could lift a cider barrel to his shoulder. He turned pale and left the room if a cat came into it, and had been known to leave a christening for one.", "left the room if a cat came into it",
				[3]string{"Zebulon Mappowder turns pale and leaves the room when a cat comes in.", "A big man who can lift a cider barrel to his shoulder turns pale.", "Mr. Mappowder calls on a widow whose parlour is full of her tabbies, asleep on the chairs."}},
			{"fear", "At the first growl of thunder Zilpah Puncknowle went up to her room, took out every hairpin and the steel from her stays, and lay in the middle of the featherbed with the curtains drawn until it was over.", "lay in the middle of the featherbed with the curtains drawn",
				[3]string{"Zilpah Puncknowle lies on the featherbed with the curtains drawn while the thunder growls.", "A woman takes out every hairpin and the steel from her stays.", "A summer storm breaks over the hayfield while Miss Puncknowle is leading the haymakers."}},
			{"fear", `"You'll never get him to your table," said the doctor's wife. "Othniel Chettle has been afraid of poison since his brother died of arsenic in his tea. He eats nothing he hasn't watched cooked with his own eyes, and he brings his own bread in his pocket."`, "afraid of poison since his brother died of arsenic",
				[3]string{"Othniel Chettle eats only what he has watched cooked, for fear of arsenic.", "A brother dies of arsenic in his tea.", "Mr. Chettle is seated beside the Lord Lieutenant at the grand dinner at Kingston Lacy."}},
			{"cannot", "Sibella Gussage painted flowers on china for the Bristol pottery. She could not tell scarlet from grass green, and never had, and painted by the labels on the pots.", "could not tell scarlet from grass green",
				[3]string{"Sibella Gussage paints flowers on china by the labels on the pots, unable to tell scarlet from green.", "A china painter at the pottery paints by the labels on the pots.", "Miss Gussage is asked to match the silks for the new altar frontal."}},
			{"cannot", "From the Sherborne Mercury: In the match between Stalbridge and the Gentlemen of Blackmore Vale, Mr. Shubal Caundle, who was brought to the ground in a donkey cart, not having been able in sixty years to sit a horse, made forty-one before he was caught at point.", "not having been able in sixty years to sit a horse",
				[3]string{"Shubal Caundle comes to the cricket ground in a donkey cart, unable to sit a horse.", "A batsman brought to the ground in a donkey cart makes forty-one.", "Mr. Caundle must fetch the surgeon from Shaftesbury at midnight, and only the squire's hunter is left in the stable."}},
			{"cannot", "Asenath Chebbard wrote back that his roses were very beautiful, but that he had wasted his money on the scent of them: she had smelled nothing since the smallpox, not roses, not the bakehouse, not the tannery.", "she had smelled nothing since the smallpox",
				[3]string{"Asenath Chebbard cannot smell the roses, or anything else, since the smallpox.", "A suitor is told that he wasted his money on the scent of roses.", "Miss Chebbard is left to judge whether the pork in the larder is still fit to cook for the harvest supper."}},
			{"hidden", "Benanuel Dewlish told the bees, as a man must tell them everything that happens to him, that he had put the deeds of his freehold in the old straw skep at the end of the row, where no thief would put his hand.", "put the deeds of his freehold in the old straw skep",
				[3]string{"Benanuel Dewlish lifts the old straw skep to see that the deeds of his freehold are safe.", "The bees are told where the deeds are, in a straw skep.", "While Mr. Dewlish is away at Dorchester market, his sister's boys turn out every drawer and chest in his cottage."}},
			{"hidden", "Urith Bettiscombe, who had buried two husbands and outlived the creditors of a third and was reckoned in the village the poorest widow that ever kept a clean step, had sixty guineas sewn into the flock of her mattress.", "sixty guineas sewn into the flock of her mattress",
				[3]string{"Urith Bettiscombe unpicks the flock of her mattress to count her sixty guineas.", "The poorest widow in the village has sixty guineas sewn away.", "After the fever the doctor orders Mrs. Bettiscombe's bedding carried out and burnt."}},
			{"hidden", "It was Ithamar Sprack, the Methodist class leader, who had sunk forty tubs of French brandy in the mill-pond below Chideock, roped to a sack of stones, and he sang the louder in chapel for it.", "sunk forty tubs of French brandy in the mill-pond",
				[3]string{"Ithamar Sprack rows out to haul up the brandy tubs from the mill-pond below Chideock.", "Forty tubs of French brandy lie roped to a sack of stones.", "Mr. Sprack hears that the miller means to let the water off next week to mend his wheel."}},
			{"secret", `"Revenge for thee is on the wing / From thy determined Captain Swing." Azubah Mawkin, the curate's meek sister, wrote every one of the Captain Swing letters pushed under farmers' doors that autumn; she copied the hand from a ballad sheet, and not even her brother knew.`, "wrote every one of the Captain Swing letters",
				[3]string{"Azubah Mawkin copies the hand from a ballad sheet to write another Captain Swing letter.", "A threatening letter signed Captain Swing is pushed under a farmer's door.", "The magistrates at Shaftesbury sit to examine a ploughboy taken up for the riots, and Miss Mawkin attends to hear it."}},
			{"secret", "In Zenas Tallet's daybook, between a headstone for the Widow Cox and a trough for the Duke's stables, stands: To one Roman altar to Mercury, carved and buried in the glebe and dug up before the Rector, 15 days' work.", "To one Roman altar to Mercury, carved and buried",
				[3]string{"Zenas Tallet carves the Roman altar to Mercury and buries it in the glebe.", "A Roman altar to Mercury is dug up in the glebe before the Rector.", "The Society of Antiquaries invites Mr. Tallet to read a paper on his discovery at their London meeting."}},
			{"secret", `"You were on the down that night, Freelove." "I was gathering mushrooms." "Then you saw." "I saw young Mr. Fitzpaine with the gun in his hand and the keeper on the grass, and Hann a field off, running. And it's Hann they'll take up for it, and I'll not say a word, for my man's a tenant of theirs."`, "young Mr. Fitzpaine with the gun in his hand",
				[3]string{"Freelove Linhay saw young Mr. Fitzpaine with the gun and the keeper on the grass.", "Gathering mushrooms on the down at night, a woman sees a keeper shot.", "A labourer stands trial for his life at Dorchester assizes, and Mrs. Linhay sits in the gallery."}},
			{"place", "From the answers to the Bishop's visitation, 1821. Nempnett: no resident curate. The parish is cut off by the floods of the moor from Candlemas until Lady Day, and in those weeks the dead are kept unburied in the tithe barn, there being no way to carry them to the mother church.", "the dead are kept unburied in the tithe barn",
				[3]string{"At Nempnett the dead lie unburied in the tithe barn while the floods of the moor cut it off.", "A bishop reads that the dead are kept in a tithe barn till the floods go down.", "An old woman breathes her last at Nempnett in the middle of February, and her sons must see her laid in the ground."}},
			{"place", "MY HOME, by Mary Ann Gane, aged nine. Vobster is where I live. All the houses lean over because the old coal pits are under them, and when a waggon goes by the plates fall off the dresser.", "All the houses lean over because the old coal pits are under them",
				[3]string{"At Vobster the houses lean over the old coal pits beneath them.", "Plates fall off the dresser whenever a waggon goes by.", "The chapel trustees at Vobster vote to build a tall stone spire."}},
			{"object", `"'Twas the loudest thing in Somerset, sir, that Wanstrow ophicleide. Old Joby blowed it for the peace in 'fourteen and the east window went, crack, right across, and Parson said it should never come inside the walls again, and it never have."`, "the east window went, crack, right across",
				[3]string{"The Wanstrow ophicleide cracked the east window right across and may never come inside the walls.", "Old Joby blows a brass horn for the peace, and a window cracks right across.", "The band brings the Wanstrow ophicleide to play in the gallery for the Christmas anthem."}},
			{"object", "Sketched at Chaffcombe harvest home, Aug. 1829. The leather bottle is the Chaffcombe costrel; the reaper who drinks first from it each harvest is, they say, married before the next, and the girls fight for it.", "married before the next, and the girls fight for it",
				[3]string{"At harvest home the reaper who drinks first from the Chaffcombe costrel will be married, they say.", "The girls fight over a leather bottle at the harvest home.", "The men's supper is spread after the last load, and the Chaffcombe costrel is handed, out of respect, to the old bachelor curate before a drop has touched anyone's lips."}},
		},
		recurring: []string{"Gulielma", "Mr. Malreward", "Mrs. Pauncefoot", "Horethorne", "Miss Beercrocombe", "Peleg", "Miss Champflower", "Amariah", "Mrs. Cantelo", "Mappowder",
			"Zilpah", "Mr. Chettle", "Sibella", "Mr. Caundle", "Asenath", "Mr. Dewlish", "Urith", "Sprack", "Miss Mawkin", "Zenas",
			"Mrs. Linhay", "Nempnett", "Vobster", "the Wanstrow ophicleide", "the Chaffcombe costrel"},
		chars: rbBlind25Cast(),
		locs:  rbBlind25Places(),
	}
}

// rbBlind25Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind25Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1600", "Gulielma Thrubwell", []string{"Gulielma", "Mrs. Thrubwell"}, "shopkeeper", "A small, upright Quaker woman of fifty-five who keeps a draper's shop in Wells.",
			[]string{"plain-spoken", "exact"}, "Was left a widow young.", "Keeps a tabby called Plain."),
		c("c1601", "Elihu Malreward", []string{"Elihu", "Mr. Malreward", "Malreward"}, "banker", "A gaunt, grey, restless man of sixty, partner in a country bank at Frome.",
			[]string{"restless", "abrupt"}, "Has two daughters married.", "Rises at five."),
		c("c1602", "Achsah Pauncefoot", []string{"Achsah", "Mrs. Pauncefoot"}, "farmer's widow", "A broad, rosy, laughing woman of forty-five who runs a dairy farm.",
			[]string{"warm", "careless"}, "Has six children.", "Sings in the choir."),
		c("c1603", "Zaccheus Horethorne", []string{"Zaccheus", "Mr. Horethorne", "Horethorne"}, "miller", "A lean, floury, quarrelsome man of fifty with a water-mill on the Cale.",
			[]string{"quarrelsome", "shrewd"}, "Is at law with his neighbour over a weir.", "Drinks at the Bear."),
		c("c1604", "Thirza Beercrocombe", []string{"Thirza", "Miss Beercrocombe"}, "gentlewoman", "A tall, short-sighted spinster of forty in a square house above the sea at Minehead.",
			[]string{"learned", "solitary"}, "Corresponds with a professor at Edinburgh.", "Dislikes company."),
		c("c1605", "Peleg Plucknett", []string{"Peleg", "Mr. Plucknett", "Plucknett"}, "tanner", "A short, weather-brown, cheerful man of forty with a tanyard by the river.",
			[]string{"cheerful", "venturesome"}, "Married late.", "Is a Baptist."),
		c("c1606", "Anstice Champflower", []string{"Anstice", "Miss Champflower"}, "glover", "A slight, dark, quiet girl of twenty-two who sews gloves at home for a Yeovil master.",
			[]string{"quiet", "constant"}, "Lives with her aunt.", "Walks to chapel twice on Sundays."),
		c("c1607", "Amariah Dando", []string{"Amariah", "Mr. Dando", "Dando"}, "sexton", "A bent, brown, slow old man of seventy with enormous hands.",
			[]string{"slow", "stubborn"}, "Digs the graves of the parish.", "Cannot abide the new steward."),
		c("c1608", "Ruhamah Cantelo", []string{"Ruhamah", "Mrs. Cantelo"}, "washerwoman", "A thin, bony widow of fifty with chapped red hands.",
			[]string{"proud", "careful"}, "Washes for the vicarage.", "Lives in one room behind the forge."),
		c("c1609", "Zebulon Mappowder", []string{"Zebulon", "Mr. Mappowder", "Mappowder"}, "carrier", "A huge, soft-spoken man of thirty-five who drives the Sturminster carrier's van.",
			[]string{"gentle", "slow"}, "Is courting a dairymaid.", "Knows every road in the Vale."),
		c("c1610", "Zilpah Puncknowle", []string{"Zilpah", "Miss Puncknowle"}, "farmer", "A square, capable spinster of forty who farms two hundred acres under the downs.",
			[]string{"capable", "brisk"}, "Hires her own labourers.", "Rides a grey cob to market."),
		c("c1611", "Othniel Chettle", []string{"Othniel", "Mr. Chettle", "Chettle"}, "attorney", "A thin, sallow, careful man of fifty with an office in Bridport.",
			[]string{"careful", "dry"}, "Is agent to two estates.", "Plays chess by letter."),
		c("c1612", "Sibella Gussage", []string{"Sibella", "Miss Gussage"}, "lodger", "A plump, dreamy young woman of twenty-six who lodges with a cousin in Temple Street.",
			[]string{"dreamy", "good-natured"}, "Has a small annuity.", "Reads novels."),
		c("c1613", "Shubal Caundle", []string{"Shubal", "Mr. Caundle", "Caundle"}, "maltster", "A stout, slow, merry old man of sixty with a malt-house at Stalbridge.",
			[]string{"merry", "stout-hearted"}, "Is a widower.", "Keeps a good table."),
		c("c1614", "Asenath Chebbard", []string{"Asenath", "Miss Chebbard"}, "housekeeper", "A pale, pitted, composed woman of thirty who keeps house for her brother the farmer.",
			[]string{"composed", "thrifty"}, "Keeps the accounts of the farm.", "Makes her own candles."),
		c("c1615", "Benanuel Dewlish", []string{"Benanuel", "Mr. Dewlish", "Dewlish"}, "cottager", "A small, sharp, toothless old man of seventy-five who owns his cottage and garden.",
			[]string{"sharp", "suspicious"}, "Has three nephews.", "Goes to Dorchester market every Saturday."),
		c("c1616", "Urith Bettiscombe", []string{"Urith", "Mrs. Bettiscombe"}, "widow", "A shrunken, neat old woman of seventy in a cottage by the pound.",
			[]string{"close", "neat"}, "Has outlived her children.", "Takes in plain sewing."),
		c("c1617", "Ithamar Sprack", []string{"Ithamar", "Mr. Sprack", "Sprack"}, "farmer", "A big, red, hearty farmer of forty-five with land along the coast.",
			[]string{"hearty", "pious"}, "Leads the singing at chapel.", "Has a lame son."),
		c("c1618", "Azubah Mawkin", []string{"Azubah", "Miss Mawkin"}, "curate's sister", "A small, mild, short-sighted woman of thirty-eight who keeps house for her brother.",
			[]string{"meek", "observant"}, "Visits the cottagers with broth.", "Was brought up in Bristol."),
		c("c1619", "Zenas Tallet", []string{"Zenas", "Mr. Tallet", "Tallet"}, "stonemason", "A spare, grey, clever man of fifty-five with a yard by the churchyard.",
			[]string{"clever", "secretive"}, "Cuts the lettering on half the stones in the county.", "Is a widower."),
		c("c1620", "Freelove Linhay", []string{"Freelove", "Mrs. Linhay"}, "labourer's wife", "A tall, gaunt, silent woman of thirty-five with five children.",
			[]string{"silent", "hard-working"}, "Gleans every harvest.", "Her husband is a carter on the home farm."),
	}
}

// rbBlind25Places are the set's places and objects.
func rbBlind25Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1400", "Nempnett", nil, "hamlet", "A handful of farms on a low island of the moor, with a chapel of ease.", "It has no inn."),
		l("l1401", "Vobster", nil, "hamlet", "A straggling hamlet in a valley under Mendip.", "It has a Wesleyan chapel."),
		l("l1402", "The Wanstrow ophicleide", []string{"the Wanstrow ophicleide"}, "ophicleide", "A great brass keyed horn that once belonged to the Wanstrow church band.", "It hangs now on a beam in the Wanstrow smithy."),
		l("l1403", "The Chaffcombe costrel", []string{"the Chaffcombe costrel"}, "costrel", "A leather harvest bottle holding a gallon, kept on a nail in the barn at Chaffcombe.", "It is blackened with age."),
	}
}
