package writer

import "github.com/storyd/storyd/project"

// The twentieth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes20", without reading recall/, index/,
// docs/RECALL.md, the recall helpers' notes or the nineteenth and
// twenty-first sets written at the same time: 25 facts and their 75 probes,
// with people, places and objects found in no other set and no name found in
// the corpus. It is blind: nothing in recall/ or index/ was changed with it
// in view, and once its misses are used to change the ranking it is no
// longer a blind measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind20 -recall.scenes 30,300,1000
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
// objects. The plants mix plain shapes (a short blunt sentence, a narrator's
// statement, dialogue with and without tags, reported speech, a pronoun with
// the name a sentence earlier, a long sentence with the fact in its last
// clause) with rarer ones: a will, what a woman saved from a fire, a chapel
// class book, a temperance pledge, a doctor's casebook, talk at the pump, a
// shop-girl's gossip, a diary, what a gardener could have told, a whisper, a
// note in the margin of a recipe, a confession overheard through a
// partition, a game of forfeits, a guidebook entry, a child's question, an
// auction catalogue and a steward's patter to visitors.
func rbBlind20() rbSet {
	return rbSet{
		name: "blind20",
		facts: []rbFact{
			{"trait", "Juan Quilliam counted. Stairs, fence posts, the buttons on a bishop's waistcoat: he could tell you there were forty-one panes in the bay window of the Assembly Rooms, and would, whether you wished to know or not.", "Stairs, fence posts, the buttons",
				[3]string{"Quilliam counts the stairs and the fence posts aloud on his way to call on the bishop.", "Someone tallies the panes of the bay window in the Assembly Rooms.", "Mr. Quilliam waits in a crowded church through a long christening with nothing to do."}},
			{"trait", `"Has she paid you?" "Not she. Mrs. Kermode pays nobody till she has sent the bill back for the spelling; I've had mine back three times over 'receipt', and once for a comma."`, "sent the bill back for the spelling",
				[3]string{"Voirrey Kermode sends the carpenter's bill back over its spelling and a comma.", "A tradesman's bill comes back with 'receipt' corrected in red ink.", "Mrs. Kermode is handed a love note from the young curate, ill-written but ardent."}},
			{"trait", "The Reverend Thorfinn Crellin had boxed for money at Cambridge under another name. He still could not pass a quarrel in the street without taking off his coat and offering to settle it for both parties, and the rural dean had written to him about it twice.", "offering to settle it for both parties",
				[3]string{"Crellin takes off his coat in the street to settle a quarrel between two drovers.", "A clergyman who once boxed for money steps between two brawlers.", "Mr. Crellin sees two carters come to blows outside the chapel."}},
			{"possession", "Item, to my nephew Eliakim Skillicorn, the whalebone walking-stick that hides a sword, which he has coveted since he was in petticoats, together with my forgiveness for the coveting.", "whalebone walking-stick that hides a sword",
				[3]string{"Skillicorn draws the sword from his whalebone walking-stick.", "A footpad snatches a whalebone cane and finds a blade inside.", "Mr. Skillicorn is set upon by two footpads on the heath at night."}},
			{"possession", "What Thomasine Qualtrough carried out of the burning house, in her nightgown, with the thatch coming down behind her, was neither her jewel box nor the deeds nor the silver: it was a case of stuffed hummingbirds under glass, given her by a sea-captain who never came back.", "a case of stuffed hummingbirds under glass",
				[3]string{"Thomasine Qualtrough dusts the stuffed hummingbirds the sea-captain gave her.", "A woman in her nightgown carries a glass case out of a burning house.", "A naturalist calls on Mrs. Qualtrough hoping to see rare specimens from the Americas."}},
			{"possession", `"They were an emperor's," said Breesha Corkill, setting out the ivory chessmen on the tea-tray, "and my father had them off a Lascar in Liverpool for a pair of boots, and they're the one thing in this house the bailiffs have never found."`, "had them off a Lascar in Liverpool",
				[3]string{"Breesha sets out the ivory chessmen her father had off a Lascar.", "A Lascar on the Liverpool docks trades a set of ivory chessmen for boots.", "Miss Corkill is challenged to a game by the new curate, who fancies himself at strategy."}},
			{"promise", "Orry Kewley told the class meeting that when his boat came off the Chicken Rock in the great storm he had vowed to walk barefoot to Kirk Braddan every Good Friday he lived, and the leader wrote it down in the class book.", "walk barefoot to Kirk Braddan every Good Friday",
				[3]string{"Kewley walks barefoot to Kirk Braddan on Good Friday, as he vowed after the storm.", "A fisherman limps barefoot over the frozen road on Good Friday.", "Mr. Kewley sprains his ankle on the Thursday before Easter."}},
			{"promise", `"... and so, dear Susan, I have given my word to Mr. Costain that I will not stand up for one dance this season, not one, until the brig Brothers comes home; and I mean to keep it, though there are to be three balls and the militia is in town. Your affectionate Aalish Faragher."`, "not stand up for one dance this season",
				[3]string{"Aalish Faragher sits out every dance of the season until the brig comes home.", "A young lady refuses every partner while the militia officers beg, and a brig is overdue.", "Miss Faragher's handsome cousin begs the honour of the first set at the Assembly."}},
			{"promise", "Temperance Society, Peel branch. Pledge number one, signed in a shaking hand: Sweyn Cannell, carter, who drove his gig into the millpond drunk with his wife beside him, and she did not come up, pledges never again to touch strong drink.", "drove his gig into the millpond drunk",
				[3]string{"Cannell keeps the pledge he signed after the gig went into the millpond, and will not touch strong drink.", "Men drag the millpond for a woman thrown from a gig.", "Mr. Cannell is toasted at the harvest supper with the squire's best port."}},
			{"fear", "Case 14. Mr. Rollo Clucas, aet. 46, grocer. Robust; heart and lungs sound. Faints dead away at the sight of blood, his own or another's; was carried out of his own shop last Lady Day for the boy's cut finger.", "carried out of his own shop last Lady Day",
				[3]string{"Clucas faints at the sight of blood when his shop-boy cuts a finger.", "A robust grocer is carried from behind his own counter in a dead faint.", "Mr. Clucas must help the farrier hold the horse while its leg is lanced."}},
			{"fear", "It was common talk at the pump that Kerenhappuch Quirk would not cross a room with a cat in it; a stepmother had shut her in a garret overnight with a dying one when she was six.", "shut her in a garret overnight with a dying one",
				[3]string{"Kerenhappuch Quirk will not cross the room while the cat is in it.", "A child is shut all night in a garret with a dying cat.", "Miss Quirk is invited to take tea at the miller's, whose kitchen swarms with mousers."}},
			{"fear", "He had walked the roof ridge of the cathedral for a wager at nineteen, had gone down the Laxey shaft in an ore bucket, and had swum the harbour mouth in a January gale; and yet Fingal Moughtin went white and sat down in the road wherever he was when a church bell began to toll, because a bell had tolled the night his father was lost off the Calf.", "sat down in the road wherever he was when a church bell",
				[3]string{"Moughtin goes white and sits down in the road when the church bell tolls.", "A man who once swam the harbour mouth in a January gale goes grey at a distant knell.", "Mr. Moughtin must stand at the graveside through the funeral of the old vicar."}},
			{"cannot", `"He sold Mrs. Kissack a scarlet shawl for her mourning," said the shop-girl, "thinking it was the black. Mr. Teare can't tell scarlet from brown nor green from grey, and him a draper thirty years."`, "can't tell scarlet from brown nor green from grey",
				[3]string{"Judah Teare, who cannot tell scarlet from green, sells a widow the wrong shawl.", "A widow brings back a scarlet shawl she was sold for her mourning.", "Mr. Teare is asked to match ribbons for the bridesmaids at the wedding."}},
			{"cannot", "Tuesday. Dined at the Rectory. Poor Illiam Kneale sat by me, who has had no taste nor smell since the typhus, and praised the curry and the custard with the same civil warmth.", "no taste nor smell since the typhus",
				[3]string{"Kneale, with no taste or smell since the typhus, praises the curry at the Rectory.", "A guest praises the curry and the custard with equal civility.", "Mr. Kneale is asked to judge the preserves at the county show."}},
			{"cannot", "Ingeborg Cregeen, who could say the whole of Paradise Lost by heart, could not remember a face from one day to the next, and had been known to curtsey to her own husband in the High Street as to a stranger.", "curtsey to her own husband in the High Street",
				[3]string{"Ingeborg curtseys to her husband as to a stranger in the High Street.", "A lady who can say all of Paradise Lost by heart walks past her husband.", "Mrs. Cregeen is to receive the new bishop, whom she met once at a dinner last spring."}},
			{"hidden", "The old gardener at Ballure could have told them, had anyone asked him, that Mr. Ewan Corlett buried the church plate in the cucumber frame in 'ninety-eight, the night the French were said to be landing, and never dug it up again.", "buried the church plate in the cucumber frame",
				[3]string{"Corlett digs the church plate up out of the cucumber frame.", "The gardener's spade strikes silver in the cucumber frame.", "The bishop's visitation is announced, and Mr. Corlett must show him the communion vessels."}},
			{"hidden", `"I put them in with the bees," whispered Moirrey Kinvig, "in the third skep from the wall, my mother's rings and all; no one goes near the bees but me."`, "in the third skep from the wall",
				[3]string{"Moirrey Kinvig goes among the bees to take her mother's rings out of a skep.", "A thief is stung half to death lifting the lid of a skep.", "Mrs. Kinvig's husband demands every jewel she has to pay his gaming debts."}},
			{"hidden", "In the margin of the recipe for quince jelly, in Bethia Gawne's small hand: the deed of the Mill Field is under the floor of the dovecote, north side. Do not trust Robert.", "the Mill Field is under the floor",
				[3]string{"Bethia Gawne takes up the floor of the dovecote for the deed of the Mill Field.", "Pigeons scatter as a lawyer's clerk prises up the boards of a dovecote.", "Mrs. Gawne's nephew goes to law over who owns the land by the weir."}},
			{"secret", "It was the ostler at the Bull who heard it through the partition: Annis Cojeen telling her sister that the child she called her niece was her own, born at Chester while the town thought her to be taking the waters at Bath.", "born at Chester while the town thought her",
				[3]string{"Annis Cojeen's sister keeps the secret of the child born at Chester, who is no niece at all.", "An ostler at the Bull listens at a partition to two sisters.", "Miss Cojeen's ward falls dangerously ill, and the doctor asks who the parents were."}},
			{"secret", "At forfeits, when the Christmas candles were low, Captain Hartwell Quine was made to tell a true thing no one knew, and he said, laughing, that he had deserted from the Marines at Gibraltar; and everyone laughed too, and nobody believed him, and it was true.", "deserted from the Marines at Gibraltar",
				[3]string{"Quine is recognised by an old sergeant from Gibraltar as the man who deserted the Marines.", "A sergeant of Marines swears he knew a man at Gibraltar who ran.", "Captain Quine is invited to dine with the officers of a man-of-war putting in at the harbour."}},
			{"secret", "Ragnhild Callister had laid out the old squire, and she knew what the doctor had written up as apoplexy: there were finger-marks on his throat, and she had powdered them over before the family came in.", "powdered them over before the family came in",
				[3]string{"Ragnhild Callister remembers the finger-marks she powdered over on the old squire's throat.", "A doctor writes up a death as apoplexy with marks on the throat.", "Mrs. Callister is summoned before the coroner when a grave in the churchyard is opened."}},
			{"place", "BALLAKERRAN. A fishing village of some four hundred souls, with a pier and a Methodist chapel. The traveller should know that no boat may put out from Ballakerran on the Sabbath, and that a wreck once lay on the Carrick from Saturday night to Monday dawn with her crew in the rigging, in full sight of the village.", "a wreck once lay on the Carrick from Saturday night",
				[3]string{"At Ballakerran no boat puts out on the Sabbath, though a crew clings in the rigging of a wreck.", "A crew hangs in the rigging all night while a whole village keeps the Sabbath.", "A schooner in distress drifts onto the rocks off Ballakerran as the bells ring for morning service."}},
			{"place", `"Why do they never bury anyone at Tolvenick, Papa?" "Because it's all rock a foot under the turf, my dear; they carry their dead eleven miles to Kirk Malew in a cart, and the parson walks beside it."`, "carry their dead eleven miles",
				[3]string{"At Tolvenick, with rock a foot under the turf, the dead are carted eleven miles to be buried.", "A cart bears a coffin eleven miles over the moor to Kirk Malew.", "An old fisherman is drowned at Tolvenick in the depth of a snowbound winter."}},
			{"object", "Lot 41. The Ormsgill serinette: a bird-organ in a walnut case, made to teach canaries their airs. Its barrel was re-pricked in Paris in the year of the Terror, and it now plays one tune only, the Marseillaise, which the vendor begs buyers to note.", "re-pricked in Paris in the year of the Terror",
				[3]string{"The barrel of the Ormsgill serinette, re-pricked in Paris, grinds out its single tune.", "A walnut bird-organ meant to teach canaries strikes up a revolutionary song.", "The Ormsgill serinette is wound up to entertain a French royalist émigré after dinner."}},
			{"object", "The Hallbeck mazer, the steward told the visitors, was turned from the root of the gallows oak, and no Hallbeck had ever drunk from it and lived out the year; they showed it, he said, but they did not fill it.", "turned from the root of the gallows oak",
				[3]string{"The steward tells visitors how the Hallbeck mazer was turned from a gallows oak's root.", "Visitors peer at a drinking bowl cut from the root of a gallows tree.", "The Hallbeck mazer is brimmed with punch for the young heir's coming-of-age toast."}},
		},
		recurring: []string{"Mr. Quilliam", "Mrs. Kermode", "Crellin", "Mr. Skillicorn", "Thomasine", "Miss Corkill", "Kewley", "Aalish", "Mr. Cannell", "Clucas",
			"Miss Quirk", "Fingal", "Mr. Teare", "Illiam", "Mrs. Cregeen", "Mr. Corlett", "Moirrey", "Mrs. Gawne", "Miss Cojeen", "Captain Quine",
			"Ragnhild", "Ballakerran", "Tolvenick", "the Ormsgill serinette", "the Hallbeck mazer"},
		chars: rbBlind20Cast(),
		locs:  rbBlind20Places(),
	}
}

