package index

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/storyd/storyd/index/words"
)

// Embedder turns texts into unit vectors for the index. Name identifies the
// model (and its version): an index built under another name is rebuilt.
type Embedder interface {
	Name() string
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// EmbedFunc adapts a function, such as an OpenAI-compatible embeddings call,
// into an Embedder. The vectors it returns are normalised to unit length;
// a zero, non-finite or missing vector is an error, because chromem-go
// silently ranks such vectors as garbage.
func EmbedFunc(name string, f func(ctx context.Context, texts []string) ([][]float32, error)) Embedder {
	return funcEmbedder{name: name, f: f}
}

type funcEmbedder struct {
	name string
	f    func(ctx context.Context, texts []string) ([][]float32, error)
}

func (e funcEmbedder) Name() string { return e.name }

func (e funcEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	vs, err := e.f(ctx, texts)
	if err != nil {
		return nil, err
	}
	if len(vs) != len(texts) {
		return nil, fmt.Errorf("embedder %s: got %d vectors for %d texts", e.name, len(vs), len(texts))
	}
	out := make([][]float32, len(vs))
	for i, v := range vs {
		if len(v) == 0 {
			return nil, fmt.Errorf("embedder %s: empty vector for text %d", e.name, i)
		}
		if len(v) != len(vs[0]) {
			return nil, fmt.Errorf("embedder %s: vector %d has %d dimensions; want %d", e.name, i, len(v), len(vs[0]))
		}
		n, err := unit(v)
		if err != nil {
			return nil, fmt.Errorf("embedder %s: text %d: %w", e.name, i, err)
		}
		out[i] = n
	}
	return out, nil
}

// unit returns a normalised copy of v.
func unit(v []float32) ([]float32, error) {
	var sq float64
	for _, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, errors.New("vector has a non-finite component")
		}
		sq += f * f
	}
	if sq == 0 {
		return nil, errors.New("zero vector")
	}
	inv := 1 / math.Sqrt(sq)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) * inv)
	}
	return out, nil
}

// Local embedder: feature hashing (the "hashing trick") of stemmed word
// unigrams, word bigrams and character 3/4-grams into a fixed number of
// dimensions, with sublinear term frequency, stopwords dropped and common
// narrative words damped. Document vectors are a pure function of their
// text (a corpus IDF baked into them would make a vector depend on what was
// indexed before it); the corpus IDF is applied to the query instead, by
// the Index (see termEmbedder).
const (
	localDims = 1024
	// localName changes whenever the features or weights change, so that
	// old indexes are rebuilt.
	localName = "local-hash-v4-1024"
)

// Feature weights, tuned on the recall benchmark (index_recall_test.go):
// every feature adds hash-collision noise to all similarities, so bigrams
// and character grams weigh little and common words are damped.
const (
	wUnigram = 1.0
	wBigram  = 0.3
	wChar    = 0.15
	wCommon  = 0.35

	groupUnigram = 1
	groupBigram  = 2
	groupChar    = 3
)

// NewLocalEmbedder returns the default embedder: deterministic, offline,
// and good at lexical recall (shared rare words, word forms, names).
// It knows no synonyms: "the heron instrument" finds "an astrolabe
// engraved with a heron" through "heron", not through "instrument".
func NewLocalEmbedder() Embedder { return localEmbedder{} }

type localEmbedder struct{}

func (localEmbedder) Name() string { return localName }

func (localEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	counts, stems := map[uint64]feature{}, words.Stems{}
	for i, t := range texts {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[i] = localVector(t, nil, counts, stems)
	}
	return out, nil
}

// termEmbedder is an Embedder whose vectors are sums of word features, so
// the index can weight a query's words by their rarity in the corpus (an
// IDF applied on the query side only: document vectors stay a pure
// function of their text, and an index built bit by bit equals one built at
// once).
type termEmbedder interface {
	Embedder
	// terms lists the distinct indexed words of a text; stems is a memo
	// shared by the texts of a batch (nil: none).
	terms(text string, stems words.Stems) []string
	// embedQuery embeds text with each word's features scaled by weight:
	// word for its unigram and bigrams, chars for its character grams.
	embedQuery(text string, weight func(term string) (word, chars float32)) []float32
}

