package writer

// The development probe set of the recall benchmark (issue 17, third
// session): thirteen facts and their thirty-nine probes, written before
// this session's changes and used while making them, so its "after"
// figures are not blind (docs/RECALL.md). It leans on the kinds of miss
// the earlier sets showed: facts stated with "He"/"She" or with verbs the
// anchor patterns did not know ("had", "held", "knew the"), derived and
// compound words ("bookcase"/"books", "strongroom"/"strong room",
// "lighthouse"/"light", "darkness"/"dark"), and plans in common words.
// Same rules as the other sets: no plan quotes its fact; partial probes
// name part of a description without its owner; entity probes share no
// word with the fact beyond the entity's name.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set dev -recall.scenes 30,300,1000
func rbDev() rbSet {
	return rbSet{
		name: "dev",
		facts: []rbFact{
			{"possession", "Victor rarely spoke of his childhood. He kept a lock of his mother's hair in a silver locket over his heart.", "lock of his mother's hair",
				[3]string{"Victor opens the silver locket that holds his mother's hair.", "A silver locket with a curl of brown hair is found on the laboratory floor.", "Victor's coat is stolen at the inn, and he is frantic."}},
			{"fear", "Charles Bingley had a horror of dogs since a mastiff mauled him at school.", "horror of dogs",
				[3]string{"Bingley shrinks from the mastiff chained at the gate.", "Someone remembers a schoolboy's mauling by a mastiff.", "Mr. Bingley must walk past the kennels at night."}},
			{"promise", "Elizabeth Bennet promised her father that she would never marry for money.", "never marry for money",
				[3]string{"Elizabeth weighs a rich offer against what she promised her father about money.", "A daughter's word to her father about marriage is tested.", "Lizzy receives a proposal from a very wealthy man she does not love."}},
			{"hidden", "Mrs. Ashby had concealed the deeds to her cottage inside the bookcase in the parlour.", "deeds to her cottage inside the bookcase",
				[3]string{"The widow Ashby takes the cottage deeds out of the bookcase.", "Someone clears the books from the parlour shelves and finds papers behind them.", "Mrs. Ashby's landlord claims she has no right to her home."}},
			{"secret", "Darcy knew that Wickham had forged his father's will.", "forged his father's will",
				[3]string{"Darcy confronts Wickham over the forged will.", "A forger's hand is recognised in an old testament.", "Mr. Darcy is asked why he refused Wickham the living."}},
			{"cannot", "Jane Bennet could not ride, and went everywhere on foot or by carriage.", "could not ride",
				[3]string{"Jane is offered a horse but refuses to ride it.", "A young woman who never learned riding must cross the county before nightfall.", "Jane must reach her sick aunt across the fields before dark, and the carriage is gone."}},
			{"trait", "Pike was a careful man. He always locked the strongroom twice before bed.", "locked the strongroom twice",
				[3]string{"Pike locks the strongroom, twice as ever, before going up to bed.", "The strong room is found open at dawn.", "Pike is suspected when money goes missing in the night."}},
			{"place", "Rosings had a long gallery of portraits in which every face but one had been painted over.", "every face but one had been painted over",
				[3]string{"At Rosings the guests walk the gallery of painted-over portraits.", "A portrait whose face was painted over hangs at the end of a long gallery.", "Lady Catherine shows her visitors round Rosings."}},
			{"place", "Meryton's churchyard held the grave of a highwayman hanged at the crossroads.", "grave of a highwayman",
				[3]string{"At Meryton the militia dig near the highwayman's grave.", "Someone leaves flowers at the gravestone of the hanged robber.", "The officers stroll through Meryton on a Sunday."}},
			{"fear", "Justine was terrified of the dark and slept with a candle burning.", "terrified of the dark",
				[3]string{"Justine's candle gutters out, and she lies terrified in the black room.", "A servant girl sleeps with a lit candle because darkness frightens her.", "Justine is locked in the cellar overnight as a punishment."}},
			{"possession", "Colonel Brandt carried his brother's gold watch, stopped at the hour of his death.", "gold watch, stopped at the hour of his death",
				[3]string{"Brandt winds his dead brother's stopped gold watch.", "A gold pocket watch that never runs is pawned in a back street.", "Brandt is robbed on the road by two men."}},
			{"secret", "Hester Thorne knew the name of Pike's real father, and kept it to herself.", "name of Pike's real father",
				[3]string{"Hester tells Pike the name of his real father.", "The truth about a man's father comes out at last.", "Miss Thorne is pressed by Pike to say what she has been hiding."}},
			{"place", "Saltby's lighthouse had stood dark since the keeper drowned.", "stood dark since the keeper drowned",
				[3]string{"At Saltby no one has lit the lighthouse since its keeper drowned.", "The light on the marsh coast has not burned since the keeper was lost.", "A ship runs aground off Saltby in a storm."}},
		},
		recurring: []string{"Victor", "Bingley", "Elizabeth", "Mrs. Ashby", "Darcy", "Jane", "Pike", "Rosings", "Meryton", "Saltby"},
	}
}
