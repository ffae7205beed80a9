package anchor

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// builderTokens is anchorTokens as it was before 06c9b33, each word built
// rune by rune: the behaviour the cutting version must keep.
func builderTokens(s string) ([]string, []bool) {
	var out []string
	var caps []bool
	var b strings.Builder
	upper := false
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.TrimRight(b.String(), "'"))
			caps = append(caps, upper)
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if b.Len() == 0 {
				upper = unicode.IsUpper(r)
			}
			b.WriteRune(unicode.ToLower(r))
		case (r == '\'' || r == '’') && b.Len() > 0:
			b.WriteByte('\'')
		default:
			flush()
		}
	}
	flush()
	return out, caps
}

// scanFirst is Matcher.first as it was before 06c9b33: every name
// starting with the word tried, the longest that matches kept (the first
// given among equals); names are read by builderTokens.
func scanFirst(ents []Entity, words []string) (ent, at, end int) {
	byFirst := map[string][][]string{}
	owner := map[string][]int{}
	for i, e := range ents {
		for _, n := range e.Names {
			if ws, _ := builderTokens(n); len(ws) > 0 {
				byFirst[ws[0]] = append(byFirst[ws[0]], ws)
				owner[ws[0]] = append(owner[ws[0]], i)
			}
		}
	}
	for i, w := range words {
		best, bestLen := -1, 0
		key := strings.TrimSuffix(w, "'s")
		for c, cand := range byFirst[key] {
			n := len(cand)
			if n <= bestLen || i+n > len(words) {
				continue
			}
			ok := true
			for j, cw := range cand {
				if strings.TrimSuffix(words[i+j], "'s") != cw {
					ok = false
					break
				}
			}
			if ok {
				best, bestLen = owner[key][c], n
			}
		}
		if best >= 0 {
			return best, i, i + bestLen
		}
	}
	return -1, 0, 0
}

// tokenSeeds are texts on the edges of anchorTokens's ASCII fast path:
// case, letters outside ASCII, marks (not letters: they end a word),
// apostrophes straight and curly inside, around and alone, digits,
// lower-casing that changes a rune's length, invalid UTF-8.
var tokenSeeds = []string{
	"", " ", "'", "''a''", "a", "A", "Darcy's", "DARCY’S", "O'Brien’s", "the Saltby marshes",
	"Mr. Darcy, 1811 — at Pemberley", "x1 9Z 42", "Éloïse ÉLOÏSE éloïse", "cafe\u0301 café",
	"İstanbul", "\u212aelvin", "ΣΊΣΥΦΟΣ", "ǅemal", "日本語", "٣٤", "a\xffb", "\xff'", "ab\xc3",
	"don''t'", "’tis", "rock’n’roll", "ⅻ Ⅻ", "𝔄𝔅",
}

func TestAnchorTokensAsTheBuilder(t *testing.T) {
	for _, s := range tokenSeeds {
		checkAnchorTokens(t, s)
	}
}

// FuzzAnchorTokensAsTheBuilder: anchorTokens gives the words and capitals
// the builder it replaced gave.
func FuzzAnchorTokensAsTheBuilder(f *testing.F) {
	for _, s := range tokenSeeds {
		f.Add(s)
	}
	f.Fuzz(checkAnchorTokens)
}

func checkAnchorTokens(t *testing.T, s string) {
	t.Helper()
	got, gotCaps := anchorTokens(s)
	want, wantCaps := builderTokens(s)
	if !slices.Equal(got, want) || !slices.Equal(gotCaps, wantCaps) {
		t.Errorf("anchorTokens(%q) = %q %v; the builder %q %v", s, got, gotCaps, want, wantCaps)
	}
}

