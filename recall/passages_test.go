package recall

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
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
		pw := planWords{ents: ents, names: anchor.NewMatcher(ents), named: []int{0, 2}, namedBy: [][]int{{0, 2}, {0}, {2}}, queries: make([]lexQuery, 3),
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

// TestPickSkipsATextAlreadyTaken: a scene whose chunk repeats another's
// words gives the writer nothing new (it shows a text once), so the slot
// goes to the next passage.
func TestPickSkipsATextAlreadyTaken(t *testing.T) {
	pw := planWords{queries: make([]lexQuery, 2), namedBy: make([][]int, 2)}
	pw.terms = newPlanTerms(nil, pw.queries)
	cand := func(seq, query int, text string, sim float32) *passage {
		meta := map[string]string{"seq": strconv.Itoa(seq), "kind": index.KindScene}
		hit := index.Hit{ID: fmt.Sprintf("%04d", seq), Meta: meta, Content: text, Similarity: sim}
		c := &passage{seq: seq, terms: map[string]float32{}, by: []queryHit{{r: hit, query: query, cov: 0.5}}}
		c.bound(0, 0)
		return c
	}
	same := "Victor broods by the window and speaks of nothing."
	cands := []*passage{cand(12, 0, same, 0.5), cand(40, 0, same, 0.5), cand(7, 1, "The ladle with the crown hangs by the hearth.", 0.2)}
	got := pickPassages(cands, pw, 2)
	if len(got) != 2 || got[0].Seq != 40 || got[1].Seq != 7 {
		t.Fatalf("picked %+v; want scene 40 (the later of equals), then scene 7, not scene 12's copy", got)
	}
}

// TestPickEntityBonusOfItsQuery: a passage a beat fetched is not raised
// for naming someone only another beat names: the ladle's scene beats a
// scene that shares as few of the ladle beat's words but names Anna, whom
// the tea beat is about.
func TestPickEntityBonusOfItsQuery(t *testing.T) {
	ents := []anchor.Entity{{ID: "c1", Names: []string{"Anna Bell"}}}
	pw := planWords{ents: ents, names: anchor.NewMatcher(ents), named: []int{0}, namedBy: [][]int{nil, {0}, nil}, queries: make([]lexQuery, 3)}
	pw.terms = newPlanTerms(nil, pw.queries)
	cand := func(seq int, text string, sim float32) *passage {
		meta := map[string]string{"seq": strconv.Itoa(seq), "kind": index.KindScene}
		hit := index.Hit{ID: fmt.Sprintf("%04d", seq), Meta: meta, Content: text, Similarity: sim}
		c := &passage{seq: seq, terms: map[string]float32{}, by: []queryHit{{r: hit, query: 2, cov: 0.3}}}
		c.bound(len(pw.named), 0)
		return c
	}
	cands := []*passage{cand(5, "Anna Bell borrowed a spoon from the kitchen.", 0.30), cand(9, "The ladle with the crown hangs in the kitchen.", 0.33)}
	if got := pickPassages(cands, pw, 1); len(got) != 1 || got[0].Seq != 9 {
		t.Fatalf("picked %+v; want scene 9: Anna is named by another beat only", got)
	}
	// The beat that names her raises the passage that names her.
	cands[0].by[0].query = 1
	cands[0].settled, cands[1].settled = false, false
	if got := pickPassages(cands, pw, 1); len(got) != 1 || got[0].Seq != 5 {
		t.Fatalf("picked %+v; want scene 5: its beat names Anna", got)
	}
}

// TestWithTellingPutsThePointedAnchorsPassageFirst: when no pick holds a
// sentence of a pointed anchor, the best candidate that does comes first,
// in the place of the last pick.
func TestWithTellingPutsThePointedAnchorsPassageFirst(t *testing.T) {
	pw := planWords{queries: make([]lexQuery, 2), namedBy: make([][]int, 2)}
	pw.terms = newPlanTerms(nil, pw.queries)
	cand := func(seq int, text string, sim float32) *passage {
		meta := map[string]string{"seq": strconv.Itoa(seq), "kind": index.KindScene}
		hit := index.Hit{ID: fmt.Sprintf("%04d", seq), Meta: meta, Content: text, Similarity: sim}
		c := &passage{seq: seq, terms: map[string]float32{}, by: []queryHit{{r: hit, query: seq % 2, cov: 0.3}}}
		c.bound(0, 0)
		return c
	}
	ladle := `"Nobody touches that ladle but me," said Mrs. Nicholls.`
	cands := []*passage{cand(112, "Victor broods by the window.", 0.5), cand(311, "Tea is served in the parlour.", 0.45),
		cand(528, "Clerval talks of travel.", 0.4), cand(9, ladle+` "It was my mother's, and the crown stamped on the bowl is the king's."`, 0.1)}
	pointed := []project.Snippet{{Seq: 9, Kind: index.KindAnchor, Text: ladle}}
	got := withTelling(pickPassages(cands, pw, 3), cands, pw, pointed, 3)
	var seqs []int
	for _, s := range got {
		seqs = append(seqs, s.Seq)
	}
	if !slices.Equal(seqs, []int{9, 112, 311}) {
		t.Fatalf("passages of scenes %v; want [9 112 311]: the ladle's first, then the two best", seqs)
	}
	if got := withTelling(pickPassages(cands, pw, 3), cands, pw, nil, 3); got[0].Seq != 112 || len(got) != 3 {
		t.Fatalf("with no pointed anchor: %+v; want the picks as they were", got)
	}
}
