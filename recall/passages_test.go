package recall

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/recall/anchor"
)

// TestPickSettlesOnlyWhatCanWin: picking with entity and facet bonuses
// settled on demand gives, passage for passage and score for score, what
// settling every candidate first gives, on random candidates whose scores
// crowd together (close similarities and coverages, both bonuses, several
// queries per passage and several passages per scene), and settles fewer.
func TestPickSettlesOnlyWhatCanWin(t *testing.T) {
	ents := []anchor.Entity{{ID: "c1", Names: []string{"Anna Bell"}}, {ID: "c2", Names: []string{"Tom"}}, {ID: "l1", Names: []string{"the Mill"}}}
	texts := []string{"Anna Bell walked to the Mill with Tom.", "Tom saw the Mill.", "Anna Bell slept.", "Nobody came to the river.", "Tom and Anna Bell quarrelled."}
	settledSome := false
	for round := range 200 {
		pw := planWords{ents: ents, names: anchor.NewMatcher(ents), named: []int{0, 2}, queries: make([]lexQuery, 3),
			boost: index.NewBooster(index.Boosts{POV: "c1", Location: "l1", Cast: []string{"c1", "c2"}})}
		pw.terms = newPlanTerms(nil, pw.queries)
		build := func() []*passage {
			r := rand.New(rand.NewPCG(uint64(round), 7))
			var cands []*passage
			for i := range 40 {
				c := &passage{seq: 1 + r.IntN(15), first: r.IntN(8) == 0}
				text := texts[r.IntN(len(texts))]
				meta := map[string]string{"seq": strconv.Itoa(c.seq), "kind": index.KindScene,
					"pov": []string{"c1", "c2"}[r.IntN(2)], "location": []string{"l1", "l2"}[r.IntN(2)], "characters": []string{"c1", "c2", "c1, c2", ""}[r.IntN(4)]}
				for q := range 3 {
					if r.IntN(2) == 0 || q == 2 && len(c.by) == 0 {
						hit := index.Hit{ID: fmt.Sprintf("%04d", i), Meta: meta, Content: text, Similarity: 0.1 + float32(r.IntN(20))*0.01}
						c.by = append(c.by, queryHit{r: hit, query: q, cov: 0.25 + float32(r.IntN(4))*0.25})
					}
				}
				c.terms = map[string]float32{}
				c.bound(len(pw.named), pw.boost.Max())
				cands = append(cands, c)
			}
			return cands
		}
		lazy, eager := build(), build()
		for _, c := range eager {
			c.settle(pw)
		}
		got, want := pickPassages(lazy, pw, 5), pickPassages(eager, pw, 5)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: settled on demand %v; settled first %v", round, got, want)
		}
		n := 0
		for _, c := range lazy {
			if c.settled {
				n++
			}
		}
		settledSome = settledSome || n < len(lazy)
	}
	if !settledSome {
		t.Error("every candidate was settled in every round: the bound never left one out")
	}
}
