package words

import "github.com/kljensen/snowball/english"

// stem reduces a lower-case word to the form the index counts, so that
// word forms meet: "astrolabes" and "astrolabe", "promised" and
// "promise", "possession" and "possessed" (the Snowball English stemmer,
// Porter's second algorithm), and an irregular verb's past forms and its
// base ("sang", "sung" and "sings"; "swore", "sworn" and "swear"). The
// character grams bring closer what it misses ("forgery" and "forging");
// recall's lexical score joins those through the book's own words.
func stem(w string) string {
	if base := irregularPast[w]; base != "" {
		w = base
	}
	if s, ok := stemASCII(w); ok {
		return s
	}
	return english.Stem(w, true)
}

// Stems memoizes stem for a caller that reads many texts at once: a
// book's words repeat, and a stem costs ~1,700 instructions (~12,000
// through the library, for a word not in ASCII), a lookup ~150. A nil
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

// Stem is stem through the memo: the form Terms counts a word under.
func (m Stems) Stem(w string) string { return m.stem(w) }

// Words calls f with each word of text as Terms reads it (lower case) and
// its stem, "" for a stopword, which Terms drops: for a caller that needs
// the word itself or its neighbour, such as one splitting or joining
// compounds.
func (m Stems) Words(text string, f func(word, stem string)) {
	Each(text, func(w string) {
		s := ""
		if !Stopword(w) {
			s = m.stem(w)
		}
		f(w, s)
	})
}

// irregularPast maps an irregular English verb's past tense and past
// participle to its base form: a closed class that no suffix rule joins.
// Forms that are also common words of their own are left out ("found",
// "ground", "left", "rose", "saw", "wound", "felt", "fell", "lay", "bore",
// "spoke", "bound", "shot", "bit", "lit"): joining them would be wrong more
// often than right. Forms the stopword list drops first ("came", "knew",
// "made", "said", "took", "went") need no entry. Read only.
var irregularPast = map[string]string{
	"arisen": "arise", "arose": "arise",
	"awoke": "awake", "awoken": "awake",
	"borne":  "bear",
	"beheld": "behold",
	"bent":   "bend",
	"bitten": "bite",
	"bled":   "bleed",
	"blew":   "blow", "blown": "blow",
	"broke": "break", "broken": "break",
	"bred":    "breed",
	"brought": "bring",
	"built":   "build",
	"burnt":   "burn",
	"bought":  "buy",
	"caught":  "catch",
	"chose":   "choose", "chosen": "choose",
	"clung": "cling",
	"crept": "creep",
	"dealt": "deal",
	"dug":   "dig",
	"drawn": "draw", "drew": "draw",
	"dreamt": "dream",
	"drank":  "drink", "drunk": "drink",
	"driven": "drive", "drove": "drive",
	"dwelt":  "dwell",
	"eaten":  "eat",
	"fallen": "fall",
	"fed":    "feed",
	"fought": "fight",
	"fled":   "flee",
	"flung":  "fling",
	"flew":   "fly", "flown": "fly",
	"forbade": "forbid", "forbidden": "forbid",
	"forgot": "forget", "forgotten": "forget",
	"forgave": "forgive", "forgiven": "forgive",
	"forsaken": "forsake", "forsook": "forsake",
	"froze": "freeze", "frozen": "freeze",
	"given": "give",
	"grew":  "grow", "grown": "grow",
	"hung":  "hang",
	"heard": "hear",
	"hid":   "hide", "hidden": "hide",
	"held":     "hold",
	"kept":     "keep",
	"knelt":    "kneel",
	"known":    "know",
	"laid":     "lay",
	"led":      "lead",
	"leapt":    "leap",
	"learnt":   "learn",
	"lent":     "lend",
	"lost":     "lose",
	"meant":    "mean",
	"met":      "meet",
	"mistaken": "mistake", "mistook": "mistake",
	"paid":   "pay",
	"ridden": "ride", "rode": "ride",
	"rang": "ring", "rung": "ring",
	"risen":  "rise",
	"ran":    "run",
	"sought": "seek",
	"sold":   "sell",
	"shaken": "shake", "shook": "shake",
	"shone":  "shine",
	"shrank": "shrink", "shrunk": "shrink",
	"sang": "sing", "sung": "sing",
	"sank": "sink", "sunk": "sink",
	"sat":   "sit",
	"slain": "slay", "slew": "slay",
	"slept":  "sleep",
	"slid":   "slide",
	"spoken": "speak",
	"spent":  "spend",
	"sprang": "spring", "sprung": "spring",
	"stole": "steal", "stolen": "steal",
	"stuck":    "stick",
	"stung":    "sting",
	"stridden": "stride", "strode": "stride",
	"stricken": "strike", "struck": "strike",
	"swore": "swear", "sworn": "swear",
	"swept": "sweep",
	"swam":  "swim", "swum": "swim",
	"swung":  "swing",
	"taken":  "take",
	"taught": "teach",
	"tore":   "tear", "torn": "tear",
	"threw": "throw", "thrown": "throw",
	"trod": "tread", "trodden": "tread",
	"understood": "understand",
	"woke":       "wake", "woken": "wake",
	"wore": "wear", "worn": "wear",
	"wove": "weave", "woven": "weave",
	"wept":    "weep",
	"won":     "win",
	"written": "write", "wrote": "write",
}
