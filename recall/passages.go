package recall

import (
	"context"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/recall/anchor"
)

// passage is a candidate passage: a document, the plan queries that
// fetched it and that it passes the gate of, and its score for the best of
// them. Its entity bonus reads the whole text for names, and its facets'
// bonus its metadata, so they are taken only when the passage could still
// be picked (settle): until then, ub bounds its score.
type passage struct {
	seq   int
	terms map[string]float32
	first bool // it holds a query's rarest matched word first
	by    []queryHit
	ub    float64
	// Once settled: the hit of its best query, and its score.
	settled bool
	doc     index.Hit
	query   int
	score   float32
}

// queryHit is a plan query's hit on a passage and the query's coverage.
type queryHit struct {
	r     index.Hit
	query int
	cov   float32
}

// boundSlack covers the float32 roundings of a score against its bound,
// computed in float64 (a few units in the last place of numbers near 1).
const boundSlack = 1e-4

// recallPassages ranks the index's passages for the plan's queries.
func recallPassages(ctx context.Context, ix *index.Index, in RecallInput, pw planWords, pointed []project.Snippet) ([]project.Snippet, error) {
	k := in.K
	if k <= 0 {
		k = index.DefaultK
	}
	cands, err := gatherPassages(ctx, ix, in, pw)
	if err != nil {
		return nil, err
	}
	markFirsts(cands, pw.queries)
	for _, c := range cands {
		c.bound(len(pw.named), pw.boost.Max())
	}
	return withTelling(pickPassages(cands, pw, k), cands, pw, pointed, k), nil
}

// withTelling puts first, when no pick holds a sentence of a pointed
// anchor and a candidate does, the best such candidate, in the place of
// the last pick: an anchor is one sentence, and a fact told over two is
// whole only in the passage around it (tellingPassage).
func withTelling(out []project.Snippet, cands []*passage, pw planWords, pointed []project.Snippet, k int) []project.Snippet {
	if len(out) == 0 || slices.ContainsFunc(out, func(s project.Snippet) bool { return tells(s.Text, pointed) }) {
		return out
	}
	var best *passage
	var bestText string
	for _, c := range cands {
		// Only a passage of an anchor's own scene is read for its
		// sentence: the others are not around it.
		if !slices.ContainsFunc(pointed, func(a project.Snippet) bool { return a.Seq == c.seq }) ||
			slices.ContainsFunc(out, func(s project.Snippet) bool { return s.Seq == c.seq }) || !tells(c.by[0].r.Content, pointed) {
			continue
		}
		if !c.settled {
			c.settle(pw)
		}
		text := bestSentences(c.doc.Content, pw.queries[c.query], pw.terms)
		if tells(text, pointed) && (best == nil || c.score > best.score || (c.score == best.score && c.seq > best.seq)) {
			best, bestText = c, text
		}
	}
	if best == nil {
		return out
	}
	m := best.doc.Meta
	first := project.Snippet{Seq: best.seq, Title: m["title"], Kind: m["kind"], Text: bestText, Score: best.score}
	return append([]project.Snippet{first}, out[:min(len(out), k-1)]...)
}

// tells reports whether text holds the sentence of one of the anchors,
// or the part of it a long sentence's anchor keeps (anchor.Cut): the
// passage is where the rest of it is.
func tells(text string, anchors []project.Snippet) bool {
	return slices.ContainsFunc(anchors, func(a project.Snippet) bool {
		return strings.Contains(text, uncut(a.Text))
	})
}

// uncut is an anchor's text as shown without its cut marks (anchor.Cut).
func uncut(text string) string {
	return strings.TrimPrefix(strings.TrimSuffix(text, " "+anchor.Cut), anchor.Cut+" ")
}

