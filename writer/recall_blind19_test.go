package writer

import "github.com/storyd/storyd/project"

// The nineteenth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes19", without reading recall/, index/,
// docs/RECALL.md, the recall helpers' notes or the twentieth and
// twenty-first sets: 25 facts and their 75 probes, with people, places and
// objects found in no other set and no name found in the corpus. It is
// blind: nothing in recall/ or index/ was changed with it in view, and once
// its misses are used to change the ranking it is no longer a blind measure
// and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind19 -recall.scenes 30,300,1000
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
// objects. The plants mix plain shapes (a narrator's statement, a short
// blunt sentence, dialogue with and without tags, reported speech, a pronoun
// with the name a sentence earlier, a long sentence with the fact in its
// last clause) with rarer ones: an auction catalogue, a newspaper's report
// of the petty sessions, a habit told as what happened to every visitor, an
// epitaph, a child's question and her mother's answer, a doctor's casebook,
// a narrator speaking to the reader, a coroner's inquest, a shop sign belied
// by its owner, a cook's gossip, a diary, a pencilled note in an almanac, a
// prayer overheard, a reward bill, a packet to be opened after a death, a
// guidebook entry, a dealer's letter and an inscription with its
// translation.
func rbBlind19() rbSet {
	return rbSet{
		name: "blind19",
		facts: []rbFact{
			{"trait", "Fromund Stibwell counted everything: the stairs he climbed, the peas on his plate, the panes in a window, the buttons on the Archdeacon's waistcoat; and if anyone spoke to him on a staircase and he lost the count, he would go back to the foot of it and climb it again.", "he would go back to the foot of it and climb it again",
				[3]string{"Stibwell loses count on the stairs and goes back down to the foot to climb them again.", "A dinner guest counts the peas on his plate under his breath.", "Mr. Stibwell is shown up the cathedral tower, two hundred steps, by a verger who chatters the whole way."}},
			{"trait", "Goditha Muxlowe believed anything in print. If it was in a newspaper, a tract or an almanac, it was so; and the spring after the almanac promised a hard winter she sold her cow and bought a year's peat.", "sold her cow and bought a year's peat",
				[3]string{"Goditha sells her cow and lays in peat because the almanac foretells a hard winter.", "A farm woman reads in the almanac that a hard winter is coming.", "A travelling quack hands Miss Muxlowe a pamphlet swearing that the world will end on Lady Day."}},
			{"trait", `"You have not been in time for one thing in your life, Hamo Nuthstead," said his wife, pinning her shawl, "not your christening, not your wedding, and you'll be late for your own burying, see if you aren't."`, "you'll be late for your own burying",
				[3]string{"Hamo Nuthstead is late again, as he was for his christening and his wedding.", "A wife says her man was late for his own christening and his own wedding.", "Mr. Nuthstead must catch the Whitehaven packet, which sails on the morning tide and waits for nobody."}},
			{"possession", "LOT 47. A tortoiseshell tea caddy with brass mounts, washed ashore from the wreck of the Royal Charlotte; with a lock that no key in the island will turn. The property of Mrs. Dionysia Brackstow. WITHDRAWN: Mrs. Brackstow walked into the saleroom at ten o'clock and carried it off under her shawl.", "a lock that no key in the island will turn",
				[3]string{"Dionysia tries one more key in the lock of her tortoiseshell tea caddy from the wreck.", "A tortoiseshell caddy washed up from a wreck sits locked on a farmhouse dresser.", "Mrs. Brackstow's nephew is back from his apprenticeship, boasting there is no box or door he cannot get open with a bent pin."}},
			{"possession", "PETTY SESSIONS. Drogo Ventwick, labourer, for being drunk on the quay, fined five shillings or seven days. The defendant told the bench that he had nothing in the world worth five shillings but a blue chequer pigeon that had flown home from Belfast in a day, and he would sooner do the seven days than sell her; which he is now doing.", "flown home from Belfast in a day",
				[3]string{"Ventwick's blue chequer pigeon flies home from Belfast again, and he will not sell her.", "A blue chequer pigeon drops onto a loft roof with a ring on its leg.", "A dealer from Liverpool offers Mr. Ventwick twenty guineas for the best bird in his loft."}},
			{"possession", "Every new curate who called on old Idonea Dagford was made to hold, loaded, the silver-mounted pistol that her father had taken off a highwayman on Bagshot Heath, while she looked for her spectacles to show him the notch in the butt; and most of them did not call twice.", "taken off a highwayman on Bagshot Heath",
				[3]string{"Idonea makes the new curate hold her father's silver-mounted pistol while she hunts for her spectacles.", "A loaded pistol with a notch in its butt lies in an old woman's workbasket.", "Thieves break into Mrs. Dagford's cottage at midnight while she sits up alone."}},
			{"promise", "Here lies THOMAS HUXSTEAD, millwright, who died with his mill half built. Erected by his son Everard, who vowed at this graveside to finish it though it take him forty years.", "vowed at this graveside to finish it",
				[3]string{"Everard Huxstead works on at his father's half-built mill, as he vowed at the graveside.", "A windmill stands half built on the hill above a millwright's grave.", "Mr. Huxstead's sweetheart begs him to spend their savings on a house in Douglas instead."}},
			{"promise", `"Did she truly swear it?" "On her mother's Bible, at the back door, the night the Peggy sailed: Galiena Sotwell will set a lamp in the window every night till Dan comes home. And she's set it nine winters now, and the Peggy gone down off the Calf with all hands."`, "set a lamp in the window every night till Dan comes home",
				[3]string{"Galiena Sotwell sets the lamp in the window again, as she swore the night the Peggy sailed.", "A lamp burns in a cottage window night after night for a sailor whose ship went down with all hands.", "Miss Sotwell's new landlord forbids any light after ten o'clock for fear of fire."}},
			{"promise", `"Why does Mr. Mottshaw keep school on Sundays, Mamma, when he's only the blacksmith?" "Because, my pet, he promised the old schoolmaster who taught him that he would teach the village children their letters for nothing as long as he had eyes to see."`, "teach the village children their letters for nothing",
				[3]string{"Alderic Mottshaw keeps his Sunday school, teaching the village children their letters for the old schoolmaster's sake.", "A blacksmith with sooty hands teaches a row of children their letters on a Sunday.", "Mr. Mottshaw is offered a forge in Whitehaven at twice his wages, beginning at Michaelmas."}},
			{"fear", "Casebook, 14th June. Mrs. Helewise Kelwick, aet. 44, the attorney's wife. Sound in wind and limb; but a morbid horror of premature burial, so that she has left written orders for a vein to be opened and a bell put in her coffin, and will not sleep with her door shut. Prescribed nothing.", "morbid horror of premature burial",
				[3]string{"Helewise Kelwick makes the undertaker promise a bell in her coffin and a vein opened before her burial.", "An undertaker is asked to fit a bell inside a coffin.", "Mrs. Kelwick is shown the family vault where she must one day lie beside her husband's people."}},
			{"fear", "You would not have thought, to see Nicasius Umbshaw carry a drowning ewe out of the Sulby in spate on his shoulders, that he was afraid of anything on God's earth; but put him in a room with a looking-glass and he would turn it to the wall, and he had shaved by feel for thirty years.", "shaved by feel for thirty years",
				[3]string{"Umbshaw turns the looking-glass to the wall and shaves by feel.", "A farmer shaves by touch with no glass in the room.", "Mr. Umbshaw is fitted for his wedding coat in a tailor's shop lined with mirrors."}},
			{"fear", "The coroner then called Warin Scarett, labourer, who deposed that he had stood at the foot of the ladder while the boy fell; that he had a terror of any height above a man's head since he tumbled from a hayrick at nine years old, and could no more have gone up after the lad than flown; and the jury, who knew him, did not press it.", "terror of any height above a man's head",
				[3]string{"Scarett freezes at the foot of the ladder, sick with terror of the height, as the boy falls.", "A child tumbles from a hayrick at harvest.", "Mr. Scarett is asked to help the sexton mend the weathercock on the church steeple."}},
			{"cannot", "Over the door it said FELISIA WHELFORD, MILLINER, ALL COLOURS MATCHED, and inside the only person who could not tell a red ribbon from a green one was Felisia Whelford herself; her niece chose every shade, and the ladies of Castletown never knew.", "could not tell a red ribbon from a green one",
				[3]string{"Felisia Whelford puts a green ribbon on a bonnet ordered in red, and her niece must change it.", "A milliner's board promises that all colours are matched within.", "Mrs. Whelford's helper is down with a fever on the night the mayoress's ball gown must be trimmed."}},
			{"cannot", "Rohesia Ickfield had nursed her father through the cholera, buried him, sold the farm, crossed to Liverpool alone with eleven pounds sewn into her stays, and set up a lodging house that the best of the theatre people would stay nowhere else but, and there was nothing, the theatre people said, that she could not do, except swim, and that she could not do at all.", "except swim, and that she could not do at all",
				[3]string{"The theatre people take Rohesia Ickfield boating and find she cannot swim.", "A Liverpool lodging house fills with theatre people after the pantomime.", "Miss Ickfield's little niece tumbles off the pier into the harbour in front of her."}},
			{"cannot", "The cook told the new girl that Mr. Serlo Prowford had not smelt a thing since he was pitched out of his gig on the Peel road: not roses, not burning, not the drains; and that he blended the tea for half the island by the look of the leaf and the ledgers of his late partner.", "had not smelt a thing since he was pitched out of his gig",
				[3]string{"Prowford blends the tea by the look of the leaf, having smelt nothing since he was pitched from his gig.", "A tea merchant sorts the leaf by eye and never lifts it to his nose.", "Mr. Prowford sleeps on upstairs while the kitchen below fills with smoke."}},
			{"hidden", "From the diary of Sabelina Trumden, Tuesday: Put Mamma's rubies inside the hollow plaster head of the Shakespeare in the library, where Augustus will never look, since he never looks at a book or anything near one.", "inside the hollow plaster head of the Shakespeare",
				[3]string{"Sabelina takes her mother's rubies out of the hollow plaster head in the library.", "A housemaid knocks the plaster bust of Shakespeare off its bracket, and it cracks open.", "Mrs. Trumden's husband, deep in debt, sends for a jeweller to value everything in her trinket box."}},
			{"hidden", "In Ingram Yarwick's almanac, against the ninth of November, in pencil: Sovereigns, forty, in the boot-jack box under the stable stairs. Not a word to M.", "in the boot-jack box under the stable stairs",
				[3]string{"Yarwick counts the forty sovereigns in the box under the stable stairs.", "A groom trips over a heavy boot-jack box in the dark.", "Mr. Yarwick must find the money for his daughter's dowry by Saturday without his wife knowing."}},
			{"hidden", "Hawise Gumstow had the deeds. She kept them where nobody in that house ever put a hand but herself, at the bottom of the flour bin under a stone of flour, wrapped in oilcloth.", "at the bottom of the flour bin",
				[3]string{"Hawise Gumstow scoops the flour aside to get at the deeds in their oilcloth.", "A baker's boy finds an oilcloth packet buried in a bin of flour.", "The lawyer from Ramsey comes to Mrs. Gumstow's door demanding proof that the cottage is hers."}},
			{"secret", "Ursel Snywell, kneeling alone in the empty chapel, prayed aloud, not knowing the boy was in the loft: Lord, forgive me that I have let Pelatiah think the girl his own these nine years.", "let Pelatiah think the girl his own",
				[3]string{"Ursel Snywell prays alone in the empty chapel for forgiveness over her daughter's true father.", "A boy in a chapel loft overhears a woman praying aloud.", "Mrs. Snywell's husband boasts to the neighbours that his daughter takes after him in everything."}},
			{"secret", "FIFTY POUNDS REWARD, said the bill on the church door, for information leading to the conviction of the person who wilfully set fire to the tithe barn. Bertilda Eskcote read it twice and walked home. She could have had the fifty pounds any hour she chose, for it was her brother Benaiah she had seen running from the barn with the lantern.", "her brother Benaiah she had seen running from the barn",
				[3]string{"Bertilda Eskcote reads the reward bill on the church door and keeps silent about her brother.", "A reward of fifty pounds is posted on the church door for whoever fired the tithe barn.", "Miss Eskcote is called before the justices, where a simple-minded labourer stands accused."}},
			{"secret", "In Theobald Wendmore's bureau there is a paper, sealed and endorsed To be opened after my death, which reads: I, being then a boy of ten and hid behind the water-butt, saw the new squire pay the gamekeeper to swear the poacher fired first; I have held my tongue these many years, and God forgive me, for the man hanged.", "pay the gamekeeper to swear the poacher fired first",
				[3]string{"Theobald Wendmore remembers the squire paying the gamekeeper to swear against the poacher.", "A poacher hangs at the assizes on the word of a gamekeeper.", "A poor widow asks Mr. Wendmore, now a justice of the peace, to clear her late husband's name."}},
			{"place", "Fitchmore (pop. 340; inn, the Anchor, indifferent). The village is built upon a floating bog: the houses rise and fall a foot with the seasons, the graves are dug shallow and weighted with stones, and in a wet spring the church is to be reached only by planks.", "the houses rise and fall a foot with the seasons",
				[3]string{"At Fitchmore the houses rise a foot in the wet season and the church is reached by planks.", "A traveller crosses a floating bog on planks to reach a church.", "An engineer from Manchester comes to Fitchmore with plans for a brick cotton mill and a tall chimney."}},
			{"place", `"You'll not drink the water at Kellowe," said the carrier, flicking his whip at the hill, "nor nobody does. It comes up through the old lead workings and it'll turn your teeth black in a month; they brew everything there, even for the babies."`, "turn your teeth black in a month",
				[3]string{"At Kellowe nobody drinks the water from the old lead workings, and even the babies are given brewed ale.", "A carrier warns a stranger off a spring that blackens the teeth.", "A thirsty regiment halts at Kellowe on a blazing July afternoon."}},
			{"object", `"I may tell your Lordship," the dealer wrote, "that the barrel of the Loxford merline is said to have been pricked by Mr. Handel's own hand, for a blackbird of the old Countess's that would learn no other air; the case is plain walnut, but the barrel is beyond price."`, "pricked by Mr. Handel's own hand",
				[3]string{"The Loxford merline plays the air Handel pricked on its barrel for the old Countess's blackbird.", "A blackbird in a wicker cage whistles an air of Handel's.", "A musician of the Chapel Royal asks to hear the Loxford merline played."}},
			{"object", "Round the rim of the Caldwick mether runs a Latin line that the curate renders for visitors as Drink deep, the sea has had the rest; and at the bottom, as the ale goes down, a face looks up at the drinker: the drowned heir, carved into the maple by the fisherman who found him.", "a face looks up at the drinker",
				[3]string{"A guest drains the Caldwick mether and sees the drowned heir carved in its bottom.", "A maple drinking cup with a Latin line round its rim is passed down the table.", "The Caldwick mether is filled with punch and handed to a nervous young bride."}},
		},
		recurring: []string{"Stibwell", "Goditha", "Mr. Nuthstead", "Mrs. Brackstow", "Ventwick", "Idonea", "Mr. Huxstead", "Galiena", "Mr. Mottshaw", "Mrs. Kelwick",
			"Umbshaw", "Mr. Scarett", "Felisia", "Miss Ickfield", "Mr. Prowford", "Sabelina", "Mr. Yarwick", "Hawise", "Mrs. Snywell", "Bertilda",
			"Mr. Wendmore", "Fitchmore", "Kellowe", "the Loxford merline", "the Caldwick mether"},
		chars: rbBlind19Cast(),
		locs:  rbBlind19Places(),
	}
}

