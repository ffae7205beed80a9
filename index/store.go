package index

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"math"
	"os"
	"slices"
)

// The files of the index (a base and its segments, segment.go) share one
// framing: a magic line, the CRC-32C of the payload, then the payload. The
// checksum makes a damaged file detectable before decoding (files are
// written atomically, so a torn one is not expected); CRC-32C runs in
// hardware, where sha256 cost ~14 ms of every tick's open at 1,000 scenes.
// The payload is a small binary encoding, not gob: documents are fixed
// fields plus a vector, and the vectors are used where they lie in the file
// bytes (int8 components and a scale each), so opening the index costs one
// read and one checksum, not a decode of every number.
//
// Payload: the embedder's name, the dimensions, the sources (one per
// project file: its path, fingerprint, metadata, word counts and
// documents), the paths of sources removed (segments only), and the word
// document counts (bases only).
const (
	indexMagic = "storyd-index 4\n"
	segMagic   = "storyd-index-seg 4\n"
)

var errNoIndex = errors.New("no index file")

// contents is what an index file holds.
type contents struct {
	embedder string
	dims     int
	sources  []*source
	removed  []string
	df       map[string]int32
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// seal frames a payload: magic, CRC-32C of the payload, payload.
func seal(magic string, payload []byte) []byte {
	out := make([]byte, 0, len(magic)+4+len(payload))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(payload, castagnoli))
	return append(out, payload...)
}

// unseal checks a sealed file and returns its payload.
func unseal(data []byte, magic string) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte(magic)) || len(data) < len(magic)+4 {
		if bytes.HasPrefix(data, []byte("storyd-index")) {
			return nil, errors.New("index written by an older storyd")
		}
		return nil, errors.New("not an index file")
	}
	data = data[len(magic):]
	payload := data[4:]
	if crc32.Checksum(payload, castagnoli) != binary.LittleEndian.Uint32(data) {
		return nil, errors.New("index checksum mismatch")
	}
	return payload, nil
}

// encode writes the payload of an index file.
func encode(c contents) []byte {
	var e encoder
	e.str(c.embedder)
	e.uint(uint64(c.dims))
	e.uint(uint64(len(c.sources)))
	for _, s := range c.sources {
		e.source(s)
	}
	e.uint(uint64(len(c.removed)))
	for _, k := range c.removed {
		e.str(k)
	}
	terms := make([]string, 0, len(c.df))
	for t := range c.df {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	e.uint(uint64(len(terms)))
	for _, t := range terms {
		e.str(t)
		e.uint(uint64(c.df[t]))
	}
	return e.b
}

type encoder struct{ b []byte }

func (e *encoder) uint(x uint64) { e.b = binary.AppendUvarint(e.b, x) }
func (e *encoder) str(s string)  { e.uint(uint64(len(s))); e.b = append(e.b, s...) }

// encodeMeta encodes metadata, keys sorted.
func encodeMeta(meta map[string]string) []byte {
	var e encoder
	e.uint(uint64(len(meta)))
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		e.str(k)
		e.str(meta[k])
	}
	return e.b
}

// decodeMeta decodes what encodeMeta wrote (checked when the file was read).
func decodeMeta(b []byte) map[string]string {
	d := &decoder{b: b}
	n := d.count(2)
	out := make(map[string]string, n+1)
	for range n {
		k := d.str()
		out[k] = d.str()
	}
	return out
}

func (e *encoder) source(s *source) {
	e.str(s.key)
	e.b = append(e.b, s.fp[:]...)
	e.b = append(e.b, s.meta...)
	e.uint(uint64(len(s.terms)))
	e.b = append(e.b, s.terms...)
	e.uint(uint64(len(s.docs)))
	for _, d := range s.docs {
		e.b = append(e.b, d.id[:]...)
		e.b = append(e.b, d.kind)
		e.str(d.text)
		e.uint(uint64(d.off))
		e.uint(uint64(d.n))
		e.b = binary.LittleEndian.AppendUint64(e.b, d.sum)
		e.b = binary.LittleEndian.AppendUint32(e.b, math.Float32bits(d.vec.scale))
		e.b = append(e.b, d.vec.comps...)
	}
}

// decoder reads a payload; the first error sticks, and every read after
// it returns zero values, so a damaged file is one check at the end.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(msg string) {
	if d.err == nil {
		d.err = errors.New("bad index: " + msg)
	}
	d.b = nil
}

