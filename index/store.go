package index

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/storyd/storyd/index/vectors"
)

// The files of the index (a base and its segments, segment.go) share one
// layout: a magic line, the CRC-32C and the length of the head, the head,
// the sources' word counts, then the vectors (package vectors: by
// component, each column with its own CRC-32C). The head is a small binary
// encoding, not gob: the embedder's name, the dimensions, the sources (one
// per project file: its path, fingerprint, metadata, the length and
// CRC-32C of its word counts, and its documents: their ids and kinds,
// fixed width, then their texts and places), the paths of sources removed
// (segments only), the word document counts (bases only), and the number
// of vectors and the checksum of their sums and scales. A document's
// vector is the one at its place in the file. Opening the base reads and
// checks the head; word counts, documents' texts and places, and the
// vectors' columns are read (and checked) or decoded when wanted, so a
// tick reads the few hundred columns its queries use, not every vector (a
// base is replaced by rename, so the open file stays the one the head was
// read from). A segment is small and read whole. The checksums make a damaged file detectable
// (files are written atomically, so a torn one is not expected); CRC-32C
// runs in hardware, where sha256 cost ~14 ms of every tick's open at 1,000
// scenes.
const (
	indexMagic = "storyd-index 6\n"
	segMagic   = "storyd-index-seg 6\n"
)

var errNoIndex = errors.New("no index file")

