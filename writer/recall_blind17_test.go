package writer

import "github.com/storyd/storyd/project"

// The seventeenth blind probe set of the recall benchmark (issue 17),
// written on 2026-11-24 by the helper "probes17", without reading recall/,
// index/, docs/RECALL.md, the recall helpers' notes or the eighteenth set:
// 25 facts and their 75 probes, with people, places and objects found in no
// other set and no name found in the corpus. It is blind: nothing in recall/
// or index/ was changed with it in view, and once its misses are used to
// change the ranking it is no longer a blind measure and a new set is needed
// for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind17 -recall.scenes 30,300,1000
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
// objects. The plants mix the plain shapes a novel uses most (a narrator's
// statement, a short blunt one, a pronoun with the name a sentence before)
// with rarer ones: dialogue without tags, a comparison, a pawnbroker's book,
// a man's memory, a lawyer's letter, a vicar's report, a vow on a Bible's
// flyleaf, market rumour, a long periodic sentence, a servants' registry
// card, a ship's log, a coachman's character, a skipping rhyme, a fever's
// whisper, a slip in a prayer book, an anonymous letter, a list of three
// things a town never knew, a postmistress's gossip, a house to let, a son's
// letter home, a brass plate and a pub song.
func rbBlind17() rbSet {
	return rbSet{
		name: "blind17",
		facts: []rbFact{
			{"trait", "Euphrasia Quarmby could not leave a clock alone. In her own parlour or in a stranger's, she would open the case of any clock that was a minute fast or a minute behind and set the hands right with her thumb, and the Dean's wife had twice found her at it in the cathedral vestry.", "set the hands right with her thumb",
				[3]string{"Euphrasia opens the case of a stranger's clock in the vestry to put it right.", "A lady is caught in the cathedral vestry with the door of the clock standing open.", "Miss Quarmby waits an hour in the town hall beneath the great timepiece, which strikes a quarter after the church bells."}},
			{"trait", `"Will he come by the field path?" "Not he. There's a magpie nests in the ash by the stile, and Habakkuk Ollerenshaw will walk two miles round by the road sooner than pass one without taking off his hat to it and wishing it good morning."`, "taking off his hat to it and wishing it good morning",
				[3]string{"Ollerenshaw takes off his hat to the magpie by the stile and wishes it good morning.", "A stout old farmer lifts his hat and bows to a magpie in an ash tree.", "Mr. Ollerenshaw's grandson brings home a tame pied bird in a wicker cage as a present for him."}},
			{"trait", "As some men take snuff and others take offence, Iolo Grimshaw took wagers: on the weather, on the length of a sermon, on which of two raindrops would reach the bottom of the pane first; and he had once lost a good horse on the colour of the bishop's stockings.", "which of two raindrops would reach the bottom of the pane first",
				[3]string{"Grimshaw lays a wager on which raindrop will reach the bottom of the pane first.", "Two men at an inn window bet a shilling on the raindrops running down the glass.", "Mr. Grimshaw waits in the crowd at the hustings for the declaration of the poll."}},
			{"possession", `The pawnbroker's book for that week reads, in a clerk's round hand: "Entwistle, Tegwen, of Cable Street. One wedding ring, gold. One flat-iron. One musical snuffbox playing 'Ar Hyd y Nos', with a lark in enamel on the lid: not to be sold, redeemed on the Saturday, always."`, "with a lark in enamel on the lid",
				[3]string{"Tegwen redeems the musical snuffbox with the enamel lark from the pawnbroker on Saturday.", "A pawnbroker's clerk opens a snuffbox and a tune tinkles out from under its enamel lid.", "Mrs. Entwistle's little boy cannot sleep and begs her for a tune at bedtime."}},
			{"possession", "Long afterwards, when he was an old man, Gawain Angove would remember the morning his grandfather put into his hands the sword-stick with the ivory skull for a knob, the one that had walked beside the old man through the riots at Bristol, and told him never to draw it except for a woman.", "ivory skull for a knob",
				[3]string{"Angove leans on the sword-stick with the ivory skull that his grandfather carried through the Bristol riots.", "A young man draws a blade from a cane whose knob is a little ivory skull.", "Mr. Angove is set upon by footpads in a dark lane behind the docks."}},
			{"possession", "Trebilcock had nothing. A bed, a chair, and a Stradivarius. Nobody in Falmouth knew what the fiddle was worth, and Wulfstan did not tell them.", "A bed, a chair, and a Stradivarius",
				[3]string{"Trebilcock plays his Stradivarius in a bare room with only a bed and a chair.", "A poor man in a Falmouth garret owns a Stradivarius worth a fortune.", "Mr. Trebilcock's landlady threatens to turn him out for three months' arrears."}},
			{"promise", `"Dear Madam," the lawyer wrote, "I am instructed to remind you of your undertaking to the late Admiral, given in my presence, that Miss Pelagia Hosken would keep his three cats in comfort at Penrose for the rest of their natural lives, the annuity to cease with the last of them."`, "keep his three cats in comfort",
				[3]string{"Pelagia looks after the late Admiral's three cats for the annuity, as she gave her undertaking.", "A lawyer reminds a lady of her undertaking to an old admiral about his cats.", "Miss Hosken is offered a post as companion to a duchess who cannot abide animals indoors."}},
			{"promise", "The vicar reported to the bishop that Rhodri Mewton, the sexton's son, had taken the pledge before the whole congregation on Whit Sunday, vowing that no drop of spirits would pass his lips until the chapel roof was paid for.", "until the chapel roof was paid for",
				[3]string{"Mewton keeps the pledge he took on Whit Sunday: no spirits till the roof of the chapel is paid.", "A young man pours away a glass of brandy and puts a shilling in the box for the chapel roof.", "At the harvest supper the farmer presses a glass of rum on Mr. Mewton and the company calls for a toast."}},
			{"promise", "On the flyleaf of the Bible in the back bedroom, under the births and deaths, there is a line in faded ink: I, Philomena Spargo, do solemnly promise my sister Grace on her deathbed to raise her boy as my own and to tell him nothing of his father. Sept. 1821.", "to tell him nothing of his father",
				[3]string{"Philomena raises her dead sister's boy and keeps silent about his father, as she promised Grace.", "A young man finds a line in faded ink on the flyleaf of the family Bible.", "Miss Spargo's nephew, now grown, demands to know whose son he truly is."}},
			{"fear", "It was said in the market, and half believed, that Nesta Greenhalgh had been bitten as a girl by a mad dog at Bolton fair, and that ever since she would climb onto the counter and scream if so much as a terrier came in at the shop door.", "climb onto the counter and scream",
				[3]string{"Nesta screams and climbs onto the counter when a terrier trots in at the shop door.", "A woman remembers the mad dog that bit her at Bolton fair.", "Mrs. Greenhalgh is asked to mind the squire's hounds while the huntsman is laid up."}},
			{"fear", "Though he had faced a French broadside at nineteen, had buried two wives and a son, and had ridden through the great flood of 'twenty-nine on a borrowed horse with the water at its girth, Hilarion Blamey, who feared nothing that walked or swam, went grey about the mouth at the first rumble of thunder and sat out every storm in the coal cellar with the door bolted.", "sat out every storm in the coal cellar",
				[3]string{"Blamey sits out the storm in the coal cellar with the door bolted.", "At the first rumble of thunder an old man goes grey about the mouth.", "Mr. Blamey is to drive the bride to church on a sultry afternoon with clouds piling over the moor."}},
			{"fear", "The card in the window of the servants' registry office said: WANTED, a cook-housekeeper for Mr. Idwal Gummow, Portland Square. No feather beds, no feather bolsters, no fowls kept or dressed in the house; the gentleman cannot be in a room with a feather in it without fainting.", "cannot be in a room with a feather in it without fainting",
				[3]string{"Gummow's new cook is forbidden feather beds and fowls, since a feather makes him faint.", "A registry office clerk pins a card in the window for a cook-housekeeper who must dress no fowls.", "Mr. Gummow is invited to dine with a widow whose parlour holds stuffed peacocks and a live cockatoo."}},
			{"cannot", "Log of the brig Hopewell, 4th June: Wind SW, fresh. Passenger Mr. Eliphalet Sowerbutts, who cannot swim a stroke, fell from the gangway at Cowes and was fished out with a boathook; put to bed with brandy.", "who cannot swim a stroke",
				[3]string{"Sowerbutts, unable to swim, falls from the gangway at Cowes and is fished out with a boathook.", "A passenger tumbles off a brig's gangway and is hauled out with a boathook.", "Mr. Sowerbutts's skiff overturns in the middle of the mill pond."}},
			{"cannot", "Olwen Dewhirst had the best seat on a horse in the Riding and the worst hand at a pen. She could neither read nor write her own name, and signed the marriage register with a cross while the curate looked the other way.", "signed the marriage register with a cross",
				[3]string{"Olwen signs the register with a cross, since she can neither read nor write her name.", "A bride who cannot write makes her cross in the marriage register while the curate looks away.", "A letter comes for Mrs. Dewhirst from her son in Canada, and there is no one at home but her."}},
			{"cannot", `The character he carried from his last place ran: "Ishmael Polglase has been my coachman eleven years, and I part with him only because I am going abroad. He is sober, honest and good with horses. In fairness to his next master I must add that he is as blind as a mole after sunset, and must never be sent out once the lamps are lit."`, "as blind as a mole after sunset",
				[3]string{"Polglase the coachman is sent out on the road after the lamps are lit, though he cannot see in the dark.", "An old master writes a coachman's character: honest, sober and good with horses.", "Mr. Polglase must drive the doctor twelve miles across the moor to a birth on a moonless December night."}},
			{"hidden", `The children of Cheapside Row skipped to a rhyme about her: "Branwen Ellershaw, where's your gold? In a tin box, under the pear tree's mould!" And not a child of them knew that it was the plain truth.`, "In a tin box, under the pear tree's mould",
				[3]string{"Branwen digs up the tin box of gold under the pear tree.", "Children skip in the row, chanting a rhyme about gold under a pear tree.", "Mrs. Ellershaw hears that the council means to grub up the orchard behind her cottage for a new road."}},
			{"hidden", `"Come closer," whispered Onesiphorus Aspinall to his son, when the fever was at its height. "The deeds of the Hall. I never gave them up. They're sewn into the lining of the grey riding-coat in the press, the one your mother mended. Tell no one." He lived, and never spoke of it again.`, "sewn into the lining of the grey riding-coat",
				[3]string{"Aspinall unpicks the lining of his grey riding-coat and takes out the deeds of the Hall.", "A servant brushing a grey coat from the press feels stiff papers sewn inside the lining.", "Mr. Aspinall's cousin goes to law for the estate, and the judge demands proof of title."}},
			{"hidden", "Tucked in Dilys Winstanley's prayer book, where she marked the collect for the day, was a slip in her own hand: Key of the strong-box: behind the loose brick, third from the left, in the bread oven. She had written it because her memory was going, and forgotten that she had.", "behind the loose brick, third from the left",
				[3]string{"Dilys takes the key of the strong-box from behind the loose brick in the bread oven.", "A slip of paper falls from a prayer book: a note about a brick in the bread oven.", "Mrs. Winstanley's new maid is set to scrub out the bakehouse and rake its flue."}},
			{"secret", `The letter to the Bishop was unsigned and ill spelt: "My Lord, you shud know that the lady who keeps the girls school at the Crescent, Mrs. Eusebia Catterall as she calls herself, was never married to the Captain she wears black for, and the boy she calls her nephew is her own son."`, "never married to the Captain she wears black for",
				[3]string{"Eusebia dreads the Bishop learning she was never wed to the Captain she mourns in black.", "An unsigned, ill-spelt letter reaches the Bishop about the mistress of a girls' school.", "The rector's wife visits Mrs. Catterall to ask the particulars of her late husband's regiment, for a memorial tablet."}},
			{"secret", "Three things the town of Ormskirk never knew about Radegund Trethewey, the doctor's wife: that her father had been hanged at Lancaster for sheep-stealing; that she had been a housemaid at the Grange before she married; and that she still sent five shillings a month to a brother in Botany Bay.", "hanged at Lancaster for sheep-stealing",
				[3]string{"Radegund fears the town will learn that her father was hanged at Lancaster.", "An old broadsheet tells of a sheep-stealer hanged at Lancaster Castle.", "Mrs. Trethewey's son is courting the High Sheriff's daughter, and her people are to be looked into."}},
			{"secret", `"You'd never think it to look at her," said the postmistress, lowering her voice over the counter, "but every one of those naval romances the young gentlemen read, the ones signed Captain Halyard, is written by Miss Tryphosa Pollexfen in the room over her brother's shop, and the money comes by post from Edinburgh."`, "signed Captain Halyard",
				[3]string{"Tryphosa writes another naval romance in the room over her brother's shop, and the money comes from Edinburgh.", "The postmistress lowers her voice over the counter to whisper who writes the Halyard romances.", "A lieutenant at the assembly tells Miss Pollexfen, with a laugh, that no lady's pen could ever produce a tolerable sea story."}},
			{"place", "TO BE LET, at Carnwithen, a commodious house of eight bedrooms with stabling and a walled garden. N.B. The village stands on the old workings of the Wheal Prosper mine, and in wet winters the parlour floors have been known to sink a foot in a night; the present tenant keeps a carpenter on the premises.", "sink a foot in a night",
				[3]string{"At Carnwithen the parlour floor sinks a foot into the old mine workings after a wet winter.", "A carpenter is kept busy propping floors over the old workings of Wheal Prosper.", "A London family takes a lodge at Carnwithen for the autumn and means to hold a ball during the November rains."}},
			{"place", `"My dear Mother, we reached Skelbrooke at dusk and found the oddest town in Yorkshire: the river runs warm all winter from the hot spring under the church, so that the women do their washing in it in January and the steam hangs over the roofs like a kettle's. Your affectionate son, Tom."`, "the river runs warm all winter",
				[3]string{"At Skelbrooke the women wash their linen in the warm river in January, with steam over the roofs.", "Steam hangs over a Yorkshire town where a hot spring rises beneath the church.", "A skating party sets out for Skelbrooke in the hard frost of the new year."}},
			{"object", "The brass plate on the base of the Trevalga orrery reads: Made for the Earl by J. Rowley of London, 1715. Below it someone has scratched with a pin: the planet Saturn is missing, and has been since the night of the fire.", "the planet Saturn is missing",
				[3]string{"Visitors to the Trevalga orrery see that the planet Saturn is gone from its brass arm, lost in the fire.", "A scholar winds a clockwork model of the heavens made by Rowley of London, and one planet is absent.", "The Trevalga orrery is set going for a schoolboy's astronomy lesson."}},
			{"object", `They still sing it at the Fleece: "Oh, the Amblecote harmonium, it wheezes and it groans, for they built it out of coffin wood and pumped it with dead men's bones", which is foolishness, except that the case truly was made from the lid of old Sir Ralph's coffin when the vault was opened in 'ninety.`, "made from the lid of old Sir Ralph's coffin",
				[3]string{"The Amblecote harmonium wheezes and groans, its case made from Sir Ralph's coffin lid.", "Drinkers at the Fleece sing of an instrument built out of coffin wood.", "The Amblecote harmonium is carried into the chapel for the funeral of a sexton's widow."}},
		},
		recurring: []string{"Euphrasia", "Mr. Ollerenshaw", "Mr. Grimshaw", "Tegwen", "Mr. Angove", "Trebilcock", "Miss Hosken", "Mewton", "Philomena",
			"Mrs. Greenhalgh", "Mr. Blamey", "Gummow", "Mr. Sowerbutts", "Olwen", "Polglase", "Mrs. Ellershaw", "Mr. Aspinall", "Dilys", "Mrs. Catterall",
			"Radegund", "Miss Pollexfen", "Carnwithen", "Skelbrooke", "the Trevalga orrery", "the Amblecote harmonium"},
		chars: rbBlind17Cast(),
		locs:  rbBlind17Places(),
	}
}