// FuzzNameMatcherFirstAsTheScan: Matcher.first finds the entity, start
// and end the scan of every name it replaced found. names holds the
// entities one a line, an entity's names separated by "|".
func FuzzNameMatcherFirstAsTheScan(f *testing.F) {
	f.Add("the Hall\nthe Hall gardens\nHall|Hall Farm", "they crossed the hall gardens to the Hall")
	f.Add("Mr. Darcy|Darcy\nMr Bennet\nDarcy", "Darcy's horse and mr bennet's")
	f.Add("the Saltby marshes\nthe Saltby\nSaltby", "THE SALTBY MARSHES the saltby")
	f.Add("Éloïse|ÉLOÏSE Marchand\nO'Brien’s Inn", "éloïse marchand's cousin at o'brien's inn")
	f.Add("the\nthe the\nthe the the", "the the")
	f.Add("a\xffb|\xff\n", "a b\xff")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, names, sentence string) {
		var ents []Entity
		for line := range strings.SplitSeq(names, "\n") {
			ents = append(ents, Entity{Names: strings.Split(line, "|")})
		}
		words := Words(sentence)
		ent, at, end := NewMatcher(ents).first(words)
		if we, wa, wn := scanFirst(ents, words); ent != we || at != wa || end != wn {
			t.Errorf("first(%q) over %q = %d [%d,%d); the scan %d [%d,%d)", words, names, ent, at, end, we, wa, wn)
		}
	})
}

// TestNameMatcherFirst: the longest name at the earliest word, whatever
// its case or a possessive "'s"; of two names the same length, the entity
// given first.
func TestNameMatcherFirst(t *testing.T) {
	ents := []Entity{
		{Names: []string{"the Hall"}},                 // 0
		{Names: []string{"the Hall gardens"}},         // 1: longer, same start
		{Names: []string{"Hall"}},                     // 2: one word, the second of 0's
		{Names: []string{"Darcy", "Mr. Darcy"}},       // 3
		{Names: []string{"the Saltby marshes"}},       // 4
		{Names: []string{"Mr Bennet"}},                // 5: shares "mr" with 3's
		{Names: []string{"Darcy", "The Hall Garden"}}, // 6: the same one-word name as 3's
	}
	m := NewMatcher(ents)
	for _, c := range []struct {
		sentence     string
		ent, at, end int
	}{
		{"they walked in the hall gardens", 1, 3, 6},
		{"they walked in the Hall", 0, 3, 5},
		{"the hall's roof fell in", 0, 0, 2},
		{"near the garden by the HALL", 0, 4, 6},
		{"the hall garden", 6, 0, 3},
		{"Hall stood empty", 2, 0, 1},
		{"through the saltby marshes", 4, 1, 4},
		{"THE SALTBY MARSHES", 4, 0, 3},
		{"the saltby fens", -1, 0, 0},
		{"mr darcy and mr bennet", 3, 0, 2},
		{"mr bennet's letter", 5, 0, 2},
		{"Darcy's horse", 3, 0, 1},
		{"a darcy", 3, 1, 2},
		{"the hall the hall gardens", 0, 0, 2},
		{"the", -1, 0, 0},
		{"mr", -1, 0, 0},
		{"", -1, 0, 0},
	} {
		words := Words(c.sentence)
		ent, at, end := m.first(words)
		if ent != c.ent || at != c.at || end != c.end {
			t.Errorf("first(%q) = %d [%d,%d); want %d [%d,%d)", c.sentence, ent, at, end, c.ent, c.at, c.end)
		}
		if we, wa, wn := scanFirst(ents, words); ent != we || at != wa || end != wn {
			t.Errorf("first(%q) = %d [%d,%d); the scan %d [%d,%d)", c.sentence, ent, at, end, we, wa, wn)
		}
	}
}

// fieldsCapWords is CapWords without its fast path: every text split on
// white space and joined again.
func fieldsCapWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		return strings.Join(f[:n], " ") + " …"
	}
	return strings.Join(f, " ")
}

// CapWords returns a text already on one line as it is, and is
// fieldsCapWords all the same, spaces and all.
func TestCapWordsAsFields(t *testing.T) {
	long := strings.Repeat("word ", MaxWords)
	for _, s := range []string{"", " ", "a", "Swore to repay the debt.", " lead", "trail ", "two  spaces", "tab\there",
		"nbsp\u00a0here", "line\nbreak", strings.TrimSpace(long), long + "more", strings.TrimSpace(long) + " more", "bad \xff byte", "ctl\x01 \x7f end", "nel\u0085x", "a b"} {
		if got, want := CapWords(s, MaxWords), fieldsCapWords(s, MaxWords); got != want {
			t.Errorf("CapWords(%q) = %q; want %q", s, got, want)
		}
	}
}