// contents is what an index file holds.
type contents struct {
	embedder string
	dims     int
	sources  []*source
	removed  []string
	df       map[string]int32
	terms    int64  // the bytes of word counts, after the head (decode)
	vecs     int    // the number of vectors (decode)
	vecSum   uint32 // the CRC-32C of their sums and scales (decode)
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checkMagic tells an index file of this storyd from another file.
func checkMagic(data []byte, magic string) error {
	if bytes.HasPrefix(data, []byte(magic)) {
		return nil
	}
	if bytes.HasPrefix(data, []byte("storyd-index")) {
		return errors.New("index written by an older storyd")
	}
	return errors.New("not an index file")
}

// encode writes an index file: magic, the head's checksum and length, the
// head, the vectors of its documents.
func encode(magic string, c contents) ([]byte, error) {
	var e encoder
	e.str(c.embedder)
	e.uint(uint64(c.dims))
	e.uint(uint64(len(c.sources)))
	var refs []vectors.Ref
	for _, s := range c.sources {
		if err := e.source(s); err != nil {
			return nil, err
		}
		if s.docs == nil { // read from a file, not decoded: rows row0.. of its block
			for k := range s.n {
				refs = append(refs, vectors.Ref{B: s.blk, I: int(s.row0) + k})
			}
			continue
		}
		for _, d := range s.docs {
			refs = append(refs, vectors.Ref{B: d.blk, I: int(d.row)})
		}
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
	e.uint(uint64(len(refs)))
	e.b = append(e.b, 0, 0, 0, 0) // the vectors' checksum, set below
	// One buffer for the whole file (a base is ~20 MB at 1,000 scenes).
	out := make([]byte, 0, len(magic)+12+len(e.b)+len(e.terms)+int(vectors.Size(len(refs), c.dims)))
	out = append(out, magic...)
	out = append(out, make([]byte, 4)...) // the head's checksum, set below
	out = binary.LittleEndian.AppendUint64(out, uint64(len(e.b)))
	head := len(out)
	out = append(append(out, e.b...), e.terms...)
	out, sum, err := vectors.Encode(out, c.dims, refs)
	if err != nil {
		return nil, err
	}
	binary.LittleEndian.PutUint32(out[head+len(e.b)-4:], sum)
	binary.LittleEndian.PutUint32(out[len(magic):], crc32.Checksum(out[head:head+len(e.b)], castagnoli))
	return out, nil
}

type encoder struct{ b, terms []byte }

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

// metaSeq is the "seq" of metadata encodeMeta wrote (0 when it has none),
// read without decoding the rest: a scan asks it of every source.
func metaSeq(b []byte) int {
	d := &decoder{b: b}
	for range d.count(2) {
		k, v := d.bytes(d.count(1)), d.bytes(d.count(1))
		if string(k) == "seq" {
			n, _ := strconv.Atoi(string(v))
			return n
		}
	}
	return 0
}

func (e *encoder) source(s *source) error {
	terms, err := s.wordCounts()
	if err != nil {
		return err
	}
	e.str(s.key)
	e.b = append(e.b, s.fp[:]...)
	e.b = append(e.b, s.meta...)
	e.uint(uint64(len(terms)))
	e.b = binary.LittleEndian.AppendUint32(e.b, crc32.Checksum(terms, castagnoli))
	e.terms = append(e.terms, terms...)
	// The ids and kinds first, fixed width: a scan reads them where they
	// lie, and the rest of a document is decoded only when it is wanted.
	if s.docs == nil && s.n > 0 { // as read from a file (a compaction's most)
		e.uint(uint64(s.n))
		e.b = append(append(append(e.b, s.ids...), s.kinds...), s.raw...)
		return nil
	}
	docs := s.documents()
	e.uint(uint64(len(docs)))
	for _, d := range docs {
		e.b = append(e.b, d.id[:]...)
	}
	for _, d := range docs {
		e.b = append(e.b, d.kind)
	}
	for _, d := range docs {
		e.str(d.text)
		e.uint(uint64(d.off))
		e.uint(uint64(d.n))
		e.b = binary.LittleEndian.AppendUint64(e.b, d.sum)
	}
	return nil
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

// strOf is str cut from s, a copy of what is left to decode (d.b) at
// some earlier point: the string shares s's memory.
func (d *decoder) strOf(s string) string {
	n := d.count(1)
	at := len(s) - len(d.b)
	if d.bytes(n) == nil {
		return ""
	}
	return s[at : at+n]
}

// decode reads a head written by encode, checking that every document is
// well formed (a known kind, a text); the vectors are the caller's.
func decode(data []byte) (contents, error) {
	d := &decoder{b: data}
	c := contents{embedder: d.str(), dims: int(d.uint())}
	if c.dims <= 0 || c.dims > 1<<16 {
		d.fail("dimensions")
	}
	// A source takes 25 bytes at least (a path, a fingerprint, counts, a
	// checksum): the count allocates no more than the head backs. One
	// allocation for all, not one for each of ~1,400.
	srcs := make([]source, d.count(25))
	lazy := make([]lazyTerms, len(srcs))
	for i := range srcs {
		s := &srcs[i]
		s.lazy = &lazy[i]
		if d.source(s); d.err != nil {
			break
		}
		c.sources = append(c.sources, s)
	}
	for range d.count(1) {
		c.removed = append(c.removed, d.str())
	}
	n := d.count(2)
	c.df = make(map[string]int32, n)
	// The words are cut from one copy of the rest of the head: one
	// allocation, not one per word (tens of thousands at 1,000 scenes).
	rest := string(d.b)
	for range n {
		t, x := d.strOf(rest), d.uint()
		if x == 0 || x > math.MaxInt32 {
			d.fail("word count")
		}
		c.df[t] = int32(x)
	}
	vecs := d.uint()
	if sum := d.bytes(4); d.err == nil {
		c.vecSum = binary.LittleEndian.Uint32(sum)
	}
	for _, s := range c.sources {
		c.vecs += s.n
		s.lazy.off = c.terms // from the end of the head, until readHead knows where that is
		c.terms += s.lazy.n
	}
	if uint64(c.vecs) != vecs {
		d.fail("vector count")
	}
	if d.err == nil && len(d.b) != 0 {
		d.fail("trailing bytes")
	}
	return c, d.err
}

// source decodes a source into s, whose lazy is set.
func (d *decoder) source(s *source) {
	s.key = d.str()
	copy(s.fp[:], d.bytes(len(s.fp)))
	n := skipMeta(d.b)
	if n < 0 {
		d.fail("metadata")
	}
	s.meta = d.bytes(n) // kept in the file's bytes
	s.lazy.n = int64(d.uint())
	if sum := d.bytes(4); d.err == nil {
		s.lazy.sum = binary.LittleEndian.Uint32(sum)
	}
	if s.lazy.n > 1<<31 {
		d.fail("word counts")
	}
	s.n = d.count(16 + 1 + 1 + 1 + 1 + 8)
	s.ids, s.kinds = d.bytes(16*s.n), d.bytes(s.n)
	for _, k := range s.kinds {
		if int(k) >= len(docKinds) {
			d.fail("unknown kind")
		}
	}
	// The documents' texts and places are checked now and decoded when
	// wanted (documents).
	if n = skipDocs(d.b, s.n); n < 0 {
		d.fail("documents")
	}
	s.raw = d.bytes(n)
	if s.key == "" {
		d.fail("source without a path")
	}
}

// A base holds ~1,400 sources and ~11,000 documents at 1,000 scenes, and
// every tick opens it: skipMeta and skipDocs check a source's metadata and
// its documents' texts and places with a loop over the bytes, where the
// decoder's calls per field cost more than the bytes.

// uvarint is binary.Uvarint at b[i:], most numbers being one byte; k <= 0
// as binary.Uvarint says when there is none.
func uvarint(b []byte, i int) (x uint64, k int) {
	if i < len(b) && b[i] < 0x80 {
		return uint64(b[i]), 1 // inlined: the rest is a call
	}
	return uvarintAt(b, i)
}

func uvarintAt(b []byte, i int) (uint64, int) {
	if i > len(b) {
		return 0, 0
	}
	return binary.Uvarint(b[i:])
}

// skipMeta returns the length of the metadata at the start of b (a count,
// then that many pairs of strings), or -1 if it is not well formed.
func skipMeta(b []byte) int {
	n, i := uvarint(b, 0)
	if i <= 0 || n > uint64(len(b)/2) {
		return -1
	}
	for range 2 * n {
		l, k := uvarint(b, i)
		if k <= 0 || l > uint64(len(b)-i-k) {
			return -1
		}
		i += k + int(l)
	}
	return i
}

// skipDocs returns the length of n documents' texts and places at the
// start of b (as encoder.source writes them), or -1 if they are not well
// formed: each a text, an offset, a length (a text or a length, not
// neither) and a checksum of 8 bytes.
func skipDocs(b []byte, n int) int {
	i := 0
	for range n {
		l, k := uvarint(b, i)
		if k <= 0 || l > uint64(len(b)-i-k) {
			return -1
		}
		i += k + int(l)
		if _, k = uvarint(b, i); k <= 0 {
			return -1
		}
		i += k
		x, k := uvarint(b, i)
		if k <= 0 || l == 0 && x == 0 || len(b)-i-k < 8 {
			return -1
		}
		i += k + 8
	}
	return i
}

// readBase opens the base file and reads its head; the vectors' block
// keeps the file open and reads its columns when a query needs them, until
// the caller closes f (returned only without an error).
func readBase(path, embedder string) (c contents, size int64, f *os.File, err error) {
	f, err = os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return contents{}, 0, nil, errNoIndex
	}
	if err != nil {
		return contents{}, 0, nil, err
	}
	c, size, err = func() (contents, int64, error) {
		info, err := f.Stat()
		if err != nil {
			return contents{}, 0, err
		}
		c, off, err := readHead(f, info.Size(), indexMagic, embedder)
		if err != nil {
			return contents{}, 0, err
		}
		blk, err := vectors.Open(f, off, c.vecs, c.dims, c.vecSum)
		return c.with(blk), info.Size(), err
	}()
	if err != nil {
		f.Close()
		return contents{}, 0, nil, err
	}
	return c, size, f, nil
}

// readSegment reads and checks a whole segment file: opened, stat-ed and
// read in one call (os.ReadFile reads again to find the end; a segment is
// written whole by rename, so its size is its stat's).
func readSegment(path, embedder string) (contents, int64, error) {
	data, err := readWhole(path)
	if err != nil {
		return contents{}, 0, err
	}
	c, err := parseFile(data, segMagic, embedder)
	return c, int64(len(data)), err
}

func readWhole(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	data := make([]byte, info.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	return data, nil
}

// parseFile reads and checks a whole index file held in data.
func parseFile(data []byte, magic, embedder string) (contents, error) {
	c, off, err := readHead(bytes.NewReader(data), int64(len(data)), magic, embedder)
	if err != nil {
		return contents{}, err
	}
	for _, s := range c.sources {
		if _, err := s.wordCounts(); err != nil {
			return contents{}, err
		}
	}
	blk, err := vectors.Parse(data[off:], c.vecs, c.dims, c.vecSum)
	return c.with(blk), err
}

// with points the documents at their vectors, in file order.
func (c contents) with(blk *vectors.Block) contents {
	i := 0
	for _, s := range c.sources {
		s.blk, s.row0 = blk, int32(i)
		i += s.n
	}
	return c
}

// documents returns the source's documents, decoded from the file's bytes
// the first time: a tick's scan reads only their ids, kinds and vectors
// (Index.candidates), and decodes the few that are hits (doc).
func (s *source) documents() []*doc {
	if s.docs != nil || s.n == 0 {
		return s.docs
	}
	d := &decoder{b: s.raw} // checked when the file was read
	all := make([]doc, s.n)
	s.docs = make([]*doc, s.n)
	for k := range all {
		s.docs[k] = s.decodeDoc(k, d, &all[k])
		if s.hits != nil && s.hits[k] != nil {
			s.docs[k] = s.hits[k] // the one a query has
		}
	}
	s.hits = nil
	return s.docs
}

// doc returns document k, decoding only it while the others are still
// encoded: a scan's ~220 hits at 1,000 scenes lie in ~150 sources of ~14
// documents each.
func (s *source) doc(k int) *doc {
	if s.docs != nil {
		return s.docs[k]
	}
	if s.hits == nil {
		s.hits = make([]*doc, s.n)
	}
	if s.hits[k] == nil {
		s.hits[k] = s.decodeDoc(k, &decoder{b: s.raw[skipDocs(s.raw, k):]}, new(doc))
	}
	return s.hits[k]
}

// decodeDoc decodes document k (its text and place next in d) into x.
func (s *source) decodeDoc(k int, d *decoder, x *doc) *doc {
	x.src, x.kind, x.blk, x.row = s, s.kinds[k], s.blk, s.row0+int32(k)
	copy(x.id[:], s.ids[16*k:])
	x.text = d.str()
	x.off, x.n = uint32(d.uint()), uint32(d.uint())
	x.sum = binary.LittleEndian.Uint64(d.bytes(8))
	return x
}

// count is the number of the source's documents.
func (s *source) count() int {
	if s.docs != nil {
		return len(s.docs)
	}
	return s.n
}

// readHead reads and checks an index file's head from r (size bytes); the
// vectors follow at off.
func readHead(r io.ReaderAt, size int64, magic, embedder string) (c contents, off int64, err error) {
	fixed := make([]byte, len(magic)+12)
	if _, err := r.ReadAt(fixed, 0); err != nil {
		if err := checkMagic(fixed, magic); err != nil {
			return c, 0, err
		}
		return c, 0, errors.New("index file truncated")
	}
	if err := checkMagic(fixed, magic); err != nil {
		return c, 0, err
	}
	sum := binary.LittleEndian.Uint32(fixed[len(magic):])
	n := binary.LittleEndian.Uint64(fixed[len(magic)+4:])
	if n > uint64(size-int64(len(fixed))) {
		return c, 0, errors.New("index file truncated")
	}
	head := make([]byte, n)
	if _, err := r.ReadAt(head, int64(len(fixed))); err != nil {
		return c, 0, err
	}
	if crc32.Checksum(head, castagnoli) != sum {
		return c, 0, errors.New("index checksum mismatch")
	}
	if c, err = decode(head); err != nil {
		return c, 0, err
	}
	if c.embedder != embedder {
		return c, 0, fmt.Errorf("index built by embedder %q, not %q", c.embedder, embedder)
	}
	off = int64(len(fixed)) + int64(n)
	if size-off != c.terms+vectors.Size(c.vecs, c.dims) {
		return c, 0, errors.New("index file truncated")
	}
	for _, s := range c.sources {
		s.lazy.r, s.lazy.off = r, off+s.lazy.off
	}
	return c, off + c.terms, nil
}

// lazyTerms is where a source's word counts are in a file: read when the
// source is dropped (or written to a new base), and checked then.
type lazyTerms struct {
	r      io.ReaderAt
	off, n int64
	sum    uint32
}

// wordCounts returns the source's word counts, read from its file the
// first time.
func (s *source) wordCounts() ([]byte, error) {
	if s.lazy == nil {
		return s.terms, nil
	}
	b := make([]byte, s.lazy.n)
	if _, err := s.lazy.r.ReadAt(b, s.lazy.off); err != nil {
		return nil, fmt.Errorf("index word counts: %w", err)
	}
	if crc32.Checksum(b, castagnoli) != s.lazy.sum {
		return nil, fmt.Errorf("index word counts of %s: %w", s.key, vectors.ErrDamaged)
	}
	s.terms, s.lazy = b, nil
	return b, nil
}
