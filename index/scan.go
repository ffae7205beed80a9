package index

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	chromem "github.com/philippgille/chromem-go"
)

// Querying in bounded memory. A chromem-go collection holds float32
// vectors, 4 KB a document at 1,024 dimensions: a whole 1,000-scene book
// (~11,000 documents) would be 45 MB resident. The index keeps its vectors
// as int8 instead (a quarter of that, used where they lie in the file
// bytes), and a query builds a chromem-go collection for one shard of
// shardDocs documents at a time in a reused float32 buffer, runs every
// query vector against it, keeps the best n of each, and drops it. Memory
// for the vector engine is then one shard (4 MB) whatever the length of
// the book; the cost of a query still grows with the book (chromem-go
// compares the query with every document), halved by comparing only the
// components the queries use (narrow). A first pass over 128-component
// count sketches of the vectors was tried and dropped: at the local
// embedder's similarities (0.1-0.3) a sketch's error (about 1/sqrt(128))
// is as large as the differences, and a 512-document shortlist missed 243
// of 384 true top-64 neighbours (recall benchmark: 46/48 → 45/48).
//
// The int8 vectors stay resident (~1 KB a document, ~15 MB at 1,000
// scenes, which peak at ~64 MB for the whole tick process) rather than be
// read from disk a shard at a time: every tick scans every vector anyway,
// and reading them per shard would need the open files pinned (or checked
// against what was read at open) and a compaction that streams between
// files; the memory saved is not needed for the 100 MB bound.
const shardDocs = 1024

// scored is a document and its similarity to a query.
type scored struct {
	d   *doc
	sim float32
}

func kindName(k uint8) string { return docKinds[k] }

// ordered lists the documents keep accepts, in a fixed order (by source
// path, then position), so that equal similarities break the same way.
func (ix *Index) ordered(keep func(*doc) bool) []*doc {
	keys := make([]string, 0, len(ix.sources))
	for k := range ix.sources {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []*doc
	for _, k := range keys {
		for _, d := range ix.sources[k].docs {
			if keep == nil || keep(d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// nearest returns, for each query vector, up to n of docs (as ordered
// lists them), nearest first (ties: lower id first).
func (ix *Index) nearest(ctx context.Context, qvs [][]float32, n int, docs []*doc) ([][]scored, error) {
	for _, qv := range qvs {
		if len(qv) != ix.dims {
			return nil, fmt.Errorf("index: query has %d dimensions; the index has %d (rebuild it)", len(qv), ix.dims)
		}
	}
	out := make([][]scored, len(qvs))
	if n <= 0 || len(docs) == 0 {
		return out, nil
	}
	at, qvs := narrow(qvs, ix.dims)
	dims := ix.dims
	if at != nil {
		dims = len(at) + 1
	}
	if len(ix.scratch) < min(shardDocs, len(docs))*dims {
		ix.scratch = make([]float32, min(shardDocs, len(docs))*dims)
	}
	for start := 0; start < len(docs); start += shardDocs {
		shard := docs[start:min(start+shardDocs, len(docs))]
		col, err := ix.collection(ctx, shard, at, dims)
		if err != nil {
			return nil, err
		}
		for qi, qv := range qvs {
			res, err := col.QueryEmbedding(ctx, qv, min(n, len(shard)), nil, nil)
			if err != nil {
				return nil, fmt.Errorf("index: %w", err)
			}
			for _, r := range res {
				i, _ := strconv.Atoi(r.ID)
				out[qi] = append(out[qi], scored{shard[i], r.Similarity})
			}
			out[qi] = best(out[qi], n)
		}
	}
	return out, nil
}

// best sorts by similarity, then id, and keeps n.
func best(s []scored, n int) []scored {
	sort.Slice(s, func(i, j int) bool {
		if s[i].sim != s[j].sim {
			return s[i].sim > s[j].sim
		}
		return bytes.Compare(s[i].d.id[:], s[j].d.id[:]) < 0
	})
	return s[:min(n, len(s))]
}

// narrow narrows the comparison to the components where some query is
// not zero (the local embedder's query vectors are sparse: a plan's
// queries touch a fraction of the 1,024 hashed features). Each document is
// then given those components and one more that makes it a unit vector
// again, and the queries a zero there: a dot product adds the same nonzero
// terms in the same order as over the whole vectors, so similarities are
// bit for bit those of the full comparison, for a fraction of the work. at
// is nil when the queries touch most components (a dense embedder).
func narrow(qvs [][]float32, dims int) (at []int, out [][]float32) {
	used := make([]bool, dims)
	for _, qv := range qvs {
		for i, x := range qv {
			if x != 0 && !used[i] {
				used[i] = true
				at = append(at, i)
			}
		}
	}
	if len(at)+1 > dims*3/4 {
		return nil, qvs
	}
	slices.Sort(at)
	out = make([][]float32, len(qvs))
	for q, qv := range qvs {
		out[q] = make([]float32, len(at)+1)
		for j, i := range at {
			out[q][j] = qv[i]
		}
	}
	return at, out
}

// collection loads a shard's vectors (their components at, and the one
// that keeps them unit; all of them when at is nil) as float32 unit
// vectors of dims components in the scratch buffer, into a new chromem-go
// collection. Document ids are positions in the shard.
func (ix *Index) collection(ctx context.Context, shard []*doc, at []int, dims int) (*chromem.Collection, error) {
	// Always our own embedding function: chromem-go falls back to calling
	// OpenAI when it is nil. Documents arrive with vectors, so it never runs.
	col, err := chromem.NewDB().CreateCollection(collectionName, nil, ix.embedOne)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	for i, d := range shard {
		v := ix.scratch[i*dims : (i+1)*dims : (i+1)*dims]
		if at == nil {
			dequantize(d.vec, v)
		} else {
			var sq float64
			for j, c := range at {
				x := float32(int8(d.vec.comps[c])) * d.vec.scale
				v[j] = x
				sq += float64(x) * float64(x)
			}
			v[len(at)] = float32(math.Sqrt(max(0, 1-sq)))
		}
		if err := col.AddDocument(ctx, chromem.Document{ID: strconv.Itoa(i), Embedding: v}); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
	}
	return col, nil
}

// dequantize writes x into v: a unit vector, up to float32 rounding.
func dequantize(x vector, v []float32) {
	for i, b := range x.comps {
		v[i] = float32(int8(b)) * x.scale
	}
}

// hits turns scored documents into Hits with their text, dropping any
// whose text its file no longer holds (the next Sync re-indexes that file).
// files caches the files read, shared by the calls of one query so that a
// scene several plan queries find is read once.
func (ix *Index) hits(res []scored, files map[string][]byte) []Hit {
	out := make([]Hit, 0, len(res))
	for _, r := range res {
		text, ok := ix.text(r.d, files)
		if !ok {
			continue
		}
		meta := decodeMeta(r.d.src.meta)
		meta["kind"] = kindName(r.d.kind)
		out = append(out, Hit{ID: fmt.Sprintf("%x", r.d.id), Meta: meta, Content: text, Similarity: r.sim})
	}
	return out
}

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

// embedOne embeds one text as a unit vector: a query's, and chromem-go's
// embedding function (collection), which never runs.
func (ix *Index) embedOne(ctx context.Context, text string) ([]float32, error) {
	vs, err := ix.emb.Embed(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	if len(vs) != 1 {
		return nil, fmt.Errorf("embedder %s: got %d vectors for 1 text", ix.emb.Name(), len(vs))
	}
	return unit(vs[0])
}
