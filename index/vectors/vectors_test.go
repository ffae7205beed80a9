package vectors

import (
	"bytes"
	"errors"
	"math"
	"math/rand"
	"slices"
	"testing"
)

// testBlock is n random unit vectors of dims components, and the rows.
func testBlock(n, dims int, seed int64) (*Block, []Vector) {
	r := rand.New(rand.NewSource(seed))
	rows := make([]Vector, n)
	for i := range rows {
		v := make([]float32, dims)
		for c := range v {
			if r.Intn(4) == 0 {
				v[c] = float32(r.NormFloat64())
			}
		}
		v[r.Intn(dims)] += 1
		rows[i] = Quantize(unitOf(v))
	}
	return NewBlock(dims, rows), rows
}

func unitOf(v []float32) []float32 {
	var sq float64
	for _, x := range v {
		sq += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / sqrtf(sq))
	}
	return out
}

// BenchmarkScore: six sparse queries (80 components each) against 14,000
// vectors of 1,024 components, about a 1,000-scene book.
//
//	go test ./index/vectors/ -run '^$' -bench Score
func BenchmarkScore(b *testing.B) {
	blk, _ := testBlock(14000, 1024, 1)
	r := rand.New(rand.NewSource(2))
	qvs := make([][]float32, 6)
	for q := range qvs {
		v := make([]float32, 1024)
		for range 80 {
			v[r.Intn(1024)] = float32(r.NormFloat64())
		}
		qvs[q] = unitOf(v)
	}
	qs := Narrow(qvs, 1024)
	sims := make([][]float32, len(qvs))
	for q := range sims {
		sims[q] = make([]float32, blk.Len())
	}
	b.ResetTimer()
	for range b.N {
		if err := qs.Score(blk, sims); err != nil {
			b.Fatal(err)
		}
	}
}

func sqrtf(x float64) float64 { return math.Sqrt(x) }

// testQueries are sparse unit queries (each with k nonzero components).
func testQueries(n, dims, k int, seed int64) [][]float32 {
	r := rand.New(rand.NewSource(seed))
	qvs := make([][]float32, n)
	for q := range qvs {
		v := make([]float32, dims)
		for range k {
			v[r.Intn(dims)] = float32(r.NormFloat64())
		}
		qvs[q] = unitOf(v)
	}
	return qvs
}

// dot is chromem-go's similarity: a float32 sum over every component.
func dot(q []float32, x Vector) float32 {
	v := make([]float32, len(x.Comps))
	x.Dequantize(v)
	var s float32
	for i := range q {
		s += q[i] * v[i]
	}
	return s
}

// Score gives, bit for bit, the whole-vector dot products, from a block in
// memory and from one read by column from a file.
func TestScoreIsTheDotProduct(t *testing.T) {
	const n, dims = 300, 64
	blk, rows := testBlock(n, dims, 3)
	qvs := testQueries(4, dims, 6, 4)
	qvs[1][5], qvs[2][5] = 0.5, -0.25 // a component two queries use
	qvs[1], qvs[2] = unitOf(qvs[1]), unitOf(qvs[2])
	refs := make([]Ref, n)
	for i := range refs {
		refs[i] = Ref{blk, i}
	}
	data, sum, err := Encode([]byte("head"), dims, refs)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := Open(bytes.NewReader(data), 4, n, dims, sum)
	if err != nil {
		t.Fatal(err)
	}
	qs := Narrow(qvs, dims)
	if qs == nil {
		t.Fatal("sparse queries were not narrowed")
	}
	for name, b := range map[string]*Block{"memory": blk, "file": opened} {
		sims := make([][]float32, len(qvs))
		for q := range sims {
			sims[q] = make([]float32, n)
		}
		if err := qs.Score(b, sims); err != nil {
			t.Fatal(err)
		}
		for q, qv := range qvs {
			for i, x := range rows {
				if want := dot(qv, x); math.Float32bits(sims[q][i]) != math.Float32bits(want) {
					t.Fatalf("%s: query %d, vector %d: %v; want %v", name, q, i, sims[q][i], want)
				}
			}
		}
	}
	if x, err := opened.Row(7); err != nil || x.Scale != rows[7].Scale || !slices.Equal(x.Comps, rows[7].Comps) {
		t.Errorf("Row from the file: %v, %v; want %v", x, err, rows[7])
	}
}

