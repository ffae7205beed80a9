package writer

import "github.com/storyd/storyd/project"

// The eighth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes8", without reading recall/, index/,
// docs/RECALL.md, any helper's notes, the seventh set or the misses of the
// other sets: 25 facts and their 75 probes, with people, places, objects
// and facts found in no other set. It is blind: nothing in recall/ or
// index/ was changed with it in view, and once its misses are used to
// change the ranking it is no longer a blind measure and a new set is
// needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind8 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists (trait, possession,
// promise, fear, cannot, hidden object, secret, place, object), three of
// each and two places and two objects, planted as a novelist would plant
// them: what other people say of the owner (a porter, a landlady, a maid,
// an innkeeper, "any boy at the grammar school"), writing quoted in a scene
// (a will read aloud, a note pinned to a door, a sister's letter, an unsent
// confession, an auction catalogue), a question answered by someone else,
// the owner's own words with the tag before, between or after them, a
// negation ("Not once ..."), a concession ("Though ..."), a contrast
// between what everyone believed and what one woman saw, a thing revealed
// over two sentences ("Something was sewn into ... It was ..."), a passive
// with its agent last, lists, possessives, and a place or object met in a
// fronted phrase ("Of the Sallowby chessmen, ..."). Four owners are people
// of the corpus and one its place (M. Waldman, Mr. Robinson, Mrs. Annesley,
// Mrs. Younge, Belrive), whose names the corpus repeats.
func rbBlind8() rbSet {
	return rbSet{
		name: "blind8",
		facts: []rbFact{
			{"trait", "Ask any boy at the grammar school about Cyprian Tapscott, and he would tell you the same thing: the master counted everything aloud, the steps of a stair, the panes of a window, the peas on his plate, and began again from one if anybody spoke.", "counted everything aloud",
				[3]string{"Tapscott counts the stairs aloud and must start again from one when the boys interrupt him.", "Someone counts the peas on his plate under his breath, one by one.", "Mr. Tapscott must tally the church collection while the churchwardens chatter at his elbow."}},
			{"trait", "Not once in her life had Mehitabel Nankivell let a letter go unanswered the same day; she wrote her replies standing at the hall table, still in her bonnet, before the post-boy could ride on.", "let a letter go unanswered the same day",
				[3]string{"Mehitabel writes her reply at the hall table in her bonnet, so that no letter goes unanswered.", "A woman still in her bonnet scribbles at the hall table while the post-boy waits.", "Miss Nankivell receives a proposal of marriage by the morning's mail."}},
			{"trait", `"He is the gentlest man in Ingolstadt," the porter said of M. Waldman, "but he will not give a lecture without fresh violets on his desk, and in January he pays a fortune for them."`, "without fresh violets on his desk",
				[3]string{"Waldman refuses to lecture until fresh violets are set on his desk.", "A florist's boy runs through the snow with violets for a lecturer.", "M. Waldman arrives to speak to the students on a morning when every flower stall in the town is shut."}},
			{"possession", "The lawyer read the will through twice. To Damaris Quiney her godmother left the pianoforte, twenty pounds a year, and a tortoiseshell tea caddy with a lock shaped like a beehive.", "tea caddy with a lock shaped like a beehive",
				[3]string{"Damaris unlocks the tortoiseshell tea caddy her godmother left her.", "A tea caddy with a beehive lock turns up on a stall at the fair.", "Burglars break into Miss Quiney's lodging and carry off whatever they can sell."}},
			{"possession", "Josias Outhwaite never went anywhere without his spyglass. It had been made in Rotterdam, and its brass barrel was dented where a musket ball struck it at Camperdown.", "dented where a musket ball struck it",
				[3]string{"Outhwaite raises his spyglass, its brass barrel dented by a musket ball.", "A brass telescope made in Rotterdam is picked up on the shingle.", "Mr. Outhwaite watches a strange sail approach the harbour from the cliff top."}},
			{"possession", `"Whose is the grey mare with one white stocking?" the ostler asked. "Mr. Robinson's," said the boy. "Won the hunt cup three years running, and he'll not sell her for a hundred guineas."`, "grey mare with one white stocking",
				[3]string{"Mr. Robinson refuses a hundred guineas for his grey mare.", "A mare with a single white stocking is led out of the yard at dawn.", "Mr. Robinson needs to reach the physician in the next parish before nightfall."}},
			{"promise", `Pinned to the church door was a note in Gervase Zouch's hand: "I, the undersigned, will pay for a new bell for this tower out of my own purse, should my ship come safe into Bristol."`, "pay for a new bell for this tower",
				[3]string{"Zouch's ship comes safe into Bristol, and he must pay for the new bell.", "The bell-founder comes to measure the tower.", "News reaches Mr. Zouch that his merchantman has been sighted off Lundy, her cargo whole."}},
			{"promise", "When the doctor gave up hope for the baby, Aurelia Scattergood went down on her knees in the dairy, the maid said afterwards, and swore that if the child lived she would give the whole of her dowry to the foundling hospital.", "give the whole of her dowry to the foundling hospital",
				[3]string{"Aurelia hands her dowry to the foundling hospital, as she swore when the baby lived.", "The governors of the foundling hospital receive an unexpected gift.", "Miss Scattergood becomes engaged to a captain with no fortune."}},
			{"promise", "Mrs. Annesley had given her word to the curate's widow, and she meant to keep it: every Thursday, rain or shine, she would teach the little girl her scales and take no money for it.", "teach the little girl her scales",
				[3]string{"Mrs. Annesley teaches the widow's little girl her scales on Thursday.", "A little girl practises her scales at an old spinet on a Thursday afternoon.", "Mrs. Annesley is invited to spend a week with friends at the seaside."}},
			{"fear", "Hepzibah Nutcombe looked at the ferry and felt her stomach turn. Deep water she could bear; it was bridges she dreaded, any bridge at all, ever since the one at Stoke gave way beneath her father's cart.", "it was bridges she dreaded",
				[3]string{"Hepzibah dreads crossing the bridge, since one gave way beneath her father's cart.", "A bridge gives way beneath a carter at Stoke.", "Miss Nutcombe must take the new turnpike road, which crosses the river twice."}},
			{"fear", `The landlady lowered her voice. "Mr. Trounce won't go down into a cellar, sir, not for any money. He was shut in one as a boy for two days, and he's not been under the ground since."`, "won't go down into a cellar",
				[3]string{"Trounce refuses to go down into the cellar where he was shut as a boy.", "A boy is found shut in a cellar after two days.", "Phineas Trounce must fetch the wine from below stairs for the wedding supper."}},
			{"fear", "Though she had kept a lodging-house in Edward Street for eleven years, Mrs. Younge was still frightened of dogs, and a spaniel in the hall was enough to keep her on the doorstep.", "still frightened of dogs",
				[3]string{"Mrs. Younge stays on the doorstep because a spaniel is in the hall.", "A spaniel sprawls across the hall and a caller will not come past the doorstep.", "Mrs. Younge calls on a gentleman whose hounds sleep by every fire."}},
			{"cannot", `Ninian Ormerod laughed at himself. "Figures I can manage, and Latin, and a little Greek," he said, "but tie a knot? I've never tied one that held."`, "never tied one that held",
				[3]string{"Ormerod tries to tie a knot, and it never holds.", "A man who knows Latin and a little Greek fumbles with a rope.", "Mr. Ormerod must moor the rowing boat alone at the jetty in a rising wind."}},
			{"cannot", "At the seminary they had taught Rhoda Yeandle French, the globes and deportment, but nobody had thought to teach her to count money, and she paid whatever the shopkeepers asked.", "teach her to count money",
				[3]string{"Rhoda pays whatever the shopkeeper asks, unable to count the money.", "A young lady trained in French and the globes hands over a whole guinea for a ribbon.", "Miss Yeandle is sent alone to the market to buy the household's provisions."}},
			{"cannot", `Evander Shillito's sister wrote ahead to warn them: "He has been to Paris and to Rome, and still he cannot ride an hour in a closed carriage without being sick, so send the gig to meet him at the crossroads."`, "cannot ride an hour in a closed carriage",
				[3]string{"Shillito is sick within an hour in the closed carriage, as his sister warned.", "A gig waits at the crossroads for a traveller back from Paris and Rome.", "Mr. Shillito is offered a seat in the duchess's coach for the long journey north."}},
			{"hidden", "Something was sewn into the hem of Tryphena Rudd's grey cloak, and it rustled when she walked. It was her marriage lines, folded small, which she would show to no one in the village.", "her marriage lines, folded small",
				[3]string{"Tryphena unpicks the hem of her grey cloak to show her marriage lines.", "A grey cloak rustles oddly at the hem as its wearer walks.", "The vicar doubts that Mrs. Rudd was ever wed, and demands proof."}},
			{"hidden", "Under the floor of the dovecote, beneath a layer of straw and droppings, a purse of French gold had been buried by Wilfrid Rumbold in the year of the invasion scare.", "floor of the dovecote",
				[3]string{"Rumbold digs up the French gold from under the dovecote floor.", "Pigeons scatter as a man digs through the straw of the dovecote.", "Wilfrid Rumbold's bank fails, and his creditors want payment by Friday."}},
			{"hidden", `"The rector may search the vestry all he likes," said Benedicta Scudamore to her niece, "he'll not think to look inside the stuffed owl on the landing, and that is where the wedding ring stays."`, "inside the stuffed owl on the landing",
				[3]string{"Benedicta takes the wedding ring from inside the stuffed owl.", "The stuffed owl on the landing is knocked off its shelf by the maid.", "Miss Scudamore's sister-in-law accuses her of stealing a family heirloom."}},
			{"secret", "The letter was never sent. In it Erasmus Spragg confessed to his brother that the prize essay which made his name had been written, every word, by their dead tutor.", "written, every word, by their dead tutor",
				[3]string{"Spragg's brother learns the prize essay was written by their dead tutor.", "An old tutor's papers hold the first draft of a famous prize essay.", "Mr. Spragg is elected to the Royal Society for his scholarship."}},
			{"secret", "Everyone at the Hall believed the silver had been stolen by gypsies. Thomasina Royle, who had seen the butler carry it out to a waiting chaise at two in the morning, said nothing then and said nothing afterwards.", "seen the butler carry it out",
				[3]string{"Thomasina tells the magistrate she saw the butler carry out the silver.", "A butler loads a sack of plate into a chaise in the small hours.", "Miss Royle is taken aside by the new constable about the robbery."}},
			{"secret", `"You will say nothing to my intended," Orlando Quested begged the consul, "of the wife I left living in Lisbon."`, "the wife I left living in Lisbon",
				[3]string{"Quested's intended learns of the wife he left living in Lisbon.", "A woman from Lisbon arrives claiming to be a gentleman's lawful wife.", "Mr. Quested's banns are read in church for the third Sunday."}},
			{"place", `"On a Friday there's not a boat will put out from Belrive," the innkeeper told them, "for the whole village has kept Friday as a fast day since the ferry went down with nine souls."`, "not a boat will put out",
				[3]string{"At Belrive no boat will put out on a Friday, the village's fast day.", "A ferry goes down on the lake with nine souls aboard.", "The travellers reach Belrive late on Thursday night and must cross the lake at first light."}},
			{"place", "Quarrendon Sands looked firm enough from the dunes. At the turn of the tide, though, the flats below the old beacon became quicksand, and the parish had buried three cocklers there within living memory.", "flats below the old beacon became quicksand",
				[3]string{"The cocklers keep off the flats below the beacon at Quarrendon when the tide turns.", "A cockler's basket is found half sunk below the old beacon.", "A runaway horse bolts across Quarrendon Sands with a child on its back."}},
			{"object", `The auctioneer's catalogue described lot forty as the Tuckett sundial, "a bronze dial on a stone pillar, which tells the hour a full twenty minutes fast, the gnomon having been set by a Cornish mason."`, "tells the hour a full twenty minutes fast",
				[3]string{"The Tuckett sundial runs twenty minutes fast, its gnomon wrongly set.", "A bronze dial on a stone pillar casts its shadow across the lawn.", "The lovers agree to meet at noon by the Tuckett sundial, and each keeps time by it."}},
			{"object", "Of the Sallowby chessmen, thirty-one were walrus ivory; the thirty-second, the black king, had been lost at sea and replaced with a cork stopper painted black, which nobody had noticed in forty years.", "replaced with a cork stopper painted black",
				[3]string{"A guest lifts the black king of the Sallowby chessmen and finds it is only painted cork.", "Thirty-one pieces of walrus ivory are laid out on a table for a game.", "The Sallowby chessmen are brought out for a match between the vicar and the squire."}},
		},
		recurring: []string{"Mr. Tapscott", "Mehitabel", "Waldman", "Damaris", "Outhwaite", "Mr. Robinson", "Mr. Zouch", "Aurelia", "Mrs. Annesley",
			"Hepzibah", "Trounce", "Mrs. Younge", "Ormerod", "Miss Yeandle", "Evander", "Mrs. Rudd", "Rumbold", "Benedicta", "Spragg",
			"Thomasina", "Mr. Quested", "Belrive", "Quarrendon Sands", "the Tuckett sundial", "the Sallowby chessmen"},
		chars: rbBlind8Cast(),
		locs:  rbBlind8Places(),
	}
}

