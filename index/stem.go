package index

import "github.com/kljensen/snowball/english"

// stem reduces a lower-case word to the form the index counts, so that
// word forms meet: "astrolabes" and "astrolabe", "promised" and
// "promise", "possession" and "possessed" (the Snowball English stemmer,
// Porter's second algorithm), and an irregular verb's past forms and its
// base ("sang", "sung" and "sings"; "swore", "sworn" and "swear"). The
// character grams catch what it misses ("forgery" and "forging").
func stem(w string) string {
	if base := irregularBase(w); base != "" {
		w = base
	}
	return english.Stem(w, true)
}

// Stems memoizes stem for a caller that reads many texts at once: a
// book's words repeat, and the stemmer costs about 2 µs a word. A nil
// Stems stems every word anew.
type Stems map[string]string

func (m Stems) stem(w string) string {
	if m == nil {
		return stem(w)
	}
	s, ok := m[w]
	if !ok {
		s = stem(w)
		m[w] = s
	}
	return s
}

// irregularBase is the base form of an irregular English verb's past
// tense or past participle: a closed class that no suffix rule joins.
// Forms that are also common words of their own are left out ("found",
// "ground", "left", "rose", "saw", "wound", "felt", "fell", "lay", "bore",
// "spoke", "bound", "shot", "bit", "lit"): joining them would be wrong more
// often than right. Forms the stopword list drops first ("came", "knew",
// "made", "said", "took", "went") need no entry.
func irregularBase(w string) string {
	switch w {
	case "arose", "arisen":
		return "arise"
	case "awoke", "awoken":
		return "awake"
	case "beheld":
		return "behold"
	case "bent":
		return "bend"
	case "bitten":
		return "bite"
	case "bled":
		return "bleed"
	case "blew", "blown":
		return "blow"
	case "borne":
		return "bear"
	case "bought":
		return "buy"
	case "bred":
		return "breed"
	case "broke", "broken":
		return "break"
	case "brought":
		return "bring"
	case "built":
		return "build"
	case "burnt":
		return "burn"
	case "caught":
		return "catch"
	case "chose", "chosen":
		return "choose"
	case "clung":
		return "cling"
	case "crept":
		return "creep"
	case "dealt":
		return "deal"
	case "dreamt":
		return "dream"
	case "drank", "drunk":
		return "drink"
	case "drawn", "drew":
		return "draw"
	case "driven", "drove":
		return "drive"
	case "dug":
		return "dig"
	case "dwelt":
		return "dwell"
	case "eaten":
		return "eat"
	case "fallen":
		return "fall"
	case "fed":
		return "feed"
	case "fled":
		return "flee"
	case "flew", "flown":
		return "fly"
	case "flung":
		return "fling"
	case "forbade", "forbidden":
		return "forbid"
	case "forgave", "forgiven":
		return "forgive"
	case "forgot", "forgotten":
		return "forget"
	case "forsook", "forsaken":
		return "forsake"
	case "fought":
		return "fight"
	case "froze", "frozen":
		return "freeze"
	case "given":
		return "give"
	case "grew", "grown":
		return "grow"
	case "heard":
		return "hear"
	case "held":
		return "hold"
	case "hid", "hidden":
		return "hide"
	case "hung":
		return "hang"
	case "kept":
		return "keep"
	case "knelt":
		return "kneel"
	case "known":
		return "know"
	case "laid":
		return "lay"
	case "leapt":
		return "leap"
	case "learnt":
		return "learn"
	case "led":
		return "lead"
	case "lent":
		return "lend"
	case "lost":
		return "lose"
	case "meant":
		return "mean"
	case "met":
		return "meet"
	case "mistook", "mistaken":
		return "mistake"
	case "paid":
		return "pay"
	case "ran":
		return "run"
	case "rang", "rung":
		return "ring"
	case "ridden", "rode":
		return "ride"
	case "risen":
		return "rise"
	case "sang", "sung":
		return "sing"
	case "sank", "sunk":
		return "sink"
	case "sat":
		return "sit"
	case "shaken", "shook":
		return "shake"
	case "shone":
		return "shine"
	case "shrank", "shrunk":
		return "shrink"
	case "slain", "slew":
		return "slay"
	case "slept":
		return "sleep"
	case "slid":
		return "slide"
	case "sold":
		return "sell"
	case "sought":
		return "seek"
	case "spent":
		return "spend"
	case "spoken":
		return "speak"
	case "sprang", "sprung":
		return "spring"
	case "stole", "stolen":
		return "steal"
	case "strode", "stridden":
		return "stride"
	case "struck", "stricken":
		return "strike"
	case "stuck":
		return "stick"
	case "stung":
		return "sting"
	case "swam", "swum":
		return "swim"
	case "swept":
		return "sweep"
	case "swore", "sworn":
		return "swear"
	case "swung":
		return "swing"
	case "taken":
		return "take"
	case "taught":
		return "teach"
	case "threw", "thrown":
		return "throw"
	case "tore", "torn":
		return "tear"
	case "trod", "trodden":
		return "tread"
	case "understood":
		return "understand"
	case "wept":
		return "weep"
	case "woke", "woken":
		return "wake"
	case "won":
		return "win"
	case "wore", "worn":
		return "wear"
	case "wove", "woven":
		return "weave"
	case "written", "wrote":
		return "write"
	}
	return ""
}
