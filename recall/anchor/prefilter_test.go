package anchor

import (
	"os"
	"path/filepath"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/index"
)

// The literals found start every match of a pattern: a factored
// alternation is spelt out, an optional part both ways, and a pattern
// that may start with anything has none.
func TestMatchStarts(t *testing.T) {
	for re, want := range map[string][]string{
		`\b(owned|owns|carrie[ds])\b`:    {"owned", "owns", "carried", "carries"},
		`^(?:would )?(never|always) \w+`: {"never ", "always "},
		`\b(was|is) (a|an|the)\b`:        {"was a", "was the", "is a", "is the"},
		`[a-z]+ said`:                    nil,
		`(?i)owned`:                      nil,
		`(?:so )?`:                       nil,
		`\bx*y`:                          nil,
	} {
		parsed, err := syntax.Parse(re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := matchStarts(parsed)
		if !slices.Equal(got, want) || ok != (want != nil) {
			t.Errorf("%s: %q, %v; want %q", re, got, ok, want)
		}
	}
}

// Over every window relationOf reads in the pinned chapters (the words
// after each word, of each sentence of the first quarter), a pattern that matches holds one of
// its starts; and the starts are found for all but a few patterns, or
// they would save nothing.
func TestRelationStartsHoldEveryMatch(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "writer", "testdata", "pride-ch1-16.txt"))
	if err != nil {
		t.Fatal(err)
	}
	found, matched := 0, 0
	for _, starts := range relationStarts {
		if starts != nil {
			found++
		}
	}
	if found < len(anchorRelations)-2 {
		t.Errorf("starts found for %d of %d patterns", found, len(anchorRelations))
	}
	for _, para := range index.Paragraphs(string(b[:len(b)/4])) {
		for _, s := range index.Sentences(para) {
			words := Words(s)
			for at := range words {
				after := strings.Join(words[at:min(len(words), at+relationWithin+3)], " ")
				for i, r := range anchorRelations {
					if r.re.MatchString(after) {
						matched++
						if !mayMatch(relationStarts[i], after) {
							t.Fatalf("%v matches %q, which holds none of %q", r.re, after, relationStarts[i])
						}
					}
				}
			}
		}
	}
	if matched < 200 {
		t.Errorf("only %d matches in the chapters", matched)
	}
}
