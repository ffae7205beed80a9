package vectors

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	chromem "github.com/philippgille/chromem-go"
)

// shardDocs is how many vectors a chromem-go collection of NearestDense
// holds at a time: 4 MB of float32 at 1,024 dimensions, whatever the
// length of the book.
const shardDocs = 1024

// NearestDense is Nearest for queries that use most components (a dense
// embedder's): it runs them on chromem-go, in collections of shardDocs
// vectors built one at a time in a reused float32 buffer. Each collection
// returns its best n; the merged hits are ordered as Nearest orders them.
func NearestDense(ctx context.Context, qvs [][]float32, spans []Span, id IDs, n int) ([][]Hit, error) {
	out := make([][]Hit, len(qvs))
	var refs []Ref
	for _, sp := range spans {
		for k := range sp.N {
			refs = append(refs, Ref{sp.B, sp.Row + k})
		}
	}
	if len(refs) == 0 || n <= 0 {
		return out, nil
	}
	dims := refs[0].B.dims
	scratch := make([]float32, min(shardDocs, len(refs))*dims)
	t := top{id: id}
	for start := 0; start < len(refs); start += shardDocs {
		shard := refs[start:min(start+shardDocs, len(refs))]
		col, err := collection(ctx, shard, scratch, dims)
		if err != nil {
			return nil, err
		}
		for q, qv := range qvs {
			res, err := col.QueryEmbedding(ctx, qv, min(n, len(shard)), nil, nil)
			if err != nil {
				return nil, err
			}
			for _, r := range res {
				i, _ := strconv.Atoi(r.ID)
				out[q] = append(out[q], Hit{start + i, r.Similarity})
			}
			slices.SortFunc(out[q], t.compare)
			out[q] = out[q][:min(n, len(out[q]))]
		}
	}
	return out, nil
}

// collection loads a shard's vectors as float32 unit vectors of dims
// components in scratch, into a new chromem-go collection. Document ids
// are positions in the shard.
func collection(ctx context.Context, shard []Ref, scratch []float32, dims int) (*chromem.Collection, error) {
	// Never a nil embedding function: chromem-go falls back to calling
	// OpenAI then. Documents arrive with vectors, so it never runs.
	col, err := chromem.NewDB().CreateCollection("storyd", nil, func(context.Context, string) ([]float32, error) {
		return nil, errors.New("index vectors: no embedding here")
	})
	if err != nil {
		return nil, fmt.Errorf("chromem-go: %w", err)
	}
	for i, r := range shard {
		x, err := r.B.Row(r.I)
		if err != nil {
			return nil, err
		}
		v := scratch[i*dims : (i+1)*dims : (i+1)*dims]
		x.Dequantize(v)
		if err := col.AddDocument(ctx, chromem.Document{ID: strconv.Itoa(i), Embedding: v}); err != nil {
			return nil, fmt.Errorf("chromem-go: %w", err)
		}
	}
	return col, nil
}
