package index

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/storyd/storyd/index/vectors"
	"github.com/storyd/storyd/project"
)

// Document kinds in the index. project.Snippet.Kind carries them.
const (
	KindScene      = "scene"   // a prose chunk of a scene
	KindSummary    = "summary" // a scene's summary bullets
	KindCheckpoint = "checkpoint"
	KindCharacter  = "character"
	KindLocation   = "location"
	KindAnchor     = project.SnippetAnchor // a durable fact about an entity (package recall); never indexed
)

// docKinds are the indexed kinds; a document stores its kind's position.
var docKinds = []string{KindScene, KindSummary, KindCheckpoint, KindCharacter, KindLocation}

func kindCode(k string) uint8 { return uint8(slices.Index(docKinds, k)) }

const (
	// IndexFile is the index's base file, a cache rebuilt from the markdown.
	IndexFile = project.StateDir + "/index/index.bin"
	// DefaultK is the number of snippets a Query with K <= 0 returns.
	DefaultK = 5
	// DefaultBoostWeight is the boost per matching facet when Boosts.Weight
	// is 0. Local-embedder similarities of a relevant passage are about
	// 0.1-0.3, so a larger boost lets any scene of the same POV outrank it.
	DefaultBoostWeight = 0.02

	embedBatch = 64
)

// Index is the semantic index of a project. It is kept per source file (a
// scene, a summary file, a sheet): each source has a fingerprint of what
// it was built from, so Sync re-chunks and re-embeds only the files that
// changed, knowing them by the hashes the project loaded, not by reading
// their bodies. A document is its id, kind, where its text is and its
// vector, a row of a block (package vectors, scan.go). It is persisted as a
// base file plus segments of later changes (segment.go). It is a cache:
// any doubt about the files means starting over. Safe for concurrent use.
type Index struct {
	mu      sync.Mutex
	dir     string // the project
	path    string // the base file
	emb     Embedder
	dims    int
	sources map[string]*source // by project-relative path
	count   int                // documents
	dirty   bool
	// order is the sources' paths, sorted: the order a scan takes them in,
	// kept as they come and go (a sort of ~1,400 paths was ~0.4 ms a tick).
	order []string
	// df counts the documents holding each word, when the embedder can
	// weight query words by rarity (termEmbedder); nil otherwise.
	df map[string]int32
	// why is the reason the saved index could not be used, if it could not.
	why error
	// syncs numbers the Syncs, to mark the sources each one keeps.
	syncs uint64

	// What changed since the last save, for the next segment (source paths
	// added or replaced, and removed); full says the next save writes a
	// whole new base instead.
	added, removed map[string]bool
	full           bool
	// The files: the base's size, and the segments after it (in the log,
	// whose replayed length is logLen, and any files an older storyd left).
	baseBytes, segBytes, logLen int64
	segs                        int
	// base is the base file as opened, whose columns queries read (nil:
	// none); Close closes it.
	base *os.File
}

// source is one project file's documents.
type source struct {
	key  string   // the file's project-relative path
	fp   [16]byte // fingerprint of what the documents were built from
	mark uint64   // the number of the last Sync that kept it
	// meta is the documents' metadata, encoded as in the file (store.go):
	// decoded only for the documents a query returns, since a tick opens
	// every source and returns a few.
	meta []byte
	// terms counts, for each word, the documents of this source holding it
	// ("word count" lines), so that removing the source can update df
	// without the text it was built from. A base file's are read only then
	// (lazy).
	terms []byte
	lazy  *lazyTerms
	docs  []*doc // nil until decoded (documents) for a source read from a file
	hits  []*doc // before that, those decoded one at a time (doc), or nil
	// A source read from a file: its documents' count, ids and kinds where
	// they lie in the file's bytes, the rest of them still encoded (raw),
	// and where their vectors are (rows row0.. of blk).
	n               int
	ids, kinds, raw []byte
	blk             *vectors.Block
	row0            int32
}

// doc is one indexed unit. Its text is either held (text) or, for a scene
// chunk, bytes [off, off+n) of the scene file whose sha256 starts with sum:
// read back on use and dropped when the file no longer holds it.
type doc struct {
	id     [16]byte
	kind   uint8
	src    *source
	text   string
	off, n uint32
	sum    uint64
	// The embedding: vector row of blk (package vectors), a block of the
	// base file, of a segment or of a batch this process embedded.
	blk *vectors.Block
	row int32
}

