package index

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/storyd/storyd/index/vectors"
)

// ixContents is a small index payload: two sources, a held text and a
// place in a file, eight dimensions.
func ixContents() contents {
	var rows []vectors.Vector
	v := func(seed float32) *vectors.Block {
		x := make([]float32, 8)
		for i := range x {
			x[i] = seed + float32(i)
		}
		u, _ := unit(x)
		rows = append(rows, vectors.Quantize(u))
		return nil
	}
	a := &source{key: "scenes/0001-a.md", meta: encodeMeta(map[string]string{"seq": "1", "title": "A"}), terms: []byte("heron 2\nlocket 1\n")}
	a.docs = []*doc{
		{id: [16]byte{1}, kind: kindCode(KindSummary), src: a, text: "- a heron", blk: v(1), row: 0},
		{id: [16]byte{2}, kind: kindCode(KindScene), src: a, off: 120, n: 40, sum: 77, blk: v(-3), row: 1},
	}
	b := &source{key: "characters/c1-anna.md", meta: encodeMeta(map[string]string{"id": "c1"}), terms: []byte("anna 1\n")}
	b.docs = []*doc{{id: [16]byte{3}, kind: kindCode(KindCharacter), src: b, text: "Anna", blk: v(2), row: 2}}
	blk := vectors.NewBlock(8, rows)
	for _, d := range append(a.docs, b.docs...) {
		d.blk = blk
	}
	return contents{embedder: "test", dims: 8, sources: []*source{a, b}, removed: []string{"scenes/0002-b.md"},
		df: map[string]int32{"heron": 1, "locket": 1, "anna": 1}}
}

func ixEncode(t testing.TB, c contents) []byte {
	t.Helper()
	data, err := encode(segMagic, c)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestIndexEncodeRoundTrip(t *testing.T) {
	want := ixEncode(t, ixContents())
	c, err := parseFile(want, segMagic, "test")
	if err != nil {
		t.Fatal(err)
	}
	if got := ixEncode(t, c); !bytes.Equal(got, want) {
		t.Errorf("decode then encode differs from what was encoded")
	}
	a, b := c.sources[0].documents(), c.sources[1].documents()
	if a[1].off != 120 || a[1].sum != 77 || b[0].text != "Anna" {
		t.Errorf("documents changed in the round trip: %+v", c.sources)
	}
	if got := ixEncode(t, c); !bytes.Equal(got, want) { // decoded now
		t.Errorf("decode, documents, then encode differs from what was encoded")
	}
	for i, d := range append(a, b...) {
		if x, y := ixVector(t, d), ixVector(t, ixContents().sources[i/2].docs[i%2]); !slices.Equal(x, y) {
			t.Errorf("document %d: vector %v; want %v", i, x, y)
		}
	}
}

// FuzzIndexDecode: whatever a damaged file's head holds past its
// checksum, decoding returns an error or contents that encode and decode
// again; it never panics or allocates by a length it was not given bytes
// for.
func FuzzIndexDecode(f *testing.F) {
	good := ixEncode(f, ixContents())
	head := good[len(segMagic)+12:][:binary.LittleEndian.Uint64(good[len(segMagic)+4:])]
	f.Add(head)
	f.Add(head[:len(head)/2])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := decode(data)
		if err != nil || c.dims*c.vecs > 1<<24 {
			return
		}
		rows := make([]vectors.Vector, c.vecs)
		for i := range rows {
			rows[i] = vectors.Vector{Scale: 1, Comps: make([]byte, c.dims)}
		}
		c = c.with(vectors.NewBlock(c.dims, rows))
		for _, s := range c.sources {
			s.lazy = nil // word counts follow the head in a file
		}
		if _, err := parseFile(ixEncode(t, c), segMagic, c.embedder); err != nil {
			t.Fatalf("contents decoded from %x do not decode after encoding: %v", data, err)
		}
	})
}
