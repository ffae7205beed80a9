package index

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/storyd/storyd/index/vectors"
)

// Querying. The index keeps its vectors as int8 components and a scale
// (package vectors), stored by component: a base file's block is read a
// column at a time, and a query reads only the columns it needs. The local
// embedder's queries are sparse (a plan's six touch a few hundred of the
// 1,024 hashed features), so NearestEach reads those columns of every
// block once and scores all the plan's queries in one pass over them
// (vectors.Queries), with the same similarities, bit for bit, as
// chromem-go's dot product over the whole vectors, then keeps the best n
// of each by similarity, then id. A dense embedder's queries (the
// OpenAI-compatible path) use every component: those run on chromem-go,
// which stays the engine for them and the reference the fast path is
// tested against (TestIndexScanMatchesChromem), in collections of
// 1,024 documents built one at a time in a reused float32 buffer, so
// the vector engine's memory does not grow with the book.
//
// The cost of a query still grows with the book (every document of the
// used columns is scored). A first pass over 128-component count sketches
// of the vectors was tried and dropped: at the local embedder's
// similarities (0.1-0.3) a sketch's error (about 1/sqrt(128)) is as large
// as the differences, and a 512-document shortlist missed 243 of 384 true
// top-64 neighbours (recall benchmark: 46/48 → 45/48).

// scored is a document and its similarity to a query.
type scored struct {
	d   *doc
	sim float32
}

func kindName(k uint8) string { return docKinds[k] }

// candidates are the documents a scan compares, numbered in order: their
// vectors as runs of rows (spans), and runs of one source's documents, to
// find a candidate's document and id, without a value per document (a
// tick's scan compares every document of the book).
type candidates struct {
	spans []vectors.Span
	runs  []docRun
	n     int
}

// docRun is documents k, k+1, ... of source s, candidates first, first+1, ...
type docRun struct {
	s        *source
	k, first int
}

// at returns candidate i's source and its place there.
func (c *candidates) at(i int) (*source, int) {
	r := c.runs[sort.Search(len(c.runs), func(j int) bool { return c.runs[j].first > i })-1]
	return r.s, r.k + i - r.first
}

// id is candidate i's id, which orders equal similarities.
func (c *candidates) id(i int) []byte {
	s, k := c.at(i)
	if s.docs != nil {
		return s.docs[k].id[:]
	}
	return s.ids[16*k : 16*k+16]
}

// add makes document k of s (its vector row of blk) the next candidate.
func (c *candidates) add(s *source, k int, blk *vectors.Block, row int) {
	if l := len(c.runs) - 1; l < 0 || c.runs[l].s != s || c.runs[l].k+c.n-c.runs[l].first != k {
		c.runs = append(c.runs, docRun{s, k, c.n})
	}
	if l := len(c.spans) - 1; l >= 0 && c.spans[l].B == blk && c.spans[l].Row+c.spans[l].N == row {
		c.spans[l].N++
	} else {
		c.spans = append(c.spans, vectors.Span{B: blk, Row: row, N: 1})
	}
	c.n++
}

// candidates lists the documents of the kinds given (none: all), less the
// scene chunks and summaries of the scenes out reports (nil: none), in a
// fixed order (by source path, then position), without decoding those of
// sources read from a file. A scene is left out whole, before the scan, so
// that a fetch of n returns n documents the caller may use, not n less
// those it then drops (recall's recency tiers; the recall bench's scenes
// after the planned one). Kinds are bit masks: this runs on every
// document of the book each tick.
func (ix *Index) candidates(kinds []string, out func(seq int) bool) *candidates {
	keep, scene := kindMask(kinds), kindMask([]string{KindScene, KindSummary})
	c := &candidates{}
	for _, key := range ix.order {
		s := ix.sources[key]
		drop := ^keep
		if out != nil && out(metaSeq(s.meta)) {
			drop |= scene
		}
		for k := range s.count() {
			if s.docs != nil {
				if d := s.docs[k]; drop&(1<<d.kind) == 0 {
					c.add(s, k, d.blk, int(d.row))
				}
			} else if drop&(1<<s.kinds[k]) == 0 {
				c.add(s, k, s.blk, int(s.row0)+k)
			}
		}
	}
	return c
}

