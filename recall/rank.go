package recall

import (
	"cmp"
	"context"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/recall/anchor"
)

// Recall ranking (issue 17). What a scene plan gets from the past, best
// first:
//
//  1. anchors (anchors.go) of the entities the plan names, then those of
//     its POV, setting and cast that share a word with the plan;
//  2. passages: candidates come from the vector index, one fetch per plan
//     query; each is scored by its similarity plus its lexical coverage of
//     the query (the IDF-weighted share of the query's words, names left
//     out, that it holds), with bonuses for naming the entities the query
//     or the plan's head names, for being the first passage that holds the
//     query's rarest word, and for sharing the scene's POV, setting, cast or
//     threads. Passages holding
//     none of the query's words beyond names are not candidates: a passage
//     that only names an entity is what its anchors do better. One passage
//     per scene; a query that already has one counts for less, so the plan's
//     beats share the slots; recency only breaks ties. Each passage is cut
//     to its best sentences (passages.go).
//
// The writer takes a bounded number of recalled items in this order, so
// what the plan's words point at comes first: the anchors they point at
// and the best passage, then the named entities' other anchors, then the
// other passages.
//
// The cost per tick is one vector fetch per query plus work on at most
// recallFetch candidates each, and a map lookup per named entity: it does
// not grow with the book beyond the index's own scan. A candidate's words
// are read once, for the plan's words only; its names only when it could
// still be picked.
const (
	recallFetch    = 64   // candidates per query
	minCoverage    = 0.25 // lexical coverage a passage needs (local embedder)
	minAnchorCover = 0.2  // the coverage by which the plan's words point at an anchor
	minSimilarity  = 0.6  // share of a query's best similarity a passage needs (other embedders)
	wLexical       = 0.5
	wEntity        = 0.05 // per plan-named entity the passage names
	wFirst         = 0.05 // the first passage holding a query's rarest matched word
	sameQueryDamp  = 0.8  // per passage already taken for the same query
	passageWords   = 50   // a recalled passage's length: its best sentences
	// scarceAnchors is the most anchors from the prose (its sheet's facts
	// apart) an entity little is known of has: its long sentences
	// (anchor.Anchor.Long) come whole, their fact maybe in their last
	// words; an entity the book says much of (a main character fills
	// MaxAnchorsPerEntity) shows their first anchor.MaxWords, as its
	// long narration whole filled the pack.
	scarceAnchors    = MaxAnchorsPerEntity / 2
	anchorsNamed     = 6 // anchors of the entities the plan names, shared among them
	anchorsPerNamed  = 3 // the least each named entity gets of those
	anchorsDescribed = 2 // anchors of entities not named whose words the plan shares
	notedUnpointed   = 2 // noted anchors of a named entity that come unpointed, at most
)

// RecallInput is a scene plan and what the recency tiers already show.
type RecallInput struct {
	Project *project.Project
	Plan    *project.Plan
	// K is the number of passages; <= 0 means index.DefaultK.
	K int
	// Exclude reports scenes the writer sees anyway (the recency tiers).
	Exclude func(seq int) bool
}

