package writer

import "github.com/storyd/storyd/project"

// The fifth blind probe set of the recall benchmark (issue 17), written on
// 2026-11-24 by the helper "probes5" for the session's final measurement,
// without reading recall/, index/, docs/RECALL.md, any helper's notes or
// the misses of the other sets: 25 facts and their 75 probes, with people,
// places, objects and facts found in no other set. It is blind: nothing in
// recall/ or index/ was changed with it in view, and once its misses are
// used to change the ranking it is no longer a blind measure and a new set
// is needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind5 -recall.scenes 30,300,1000
//
// Same rules as rbFacts: each fact is stated once, in the prose of one early
// scene (no sheet pins it, no summary holds it); no plan quotes its key;
// partial probes name part of a description without its owner; entity
// probes share no content word with the fact beyond the entity's name, and
// a careful reader of the book could answer each of them from the planted
// sentence. The facts cover the kinds the issue lists (trait, possession,
// promise, fear, cannot, hidden object, secret, place, object) and are said
// in shapes no other set leans on: a person first met as the object of
// another sentence ("The letter was handed to Griselda Haythorne, who ..."),
// a pronoun or a possessive after a naming sentence, speech tags before,
// after and in the middle of dialogue, reported speech ("had given her word
// to the dying gardener that ..."), a contrast clause, a list, an
// appositive, a subordinate clause first ("Though ...", "When ...",
// "Since ..."), "It was X who", and uncommon verbs (descried, quailed,
// undertaken). Several facts do not sound durable (a mare's name, mufflers
// to knit before the frost, which well gives sweet water, a harp short of
// a string), as many facts a later scene needs do not. Four owners
// are people of the corpus and one its place (Colonel Forster, Mr. Kirwin,
// Mrs. Jenkinson, M. Krempe, Chamounix), whose names the corpus repeats.
func rbBlind5() rbSet {
	return rbSet{
		name: "blind5",
		facts: []rbFact{
			{"trait", "Jethro Venn bit every coin he was paid, and had once broken a tooth on a bad half-crown.", "broken a tooth on a bad half-crown",
				[3]string{"Venn bites the coin he is paid, mindful of the tooth he broke on a bad half-crown.", "A tradesman bites a half-crown to test it and winces.", "Mr. Venn is handed a sovereign by a stranger in the tavern and looks hard at it."}},
			{"trait", "The new governess at the rectory was Clemency Flint. She spoke softly to children, but to grown men she would say nothing at all unless they first took off their hats.", "unless they first took off their hats",
				[3]string{"Clemency says nothing at all to the grown men of the hunt until they take off their hats.", "A man must remove his hat before the governess will say a word to him.", "Miss Flint is questioned in the road by a magistrate wearing a tall beaver."}},
			{"trait", "Colonel Forster's one vanity was his moustache, which he waxed into points each morning with a paste of beeswax and lamp black.", "paste of beeswax and lamp black",
				[3]string{"Forster waxes his moustache with beeswax and lamp black before parade.", "A pot of beeswax mixed with lamp black is found on a washstand.", "Colonel Forster is caught in a downpour on parade, and dark streaks run down his upper lip."}},
			{"possession", "Among the things Jasper Lowick brought back from Canton were a lacquered tea chest, two bolts of yellow silk, and a fighting cricket in a cage of split bamboo.", "fighting cricket in a cage of split bamboo",
				[3]string{"Lowick's fighting cricket chirps in its bamboo cage from Canton.", "A small cage of split bamboo sits on the windowsill, and something inside it chirps.", "Jasper Lowick's little pet from the East escapes across the drawing-room carpet, and the ladies scream."}},
			{"possession", `Nell Pardoe laughed at the question. "My fortune?" she said. "A green silk parasol with an ivory handle shaped like a swan, and a debt of honour nobody will pay."`, "ivory handle shaped like a swan",
				[3]string{"Nell opens her green silk parasol with the ivory swan handle.", "A parasol whose handle is an ivory swan is left behind in a pew.", "Miss Pardoe is asked by the bailiff what she owns of value."}},
			{"possession", "When the assizes were over, Mr. Kirwin would ride home on a dun mare called Verity, the only creature, his clerk said, that he ever obeyed.", "dun mare called Verity",
				[3]string{"Kirwin saddles his dun mare Verity for the ride home from the assizes.", "A dun mare named Verity is found loose on the heath.", "Mr. Kirwin's stable is set on fire by a man he sent to the gallows."}},
			{"promise", "Lettice Brabazon had given her word to the dying gardener that the lime walk would never be felled while she lived.", "lime walk would never be felled",
				[3]string{"Lettice refuses to let the lime walk be felled, true to her word to the gardener.", "Woodmen arrive with axes to fell the lime walk.", "Miss Brabazon's nephew, the new heir, sells the timber of the avenue to a shipbuilder."}},
			{"promise", `Old Abel Tunnicliffe said to the boy at the forge, "Mend that gate for the widow by Saturday and I'll teach you to shoe a horse, on my oath."`, "teach you to shoe a horse",
				[3]string{"The boy mends the widow's gate and asks Tunnicliffe to teach him to shoe a horse, as he swore on oath.", "A boy at the forge longs to learn to shoe horses.", "Abel Tunnicliffe's apprentice finishes his task and waits at the smithy for his reward."}},
			{"promise", "Mrs. Jenkinson was not a woman to promise lightly. She had undertaken to knit forty mufflers for the Bristol foundlings before the first frost.", "forty mufflers for the Bristol foundlings",
				[3]string{"Mrs. Jenkinson counts the mufflers she must knit for the foundlings before the frost.", "A parcel of woollen mufflers arrives at the Bristol foundling hospital.", "Mrs. Jenkinson runs short of grey yarn in late October."}},
			{"fear", "Ephraim Pelling, the bellows-maker's son, was mortally afraid of cows and would walk three miles round rather than cross a pasture with a herd in it.", "rather than cross a pasture with a herd in it",
				[3]string{"Pelling walks three miles round sooner than cross a pasture where the herd is grazing.", "A young man stops at a stile, sees the herd in the pasture, and turns back.", "Ephraim Pelling is sent with a message by the short way, across Home Farm's field full of milking beasts."}},
			{"fear", "Though she had nursed a whole village through the smallpox, Zillah Crouch quailed before a looking-glass and had every one in her house turned to the wall.", "every one in her house turned to the wall",
				[3]string{"Zillah quails and turns the looking-glass in her house to the wall.", "Every mirror in a cottage is found turned to face the wall.", "Mrs. Crouch is fitted for her wedding gown in a dressmaker's shop lined with tall mirrors."}},
			{"fear", "The students soon learned that what M. Krempe dreaded most was the surgeon's lancet; he would rather keep a fever a fortnight than be bled.", "rather keep a fever a fortnight than be bled",
				[3]string{"Krempe, feverish, refuses to be bled and dreads the surgeon's lancet.", "A surgeon arrives with his lancet, and the feverish patient bolts the door.", "Professor Krempe takes a chill after his lecture, and the physician is sent for with his bowl and knife."}},
			{"cannot", "Lysander Moss could fence, dance and quote Horace by the page, but he could not tie his own cravat.", "could not tie his own cravat",
				[3]string{"Moss tries to tie his own cravat and makes a knot of it.", "A young man who quotes Horace by the page stands helpless with a crumpled neckcloth.", "Lysander Moss's man is dismissed on the morning of the ball."}},
			{"cannot", "The letter was handed to Griselda Haythorne, who could not read a word of it, having never been taught her letters, and who was too proud to say so.", "having never been taught her letters",
				[3]string{"Griselda is handed a letter and hides that she was never taught her letters.", "A proud woman holds a letter upside down rather than admit she cannot read.", "Mrs. Haythorne is asked to check the written terms of her husband's will before she puts her name to it."}},
			{"cannot", "Amias Threlkeld, who had kept the Crown for twenty years, could not tell a red coat from a green one.", "could not tell a red coat from a green one",
				[3]string{"Threlkeld cannot tell the red coat from the green one on the peg.", "A man mistakes a scarlet coat for a green one and is laughed at.", "Amias Threlkeld is asked to pick out the ripe strawberries from the unripe for the squire's table."}},
			{"hidden", "Bathsheba Wren kept no money in the bank. Her savings, forty sovereigns in a stocking, were stuffed up the parlour chimney.", "stuffed up the parlour chimney",
				[3]string{"Bathsheba reaches up the parlour chimney for the stocking of sovereigns.", "The sweep's boy brings down a stocking full of gold from a parlour chimney.", "Mrs. Wren's lodger lights a roaring blaze in the front room on the first cold evening."}},
			{"hidden", "It was Cuthbert Ingleby who had put the stolen ledger inside the hollow plinth of the statue of Neptune in the rose garden.", "hollow plinth of the statue of Neptune",
				[3]string{"Ingleby lifts the stolen ledger from the hollow plinth of Neptune's statue.", "A gardener notices that the plinth of the sea-god's statue rings hollow.", "Cuthbert Ingleby hears that the grounds are to be cleared and every ornament carted off to auction."}},
			{"hidden", `"Nobody will find my will unless they think to unstitch the pug's cushion," said Keziah Dunstable.`, "unstitch the pug's cushion",
				[3]string{"Keziah's will is found stitched inside the pug's cushion.", "A lapdog's cushion is torn open and papers spill out.", "Miss Dunstable dies, and her heirs search the house for her last testament."}},
			{"secret", "From the church tower Tobit Quennell had descried the squire's son rowing the ferryman's daughter across the lake at midnight, and he had held his tongue ever since.", "rowing the ferryman's daughter",
				[3]string{"Quennell tells what he descried from the church tower: the squire's son rowing across the lake with the ferryman's daughter.", "The squire's son is seen in a boat at midnight with a girl.", "Tobit Quennell is asked by the young heir's mother where her boy goes after dark."}},
			{"secret", `"The squire's speeches are not his," Rosamund Garrow said, "whatever the parish believes; the attorney's clerk writes every word for a guinea apiece."`, "the attorney's clerk writes every word",
				[3]string{"Rosamund reveals that every word of the squire's speeches is written by the attorney's clerk.", "A clerk is seen slipping a written speech into the squire's pocket for a guinea.", "Miss Garrow hears the lord of the manor praised at a dinner for his fine oratory."}},
			{"secret", "Since the night of the fire only Drusilla Fenwick knew that the mill had been fired by its owner for the insurance.", "fired by its owner for the insurance",
				[3]string{"Drusilla says the owner fired the mill for the insurance.", "An insurance clerk asks questions about the burned mill.", "Miss Fenwick is called to testify before the magistrates about the blaze at Haddow's."}},
			{"place", "At Chamounix no inn would give a room to a traveller without a guide's ticket, since a young Englishman had been lost on the ice.", "without a guide's ticket",
				[3]string{"At Chamounix the travellers are refused a room at the inn for want of a guide's ticket.", "An innkeeper demands to see a guide's ticket before letting the room.", "The party reaches Chamounix after dark, having come over the pass alone."}},
			{"place", "There were three wells at Coldharbour Green, and only the one by the pound gave sweet water; the others tasted of iron.", "only the one by the pound gave sweet water",
				[3]string{"At Coldharbour Green they draw sweet water from the well by the pound.", "A traveller drinks from a well that tastes of iron.", "Coldharbour Green's cook must fill her kettle for a tea party of fastidious visitors."}},
			{"object", "The Sparrowhawk, the Harwich packet, had a cracked mainmast bound with chain, and no captain would take her out in a north-easter.", "cracked mainmast bound with chain",
				[3]string{"The Sparrowhawk's cracked mainmast, bound with chain, creaks in the gale.", "A mast bound round with chain is pointed out in the harbour.", "The Sparrowhawk is ordered to sea as a winter gale rises off the Norfolk shore."}},
			{"object", "The Lenthall harp had lost its fourth string, and nobody in the county could find a new one of the right gauge.", "lost its fourth string",
				[3]string{"The Lenthall harp is played without its fourth string, for want of one of the right gauge.", "A gilded instrument missing one string is carried into the music room for the concert.", "The Lenthall harp is tuned for a musical evening, and the player chooses a piece that needs every note."}},
		},
		recurring: []string{"Mr. Venn", "Miss Flint", "Colonel Forster", "Lowick", "Nell", "Mr. Kirwin", "Miss Brabazon", "Tunnicliffe", "Mrs. Jenkinson",
			"Pelling", "Zillah", "Krempe", "Lysander Moss", "Mrs. Haythorne", "Threlkeld", "Mrs. Wren", "Ingleby", "Miss Dunstable", "Quennell",
			"Miss Garrow", "Drusilla", "Chamounix", "Coldharbour Green", "the Sparrowhawk", "the Lenthall harp"},
		chars: rbBlind5Cast(),
		locs:  rbBlind5Places(),
	}
}