// A damaged column is found when read: at once by Parse, by the scan that
// reads it from a file, not by a scan that does not.
func TestDamagedColumn(t *testing.T) {
	const n, dims = 20, 16
	blk, _ := testBlock(n, dims, 5)
	refs := make([]Ref, n)
	for i := range refs {
		refs[i] = Ref{blk, i}
	}
	data, sum, err := Encode(nil, dims, refs)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-n*(dims-3)] ^= 1 // column 3
	if _, err := Parse(data, n, dims, sum); !errors.Is(err, ErrDamaged) {
		t.Errorf("Parse: %v; want ErrDamaged", err)
	}
	b, err := Open(bytes.NewReader(data), 0, n, dims, sum)
	if err != nil {
		t.Fatal(err)
	}
	sims := [][]float32{make([]float32, n)}
	other := make([]float32, dims)
	other[4] = 1
	if err := Narrow([][]float32{other}, dims).Score(b, sims); err != nil {
		t.Errorf("a scan of column 4: %v", err)
	}
	uses := make([]float32, dims)
	uses[3] = 1
	if err := Narrow([][]float32{uses}, dims).Score(b, sims); !errors.Is(err, ErrDamaged) {
		t.Errorf("a scan of column 3: %v; want ErrDamaged", err)
	}
}

// spansOf gives refs as spans, adjacent rows of a block in one.
func spansOf(refs []Ref) []Span {
	var out []Span
	for _, r := range refs {
		if l := len(out) - 1; l >= 0 && out[l].B == r.B && out[l].Row+out[l].N == r.I {
			out[l].N++
			continue
		}
		out = append(out, Span{r.B, r.I, 1})
	}
	return out
}

func idsOf(ids [][16]byte) IDs { return func(i int) []byte { return ids[i][:] } }

// Nearest ranks by similarity, equal ones by id, across blocks.
func TestNearestTies(t *testing.T) {
	const dims = 16
	_, rows := testBlock(6, dims, 6)
	a := NewBlock(dims, rows[:3])
	b := NewBlock(dims, append([]Vector{rows[0], rows[0]}, rows[3:]...)) // rows[0] three times
	refs := []Ref{{b, 0}, {a, 0}, {a, 1}, {a, 2}, {b, 1}, {b, 2}, {b, 3}, {b, 4}}
	ids := [][16]byte{{9}, {5}, {1}, {2}, {3}, {4}, {6}, {7}}
	q := make([]float32, dims)
	rows[0].Dequantize(q)
	for i := range q[dims/2:] {
		q[dims/2+i] = 0 // sparse enough to narrow
	}
	qs := Narrow([][]float32{unitOf(q)}, dims)
	if qs == nil {
		t.Fatal("not narrowed")
	}
	res, err := qs.Nearest(spansOf(refs), idsOf(ids), 3)
	if err != nil {
		t.Fatal(err)
	}
	got := []int{res[0][0].I, res[0][1].I, res[0][2].I}
	if !slices.Equal(got, []int{4, 1, 0}) || res[0][0].Sim != res[0][2].Sim {
		t.Errorf("got %v; want the three copies of one vector, by id: refs 4, 1, 0", res[0])
	}
	// Ten copies, scanned highest id first: each later one ties the full
	// heap's worst and beats it by id, so the last three scanned are kept.
	copies := NewBlock(dims, slices.Repeat(rows[:1], 10))
	ids = make([][16]byte, 10)
	for i := range ids {
		ids[i] = [16]byte{byte(10 - i)}
	}
	res, err = qs.Nearest([]Span{{copies, 0, 10}}, idsOf(ids), 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := []int{res[0][0].I, res[0][1].I, res[0][2].I}; !slices.Equal(got, []int{9, 8, 7}) {
		t.Errorf("got %v; want the copies of the lowest ids: 9, 8, 7", res[0])
	}
}

// addN (eight lanes at a time where the CPU can, one to four columns a
// pass) gives the bits of adding each column in turn, one value at a time,
// for every length and any int8, scale and weight.
func TestAddNIsTheLoop(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 100, 1003} {
		for k := 1; k <= 4; k++ {
			s, want := make([]float32, n), make([]float32, n)
			scales := make([]float32, n)
			var cols [4][]byte
			var vs [4]float32
			for i := range n {
				s[i] = float32(r.NormFloat64())
				want[i] = s[i]
				scales[i] = float32(r.ExpFloat64() / 100)
			}
			for j := range k {
				cols[j] = make([]byte, n)
				for i := range n {
					cols[j][i] = byte(r.Intn(256))
				}
				vs[j] = float32(r.NormFloat64())
			}
			for j := range k {
				for i := range n {
					want[i] += float32(vs[j] * float32(float32(int8(cols[j][i]))*scales[i]))
				}
			}
			addN(s, scales, &cols, &vs, k)
			for i := range n {
				if math.Float32bits(s[i]) != math.Float32bits(want[i]) {
					t.Fatalf("n %d, k %d, value %d: %v; want %v", n, k, i, s[i], want[i])
				}
			}
		}
	}
}

