// Package vectors holds the semantic index's embeddings: unit vectors
// quantized to int8 components and a scale, stored by component
// (column-major) in blocks, so that a query which uses a few of the
// components reads and multiplies only those; and the scan that scores
// sparse queries against a block with exactly the arithmetic of
// chromem-go's dot product (scan.go). A block is held in memory, or read
// from a file a column at a time, each column checked on read.
package vectors

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
)

// Vector is a unit vector stored as int8 components and a scale: a quarter
// of float32's bytes. The rounding error (at most scale/2 a component)
// moves a similarity by well under the gaps recall ranks by (the recall
// benchmark's rows are the same with float32 and with int8 vectors).
type Vector struct {
	Scale float32 // int8(Comps[i])*Scale is component i of a unit vector
	Comps []byte
}

// Quantize stores a unit vector v as int8 components with the scale that
// makes them a unit vector again, so a query converts each component with
// one multiplication.
func Quantize(v []float32) Vector {
	var m float32
	for _, x := range v {
		m = max(m, float32(math.Abs(float64(x))))
	}
	out := Vector{Scale: 1, Comps: make([]byte, len(v))}
	var sq float64
	for i, x := range v {
		q := int8(math.Round(float64(x / m * 127)))
		out.Comps[i] = byte(q)
		sq += float64(q) * float64(q)
	}
	out.Scale = float32(1 / math.Sqrt(sq))
	return out
}

// Dequantize writes x into v: a unit vector, up to float32 rounding.
func (x Vector) Dequantize(v []float32) {
	for i, b := range x.Comps {
		v[i] = component(b, x.Scale)
	}
}

// component is one float32 component, rounded before any use (the explicit
// conversion keeps a compiler from fusing it into a later multiply-add,
// which would change the sums' last bits).
func component(b byte, scale float32) float32 { return float32(float32(int8(b)) * scale) }

// Usable: a positive finite scale and a component that is not zero.
func (x Vector) Usable() bool {
	if !usableScale(x.Scale) {
		return false
	}
	for _, c := range x.Comps {
		if c != 0 {
			return true
		}
	}
	return false
}

