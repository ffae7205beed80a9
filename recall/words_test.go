package recall

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/internal/fixture"
)

// testLexicon knows the stems of words, each with the given IDF (2 when
// not given).
func testLexicon(words string, idf map[string]float32) *lexicon {
	known := map[string]float32{}
	lx := newLexicon(nil)
	for _, w := range strings.Fields(words) {
		s := lx.stems.Stem(w)
		known[s] = 2
		if v, ok := idf[s]; ok {
			known[s] = v
		}
	}
	lx.idf = func(s string) float32 { return known[s] }
	return lx
}

func TestLexiconRelated(t *testing.T) {
	lx := testLexicon("thunder storm stair case book grave graves tone stone forging strong room window",
		map[string]float32{"tone": 1, "stone": 3})
	for _, c := range []struct{ word, want string }{
		{"thunderstorms", "thunder storm"},
		{"staircase", "stair case"},
		{"bookcase", "book case"},
		// Two splits: the first part no plural, though "tone" is commoner.
		{"gravestone", "grave stone"},
		// A derivation the stemmer leaves apart ("forgeri", "forg").
		{"forgery", "forg"},
		{"windowless", "window"},
		// Stopwords are no parts (the index never holds them); parts
		// under four letters neither.
		{"somewhere", ""},
		{"hayloft", ""},
		// Parts the book never uses.
		{"lighthouse", ""},
	} {
		got := strings.Join(lx.related(c.word, lx.stems.Stem(c.word)), " ")
		if got != c.want {
			t.Errorf("related(%q) = %q; want %q", c.word, got, c.want)
		}
	}
	// -er: the base of a word the book never or seldom uses; a common
	// word ending in -er is its own.
	lx = testLexicon("thatch mother moth corner corn farm farmer", map[string]float32{"farmer": 6, "corner": 3})
	lx.rareAt = 5
	for _, c := range []struct{ word, want string }{
		{"thatcher", "thatch"}, // unknown to the book
		{"farmer", "farm"},     // rare in it
		{"mother", ""},
		{"corner", ""},
	} {
		if got := strings.Join(lx.related(c.word, lx.stems.Stem(c.word)), " "); got != c.want {
			t.Errorf("related(%q) = %q; want %q", c.word, got, c.want)
		}
	}
	var none *lexicon
	if got := none.related("thunderstorms", "thunderstorm"); got != nil {
		t.Errorf("a nil lexicon found forms: %q", got)
	}
}

func TestLexQueryForms(t *testing.T) {
	lx := testLexicon("thunderstorm thunder storm strongroom strong room forging night", nil)
	one := func(string) float32 { return 1 }
	// A part matches at partWeight, in either direction.
	q := newLexQuery("thunder at night", one, 10, lx)
	if got := q.shared(lx.terms("He dreaded thunderstorms.")); got != partWeight {
		t.Errorf("thunder in thunderstorms: shared %v; want %v", got, partWeight)
	}
	both := testLexicon("forgery forging", nil)
	q = newLexQuery("the forgery", one, 10, both)
	if got := q.shared(both.terms("She was forging the accounts.")); got != partWeight {
		t.Errorf("forgery and forging: shared %v; want %v", got, partWeight)
	}
	// A word the book never wrote but whose parts it did is their word.
	q = newLexQuery("the forgery", one, 10, testLexicon("forging", nil))
	if got := q.shared(lx.terms("She was forging the accounts.")); got != 1 || q.total != 1 {
		t.Errorf("forgery unseen, forging: shared %v of %v; want 1 of 1", got, q.total)
	}
	// Two words the book writes as one are that word, in full.
	q = newLexQuery("The strong room is open.", one, 10, lx)
	if _, ok := q.w["strongroom"]; !ok {
		t.Fatalf("strong room was not joined: %v", q.w)
	}
	if got := q.shared(lx.terms("He locked the strongroom.")); got < 1 {
		t.Errorf("strong room and strongroom: shared %v; want at least 1", got)
	}
	// Not across a stopword.
	q = newLexQuery("strong in the room", one, 10, lx)
	if _, ok := q.w["strongroom"]; ok {
		t.Errorf("words apart were joined: %v", q.w)
	}
	// Without a lexicon, stems only.
	q = newLexQuery("thunder", one, 10, nil)
	if got := q.shared((*lexicon)(nil).terms("thunderstorms")); got != 0 || !slices.Equal(mapKeys(q.w), []string{"thunder"}) {
		t.Errorf("no lexicon: shared %v, words %v", got, q.w)
	}
}

func mapKeys(m map[string]float32) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestLexQueryUnseenWords(t *testing.T) {
	// "robber" is no word of the book: it weighs as the query's rarest
	// word the book uses, not as the top IDF that would bury every
	// passage's coverage.
	lx := testLexicon("hanged grave", map[string]float32{"hang": 3, "grave": 2})
	idf := func(s string) float32 {
		if v := lx.idf(s); v > 0 {
			return v
		}
		return 9
	}
	q := newLexQuery("the hanged robber's grave", idf, 100, lx)
	if q.w["robber"] != q.w["hang"] || q.w["hang"] != 9 {
		t.Fatalf("robber weighs %v; want %v, hanged's", q.w["robber"], q.w["hang"])
	}
	if want := 9 + 9 + 4; q.total != float32(want) {
		t.Errorf("total %v; want %v", q.total, want)
	}
	// A query of unseen words only keeps their weights.
	q = newLexQuery("the robber", idf, 100, lx)
	if q.w["robber"] != 81 {
		t.Errorf("alone, robber weighs %v; want 81", q.w["robber"])
	}
}

// TestPlanTermsOfAsTerms checks planTerms' reading, which passes over
// most words unread, against terms restricted to the plan's stems, on a
// corpus novel's paragraphs, with and without a lexicon.
func TestPlanTermsOfAsTerms(t *testing.T) {
	paras := fixture.Paragraphs(t, fixture.Frankenstein)
	lx := testLexicon(strings.Join(paras[:200], " "), nil)
	for _, lx := range []*lexicon{lx, nil} {
		var qs []lexQuery
		for _, p := range []string{"The thunderstorms over Geneva; a bookcase of alchemists.", paras[40], paras[300], "Elizabeth wrote a letter."} {
			qs = append(qs, newLexQuery(p, func(string) float32 { return 1 }, 10, lx))
		}
		pt := newPlanTerms(lx, qs)
		held := 0
		for _, p := range paras[:600] {
			want := map[string]float32{}
			for s, w := range lx.terms(p) {
				if pt.want[s] {
					want[s] = w
				}
			}
			got := pt.of(p)
			held += len(got)
			if !maps.Equal(got, want) && (len(got) > 0 || len(want) > 0) {
				t.Fatalf("of(%.60q) = %v; terms of want: %v", p, got, want)
			}
		}
		if held < 100 {
			t.Errorf("the paragraphs held %d of the plan's stems; want more", held)
		}
	}
}
