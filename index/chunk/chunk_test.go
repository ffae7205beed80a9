package chunk

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

func chunkTexts(body string) []string {
	var out []string
	for _, c := range Prose(body) {
		out = append(out, body[c.Start:c.End])
	}
	return out
}

func TestChunkProse(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	para := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprintf("w%d", r.Intn(1000))
			if r.Intn(12) == 0 {
				ws[i] += "."
			}
		}
		return strings.Join(ws, " ") + "."
	}
	var paras []string
	for _, n := range []int{30, 50, 80, 10, 150, 420, 60, 5, 90, 1000, 20} {
		paras = append(paras, para(n))
	}
	body := strings.Join(paras, "\n\n")
	chunks := chunkTexts(body)
	var all []string
	for i, c := range chunks {
		n := len(strings.Fields(c))
		if n > Max+Min/2 {
			t.Errorf("chunk %d: %d words; want at most %d", i, n, Max+Min/2)
		}
		if n < Min/2 && i != len(chunks)-1 {
			t.Errorf("chunk %d: %d words; want at least %d", i, n, Min/2)
		}
		all = append(all, strings.Fields(c)...)
	}
	if want := strings.Fields(body); !slices.Equal(all, want) {
		t.Errorf("chunks lose or reorder words: got %d words; want %d", len(all), len(want))
	}
	// Chunks are byte ranges of the body, from a word to a word: what the
	// index reads back from the scene file.
	wrapped := para(30) + "\n\n  " + para(40) + "\n" + "wrapped line  \n\n" + para(100) + "\n"
	for _, c := range Prose(wrapped) {
		text := wrapped[c.Start:c.End]
		if text != strings.TrimSpace(text) || text == "" {
			t.Errorf("chunk %q is not trimmed", text)
		}
	}
	if got := strings.Join(chunkTexts(wrapped), " "); strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(wrapped), " ") {
		t.Errorf("chunks of a wrapped body lose words")
	}
	long := strings.Repeat("Mr. Bingley spoke to Mrs. Hurst about the ball at length and at leisure. ", 30)
	for _, c := range chunkTexts(long) {
		if !strings.HasPrefix(c, "Mr. Bingley") {
			t.Errorf("long paragraph split inside a sentence: %.40q", c)
		}
	}
	if got := Prose(" \n\n "); len(got) != 0 {
		t.Errorf("blank body: got %d chunks; want 0", len(got))
	}
}

// A title opening a quotation ends no sentence: "“Mr. Robinson's,” said
// the boy" is one sentence, not "“Mr." and "Robinson's …".
func TestSentencesTitleAfterQuote(t *testing.T) {
	for _, p := range []string{
		`"Mr. Robinson's," said the boy. "Won the cup."`,
		"“Mrs. Younge won't,” she said. “Won the cup.”",
		"He left (Dr. Pell stayed behind) at once. Won the cup.",
	} {
		got := Sentences(p)
		if len(got) != 2 || !strings.HasPrefix(strings.TrimLeft(got[1], `"“`), "Won the cup.") {
			t.Errorf("Sentences(%q) = %q, want two, the title inside the first", p, got)
		}
	}
}

// An initial, or letters with periods, ends no sentence ("by J. Rowley
// of London", "P.S. Below it …"); "I" is a word and ends one.
func TestSentencesInitial(t *testing.T) {
	for p, last := range map[string]string{
		"Made for the Earl by J. Rowley of London, 1715. Below it a pin has scratched a line.": "Below it",
		"No one in the parish was as glad as I. Below it a pin has scratched a line.":          "Below it",
		"M. Waldman was a man of learning. Below it a pin has scratched a line.":               "Below it",
		"The grove is not for sale. P.S. Below it a pin has scratched a line.":                 "P.S. Below it",
		"The house has a garden. N.B. Below it, i.e. under the lawn, run the old workings.":    "N.B. Below it",
	} {
		if got := Sentences(p); len(got) != 2 || !strings.HasPrefix(got[1], last) {
			t.Errorf("Sentences(%q) = %q, want two, the second opening %q", p, got, last)
		}
	}
}
