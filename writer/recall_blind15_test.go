package writer

import "github.com/storyd/storyd/project"

// The fifteenth blind probe set of the recall benchmark (issue 17), written
// on 2026-11-24 by the helper "probes15", without reading recall/, index/,
// docs/RECALL.md, the recall notes or the sixteenth set: 25 facts and their
// 75 probes, with people, places, objects and facts found in no other set
// and no name found in the corpus. It is blind: nothing in recall/ or
// index/ was changed with it in view, and once its misses are used to
// change the ranking it is no longer a blind measure and a new set is
// needed for an honest figure.
//
//	go test ./writer/ -run TestRecallBench -v -recall.set blind15 -recall.scenes 30,300,1000
//
// The rules are the issue's: each fact is stated once, in the prose of one
// early scene (no sheet pins it, no plan quotes its key); a words probe
// shares at least two content words with its plant beyond the names; a
// partial probe names no part of the owner and shares at least one
// distinctive content word with the plant (no name, no word common all
// over the corpus); an entity probe names the owner and shares no content
// word with the plant beyond the name, and a careful reader of the book
// could answer it from the planted sentence. Three facts of each kind the
// issue lists, two places and two objects. The plants take shapes the
// earlier sets did not: an entry in a club's betting book, a diary, a
// newspaper's report of a sale, a postscript, a paper nailed to a door, a
// list of orders left for a maid, a deposition, a workhouse register read
// in the present tense, a blackmailer's letter, a guidebook, a local
// saying, a tuner's exclamation, a grandson's boast; a child's question
// answered in reported speech, gossip passed down a chain of tellers, a
// physician's dry aside, a quarrel in three lines of dialogue, a
// rhetorical question and its answer, a thought in free indirect style, a
// sentence in the second person, a fact in a parenthesis's shadow, and a
// sentence that opens on the congregation and reaches its man at the end.
func rbBlind15() rbSet {
	return rbSet{
		name: "blind15",
		facts: []rbFact{
			{"trait", `The betting book at the Mitre has an entry for nearly every week of the year 1809, most of them in one sloping hand: "G. H. wagers five guineas that the first swallow is seen before Lady Day." Godric Honeysett would lay money on which of two raindrops reached the foot of a windowpane first, and generally did.`, "lay money on which of two raindrops",
				[3]string{"Honeysett lays money on two raindrops racing down a windowpane.", "A gentleman at the Mitre wagers guineas on which raindrop will win.", "Mr. Honeysett spends an afternoon at Newmarket beside the bishop, who has preached against gaming."}},
			{"trait", `From the diary of the curate's wife, the third of March: "Called on Ianthe Brackenridge, and found her with a new novel open at its last page, as usual. She reads the first chapter and the last of every book and invents the middle to please herself, and will defend her own version against the author's to the death."`, "invents the middle to please herself",
				[3]string{"Ianthe reads only the first chapter and the last, and invents her own middle.", "A young lady defends her own version of a novel's middle against its author.", "Miss Brackenridge is questioned at a literary supper about how the heroine escapes in the second volume."}},
			{"trait", `"Was that the bishop in the hall?" "No, ma'am," said the footman, grinning, "that was Mr. Tregunna. Give Florian Tregunna one sentence of any man's talk and he'll hand you back the whole man, lisp and wheeze and all."`, "hand you back the whole man, lisp and wheeze",
				[3]string{"Tregunna hands back a man's lisp and wheeze after one sentence of his talk.", "A footman hears the bishop's voice in the hall, though the bishop is miles away.", "Mr. Tregunna, locked in a cellar, needs the porter to believe his employer is calling him upstairs."}},
			{"possession", `The Gazette's account of the sale ran to a column, and near the foot of it, after the Canalettos, came the line that every reader in Bath remarked on: "Lot 112, a Chinese automaton in the form of a nightingale, which sings when wound; to Mrs. Ermengarde Handyside, for three hundred and ten guineas."`, "automaton in the form of a nightingale",
				[3]string{"Ermengarde winds her Chinese nightingale and it sings.", "A clockwork songbird bought for three hundred guineas sings to the guests.", "Mrs. Handyside, ruined by her bank's failure, chooses which treasure to part with."}},
			{"possession", `"Why has Mr. Dobbinson got a lion in his cabbages?" the little girl asked, and her mother, hurrying her past the gate, said that Ozias Dobbinson had been a ship's carpenter once, and the gilded lion was the figurehead of the last vessel he sailed in, sawn from her bows when she broke up on the Goodwin Sands.`, "figurehead of the last vessel he sailed in",
				[3]string{"Dobbinson regilds the lion figurehead that stands among his cabbages.", "A gilded wooden lion from a ship wrecked on the Goodwin Sands stands by a garden gate.", "Mr. Dobbinson's neighbour petitions the vestry to have the huge painted eyesore removed from his front plot."}},
			{"possession", `Her brother's letter to their mother closed with a postscript: "P.S. The Broadwood has reached Elfrida at last. Sixteen men and a sledge dragged it up the pass, and she owns now the only grand pianoforte within thirty miles of a turnpike, and plays it to the sheep."`, "only grand pianoforte within thirty miles of a turnpike",
				[3]string{"Elfrida plays her grand pianoforte to the sheep.", "Sixteen men drag a heavy instrument on a sledge up a mountain pass.", "Miss Hepplewhite's neighbours beg her to provide the music for the harvest dance."}},
			{"promise", "At the harvest supper, standing on a bench with a mug of cider in his fist, Swithin Pagnell promised the reapers that if the barley fetched forty shillings a quarter he would roof every cottage on the farm with slate before Michaelmas.", "roof every cottage on the farm with slate",
				[3]string{"Pagnell roofs the cottages on his farm with slate, as he promised the reapers.", "The barley fetches forty shillings a quarter, and the labourers wait to see what will become of their thatch.", "Mr. Pagnell counts his profits after a good year and thinks of buying a new carriage."}},
			{"promise", "Fidelia Wetherall told her lawyer, who told his clerk, who told the whole of Lincoln's Inn, that she had given her word to the old Admiral to keep his forty cats in cream and comfort for as long as the last of them drew breath, and that not a shilling of his fortune should go to the nephews until it did.", "keep his forty cats in cream",
				[3]string{"Fidelia keeps the Admiral's cats in cream and comfort.", "The nephews of a dead admiral wait for the last of forty cats to die before they can inherit.", "Miss Wetherall is offered a fine town house whose lease forbids any animal."}},
			{"promise", `The paper was nailed to the chapel door for all to read, in a round, careful hand: "I, Nahum Birtwistle, being of sound mind, do bind myself to carry the Bible of this chapel on foot to Jerusalem, should the Lord spare my son." The son had been spared.`, "carry the Bible of this chapel on foot to Jerusalem",
				[3]string{"Birtwistle sets out on foot for Jerusalem with the chapel Bible.", "A paper nailed to a chapel door binds its writer to a long walk.", "Mr. Birtwistle is offered the management of the mill for the next seven years."}},
			{"fear", `The list Eulalia Heptonstall left for the new maid was short. Fires lit by seven. The dog not to be fed from the table. And, underlined twice: "No looking-glass to be uncovered in any room I may enter. I will not see my own face."`, "No looking-glass to be uncovered in any room",
				[3]string{"Eulalia keeps every looking-glass covered so as never to see her own face.", "A new maid finds a list of rules on the kitchen table, one of them underlined twice.", "Miss Heptonstall is shown into a salon whose walls are hung with mirrors."}},
			{"fear", "Why did Athanasius Tuckfield's valet grow stout while his master grew thin? Because no dish reached the old man's lips until the valet had eaten a spoonful of it and lived a quarter of an hour, so mortally did Tuckfield dread the poisoner's art.", "eaten a spoonful of it and lived a quarter of an hour",
				[3]string{"Tuckfield watches his valet eat a spoonful of each dish and waits a quarter of an hour.", "A valet grows stout from tasting every dish before his master.", "Mr. Tuckfield dines at the Duke's table, where he is served first and everyone waits for him to begin."}},
			{"fear", "Leonora Spofforth's hats, which were the talk of three counties for their ribbons and their size, never carried so much as a single plume, for the touch of a feather on her skin set her screaming, and her milliner, who knew it, had dismissed an apprentice for leaving a goose quill on the counter.", "touch of a feather on her skin set her screaming",
				[3]string{"Leonora screams when a feather touches her skin.", "A milliner turns off an apprentice for a goose quill left on the counter.", "Miss Spofforth is put to bed in a guest room with a down pillow and an eiderdown."}},
			{"cannot", `"The coat is green, Alpheus." "It is brown." "It is as green as a billiard cloth!" His wife gave it up at last. Alpheus Thistlethwaite had never in his life told scarlet from grass, and his tailor had been laughing at him for twenty years.`, "never in his life told scarlet from grass",
				[3]string{"Thistlethwaite argues with his wife that his green coat is brown.", "A tailor laughs behind his hand at a customer who calls his billiard-green coat brown.", "Mr. Thistlethwaite is set to sort the ripe strawberries from the unripe for the fete."}},
			{"cannot", "The physician, asked at the assembly why Mrs. Goodbody never joined in the talk, said in his dry way that Parthenia Goodbody had left her voice behind in the diphtheria of ninety-eight and had not spoken above a whisper since, and that the county was the poorer for it, or the richer, he could not decide which.", "not spoken above a whisper since",
				[3]string{"Parthenia whispers, having left her voice behind in the diphtheria.", "A lady who lost her voice to diphtheria sits silent at the assembly.", "Mrs. Goodbody sees smoke curling under the stage door and must alert a crowded theatre."}},
			{"cannot", "Of all the congregation at St. Olave's, one man alone stayed upright through the prayers, leaning on his stick in the back pew; Hereward Rosewarne's right knee had been locked straight by a musket ball at Vittoria, and not the bishop himself could have brought him down on it.", "right knee had been locked straight by a musket ball",
				[3]string{"Rosewarne stays upright in the back pew, his knee locked straight.", "An old soldier leans on his stick in a pew through the prayers while everyone else kneels.", "Mr. Rosewarne is to be knighted by the Prince Regent at Carlton House."}},
			{"hidden", "Let them search, thought Blodwen Wainwright. Let them turn out every drawer and rip up every mattress in the house: they would never think to break open the plaster saint on the landing, and the hundred sovereigns inside him would sit there smirking till Doomsday.", "break open the plaster saint on the landing",
				[3]string{"Blodwen takes the hundred sovereigns out of the plaster saint.", "A hundred gold coins spill from a smashed plaster figure on a staircase.", "Mrs. Wainwright's creditors send the auctioneer to sell her furniture and ornaments."}},
			{"hidden", "Deposition of the dairymaid at the Grange, taken before the justices: that on three nights in March she carried bread and cheese to the old ice-house, by order of her master Eldred Ottery, and left it at the grating, and that a man's voice thanked her from the dark.", "bread and cheese to the old ice-house",
				[3]string{"Ottery sends the dairymaid with bread and cheese to the man in the ice-house.", "Someone is living in the dark behind the grating of an ice-house.", "Soldiers ride up to Mr. Ottery's door asking after a deserter from the regiment."}},
			{"hidden", "Aveline Marwick (who had been accused of nothing, and meant to keep it so) dropped the emerald into the crock of pickled walnuts in the still-room, and went up to dress for dinner with a steady hand.", "emerald into the crock of pickled walnuts",
				[3]string{"Aveline fishes the emerald out from among the pickled walnuts in the still-room.", "A cook spooning out pickled walnuts finds a green stone among them.", "Miss Marwick's hostess sends a hamper of preserves from the pantry to the hospital."}},
			{"secret", `The register of the Ashbourne workhouse for 1771 lies open on the vestry table, and in it, between a pauper's burial and a foundling's baptism, is the entry Lucan Cloudesley has paid a clerk ten pounds a year to keep out of sight: "Lucan, son of Sarah, no father named, born in the sick ward."`, "son of Sarah, no father named",
				[3]string{"Cloudesley pays the clerk his ten pounds a year to keep the workhouse register out of sight.", "An old workhouse register records a pauper's burial beside a foundling's baptism.", "Mr. Cloudesley stands for Parliament, and his opponent's agents go digging into his family."}},
			{"secret", `"My dear Mrs. Eckersley," the letter began, in a hand she had hoped never to see again, "you will not have forgotten Astley's, nor the spangled girl who danced on the high rope there every night of the season of ninety-two. I have not forgotten her either, and I wonder whether Mr. Eckersley knows that he married her."`, "danced on the high rope there every night",
				[3]string{"Clarimond burns the letter about the spangled girl who danced at Astley's.", "A blackmailer threatens to tell a husband that his wife once performed on the high rope.", "Mrs. Eckersley's husband brings an old showman home to dine, a man who ran a London amphitheatre for thirty years."}},
			{"secret", "You might have dined with Vyvyan Bulstrode a hundred times, praised his roses and lost to him at whist, and never suspected that the charming bachelor of Rose Cottage drew four hundred a year from Paris for the soundings of every harbour between Falmouth and Plymouth.", "four hundred a year from Paris",
				[3]string{"Bulstrode takes the soundings of the harbour at Falmouth for his masters in Paris.", "A charming bachelor who grows roses sells harbour soundings to the French.", "Mr. Bulstrode is invited aboard the flagship of the Channel squadron by an admiral who likes to talk."}},
			{"place", `The Tourist's Companion to the North-East Coast (1811) is dismissive of Scarthwick, "a mean place of cobles and fish-guts," but allows it one curiosity: that no two houses there are washed the same colour, so that a man coming in from the fishing may know his own roof from a mile beyond the harbour bar.`, "no two houses there are washed the same colour",
				[3]string{"Fishermen coming into Scarthwick pick out their own roofs by colour from beyond the harbour bar.", "A coble makes for the harbour bar while its skipper looks for his own roof among the cottages.", "A painter from London sets up his easel on the quay at Scarthwick."}},
			{"place", `They have a saying in the Potteries, "as dark as Brindlecote at midnight," and they mean by it as bright as noon, for the forty bottle-kilns of that village are never let out, and a man may read his newspaper in the lane by their glow at any hour.`, "read his newspaper in the lane by their glow",
				[3]string{"The forty bottle-kilns of Brindlecote glow all night over the lane.", "A traveller reads a newspaper at midnight by the light of the kilns.", "Two thieves lie in wait for a carrier on the Brindlecote road, trusting to a moonless sky to hide them."}},
			{"object", `The tuner straightened from the Carbonell spinet with a face of wonder. "Madam, whoever built this was left-handed, or mad, or both: the treble is at the wrong end. Every key is laid out backward, as if seen in a pond."`, "the treble is at the wrong end",
				[3]string{"A tuner straightens from the Carbonell spinet in wonder at its backward keys.", "A visiting pianist finds the treble of an old instrument under her left hand and plays nonsense.", "A young lady is invited to play a sonata on the Carbonell spinet at the rectory."}},
			{"object", "Old Lanyon had boasted, and his grandson boasted it still, that from the leads of the house the Lanyon telescope would show you the hands on the cathedral clock at Exeter, eleven miles off, and the time they told.", "show you the hands on the cathedral clock at Exeter",
				[3]string{"From the leads, the Lanyon telescope is trained on the cathedral clock at Exeter.", "Through a long glass on a rooftop a boy reads the time from a clock eleven miles away.", "The family's only watch has stopped, and someone fetches the Lanyon telescope to put it right."}},
		},
		recurring: []string{"Honeysett", "Ianthe", "Mr. Tregunna", "Mrs. Handyside", "Dobbinson", "Elfrida", "Pagnell", "Miss Wetherall", "Birtwistle",
			"Eulalia", "Tuckfield", "Miss Spofforth", "Thistlethwaite", "Parthenia", "Rosewarne", "Mrs. Wainwright", "Ottery", "Aveline", "Cloudesley",
			"Mrs. Eckersley", "Bulstrode", "Scarthwick", "Brindlecote", "the Carbonell spinet", "the Lanyon telescope"},
		chars: rbBlind15Cast(),
		locs:  rbBlind15Places(),
	}
}