// Nearest over a block read from a file and many small ones held in memory
// (merged for the scan) is the brute-force ranking of whole-vector dot
// products, ties by id.
func TestNearestAcrossBlocks(t *testing.T) {
	const dims = 64
	big, bigRows := testBlock(300, dims, 8)
	refs := make([]Ref, big.Len())
	for i := range refs {
		refs[i] = Ref{big, i}
	}
	data, sum, err := Encode(nil, dims, refs)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := Open(bytes.NewReader(data), 0, big.Len(), dims, sum)
	if err != nil {
		t.Fatal(err)
	}
	refs, rows := refs[:0], []Vector{}
	for i := range opened.Len() {
		if i%3 != 0 { // some of the base's vectors are dead
			refs, rows = append(refs, Ref{opened, i}), append(rows, bigRows[i])
		}
	}
	for s := range 12 {
		blk, rs := testBlock(5+s, dims, int64(20+s))
		for i := range rs {
			refs, rows = append(refs, Ref{blk, i}), append(rows, rs[i])
		}
	}
	refs, rows = append(refs, refs[len(refs)-1]), append(rows, rows[len(rows)-1]) // a tie
	ids := make([][16]byte, len(refs))
	for i := range ids {
		ids[i] = [16]byte{byte(i * 7), byte(i * 7 >> 8)}
	}
	qvs := testQueries(3, dims, 8, 9)
	res, err := Narrow(qvs, dims).Nearest(spansOf(refs), idsOf(ids), 10)
	if err != nil {
		t.Fatal(err)
	}
	for q, qv := range qvs {
		all := make([]Hit, len(refs))
		for i := range refs {
			all[i] = Hit{i, dot(qv, rows[i])}
		}
		tp := top{id: idsOf(ids)}
		slices.SortFunc(all, tp.compare)
		if !slices.Equal(res[q], all[:10]) {
			t.Errorf("query %d: got %v; want %v", q, res[q], all[:10])
		}
	}
}

// Nearest for none (NearestDense's guard too) is no hits, not a panic.
func TestNearestNone(t *testing.T) {
	blk, _ := testBlock(3, 8, 2)
	refs := []Ref{{blk, 0}, {blk, 1}, {blk, 2}}
	ids := make([][16]byte, len(refs))
	qvs := testQueries(2, 8, 2, 3)
	qs := Narrow(qvs, 8)
	if qs == nil {
		t.Fatal("not narrowed")
	}
	res, err := qs.Nearest(spansOf(refs), idsOf(ids), 0)
	if err != nil || len(res) != 2 || len(res[0])+len(res[1]) != 0 {
		t.Errorf("got %v, %v; want two empty lists", res, err)
	}
}

// Size does not wrap where int is 32 bits (a damaged head's counts could
// otherwise pass for a small file): GOARCH=386 go test ./index/vectors/.
func TestSizeDoesNotWrap(t *testing.T) {
	if got, want := Size(1<<20, 1<<16), int64(4<<16+4<<20)+int64(1)<<36; got != want {
		t.Errorf("Size(1<<20, 1<<16) = %d; want %d", got, want)
	}
}
