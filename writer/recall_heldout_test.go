package writer

// The held-out probe set of the recall benchmark (issue 17): ten facts and
// their thirty probes, written after the ranking and anchor changes they
// test and run once as written, so that what was tuned on rbFacts is
// measured on facts it never saw. Same three kinds, same rules: no plan
// quotes its fact; partial probes name part of a description without its
// owner; entity probes share no word with the fact beyond the entity's
// name.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set heldout -recall.scenes 30,300,1000
func rbHeldOut() rbSet {
	return rbSet{
		name: "heldout",
		facts: []rbFact{
			{"possession", "Agnes Ashby kept a pearl-handled pistol in her sewing basket, loaded, since the night of the burglary.", "pearl-handled pistol in her sewing basket",
				[3]string{"Mrs. Ashby reaches into her sewing basket for the pistol.", "A pearl-handled weapon is found among the needles and thread.", "Mrs. Ashby hears someone forcing the back door at midnight."}},
			{"fear", "Victor Frankenstein dreaded thunderstorms, which brought back the night he first saw the creature move.", "dreaded thunderstorms",
				[3]string{"Victor hides indoors as a thunderstorm gathers, dreading what it brings back.", "Lightning and thunder shake the windows all night.", "Victor must ride across the open moor while the sky darkens and the weather breaks."}},
			{"promise", "Jane Bennet had promised her aunt to burn every letter from London unread.", "burn every letter from London unread",
				[3]string{"Jane is tempted to open a letter from London despite her promise to burn them.", "A bundle of London letters lies unopened by the grate.", "Jane receives a thick envelope in a hand she knows well."}},
			{"hidden", "Jonah Pike had hidden the missing silver candlesticks inside the old clock case in the servants' hall.", "inside the old clock case",
				[3]string{"Pike checks that the candlesticks are still hidden in the clock case.", "The servants' hall clock stops, and someone opens its case.", "Pike learns that the house is to be searched for stolen plate."}},
			{"secret", "Elizabeth Bennet knew that Lydia had once been engaged to a curate in Brighton, and had told no one.", "engaged to a curate in Brighton",
				[3]string{"Elizabeth keeps Lydia's old engagement to the Brighton curate to herself.", "A clergyman arrives from Brighton asking after a young lady he once courted.", "Elizabeth is asked what she knows of her sister's past."}},
			{"cannot", "Colonel Brandt could not swim, and would not cross the river except by the bridge.", "could not swim",
				[3]string{"Brandt refuses to swim across the flooded river.", "A man who cannot swim is thrown from the ferry.", "Brandt's horse bolts into the millpond and he must go in after it."}},
			{"trait", "Hester Thorne always counted the stairs aloud when she was frightened.", "counted the stairs aloud",
				[3]string{"Hester, frightened, counts the stairs aloud on her way to the attic.", "Someone on the dark staircase is heard counting under her breath.", "Hester is sent alone into the cellar during the storm."}},
			{"place", "Behind Netherfield lay a walled garden where nothing would grow, for the well there had been poisoned in the old squire's time.", "the well there had been poisoned",
				[3]string{"At Netherfield the gardener refuses to draw water from the poisoned well.", "Nothing grows in the walled garden, and the children are told why.", "Mr. Bingley's guests at Netherfield ask for fresh water after their walk."}},
			{"place", "Pemberley's chapel was built over a spring that the villagers believed could cure fevers.", "spring that the villagers believed could cure fevers",
				[3]string{"Villagers come to Pemberley's chapel to drink from the spring for a fever.", "A sick child is carried to the holy spring under the chapel floor.", "Sickness spreads among the Pemberley tenants."}},
			{"possession", "Clerval wore a ring of black iron set with a tiny compass, a gift from his father.", "black iron set with a tiny compass",
				[3]string{"Clerval turns the iron compass ring his father gave him.", "The little compass in the black ring points the way out of the fog.", "Clerval is lost on the glacier and must find north."}},
		},
		recurring: []string{"Mrs. Ashby", "Victor", "Jane", "Pike", "Elizabeth", "Brandt", "Hester Thorne", "Netherfield", "Pemberley", "Clerval"},
	}
}