// rbBlind20Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind20Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c1100", "Juan Quilliam", []string{"Juan", "Mr. Quilliam", "Quilliam"}, "shipping clerk", "A neat, narrow-shouldered man of forty who keeps the books of a herring merchant.",
			[]string{"shy", "mild"}, "Lodges over the chandler's on the quay.", "Plays draughts with the harbour master on Fridays."),
		c("c1101", "Voirrey Kermode", []string{"Voirrey", "Mrs. Kermode"}, "widow of means", "A stout, handsome widow of fifty-five in good black silk with a house on the Parade.",
			[]string{"proud", "sharp"}, "Subscribes to the circulating library.", "Has a married daughter in Douglas."),
		c("c1102", "Thorfinn Crellin", []string{"Thorfinn", "Mr. Crellin", "Crellin"}, "curate", "A big, fair, red-faced clergyman of thirty-six, popular with the fishermen.",
			[]string{"hearty", "impatient"}, "Preaches without notes.", "Keeps a retriever."),
		c("c1103", "Eliakim Skillicorn", []string{"Eliakim", "Mr. Skillicorn", "Skillicorn"}, "wine merchant's son", "A lean, fashionable young man of twenty-seven lately come into an uncle's money.",
			[]string{"vain", "amiable"}, "Dresses in the London fashion.", "Walks home late from the card room."),
		c("c1104", "Thomasine Qualtrough", []string{"Thomasine", "Mrs. Qualtrough"}, "lodging-house keeper", "A small, brisk woman of sixty with a bad hip who lets rooms by the harbour.",
			[]string{"brisk", "thrifty"}, "Never married until she was forty.", "Takes in a young clerk as lodger."),
		c("c1105", "Breesha Corkill", []string{"Breesha", "Miss Corkill"}, "schoolmistress", "A plain, clever young woman of twenty-nine who keeps a dame school in two rooms.",
			[]string{"clever", "poor"}, "Reads the London papers a week late.", "Mends her own boots."),
		c("c1106", "Orry Kewley", []string{"Orry", "Mr. Kewley", "Kewley"}, "fisherman", "A grizzled, silent fisherman of fifty who owns half a share in a nickey.",
			[]string{"silent", "patient"}, "Sings in the Methodist choir.", "Has five sons at sea."),
		c("c1107", "Aalish Faragher", []string{"Aalish", "Miss Faragher"}, "farmer's daughter", "A pretty, lively girl of nineteen with a good fortune and many admirers.",
			[]string{"lively", "merry"}, "Rides to market with her father.", "Writes long letters to a school friend."),
		c("c1108", "Sweyn Cannell", []string{"Sweyn", "Mr. Cannell", "Cannell"}, "carter", "A gaunt, grey carter of fifty-eight who hauls for the quarry.",
			[]string{"grim", "honest"}, "Lives alone.", "Keeps two heavy horses."),
		c("c1109", "Rollo Clucas", []string{"Rollo", "Mr. Clucas", "Clucas"}, "grocer", "A red-faced, prosperous grocer of forty-six with a shop in Castle Street.",
			[]string{"prosperous", "genial"}, "Is a churchwarden.", "Has an apprentice named Billy."),
		c("c1110", "Kerenhappuch Quirk", []string{"Kerenhappuch", "Miss Quirk"}, "milliner", "A thin, quick milliner of thirty-four with clever fingers.",
			[]string{"neat", "witty"}, "Trims bonnets for the whole town.", "Lives with an aunt."),
		c("c1111", "Fingal Moughtin", []string{"Fingal", "Mr. Moughtin", "Moughtin"}, "mine captain", "A broad, black-bearded man of forty who manages the lead mine.",
			[]string{"bold", "hot-tempered"}, "Was born at Laxey.", "Is courting the doctor's sister."),
		c("c1112", "Judah Teare", []string{"Judah", "Mr. Teare", "Teare"}, "shopkeeper", "A bald, smiling man of fifty-five who keeps the large shop in Castle Street.",
			[]string{"obliging", "talkative"}, "Employs two shop-girls.", "Is a widower."),
		c("c1113", "Illiam Kneale", []string{"Illiam", "Mr. Kneale", "Kneale"}, "retired ship's surgeon", "A yellow, courteous old gentleman of sixty-five who came home from the Indies.",
			[]string{"courteous", "melancholy"}, "Dines out four nights a week.", "Collects shells."),
		c("c1114", "Ingeborg Cregeen", []string{"Ingeborg", "Mrs. Cregeen"}, "banker's wife", "A tall, learned woman of forty married to the island's banker.",
			[]string{"learned", "dreamy"}, "Writes verses for the newspaper.", "Has three daughters."),
		c("c1115", "Ewan Corlett", []string{"Ewan", "Mr. Corlett", "Corlett"}, "churchwarden", "A dry, careful old churchwarden of seventy who has served three vicars.",
			[]string{"careful", "dry"}, "Grows prize onions.", "Walks with a stick."),
		c("c1116", "Moirrey Kinvig", []string{"Moirrey", "Mrs. Kinvig"}, "farmer's wife", "A soft-spoken, stubborn woman of thirty-eight married to a drinking farmer.",
			[]string{"stubborn", "gentle"}, "Spins her own wool.", "Has one son at sea."),
		c("c1117", "Bethia Gawne", []string{"Bethia", "Mrs. Gawne"}, "widow", "A sharp-nosed, shrewd widow of sixty-two who farms her own land.",
			[]string{"shrewd", "thrifty"}, "Keeps geese.", "Has a nephew who expects to inherit."),
		c("c1118", "Annis Cojeen", []string{"Annis", "Miss Cojeen"}, "spinster of means", "A quiet, well-dressed woman of thirty-five who lives with her widowed sister.",
			[]string{"quiet", "devoted"}, "Raises a young girl as her ward.", "Plays the harp."),
		c("c1119", "Hartwell Quine", []string{"Hartwell", "Captain Quine", "Quine"}, "half-pay captain", "A swaggering, sunburnt man of forty-four who tells sea stories at every dinner.",
			[]string{"swaggering", "merry"}, "Keeps a grey parrot.", "Lodges at the Bull."),
		c("c1120", "Ragnhild Callister", []string{"Ragnhild", "Mrs. Callister"}, "nurse and layer-out", "A big, calm woman of fifty-five sent for at every birth and death in the parish.",
			[]string{"calm", "capable"}, "Was nurse at the Hall for twenty years.", "Takes snuff."),
	}
}

// rbBlind20Places are the set's places and objects.
func rbBlind20Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l900", "Ballakerran", nil, "fishing village", "A fishing village of whitewashed cottages at the foot of a glen on the west coast.", "Its men go to the herring in summer."),
		l("l901", "Tolvenick", nil, "hamlet", "A hamlet of six crofts on a bare headland, reached by one cart track.", "It has no inn."),
		l("l902", "The Ormsgill serinette", []string{"the Ormsgill serinette"}, "serinette", "An old serinette in the morning room at Ormsgill.", "It was bought at a sale in Liverpool."),
		l("l903", "The Hallbeck mazer", []string{"the Hallbeck mazer"}, "mazer", "A dark wooden mazer with a silver rim in the hall cupboard at Hallbeck.", "It is shown to visitors on open days."),
	}
}