func usableScale(s float32) bool { return s > 0 && !math.IsInf(float64(s), 0) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Block is n vectors of dims components, stored by component: for each
// component the n int8 values (a column), and each vector's scale. In a
// file (Encode) it is the CRC-32C of each column, the scales, then the
// columns; the file's head records the CRC-32C of the sums and scales, so
// every byte is checked: the sums and scales when the block is opened, a
// column when it is read.
type Block struct {
	n, dims int
	scales  []float32
	cols    []byte // dims*n bytes, column c at c*n; nil while only in a file
	// A block opened from a file reads its columns from r (at off, the
	// first column), checking each against sums.
	r    io.ReaderAt
	off  int64
	sums []uint32 // sums[c]: column c's CRC-32C
}

// Ref is vector I of block B.
type Ref struct {
	B *Block
	I int
}

// NewBlock stores rows (each of dims components) as a block in memory.
func NewBlock(dims int, rows []Vector) *Block {
	b := &Block{n: len(rows), dims: dims, scales: make([]float32, len(rows)), cols: make([]byte, dims*len(rows))}
	for i, r := range rows {
		b.scales[i] = r.Scale
		for c, x := range r.Comps {
			b.cols[c*b.n+i] = x
		}
	}
	return b
}

// Len is the number of vectors.
func (b *Block) Len() int { return b.n }

// Dims is the number of components of each vector.
func (b *Block) Dims() int { return b.dims }

// Row returns vector i. A block opened from a file reads all its columns
// the first time (a whole vector is wanted only to save it elsewhere or
// for a dense query).
func (b *Block) Row(i int) (Vector, error) {
	if err := b.load(); err != nil {
		return Vector{}, err
	}
	v := Vector{Scale: b.scales[i], Comps: make([]byte, b.dims)}
	for c := range v.Comps {
		v.Comps[c] = b.cols[c*b.n+i]
	}
	return v, nil
}

// load reads every column of a block opened from a file.
func (b *Block) load() error {
	if b.cols != nil || b.n == 0 {
		return nil
	}
	cols := make([]byte, b.dims*b.n)
	if err := b.read(cols, 0, b.dims); err != nil {
		return err
	}
	b.cols = cols
	return nil
}

// read reads columns [from, to) into buf from the file and checks them.
func (b *Block) read(buf []byte, from, to int) error {
	if _, err := b.r.ReadAt(buf[:(to-from)*b.n], b.off+int64(from*b.n)); err != nil {
		return fmt.Errorf("index vectors: %w", err)
	}
	for c := from; c < to; c++ {
		col := buf[(c-from)*b.n : (c-from+1)*b.n]
		if crc32.Checksum(col, castagnoli) != b.sums[c] {
			return fmt.Errorf("index vectors: component %d: %w", c, ErrDamaged)
		}
	}
	return nil
}

// ErrDamaged says a column read from a file failed its checksum.
var ErrDamaged = errors.New("checksum mismatch")

// columns returns the columns at (ascending), from memory or read from the
// file into buf (runs of adjacent columns in one read).
func (b *Block) columns(at []int, buf []byte) ([][]byte, []byte, error) {
	out := make([][]byte, len(at))
	if b.cols != nil {
		for j, c := range at {
			out[j] = b.cols[c*b.n : (c+1)*b.n]
		}
		return out, buf, nil
	}
	if need := len(at) * b.n; cap(buf) < need {
		buf = make([]byte, need)
	}
	buf = buf[:len(at)*b.n]
	for j := 0; j < len(at); {
		k := j + 1
		for k < len(at) && at[k] == at[k-1]+1 {
			k++
		}
		if err := b.read(buf[j*b.n:k*b.n], at[j], at[k-1]+1); err != nil {
			return nil, buf, err
		}
		for x := j; x < k; x++ {
			out[x] = buf[x*b.n : (x+1)*b.n]
		}
		j = k
	}
	return out, buf, nil
}

// Size is the bytes a block of n vectors of dims components takes in a
// file (Encode), counted in int64 so that a damaged head's counts cannot
// wrap it to a small size where int is 32 bits.
func Size(n, dims int) int64 { return 4*int64(dims) + 4*int64(n) + int64(dims)*int64(n) }

// Encode writes the vectors refs (loading blocks opened from files) as one
// block: the column sums, the scales, the columns. It returns the CRC-32C
// of the column sums, for the file's header.
func Encode(dst []byte, dims int, refs []Ref) ([]byte, uint32, error) {
	for _, r := range refs {
		if r.B.dims != dims {
			return nil, 0, fmt.Errorf("index vectors: %d dimensions; want %d", r.B.dims, dims)
		}
		if err := r.B.load(); err != nil {
			return nil, 0, err
		}
	}
	dst = slices.Grow(dst, int(Size(len(refs), dims)))
	start := len(dst)
	dst = append(dst, make([]byte, 4*dims)...)
	for _, r := range refs {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(r.B.scales[r.I]))
	}
	// A compaction writes ~11,000 vectors at 1,000 scenes, mostly runs of
	// adjacent rows of one block: each column is copied a run at a time.
	var runs []Span
	for _, r := range refs {
		if l := len(runs) - 1; l >= 0 && runs[l].B == r.B && runs[l].Row+runs[l].N == r.I {
			runs[l].N++
		} else {
			runs = append(runs, Span{B: r.B, Row: r.I, N: 1})
		}
	}
	for c := range dims {
		from := len(dst)
		for _, r := range runs {
			at := c*r.B.n + r.Row
			dst = append(dst, r.B.cols[at:at+r.N]...)
		}
		binary.LittleEndian.PutUint32(dst[start+4*c:], crc32.Checksum(dst[from:], castagnoli))
	}
	return dst, crc32.Checksum(dst[start:start+4*dims+4*len(refs)], castagnoli), nil
}

// Open reads a block of n vectors of dims components at off in r (as
// Encode wrote it): the sums and scales now, checked against sum, and the
// columns when a scan needs them, each checked then.
func Open(r io.ReaderAt, off int64, n, dims int, sum uint32) (*Block, error) {
	head := make([]byte, 4*dims+4*n)
	if _, err := r.ReadAt(head, off); err != nil {
		return nil, fmt.Errorf("index vectors: %w", err)
	}
	b, err := parseHead(head, n, dims, sum)
	if err != nil {
		return nil, err
	}
	b.r, b.off = r, off+int64(len(head))
	return b, nil
}

// Parse is Open for a block held in data (which it aliases), every column
// checked now.
func Parse(data []byte, n, dims int, sum uint32) (*Block, error) {
	if int64(len(data)) != Size(n, dims) {
		return nil, errors.New("index vectors: wrong size")
	}
	head := 4*dims + 4*n
	b, err := parseHead(data[:head], n, dims, sum)
	if err != nil {
		return nil, err
	}
	b.cols = data[head:]
	for c := range dims {
		if crc32.Checksum(b.cols[c*n:(c+1)*n], castagnoli) != b.sums[c] {
			return nil, fmt.Errorf("index vectors: component %d: %w", c, ErrDamaged)
		}
	}
	return b, nil
}

func parseHead(head []byte, n, dims int, sum uint32) (*Block, error) {
	if crc32.Checksum(head, castagnoli) != sum {
		return nil, fmt.Errorf("index vectors: scales: %w", ErrDamaged)
	}
	b := &Block{n: n, dims: dims, sums: make([]uint32, dims), scales: make([]float32, n)}
	for c := range b.sums {
		b.sums[c] = binary.LittleEndian.Uint32(head[4*c:])
	}
	for i := range b.scales {
		b.scales[i] = math.Float32frombits(binary.LittleEndian.Uint32(head[4*dims+4*i:]))
		if !usableScale(b.scales[i]) {
			return nil, errors.New("index vectors: unusable scale")
		}
	}
	return b, nil
}
