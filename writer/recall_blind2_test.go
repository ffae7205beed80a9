package writer

import "github.com/storyd/storyd/project"

// The second blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes" without reading recall/ or index/, the
// recall helper's notes, or anything tuned since the held-out set: nineteen
// facts and their 57 probes, worded as a planner writes beats, to measure
// how recall generalises to a book it was never tuned on. The recall work
// must not read or run it; once its misses are used to change the ranking,
// it is no longer blind, and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind2 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no word with the fact beyond the entity's name, and a careful
// reader of the book could answer each of them from the planted sentence.
// Unlike the other sets, most owners are new to the book (their own sheets,
// with facts of their own that are not the planted one), and the facts vary
// how they are said: in dialogue, with "He"/"She"/"Its" after a sentence
// naming the owner, and asked for with synonyms and derived forms.
func rbBlind2() rbSet {
	return rbSet{
		name: "blind2",
		facts: []rbFact{
			{"possession", "Cecily Vane wore her late father's watch on a black ribbon at her throat, a gold hunter with a cracked crystal, stopped for ever at twenty past four.", "gold hunter with a cracked crystal",
				[3]string{"Cecily takes out her father's gold watch and finds the crystal has cracked right across.", "A stopped watch on a black ribbon, its hands at twenty past four, is found in the shrubbery.", "Cecily must pawn the one heirloom she owns to pay for her passage."}},
			{"fear", `"You will not get me into that boat," Dr. Hale told the boatman. "I have been afraid of deep water since my brother drowned off Marrow Point."`, "afraid of deep water",
				[3]string{"Dr. Hale, fearful of the deep water, has to be rowed out to a patient on the lightship.", "An old fisherman tells of the young man who drowned off Marrow Point.", "A child is dying on the island and Dr. Hale is the only doctor; the ferry leaves at noon."}},
			{"promise", "Ned Tolliver said little about the war. He had given his word to Sergeant Cole's widow that he would carry her husband's medal home to her in Cornwall.", "carry her husband's medal home to her in Cornwall",
				[3]string{"Tolliver keeps his promise to the sergeant's widow and sets out for Cornwall with the medal.", "A widow in Cornwall still waits for her dead husband's medal.", "Ned is offered good wages to stay on through the winter and give up the journey he has been saving for."}},
			{"cannot", "For all her rank, Lady Margaret Orme could not write; she signed with a cross and had her steward read her letters aloud to her.", "she signed with a cross",
				[3]string{"Lady Orme is asked to sign the lease, and everyone watches to see how she writes.", "A steward reads his mistress's letters aloud to her every morning.", "Lady Margaret is sent a private note that no one in her household may see."}},
			{"trait", "The new vicar was Septimus Crane. He never forgot a face, and could name a man he had met once at a fair twenty years before.", "He never forgot a face",
				[3]string{"Mr. Crane knows at once the face of a man he met at a fair twenty years ago.", "Someone who never forgets a face is seated beside the stranger at dinner.", "Septimus Crane shakes hands with a traveller who claims to be a stranger to the county."}},
			{"hidden", "Rosalind Fenn had sewn her aunt's emeralds into the hem of her grey travelling cloak.", "emeralds into the hem",
				[3]string{"Rosalind unpicks the hem of her grey cloak to take out the emeralds.", "A grey travelling cloak hangs heavier than it should on the hook by the door.", "Miss Fenn's trunks are searched by the customs men at Dover, and she is asked to turn out her pockets."}},
			{"secret", `"Nobody here knows it," Dunmore said, low. "I was the ship's cook on the Arethusa, and I took my captain's name when he died of the fever."`, "took my captain's name when he died",
				[3]string{"Dunmore's false name and his years as a ship's cook are exposed.", "A sailor from the Arethusa swears the real captain died of fever at sea.", "An Admiralty clerk arrives asking to see Captain Dunmore's naval papers."}},
			{"place", "Blackwater Mill had not ground corn in forty years. The quarry company kept its blasting powder there, and no one was allowed past the gate with a naked flame.", "kept its blasting powder there",
				[3]string{"The quarrymen fetch blasting powder from Blackwater Mill.", "A boy carries a lit candle through the gate of the old powder store.", "Children are caught playing with matches at Blackwater Mill."}},
			{"place", "Greyfriars Abbey was a roofless ruin by then. Its crypt had served the parish as a bone house for three centuries, the skulls stacked to the vaulting.", "the skulls stacked to the vaulting",
				[3]string{"At Greyfriars they go down into the crypt among the stacked skulls.", "A torch goes down into an old bone house beneath a ruin.", "The village boys dare one another to spend a night at Greyfriars Abbey."}},
			{"object", "The portrait at the head of the great stair at Rosings was not of Lady Catherine's mother, as visitors supposed, but of Sir Lewis's first wife, whom the family never named.", "Sir Lewis's first wife",
				[3]string{"At Rosings a guest asks whose portrait hangs at the head of the great stair.", "Someone at last says the name of the first wife in the portrait.", "Mr. Collins shows the Bennet sisters around Rosings and cannot say who one painting is of."}},
			{"fear", "Hugo Lessing laughed at most dangers. Small closed rooms were another matter: he would sooner walk all night than sleep in a room without a window.", "sleep in a room without a window",
				[3]string{"Hugo is given a windowless room at the inn and cannot sleep.", "A guest refuses every room in the house that has no window.", "The smugglers lock Lessing in the cellar until morning."}},
			{"cannot", "Skeat, the coachman, could not tell red from green, and had kept it from his masters for thirty years.", "could not tell red from green",
				[3]string{"Skeat mistakes the red lamp for a green one at the turnpike.", "A coachman who cannot tell one colour from another drives past the warning lamp.", "Skeat is sent to pick only the ripe strawberries for the mistress's table."}},
			{"place", "Under Meryton's market hall ran a tunnel to the old gaol, bricked up at both ends, which only the sexton knew how to open.", "tunnel to the old gaol",
				[3]string{"The sexton opens the bricked-up tunnel beneath the market hall.", "Workmen mending the floor of a market hall break into a passage below.", "A prisoner vanishes from Meryton in the night, and nobody saw him cross the square."}},
			{"secret", "Miss Vane said nothing at the christening. She alone knew that the boy she taught was her own son, and not the squire's.", "the boy she taught was her own son",
				[3]string{"Cecily hides from the squire that the pupil she teaches is her own son.", "The boy in the schoolroom is told that the squire is not his father.", "Miss Vane is dismissed and told to leave the house by morning without seeing anyone."}},
			{"promise", `"I give you my word," Mr. Quill told the dying farmer, "your daughter shall have Ebbing Cross, whatever your nephew says."`, "your daughter shall have Ebbing Cross",
				[3]string{"Quill must decide whether to keep his word about Ebbing Cross now that the nephew has come.", "The nephew lays claim to the farm at Ebbing Cross.", "Mr. Quill is offered a handsome fee to settle a late client's estate on the wrong heir."}},
			{"trait", "Mrs. Kettle talked in her sleep, and told the dark whatever she had seen that day.", "talked in her sleep",
				[3]string{"Mrs. Kettle talks in her sleep again, and what she saw is overheard.", "A voice through the wall at night mutters the day's secrets in its sleep.", "Prudence Kettle watches the master bury a box in the orchard, and that night she shares a room with the new maid."}},
			{"possession", "Tamsin Rook's dearest possession was a spyglass taken from a French privateer, its barrel wrapped in sharkskin.", "barrel wrapped in sharkskin",
				[3]string{"Tamsin trains the French privateer's spyglass on the bay.", "A sharkskin-covered telescope is offered for sale at the harbour.", "Tamsin watches for the excise cutter from the cliff top at first light."}},
			{"place", "The Lantern Inn was a coaching house on the Exeter road, and its landlord sold the names of his guests to the highwaymen.", "sold the names of his guests to the highwaymen",
				[3]string{"At the Lantern Inn the landlord sells a guest's name to the highwaymen.", "A landlord is paid in the dark yard for the names in his guest book.", "The Bennets break their journey for the night at the Lantern Inn, carrying Mrs. Bennet's jewels."}},
			{"hidden", `"The keepers will never find it," Greer boasted. He had pushed the gun up inside the hollow oak on Carnock Moor, the one the lightning had split.`, "inside the hollow oak on Carnock Moor",
				[3]string{"Greer goes back to the lightning-split oak on the moor for his gun.", "A gamekeeper finds something wedged up inside a hollow tree on the moor.", "Greer is taken by the constable, who demands to know where his weapon is."}},
		},
		recurring: []string{"Cecily Vane", "Dr. Hale", "Ned Tolliver", "Lady Orme", "Mr. Crane", "Rosalind Fenn", "Captain Dunmore",
			"Blackwater Mill", "Greyfriars", "Rosings", "Hugo Lessing", "Skeat", "Meryton", "Mrs. Kettle", "Mr. Quill", "Tamsin", "the Lantern Inn", "Greer"},
		chars: rbBlind2Cast(),
		locs:  rbBlind2Places(),
	}
}