// Recall returns the anchors and passages for a scene plan, best first.
// ix or anchors may be nil (no semantic index, no anchor store).
func Recall(ctx context.Context, ix *index.Index, anchors *Anchors, in RecallInput) ([]project.Snippet, error) {
	p, plan := in.Project, in.Plan
	if in.Exclude == nil {
		in.Exclude = func(int) bool { return false }
	}
	texts := PlanQueries(p, plan)
	ents := anchorEntities(p)
	idf, rareAt := func(string) float32 { return 1 }, float32(math.Inf(1))
	var held func(string) float32 // a word's IDF, 0 when no document holds it
	if ix != nil && ix.Lexical() {
		idf, rareAt = ix.WordWeight, ix.RareWeight()
		held = func(t string) float32 {
			if !ix.Holds(t) {
				return 0
			}
			return ix.WordWeight(t)
		}
	}
	pw := planWords{texts: texts, ents: ents, names: anchor.NewMatcher(ents), lex: newLexicon(held)}
	if held != nil {
		pw.lex.rareAt = rareAt
	}
	pw.named = planNamed(pw.names, ents, texts)
	pw.namedBy = make([][]int, len(texts))
	for i, t := range texts {
		pw.namedBy[i] = planNamed(pw.names, ents, []string{texts[0], t})
	}
	pw.queries = make([]lexQuery, len(texts))
	for i, t := range texts {
		pw.queries[i] = newLexQuery(pw.names.Without(t), idf, rareAt, pw.lex)
	}
	pw.terms = newPlanTerms(pw.lex, pw.queries)
	pw.boost = index.NewBooster(index.Boosts{POV: plan.POV, Location: plan.Location, Cast: plan.Cast, Threads: plan.ThreadsAdvanced})
	var pointed, unpointed, ps []project.Snippet
	if anchors != nil {
		pointed, unpointed = recallAnchors(anchors, p, in.Exclude, pw)
	}
	var err error
	if ix != nil {
		ps, err = recallPassages(ctx, ix, in, pw, pointed)
	}
	// The writer takes a bounded number of recalled items, best first:
	// what the plan's words point at (anchors, the best passage) before
	// the named entities' facts they do not, the other passages last.
	if len(ps) == 0 {
		return slices.Concat(pointed, unpointed), err
	}
	i := tellingPassage(ps, pointed)
	return slices.Concat(pointed, ps[i:i+1], unpointed, ps[:i], ps[i+1:]), err
}

// tellingPassage is the passage to come with the pointed anchors: the
// first that holds one of their sentences, else the best. An anchor is
// one sentence; a fact told over two ("'Nobody touches that ladle but
// me,' said Mrs. Nicholls. 'It was my mother's, and the crown stamped on
// the bowl …'") is whole only in the passage around it.
func tellingPassage(ps, pointed []project.Snippet) int {
	return max(slices.IndexFunc(ps, func(s project.Snippet) bool { return tells(s.Text, pointed) }), 0)
}

// planWords is what Recall reads from a plan once: its queries' texts and
// weighted words, the project's entities and those the plan names, and
// the lexicon (with its memos) every text scored against it is read by,
// for the plan's words (terms), and its facets (boost).
type planWords struct {
	texts   []string
	queries []lexQuery
	ents    []anchor.Entity
	names   anchor.Matcher
	named   []int // positions in ents
	// namedBy are, by query, the entities it names and those the plan's
	// head (its first query: title, intention, threads) names: a passage
	// a beat fetched counts the names that beat and the scene's frame
	// give, not those of another beat.
	namedBy [][]int
	lex     *lexicon
	terms   *planTerms
	boost   index.Booster
}