// rbBlind17Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind17Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c800", "Euphrasia Quarmby", []string{"Euphrasia", "Miss Quarmby"}, "canon's sister", "A small, quick, grey-eyed spinster of fifty who keeps house for her brother in the close.",
			[]string{"energetic", "outspoken"}, "Runs the clothing club.", "Walks with a silver-topped cane."),
		c("c801", "Habakkuk Ollerenshaw", []string{"Habakkuk", "Mr. Ollerenshaw", "Ollerenshaw"}, "farmer", "A heavy, red-whiskered farmer of sixty who holds the Low Farm from the Duke.",
			[]string{"slow", "kindly"}, "Breeds cart horses.", "Has seven grandchildren."),
		c("c802", "Iolo Grimshaw", []string{"Iolo", "Mr. Grimshaw", "Grimshaw"}, "corn factor", "A lively, black-haired little man of forty who buys corn at every market in the county.",
			[]string{"sociable", "restless"}, "Dines at the Bull on market days.", "Has a wife and three daughters."),
		c("c803", "Tegwen Entwistle", []string{"Tegwen", "Mrs. Entwistle"}, "docker's wife", "A thin, dark Welshwoman of thirty married to a Liverpool docker.",
			[]string{"proud", "tender"}, "Takes in sewing.", "Came from Bala as a girl."),
		c("c804", "Gawain Angove", []string{"Gawain", "Mr. Angove", "Angove"}, "surveyor", "A tall, fair young surveyor of twenty-five, lately come to the town to lay out the new docks.",
			[]string{"cool-headed", "courteous"}, "Lodges at the Anchor.", "Writes to his mother every Sunday."),
		c("c805", "Wulfstan Trebilcock", []string{"Wulfstan", "Mr. Trebilcock", "Trebilcock"}, "copying clerk", "A gaunt, shabby man of forty-five who copies deeds for the attorneys of the town.",
			[]string{"shy", "proud"}, "Eats one meal a day.", "Was born in Truro."),
		c("c806", "Pelagia Hosken", []string{"Pelagia", "Miss Hosken"}, "spinster", "A stately, plain woman of forty with a small income of her own.",
			[]string{"dutiful", "reserved"}, "Reads Italian.", "Walks on the cliffs every afternoon."),
		c("c807", "Rhodri Mewton", []string{"Rhodri", "Mr. Mewton", "Mewton"}, "mason", "A broad, curly-headed young mason of twenty-four with a fine bass voice.",
			[]string{"merry", "strong"}, "Sings in the choir.", "Is courting the baker's daughter."),
		c("c808", "Philomena Spargo", []string{"Philomena", "Miss Spargo"}, "milliner", "A neat, sharp-nosed milliner of forty with a shop in Fore Street.",
			[]string{"neat", "brisk"}, "Goes to chapel twice on Sundays.", "Keeps a canary."),
		c("c809", "Nesta Greenhalgh", []string{"Nesta", "Mrs. Greenhalgh"}, "grocer's wife", "A plump, rosy woman of forty-five who serves behind her husband's counter in Deansgate.",
			[]string{"talkative", "warm-hearted"}, "Makes the best pork pies in the street.", "Has two sons in the mill."),
		c("c810", "Hilarion Blamey", []string{"Hilarion", "Mr. Blamey", "Blamey"}, "carrier", "A huge, weather-beaten old man who drives the carrier's van between Launceston and Bodmin.",
			[]string{"gruff", "dependable"}, "Keeps bees.", "Lives with his married daughter."),
		c("c811", "Idwal Gummow", []string{"Idwal", "Mr. Gummow", "Gummow"}, "retired merchant", "A pale, plump, fussy bachelor of sixty who made his money in the Baltic trade.",
			[]string{"fussy", "hospitable"}, "Collects Chinese porcelain.", "Gives little dinners on Thursdays."),
		c("c812", "Eliphalet Sowerbutts", []string{"Eliphalet", "Mr. Sowerbutts", "Sowerbutts"}, "attorney", "A dry, narrow attorney of fifty from Leicester.",
			[]string{"pedantic", "nervous"}, "Collects old coins.", "Is a widower."),
		c("c813", "Olwen Dewhirst", []string{"Olwen", "Mrs. Dewhirst"}, "horse dealer's widow", "A big, handsome, weather-browned woman of fifty who carries on her husband's trade.",
			[]string{"shrewd", "fearless"}, "Buys and sells at Malton fair.", "Has a son who emigrated."),
		c("c814", "Ishmael Polglase", []string{"Ishmael", "Mr. Polglase", "Polglase"}, "coachman", "A lean, silent coachman of fifty with a weather-beaten face and a many-caped coat.",
			[]string{"silent", "steady"}, "Is a widower.", "Chews tobacco."),
		c("c815", "Branwen Ellershaw", []string{"Branwen", "Mrs. Ellershaw"}, "washerwoman", "A bent, sharp-eyed old woman who takes in washing at the end of the row.",
			[]string{"sharp", "pious"}, "Has outlived three husbands.", "Smokes a short pipe."),
		c("c816", "Onesiphorus Aspinall", []string{"Onesiphorus", "Mr. Aspinall", "Aspinall"}, "squire", "A stiff, hawk-faced squire of sixty-five, last of an old family.",
			[]string{"stubborn", "proud"}, "Hunts twice a week.", "Has quarrelled with all his neighbours."),
		c("c817", "Dilys Winstanley", []string{"Dilys", "Mrs. Winstanley"}, "baker's widow", "A round, cheerful old woman who still keeps her late husband's bakery open on the corner.",
			[]string{"kind", "talkative"}, "Gives stale loaves to the poor.", "Has a nephew in the militia."),
		c("c818", "Eusebia Catterall", []string{"Eusebia", "Mrs. Catterall"}, "schoolmistress", "A handsome, composed woman of thirty-five who keeps a school for young ladies.",
			[]string{"composed", "capable"}, "Teaches French and the harp.", "Attends the Abbey church."),
		c("c819", "Radegund Trethewey", []string{"Radegund", "Mrs. Trethewey"}, "doctor's wife", "A tall, quiet, well-dressed woman of forty, married to the leading physician of the town.",
			[]string{"quiet", "dignified"}, "Sits on the dispensary committee.", "Has one son at Cambridge."),
		c("c820", "Tryphosa Pollexfen", []string{"Tryphosa", "Miss Pollexfen"}, "draper's sister", "A small, plain, short-sighted woman of thirty-eight who keeps her brother's accounts.",
			[]string{"retiring", "observant"}, "Walks on the pier every evening.", "Has never been further than Exeter."),
	}
}

// rbBlind17Places are the set's places and objects.
func rbBlind17Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l600", "Carnwithen", nil, "mining village", "A mining village on the edge of a Cornish moor, with a chapel and two inns.", "Its fair is held in September."),
		l("l601", "Skelbrooke", nil, "market town", "A small stone market town in a Yorkshire dale.", "Its market day is Tuesday."),
		l("l602", "The Trevalga orrery", []string{"the Trevalga orrery"}, "orrery", "An old orrery in the library at Trevalga.", "It was bought by the first Earl."),
		l("l603", "The Amblecote harmonium", []string{"the Amblecote harmonium"}, "harmonium", "A harmonium in the little chapel at Amblecote.", "It was given by the old squire."),
	}
}
