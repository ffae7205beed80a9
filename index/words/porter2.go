package words

// Snowball's English stemmer (github.com/kljensen/snowball/english) on
// bytes, for the words nearly every text is made of: lower-case ASCII
// letters and digits. The library converts the word and each suffix it
// tries to runes, ~12,000 instructions a word, and a tick stems ~18,000
// words (a third of a small book's tick went there, issue 12); this takes
// the same steps with the same quirks in the same order, and gives the
// same stem (TestStemASCIIAsSnowball over both novels of the corpus,
// FuzzStemASCII on any string). Other words go to the library.

// stemASCII returns english.Stem(word, true) for a word of lower-case ASCII
// letters and digits; ok is false for any other word.
func stemASCII(word string) (stem string, ok bool) {
	if !lowerAlnum(word) {
		return "", false
	}
	if len(word) <= 2 {
		return word, true
	}
	if s := specialStems[word]; s != "" {
		return s, true
	}
	var buf [40]byte // most words fit: no allocation but the stem's
	w := p2word{b: append(buf[:0], word...)}
	w.preprocess()
	w.step1a()
	w.step1b()
	w.step1c()
	w.step2()
	w.step3()
	w.step4()
	w.step5()
	for i, c := range w.b {
		if c == 'Y' {
			w.b[i] = 'y'
		}
	}
	if len(w.b) <= len(word) && string(w.b) == word[:len(w.b)] {
		return word[:len(w.b)], true // a stem that only cut: no copy
	}
	return string(w.b), true
}

// StemHead returns the bytes the stem of w (Stems.Stem) begins with when
// it has two or more: w's first two, for a word of lower-case ASCII letters
// and digits other than an irregular past form ("sang" → "sing") or one
// of the stemmer's exceptions ("dying" → "die"), since its steps rewrite
// only what follows R1, which starts after the second letter at the
// earliest; "" (nothing is sure) for any other word. A caller that wants
// only some stems passes over a word whose head begins none of them
// without stemming it (recall's planTerms).
func StemHead(w string) string {
	if len(w) < 2 || irregularPast[w] != "" || specialStems[w] != "" || !lowerAlnum(w) {
		return ""
	}
	return w[:2]
}

