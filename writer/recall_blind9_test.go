package writer

import "github.com/storyd/storyd/project"

// The ninth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes9", without reading recall/, index/,
// docs/RECALL.md or any helper's notes: 25 facts and their 75 probes, with
// people, places, objects and facts found in no other set. It is blind:
// nothing in recall/ or index/ was changed with it in view, and once its
// misses are used to change the ranking it is no longer a blind measure and
// a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind9 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists, three of each and
// two places and two objects, planted as a novelist would plant them: a
// cousin's letter, a clerk explaining his master, a customs search listed
// item by item, a groom warned about a kennel, a maid's gossip, a
// housekeeper answering a question only to herself, words overheard
// through a study door, a carrier's three things worth knowing, an
// apothecary's note; a subordinate clause first ("Whenever ...",
// "Because ..."), a cleft sentence ("It was ... and not ..."), a fact over
// two short sentences, passives, possessives and a long sentence whose
// fact comes last. Three owners are people of the corpus and one its place
// (Beaufort, Louisa, Dawson, Montanvert), whose names the corpus repeats.
func rbBlind9() rbSet {
	return rbSet{
		name: "blind9",
		facts: []rbFact{
			{"trait", `Her cousin's letter ended with a warning: "Clementina will be charming to you for a week, and then she will rearrange every chair in your parlour to face the window, for she cannot abide a room that turns its back on the light."`, "rearrange every chair in your parlour",
				[3]string{"Clementina turns every chair in the parlour to face the window.", "The chairs of a sitting room are found one morning all turned towards the glass.", "Miss Kitto comes to stay for a month with the vicar's family."}},
			{"trait", "Whenever a dispute broke out at the card table, Jocelyn Marchbanks settled it by tossing a Spanish dollar, and he abided by the coin even when it cost him the rubber.", "settled it by tossing a Spanish dollar",
				[3]string{"Marchbanks tosses a Spanish dollar to settle the quarrel at cards.", "A silver coin spins in the air above a card table.", "Mr. Marchbanks and his neighbour quarrel over where the boundary hedge should run."}},
			{"trait", `"Beaufort will sign nothing after sunset," his clerk explained to the impatient captain. "Not a bill, not a receipt. He says ink lies by candlelight, and you must wait for morning."`, "ink lies by candlelight",
				[3]string{"Beaufort refuses to sign the captain's bill until morning, since he signs nothing after sunset.", "A clerk tells a sea captain he must wait for daylight to have his receipt.", "Beaufort is brought an urgent contract late in the evening."}},
			{"possession", "Cressida Hollowell's trunk, when the customs men opened it at Dover, held three muslin gowns, a prayer book, and a musical snuffbox that played a Scotch reel when its lid was lifted.", "musical snuffbox that played a Scotch reel",
				[3]string{"Cressida lifts the lid of her snuffbox and it plays a Scotch reel.", "A snuffbox tinkles out a reel from the bottom of somebody's trunk.", "Miss Hollowell is robbed by a highwayman on the heath."}},
			{"possession", `The new groom had been warned about the kennel. "The terrier with the torn ear is Mr. Kilvington's, and the best ratter in the county; touch her pups and he'll have you dismissed before supper."`, "terrier with the torn ear",
				[3]string{"Kilvington's terrier, the one with a torn ear, whelps in the kennel.", "A little terrier with one ragged ear digs at a rat hole.", "Mr. Kilvington's barn is overrun with mice, and he sends for his dog."}},
			{"possession", `"Leave that pincushion be," the housemaid said. "It's Dawson's. A red velvet strawberry her mother worked for her, and she'd sooner lose a tooth than lend it."`, "red velvet strawberry her mother worked",
				[3]string{"Dawson threads a needle at her red velvet strawberry pincushion.", "A velvet pincushion shaped like a strawberry lies on a dressing table.", "Dawson cannot find something precious in her sewing basket."}},
			{"promise", "Sabina Tremlett told the harvesters that if the rain held off until Lammas she would roast a whole ox for them on the green, and the men worked all the harder for it.", "roast a whole ox for them on the green",
				[3]string{"The rain holds off, and Sabina must roast an ox on the green for the harvesters.", "An ox turns on a spit on the village green.", "Mrs. Tremlett's barley is cut and carted before the storm breaks."}},
			{"promise", `"I will stand godfather to your first son," Osmund Scantlebury said to the ferryman who had pulled him out of the weir, "and he shall never want for schooling while I live."`, "stand godfather to your first son",
				[3]string{"Scantlebury stands godfather to the ferryman's first son.", "A ferryman's baby son is christened with a gentleman for his godfather.", "Mr. Scantlebury is told that a baby boy has been born at the river crossing."}},
			{"promise", "Louisa sealed the letter to her sister before she could change her mind. In it she had promised to sing at the charity concert at Bath on Easter Monday, though she had not sung in public since she was seventeen.", "sing at the charity concert at Bath",
				[3]string{"Louisa sings at the charity concert in Bath, as she promised her sister.", "A lady who has not sung in public for years rises at a charity concert.", "Louisa falls ill with a cold and loses her voice in March."}},
			{"fear", "Miss Cobley never would sleep with the curtains drawn, the maid told the cook; she was afraid of the dark, and a rushlight burned on her washstand till dawn.", "a rushlight burned on her washstand",
				[3]string{"A rushlight burns on Ottoline's washstand all night, for she fears the dark.", "A rushlight gutters on a washstand in a lodging-house bedroom.", "Miss Cobley is put in the haunted wing when the house fills with guests."}},
			{"fear", "Because his brother had drowned in the mill-race, Jedediah Stallworthy would not let a child of his go within sight of the wheel, and he himself went the long way round by the church to avoid it.", "drowned in the mill-race",
				[3]string{"Stallworthy keeps his children away from the mill-race where his brother drowned.", "Children play on the bank of a mill-race.", "Mr. Stallworthy's youngest boy begs leave to fish with the miller's lads."}},
			{"fear", `"Thunder I don't mind, nor mice, nor the French," said Jerusha Gorst. "But show me a wasp and I'll be under the table before it lands."`, "show me a wasp",
				[3]string{"Jerusha hides under the table when a wasp lands on the jam.", "A wasp circles a tea table in the garden.", "Miss Gorst is asked to help with the bee-skeps at the rectory."}},
			{"cannot", "It was well known in the regiment that Leopold Chubb could not whistle; he had tried for thirty years, and all that came out was a damp hiss that set the dogs barking.", "all that came out was a damp hiss",
				[3]string{"Chubb tries to whistle, and only a damp hiss comes out.", "A man purses his lips to call a dog and makes only a hiss.", "Captain Chubb must signal to the sentries across the valley without a lamp."}},
			{"cannot", "Sophy Brackenbury's spelling was the despair of three governesses: she could not spell her own surname the same way twice, and her letters home were signed with whichever version came first.", "could not spell her own surname",
				[3]string{"Sophy misspells her own surname in a letter home.", "A young lady signs a letter with her name spelt three ways.", "Miss Brackenbury is to be married, and the banns must be written out for the clerk."}},
			{"cannot", `The apothecary's note was blunt: "Mr. Awdry is to have no wine. His head cannot bear even a single glass, and the last time he took claret he woke in the pond."`, "cannot bear even a single glass",
				[3]string{"Awdry drinks a single glass of wine and wakes up in the pond.", "The apothecary forbids a patient any claret.", "Wilmot Awdry is toasted at his birthday dinner."}},
			{"hidden", "Tamar Quintrell kept a key nobody knew of. It lay inside the clock case on the back stair, tied beneath the pendulum, and it opened her late husband's writing desk.", "tied beneath the pendulum",
				[3]string{"Tamar reaches into the clock case for the key under the pendulum.", "A clock on the back stair stops when something catches its pendulum.", "Mrs. Quintrell's stepson demands to see his father's papers."}},
			{"hidden", `"Where does the old man keep his money?" the nephew asked. The housekeeper shrugged, but she knew: Ebenezer Mabey rolled his banknotes into the hollow bedpost at the foot of his bed, and unscrewed the brass knob every night to count them.`, "hollow bedpost",
				[3]string{"Mabey unscrews the brass knob of the bedpost and counts his banknotes.", "A brass knob comes loose from a bedpost, and paper spills out.", "Ebenezer Mabey is dying, and his heirs gather in the parlour downstairs."}},
			{"hidden", "Beneath the third flagstone from the hearth in Dulcibella Vosper's kitchen, wrapped in oilcloth, lay the pistol her son had carried at Waterloo.", "third flagstone from the hearth",
				[3]string{"Dulcibella lifts the third flagstone by the hearth and unwraps the oilcloth.", "A pistol wrapped in oilcloth is found under a kitchen floor.", "Mrs. Vosper is questioned by the constable after a shot is heard in the lane."}},
			{"secret", "Through the study door the maid heard Barzillai Hesketh say it plainly to his attorney: the boy he was raising as his nephew was his own son, born in Naples to an opera singer.", "born in Naples to an opera singer",
				[3]string{"Hesketh admits the boy he calls his nephew was born in Naples to a singer.", "An opera singer from Naples writes asking after her child.", "Mr. Hesketh's heir comes of age and asks about his parents."}},
			{"secret", "It was Perdita Lockyer, and not her brother, who wrote the sermons that filled the church every Sunday; he read them from the pulpit, and she sat in the front pew mouthing every word.", "who wrote the sermons",
				[3]string{"Perdita mouths every word of the sermon her brother reads from the pulpit.", "A woman in the front pew moves her lips along with the preacher.", "Miss Lockyer hears the bishop praise the parson's preaching."}},
			{"secret", "Ignatius Fairbrother had never been to sea. The tales of his voyages, the Spice Islands, the typhoon, the mutiny, were got out of books in the Bodleian.", "got out of books in the Bodleian",
				[3]string{"Fairbrother's sea voyages, the typhoon and the mutiny, come out of books.", "An old man describes a typhoon off the Spice Islands.", "Captain Fairbrother is invited to address the Naval Club."}},
			{"place", "The guides at the inn were agreed on one thing: a traveller may climb to Montanvert in the morning, but he must be down again by three, because after noon the stones come loose above the path and fall without warning.", "after noon the stones come loose above the path",
				[3]string{"Loose stones fall above the path to Montanvert in the afternoon.", "Stones rattle down onto a mountain path and a mule shies.", "A party sets out from Geneva to see the glacier at Montanvert."}},
			{"place", `"You'll want to know three things about Cotterstock Fen," said the carrier. "The eels are the fattest in the county, the inn waters its ale, and the causeway goes under a foot of water every spring tide, so mind the almanac."`, "causeway goes under a foot of water",
				[3]string{"The causeway at Cotterstock goes under water at the spring tide.", "A carrier's cart stands axle-deep in water on a causeway.", "A doctor rides to Cotterstock Fen at night to attend a birth."}},
			{"object", "The Ashcombe weathercock, gilded and shaped like a salmon, had not turned since the old king's jubilee: a sexton's boy had wedged it with a nail, and ever since it had pointed steadily east whatever the wind did.", "wedged it with a nail",
				[3]string{"A boy climbs up to pull the wedged nail from the Ashcombe weathercock so it can turn again.", "A gilded salmon on a church steeple points east in a west wind.", "The Ashcombe weathercock is lowered from the spire for repairs after a storm."}},
			{"object", "Nine women of the parish stitched the Tollemache quilt in the winter of the great frost, and each sewed her own name into one of its squares in red thread.", "name into one of its squares",
				[3]string{"Nine names are stitched in red thread into the squares of the Tollemache quilt.", "A patchwork coverlet with women's names in red thread is spread on a bed.", "The Tollemache quilt is carried to the bishop's palace as a wedding gift."}},
		},
		recurring: []string{"Clementina", "Marchbanks", "Beaufort", "Miss Hollowell", "Kilvington", "Dawson", "Sabina", "Mr. Scantlebury", "Louisa",
			"Ottoline", "Stallworthy", "Jerusha", "Chubb", "Sophy", "Mr. Awdry", "Tamar", "Mabey", "Mrs. Vosper", "Hesketh",
			"Perdita", "Fairbrother", "Montanvert", "Cotterstock Fen", "the Ashcombe weathercock", "the Tollemache quilt"},
		chars: rbBlind9Cast(),
		locs:  rbBlind9Places(),
	}
}

