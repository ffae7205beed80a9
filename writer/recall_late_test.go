package writer

// A late check of the recall benchmark (issue 17, third session): ten facts
// and their thirty probes, written after that session's changes and run
// once as written, so that what was developed on rbDev is measured on
// facts it never saw (docs/RECALL.md). Nothing was changed after its run.
// Same rules as the other sets: no plan quotes its fact; partial probes
// name part of a description without its owner; entity probes share no
// word with the fact beyond the entity's name.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set late -recall.scenes 30,300,1000
func rbLate() rbSet {
	return rbSet{
		name: "late",
		facts: []rbFact{
			{"possession", "Justine wore a cheap tin ring that Victor's mother had given her on her first day in the household.", "cheap tin ring",
				[3]string{"Justine twists the tin ring on her finger.", "A ring of cheap tin is found in the laundry.", "Justine is searched at the gate before leaving the house."}},
			{"fear", "Pike dreaded deep water, having watched his brother drown in the mill race.", "dreaded deep water",
				[3]string{"Pike must cross the deep water of the flooded ford.", "A boy drowned in the mill race is remembered at the inn.", "Pike is asked to row the guests across the lake."}},
			{"promise", "Wickham had promised Lydia's father to repay every shilling by Michaelmas.", "repay every shilling by Michaelmas",
				[3]string{"Wickham counts what he owes Lydia's father, with Michaelmas close.", "The quarter day of Michaelmas comes and a debt is still unpaid.", "Mr. Wickham is seen leaving the card tables with empty pockets."}},
			{"hidden", "Clerval had tucked his father's letters behind the loose lining of his travelling trunk.", "behind the loose lining of his travelling trunk",
				[3]string{"Clerval takes the letters out of the lining of his trunk.", "A porter notices the torn lining of a travelling trunk.", "Clerval's luggage is opened by customs officers at the border."}},
			{"secret", "Bingley alone knew that his sister had lost the family's fortune at cards.", "lost the family's fortune at cards",
				[3]string{"Bingley hides the truth about his sister's losses at cards.", "A fortune gambled away at cards is whispered about in town.", "Mr. Bingley is asked by his banker to explain the accounts."}},
			{"cannot", "Elizabeth could not sing a note in tune, whatever her mother hoped.", "could not sing a note in tune",
				[3]string{"Elizabeth is pressed to sing, though she cannot hold a tune.", "A young lady who sings out of tune is laughed at.", "Elizabeth is asked to perform at the pianoforte after supper."}},
			{"trait", "Victor always slept with the lamp lit, since the night in the laboratory.", "slept with the lamp lit",
				[3]string{"Victor will not let the servant put out his lamp before he sleeps.", "A lamp burns all night in a gentleman's bedroom.", "Victor shares a room at the inn with a stranger."}},
			{"place", "Rosings stood on the ruins of a priory whose crypt still lay under the east wing.", "crypt still lay under the east wing",
				[3]string{"At Rosings the servants find the old priory crypt under the east wing.", "Workmen break through the floor into a crypt.", "Lady Catherine orders repairs to the foundations of Rosings."}},
			{"place", "Longbourn's orchard held an old well that had been filled in after a child fell into it.", "filled in after a child fell",
				[3]string{"At Longbourn the children are warned away from the filled-in well in the orchard.", "An old well in an orchard is dug out again.", "The Longbourn gardeners are told to plant new trees."}},
			{"possession", "Hester rarely spoke of her travels. She carried a Turkish dagger in her muff.", "Turkish dagger in her muff",
				[3]string{"Hester draws the Turkish dagger from her muff.", "A curved dagger from the East is found in a lady's muff.", "Miss Thorne is stopped by a highwayman on the moor."}},
		},
		recurring: []string{"Justine", "Pike", "Wickham", "Clerval", "Bingley", "Elizabeth", "Victor", "Rosings", "Longbourn", "Hester Thorne"},
	}
}