// rbBlind8Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind8Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c160", "Cyprian Tapscott", []string{"Tapscott", "Mr. Tapscott"}, "schoolmaster", "The second master of the grammar school, a bald little man in a snuff-coloured coat.",
			[]string{"precise", "nervous"}, "Lodges over the saddler's.", "Plays the flute badly."),
		c("c161", "Mehitabel Nankivell", []string{"Mehitabel", "Miss Nankivell"}, "spinster", "A brisk Cornish spinster of forty who manages her brother's house and half the parish.",
			[]string{"brisk", "dutiful"}, "Sings in the choir.", "Keeps hens."),
		c("c162", "M. Waldman", []string{"Waldman"}, "professor", "The professor of chemistry at Ingolstadt, a short, gentle man of about fifty whose lectures first turned Victor to his work.",
			[]string{"gentle", "learned"}, "Keeps a laboratory full of instruments.", "Speaks well of the modern chemists."),
		c("c163", "Damaris Quiney", []string{"Damaris", "Miss Quiney"}, "orphan", "A quiet orphan of twenty who lives with a cousin in Bath.",
			[]string{"shy", "musical"}, "Reads novels in secret.", "Her cousin is a clergyman."),
		c("c164", "Josias Outhwaite", []string{"Josias", "Mr. Outhwaite"}, "retired sailing master", "A weather-beaten old sailing master who lives in a cottage above the harbour.",
			[]string{"watchful", "taciturn"}, "Served under Admiral Duncan.", "Grows cabbages."),
		c("c165", "Mr. Robinson", []string{"Robinson"}, "neighbour", "A gentleman of the neighbourhood who goes to every assembly and asks everyone's opinion of everyone.",
			[]string{"sociable", "curious"}, "Never misses an assembly.", "Has a large family."),
		c("c166", "Gervase Zouch", []string{"Gervase", "Mr. Zouch"}, "merchant", "A stout merchant in the West India trade who has lately bought the manor.",
			[]string{"pious", "anxious"}, "Has one ship at sea.", "Sits on the vestry."),
		c("c167", "Aurelia Scattergood", []string{"Aurelia", "Miss Scattergood"}, "heiress", "The younger daughter of a rich ribbon manufacturer, tall and grave.",
			[]string{"devout", "impulsive"}, "Her sister married a doctor.", "Rides well."),
		c("c168", "Mrs. Annesley", []string{"Annesley"}, "companion", "A genteel, agreeable-looking woman who lives in London as companion to a young heiress.",
			[]string{"kind", "discreet"}, "Was once a governess.", "Has no children."),
		c("c169", "Hepzibah Nutcombe", []string{"Hepzibah", "Miss Nutcombe"}, "dairywoman", "A sturdy young woman who sells butter and eggs at the market.",
			[]string{"sturdy", "anxious"}, "Lives with her aunt.", "Courted by the blacksmith."),
		c("c170", "Phineas Trounce", []string{"Phineas", "Mr. Trounce"}, "bank clerk", "A lanky clerk at the county bank who lodges at the Swan.",
			[]string{"timid", "honest"}, "Writes a fair hand.", "Sings bass."),
		c("c171", "Mrs. Younge", []string{"Younge"}, "former governess", "A handsome woman, once a governess, who now lets rooms in London and is not to be trusted.",
			[]string{"sly", "mercenary"}, "Lost her place for misconduct.", "Owes money to her landlord."),
		c("c172", "Ninian Ormerod", []string{"Ninian", "Mr. Ormerod"}, "antiquary", "A young antiquary from Lancashire who measures barrows and copies inscriptions.",
			[]string{"clever", "clumsy"}, "Writes to the Society of Antiquaries.", "Short-sighted."),
		c("c173", "Rhoda Yeandle", []string{"Rhoda", "Miss Yeandle"}, "young lady", "A pretty, trusting girl of eighteen, newly home from Bath.",
			[]string{"trusting", "sweet"}, "Draws in watercolours.", "Her guardian is abroad."),
		c("c174", "Evander Shillito", []string{"Evander", "Mr. Shillito"}, "traveller", "A well-travelled bachelor who writes guide-books of the Continent.",
			[]string{"talkative", "delicate"}, "Has crossed the Alps twice.", "Collects engravings."),
		c("c175", "Tryphena Rudd", []string{"Tryphena", "Mrs. Rudd"}, "sailor's wife", "A young woman who came to the village alone, calling herself a sailor's wife.",
			[]string{"reserved", "proud"}, "Takes in washing.", "Her husband is said to be at sea."),
		c("c176", "Wilfrid Rumbold", []string{"Wilfrid", "Mr. Rumbold"}, "yeoman", "A close-fisted old farmer who keeps pigeons and breeds pointers.",
			[]string{"miserly", "suspicious"}, "Never married.", "Quarrels with the tithe-man."),
		c("c177", "Benedicta Scudamore", []string{"Benedicta", "Miss Scudamore"}, "spinster aunt", "An elderly spinster who keeps house for her widowed brother and dislikes his second wife.",
			[]string{"tart", "shrewd"}, "Breeds canaries.", "Reads sermons aloud on Sundays."),
		c("c178", "Erasmus Spragg", []string{"Erasmus", "Mr. Spragg"}, "scholar", "A fellow of a Cambridge college, much admired in London drawing rooms.",
			[]string{"vain", "charming"}, "Has one brother, a country parson.", "Dines with the bishop."),
		c("c179", "Thomasina Royle", []string{"Thomasina", "Miss Royle"}, "lady's maid", "The lady's maid at the Hall, plain and silent, who sleeps in the room over the kitchen.",
			[]string{"silent", "watchful"}, "Came from Norfolk.", "Is courted by the groom."),
		c("c180", "Orlando Quested", []string{"Orlando", "Mr. Quested"}, "wine shipper", "A handsome wine shipper lately home from Portugal.",
			[]string{"charming", "reckless"}, "Speaks Portuguese.", "Engaged to a widow of fortune."),
	}
}

// rbBlind8Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind8Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l70", "Belrive", nil, "promontory", "A wooded promontory on the lake below Geneva, with a village and a landing stage.", "Vines grow down to the water."),
		l("l71", "Quarrendon Sands", []string{"Quarrendon"}, "foreshore", "Wide sands below the dunes of a fishing parish on the east coast.", "The dunes are full of rabbits."),
		l("l72", "The Tuckett sundial", []string{"the Tuckett sundial"}, "sundial", "A sundial on the south lawn of the Tuckett house, much admired by visitors.", "Bears the motto Tempus fugit."),
		l("l73", "The Sallowby chessmen", []string{"the Sallowby chessmen"}, "chess set", "An old set of chessmen kept in a glass case at Sallowby.", "Brought from Norway."),
	}
}