// Remove deletes a project's index (base and segments); the next open
// starts from nothing and the next sync rebuilds it.
func Remove(projectDir string) error {
	return os.RemoveAll(filepath.Join(projectDir, filepath.FromSlash(path.Dir(IndexFile))))
}

// OpenIndex loads the project's index. A missing file, a corrupt one, one
// from an older storyd or one built by another embedder is not an error:
// the index starts empty, the caller's Sync fills it, and StartedOver says
// why.
func OpenIndex(projectDir string, emb Embedder) (*Index, error) {
	if emb == nil {
		return nil, errors.New("open index: nil embedder")
	}
	ix := &Index{dir: projectDir, path: filepath.Join(projectDir, filepath.FromSlash(IndexFile)), emb: emb}
	ix.reset()
	if err := ix.load(); err != nil {
		ix.Close()
		ix.reset()
		ix.dirty = true // whatever was there is useless; the next Save replaces it
		if !errors.Is(err, errNoIndex) {
			ix.why = err
		} else if _, err := os.Stat(filepath.Join(filepath.Dir(ix.path), legacyFile)); err == nil {
			ix.why = errors.New("index written by an older storyd")
		}
	}
	return ix, nil
}

// Close closes the base file whose columns queries read; a query after it
// fails. Without it every tick of a long run left its base open until the
// garbage collector found it (and a base a compaction replaced kept its
// disk space as long).
func (ix *Index) Close() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.base == nil {
		return nil
	}
	err := ix.base.Close()
	ix.base = nil
	return err
}

// StartedOver returns why the saved index could not be used (damaged,
// from an older storyd, another embedder), or nil. The index then starts
// empty and Sync rebuilds it.
func (ix *Index) StartedOver() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.why
}

// load reads the base and replays the segments.
func (ix *Index) load() error {
	c, size, f, err := readBase(ix.path, ix.emb.Name())
	if err != nil {
		return err
	}
	ix.base = f
	ix.dims = c.dims
	for _, s := range c.sources {
		if ix.sources[s.key] != nil {
			return errors.New("bad index: source listed twice")
		}
		ix.sources[s.key] = s
		ix.order = append(ix.order, s.key)
		ix.count += s.n
	}
	if !slices.IsSorted(ix.order) { // a base file lists them sorted
		slices.Sort(ix.order)
	}
	if ix.df != nil {
		if len(c.df) == 0 && ix.count > 0 {
			return errors.New("index without word counts")
		}
		ix.df = c.df
	}
	segs, err := segmentFiles(ix.path)
	var segSize, logSize int64
	var logged int
	if err == nil {
		segSize, err = ix.applySegments(segs)
	}
	if err == nil {
		logSize, logged, err = ix.applyLog()
	}
	if err != nil {
		return err
	}
	ix.baseBytes, ix.segs, ix.segBytes, ix.logLen = size, len(segs)+logged, segSize+logSize, logSize
	ix.full = false
	return nil
}

// reset empties the index.
func (ix *Index) reset() {
	ix.sources, ix.order, ix.count, ix.dims, ix.df = map[string]*source{}, nil, 0, 0, nil
	ix.added, ix.removed, ix.full = map[string]bool{}, map[string]bool{}, true
	if _, ok := ix.emb.(termEmbedder); ok {
		ix.df = map[string]int32{}
	}
}

// put adds a source (replacing one of the same path) and counts its words.
func (ix *Index) put(s *source) error {
	if old := ix.sources[s.key]; old != nil {
		if err := ix.uncount(old); err != nil {
			return err
		}
	} else {
		i, _ := slices.BinarySearch(ix.order, s.key)
		ix.order = slices.Insert(ix.order, i, s.key)
	}
	ix.sources[s.key] = s
	ix.count += s.count()
	if ix.df != nil {
		eachTerm(s.terms, func(t string, n int32) { ix.df[t] += n })
	}
	return nil
}

// drop removes a source and its word counts.
func (ix *Index) drop(s *source) error {
	if err := ix.uncount(s); err != nil {
		return err
	}
	delete(ix.sources, s.key)
	if i, ok := slices.BinarySearch(ix.order, s.key); ok {
		ix.order = slices.Delete(ix.order, i, i+1)
	}
	return nil
}