func (d *decoder) uint() uint64 {
	x, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("truncated number")
		return 0
	}
	d.b = d.b[n:]
	return x
}

// count reads a length that must fit in what is left (each item takes at
// least min bytes), so a damaged length cannot ask for a huge allocation.
func (d *decoder) count(min int) int {
	n := d.uint()
	if n > uint64(len(d.b)/max(min, 1)) {
		d.fail("length past the end")
		return 0
	}
	return int(n)
}

func (d *decoder) bytes(n int) []byte {
	if n < 0 || n > len(d.b) {
		d.fail("truncated")
		return nil
	}
	out := d.b[:n:n]
	d.b = d.b[n:]
	return out
}

func (d *decoder) str() string { return string(d.bytes(d.count(1))) }

// decode reads a payload written by encode, checking that every document
// is well formed: a known kind, a usable vector of dims
// components. The vectors alias data.
func decode(data []byte) (contents, error) {
	d := &decoder{b: data}
	c := contents{embedder: d.str(), dims: int(d.uint())}
	if c.dims <= 0 || c.dims > 1<<16 {
		d.fail("dimensions")
	}
	keys := map[string]bool{}
	for range d.count(1) {
		s := d.source(c.dims)
		if d.err != nil {
			break
		}
		if keys[s.key] {
			d.fail("source listed twice")
		}
		keys[s.key] = true
		c.sources = append(c.sources, s)
	}
	for range d.count(1) {
		c.removed = append(c.removed, d.str())
	}
	n := d.count(2)
	c.df = make(map[string]int32, n)
	for range n {
		t, x := d.str(), d.uint()
		if x == 0 || x > math.MaxInt32 {
			d.fail("word count")
		}
		c.df[t] = int32(x)
	}
	if d.err == nil && len(d.b) != 0 {
		d.fail("trailing bytes")
	}
	return c, d.err
}

func (d *decoder) source(dims int) *source {
	s := &source{key: d.str()}
	copy(s.fp[:], d.bytes(len(s.fp)))
	start := d.b
	for range d.count(2) {
		d.bytes(d.count(1))
		d.bytes(d.count(1))
	}
	s.meta = start[:len(start)-len(d.b)] // kept in the file's bytes
	s.terms = d.bytes(d.count(1))        // kept in the file's bytes: read only when the source goes
	const fixed = 16 + 1 + 1 + 1 + 1 + 8 + 4
	all := make([]doc, d.count(fixed+dims)) // one allocation for the source's documents
	for i := range all {
		x := &all[i]
		x.src = s
		copy(x.id[:], d.bytes(len(x.id)))
		k := d.bytes(1)
		x.text = d.str()
		x.off, x.n = uint32(d.uint()), uint32(d.uint())
		sum := d.bytes(8)
		x.vec = d.vector(dims)
		if d.err != nil {
			return s
		}
		x.kind = k[0]
		x.sum = binary.LittleEndian.Uint64(sum)
		switch {
		case int(x.kind) >= len(docKinds):
			d.fail("unknown kind")
		case !x.vec.usable():
			d.fail("unusable vector")
		case x.text == "" && x.n == 0:
			d.fail("document without text")
		}
		s.docs = append(s.docs, x)
	}
	if s.key == "" {
		d.fail("source without a path")
	}
	return s
}

func (d *decoder) vector(n int) vector {
	scale := d.bytes(4)
	comps := d.bytes(n)
	if d.err != nil {
		return vector{}
	}
	return vector{scale: math.Float32frombits(binary.LittleEndian.Uint32(scale)), comps: comps}
}

// usable: a positive finite scale and a component that is not zero.
func (v vector) usable() bool {
	if !(v.scale > 0) || math.IsInf(float64(v.scale), 0) {
		return false
	}
	for _, x := range v.comps {
		if x != 0 {
			return true
		}
	}
	return false
}

// readFile reads and checks one index file.
func readFile(path, magic, embedder string) (contents, int64, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return contents{}, 0, errNoIndex
	}
	if err != nil {
		return contents{}, 0, err
	}
	payload, err := unseal(data, magic)
	if err != nil {
		return contents{}, 0, err
	}
	c, err := decode(payload)
	if err != nil {
		return contents{}, 0, err
	}
	if c.embedder != embedder {
		return contents{}, 0, fmt.Errorf("index built by embedder %q, not %q", c.embedder, embedder)
	}
	return c, int64(len(data)), nil
}
