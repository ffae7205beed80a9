package writer

import "github.com/storyd/storyd/project"

// The seventh blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes7" for the session's final measurement,
// without reading recall/, index/, docs/RECALL.md, any helper's notes, the
// eighth set or the misses of the other sets: 25 facts and their 75
// probes, with people, places, objects and facts found in no other set. It
// is blind: nothing in recall/ or index/ was changed with it in view, and
// once its misses are used to change the ranking it is no longer a blind
// measure and a new set is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind7 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists (trait, possession,
// promise, fear, cannot, hidden object, secret, place, object), three of
// each and two places and two objects, in shapes a novelist uses without
// thinking of them: a fact told by another character (a cousin's warning,
// a footman's whisper, a nurse's gossip, a porter's "common knowledge", what
// the children of the house knew), a document (a bailiff's inventory, the
// end of a letter), a denial before the fact ("It was not the dark ... nor
// the cold, but ..."), a fear shown only by what it makes a person do (a
// physician's orders), a locative inversion ("Beneath the dovecote's brick
// floor ... Marmaduke Eveleigh buried ..."), a concession ("was shabby, but
// on its mantel stood ..."), a comparison ("no more able to ... than to
// fly"), a passive with its agent last, a parenthesis between dashes, "Only
// X knew that", a place met as a modifier ("The shallows off Belrive") and
// an object called a liar. Several facts do not sound durable (pudding
// without sugar, a cat in the room, a sundial's error, paper in a coach's
// windows), as many facts a later scene needs do not. Four owners are
// people of the corpus and one its place (Mrs. Annesley, Mrs. Younge,
// M. Waldman, Mrs. Saville, Belrive), named by no other set.
func rbBlind7() rbSet {
	return rbSet{
		name: "blind7",
		facts: []rbFact{
			{"trait", "Barnabas Whitlock counted everything: the stairs to his chamber, the panes of every window, the buttons on a stranger's coat, and if he lost the count he began again from the bottom step.", "began again from the bottom step",
				[3]string{"Whitlock loses count of the stairs and goes back down to start again from the bottom step.", "A guest halts on the staircase, lips moving, counting each pane and each button under his breath.", "Mr. Whitlock is shown up a hundred winding treads to the belfry by a sexton who chatters the whole way."}},
			{"trait", "Mrs. Annesley took no sugar, no salt and no butter, holding all three to be the ruin of the nerves, and whoever dined with her learned to keep the cruet out of sight.", "the ruin of the nerves",
				[3]string{"Mrs. Annesley refuses the salt and the butter at dinner, for the sake of her nerves.", "A lady at table pushes away the sugar bowl and asks for the cruet to be taken out of her sight.", "Mrs. Annesley is served a rich plum pudding at the Christmas feast and the hostess waits for her verdict."}},
			{"trait", `"Never trust Hepzibah with anything you want kept," her cousin warned the new maid, "for she opens every letter that comes into the house and seals it again with a hot knife."`, "seals it again with a hot knife",
				[3]string{"The new maid catches Hepzibah sealing her aunt's letter again with a hot knife.", "Someone in the house steams open the post and closes it up with a heated blade.", "Hepzibah Dunnage is alone in the hall when the postman brings her aunt's correspondence."}},
			{"possession", "Mrs. Younge's lodging-house was shabby, but on its mantel stood a French clock of gilt bronze with a shepherdess who curtsied on the hour, the gift, she hinted, of a marquis.", "shepherdess who curtsied on the hour",
				[3]string{"Mrs. Younge winds the French clock on her mantel and watches the bronze shepherdess curtsy at noon.", "A gilt clock with a little figure that bobs when the hour strikes is carried into a pawnshop.", "Mrs. Younge must raise twenty pounds by Monday and looks round her rooms for something to sell."}},
			{"possession", "The bailiff's inventory of Erasmus Stanway's effects ran to a single page: a feather bed, four rush chairs, a fowling piece, and an ostrich egg painted with a chart of the Cape.", "ostrich egg painted with a chart of the Cape",
				[3]string{"Stanway's ostrich egg, with its painted chart of the Cape, is sold at the auction.", "A painted ostrich egg sits on the auctioneer's table.", "The auctioneer's men carry out Erasmus Stanway's belongings, and the most curious lot draws a crowd."}},
			{"possession", "Petronella Osgathorpe wore on her smallest finger a mourning ring of plaited hair set in jet, cut from her brother's head the day the sea gave him back.", "mourning ring of plaited hair set in jet",
				[3]string{"Petronella twists the mourning ring of her brother's hair on her finger.", "A little ring of plaited hair set in jet is picked up from the floor of the chapel.", "Miss Osgathorpe loses the keepsake she has had on her hand since the shipwreck."}},
			{"promise", `Obed Fothergill's last letter to his daughter ended: "Marry whom you please, and the rosewood pianoforte goes with you; that I swear."`, "the rosewood pianoforte goes with you",
				[3]string{"Fothergill's daughter marries, and the rosewood pianoforte goes to her new home as her father swore in his letter.", "A rosewood pianoforte is hoisted onto a cart outside the church after a wedding.", "Mr. Fothergill's girl weds the curate against her aunt's wishes."}},
			{"promise", "It was common knowledge in the faculty, the porter said, that M. Waldman had pledged his whole library to the university on his death, to the fury of his nephew.", "pledged his whole library to the university",
				[3]string{"Waldman's nephew contests the pledge of the whole library to the university.", "The university's porters come to carry away a dead scholar's books, crate by crate.", "M. Waldman falls gravely ill, and a young relation begins reckoning up the worth of his shelves."}},
			{"promise", "The reward was guaranteed by Josiah Pounceby himself: ten guineas to whoever found his brother's spaniel, alive or dead.", "ten guineas to whoever found his brother's spaniel",
				[3]string{"A farm lad brings in the spaniel and claims Pounceby's ten guineas.", "A brown spaniel limps into the stable yard with a torn ear.", "A gipsy boy turns up at Mr. Pounceby's door with a muddy dog on a string."}},
			{"fear", "It was not the dark that Seraphina Grimthorpe dreaded, nor the cold, but the owls; one had screamed at her window the night her mother died, and since then she slept with the shutters barred and a candle lit.", "nor the cold, but the owls",
				[3]string{"Seraphina bars the shutters and lights a candle against the owls screaming at her window.", "An owl screams outside a bedroom and the young woman inside hides her face in the pillow.", "Miss Grimthorpe must stay till morning in a lonely farmhouse at the edge of a great wood."}},
			{"fear", "Mrs. Saville had left instructions with her physician that, should she seem to die, a vein must be opened before she was buried; she had read too many tales of coffins found scratched inside.", "a vein must be opened before she was buried",
				[3]string{"Mrs. Saville's physician opens a vein before she is buried, as she instructed.", "A doctor is asked to open a vein in a corpse before the coffin lid is nailed down.", "Mrs. Saville falls into a deathlike swoon and is laid out by her maid."}},
			{"fear", "The children of the house knew that Ranulph Mardle, who had fought at Talavera, would leave the room if a cat came into it, and they used the cat shamelessly to be rid of him.", "would leave the room if a cat came into it",
				[3]string{"Mardle leaves the room when the children carry in the cat.", "A child brings a cat into the parlour to drive out a tiresome visitor.", "Ranulph Mardle takes lodgings with an old spinster who keeps a dozen tabbies."}},
			{"cannot", "Humphrey Lusk was no more able to tell one tune from another than to fly; the King's anthem and a jig were the same noise to him.", "were the same noise to him",
				[3]string{"Lusk hears a jig and the King's anthem and cannot say which tune is which.", "A man stands for a jig, thinking the band is playing the anthem.", "Mr. Lusk is to award the prize for the best ballad sung at the fair."}},
			{"cannot", "Tryphena Hargest, who had kept the Bell eleven years, never knew a customer by his face; she knew them by their boots, and a man who changed his boots was a stranger to her.", "she knew them by their boots",
				[3]string{"Tryphena fails to know a regular customer by his face, for he has changed his boots.", "A landlady peers at a traveller's feet before she will say whether she has seen him before.", "Tryphena Hargest is asked by the constable to pick out, from a line of men, the thief who robbed her till."}},
			{"cannot", "Euphemia Cobbold had a nose like a pointer's and no palate at all: she could smell a chimney fire three streets away, but had tasted nothing since the fever.", "had tasted nothing since the fever",
				[3]string{"Euphemia tastes nothing of the dinner, not since the fever.", "A woman whose tongue was dulled by a fever is offered a spoonful of soup to try.", "Mrs. Cobbold is asked to judge the jams at the village show."}},
			{"hidden", "Beneath the dovecote's brick floor, where only the pigeons went, Marmaduke Eveleigh buried a tin box of sovereigns.", "dovecote's brick floor",
				[3]string{"Eveleigh digs under the dovecote floor for his tin of sovereigns.", "Pigeons scatter as someone prises up the bricks of the dovecote.", "Marmaduke Eveleigh's creditors are promised payment in gold by Friday."}},
			{"hidden", "The map was in Lucius Carbery's hat, stitched up inside the crown of the beaver, and the hat never left his head, even at table.", "stitched up inside the crown of the beaver",
				[3]string{"Carbery unpicks the crown of his beaver hat and takes out the map.", "A beaver hat is knocked off in a scuffle and something papery shows inside its crown.", "Lucius Carbery must lead the smugglers to the cove without the chart being found on him."}},
			{"hidden", "The key to the wine cellar was kept, the footman whispered, not on Sir Gervase Hollin's ring with the others but in the jaws of the stuffed otter over the library door.", "in the jaws of the stuffed otter",
				[3]string{"Sir Gervase takes the cellar key from the jaws of the stuffed otter.", "A housemaid dusting the stuffed otter above a door feels something hard between its teeth.", "Sir Gervase Hollin's guests demand more claret after the butler says the bottles have run out."}},
			{"secret", "Nobody must ever know — Damaris Tetley had settled this years ago — that at sixteen she had been married over the anvil at Gretna to a drummer of the Buffs, who was killed within the year.", "married over the anvil at Gretna",
				[3]string{"It comes out that at sixteen Damaris was married at Gretna to a drummer of the Buffs.", "A faded paper from a blacksmith's shop at Gretna names a drummer and his girl bride.", "Miss Tetley's new suitor, a clergyman, asks whether she has ever been engaged."}},
			{"secret", `Old Nurse Pettigrew said, with a glance at the door, "Master Gamaliel Ingpen has a wife living yet, shut away in an asylum at Hoxton, and him courting again."`, "shut away in an asylum at Hoxton",
				[3]string{"Ingpen's wife is found living in the Hoxton asylum while he courts again.", "A madwoman at Hoxton asks the visitors for news of her husband.", "Gamaliel Ingpen proposes to the vicar's daughter and the banns are read."}},
			{"secret", "Only the sexton, Enoch Blackaby, knew that the vault beneath the chancel was empty; the Lady Alice whose tomb the pilgrims came to kiss had never been brought home from France.", "had never been brought home from France",
				[3]string{"Blackaby knows the vault beneath the chancel is empty and the Lady Alice never came home.", "Pilgrims kneel to kiss the tomb of the Lady Alice.", "Enoch Blackaby is ordered by the bishop to unseal the crypt for the heiress's funeral."}},
			{"place", "The shallows off Belrive hid a Roman road, and on still October mornings a boatman could see its paving stones under the water.", "see its paving stones under the water",
				[3]string{"At Belrive the boatman points out the paving stones of the Roman road beneath the water.", "Paving stones of an old Roman road are glimpsed on the bed of a lake.", "The children are taken out in a skiff from Belrive on a windless day in autumn."}},
			{"place", "Nobody bathed at Crowle Sands after the fisherman's boy was lost; the quicksand there, people said, would swallow a horse and rider between two tides.", "would swallow a horse and rider",
				[3]string{"At Crowle Sands a horse and rider sink into the quicksand.", "A horse and its rider are sucked down on the shore as the tide comes in.", "The dragoons gallop across Crowle Sands in pursuit of a deserter."}},
			{"object", "The Amberley sundial was a liar: a mason who could not read a compass had set it up facing west, and it ran three hours slow.", "ran three hours slow",
				[3]string{"Travellers trust the Amberley sundial and arrive three hours late, for the mason set it facing west.", "A stone dial put up by an ignorant mason misleads the whole village about the hour.", "The Amberley sundial is used to time the race at the summer fete."}},
			{"object", "The Ellerby coach had no glass left in its windows after the riots, so the family rode to church behind oiled paper.", "behind oiled paper",
				[3]string{"The family ride to church in the Ellerby coach, its windows covered with oiled paper.", "A carriage with oiled paper in its windows rattles into the inn yard.", "The Ellerby coach is sent out in a hailstorm to fetch the bride."}},
		},
		recurring: []string{"Whitlock", "Mrs. Annesley", "Hepzibah", "Mrs. Younge", "Stanway", "Petronella", "Mr. Fothergill", "M. Waldman", "Pounceby",
			"Seraphina", "Mrs. Saville", "Mardle", "Lusk", "Tryphena", "Mrs. Cobbold", "Eveleigh", "Carbery", "Sir Gervase", "Miss Tetley",
			"Ingpen", "Blackaby", "Belrive", "Crowle Sands", "the Amberley sundial", "the Ellerby coach"},
		chars: rbBlind7Cast(),
		locs:  rbBlind7Places(),
	}
}