// uncount takes a source's documents and word counts out of the totals.
func (ix *Index) uncount(s *source) error {
	if ix.df != nil {
		terms, err := s.wordCounts()
		if err != nil {
			return err
		}
		eachTerm(terms, func(t string, n int32) {
			if ix.df[t] -= n; ix.df[t] <= 0 {
				delete(ix.df, t)
			}
		})
	}
	ix.count -= s.count()
	return nil
}

// eachTerm calls f for each line "word count" of terms.
func eachTerm(terms []byte, f func(t string, n int32)) {
	for line := range strings.Lines(string(terms)) {
		t, n, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		var x int32
		for _, c := range n {
			x = x*10 + int32(c-'0')
		}
		f(t, x)
	}
}

// idf weighs a query word by its rarity among the indexed documents.
func (ix *Index) idf(term string) (word, chars float32) {
	df := ix.df[term]
	w := bm25IDF(ix.count, float64(df))
	if df == 0 {
		// A word no document holds matches only by hash collision; its
		// character grams may still meet another form of it.
		return 0, w
	}
	return w, w
}

// bm25IDF is BM25's inverse document frequency of a word n documents of
// which df hold: never negative, highest for unseen words.
func bm25IDF(n int, df float64) float32 {
	return float32(math.Log(1 + (float64(n)-df+0.5)/(df+0.5)))
}

// Count is the number of indexed documents.
func (ix *Index) Count() int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.count
}

// Sync makes the index match the project. A source whose fingerprint is
// unchanged costs a map lookup: its body is not read, chunked or hashed.
// The documents of edited and deleted files go, and those of new and
// edited files are chunked and embedded, in batches. added and removed
// count documents. On error the index holds a consistent subset (whole
// sources), which the next Sync completes.
func (ix *Index) Sync(ctx context.Context, p *project.Project) (added, removed int, err error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	added, removed, err = ix.sync(ctx, p)
	if errors.Is(err, vectors.ErrDamaged) {
		ix.damaged(err) // a base file's word counts failed their checksum
		return ix.sync(ctx, p)
	}
	return added, removed, err
}

func (ix *Index) sync(ctx context.Context, p *project.Project) (added, removed int, err error) {
	want := projectSources(p)
	// Kept sources are marked with this sync's number: when all are, none
	// is left to drop, and the sources need no second pass.
	ix.syncs++
	kept := 0
	var todo []wanted
	for _, w := range want {
		s := ix.sources[w.key]
		keep := s != nil && s.fp == w.fp
		switch {
		case keep && s.mark != ix.syncs:
			s.mark = ix.syncs
			kept++
		case !keep && s != nil && s.mark == ix.syncs: // a path listed twice: the last decides
			s.mark = 0
			kept--
		}
		if !keep {
			todo = append(todo, w)
		}
	}
	// An edited file keeps the vectors of its unchanged chunks.
	old := map[[16]byte]*doc{}
	for key, s := range ix.sources {
		if kept == len(ix.sources) {
			break
		}
		if s.mark != ix.syncs {
			for _, d := range s.documents() {
				old[d.id] = d
			}
			if err := ix.drop(s); err != nil {
				return 0, 0, err
			}
			ix.noteRemoved(key)
		}
	}
	removed = len(old)
	if ix.count == 0 {
		ix.dims = 0 // an emptied index accepts a new embedder's dimensions
	}
	var batch []*pending
	flush := func() error {
		n, reused, err := ix.embedAndPut(ctx, batch, old)
		added += n
		removed -= reused
		batch = batch[:0]
		return err
	}
	// Chunks are read back from the index's directory: places in another
	// project's files would read nothing there.
	inPlace := filepath.Clean(ix.dir) == filepath.Clean(p.Dir)
	for _, w := range todo {
		pn := w.build(inPlace)
		if pn == nil {
			continue
		}
		batch = append(batch, pn)
		if docsIn(batch) >= embedBatch {
			if err := flush(); err != nil {
				return added, removed, err
			}
		}
	}
	if err := flush(); err != nil {
		return added, removed, err
	}
	return added, removed, nil
}

