package index

import (
	"context"

	"github.com/storyd/storyd/index/chunk"
	"github.com/storyd/storyd/index/words"
)

// What the recall package (anchors and ranking, above this one) needs of
// the index: its words, its text splitting, its nearest documents and its
// word counts. Recall's ranking rescores what Nearest returns, so these are
// the index's only ways in; the index's storage stays its own.

// Terms lists the distinct content words of text as the index counts them
// (stopwords dropped, stemmed): the unit of lexical scoring. stems may be
// nil; a caller reading many texts at once passes one to share.
func Terms(text string, stems Stems) []string { return words.Terms(text, stems) }

// Stems memoizes the stemmer for a caller that reads many texts at once
// (package words).
type Stems = words.Stems

// Paragraphs splits text at blank lines, each paragraph on one line.
func Paragraphs(text string) []string { return chunk.Paragraphs(text) }

// Sentences splits a paragraph at sentence ends ("Mr. Darcy" ends none).
func Sentences(p string) []string { return chunk.Sentences(p) }

// Hit is a document near a query.
type Hit struct {
	ID         string
	Meta       map[string]string
	Content    string
	Similarity float32
}

// NearestEach returns, for each text, up to n scene chunks and summaries
// nearest to it, nearest first, of the scenes exclude does not report (nil:
// every scene): those are left out of the scan, so the n are n the caller
// can use. One call scans the index once for all the texts (scan.go), so
// a plan's queries cost one pass, not one each.
func (ix *Index) NearestEach(ctx context.Context, texts []string, n int, exclude func(seq int) bool) ([][]Hit, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	out := make([][]Hit, len(texts))
	if ix.count == 0 || n <= 0 {
		return out, nil
	}
	qvs := make([][]float32, len(texts))
	for i, t := range texts {
		qv, err := ix.embedQuery(ctx, t)
		if err != nil {
			return nil, err
		}
		qvs[i] = qv
	}
	res, err := ix.nearest(ctx, qvs, n, ix.candidates([]string{KindScene, KindSummary}, exclude))
	if err != nil {
		return nil, err
	}
	rd := newReads()
	for i, r := range res {
		out[i] = ix.hits(r, rd)
	}
	return out, nil
}

// Lexical reports whether the index's embedder is built from the words
// Terms lists (the local embedder): its similarities then say little
// beyond shared words, and lexical coverage is the better gate.
func (ix *Index) Lexical() bool {
	_, ok := ix.emb.(termEmbedder)
	return ok
}

// WordWeight is a word's IDF among the indexed documents (1 when the
// embedder keeps no word counts).
func (ix *Index) WordWeight(t string) float32 {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.df == nil || ix.count == 0 {
		return 1
	}
	return bm25IDF(ix.count, float64(ix.df[t]))
}

// Holds reports whether an indexed document holds the word t (a stem, as
// Terms lists it); false when the embedder keeps no word counts.
func (ix *Index) Holds(t string) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.df[t] > 0
}

// RareWeight is the IDF of a word held by at most one document in 500
// (and by at most two): rare enough to point at a passage on its own.
func (ix *Index) RareWeight() float32 {
	ix.mu.Lock()
	n := ix.count
	ix.mu.Unlock()
	return bm25IDF(n, max(float64(n)/500, 2))
}
