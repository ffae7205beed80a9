package vectors

import (
	"bytes"
	"math"
	"slices"
)

// Queries are query vectors narrowed to the components some of them use
// (the local embedder's queries are sparse: a plan's queries touch a few
// hundred of the 1,024 hashed features), for scoring against blocks.
//
// Exactness: chromem-go's similarity is a float32 dot product of the
// (normalised) query and the document, summed component by component in
// order. A component where the query is zero adds a zero, which leaves a
// float32 sum as it was (a sum starting at +0 never becomes -0), so adding
// only the query's nonzero components, in the same ascending order, with
// the same rounded operands, gives the same bits. A document vector written
// by Quantize is a unit vector to within ~2.4e-7, under the 1e-6 at which
// chromem-go would normalise it again, so it is used as stored, as
// chromem-go uses it; the query is normalised as chromem-go would.
type Queries struct {
	n     int
	at    []int    // the components some query uses, ascending
	terms [][]term // terms[q]: query q's nonzero components, as places in at, ascending
	buf   []byte
}

type term struct {
	j int
	v float32
}

// Narrow returns qvs (each of dims components) narrowed, or nil when the
// queries use most components (a dense embedder's; chromem-go scans
// those).
func Narrow(qvs [][]float32, dims int) *Queries {
	pos := make([]int, dims) // 1 + the component's place in at, 0 if unused
	var n int
	for _, qv := range qvs {
		for c, x := range qv {
			if x != 0 && pos[c] == 0 {
				pos[c] = 1
				n++
			}
		}
	}
	if n > dims*3/4 {
		return nil
	}
	qs := &Queries{n: len(qvs), at: make([]int, 0, n), terms: make([][]term, len(qvs))}
	for c := range dims {
		if pos[c] != 0 {
			pos[c] = len(qs.at) + 1
			qs.at = append(qs.at, c)
		}
	}
	for q, qv := range qvs {
		for c, x := range chromemNormalized(qv) {
			if x != 0 {
				qs.terms[q] = append(qs.terms[q], term{pos[c] - 1, x})
			}
		}
	}
	return qs
}

// Len is the number of queries.
func (qs *Queries) Len() int { return qs.n }

// chunkBytes is about how much of a file-backed block Score reads at a
// time: columns read are used while they are still in the CPU's cache.
const chunkBytes = 256 << 10

// Score sets sims[q][i] to the similarity of query q and vector i of b
// (each sims[q] holds at least b.Len() values). Columns are taken in
// ascending order, so each query's terms are added in component order.
func (qs *Queries) Score(b *Block, sims [][]float32) error {
	for q := range qs.n {
		clear(sims[q][:b.n])
	}
	k := max(1, chunkBytes/max(b.n, 1))
	next := make([]int, qs.n) // each query's first term not added yet
	for from := 0; from < len(qs.at); from += k {
		to := min(from+k, len(qs.at))
		cols, buf, err := b.columns(qs.at[from:to], qs.buf)
		qs.buf = buf
		if err != nil {
			return err
		}
		// Each query's terms among these columns, in order, up to four at
		// a time (addN): its sums are read and written once for the four.
		for q, ts := range qs.terms {
			var group [4][]byte
			var vs [4]float32
			for next[q] < len(ts) && ts[next[q]].j < to {
				g := 0
				for ; g < 4 && next[q] < len(ts) && ts[next[q]].j < to; g++ {
					t := ts[next[q]]
					group[g], vs[g] = cols[t.j-from], t.v
					next[q]++
				}
				addN(sims[q][:b.n], b.scales, &group, &vs, g)
			}
		}
	}
	return nil
}

// addN adds to each s[i], for j < k (1 to 4) in turn, vs[j] times
// component i of cols[j]: eight values at a time where the CPU can
// (add_amd64.s, the same operations on eight lanes, so the same bits, the
// sums read and written once for the k columns), the rest here. The
// product is converted explicitly: without it the compiler may fuse it and
// the sum into one FMA (GOAMD64=v3), which rounds once where the lanes
// round twice.
func addN(s, scales []float32, cols *[4][]byte, vs *[4]float32, k int) {
	scales = scales[:len(s)]
	for j := range k {
		cols[j] = cols[j][:len(s)]
	}
	for i := addNWide(s, scales, cols, vs, k); i < len(s); i++ {
		for j := range k {
			s[i] += float32(vs[j] * component(cols[j][i], scales[i]))
		}
	}
}