func (ix *Index) noteRemoved(key string) {
	if ix.added[key] {
		delete(ix.added, key) // never saved
	} else {
		ix.removed[key] = true
	}
	ix.dirty = true
}

// embedAndPut embeds the documents of whole sources, except those old
// holds a vector for, and adds the sources. It returns how many documents
// it embedded and how many it took from old.
func (ix *Index) embedAndPut(ctx context.Context, batch []*pending, old map[[16]byte]*doc) (added, reused int, err error) {
	reuse := func(d *doc) bool {
		o := old[d.id]
		return o != nil && (ix.dims == 0 || o.blk.Dims() == ix.dims)
	}
	var texts []string
	for _, pn := range batch {
		for i, d := range pn.src.docs {
			if !reuse(d) {
				texts = append(texts, pn.texts[i])
			}
		}
	}
	var vs [][]float32
	if len(texts) > 0 {
		if vs, err = ix.emb.Embed(ctx, texts); err != nil {
			return 0, 0, fmt.Errorf("index: embed: %w", err)
		}
		if len(vs) != len(texts) {
			return 0, 0, fmt.Errorf("index: embedder %s returned %d vectors for %d texts", ix.emb.Name(), len(vs), len(texts))
		}
	}
	// The new vectors of the batch make one block; its documents are put
	// only once all are made, so an error leaves whole sources.
	var rows []vectors.Vector
	var fresh []*doc
	stems := Stems{} // a scene's words recur across its chunks
	for _, pn := range batch {
		for i, d := range pn.src.docs {
			if ix.df != nil {
				pn.countTerms(ix.emb.(termEmbedder), i, stems)
			}
			if o := old[d.id]; reuse(d) {
				d.blk, d.row = o.blk, o.row
				ix.dims = o.blk.Dims()
				reused++
				continue
			}
			added++
			v := vs[0]
			vs = vs[1:]
			if ix.dims == 0 {
				ix.dims = len(v)
			}
			if len(v) != ix.dims {
				return added, reused, fmt.Errorf("index: embedder %s returned %d dimensions; the index has %d", ix.emb.Name(), len(v), ix.dims)
			}
			// Normalise even a trusted embedder's output: chromem-go ranks
			// by dot product and turns a zero vector into NaNs.
			u, err := unit(v)
			if err != nil {
				return added, reused, fmt.Errorf("index: embedder %s: %s: %w", ix.emb.Name(), pn.src.key, err)
			}
			d.row = int32(len(rows))
			rows, fresh = append(rows, vectors.Quantize(u)), append(fresh, d)
		}
	}
	blk := vectors.NewBlock(ix.dims, rows)
	for _, d := range fresh {
		d.blk = blk
	}
	for _, pn := range batch {
		pn.finish()
		if err := ix.put(pn.src); err != nil {
			return added, reused, err
		}
		if ix.removed[pn.src.key] {
			delete(ix.removed, pn.src.key) // the saved files still hold the old one; the segment replaces it
		}
		ix.added[pn.src.key] = true
		ix.dirty = true
	}
	return added, reused, nil
}

// Save writes what changed since the index was opened or saved: a
// segment, or now and then a whole new base (segment.go).
func (ix *Index) Save() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.dirty {
		return nil
	}
	save := ix.saveSegment
	if ix.compactDue() {
		save = ix.saveBase
	}
	if err := save(); err != nil {
		ix.damaged(err)
		return err
	}
	ix.added, ix.removed = map[string]bool{}, map[string]bool{}
	ix.dirty, ix.full = false, false
	return nil
}

// docID names a document by a hash of its metadata, kind and text, so an
// unchanged unit keeps its id and an edited one gets a new one.
func docID(meta map[string]string, kind, content string) [16]byte {
	all := maps.Clone(meta)
	all["kind"] = kind
	h := sha256.New()
	for _, k := range slices.Sorted(maps.Keys(all)) {
		fmt.Fprintf(h, "%s=%q\n", k, all[k])
	}
	h.Write([]byte{0})
	h.Write([]byte(content))
	var id [16]byte
	copy(id[:], h.Sum(nil))
	return id
}

// textSum is what a document read back from its file is checked against.
func textSum(text []byte) uint64 {
	s := sha256.Sum256(text)
	return binary.LittleEndian.Uint64(s[:8])
}