// planNamed lists the entities the plan's texts name, in order.
func planNamed(m anchor.Matcher, ents []anchor.Entity, texts []string) []int {
	var out []int
	for _, t := range texts {
		for _, e := range m.All(anchor.Words(t)) {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// lexQuery is a query's content words and their weights.
type lexQuery struct {
	w map[string]float32
	// words are w's keys in the text's order: sums over them are taken
	// in that order, since a float32 sum over a map's random order
	// differs in its last bits from run to run (and so could a ranking).
	words []string
	// forms are, by word, the stems of its parts and base (words.go),
	// each weighing partWeight of the word, or less when it is commoner.
	forms map[string][]lexForm
	total float32
	// rareAt is the weight from which a word is rare enough that a passage
	// holding it is a candidate whatever its coverage.
	rareAt float32
	// ws are the words with their weights and forms, in words' order, and
	// rare those of them a text can hold at rareAt² or more (holdsRare):
	// a text's weights are at most 1, so a word whose weight and forms'
	// weights are all below cannot. The sums read these, not the maps:
	// recall scores ~200 passages and every anchor of the book a tick.
	ws, rare []lexWord
}

type lexWord struct {
	t     string
	w     float32
	forms []lexForm
}

type lexForm struct {
	t string
	w float32
}

// newLexQuery weighs the words of text, whose entity names the caller has
// taken out (anchor.Matcher.without); lx may be nil.
func newLexQuery(text string, idf func(string) float32, rareAt float32, lx *lexicon) lexQuery {
	q := lexQuery{w: map[string]float32{}, forms: map[string][]lexForm{}, rareAt: rareAt}
	add := func(word, t string) {
		if _, ok := q.w[t]; ok {
			return
		}
		// Squared, as in a TF-IDF cosine (the query's weight times the
		// passage's): one rare word shared outweighs several common ones.
		w := idf(t) * idf(t)
		forms := lx.related(word, t)
		// A word no passage holds but whose parts some do is the book's
		// word for it: it weighs what its parts do and they match it in
		// full ("gravestone", "grave"). A word the book never used stays
		// at its weight: the plan asks for something no passage has.
		unseen := len(forms) > 0 && !lx.known(t)
		if unseen {
			w = 0
		}
		for _, p := range forms {
			f := lexForm{p, partWeight * min(idf(t)*idf(t), idf(p)*idf(p))}
			if unseen {
				f.w = idf(p) * idf(p)
				w = max(w, f.w)
			}
			q.forms[t] = append(q.forms[t], f)
		}
		q.w[t] = w
		q.words = append(q.words, t)
		q.total += w
	}
	lx.words(text, func(word, t, prev string) {
		if indefinite[word] {
			return
		}
		add(word, t)
		// Two words the book writes as one ("strong room", "strongroom")
		// are that word too.
		if j := lx.joined(prev, word); j != "" {
			add(prev+word, j)
		}
	})
	q.capUnseen(lx)
	for _, t := range q.words {
		lw := lexWord{t, q.w[t], q.forms[t]}
		q.ws = append(q.ws, lw)
		r := q.rareAt * q.rareAt
		if lw.w >= r || slices.ContainsFunc(lw.forms, func(f lexForm) bool { return f.w >= r }) {
			q.rare = append(q.rare, lw)
		}
	}
	return q
}

// capUnseen weighs each of the query's words the book never used (and
// whose parts it did not use either) as the rarest word the query shares
// with the book: no passage can hold it, so at the top IDF it would only
// bury every passage's coverage; at nothing, a common word left alone
// would stand for the whole plan.
func (q *lexQuery) capUnseen(lx *lexicon) {
	if lx == nil || lx.idf == nil {
		return
	}
	var top float32
	for t, w := range q.w {
		if lx.known(t) || len(q.forms[t]) > 0 {
			top = max(top, w)
		}
	}
	if top == 0 {
		return
	}
	for _, t := range q.words {
		if w := q.w[t]; !lx.known(t) && len(q.forms[t]) == 0 && w > top {
			q.total -= w - top
			q.w[t] = top
		}
	}
}

// want adds to set the stems the query's scores read of a text's terms
// (match): its words and their forms.
func (q lexQuery) want(set map[string]bool) {
	for _, t := range q.words {
		set[t] = true
		for _, f := range q.forms[t] {
			set[f.t] = true
		}
	}
}

// match is the weight of the query's word w that terms hold: the word's
// own, or less through a part or base of it or of theirs.
func (w lexWord) match(terms map[string]float32) float32 {
	m := terms[w.t] * w.w
	for _, f := range w.forms {
		m = max(m, terms[f.t]*f.w)
	}
	return m
}

// holdsRare reports whether terms hold one of the query's rare words (at
// a rare word's weight: a part alone must be rarer still).
func (q lexQuery) holdsRare(terms map[string]float32) bool {
	if len(terms) == 0 {
		return false // most of the texts read for a plan hold none of its words
	}
	for _, w := range q.rare {
		if w.match(terms) >= q.rareAt*q.rareAt {
			return true
		}
	}
	return false
}

// coverage is the weighted share of the query's words among terms.
func (q lexQuery) coverage(terms map[string]float32) float32 {
	if q.total == 0 {
		return 0
	}
	return q.shared(terms) / q.total
}

// shared is the weight of the query's words among terms.
func (q lexQuery) shared(terms map[string]float32) float32 {
	var got float32
	if len(terms) == 0 {
		return got
	}
	for _, w := range q.ws {
		got += w.match(terms)
	}
	return got
}

// recallAnchors picks anchors for the plan: up to anchorsPerNamed for each
// entity the plan names (anchorsNamed shared among them), those the plan's
// words point at first, else the one of each kind that says the most; then up to
// anchorsDescribed of any other entity whose anchor holds enough of a plan
// query's words (the lexical gate passages pass): a plan that names a
// thing by part of its description ("the heron instrument", "the cave
// behind the waterfall") without its owner or place finds the sentence
// that described it in full. The store is bounded per entity, so scanning
// every anchor costs the same at scene 1,000 as at scene 30.
//
// It returns those the plan's words point at apart from those it does
// not (Recall orders them): a plan naming four or five people must not
// bury the described thing its words point at under their unpointed facts.
func recallAnchors(a *Anchors, p *project.Project, exclude func(int) bool, pw planWords) (pointed, unpointed []project.Snippet) {
	ents, named := pw.ents, pw.named
	pk := anchorPicker{a: a, p: p, exclude: exclude, queries: pw.queries, lex: pw.lex, terms: pw.terms}
	var picks []scoredAnchor
	seen := map[string]bool{}
	per := max(anchorsPerNamed, anchorsNamed/max(len(named), 1))
	for _, e := range named {
		seen[ents[e].ID] = true
		picks = append(picks, pk.pick(ents[e].ID, false, per)...)
	}
	picks = picks[:min(len(picks), max(anchorsNamed, anchorsPerNamed*len(named)))]
	var described []scoredAnchor
	for _, e := range ents {
		if !seen[e.ID] {
			described = append(described, pk.pick(e.ID, true, anchorsDescribed)...)
		}
	}
	pointedPicks := slices.DeleteFunc(slices.Clone(picks), func(s scoredAnchor) bool { return !s.pointed() })
	return pk.snippets(slices.Concat(pointedPicks, pickDescribed(described, anchorsDescribed))),
		pk.snippets(slices.DeleteFunc(picks, scoredAnchor.pointed))
}

// pickDescribed takes up to n anchors: each plan query's best before any
// query's second, the one holding the most of its query's weight first (the
// weight, not the share: one rare word shared outweighs two common ones
// that make a larger share of a short beat), of equals the first in
// anchorKindOrder (one word as rare as another held by a promise and by a
// sheet's fact: the promise). A plan's beats are about different things;
// one beat's words must not take every slot.
func pickDescribed(list []scoredAnchor, n int) []scoredAnchor {
	list = slices.Clone(list)
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.mass != b.mass {
			return a.mass > b.mass
		}
		return kindRank(a.x.Kind) < kindRank(b.x.Kind)
	})
	var out, rest []scoredAnchor
	taken := map[int]bool{}
	for _, s := range list {
		if taken[s.query] {
			rest = append(rest, s)
			continue
		}
		taken[s.query] = true
		out = append(out, s)
	}
	out = append(out, rest...)
	return out[:min(len(out), n)]
}

// anchorPicker chooses among one entity's anchors for a plan.
type anchorPicker struct {
	a       *Anchors
	p       *project.Project
	exclude func(int) bool
	queries []lexQuery
	lex     *lexicon
	terms   *planTerms
}

type scoredAnchor struct {
	x     anchor.Anchor
	cov   float32 // the largest share of a plan query's weight it holds
	mass  float32 // the largest weight of a plan query's words it holds
	query int     // the plan query it holds the most of
	rare  bool    // it holds a plan query's rare word
	// scarce: its entity is one little is known of (scarceAnchors) and
	// the plan does not name it (a plan naming it has its sentences to
	// point at, and a paragraph's chance words among them would put it
	// first: blind9's Montanvert).
	scarce bool
}

// pointed reports whether the plan's words point at the anchor: a fifth
// of a query's weight or one of its rare words. A passage needs a quarter;
// an anchor is one sentence already known to state a durable fact, so
// fewer shared words say more of it.
func (s scoredAnchor) pointed() bool {
	if s.x.Para && !s.scarce {
		// Its many words share some with a plan by chance; it comes
		// unpointed, after the sentences about its entity that tell.
		// Of an entity little is known of, it is the fact's likeliest
		// place, and the plan's words point at it as at a sentence.
		return false
	}
	if s.x.Kind == anchor.Noted {
		// No pattern says it states a fact: the passages' gate.
		return s.cov >= minCoverage || s.rare
	}
	return s.cov >= minAnchorCover || s.rare
}

// pick returns up to limit anchors of entity id, only those the plan's
// words point at when pointedOnly: those first, by coverage, then the
// one of each kind that says the most.
func (pk anchorPicker) pick(id string, pointedOnly bool, limit int) []scoredAnchor {
	var list []scoredAnchor
	shown, scarce := pk.shown(id)
	for _, x := range shown {
		if x.Seq > 0 && pk.exclude(x.Seq) {
			continue
		}
		s := pk.score(x)
		s.scarce = scarce && pointedOnly
		// The sheet shows extracted facts; they come as anchors only
		// when the plan's words point at them. One rare word shared is
		// enough, as for passages.
		if (!pointedOnly && !x.Extracted) || s.pointed() {
			list = append(list, s)
		}
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		switch {
		case a.cov != b.cov:
			return a.cov > b.cov
		case a.x.Extracted != b.x.Extracted:
			return !a.x.Extracted // the sheet shows extracted facts already
		case a.x.Uses != b.x.Uses:
			return a.x.Uses > b.x.Uses
		}
		return a.x.Seq < b.x.Seq
	})
	// The plan's words say which when they point at some; a common word
	// or two shared by chance ("receives" and "could not receive comfort")
	// says nothing, and must not put a passing moment before a promise.
	var order, rest, noted []scoredAnchor
	for _, s := range list {
		switch {
		case s.pointed():
			order = append(order, s)
		case s.x.Kind == anchor.Noted:
			noted = append(noted, s)
		default:
			rest = append(rest, s)
		}
	}
	// Else, of each kind, the one that says the most (the rarest words in
	// the book, the first stated of equals): a faint coverage of the plan
	// ("talking" in "afraid of talking longer") must not pick it.
	pk.bySaying(rest, pk.saying)
	order = append(order, oneOfEachKind(rest)...)
	// Noted sentences the plan does not point at come only for an entity
	// too little else is known of to fill its slots, those that tell the
	// most (topMean: the rarest words, whatever the sentence's shape or
	// length, cut or not), notedUnpointed at most, a second only when it
	// holds a word rare in the book: a passing mention ("Someone had seen
	// Beaufort on the road") holds none, and would only take the pack's
	// room.
	// A long one (past anchor.MaxNotedWords) costs two slots: the fact
	// a long sentence states is worth its length only where little else
	// is known.
	// By text, read once, not per comparison: topMean and rareIn read one
	// reading.
	idfs, rare := map[string][]float32{}, map[string]bool{}
	for _, s := range noted {
		v := pk.idfs(s)
		idfs[s.x.Text], rare[s.x.Text] = v, pk.rareIn(v)
	}
	pk.bySaying(noted, func(s scoredAnchor) float32 { return topMean(idfs[s.x.Text]) })
	// A sentence holding a rare word before a paragraph's anchor: a
	// paragraph holds more words, so more rare ones, and is the reading of
	// last resort for a fact no sentence about the entity tells.
	group := func(s scoredAnchor) int {
		switch rare := rare[s.x.Text]; {
		case rare && !s.x.Para:
			return 0
		case rare:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(noted, func(a, b scoredAnchor) int { return cmp.Compare(group(a), group(b)) })
	if len(noted) > 1 {
		noted = slices.Concat(noted[:1], slices.DeleteFunc(noted[1:], func(s scoredAnchor) bool { return !rare[s.x.Text] }))
	}
	used, took := len(order), 0
	for _, s := range noted {
		cost := 1
		if len(strings.Fields(s.x.Text)) > anchor.MaxNotedWords {
			cost = 2
		}
		if used+cost <= limit {
			order = append(order, s)
			used += cost
			if took++; took == notedUnpointed {
				break
			}
		}
	}
	return order[:min(len(order), limit)]
}

// shown is entity id's anchors as recall shows them: a long sentence
// (anchor.Anchor.Long) whole for an entity little is known of
// (scarceAnchors, scarce true), else cut (anchor.CutLong).
func (pk anchorPicker) shown(id string) (list []anchor.Anchor, scarce bool) {
	list = pk.a.For(id)
	// What the prose has said of it: the sheet's facts are on its sheet.
	if told := len(list) - countAnchors(list, func(x anchor.Anchor) bool { return x.Extracted }); told > scarceAnchors {
		for i := range list {
			list[i].Text = anchor.CutLong(list[i])
		}
		return list, false
	}
	return list, true
}

// score reads an anchor for the plan's queries: the most of one it
// holds, as weight and as share, and whether it holds a rare word of any.
func (pk anchorPicker) score(x anchor.Anchor) scoredAnchor {
	terms := pk.terms.of(cmp.Or(x.Own, x.Text)) // its own sentence points, not what joined it
	s := scoredAnchor{x: x}
	for qi, q := range pk.queries {
		m := q.shared(terms)
		if m > s.mass {
			s.mass, s.query = m, qi
		}
		if q.total > 0 {
			s.cov = max(s.cov, m/q.total)
		}
		s.rare = s.rare || q.holdsRare(terms)
	}
	return s
}

// bySaying sorts list by how much each anchor says (saying, or tells for
// noted ones), the most first, the first stated of equals: "a tunnel ran
// under the chapel" says more than "was mentioned at dinner".
func (pk anchorPicker) bySaying(list []scoredAnchor, saying func(scoredAnchor) float32) {
	says := map[string]float32{}
	for _, r := range list {
		says[r.x.Text] = saying(r)
	}
	sort.SliceStable(list, func(i, j int) bool {
		if a, b := says[list[i].x.Text], says[list[j].x.Text]; a != b {
			return a > b
		}
		return list[i].x.Seq < list[j].x.Seq
	})
}

// saying is how much an anchor a shape read says: the mean IDF of its
// words, its entity's names left out. The shape says it states a fact;
// of two of one kind, the shorter is the fact ("Henry Clerval could not
// read music"), a long one more often a passing moment.
func (pk anchorPicker) saying(s scoredAnchor) float32 { return mean(pk.idfs(s)) }

// topMean is how much a noted anchor (no shape read) says, by its idfs:
// the mean IDF of its tellsWords rarest words, its entity's names left
// out (idfs; it sorts them in place). Nothing but
// its words says a noted sentence states a fact: one that does ("… a
// Chinese automaton in the form of a nightingale …") holds words the
// book uses nowhere else, whatever its length and shape, while a passing
// mention ("Someone had seen her on the road that morning") holds none; a
// mean over all words drowns a long sentence's rare words in its common
// ones.
func topMean(idfs []float32) float32 {
	slices.SortStableFunc(idfs, func(a, b float32) int { return cmp.Compare(b, a) })
	return mean(idfs[:min(len(idfs), tellsWords)])
}

// tellsWords is how many of a noted anchor's rarest words topMean reads:
// about what a fact takes beyond the names (anchor's minAloneTerms).
const tellsWords = 4

// idfs are the IDFs of an anchor's words, its entity's names left out,
// in the words' sorted order: a float32 sum over a map's random order
// differs in its last bits from run to run, and equals are told apart by
// the order they were stated in, not by those bits.
func (pk anchorPicker) idfs(s scoredAnchor) []float32 {
	if pk.lex == nil || pk.lex.idf == nil {
		return nil
	}
	names := pk.names(s.x.Entity)
	var out []float32
	for _, t := range slices.Sorted(maps.Keys(pk.lex.terms(s.x.Text))) {
		if names[t] == 0 {
			out = append(out, pk.lex.idf(t))
		}
	}
	return out
}

// names are the terms of an entity's names, which say nothing of what an
// anchor of it tells (idfs).
func (pk anchorPicker) names(entity string) map[string]float32 {
	if pk.a == nil {
		return map[string]float32{}
	}
	return pk.lex.terms(pk.a.data.Names[entity])
}

// rareIn reports whether an anchor, by its idfs, holds a word rare in
// the book (lexicon.rare), its entity's names left out; always when the
// book's rarity is unknown.
func (pk anchorPicker) rareIn(idfs []float32) bool {
	if pk.lex == nil || pk.lex.rareAt <= 0 {
		return true
	}
	return slices.ContainsFunc(idfs, func(w float32) bool { return w >= pk.lex.rareAt })
}

func mean(v []float32) float32 {
	var sum float32
	for _, x := range v {
		sum += x
	}
	return sum / float32(max(len(v), 1))
}

func (pk anchorPicker) snippets(list []scoredAnchor) []project.Snippet {
	var out []project.Snippet
	for _, s := range list {
		out = append(out, project.Snippet{Seq: s.x.Seq, Title: entityName(pk.p, s.x.Entity), Kind: index.KindAnchor, Text: s.x.Text,
			Score: 1 + s.cov, Entity: s.x.Entity, Anchor: s.x.Kind})
	}
	return out
}

// oneOfEachKind orders anchors when nothing in the plan tells which fact
// it needs: one of each kind before a second of any, the kinds a long book
// must not drop first.
func oneOfEachKind(list []scoredAnchor) []scoredAnchor {
	var order []scoredAnchor
	kinds := map[string]bool{}
	byKind := slices.Clone(list)
	sort.SliceStable(byKind, func(i, j int) bool { return kindRank(byKind[i].x.Kind) < kindRank(byKind[j].x.Kind) })
	for _, s := range byKind {
		if !kinds[s.x.Kind] {
			kinds[s.x.Kind] = true
			order = append(order, s)
		}
	}
	for _, s := range list {
		if !slices.ContainsFunc(order, func(o scoredAnchor) bool { return o.x == s.x }) {
			order = append(order, s)
		}
	}
	return order
}

// anchorKindOrder ranks anchor kinds when the plan's words do not choose,
// and which go first when an entity has too many (evictsBefore): open
// obligations and hidden things first (a promise is what a later scene
// pays off), then what shapes behaviour and belongings, then the kinds
// whose patterns also catch passing moments, most often last: knowledge
// ("knew that it would rain"), inability ("could not refuse") and habits
// ("never been"). On the corpus at 1,000 scenes, few fears and belongings
// the patterns find are passing moments, most of what they find as
// knowledge, inability and habit are.
var anchorKindOrder = []string{anchor.Promised, anchor.Hid, anchor.Fears, anchor.Owns, anchor.Knows, anchor.Cannot, anchor.Trait, anchor.Is, anchor.Noted, anchor.Fact}

func kindRank(k string) int {
	if i := slices.Index(anchorKindOrder, k); i >= 0 {
		return i
	}
	return len(anchorKindOrder)
}

func entityName(p *project.Project, id string) string {
	if c := p.Character(id); c != nil {
		return c.Name
	}
	if l := p.Location(id); l != nil {
		return l.Name
	}
	return id
}
