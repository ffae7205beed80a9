package writer

import "github.com/storyd/storyd/project"

// The twelfth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes12", without reading recall/, index/,
// docs/RECALL.md, any helper's notes or the eleventh set: 25 facts and their
// 75 probes, with people, places, objects and facts found in no other set.
// It is blind: nothing in recall/ or index/ was changed with it in view, and
// once its misses are used to change the ranking it is no longer a blind
// measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind12 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists, three of each and
// two places and two objects, planted as a novelist would plant them: a
// clerk's sigh, a stable boy pointing, an old woman rapping her stick at the
// vestry, a sister excusing her brother, a dying man's whisper, a carter's
// account of an old law, what the shepherds say; a subordinate clause first
// ("Whatever the season, ...", "When old Venning died, ..."), a relative
// clause holding the fact ("which had been built for a bishop ..."), facts
// over two sentences, one after a pronoun ("Crowds she could not abide"),
// passives ("It was noticed by the other masons ...", "had been slid by
// ..."), negations ("had not come from ...", "had not been out with the
// boats"), possessives, lists ("in the carriage, at the card table, ...";
// "the silver, the carriage, her mother's pearls") and a long sentence
// whose fact comes last. One owner is a person of the corpus and one its
// place (Daniel Nugent, Plainpalais, both from Frankenstein), whose names
// the corpus repeats.
func rbBlind12() rbSet {
	return rbSet{
		name: "blind12",
		facts: []rbFact{
			{"trait", `"Ask Mr. Pendarves the time of day," said his clerk, with the sigh of a man who had tried, "and he will ask you why you want to know. In nine years I have never had a plain answer out of him."`, "ask you why you want to know",
				[3]string{"Pendarves is asked the time of day and only asks why the clerk wants to know.", "A gentleman asked the hour answers with a question of his own.", "Mr. Pendarves is cross-examined by counsel at the assizes."}},
			{"trait", "Tacy Ambler's needles were never still. She knitted in the carriage, at the card table, between the courses at dinner and once, the parish swore, beside her own father's grave, and half the village went about in her stockings.", "between the courses at dinner",
				[3]string{"At a grand dinner Tacy takes out her needles and knits while the courses are changed.", "A lady knits beside her father's grave while the parson reads.", "Miss Ambler waits three hours in a lawyer's office."}},
			{"trait", "Whatever the season, Roderick Haskett bathed in the river before breakfast, and in January he would break the ice with his heel and wade in while the village boys cheered from the bank.", "break the ice with his heel",
				[3]string{"Haskett wades into the river for his bath before breakfast, ice and all.", "A man stamps a hole in the ice at the river's edge and wades in.", "Mr. Haskett is a guest at a country house during a hard frost."}},
			{"possession", "Susannah Pilbeam had sold nearly everything when the bank failed: the silver, the carriage, her mother's pearls. The one thing she would not part with was a harpsichord with a view of Vesuvius in eruption painted inside its lid.", "Vesuvius in eruption painted inside its lid",
				[3]string{"Susannah plays her harpsichord, with Vesuvius painted inside the lid.", "Someone lifts the lid of an instrument and finds a volcano painted there.", "Mrs. Pilbeam must move into two small rooms over a shop."}},
			{"possession", `"That's Mr. Quayle's bird," said the stable boy, pointing at the hooded falcon on the gatepost. "A peregrine, took from the nest on Beachy Head, and she'll come to no fist but his."`, "she'll come to no fist but his",
				[3]string{"Quayle's hooded peregrine leaves the gatepost for his fist.", "A hooded falcon sits on a gatepost by the stables.", "Barnard Quayle rides out hunting on the downs with the squire."}},
			{"possession", "The old coach, which had been built for a bishop of Durham and still bore his mitre on its doors, came to Hortensia Lumley with the house, and she had the mitre freshly gilded every spring.", "still bore his mitre on its doors",
				[3]string{"Hortensia drives out in the bishop's coach with the gilded mitre on its doors.", "A coach with a gold mitre painted on the panels draws up at the inn.", "Mrs. Lumley sets out to visit her married daughter in York."}},
			{"promise", "Leander Copplestone had made his mother one promise on the quay at Plymouth, the morning his ship sailed. He would never fight a duel, whatever the insult, and would walk away from any man who called him out.", "never fight a duel",
				[3]string{"Copplestone is called out and walks away, keeping his promise not to fight.", "A young officer turns his back on a challenge and leaves the room.", "Mr. Copplestone is struck across the face by a captain at a ball."}},
			{"promise", `"Mark me, all of you," said Constance Harbottle to the vestry, rapping her stick on the floor. "When my nephew comes of age I shall make over to him the mill, the water meadows and the ferry, and I shall not change my mind."`, "make over to him the mill, the water meadows and the ferry",
				[3]string{"Constance's nephew comes of age and she makes over the mill and the ferry.", "A young man of twenty-one is handed the deeds to a mill and a ferry.", "Miss Harbottle quarrels bitterly with her heir over his debts."}},
			{"promise", "When old Venning died, Lorimer Gosse gave the widow his word that the board over the shop would read Gosse and Venning as long as he kept it, though Venning's share had been sold to pay for the funeral.", "would read Gosse and Venning",
				[3]string{"Gosse keeps Venning's name on the board over the shop, as he gave the widow his word.", "A signwriter is told to leave a dead partner's name over a shop door.", "Mr. Gosse is urged by his banker to rename his firm to attract custom."}},
			{"fear", "Bridget Tallentire would not go to the masquerade, nor to any place where faces were hidden; a man in a mask had stopped her mother's coach on Hounslow Heath when she was six, and she still woke screaming at the memory of him.", "a man in a mask had stopped her mother's coach",
				[3]string{"Bridget screams at a man in a mask, remembering her mother's coach.", "A masked rider stops a coach on Hounslow Heath, and a child screams inside.", "Miss Tallentire is invited to a fancy-dress ball at the Assembly Rooms."}},
			{"fear", "It was noticed by the other masons that Digory Polwhele never climbed above the first lift of the scaffold; heights turned him grey and sick, and once on the church tower he had clung to a ladder for an hour before they could talk him down.", "clung to a ladder for an hour",
				[3]string{"Polwhele freezes on the scaffold, grey and sick at the height.", "A mason grips a ladder high on a church tower and will not move.", "Digory is sent to mend the weathervane on top of the steeple."}},
			{"fear", "Wenna Treloar came to the farm at Michaelmas, a quiet girl who worked as hard as two. Crowds she could not abide, for she had been trampled at a hiring fair as a child, and the press of a market day sent her home white and shaking.", "trampled at a hiring fair",
				[3]string{"Wenna shakes in the crowd at the hiring fair.", "A girl is knocked down and trodden on in the crush of a fair.", "Miss Treloar is taken to London to see the coronation procession."}},
			{"cannot", "Ferdinand Aske had left his left leg at Salamanca, and though he went to every ball in the county he could dance no longer; he sat by the wall with his wooden leg stretched out and watched the sets.", "left his left leg at Salamanca",
				[3]string{"Aske watches the dancing from the wall, his wooden leg stretched out.", "A veteran with a wooden leg sits out every set at the assembly.", "Captain Aske is begged to partner the squire's niece in a reel."}},
			{"cannot", "Gertrude Mossop kept the best table in the county and could not boil an egg: everything that came out of her kitchen was the work of a French cook whom she had lured away from a duke.", "could not boil an egg",
				[3]string{"Gertrude tries to boil an egg in her own kitchen.", "The mistress of a house famous for its dinners burns the breakfast.", "Mrs. Mossop's servants all give notice on the same morning."}},
			{"cannot", `"You must not mind Mr. Catchpole cutting you in the street," said his sister. "He can't see a yard beyond his nose without his spectacles, and he is too vain to wear them. He once proposed to the wrong Miss Dacre at Bath."`, "see a yard beyond his nose",
				[3]string{"Catchpole cannot see beyond his nose without his spectacles at Bath.", "A short-sighted gentleman proposes to the wrong sister at a ball.", "Mr. Catchpole is challenged to a pistol match at twenty paces."}},
			{"hidden", "Lucretia Upcott trusted no bank. She kept her savings in the straw skep at the bottom of the orchard, reasoning that no thief alive would put his hand in among the bees.", "put his hand in among the bees",
				[3]string{"Lucretia reaches into the straw skep in the orchard for her savings.", "A thief is stung reaching into a beehive at the end of an orchard.", "Mrs. Upcott needs forty pounds at once for a surgeon."}},
			{"hidden", "The second will, the one that mattered, had been slid by Mordecai Inchbald into a hollow leg of the billiard table, and the baize tacked back over the hole so neatly that nobody would ever think to look.", "hollow leg of the billiard table",
				[3]string{"Inchbald pulls the second will out of the billiard table's leg.", "A footman moving a billiard table hears paper rustle inside one leg.", "Mr. Inchbald's nephews ransack his house for papers after the funeral."}},
			{"hidden", `"The gold? It's at the bottom of the old well, in a stone jar, on a chain hooked under the coping," Philemon Rudge whispered, and made his daughter swear on the Book that she would tell no one.`, "on a chain hooked under the coping",
				[3]string{"Rudge's daughter draws up the stone jar of gold from the bottom of the old well.", "A stone jar on a chain is hauled up out of a disused well.", "After Rudge dies, the bailiffs search his cottage for anything of value."}},
			{"secret", "Rowena Gilpin's fortune had not come from an uncle in the Indies, as she let the county suppose; she had won it in a single night at a faro table in Paris, dressed as a man.", "won it in a single night at a faro table",
				[3]string{"Rowena admits her fortune was won in one night at faro in Paris.", "A young man at a Paris gaming table turns out to be a woman.", "Miss Gilpin's suitor's mother makes inquiries into her means."}},
			{"secret", "Daniel Nugent had not been out with the boats on the night the brig struck, whatever he swore afterwards; he had stood on the headland with a lantern, helping the wreckers lure her onto the rocks.", "helping the wreckers lure her onto the rocks",
				[3]string{"Daniel confesses he held the lantern on the headland for the wreckers.", "A lantern swings on a headland, and a brig turns towards the shore.", "Daniel Nugent is called to give evidence about a ship lost off the coast."}},
			{"secret", "Jessamy Tallis sat under the rector every Sunday beside her aunt, but she was a Catholic still, and on the first Friday of each month a priest came to her by the garden door and said Mass in her dressing-room.", "said Mass in her dressing-room",
				[3]string{"A priest comes by the garden door to say Mass for Jessamy on the first Friday.", "A man in black slips through a garden door at dawn.", "Miss Tallis is courted by a zealous Protestant clergyman."}},
			{"place", "It was an old law at Plainpalais, the carter told them, that no man might be arrested for debt on the common between sunrise and sunset, so that the debtors of Geneva walked there all day and went home only after dark.", "arrested for debt on the common",
				[3]string{"Debtors walk on the common at Plainpalais all day, safe from arrest until dark.", "A man who owes money paces a common until sunset, out of the bailiffs' reach.", "A bankrupt merchant flees to Plainpalais with the constables behind him."}},
			{"place", "The echo in Gannerdale, the shepherds say, gives back every shout seven times, and a man who calls his own name there hears it answered last of all in a stranger's voice.", "answered last of all in a stranger's voice",
				[3]string{"A shepherd calls his name in Gannerdale and the echo answers in a stranger's voice.", "A shout among the fells comes back seven times.", "Two lost travellers cry for help in Gannerdale at nightfall."}},
			{"object", "The Kelloway tapestry showed the siege of Acre, and the Flemish weavers, who had never been paid, gave one of the Saracens the face of the steward who had cheated them.", "face of the steward who had cheated them",
				[3]string{"Visitors to the Kelloway tapestry point out the Saracen with the steward's face.", "A woven Saracen on an old hanging wears the face of a real man.", "The Kelloway tapestry is shown to the new agent of the estate."}},
			{"object", "On the Brackley globe, made for a king who never paid for it, California was drawn as an island, and the maker had signed his name in the middle of the Pacific.", "California was drawn as an island",
				[3]string{"A scholar finds California drawn as an island on the Brackley globe.", "A boy spins an old painted sphere of the world and finds California an island.", "The Brackley globe is shown to a party of American sea captains."}},
		},
		recurring: []string{"Mr. Pendarves", "Tacy", "Haskett", "Mrs. Pilbeam", "Quayle", "Hortensia", "Copplestone", "Miss Harbottle", "Gosse",
			"Bridget", "Digory", "Wenna", "Captain Aske", "Mrs. Mossop", "Mr. Catchpole", "Lucretia", "Inchbald", "Rudge", "Rowena",
			"Daniel Nugent", "Miss Tallis", "Plainpalais", "Gannerdale", "the Kelloway tapestry", "the Brackley globe"},
		chars: rbBlind12Cast(),
		locs:  rbBlind12Places(),
	}
}