// rbBlind7Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind7Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c150", "Barnabas Whitlock", []string{"Whitlock", "Mr. Whitlock"}, "land surveyor", "A precise, bony surveyor who has mapped half the parishes of the county.",
			[]string{"exact", "restless"}, "Carries a chain and a theodolite.", "Unmarried at forty."),
		c("c151", "Mrs. Annesley", []string{"Annesley"}, "companion", "A genteel, agreeable widow engaged as companion to a young heiress in London.",
			[]string{"agreeable", "careful"}, "Lives in the heiress's household.", "Accompanies her charge everywhere."),
		c("c152", "Hepzibah Dunnage", []string{"Hepzibah", "Miss Dunnage"}, "poor relation", "A poor cousin taken in by a wealthy aunt, who runs errands and hears everything.",
			[]string{"sly", "nervous"}, "Has no money of her own.", "Sleeps in the attic."),
		c("c153", "Mrs. Younge", []string{"Younge"}, "lodging-house keeper", "A former governess, dismissed from a good family, who now lets rooms in London.",
			[]string{"plausible", "mercenary"}, "Knows a great many people.", "Was once trusted with a young lady's education."),
		c("c154", "Erasmus Stanway", []string{"Erasmus", "Mr. Stanway"}, "retired purser", "A retired naval purser living on half-pay in a cottage above the harbour.",
			[]string{"frugal", "watchful"}, "Served twenty years at sea.", "In debt to the chandler."),
		c("c155", "Petronella Osgathorpe", []string{"Petronella", "Miss Osgathorpe"}, "fisherman's daughter", "A tall, silent fisherman's daughter who mends nets on the harbour wall.",
			[]string{"grave", "faithful"}, "Her mother sells fish in the market.", "Walks the cliff every evening."),
		c("c156", "Obed Fothergill", []string{"Obed", "Mr. Fothergill"}, "mill owner", "A self-made mill owner of the north, blunt and rich, who dies early in the story.",
			[]string{"blunt", "indulgent"}, "Built the mill with his own hands.", "Has one daughter."),
		c("c157", "M. Waldman", []string{"Waldman"}, "professor", "A professor of chemistry at a German university, mild and benevolent, whose lectures draw every student.",
			[]string{"benevolent", "learned"}, "Lectures on modern chemistry.", "Encourages young men of promise."),
		c("c158", "Josiah Pounceby", []string{"Josiah", "Mr. Pounceby"}, "corn merchant", "A fussy corn merchant with a loud voice and a large house on the market square.",
			[]string{"fussy", "loud"}, "Sits on the parish vestry.", "Quarrels with the miller."),
		c("c159", "Seraphina Grimthorpe", []string{"Seraphina", "Miss Grimthorpe"}, "orphan", "A pale young woman brought up by an uncle in a house far from any village.",
			[]string{"solitary", "proud"}, "Her uncle is a recluse.", "Plays the harp."),
		c("c160", "Mrs. Saville", []string{"Saville"}, "explorer's sister", "A married Englishwoman to whom her brother writes long letters from his voyage.",
			[]string{"affectionate", "sensible"}, "Has a husband and children.", "Waits anxiously for news of her brother."),
		c("c161", "Ranulph Mardle", []string{"Ranulph", "Mardle"}, "retired major", "A retired major of foot with one arm, who lives with his married sister's family.",
			[]string{"gruff", "brave"}, "Lost his arm in Spain.", "Reads the Gazette aloud at breakfast."),
		c("c162", "Humphrey Lusk", []string{"Humphrey", "Mr. Lusk"}, "justice of the peace", "A heavy, good-natured justice of the peace who likes his dinner and his dogs.",
			[]string{"genial", "slow"}, "Hunts twice a week.", "Owns the manor farm."),
		c("c163", "Tryphena Hargest", []string{"Tryphena", "Miss Hargest"}, "innkeeper's widow", "A handsome widow who keeps the Bell, shrewd and quick-tempered.",
			[]string{"shrewd", "proud"}, "Runs the inn alone.", "Brews her own ale."),
		c("c164", "Euphemia Cobbold", []string{"Euphemia", "Mrs. Cobbold"}, "cook-housekeeper", "A stout cook-housekeeper to a bachelor parson, famous for her sauces.",
			[]string{"bustling", "vain"}, "Has served the parson twelve years.", "Wins prizes for her preserves."),
		c("c165", "Marmaduke Eveleigh", []string{"Marmaduke", "Eveleigh"}, "gentleman farmer", "A gentleman farmer who distrusts banks and lawyers alike.",
			[]string{"suspicious", "stubborn"}, "Lost money when the county bank failed.", "Rides to market every Thursday."),
		c("c166", "Lucius Carbery", []string{"Lucius", "Carbery"}, "adventurer", "A handsome adventurer lately returned from the Indies with a tale of buried treasure.",
			[]string{"bold", "charming"}, "Owes money in three ports.", "Talks of a Spanish galleon."),
		c("c167", "Sir Gervase Hollin", []string{"Sir Gervase", "Hollin"}, "baronet", "An old baronet, fond of fishing and hard drinking, master of a tumbledown hall.",
			[]string{"hospitable", "careless"}, "Keeps open house at Christmas.", "His servants rob him."),
		c("c168", "Damaris Tetley", []string{"Damaris", "Miss Tetley"}, "heiress", "A proud heiress of an old name and a small fortune, who lives in the family's manor with one maid.",
			[]string{"proud", "guarded"}, "Her mother died when she was twelve.", "Refused a baronet."),
		c("c169", "Gamaliel Ingpen", []string{"Gamaliel", "Ingpen"}, "widower", "A prosperous wine merchant who calls himself a widower and is courting again.",
			[]string{"smooth", "plausible"}, "Came to the town five years ago.", "Gives generously to the church."),
		c("c170", "Enoch Blackaby", []string{"Enoch", "Blackaby"}, "sexton", "The old sexton of a pilgrimage church, who digs the graves and rings the bell.",
			[]string{"taciturn", "loyal"}, "Has kept the church forty years.", "Lives in the lych-gate cottage."),
	}
}

// rbBlind7Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind7Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l60", "Belrive", nil, "country house", "A family's country house on the shore of a lake, with a garden running down to the water.", "The family spends the summer there."),
		l("l61", "Crowle Sands", nil, "beach", "A wide, flat beach of pale sand below low cliffs, with a ruined chapel on the point.", "Gulls nest on the cliffs."),
		l("l62", "The Amberley sundial", []string{"the Amberley sundial"}, "sundial", "A stone sundial on a pillar in the middle of Amberley green, its gnomon green with age.", "Set up in the old king's reign."),
		l("l63", "The Ellerby coach", []string{"the Ellerby coach"}, "coach", "The Ellerby family's old travelling coach, yellow with a coat of arms on the doors.", "Drawn by two greys."),
	}
}
