package words

import (
	"slices"
	"strings"
	"testing"

	"github.com/kljensen/snowball/english"
	"github.com/storyd/storyd/internal/fixture"
)

// TestStemASCIIAsSnowball checks the byte stemmer against the library on
// every word of both corpus novels (~13,000 distinct words), and on
// made-up words that end in each suffix a step looks for, after stems
// that put it in and out of R1 and R2.
func TestStemASCIIAsSnowball(t *testing.T) {
	seen := map[string]bool{}
	check := func(w string) {
		if seen[w] {
			return
		}
		seen[w] = true
		got, ok := stemASCII(w)
		if want := english.Stem(w, true); !ok || got != want {
			t.Errorf("stemASCII(%q) = %q, %v; the library: %q", w, got, ok, want)
		}
		checkHead(t, w)
	}
	for _, name := range []string{fixture.PrideAndPrejudice, fixture.Frankenstein} {
		Each(fixture.Text(t, name), func(w string) {
			if _, ok := stemASCII(w); ok {
				check(w)
			}
		})
	}
	var ends []string
	for _, list := range []*suffixes{step1aSuffixes, step1bSuffixes, step1bEnds, step2Suffixes, step3Suffixes, step4Suffixes} {
		for _, l := range list {
			ends = append(ends, l...)
		}
	}
	ends = append(ends, "e", "l", "ll", "y", "ly", "yed", "ying", "ies", "ely")
	for _, stem := range []string{"", "a", "b", "by", "ay", "ab", "bab", "yb", "bay", "gener", "commun", "arsen", "abab",
		"abaab", "tab", "ww", "bax", "bow", "yayb", "ais", "bis", "sat", "st", "lst", "bl", "babl", "bog", "ell", "lin", "tt"} {
		for _, e := range ends {
			for _, e2 := range []string{"", "s", "ed", "ing", "ly", "e"} {
				check(stem + e + e2)
				check(stem + e2 + e)
			}
		}
	}
	if len(seen) < 10000 {
		t.Errorf("checked %d words; want the corpus's", len(seen))
	}
}

// FuzzStemASCII holds the byte stemmer to the library on any word it
// takes, and on the input read as letters (most inputs hold some other
// byte, which the byte stemmer leaves to the library).
func FuzzStemASCII(f *testing.F) {
	for _, s := range []string{"generously", "communication", "arsenal", "sky", "yelling", "bayed", "hopping", "agreed",
		"cried", "ties", "gas", "feed", "luxuriated", "dependently", "controllable", "rolling", "hope", "13th", "y", "yy", "ayy"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		letters := []byte(w)
		for i, c := range letters {
			letters[i] = "abcdefghijklmnopqrstuvwxyz0aeiouylst"[int(c)%36]
		}
		for _, w := range []string{w, string(letters)} {
			if got, ok := stemASCII(w); ok {
				if want := english.Stem(w, true); got != want {
					t.Errorf("stemASCII(%q) = %q; the library: %q", w, got, want)
				}
			}
			checkHead(t, w)
			checkExcludes(t, fuzzHeads, w)
		}
	})
}

var fuzzHeads = NewHeadSet([]string{"ab", "ge", "co", "ho", "13"})

// checkExcludes fails when s excludes w but w lowered has a stem whose
// head is unsure or in s.
func checkExcludes(t *testing.T, s *HeadSet, w string) {
	t.Helper()
	if !s.Excludes(w) {
		return
	}
	lw := strings.ToLower(w)
	if h := StemHead(lw); h == "" || h != lw[:2] || s.has(h) {
		t.Errorf("Excludes(%q) with StemHead %q", w, h)
	}
}

// TestHeadSetExcludes checks Excludes against StemHead on every word of
// both corpus novels as written, and that it never excludes a word whose
// stem StemHead is unsure of, nor one of its heads.
func TestHeadSetExcludes(t *testing.T) {
	heads := []string{"th", "wa", "st", "el"}
	s := NewHeadSet(heads)
	n, excluded := 0, 0
	for _, name := range []string{fixture.PrideAndPrejudice, fixture.Frankenstein} {
		EachAsWritten(fixture.Text(t, name), func(w string, _ bool) {
			n++
			if s.Excludes(w) {
				excluded++
				lw := strings.ToLower(w)
				if h := StemHead(lw); h == "" || slices.Contains(heads, h) {
					t.Errorf("Excludes(%q) with StemHead %q", w, h)
				}
			}
		})
	}
	// "th" alone begins a third of the words ("the", "that").
	if excluded < n/3 {
		t.Errorf("excluded %d of %d words; want more", excluded, n)
	}
	for _, m := range []map[string]string{irregularPast, specialStems} {
		for w := range m {
			if s.Excludes(w) || s.Excludes(strings.ToUpper(w[:1])+w[1:]) {
				t.Errorf("Excludes(%q); StemHead is unsure of it", w)
			}
		}
	}
	for _, w := range []string{"Walks", "thunder", "Elizabeth", "café", "a", "WAlks", "don't"} {
		if s.Excludes(w) {
			t.Errorf("Excludes(%q); want not", w)
		}
	}
	for _, w := range []string{"Ocean", "ocean", "harbour", "1813"} {
		if !s.Excludes(w) {
			t.Errorf("Excludes(%q) = false; want true", w)
		}
	}
}

// checkHead fails unless the stem of w, when it has two bytes or more,
// begins with StemHead(w).
func checkHead(t *testing.T, w string) {
	t.Helper()
	if h, s := StemHead(w), stem(w); len(s) >= 2 && !strings.HasPrefix(s, h) {
		t.Errorf("stem(%q) = %q; StemHead: %q", w, s, h)
	}
}

// TestStemHeadSkipsRewrittenStarts checks that StemHead promises nothing
// for the words whose stem begins otherwise.
func TestStemHeadSkipsRewrittenStarts(t *testing.T) {
	for w := range irregularPast {
		checkHead(t, w)
	}
	for w := range specialStems {
		checkHead(t, w)
	}
	for _, w := range []string{"sang", "dying", "Walks", "café", "a"} {
		if h := StemHead(w); h != "" {
			t.Errorf("StemHead(%q) = %q; want none", w, h)
		}
	}
	if h := StemHead("walks"); h != "wa" {
		t.Errorf(`StemHead("walks") = %q; want "wa"`, h)
	}
}