// lowerAlnum reports whether w is all lower-case ASCII letters and digits:
// the words stemASCII takes.
func lowerAlnum(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// specialStems are the library's exceptions, taken before any step.
var specialStems = map[string]string{
	"skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie", "idly": "idl",
	"gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl", "sky": "sky",
	"news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias", "andes": "andes",
	"inning": "inning", "innings": "inning", "outing": "outing", "outings": "outing", "canning": "canning",
	"cannings": "canning", "herring": "herring", "herrings": "herring", "earring": "earring",
	"earrings": "earring", "proceed": "proceed", "proceeds": "proceed", "proceeded": "proceed",
	"proceeding": "proceed", "exceed": "exceed", "exceeds": "exceed", "exceeded": "exceed",
	"exceeding": "exceed", "succeed": "succeed", "succeeds": "succeed", "succeeded": "succeed",
	"succeeding": "succeed",
}

// The suffixes each step looks for, in the library's order: the first
// that ends the word is the one, as there.
var (
	step1aSuffixes = bySuffixEnd("sses", "ied", "ies", "us", "ss", "s")
	step1bSuffixes = bySuffixEnd("eedly", "ingly", "edly", "ing", "eed", "ed")
	step1bEnds     = bySuffixEnd("at", "bl", "iz", "bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt")
	step2Suffixes  = bySuffixEnd("ational", "fulness", "iveness", "ization", "ousness", "biliti", "lessli", "tional",
		"alism", "aliti", "ation", "entli", "fulli", "iviti", "ousli", "anci", "abli", "alli", "ator", "enci",
		"izer", "bli", "ogi", "li")
	step2Repl = map[string]string{"tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent",
		"izer": "ize", "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate", "alism": "al",
		"aliti": "al", "alli": "al", "fulness": "ful", "ousli": "ous", "ousness": "ous", "iveness": "ive",
		"iviti": "ive", "biliti": "ble", "bli": "ble", "fulli": "ful", "lessli": "less"}
	step3Suffixes = bySuffixEnd("ational", "tional", "alize", "icate", "ative", "iciti", "ical", "ful", "ness")
	step3Repl     = map[string]string{"ational": "ate", "tional": "tion", "alize": "al", "icate": "ic",
		"iciti": "ic", "ical": "ic", "ful": "", "ness": ""}
	step4Suffixes = bySuffixEnd("ement", "ance", "ence", "able", "ible", "ment", "ent", "ant", "ism", "ate", "iti",
		"ous", "ive", "ize", "ion", "al", "er", "ic")
)

// suffixes are a step's suffixes by their last letter, each letter's in
// the order given: only those can end a word that ends in that letter,
// and the first of them that does is the first of all that does.
type suffixes [26][]string

func bySuffixEnd(list ...string) *suffixes {
	var out suffixes
	for _, s := range list {
		c := s[len(s)-1] - 'a'
		out[c] = append(out[c], s)
	}
	return &out
}

// p2word is a word being stemmed and the starts of its regions R1 and R2
// (the library's SnowballWord, on bytes).
type p2word struct {
	b      []byte
	r1, r2 int
}

// vowel is the library's isLowerVowel: a "Y" (a y read as a consonant) is none.
func vowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

// suffix returns the first of the suffixes that ends the word, or "".
func (w *p2word) suffix(list *suffixes) string {
	n := len(w.b)
	if n == 0 || w.b[n-1] < 'a' || w.b[n-1] > 'z' {
		return ""
	}
next:
	for _, s := range list[w.b[n-1]-'a'] {
		if len(s) > n {
			continue
		}
		for i := 2; i <= len(s); i++ {
			if w.b[n-i] != s[len(s)-i] {
				continue next
			}
		}
		return s
	}
	return ""
}

// replace puts repl in place of the last n bytes; the regions are cut
// to the word, as the library's resetR1R2 does.
func (w *p2word) replace(n int, repl string) {
	w.b = append(w.b[:len(w.b)-n], repl...)
	w.r1, w.r2 = min(w.r1, len(w.b)), min(w.r2, len(w.b))
}

// vnv is the library's romance.VnvSuffix: the position after the first
// non-vowel that follows a vowel from start on, else the word's length.
func (w *p2word) vnv(start int) int {
	for j := start + 1; j < len(w.b); j++ {
		if vowel(w.b[j-1]) && !vowel(w.b[j]) {
			return j + 1
		}
	}
	return len(w.b)
}

func (w *p2word) preprocess() {
	for i, c := range w.b {
		if c == 'y' && (i == 0 || vowel(w.b[i-1])) {
			w.b[i] = 'Y'
		}
	}
	w.r1 = -1
	for _, p := range []string{"gener", "commun", "arsen"} {
		if len(p) <= len(w.b) && string(w.b[:len(p)]) == p {
			w.r1 = len(p)
			break
		}
	}
	if w.r1 < 0 {
		w.r1 = w.vnv(0)
	}
	w.r2 = w.vnv(w.r1)
}

// endsShort is the library's endsShortSyllable of w.b[:i].
func (w *p2word) endsShort(i int) bool {
	b := w.b
	switch {
	case i == 2:
		return vowel(b[0]) && !vowel(b[1])
	case i >= 3:
		s1 := b[i-1]
		return !vowel(s1) && s1 != 'w' && s1 != 'x' && s1 != 'Y' && vowel(b[i-2]) && !vowel(b[i-3])
	}
	return false
}

func (w *p2word) step1a() {
	switch s := w.suffix(step1aSuffixes); s {
	case "sses":
		w.replace(4, "ss")
	case "ies", "ied":
		if len(w.b) > 4 {
			w.replace(3, "i")
		} else {
			w.replace(3, "ie")
		}
	case "s":
		for i := 0; i < len(w.b)-2; i++ {
			if vowel(w.b[i]) {
				w.replace(1, "")
				return
			}
		}
	}
}

func (w *p2word) step1b() {
	s := w.suffix(step1bSuffixes)
	switch s {
	case "":
		return
	case "eed", "eedly":
		if len(s) <= len(w.b)-w.r1 {
			w.replace(len(s), "ee")
		}
		return
	}
	hasVowel := false
	for _, c := range w.b[:len(w.b)-len(s)] {
		if vowel(c) {
			hasVowel = true
			break
		}
	}
	if !hasVowel {
		return
	}
	r1, r2 := w.r1, w.r2
	w.replace(len(s), "")
	switch e := w.suffix(step1bEnds); e {
	case "":
		if w.r1 >= len(w.b) && w.endsShort(len(w.b)) {
			w.b = append(w.b, 'e')
			w.r1, w.r2 = len(w.b), len(w.b)
			return
		}
	case "at", "bl", "iz":
		w.b = append(w.b, 'e')
	default:
		w.replace(1, "")
	}
	w.r1, w.r2 = min(r1, len(w.b)), min(r2, len(w.b))
}

func (w *p2word) step1c() {
	n := len(w.b)
	if n > 2 && (w.b[n-1] == 'y' || w.b[n-1] == 'Y') && !vowel(w.b[n-2]) {
		w.b[n-1] = 'i'
	}
}

func (w *p2word) step2() {
	s := w.suffix(step2Suffixes)
	n := len(w.b)
	if s == "" || len(s) > n-w.r1 {
		return
	}
	switch s {
	case "li":
		if n >= 3 {
			switch w.b[n-3] {
			case 'c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't':
				w.replace(2, "")
			}
		}
	case "ogi":
		if n >= 4 && w.b[n-4] == 'l' {
			w.replace(3, "og")
		}
	default:
		w.replace(len(s), step2Repl[s])
	}
}

func (w *p2word) step3() {
	s := w.suffix(step3Suffixes)
	if s == "" || len(s) > len(w.b)-w.r1 {
		return
	}
	if s == "ative" {
		if len(w.b)-w.r2 >= 5 {
			w.replace(5, "")
		}
		return
	}
	w.replace(len(s), step3Repl[s])
}

func (w *p2word) step4() {
	s := w.suffix(step4Suffixes)
	n := len(w.b)
	if s == "" || len(s) > n-w.r2 {
		return
	}
	if s == "ion" {
		if n >= 4 && (w.b[n-4] == 's' || w.b[n-4] == 't') {
			w.replace(3, "")
		}
		return
	}
	w.replace(len(s), "")
}

func (w *p2word) step5() {
	last := len(w.b) - 1
	if w.r1 > last {
		return
	}
	if w.b[last] == 'e' {
		if w.r2 <= last || !w.endsShort(last) {
			w.replace(1, "")
		}
	} else if w.r2 <= last && w.b[last] == 'l' && last >= 1 && w.b[last-1] == 'l' {
		w.replace(1, "")
	}
}

// HeadSet is a set of stem heads (StemHead's two bytes) that tells, for
// most words, that a word's stem begins with none of them without a map
// lookup: recall reads ~20,000 words a tick for a few dozen stems, and
// most words are passed over (Excludes).
type HeadSet struct{ bits [1 << 16 / 64]uint64 }

// NewHeadSet returns the set of heads. It also holds the first two bytes
// of every word StemHead is unsure of (an irregular past form, an
// exception), so that Excludes needs no lookup of the word itself.
func NewHeadSet(heads []string) *HeadSet {
	s := &HeadSet{}
	for _, h := range heads {
		s.add(h)
	}
	for w := range irregularPast {
		s.add(w)
	}
	for w := range specialStems {
		s.add(w)
	}
	return s
}

func (s *HeadSet) add(h string) {
	if len(h) >= 2 {
		i := headBit(h[0], h[1])
		s.bits[i/64] |= 1 << (i % 64)
	}
}

func headBit(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

func (s *HeadSet) has(h string) bool {
	i := headBit(h[0], h[1])
	return s.bits[i/64]&(1<<(i%64)) != 0
}

// Excludes reports a word, as written, of lower-case ASCII letters and
// digits (its first letter may be a capital) whose lowered form's
// StemHead is sure and not in the set; false when unsure.
func (s *HeadSet) Excludes(w string) bool {
	if len(w) < 2 {
		return false
	}
	c := w[0]
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	if (c < 'a' || c > 'z') && (c < '0' || c > '9') || !lowerAlnum(w[1:]) {
		return false
	}
	i := headBit(c, w[1])
	return s.bits[i/64]&(1<<(i%64)) == 0
}