// gatherPassages fetches candidates for the plan's queries in one pass over
// the index (index.NearestEach: scene chunks and summaries of the scenes
// not excluded, so the recallFetch are all usable) and keeps those that
// pass a query's gate, ordered by document id.
func gatherPassages(ctx context.Context, ix *index.Index, in RecallInput, pw planWords) ([]*passage, error) {
	queries := pw.queries
	lexical := ix.Lexical()
	var ask []string
	var asked []int
	for qi, text := range pw.texts {
		if strings.TrimSpace(text) != "" && (!lexical || queries[qi].total > 0) {
			ask, asked = append(ask, text), append(asked, qi)
		}
	}
	fetched, err := ix.NearestEach(ctx, ask, recallFetch, in.Exclude)
	if err != nil {
		return nil, err
	}
	byID := map[string]*passage{}
	termsOf := map[string]map[string]float32{} // a document's weights of the plan's words, once per call
	for j, qi := range asked {
		res := fetched[j]
		top := float32(0)
		for _, r := range res {
			top = max(top, r.Similarity)
		}
		for _, r := range res {
			seq, _ := strconv.Atoi(r.Meta["seq"])
			terms, ok := termsOf[r.ID]
			if !ok {
				terms = pw.terms.of(r.Content)
				termsOf[r.ID] = terms
			}
			cov := queries[qi].coverage(terms)
			if (lexical && cov < minCoverage && !queries[qi].holdsRare(terms)) || (!lexical && r.Similarity < minSimilarity*top) {
				continue
			}
			c := byID[r.ID]
			if c == nil {
				c = &passage{seq: seq, terms: terms}
				byID[r.ID] = c
			}
			c.by = append(c.by, queryHit{r: r, query: qi, cov: cov})
		}
	}
	cands := make([]*passage, 0, len(byID))
	for _, c := range byID {
		cands = append(cands, c)
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].by[0].r.ID < cands[j].by[0].r.ID })
	return cands, nil
}

// markFirsts marks, for each query, the first passage holding the query's
// rarest word: where a thing is described in full is where it first
// appears.
func markFirsts(cands []*passage, queries []lexQuery) {
	for _, q := range queries {
		rare, rareW := "", float32(0)
		for _, c := range cands {
			if len(c.terms) == 0 {
				continue // most hold none of the plan's stems
			}
			for _, w := range q.ws {
				if c.terms[w.t] == 1 && (rare == "" || w.w > rareW || (w.w == rareW && w.t < rare)) {
					rare, rareW = w.t, w.w
				}
			}
		}
		var first *passage
		for _, c := range cands {
			if rare != "" && c.terms[rare] == 1 && (first == nil || c.seq < first.seq) {
				first = c
			}
		}
		if first != nil {
			first.first = true
		}
	}
}

// bound sets ub above any score settle can give the passage: its best
// query's similarity and coverage, every facet (boostMax), every
// plan-named entity named, and the first-passage bonus if it has it.
func (c *passage) bound(named int, boostMax float32) {
	var best float64
	for _, h := range c.by {
		best = max(best, float64(h.r.Similarity)+wLexical*float64(h.cov))
	}
	c.ub = best + float64(boostMax) + wEntity*float64(named) + boundSlack
	if c.first {
		c.ub += wFirst
	}
}

// settle scores the passage: similarity, coverage, facets and the
// entities it names of those its query names, for each query that
// fetched it, keeping the first best; then the first-passage bonus.
func (c *passage) settle(pw planWords) {
	boost := pw.boost.Bonus(c.by[0].r.Meta)
	names := pw.names.All(anchor.Words(c.by[0].r.Content))
	for i, h := range c.by {
		var hits float32
		for _, e := range names {
			if slices.Contains(pw.namedBy[h.query], e) {
				hits += wEntity
			}
		}
		score := h.r.Similarity + wLexical*h.cov + boost + hits
		if i == 0 || score > c.score {
			c.doc, c.query, c.score = h.r, h.query, score
		}
	}
	if c.first {
		c.score += wFirst
	}
	c.settled = true
}