// rbBlind15Cast are the set's people, each with a sheet of facts that are
// not the planted one and do not point at it.
func rbBlind15Cast() []*project.Character {
	c := rbCharacter
	return []*project.Character{
		c("c600", "Godric Honeysett", []string{"Godric", "Mr. Honeysett", "Honeysett"}, "banker's son", "A tall, languid young man with fair whiskers and a yellow waistcoat.",
			[]string{"languid", "amiable"}, "Lodges over a saddler's in the High Street.", "Has a married sister in Harrogate."),
		c("c601", "Ianthe Brackenridge", []string{"Ianthe", "Miss Brackenridge"}, "vicar's daughter", "A small, dark, quick young woman who walks everywhere.",
			[]string{"quick", "merry"}, "Keeps her father's bees.", "Teaches in the Sunday school."),
		c("c602", "Florian Tregunna", []string{"Florian", "Mr. Tregunna", "Tregunna"}, "land agent", "A lean, sandy man of forty with a long chin.",
			[]string{"cheerful", "idle"}, "Manages the estate for an absent earl.", "Plays bowls on Saturdays."),
		c("c603", "Ermengarde Handyside", []string{"Ermengarde", "Mrs. Handyside"}, "rich widow", "A stout, handsome widow of sixty who lives in the Royal Crescent.",
			[]string{"generous", "stately"}, "Drives out at three every afternoon.", "Has a nephew in the navy."),
		c("c604", "Ozias Dobbinson", []string{"Ozias", "Mr. Dobbinson", "Dobbinson"}, "cottager", "A broad, bald, weather-beaten old man with enormous hands.",
			[]string{"taciturn", "handy"}, "Keeps ferrets.", "Goes to chapel."),
		c("c605", "Elfrida Hepplewhite", []string{"Elfrida", "Miss Hepplewhite"}, "farmer's daughter", "A tall, red-haired young woman who lives on a hill farm in Wales.",
			[]string{"spirited", "warm"}, "Rides her own pony to market.", "Keeps the farm's accounts."),
		c("c606", "Swithin Pagnell", []string{"Swithin", "Mr. Pagnell", "Pagnell"}, "farmer", "A big, red-faced farmer of forty-five in a moleskin coat.",
			[]string{"hearty", "stubborn"}, "Farms six hundred acres under the Duke.", "Has four sons."),
		c("c607", "Fidelia Wetherall", []string{"Fidelia", "Miss Wetherall"}, "spinster", "A thin, upright lady of fifty in lavender silk.",
			[]string{"upright", "tart"}, "Lives in a tall house on the green.", "Goes up to London every spring."),
		c("c608", "Nahum Birtwistle", []string{"Nahum", "Mr. Birtwistle", "Birtwistle"}, "master weaver", "A short, grave weaver with a grey beard and a loud voice.",
			[]string{"grave", "stubborn"}, "Owns four looms.", "Drinks no spirits."),
		c("c609", "Eulalia Heptonstall", []string{"Eulalia", "Miss Heptonstall"}, "heiress", "A slender, pale young woman of twenty-five who lives with a companion.",
			[]string{"gentle", "reserved"}, "Gives a ball every Twelfth Night.", "Keeps three pugs."),
		c("c610", "Athanasius Tuckfield", []string{"Athanasius", "Mr. Tuckfield", "Tuckfield"}, "retired nabob", "A yellow, shrivelled old gentleman who made a fortune in Bengal.",
			[]string{"irritable", "rich"}, "Lives at the big house above the river.", "Has no heirs."),
		c("c611", "Leonora Spofforth", []string{"Leonora", "Miss Spofforth"}, "beauty", "A dark, striking young woman of twenty who dresses in the height of fashion.",
			[]string{"vain", "lively"}, "Is engaged to a captain of hussars.", "Dances every dance."),
		c("c612", "Alpheus Thistlethwaite", []string{"Alpheus", "Mr. Thistlethwaite", "Thistlethwaite"}, "attorney", "A neat, pompous little attorney with a gold watch-chain.",
			[]string{"pompous", "kind"}, "Keeps a gig.", "Sings in the glee club."),
		c("c613", "Parthenia Goodbody", []string{"Parthenia", "Mrs. Goodbody"}, "brewer's widow", "A tall, gaunt widow in dove-grey with kind eyes.",
			[]string{"kind", "devout"}, "Lives over the brewery with her son.", "Knits for the poor."),
		c("c614", "Hereward Rosewarne", []string{"Hereward", "Mr. Rosewarne", "Rosewarne"}, "gentleman farmer", "A gaunt, brown man of fifty with a close-cropped grey head.",
			[]string{"silent", "just"}, "Breeds shorthorns.", "Is a justice of the peace."),
		c("c615", "Blodwen Wainwright", []string{"Blodwen", "Mrs. Wainwright"}, "landlady", "A plump, shrewd landlady who lets rooms to clerks.",
			[]string{"shrewd", "brisk"}, "Has three lodgers.", "Bakes for the church fete."),
		c("c616", "Eldred Ottery", []string{"Eldred", "Mr. Ottery", "Ottery"}, "squire", "A quiet, grey, kindly squire who lives at the Grange.",
			[]string{"kindly", "reserved"}, "Reads Horace.", "Rides to hounds twice a week."),
		c("c617", "Aveline Marwick", []string{"Aveline", "Miss Marwick"}, "companion", "A slight, fair young woman, companion to a countess.",
			[]string{"clever", "witty"}, "Was at school in Brussels.", "Sketches well."),
		c("c618", "Lucan Cloudesley", []string{"Lucan", "Mr. Cloudesley", "Cloudesley"}, "manufacturer", "A handsome, hard-eyed man of sixty who owns the cotton mill.",
			[]string{"ambitious", "proud"}, "Built the new assembly rooms.", "Has a son at Eton."),
		c("c619", "Clarimond Eckersley", []string{"Clarimond", "Mrs. Eckersley"}, "banker's wife", "A slim, composed woman of forty, married to a Lombard Street banker.",
			[]string{"charitable", "sensible"}, "Gives musical evenings on Wednesdays.", "Is patroness of the charity school."),
		c("c620", "Vyvyan Bulstrode", []string{"Vyvyan", "Mr. Bulstrode", "Bulstrode"}, "retired hop factor", "A plump, pleasant man of fifty in a snuff-coloured coat.",
			[]string{"pleasant", "hospitable"}, "Collects snuffboxes.", "Keeps a good cellar."),
	}
}

// rbBlind15Places are the set's places and objects.
func rbBlind15Places() []*project.Location {
	l := rbLocation
	return []*project.Location{
		l("l400", "Scarthwick", nil, "fishing town", "A steep little fishing town in a cleft of the cliffs.", "Its lifeboat was the first on that coast."),
		l("l401", "Brindlecote", nil, "village", "A smoky village in the Staffordshire hills, on the canal.", "Its chapel seats eight hundred."),
		l("l402", "The Carbonell spinet", []string{"the Carbonell spinet"}, "spinet", "A small walnut spinet in the drawing room at the rectory.", "It was bought at a sale in Bristol."),
		l("l403", "The Lanyon telescope", []string{"the Lanyon telescope"}, "telescope", "A great brass telescope on a mahogany stand, kept in the library.", "It was made in London by Dollond."),
	}
}