// rbBlind2Cast are the set's new people, each with a sheet of facts that
// are not the planted one.
func rbBlind2Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c13", "Cecily Vane", []string{"Cecily", "Miss Vane"}, "governess", "A governess of twenty-eight at the squire's house, composed, poor, and careful of every word.",
			[]string{"reserved", "devoted to her pupil"}, "Came to the squire's house seven years ago.", "Teaches French and the pianoforte."),
		c("c14", "Ambrose Hale", []string{"Dr. Hale", "Hale"}, "physician", "The only physician within ten miles; a widower who works too hard and drinks a little.",
			[]string{"kind", "stubborn"}, "Trained in Edinburgh.", "Attends the poor without fee."),
		c("c15", "Ned Tolliver", []string{"Ned", "Tolliver"}, "groom", "A groom at Netherfield who came back from the Peninsula with a limp.",
			[]string{"loyal", "quiet"}, "Served with the 52nd Foot.", "Best hand with a difficult horse in the county."),
		c("c16", "Margaret Orme", []string{"Lady Orme", "Lady Margaret"}, "dowager", "The dowager of Orme Court, old, rich, and feared by her relations.",
			[]string{"imperious", "shrewd"}, "Widow of Sir Thomas Orme.", "Has not left Orme Court in ten years."),
		c("c17", "Septimus Crane", []string{"Mr. Crane", "Crane"}, "vicar", "The vicar of the parish since the spring, a tall man with a dry manner.",
			[]string{"patient", "observant"}, "Came from a parish in Yorkshire.", "Keeps bees behind the vicarage."),
		c("c18", "Rosalind Fenn", []string{"Rosalind", "Miss Fenn"}, "cousin", "Lady Orme's niece, lively and in debt, who means to go abroad.",
			[]string{"charming", "reckless"}, "Lady Orme's niece.", "Plans to sail for Calais."),
		c("c19", "Silas Dunmore", []string{"Dunmore", "Captain Dunmore"}, "retired sea captain", "A weathered man who took the house on the cliff and tells long stories of the sea.",
			[]string{"genial", "evasive"}, "Says he served in the West Indies.", "Pays his bills in gold."),
		c("c20", "Hugo Lessing", []string{"Hugo", "Lessing", "Mr. Lessing"}, "merchant", "A silk merchant of Geneva, Victor's father's friend, travelling in England on business.",
			[]string{"cheerful", "brave"}, "Buys silk at Lyons.", "Speaks four languages."),
		c("c21", "Bartholomew Skeat", []string{"Skeat"}, "coachman", "The Longbourn coachman, older than the carriage he drives.",
			[]string{"proud", "taciturn"}, "Has driven for the Bennets since before the daughters were born."),
		c("c22", "Walter Quill", []string{"Quill", "Mr. Quill"}, "attorney", "An attorney of Meryton, precise and underpaid.",
			[]string{"honest", "timid"}, "Draws up the wills of half the county.", "Mr. Philips's partner."),
		c("c23", "Prudence Kettle", []string{"Mrs. Kettle", "Prudence"}, "housekeeper", "The Netherfield housekeeper, stout and sharp-eyed.",
			[]string{"watchful", "garrulous"}, "Has kept house at Netherfield for three tenants."),
		c("c24", "Tamsin Rook", []string{"Tamsin"}, "fisher girl", "A fisherman's daughter of seventeen from the coast below Wexcombe.",
			[]string{"fearless", "sharp"}, "Rows her father's boat alone.", "Knows every cove on the coast."),
		c("c25", "Absalom Greer", []string{"Greer"}, "poacher", "A poacher and sometime labourer who lives in a hut at the edge of the moor.",
			[]string{"sly", "good-humoured"}, "Twice fined by the magistrate.", "Sells rabbits at Meryton market."),
	}
}

// rbBlind2Places are the set's new places.
func rbBlind2Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l12", "Blackwater Mill", nil, "mill", "A stone mill on the Blackwater, a mile below the village.", "The wheel has rotted away."),
		l("l13", "Greyfriars Abbey", []string{"Greyfriars"}, "ruin", "The ruin of a Franciscan house on the hill above the church.", "Ivy covers the west front."),
		l("l14", "The Lantern Inn", []string{"the Lantern"}, "inn", "An inn at the crossroads, with stabling for forty horses.", "The mail coach changes horses there."),
	}
}