// kindMask has bit kindCode(k) set for each of kinds; none: all.
func kindMask(kinds []string) uint32 {
	if len(kinds) == 0 {
		return ^uint32(0)
	}
	var m uint32
	for _, k := range kinds {
		m |= 1 << kindCode(k)
	}
	return m
}

// nearest returns, for each query vector, up to n of the candidates,
// nearest first (ties: lower id first): on the columns the queries use
// when they are sparse, on chromem-go when they are dense.
func (ix *Index) nearest(ctx context.Context, qvs [][]float32, n int, c *candidates) ([][]scored, error) {
	for _, qv := range qvs {
		if len(qv) != ix.dims {
			return nil, fmt.Errorf("index: query has %d dimensions; the index has %d (rebuild it)", len(qv), ix.dims)
		}
	}
	if n <= 0 || c.n == 0 {
		return make([][]scored, len(qvs)), nil
	}
	var res [][]vectors.Hit
	var err error
	if qs := vectors.Narrow(qvs, ix.dims); qs != nil {
		res, err = qs.Nearest(c.spans, c.id, n)
	} else {
		res, err = vectors.NearestDense(ctx, qvs, c.spans, c.id, n)
	}
	if err != nil {
		ix.damaged(err)
		return nil, fmt.Errorf("index: %w", err)
	}
	out := make([][]scored, len(res))
	for q, hits := range res {
		for _, h := range hits {
			s, k := c.at(h.I)
			out[q] = append(out[q], scored{s.doc(k), h.Sim})
		}
	}
	return out, nil
}

// hits turns scored documents into Hits with their text, dropping any
// whose text its file no longer holds (the next Sync re-indexes that file).
// rd holds what was read, shared by the calls of one query.
func (ix *Index) hits(res []scored, rd *reads) []Hit {
	out := make([]Hit, 0, len(res))
	for _, r := range res {
		h, ok := rd.docs[r.d]
		if !ok {
			if text, ok := ix.text(r.d, rd.files); ok {
				meta := decodeMeta(r.d.src.meta)
				meta["kind"] = kindName(r.d.kind)
				h = Hit{ID: hex.EncodeToString(r.d.id[:]), Meta: meta, Content: text}
			}
			rd.docs[r.d] = h
		}
		if h.ID == "" {
			continue
		}
		h.Similarity = r.sim
		out = append(out, h)
	}
	return out
}

// reads are the files a query read and the documents it made Hits of
// (without a similarity; no ID when the text is gone), so that a scene or
// a document several of a plan's queries find is read, checked and
// decoded once. The Hits of one query share their Meta.
type reads struct {
	files map[string][]byte
	docs  map[*doc]Hit
}

func newReads() *reads { return &reads{files: map[string][]byte{}, docs: map[*doc]Hit{}} }

// text is a document's text: held, or read back from its file (files
// caches the files read) and checked against the hash taken when it was
// indexed, so a stale offset never returns wrong text.
func (ix *Index) text(d *doc, files map[string][]byte) (string, bool) {
	if d.n == 0 {
		return d.text, true
	}
	data, ok := files[d.src.key]
	if !ok {
		data, _ = os.ReadFile(filepath.Join(ix.dir, filepath.FromSlash(d.src.key)))
		files[d.src.key] = data
	}
	end := uint64(d.off) + uint64(d.n)
	if end > uint64(len(data)) {
		return "", false
	}
	b := data[d.off:end]
	if textSum(b) != d.sum {
		return "", false
	}
	return string(b), true
}

// damaged empties the index when err says a file it reads vectors from is
// damaged: the cache cannot be trusted, and the next Sync rebuilds it.
func (ix *Index) damaged(err error) {
	if errors.Is(err, vectors.ErrDamaged) {
		ix.reset()
		ix.dirty, ix.why = true, err
	}
}