// chromemNormalized is what chromem-go does to a query vector before a
// scan (its isNormalized and normalizeVector): normalised again, in
// float32, unless its float64 length is within 1e-6 of 1.
func chromemNormalized(v []float32) []float32 {
	var sq float64
	for _, x := range v {
		sq += float64(x) * float64(x)
	}
	if math.Abs(math.Sqrt(sq)-1) < 1e-6 {
		return v
	}
	var norm float32
	for _, x := range v {
		norm += x * x
	}
	norm = float32(math.Sqrt(float64(norm)))
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = x / norm
	}
	return out
}

// Hit is a vector near a query: its place among the candidates given,
// and its similarity.
type Hit struct {
	I   int
	Sim float32
}

// Span is N vectors of block B from row Row on: a run of candidates. The
// candidates of a scan are its spans' vectors, numbered in order.
type Span struct {
	B      *Block
	Row, N int
}

// IDs gives candidate i's id, which orders equal similarities.
type IDs func(i int) []byte

// Nearest returns, for each query, up to n of the candidates (spans)
// nearest to it, nearest first; equal similarities are ordered by id
// (lower first), so the result does not depend on the order of the spans
// or the blocks they are in. Each block is scored once for all the
// queries.
func (qs *Queries) Nearest(spans []Span, id IDs, n int) ([][]Hit, error) {
	if n <= 0 {
		return make([][]Hit, qs.n), nil // top's heap needs room for one
	}
	// The spans of each block (usually a few: a base file's sources are
	// runs of its rows), with the number of their first candidate.
	type run struct{ span, first int }
	byBlock := map[*Block][]run{}
	var blocks []*Block
	first := 0
	for i, sp := range spans {
		if byBlock[sp.B] == nil {
			blocks = append(blocks, sp.B)
		}
		byBlock[sp.B] = append(byBlock[sp.B], run{i, first})
		first += sp.N
	}
	tops := make([]top, qs.n)
	for q := range tops {
		tops[q] = top{n: n, id: id}
	}
	sims := make([][]float32, qs.n)
	for _, b := range blocks {
		for q := range sims {
			if cap(sims[q]) < b.n {
				sims[q] = make([]float32, b.n)
			}
		}
		if err := qs.Score(b, sims); err != nil {
			return nil, err
		}
		for q := range tops {
			t := &tops[q]
			for _, r := range byBlock[b] {
				sp := spans[r.span]
				for k, sim := range sims[q][sp.Row : sp.Row+sp.N] {
					// offer's first test, here: most of ~15,000 vectors a
					// query at 1,000 scenes are below a full heap's worst.
					if len(t.h) < t.n || sim >= t.h[0].Sim {
						t.offer(Hit{r.first + k, sim})
					}
				}
			}
		}
	}
	out := make([][]Hit, qs.n)
	for q, t := range tops {
		slices.SortFunc(t.h, t.compare)
		out[q] = t.h
	}
	return out, nil
}

// top keeps the best n hits offered: a heap whose root is the worst kept.
type top struct {
	n  int
	h  []Hit
	id IDs
}

// worse orders by similarity, then id (the higher id is worse).
func (t *top) worse(a, b Hit) bool {
	if a.Sim != b.Sim {
		return a.Sim < b.Sim
	}
	return bytes.Compare(t.id(a.I), t.id(b.I)) > 0
}

// compare sorts the best first.
func (t *top) compare(a, b Hit) int {
	switch {
	case t.worse(a, b):
		return 1
	case t.worse(b, a):
		return -1
	}
	return 0
}

func (t *top) offer(x Hit) {
	if len(t.h) < t.n {
		t.h = append(t.h, x)
		for i := len(t.h) - 1; i > 0; {
			p := (i - 1) / 2
			if !t.worse(t.h[i], t.h[p]) {
				break
			}
			t.h[i], t.h[p] = t.h[p], t.h[i]
			i = p
		}
		return
	}
	if x.Sim < t.h[0].Sim || !t.worse(t.h[0], x) {
		return
	}
	t.h[0] = x
	for i := 0; ; {
		w, l, r := i, 2*i+1, 2*i+2
		if l < len(t.h) && t.worse(t.h[l], t.h[w]) {
			w = l
		}
		if r < len(t.h) && t.worse(t.h[r], t.h[w]) {
			w = r
		}
		if w == i {
			return
		}
		t.h[i], t.h[w] = t.h[w], t.h[i]
		i = w
	}
}