// rbBlind12Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind12Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c280", "Osric Pendarves", []string{"Osric", "Mr. Pendarves"}, "attorney", "A dry, sallow attorney with chambers over the corn exchange.",
			[]string{"guarded", "dry"}, "Takes snuff after every meal.", "Has never married."),
		c("c281", "Tacy Ambler", []string{"Tacy", "Miss Ambler"}, "spinster", "A brisk, plain-spoken spinster who lives with her brother the curate.",
			[]string{"busy", "plain-spoken"}, "Visits the poor of the parish on Tuesdays.", "Reads sermons aloud to her brother."),
		c("c282", "Roderick Haskett", []string{"Roderick", "Mr. Haskett"}, "squire", "A red-faced, broad-chested squire of forty with a booming voice.",
			[]string{"hearty", "stubborn"}, "Keeps a pack of harriers.", "Quarrels with the rector over tithes."),
		c("c283", "Susannah Pilbeam", []string{"Susannah", "Mrs. Pilbeam"}, "banker's widow", "A slender, proud widow whose husband's bank failed the year he died.",
			[]string{"proud", "reserved"}, "Gives French lessons to the attorney's daughters.", "Has a son in the navy."),
		c("c284", "Barnard Quayle", []string{"Barnard", "Mr. Quayle", "Quayle"}, "gentleman farmer", "A lean, silent gentleman farmer with a weathered face and a Sussex voice.",
			[]string{"silent", "patient"}, "Rents the hill farm from the earl.", "Walks the downs at dawn."),
		c("c285", "Hortensia Lumley", []string{"Hortensia", "Mrs. Lumley"}, "widow", "A stately widow of sixty who inherited an old house from a cousin.",
			[]string{"stately", "showy"}, "Gives a ball every Twelfth Night.", "Has three married daughters."),
		c("c286", "Leander Copplestone", []string{"Leander", "Mr. Copplestone"}, "naval lieutenant", "A slight, grave young lieutenant home from the West Indies.",
			[]string{"grave", "loyal"}, "Served in a frigate off Jamaica.", "Writes to his mother every week."),
		c("c287", "Constance Harbottle", []string{"Constance", "Miss Harbottle"}, "heiress", "A sharp old lady who owns half the land along the river.",
			[]string{"sharp", "imperious"}, "Walks with an ebony stick.", "Sits in the front pew."),
		c("c288", "Lorimer Gosse", []string{"Lorimer", "Mr. Gosse"}, "bookseller", "A stooping, mild bookseller with ink on his cuffs.",
			[]string{"mild", "honest"}, "Lends books to the schoolmaster.", "Lives above his shop in the high street."),
		c("c289", "Bridget Tallentire", []string{"Bridget", "Miss Tallentire"}, "ward", "A pale, clever girl of nineteen brought up by her uncle in Richmond.",
			[]string{"clever", "nervous"}, "Paints in watercolours.", "Corresponds with a school friend in Bath."),
		c("c290", "Digory Polwhele", []string{"Digory", "Polwhele"}, "mason", "A stocky Cornish mason with a slow smile and great square hands.",
			[]string{"steady", "shy"}, "Carves headstones in the winter.", "Sings bass in the chapel."),
		c("c291", "Wenna Treloar", []string{"Wenna", "Miss Treloar"}, "dairymaid", "A quiet, dark-haired girl from the far west who works at the home farm.",
			[]string{"quiet", "hard-working"}, "Sends her wages to her mother.", "Has four younger brothers."),
		c("c292", "Ferdinand Aske", []string{"Ferdinand", "Captain Aske"}, "half-pay officer", "A cheerful, battered captain of foot living on half-pay.",
			[]string{"cheerful", "gallant"}, "Lodges with his married sister.", "Plays whist every evening."),
		c("c293", "Gertrude Mossop", []string{"Gertrude", "Mrs. Mossop"}, "hostess", "A stout, ambitious hostess whose dinners are the talk of the county.",
			[]string{"ambitious", "generous"}, "Her husband made his money in sugar.", "Invites the bishop twice a year."),
		c("c294", "Jerome Catchpole", []string{"Jerome", "Mr. Catchpole"}, "gentleman", "A handsome, conceited gentleman of thirty with a good estate.",
			[]string{"vain", "good-natured"}, "Keeps a curricle.", "Has a sister who keeps his house."),
		c("c295", "Lucretia Upcott", []string{"Lucretia", "Mrs. Upcott"}, "farmer's widow", "A weather-beaten widow who farms forty acres alone.",
			[]string{"thrifty", "shrewd"}, "Sells eggs and butter at market.", "Walks to church in pattens."),
		c("c296", "Mordecai Inchbald", []string{"Mordecai", "Mr. Inchbald"}, "old gentleman", "A crabbed old gentleman with two idle nephews and a large house.",
			[]string{"crabbed", "secretive"}, "Reads the Gentleman's Magazine.", "Changes his lawyer every year."),
		c("c297", "Philemon Rudge", []string{"Philemon", "Rudge"}, "miser", "A gaunt old man who lives in a tumbledown cottage with his only daughter.",
			[]string{"miserly", "suspicious"}, "Wears the same coat winter and summer.", "Was once a drover."),
		c("c298", "Rowena Gilpin", []string{"Rowena", "Miss Gilpin"}, "heiress", "A tall, cool young woman of fortune lately settled in the county.",
			[]string{"cool", "daring"}, "Rides to hounds.", "Keeps a pair of greys."),
		c("c299", "Jessamy Tallis", []string{"Jessamy", "Miss Tallis"}, "niece", "A gentle, pious girl who keeps house for her widowed aunt.",
			[]string{"gentle", "pious"}, "Embroiders altar cloths.", "Rises before dawn."),
		c("c300", "Daniel Nugent", []string{"Daniel", "Nugent"}, "fisherman", "A fisherman of a small Irish harbour town, married into a fishing family.",
			[]string{"taciturn", "strong"}, "Mends nets on the shingle.", "Drinks at the harbour inn."),
	}
}

// rbBlind12Places are the set's places and objects: new ones and one of
// the corpus.
func rbBlind12Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l110", "Plainpalais", nil, "common", "A wide common outside the walls of Geneva, used for walks and reviews.", "Lies between the city and the Arve."),
		l("l111", "Gannerdale", nil, "valley", "A narrow sheep valley between high fells, with steep walls of rock.", "Its beck floods in spring."),
		l("l112", "The Kelloway tapestry", []string{"the Kelloway tapestry"}, "tapestry", "A great Flemish tapestry hanging in the long gallery at Kelloway.", "It has faded to browns and blues."),
		l("l113", "The Brackley globe", []string{"the Brackley globe"}, "globe", "A large terrestrial globe on a mahogany stand in the library at Brackley.", "It was made in Amsterdam."),
	}
}