// rbBlind19Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind19Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1000", "Fromund Stibwell", []string{"Fromund", "Mr. Stibwell", "Stibwell"}, "ropemaker", "A small, bald, careful man of fifty who owns the rope-walk by the harbour.",
			[]string{"mild", "shy"}, "Keeps a tame jackdaw.", "Is a churchwarden."),
		c("c1001", "Goditha Muxlowe", []string{"Goditha", "Miss Muxlowe"}, "smallholder", "A broad, rosy woman of thirty-six who works her dead father's croft alone.",
			[]string{"cheerful", "hard-working"}, "Walks to market every Friday.", "Has a married sister in Peel."),
		c("c1002", "Hamo Nuthstead", []string{"Hamo", "Mr. Nuthstead", "Nuthstead"}, "fisherman", "A big, fair, easy man of forty with a herring boat and six children.",
			[]string{"amiable", "talkative"}, "Sings at the Harvest of the Sea.", "Owes the sailmaker money."),
		c("c1003", "Dionysia Brackstow", []string{"Dionysia", "Mrs. Brackstow"}, "innkeeper's widow", "A sharp-eyed widow of sixty who keeps the Ship on the quay.",
			[]string{"sharp", "thrifty"}, "Brews her own ale.", "Has a nephew apprenticed in Douglas."),
		c("c1004", "Drogo Ventwick", []string{"Drogo", "Mr. Ventwick", "Ventwick"}, "quay labourer", "A lanky, sunburnt young man of twenty-five who unloads the coal boats.",
			[]string{"idle", "good-humoured"}, "Lives with his old mother.", "Plays the fiddle badly."),
		c("c1005", "Idonea Dagford", []string{"Idonea", "Mrs. Dagford"}, "widow", "A tiny, fierce old woman of eighty in a black bonnet, widow of a revenue officer.",
			[]string{"fierce", "hospitable"}, "Takes snuff.", "Has outlived three doctors."),
		c("c1006", "Everard Huxstead", []string{"Everard", "Mr. Huxstead", "Huxstead"}, "millwright", "A tall, silent, bony man of thirty with sawdust in his hair.",
			[]string{"silent", "strong"}, "Walks out with the schoolmistress.", "Reads Euclid in the evenings."),
		c("c1007", "Galiena Sotwell", []string{"Galiena", "Miss Sotwell"}, "net-mender", "A dark, thin woman of thirty with quick brown hands who mends nets on the harbour wall.",
			[]string{"quiet", "proud"}, "Lodges over the cooper's.", "Goes to the Methodist meeting."),
		c("c1008", "Alderic Mottshaw", []string{"Alderic", "Mr. Mottshaw", "Mottshaw"}, "blacksmith", "A huge, soft-spoken smith of forty-five with a burn scar on one forearm.",
			[]string{"patient", "gentle"}, "Sings bass in chapel.", "Is a widower with one grown son."),
		c("c1009", "Helewise Kelwick", []string{"Helewise", "Mrs. Kelwick"}, "attorney's wife", "A handsome, dark woman of forty-four with a fine figure and a low voice.",
			[]string{"elegant", "sharp-tongued"}, "Gives musical evenings.", "Has no children."),
		c("c1010", "Nicasius Umbshaw", []string{"Nicasius", "Mr. Umbshaw", "Umbshaw"}, "sheep farmer", "A weathered, broad-shouldered hill farmer of fifty-two with a slow smile.",
			[]string{"bold", "plain-spoken"}, "Is courting a widow in Ramsey.", "Breeds Loaghtan sheep."),
		c("c1011", "Warin Scarett", []string{"Warin", "Mr. Scarett", "Scarett"}, "labourer", "A thickset, slow, red-faced labourer of thirty-eight who works for any farmer who will have him.",
			[]string{"strong", "honest"}, "Drinks at the Plough on Saturdays.", "Has four children."),
		c("c1012", "Felisia Whelford", []string{"Felisia", "Mrs. Whelford"}, "milliner", "A small, smart woman of fifty in a lace cap who keeps the best shop in Castletown.",
			[]string{"brisk", "genteel"}, "Goes to Liverpool twice a year for the fashions.", "Brought up her orphaned niece."),
		c("c1013", "Rohesia Ickfield", []string{"Rohesia", "Miss Ickfield"}, "lodging-house keeper", "A tall, handsome woman of thirty-eight with a Manx voice and a Liverpool laugh.",
			[]string{"brisk", "warm-hearted"}, "Never misses a first night.", "Sends money home to the island."),
		c("c1014", "Serlo Prowford", []string{"Serlo", "Mr. Prowford", "Prowford"}, "tea merchant", "A stout, pink, pompous man of fifty-five with a gold watch-chain.",
			[]string{"pompous", "shrewd"}, "Is on the town council.", "Lives above his warehouse."),
		c("c1015", "Sabelina Trumden", []string{"Sabelina", "Mrs. Trumden"}, "manufacturer's wife", "A pretty, restless young woman of twenty-six married to a much older man.",
			[]string{"lively", "extravagant"}, "Rides every morning.", "Writes long letters to her sister."),
		c("c1016", "Ingram Yarwick", []string{"Ingram", "Mr. Yarwick", "Yarwick"}, "horse dealer", "A red-whiskered, loud, jovial horse dealer of fifty.",
			[]string{"genial", "loud"}, "Goes to every fair in the island.", "Has a daughter of marrying age."),
		c("c1017", "Hawise Gumstow", []string{"Hawise", "Mrs. Gumstow"}, "farmer's wife", "A spare, weather-beaten woman of forty-eight married to a drinking farmer.",
			[]string{"shrewd", "silent"}, "Keeps geese.", "Walks to chapel three miles each Sunday."),
		c("c1018", "Ursel Snywell", []string{"Ursel", "Mrs. Snywell"}, "draper's wife", "A soft, fair, anxious woman of thirty-four with one daughter.",
			[]string{"gentle", "anxious"}, "Does fine needlework.", "Visits her mother every Thursday."),
		c("c1019", "Bertilda Eskcote", []string{"Bertilda", "Miss Eskcote"}, "schoolmistress", "A straight-backed, reserved woman of twenty-nine who keeps the dame school.",
			[]string{"upright", "reserved"}, "Lives with her widowed father.", "Grows herbs."),
		c("c1020", "Theobald Wendmore", []string{"Theobald", "Mr. Wendmore", "Wendmore"}, "ship-chandler", "A grave, grey, prosperous chandler of fifty-five, lately made a magistrate.",
			[]string{"grave", "charitable"}, "Gives coal to the poor at Christmas.", "Was born in Peel."),
	}
}

// rbBlind19Places are the set's places and objects.
func rbBlind19Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l800", "Fitchmore", nil, "village", "A village of thirty houses in the mosses west of the hills.", "Its people cut peat for a living."),
		l("l801", "Kellowe", nil, "mining village", "A grey mining village high on the fell above the river.", "It has a Methodist chapel."),
		l("l802", "The Loxford merline", []string{"the Loxford merline"}, "merline", "A small bird organ kept in the music room at Loxford.", "It has a brass crank handle."),
		l("l803", "The Caldwick mether", []string{"the Caldwick mether"}, "mether", "An old four-handled wooden drinking cup kept on the hall table at Caldwick.", "It is brought out at Christmas."),
	}
}