// rbBlind5Cast are the set's people, each with a sheet of facts that are
// not the planted one.
func rbBlind5Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c80", "Jethro Venn", []string{"Venn", "Mr. Venn"}, "wine merchant", "A round, anxious wine merchant of middle years who supplies the big houses of the county.",
			[]string{"fussy", "honest"}, "Keeps a shop in the High Street.", "Has a sister in Norwich."),
		c("c81", "Clemency Flint", []string{"Clemency", "Miss Flint"}, "governess", "A young woman of twenty-four, neat and pale, with a low voice and a direct gaze.",
			[]string{"reserved", "principled"}, "Teaches the rector's three girls.", "Her father was a naval lieutenant."),
		c("c82", "Colonel Forster", []string{"Forster"}, "colonel", "The colonel of the militia regiment quartered at Meryton, lately married to a very young wife.",
			[]string{"genial", "easy-going"}, "Gives balls for the officers.", "His wife is Lydia's particular friend."),
		c("c83", "Jasper Lowick", []string{"Lowick", "Mr. Lowick"}, "merchant's son", "A supercargo home from the China trade, sunburnt and talkative, with money to spend.",
			[]string{"boastful", "generous"}, "Sailed three voyages with the Company.", "Means to buy a house near the sea."),
		c("c84", "Nell Pardoe", []string{"Nell", "Miss Pardoe"}, "actress", "A strolling player past her best, quick-tongued and shabby-fine, lodging over the saddler's.",
			[]string{"witty", "proud"}, "Played Juliet at Bristol once.", "Owes the landlady a month's rent."),
		c("c85", "Mr. Kirwin", []string{"Kirwin"}, "magistrate", "An Irish magistrate, an old benevolent man of calm and mild manners.",
			[]string{"kindly", "just"}, "Sits at the assizes.", "Has known many sorrows."),
		c("c86", "Lettice Brabazon", []string{"Lettice", "Miss Brabazon"}, "mistress of the hall", "An elderly spinster who has kept the hall and its grounds since her brother died.",
			[]string{"stubborn", "sentimental"}, "Walks the grounds every afternoon.", "Has a nephew who will inherit."),
		c("c87", "Abel Tunnicliffe", []string{"Abel", "Tunnicliffe"}, "blacksmith", "The village smith, bald and mighty, who has shod every horse in the valley for forty years.",
			[]string{"gruff", "fair"}, "Sings bass in the church choir.", "Has no son of his own."),
		c("c88", "Mrs. Jenkinson", []string{"Jenkinson"}, "companion", "Miss de Bourgh's companion at Rosings, employed to keep her warm and amused.",
			[]string{"attentive", "timid"}, "Arranges the screen before Miss de Bourgh's eyes.", "Rarely speaks at dinner."),
		c("c89", "Ephraim Pelling", []string{"Ephraim", "Pelling"}, "bellows-maker's son", "A lanky youth of eighteen who works his father's bench and runs errands for the inn.",
			[]string{"eager", "clumsy"}, "Fast on his feet.", "Courting the blacksmith's niece."),
		c("c90", "Zillah Crouch", []string{"Zillah", "Mrs. Crouch"}, "nurse", "A village nurse, pock-marked and fearless, called to every sickbed for ten miles.",
			[]string{"brave", "brusque"}, "Was widowed at twenty.", "Engaged to the sexton."),
		c("c91", "M. Krempe", []string{"Krempe", "Professor Krempe"}, "professor", "A professor of natural philosophy at Ingolstadt, squat and gruff, but deeply versed in his science.",
			[]string{"blunt", "learned"}, "Scorned Victor's reading of the alchemists.", "Lectures every morning."),
		c("c92", "Lysander Moss", []string{"Lysander", "Mr. Moss"}, "gentleman", "An idle, elegant young man of good family, fond of a wager.",
			[]string{"vain", "reckless"}, "Was sent down from Oxford.", "Keeps a spaniel."),
		c("c93", "Griselda Haythorne", []string{"Griselda", "Mrs. Haythorne"}, "farmer's wife", "The handsome wife of a rich tenant farmer, proud of her dairy and her linen.",
			[]string{"proud", "shrewd"}, "Married at seventeen.", "Her husband is twenty years older."),
		c("c94", "Amias Threlkeld", []string{"Amias", "Threlkeld"}, "innkeeper", "The landlord of the Crown, big and soft-spoken, who has kept the house since the war began.",
			[]string{"placid", "hospitable"}, "Brews his own ale.", "Survived a fever that took his wife."),
		c("c95", "Bathsheba Wren", []string{"Bathsheba", "Mrs. Wren"}, "laundress", "A laundress who washes for the parsonage and half the village, thrifty and close.",
			[]string{"thrifty", "suspicious"}, "Distrusts banks and lawyers.", "Has a lodger."),
		c("c96", "Cuthbert Ingleby", []string{"Ingleby", "Mr. Ingleby"}, "under-steward", "The under-steward of the hall, soft-footed and ambitious, who hopes for the steward's place.",
			[]string{"sly", "ambitious"}, "Keeps the keys of the muniment room.", "Came from Durham."),
		c("c97", "Keziah Dunstable", []string{"Keziah", "Miss Dunstable"}, "old maid", "A rich, sharp old woman who lives alone with a pug and changes her will twice a year.",
			[]string{"capricious", "miserly"}, "Has three nephews who court her.", "Drinks nothing but tea."),
		c("c98", "Tobit Quennell", []string{"Tobit", "Quennell"}, "sexton", "The sexton and bell-ringer, old, silent and always about the church.",
			[]string{"silent", "observant"}, "Winds the church clock on Sundays.", "Digs every grave in the parish."),
		c("c99", "Rosamund Garrow", []string{"Rosamund", "Miss Garrow"}, "housekeeper's niece", "The housekeeper's niece, a clever girl who reads her aunt's letters for her.",
			[]string{"clever", "loyal"}, "Helps in the still-room.", "Godmother to a foundling."),
		c("c100", "Drusilla Fenwick", []string{"Drusilla", "Miss Fenwick"}, "mill clerk's daughter", "The daughter of the mill's clerk, a sharp-eyed girl who kept her father's books.",
			[]string{"observant", "anxious"}, "Lost her father in the fire.", "Now sews for a living."),
	}
}

// rbBlind5Places are the set's places and objects: new ones and one of the
// corpus.
func rbBlind5Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l40", "Chamounix", nil, "valley", "The Alpine valley below Mont Blanc, where travellers come to see the glaciers.", "The Arve runs through it."),
		l("l41", "Coldharbour Green", nil, "hamlet", "A hamlet of a dozen cottages round a goose green on the downs.", "Has no church of its own."),
		l("l42", "The Sparrowhawk", []string{"the Sparrowhawk"}, "packet", "A two-masted packet that carries mail and passengers from Harwich to Holland.", "Built at Ipswich."),
		l("l43", "The Lenthall harp", []string{"the Lenthall harp"}, "harp", "A gilded pedal harp in the music room of the hall, bought by the late Lady Lenthall.", "Played at every Christmas party."),
	}
}
