package words

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// runeLoopWords is Each as it was before 5fda9fc, a word built rune
// by rune: the behaviour the slicing version must keep.
func runeLoopWords(text string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 1 {
			out = append(out, b.String())
		}
		b.Reset()
	}
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		flush()
	}
	flush()
	return out
}

// wordSeeds are texts on the edges of Each's fast path: case, letters
// outside ASCII (marks are not letters and split a word), apostrophes,
// digits, one-letter words, lower-casing that changes a rune's length
// ("İ", "K" the Kelvin sign), invalid UTF-8.
var wordSeeds = []string{
	"", " ", "a", "ab", "A", "AB", "Elizabeth's sister", "don't", "O'Brien’s",
	"Mr. Darcy, 1811 — at Pemberley", "x1 9Z 42", "Éloïse ÉLOÏSE éloïse", "café", "cafe\u0301",
	"İstanbul İ", "\u212a\u212aelvin", "ΣΊΣΥΦΟΣ σίσυφος", "Straße STRASSE", "日本語 テキスト",
	"٣٤ ١", "a\xffb", "\xff\xfe", "ab\xc3", "\xe2\x80", "Ab\u00adcd", "ǅemal ǄEMAL",
	"tab\there\nnew\rline", "a_b-c.d", "ⅻ Ⅻ", "𝔄𝔅 𝒶𝒷",
}

func TestForEachWordAsTheRuneLoop(t *testing.T) {
	for _, s := range wordSeeds {
		checkForEachWord(t, s)
	}
}

// FuzzForEachWordAsTheRuneLoop: Each passes the words the rune loop
// it replaced built, in order.
func FuzzForEachWordAsTheRuneLoop(f *testing.F) {
	for _, s := range wordSeeds {
		f.Add(s)
	}
	f.Fuzz(checkForEachWord)
}

func checkForEachWord(t *testing.T, text string) {
	t.Helper()
	var got []string
	Each(text, func(w string) { got = append(got, w) })
	if want := runeLoopWords(text); !slices.Equal(got, want) {
		t.Errorf("Each(%q) = %q; the rune loop %q", text, got, want)
	}
}
