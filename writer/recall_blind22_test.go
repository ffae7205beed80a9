package writer

import "github.com/storyd/storyd/project"

// The twenty-second blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes22", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes, the first-run files or
// the twenty-third set written alongside it: 25 facts and their 75 probes,
// with people, places and objects found in no other set and no name found
// in the corpus. It is blind: nothing in recall/ or index/ was changed with
// it in view, and once its misses are used to change the ranking it is no
// longer a blind measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind22 -recall.scenes 30,300,1000
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
// objects. The people carry Huguenot and Flemish surnames as settled in
// England and first names from eighteenth-century parish registers of the
// Weald. The plants mix plain shapes (short blunt sentences, a narrator's
// statement, dialogue with and without tags, reported speech, a pronoun with
// the name a sentence earlier, long sentences with the fact late in them)
// with rarer ones: an alehouse song, a churchwardens' receipt, a skipping
// rhyme, an apprentice's indenture, a gipsy reading a palm, a thatcher's
// letter of apology, a sermon and where the congregation looked, a marriage
// register, what a sheepdog knew, a constable's examination, a grandfather's
// Christmas riddle, a convict's letter home from the hulks, a riding
// officer's book of informations, a traveller's letter, a carrier's notice,
// a remover's estimate and a goldsmith's valuation.
func rbBlind22() rbSet {
	return rbSet{
		name: "blind22",
		facts: []rbFact{
			{"trait", "Praise Thomasin Fourdrinier's bonnet and she would untie it and give it you. Praise her cow and she would drive it to your gate. It was no use protesting.", "untie it and give it you",
				[3]string{"Someone praises Thomasin's bonnet, and she unties the ribbons and gives it to them on the spot.", "A neighbour who once praised a cow finds it driven to his gate.", "Miss Fourdrinier's godmother admires the new shawl she wears to the christening."}},
			{"trait", "They had a song for him at the Chequers, and sang it whenever he came in: \"Uriah Tayspill, he'll wager his hat, / He'll wager his wife on the way the cat sat, / He'll wager the steeple, he'll wager the sea, / And he never once paid when he lost it to me.\"", "wager his wife on the way the cat sat",
				[3]string{"Tayspill wagers his hat at the Chequers and never pays what he has lost.", "The drinkers sing of a man who would wager the steeple and the sea.", "Mr. Tayspill's neighbours ask him to hold the prize money for the ploughing match."}},
			{"trait", "Deborah Gambier had buried two husbands and a son, kept the books of the Bell for thirty years, nursed half the parish through the smallpox of 'sixty-three and sat up all night with a sick lamb as readily as with a sick child, and in all that time nobody had seen her weep.", "nobody had seen her weep",
				[3]string{"Deborah Gambier buries a third husband, and no one sees her weep.", "A woman sits up all night with a sick lamb by the kitchen fire.", "Mrs. Gambier stands at the graveside as her last brother is lowered into the ground."}},
			{"possession", "Received of Mr. Elkanah Rebow, weaver, forty pounds for the parish fire engine, with its buckets and leather hose, the vestry having no further use for it. Witness our hands, J. Fuggle and W. Pix, churchwardens.", "forty pounds for the parish fire engine",
				[3]string{"Rebow drags out the old parish fire engine he bought, with its buckets and hose.", "The leather hose of an old engine is unrolled in a weaver's yard.", "A barn at the edge of the village is ablaze, and Mr. Rebow is woken at midnight."}},
			{"possession", "\"She's a bloodhound bitch out of the Duke's kennels,\" said Huldah Martineau, fondling the long ears, \"and she'll follow a man's track two days old through rain. There's not her like in the Weald.\"", "follow a man's track two days old",
				[3]string{"Huldah Martineau's bloodhound bitch follows a man's track through the rain.", "A hound with long ears from the Duke's kennels is fondled by its mistress.", "Mrs. Martineau is roused because the miller's little boy has been missing since noon."}},
			{"possession", "The girls in the lane skipped to it: \"Margery Ouvry, what have you got? / A goat and a pig and a copper pot, / A lugger at Rye with a red-brown sail, / And a cask of Hollands for every gale.\"", "A lugger at Rye with a red-brown sail",
				[3]string{"Margery Ouvry's lugger puts out from Rye under its red-brown sail.", "Children skip in the lane to a rhyme about a goat, a pig and a copper pot.", "Mrs. Ouvry's son must be smuggled across to France before the constables reach him."}},
			{"promise", "This Indenture witnesseth that Joab Fromanteel, clockmaker, takes Samuel Gurr apprentice for seven years, and covenants to find him meat, drink and lodging, to teach him the art and mystery of his trade, and never to set the said apprentice to work upon the Lord's day, as the boy's mother, a Baptist, has required.", "never to set the said apprentice to work upon the Lord's day",
				[3]string{"Fromanteel will not set his apprentice to work on the Lord's day, as the indenture covenants.", "A Baptist widow binds her boy apprentice to a clockmaker for seven years.", "Mr. Fromanteel must finish the squire's commission by Monday, and his lad is idle all Sunday."}},
			{"promise", "Mahala Chamier was thirty and still handsome. She had given her word to her brother, the morning he sailed for Bengal, that she would not marry until he came home to give her away.", "would not marry until he came home",
				[3]string{"Mahala Chamier waits for her brother to come home from Bengal before she will marry.", "A young man sails for Bengal, leaving a handsome sister behind.", "Miss Chamier is proposed to by the new curate, whom she has loved for years."}},
			{"promise", "\"You'll have the field back, Tom, when you've the rent.\"\n\"And if I never have it?\"\n\"Then your boy shall have it on his twenty-first birthday, rent or no rent. Stephen Vanacker says so, and you may tell the parish.\"", "your boy shall have it on his twenty-first birthday",
				[3]string{"Vanacker gives the field back to Tom's boy on his twenty-first birthday, rent or no rent.", "A tenant who cannot pay his rent is told the field will go to his boy.", "A brickmaker offers Mr. Vanacker a fine price for the meadow his late tenant farmed."}},
			{"fear", "The gipsy at Horsmonden fair turned Dinah Perigal's hand to the lamp and said she saw a black dog in it, and Dinah snatched the hand back and paid double to hear no more; she had been bitten at four years old, and would walk a mile round rather than pass a farmyard cur on a chain.", "walk a mile round rather than pass a farmyard cur",
				[3]string{"Dinah Perigal walks a mile round rather than pass the cur chained in the farmyard.", "A gipsy at Horsmonden fair sees a black dog in a young woman's palm.", "Miss Perigal is invited to dine at the Hall, where the squire's hounds lie about the fire."}},
			{"fear", "Sir, I beg you will forgive my leaving your roof half thatched. I am not a coward, but since I fell from Pattenden's rick I cannot stand on anything higher than a chair without the world turning round. Your humble servant, Nehemiah Cruso.", "anything higher than a chair without the world turning round",
				[3]string{"Cruso leaves the roof half thatched, the world turning round him since his fall from the rick.", "A roof stands half thatched, the thatcher gone without a word.", "Mr. Cruso is the only man near enough to reach the child stuck at the top of the elm."}},
			{"fear", "In his sermon on Jonah the rector dwelt long on the belly of the whale, and every head in the church turned to Barbary Lekeux, who could not bear a closed door between herself and the open air, and who sat, as always, in the pew nearest the porch, with the porch door propped open on a hassock, winter and summer.", "could not bear a closed door between herself and the open air",
				[3]string{"Barbary Lekeux sits by the porch door propped open on a hassock, unable to bear it closed.", "A sermon on Jonah and the whale's belly makes the congregation turn round.", "Miss Lekeux is locked in the vestry by the choirboys for a joke."}},
			{"cannot", "In the register of St Dunstan's, under the marriage of Levi Turquand, yeoman, to Ann Soane, the bride has signed in a fair round hand, and the groom, who owned four hundred acres, has made his cross.", "the groom, who owned four hundred acres, has made his cross",
				[3]string{"Levi Turquand makes his cross in the marriage register while his bride signs her name.", "A groom with four hundred acres makes a cross where his bride has signed.", "Mr. Turquand is given a pen and asked to put his name to the enclosure petition."}},
			{"cannot", "The old collie knew it before anyone: at dusk he left the hearth and went to Sibyl Roumieu's side and kept against her skirt all the way home, for after sundown she saw nothing at all, not the gate, not the path, not her own hand.", "after sundown she saw nothing at all",
				[3]string{"At dusk the collie keeps against Sibyl Roumieu's skirt all the way home, since she sees nothing after sundown.", "An old collie leaves the hearth at dusk to walk beside a woman.", "Mrs. Roumieu must drive the cart back from Maidstone market alone long after dark."}},
			{"cannot", "Micah Tyssen kept the ferry at Smallhythe for thirty years. He could not swim a stroke. He said a ferryman who could swim grew careless.", "He could not swim a stroke",
				[3]string{"Tyssen, the ferryman who cannot swim, says swimming makes a ferryman careless.", "The ferry at Smallhythe has had the same keeper for thirty years.", "Mr. Tyssen's grandson tumbles off the landing stage into the deep water of the river."}},
			{"hidden", "Mildred Ogier, widow, being examined, saith she knows nothing of her son Jude since the Lady Day hiring; but the constable's boy, who was up the lane that evening, saw her carry a covered dish and a jug of small beer into the cowl of the oast-house and come down without them.", "into the cowl of the oast-house",
				[3]string{"Mildred Ogier carries a covered dish and a jug of beer up to the oast-house cowl.", "The constable's boy sees a woman climb an oast with a jug of small beer.", "A sergeant and two soldiers search Mrs. Ogier's farm for the runaway."}},
			{"hidden", "Jehu Garnault set his grandchildren a riddle every Christmas, \"What has a mouth and never eats, and holds the key to the bank?\", and only the eldest ever guessed it: the stuffed pike in the glass case over the counter, inside whose jaws he kept the key of the strong-room.", "inside whose jaws he kept the key of the strong-room",
				[3]string{"Garnault takes the key of the strong-room from the jaws of the stuffed pike.", "A stuffed pike in a glass case hangs over a counter.", "Mr. Garnault lies speechless after a stroke, and his clerk must find the cash for Friday's wages."}},
			{"hidden", "Priscilla Vandeput sat with her father through the last week of his illness, read him the psalms, quarrelled with the doctor, sent the attorney away at the door, and, on the night he died, took the new will he had made from the bureau and slipped it inside the leather of the kitchen bellows, where it still was.", "slipped it inside the leather of the kitchen bellows",
				[3]string{"Priscilla Vandeput takes her father's new will out of the leather of the kitchen bellows.", "A will made in a last illness lies inside a pair of bellows.", "Miss Vandeput's cousin arrives with a lawyer to claim the estate."}},
			{"secret", "The tithe barn at Ockley burned on the fourth of November, and the village blamed the Irish haymakers. It was Jesse Corsellis who fired it, with a lantern and a truss of his own straw, because the parson had taken his tenth of the hay in a wet year and let it rot.", "It was Jesse Corsellis who fired it",
				[3]string{"Corsellis fires the tithe barn with a lantern and his own straw, and the village blames the haymakers.", "A tithe barn burns, and the Irish haymakers are blamed.", "Mr. Corsellis is sworn of the jury that tries a labourer for arson at the assizes."}},
			{"secret", "Hulk Justitia, Woolwich. Dear Goody, this is to let you know I am alive and well, though you have told them all at home I was drowned. Your loving husband, Wm. Pechell.", "you have told them all at home I was drowned",
				[3]string{"Goodeth Pechell has told them all at home that her husband drowned, though he is alive on a hulk.", "A letter comes from the hulk Justitia at Woolwich.", "Mrs. Pechell accepts the proposal of the widower at the mill, and the banns are called."}},
			{"secret", "Information received, the 3rd inst., from A. B. of Hawkhurst (Boileau, the carrier, who must never be named in court): a run of forty tubs at Camber on the dark of the moon.", "who must never be named in court",
				[3]string{"Boileau the carrier gives information on a run of forty tubs.", "Forty tubs are run ashore at Camber in the dark of the moon.", "Mr. Boileau is asked by the gang to lead their ponies on the next landing."}},
			{"place", "We reached Frittenden on the Sunday and were astonished by the silence: the parish sold its five bells in 1745 to build a workhouse, and the sexton walks the street ringing a handbell to call the people to service.", "sold its five bells in 1745 to build a workhouse",
				[3]string{"At Frittenden the sexton rings a handbell in the street, the bells having been sold for the workhouse.", "A sexton walks the street swinging a handbell on a Sunday morning.", "A wedding party comes out of the church at Frittenden into the spring sunshine."}},
			{"place", "NOTICE. T. Wenham, carrier, Ticehurst to Wadhurst, Tuesdays and Fridays. Parcels for Shoyswell left at the Bull from Michaelmas to Lady Day, the lane being under water all winter and no cart able to pass.", "the lane being under water all winter",
				[3]string{"The carrier leaves the Shoyswell parcels at the Bull all winter while the lane is under water.", "No cart can pass the flooded lane between Michaelmas and Lady Day.", "The doctor drives his gig out to Shoyswell on a January night to a woman in labour."}},
			{"object", "Estimate for removing the furniture of the late Mr. Verbeck: the walnut tallboy in the best bedroom cannot be removed but by taking out the window and its frame, it having been made in the room and being too big for the door or the stair.", "too big for the door or the stair",
				[3]string{"The Verbeck tallboy is too big for the stair, and the window frame must come out to remove it.", "Movers take out the window of the best bedroom to get a walnut chest down.", "The Verbeck tallboy is to be carried down to the hall for the sale on Thursday."}},
			{"object", "Sir, we have examined the Delannoy tazza you sent, said to be by Paul de Lamerie, and regret that it is not silver at all but silvered copper, a copy made within these fifty years, worth perhaps thirty shillings.", "not silver at all but silvered copper",
				[3]string{"The goldsmith finds the Delannoy tazza is silvered copper, worth thirty shillings.", "A copper dish made to pass for Lamerie's work is worth thirty shillings.", "The Delannoy tazza is offered to the bank as security for a loan of five hundred pounds."}},
		},
		recurring: []string{"Thomasin", "Mr. Tayspill", "Mrs. Gambier", "Elkanah", "Mrs. Martineau", "Margery", "Mr. Fromanteel", "Miss Chamier", "Vanacker", "Dinah",
			"Mr. Cruso", "Miss Lekeux", "Turquand", "Mrs. Roumieu", "Micah", "Mrs. Ogier", "Mr. Garnault", "Priscilla", "Mr. Corsellis", "Mrs. Pechell",
			"Asa", "Frittenden", "Shoyswell", "the Verbeck tallboy", "the Delannoy tazza"},
		chars: rbBlind22Cast(),
		locs:  rbBlind22Places(),
	}
}