// rbBlind9Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind9Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c190", "Clementina Kitto", []string{"Clementina", "Miss Kitto"}, "poor relation", "A lively young woman from Falmouth who goes from one relation's house to the next.",
			[]string{"restless", "charming"}, "Paints fans.", "Has no fortune of her own."),
		c("c191", "Jocelyn Marchbanks", []string{"Jocelyn", "Mr. Marchbanks"}, "half-pay officer", "A genial half-pay officer of the marines who plays whist every evening at the Crown.",
			[]string{"genial", "easy-going"}, "Served in the West Indies.", "Lodges over the saddler's shop."),
		c("c192", "Beaufort", []string{"Mr. Beaufort"}, "merchant", "A proud merchant of Geneva who keeps his counting-house on the lake front.",
			[]string{"proud", "exact"}, "Has one daughter.", "Trades in silks from Lyons."),
		c("c193", "Cressida Hollowell", []string{"Cressida", "Miss Hollowell"}, "returning heiress", "A young heiress lately home from a convent school at Lille.",
			[]string{"shy", "romantic"}, "Speaks French better than English.", "Her guardian is a banker in the City."),
		c("c194", "Osbert Kilvington", []string{"Osbert", "Mr. Kilvington"}, "squire", "A red-faced sporting squire who keeps a large kennel and a small library.",
			[]string{"hearty", "hot-tempered"}, "Master of the local hunt.", "A widower with two sons."),
		c("c195", "Dawson", nil, "lady's maid", "An elderly lady's maid who has served her mistress for many years.",
			[]string{"stiff", "loyal"}, "Travels on the barouche-box.", "Never marries."),
		c("c196", "Sabina Tremlett", []string{"Sabina", "Mrs. Tremlett"}, "farmer's widow", "A broad, cheerful widow who farms three hundred acres on her own account.",
			[]string{"generous", "loud"}, "Keeps the best dairy in the valley.", "Has buried two husbands."),
		c("c197", "Osmund Scantlebury", []string{"Osmund", "Mr. Scantlebury"}, "banker", "A stout country banker who cannot swim and will not learn.",
			[]string{"pompous", "grateful"}, "Owns the bank in the market square.", "Has no children of his own."),
		c("c198", "Louisa", nil, "fashionable sister", "A fashionable married woman who lives with her brother for most of the year.",
			[]string{"elegant", "idle"}, "Plays the pianoforte.", "Married to a man who cares for nothing but his dinner."),
		c("c199", "Ottoline Cobley", []string{"Ottoline", "Miss Cobley"}, "lodger", "A nervous spinster of forty who lodges with the curate's family.",
			[]string{"nervous", "kind"}, "Reads novels in secret.", "Knits for the poor."),
		c("c200", "Jedediah Stallworthy", []string{"Jedediah", "Mr. Stallworthy"}, "miller's son", "A grave, heavy man who inherited the mill and lets it to a tenant.",
			[]string{"grave", "protective"}, "Has four children.", "Sings bass in the church choir."),
		c("c201", "Jerusha Gorst", []string{"Jerusha", "Miss Gorst"}, "innkeeper's daughter", "A stout, fearless girl who keeps the accounts of her father's inn.",
			[]string{"bold", "quick"}, "Can drive a four-in-hand.", "Engaged to a drover."),
		c("c202", "Leopold Chubb", []string{"Leopold", "Captain Chubb"}, "officer", "A round-faced captain of foot, cheerful and much liked by his men.",
			[]string{"cheerful", "brave"}, "Was wounded at Talavera.", "Plays the flute badly."),
		c("c203", "Sophy Brackenbury", []string{"Sophy", "Miss Brackenbury"}, "young lady", "A good-natured, untidy girl of nineteen, the youngest of seven.",
			[]string{"good-natured", "untidy"}, "Rides well.", "Loves dancing."),
		c("c204", "Wilmot Awdry", []string{"Wilmot", "Mr. Awdry"}, "gentleman farmer", "A mild gentleman farmer with a delicate constitution and a strong-minded wife.",
			[]string{"mild", "sociable"}, "Grows prize turnips.", "Sits on the bench."),
		c("c205", "Tamar Quintrell", []string{"Tamar", "Mrs. Quintrell"}, "widow", "A handsome widow who keeps house for her stepson and does not trust him.",
			[]string{"guarded", "handsome"}, "Her husband died last Michaelmas.", "Rides to church in a pony chaise."),
		c("c206", "Ebenezer Mabey", []string{"Ebenezer", "Mr. Mabey"}, "retired tanner", "A wizened old tanner who lives in two rooms of a large house.",
			[]string{"miserly", "sly"}, "Trusts no bank.", "Has a nephew in the law."),
		c("c207", "Dulcibella Vosper", []string{"Dulcibella", "Mrs. Vosper"}, "cottager", "A silent old woman who keeps bees behind her cottage at the end of the lane.",
			[]string{"silent", "stubborn"}, "Her husband was a gamekeeper.", "Her only son died in the wars."),
		c("c208", "Barzillai Hesketh", []string{"Barzillai", "Mr. Hesketh"}, "landowner", "A rich, melancholy bachelor who travelled in Italy as a young man.",
			[]string{"melancholy", "generous"}, "Collects Italian paintings.", "Is raising a boy he calls his nephew."),
		c("c209", "Perdita Lockyer", []string{"Perdita", "Miss Lockyer"}, "parson's sister", "The plain, clever sister of a country parson, who keeps his house and his accounts.",
			[]string{"clever", "modest"}, "Reads Hebrew.", "Teaches at the Sunday school."),
		c("c210", "Ignatius Fairbrother", []string{"Ignatius", "Captain Fairbrother"}, "retired seaman", "A weather-beaten old gentleman who calls himself a captain and tells stories at every dinner.",
			[]string{"boastful", "entertaining"}, "Wears a blue coat with brass buttons.", "Lives in lodgings in Oxford."),
	}
}

// rbBlind9Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind9Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l80", "Montanvert", nil, "mountain", "A mountain above the valley of Chamounix, with a view over the sea of ice.", "A hut for travellers stands near the top."),
		l("l81", "Cotterstock Fen", []string{"Cotterstock"}, "fen", "Flat wet country of dykes and willows, crossed by a single causeway.", "Famous for its eels."),
		l("l82", "The Ashcombe weathercock", []string{"the Ashcombe weathercock"}, "weathercock", "A gilded weathercock on the church spire at Ashcombe.", "Can be seen from the turnpike."),
		l("l83", "The Tollemache quilt", []string{"the Tollemache quilt"}, "quilt", "A large patchwork quilt kept in a chest at the manor.", "Brought out only for christenings."),
	}
}
