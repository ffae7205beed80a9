package index

import (
	"bytes"
	"testing"
)

// ixContents is a small index payload: two sources, a held text and a
// place in a file, eight dimensions.
func ixContents() contents {
	v := func(seed float32) vector {
		x := make([]float32, 8)
		for i := range x {
			x[i] = seed + float32(i)
		}
		u, _ := unit(x)
		return quantize(u)
	}
	a := &source{key: "scenes/0001-a.md", meta: encodeMeta(map[string]string{"seq": "1", "title": "A"}), terms: []byte("heron 2\nlocket 1\n")}
	a.docs = []*doc{
		{id: [16]byte{1}, kind: kindCode(KindSummary), src: a, text: "- a heron", vec: v(1)},
		{id: [16]byte{2}, kind: kindCode(KindScene), src: a, off: 120, n: 40, sum: 77, vec: v(-3)},
	}
	b := &source{key: "characters/c1-anna.md", meta: encodeMeta(map[string]string{"id": "c1"}), terms: []byte("anna 1\n")}
	b.docs = []*doc{{id: [16]byte{3}, kind: kindCode(KindCharacter), src: b, text: "Anna", vec: v(2)}}
	return contents{embedder: "test", dims: 8, sources: []*source{a, b}, removed: []string{"scenes/0002-b.md"},
		df: map[string]int32{"heron": 1, "locket": 1, "anna": 1}}
}

func TestIndexEncodeRoundTrip(t *testing.T) {
	want := encode(ixContents())
	c, err := decode(want)
	if err != nil {
		t.Fatal(err)
	}
	if got := encode(c); !bytes.Equal(got, want) {
		t.Errorf("decode then encode differs from what was encoded")
	}
	if c.sources[0].docs[1].off != 120 || c.sources[0].docs[1].sum != 77 || c.sources[1].docs[0].text != "Anna" {
		t.Errorf("documents changed in the round trip: %+v", c.sources)
	}
}

// FuzzIndexDecode: whatever a damaged file holds past its checksum,
// decoding returns an error or contents that encode and decode again; it
// never panics or allocates by a length it was not given bytes for.
func FuzzIndexDecode(f *testing.F) {
	good := encode(ixContents())
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := decode(data)
		if err != nil {
			return
		}
		if _, err := decode(encode(c)); err != nil {
			t.Fatalf("contents decoded from %x do not decode after encoding: %v", data, err)
		}
	})
}