// pickPassages takes up to k passages, one per scene and one per text,
// best first; a query that already has passages counts for less. A passage is settled only
// while its bound reaches the best settled score: below it, it cannot be
// the pick.
func pickPassages(cands []*passage, pw planWords, k int) []project.Snippet {
	taken := map[int]int{} // query -> passages taken
	seqs := map[int]bool{}
	shown := map[string]bool{} // the texts taken
	var out []project.Snippet
	for len(out) < k {
		var best *passage
		var bestScore float32
		for {
			var open *passage // the unsettled passage of the highest bound
			best = nil
			for _, c := range cands {
				if seqs[c.seq] {
					continue
				}
				if !c.settled {
					if open == nil || c.ub > open.ub {
						open = c
					}
					continue
				}
				s := c.score * float32(math.Pow(sameQueryDamp, float64(taken[c.query])))
				if best == nil || s > bestScore || (s == bestScore && (c.seq > best.seq || (c.seq == best.seq && c.doc.ID < best.doc.ID))) {
					best, bestScore = c, s
				}
			}
			if open == nil || (best != nil && float64(bestScore) > open.ub) {
				break
			}
			open.settle(pw)
		}
		if best == nil {
			break
		}
		seqs[best.seq] = true
		text := bestSentences(best.doc.Content, pw.queries[best.query], pw.terms)
		if shown[text] {
			// The writer shows a text once: a second copy (a scene
			// that repeats another's words) would spend a slot on
			// nothing.
			continue
		}
		shown[text] = true
		taken[best.query]++
		m := best.doc.Meta
		out = append(out, project.Snippet{Seq: best.seq, Title: m["title"], Kind: m["kind"], Text: text, Score: bestScore})
	}
	return out
}

// bestSentences cuts a passage to its sentence holding the most of the
// query's weight, with its neighbours while they fit passageWords, those
// of its own paragraph first (a fact told over two sentences, the second
// the one the plan's words hold: "He will make you a present of it on the
// spot. Last winter a visitor said a kind word about his bay mare …"); pt
// reads the sentences for the plan's words as it read the passage.
func bestSentences(text string, q lexQuery, pt *planTerms) string {
	var ss []string
	var para []int // the paragraph of each sentence
	for i, p := range index.Paragraphs(text) {
		for _, s := range index.Sentences(p) {
			ss, para = append(ss, s), append(para, i)
		}
	}
	if len(ss) == 0 {
		return text
	}
	bi, bc := 0, float32(-1)
	for i, s := range ss {
		if c := q.coverage(pt.of(s)); c > bc {
			bi, bc = i, c
		}
	}
	from, to := bi, bi+1
	words := len(strings.Fields(ss[bi]))
	for _, own := range []bool{true, false} {
		fits := func(i int) bool {
			return (!own || para[i] == para[bi]) && words+len(strings.Fields(ss[i])) <= passageWords
		}
		for grew := true; grew; {
			grew = false
			if to < len(ss) && fits(to) {
				words += len(strings.Fields(ss[to]))
				to++
				grew = true
			}
			if from > 0 && fits(from-1) {
				from--
				words += len(strings.Fields(ss[from]))
				grew = true
			}
		}
	}
	if to < len(ss) && para[to] == para[bi] && words < passageWords/2 {
		// Under half its length, and the next sentence of its paragraph
		// too long to come whole: it goes on with what the passage began
		// ("The tithe barn burned, and the village blamed the haymakers.
		// It was Jesse Corsellis who fired it, …"), and comes cut to the
		// passage's length rather than not at all.
		to++
	}
	out := anchor.CapWords(strings.Join(ss[from:to], " "), min(max(passageWords, len(strings.Fields(ss[bi]))), 2*passageWords))
	if from > 0 {
		out = "… " + out
	}
	if to < len(ss) && !strings.HasSuffix(out, "…") {
		out += " …"
	}
	return out
}
