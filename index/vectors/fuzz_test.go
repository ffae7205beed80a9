package vectors

import (
	"bytes"
	"hash/crc32"
	"testing"
)

// FuzzBlock: a block read from any bytes, its head's checksum made to hold
// so that the reading goes on past it (scales, then columns, each checked
// when read), is an error or a block whose rows and scores can be taken;
// never a panic, whether opened from a file or parsed whole.
func FuzzBlock(f *testing.F) {
	blk, _ := testBlock(5, 8, 1)
	refs := make([]Ref, blk.Len())
	for i := range refs {
		refs[i] = Ref{blk, i}
	}
	data, _, err := Encode(nil, 8, refs)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, uint8(5), uint8(8))
	f.Add(data[:len(data)-3], uint8(5), uint8(8))
	f.Add([]byte{}, uint8(0), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, n, dims uint8) {
		head := 4*int(dims) + 4*int(n)
		if dims == 0 || len(data) < head {
			return
		}
		sum := crc32.Checksum(data[:head], castagnoli)
		opened, err := Open(bytes.NewReader(data), 0, int(n), int(dims), sum)
		if err == nil {
			use(t, opened)
		}
		if parsed, err := Parse(data, int(n), int(dims), sum); err == nil {
			use(t, parsed)
		}
	})
}

// use reads b's first row and scores a sparse query against it: errors
// (a damaged column) are fine, panics are not.
func use(t *testing.T, b *Block) {
	if b.Len() > 0 {
		if v, err := b.Row(0); err == nil && len(v.Comps) != b.Dims() {
			t.Fatalf("row of %d components; want %d", len(v.Comps), b.Dims())
		}
	}
	q := make([]float32, b.Dims())
	q[0] = 1
	qs := Narrow([][]float32{q}, b.Dims())
	if qs == nil {
		return
	}
	sims := [][]float32{make([]float32, b.Len())}
	qs.Score(b, sims)
}