func (localEmbedder) terms(text string, stems words.Stems) []string { return words.Terms(text, stems) }

func (localEmbedder) embedQuery(text string, weight func(string) (float32, float32)) []float32 {
	return localVector(text, weight, map[uint64]feature{}, nil)
}

type feature struct {
	tf     float32
	weight float32 // the largest word weight the feature came with
}

// localVector embeds one text, scaling each word's features by weight
// (nil: 1); counts is scratch space, stems a memo (may be nil).
func localVector(text string, weight func(string) (float32, float32), counts map[uint64]feature, stems words.Stems) []float32 {
	clear(counts)
	bump := func(k uint64, w float32) {
		f := counts[k]
		f.tf++
		f.weight = max(f.weight, w)
		counts[k] = f
	}
	prev, prevW := "", float32(0)
	words.Each(text, func(w string) {
		if words.Stopword(w) {
			// Skipped, so bigrams join the content words around it:
			// "chapel under the water" gives "chapel water".
			return
		}
		s := stems.Stem(w)
		ww, cw := float32(1), float32(1)
		if words.Common(w) {
			ww, cw = wCommon, wCommon
		}
		if weight != nil {
			ww, cw = weight(s)
		}
		bump(featureKey(groupUnigram, s, ""), ww)
		if prev != "" {
			bump(featureKey(groupBigram, prev, s), min(prevW, ww))
		}
		prev, prevW = s, ww
		words.CharGrams(w, func(g string) { bump(featureKey(groupChar, g, ""), cw) })
	})
	if len(counts) == 0 {
		return fixedVector()
	}
	// Summed in float64, where a dimension's few float32 terms (within a
	// few powers of two of each other) add up exactly: in float32 the sum
	// of three or more, or of two under GOAMD64=v3's fused multiply-adds,
	// depends on the order, and a map's order is random, so the same text
	// embedded twice differed in its last bits.
	sums := make([]float64, localDims)
	for k, f := range counts {
		w := f.weight
		if weight == nil {
			// A query names a thing once or twice by accident of wording;
			// only a passage's repetitions say what it is about.
			w *= float32(1 + math.Log(float64(f.tf)))
		}
		switch k >> 62 {
		case groupUnigram:
			w *= wUnigram
		case groupBigram:
			w *= wBigram
		default:
			w *= wChar
		}
		// Each feature lands in two dimensions, with signs, at half
		// power each: a collision of two words then shares one dimension
		// of two, and collisions cancel out on average instead of piling up.
		w *= math.Sqrt2 / 2
		for _, h := range [2]uint64{k, k * 0x9e3779b97f4a7c15 >> 7} {
			if h&(1<<40) != 0 {
				sums[h%localDims] -= float64(w)
			} else {
				sums[h%localDims] += float64(w)
			}
		}
	}
	v := make([]float32, localDims)
	for i, x := range sums {
		v[i] = float32(x)
	}
	n, err := unit(v)
	if err != nil {
		// Features can cancel out exactly; never hand out a zero vector.
		return fixedVector()
	}
	return n
}

// fixedVector is the embedding of a text without features: a constant
// unit vector, far from any real text.
func fixedVector() []float32 {
	v := make([]float32, localDims)
	x := float32(1 / math.Sqrt(localDims))
	for i := range v {
		v[i] = x
	}
	return v
}

// featureKey hashes a feature (FNV-1a, 64 bit) and puts its group in the
// top two bits.
func featureKey(group uint64, a, b string) uint64 {
	const (
		offset = 14695981039346656037
		prime  = 1099511628211
	)
	h := uint64(offset)
	h = (h ^ group) * prime
	for i := 0; i < len(a); i++ {
		h = (h ^ uint64(a[i])) * prime
	}
	if b != "" {
		h = (h ^ ' ') * prime
		for i := 0; i < len(b); i++ {
			h = (h ^ uint64(b[i])) * prime
		}
	}
	// Mix the high bits down (FNV's low bits are weak), then tag the group.
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return h&(1<<62-1) | group<<62
}
