package index

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/storyd/storyd/project"
)

// Query asks the index for passages related to a scene plan.
type Query struct {
	Text string
	// K is the number of snippets wanted; <= 0 means DefaultK.
	K int
	// Exclude drops scene and summary documents of these scenes, e.g. the
	// ones already in the recency tiers.
	Exclude func(seq int) bool
	Boost   Boosts
	// Kinds restricts the document kinds; empty means scene chunks and
	// scene summaries.
	Kinds []string
}

// Boosts raise the score of scene documents sharing the plan's point of
// view, location, cast or threads: Weight for a POV or location match, and
// Weight times the shared fraction of Cast and of Threads. Values are ids
// as written in scene frontmatter, compared case-insensitively.
type Boosts struct {
	POV, Location string
	Cast          []string
	Threads       []string
	// Weight is the boost per facet; 0 means DefaultBoostWeight.
	Weight float32
}

// Query returns the best snippets for q, best first, at most one per
// scene (its best chunk or summary) or per sheet. Equal scores are ordered
// by seq, so results are deterministic.
func (ix *Index) Query(ctx context.Context, q Query) ([]project.Snippet, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	k := q.K
	if k <= 0 {
		k = DefaultK
	}
	kinds := q.Kinds
	if len(kinds) == 0 {
		kinds = []string{KindScene, KindSummary}
	}
	if ix.count == 0 || strings.TrimSpace(q.Text) == "" {
		return nil, nil
	}
	qv, err := ix.embedQuery(ctx, q.Text)
	if err != nil {
		return nil, err
	}
	cands := ix.candidates(kinds, q.Exclude)
	count := cands.n
	b := NewBooster(q.Boost)

	// Boosts and the one-per-scene rule are applied to what the vector
	// scan returns (kinds and exclusions before it: candidates), so fetch
	// more than k and widen the fetch until nothing outside it could still
	// make the top k.
	n := min(count, max(8*k, 64))
	rd := newReads()
	for {
		res, err := ix.nearest(ctx, [][]float32{qv}, n, cands)
		if err != nil {
			return nil, err
		}
		hits := ix.hits(res[0], rd)
		cands := rank(hits, b)
		done := len(res[0]) < n || n == count
		if !done && len(cands) >= k {
			floor := res[0][len(res[0])-1].sim + b.max
			done = cands[k-1].Score > floor
		}
		if done {
			if len(cands) > k {
				cands = cands[:k]
			}
			return cands, nil
		}
		// Rare (large boosts, many chunks of one scene): one full scan settles it.
		n = count
	}
}

func (ix *Index) embedQuery(ctx context.Context, text string) ([]float32, error) {
	if te, ok := ix.emb.(termEmbedder); ok && ix.df != nil {
		return te.embedQuery(text, ix.idf), nil
	}
	vs, err := ix.emb.Embed(ctx, []string{text})
	if err == nil && len(vs) != 1 {
		err = fmt.Errorf("embedder %s: got %d vectors for 1 text", ix.emb.Name(), len(vs))
	}
	if err != nil {
		return nil, fmt.Errorf("index: embed query: %w", err)
	}
	return unit(vs[0])
}

// rank turns hits into snippets: boosts, best document per scene or
// sheet, sorted.
func rank(res []Hit, b Booster) []project.Snippet {
	type cand struct {
		s  project.Snippet
		id string
	}
	best := map[string]cand{}
	for _, r := range res {
		kind := r.Meta["kind"]
		seq, _ := strconv.Atoi(r.Meta["seq"])
		score := r.Similarity
		key := r.Meta["path"]
		if kind == KindScene || kind == KindSummary {
			score += b.Bonus(r.Meta)
			key = "seq:" + strconv.Itoa(seq)
		}
		c := cand{s: project.Snippet{Seq: seq, Title: r.Meta["title"], Kind: kind, Text: r.Content, Score: score}, id: r.ID}
		if old, ok := best[key]; !ok || c.s.Score > old.s.Score || (c.s.Score == old.s.Score && c.id < old.id) {
			best[key] = c
		}
	}
	all := make([]cand, 0, len(best))
	for _, c := range best {
		all = append(all, c)
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.s.Score != b.s.Score {
			return a.s.Score > b.s.Score
		}
		if a.s.Seq != b.s.Seq {
			return a.s.Seq < b.s.Seq
		}
		return a.id < b.id
	})
	out := make([]project.Snippet, len(all))
	for i, c := range all {
		out[i] = c.s
	}
	return out
}

// Booster scores a document's facets against a plan's (Boosts).
type Booster struct {
	pov, loc      string
	cast, threads map[string]bool
	w             float32
	max           float32 // the largest bonus any document can get
}

// NewBooster returns the booster for b.
func NewBooster(b Boosts) Booster {
	w := b.Weight
	if w == 0 {
		w = DefaultBoostWeight
	}
	set := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			if x = strings.ToLower(strings.TrimSpace(x)); x != "" {
				m[x] = true
			}
		}
		return m
	}
	bs := Booster{pov: strings.ToLower(strings.TrimSpace(b.POV)), loc: strings.ToLower(strings.TrimSpace(b.Location)),
		cast: set(b.Cast), threads: set(b.Threads), w: w}
	for _, on := range []bool{bs.pov != "", bs.loc != "", len(bs.cast) > 0, len(bs.threads) > 0} {
		if on {
			bs.max += w
		}
	}
	if bs.max < 0 {
		bs.max = 0 // a negative weight only lowers scores
	}
	return bs
}

// Max is the largest bonus any document can get.
func (b Booster) Max() float32 { return b.max }

// Bonus is the boost of a document with metadata meta.
func (b Booster) Bonus(meta map[string]string) float32 {
	var s float32
	if b.pov != "" && strings.EqualFold(meta["pov"], b.pov) {
		s += b.w
	}
	if b.loc != "" && strings.EqualFold(meta["location"], b.loc) {
		s += b.w
	}
	share := func(want map[string]bool, have string) float32 {
		if len(want) == 0 || have == "" {
			return 0
		}
		// Count each wanted id once, however often the scene lists it.
		var seen [16]string
		hit := seen[:0]
		for rest, more := have, true; more; {
			var x string
			x, rest, more = strings.Cut(rest, ",")
			if x = strings.ToLower(strings.TrimSpace(x)); want[x] && !slices.Contains(hit, x) {
				hit = append(hit, x)
			}
		}
		return b.w * float32(len(hit)) / float32(len(want))
	}
	return s + share(b.cast, meta["characters"]) + share(b.threads, meta["threads"])
}