// rbBlind22Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind22Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1300", "Thomasin Fourdrinier", []string{"Thomasin", "Miss Fourdrinier"}, "farmer's daughter", "A round, freckled young woman of twenty-two who keeps her father's dairy.",
			[]string{"cheerful", "impulsive"}, "Makes the best cheese in the parish.", "Has three younger brothers."),
		c("c1301", "Uriah Tayspill", []string{"Uriah", "Mr. Tayspill", "Tayspill"}, "grazier", "A loud, red-faced grazier of forty-five who fattens cattle on the marsh.",
			[]string{"loud", "jovial"}, "Rides a piebald cob.", "Is a widower."),
		c("c1302", "Deborah Gambier", []string{"Deborah", "Mrs. Gambier"}, "landlady", "A tall, grey, upright woman of sixty who keeps the Bell.",
			[]string{"upright", "capable"}, "Brews her own beer.", "Sings alto in the church."),
		c("c1303", "Elkanah Rebow", []string{"Elkanah", "Mr. Rebow", "Rebow"}, "weaver", "A thin, stooping broadcloth weaver of fifty whose family came over from Ypres.",
			[]string{"careful", "pious"}, "Employs four journeymen.", "Is a Dissenter."),
		c("c1304", "Huldah Martineau", []string{"Huldah", "Mrs. Martineau"}, "gamekeeper's widow", "A lean, weathered woman of fifty who lives at the edge of the forest.",
			[]string{"blunt", "solitary"}, "Snares rabbits for the pot.", "Her husband was shot by a poacher."),
		c("c1305", "Jesse Corsellis", []string{"Jesse", "Mr. Corsellis", "Corsellis"}, "farmer", "A square, quiet, respected farmer of forty who is a churchwarden.",
			[]string{"quiet", "proud"}, "Grows hops on the south slope.", "Has a wife and four daughters."),
		c("c1306", "Margery Ouvry", []string{"Margery", "Mrs. Ouvry"}, "widow", "A stout, laughing widow of fifty who keeps a smallholding above the marsh.",
			[]string{"merry", "bold"}, "Sells eggs at Tenterden market.", "Has one son."),
		c("c1307", "Joab Fromanteel", []string{"Joab", "Mr. Fromanteel", "Fromanteel"}, "clockmaker", "A small, exact man of fifty-five with spectacles and a shop by the market cross.",
			[]string{"exact", "patient"}, "His grandfather made clocks in London.", "Winds the church clock."),
		c("c1308", "Mahala Chamier", []string{"Mahala", "Miss Chamier"}, "rector's sister", "A dark, handsome, sharp-tongued woman of thirty who keeps house for the rector.",
			[]string{"sharp", "loyal"}, "Teaches the Sunday school.", "Walks every morning before breakfast."),
		c("c1309", "Stephen Vanacker", []string{"Stephen", "Mr. Vanacker", "Vanacker"}, "landowner", "A heavy, slow, grey-whiskered landowner of sixty-five.",
			[]string{"slow", "just"}, "Owns most of the parish.", "Sits on the bench at Cranbrook."),
		c("c1310", "Dinah Perigal", []string{"Dinah", "Miss Perigal"}, "seamstress", "A slight, pale young woman of twenty-four who sews for the gentry.",
			[]string{"timid", "deft"}, "Lives with her aunt.", "Reads novels by candlelight."),
		c("c1311", "Nehemiah Cruso", []string{"Nehemiah", "Mr. Cruso", "Cruso"}, "thatcher", "A brown, sinewy man of forty who was the best thatcher in the hundred.",
			[]string{"proud", "strong"}, "Keeps a ferret.", "Is courting the blacksmith's sister."),
		c("c1312", "Barbary Lekeux", []string{"Barbary", "Miss Lekeux"}, "spinster", "A small, brisk, sharp-eyed woman of forty-five who lives on a small annuity.",
			[]string{"brisk", "inquisitive"}, "Knows everyone's business.", "Keeps bees."),
		c("c1313", "Levi Turquand", []string{"Levi", "Mr. Turquand", "Turquand"}, "yeoman", "A big, shrewd, prosperous yeoman of forty with a good eye for land.",
			[]string{"shrewd", "prosperous"}, "Breeds Sussex oxen.", "Drives a hard bargain."),
		c("c1314", "Sibyl Roumieu", []string{"Sibyl", "Mrs. Roumieu"}, "shepherd's wife", "A tall, quiet, capable woman of thirty-five married to the shepherd at Bewl.",
			[]string{"capable", "quiet"}, "Spins her own wool.", "Has two small children."),
		c("c1315", "Micah Tyssen", []string{"Micah", "Mr. Tyssen", "Tyssen"}, "ferryman", "A gnarled, silent old man who has worked the ferry across the Rother all his life.",
			[]string{"silent", "steady"}, "Smokes a clay pipe.", "Lives in the ferry cottage."),
		c("c1316", "Mildred Ogier", []string{"Mildred", "Mrs. Ogier"}, "hop farmer's widow", "A hard, weather-beaten woman of fifty-five who farms alone.",
			[]string{"hard", "stubborn"}, "Drives her own wagon.", "Goes to chapel, not church."),
		c("c1317", "Jehu Garnault", []string{"Jehu", "Mr. Garnault", "Garnault"}, "country banker", "A plump, genial banker of sixty-five whose bank is in the High Street.",
			[]string{"genial", "cautious"}, "Has eleven grandchildren.", "Fishes on Saturdays."),
		c("c1318", "Priscilla Vandeput", []string{"Priscilla", "Miss Vandeput"}, "heiress", "A plain, resolute woman of thirty-two, lately orphaned.",
			[]string{"resolute", "reserved"}, "Keeps her father's house.", "Rides out in her father's old carriage."),
		c("c1319", "Goodeth Pechell", []string{"Goodeth", "Goody", "Mrs. Pechell"}, "washerwoman", "A strong, red-armed woman of thirty-eight who washes for half the town.",
			[]string{"hard-working", "close"}, "Has two boys.", "Goes to church every Sunday."),
		c("c1320", "Asa Boileau", []string{"Asa", "Mr. Boileau", "Boileau"}, "carrier", "A small, cheerful, talkative man of forty who drives a covered cart between the villages.",
			[]string{"cheerful", "talkative"}, "Knows every road in the Weald.", "Keeps three ponies."),
	}
}

// rbBlind22Places are the set's places and objects.
func rbBlind22Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l1100", "Frittenden", nil, "village", "A village of timbered houses on the clay of the Kentish Weald.", "Its fair is held at Whitsun."),
		l("l1101", "Shoyswell", nil, "hamlet", "A hamlet of four farms in a wet valley below the ridge.", "Its mill grinds for three parishes."),
		l("l1102", "The Verbeck tallboy", []string{"the Verbeck tallboy"}, "tallboy", "A tall walnut chest of drawers on a chest at the old Verbeck house.", "It was made for a Verbeck wedding."),
		l("l1103", "The Delannoy tazza", []string{"the Delannoy tazza"}, "tazza", "A broad, shallow cup on a stem that stands on the Delannoys' sideboard.", "It is shown to visitors."),
	}
}
