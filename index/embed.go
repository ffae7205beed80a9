package index

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
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
	counts, stems := map[uint64]feature{}, Stems{}
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
	terms(text string, stems Stems) []string
	// embedQuery embeds text with each word's features scaled by weight:
	// word for its unigram and bigrams, chars for its character grams.
	embedQuery(text string, weight func(term string) (word, chars float32)) []float32
}

func (localEmbedder) terms(text string, stems Stems) []string { return termsOf(text, stems) }

// termsOf lists the distinct indexed words of text, stemmed through stems.
func termsOf(text string, stems Stems) []string {
	seen := map[string]bool{}
	var out []string
	forEachWord(text, func(w string) {
		if isStopword(w) {
			return
		}
		if s := stems.stem(w); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	})
	return out
}

func (localEmbedder) embedQuery(text string, weight func(string) (float32, float32)) []float32 {
	return localVector(text, weight, map[uint64]feature{}, nil)
}

type feature struct {
	tf     float32
	weight float32 // the largest word weight the feature came with
}

// localVector embeds one text, scaling each word's features by weight
// (nil: 1); counts is scratch space, stems a memo (may be nil).
func localVector(text string, weight func(string) (float32, float32), counts map[uint64]feature, stems Stems) []float32 {
	clear(counts)
	bump := func(k uint64, w float32) {
		f := counts[k]
		f.tf++
		f.weight = max(f.weight, w)
		counts[k] = f
	}
	prev, prevW := "", float32(0)
	forEachWord(text, func(w string) {
		if isStopword(w) {
			// Skipped, so bigrams join the content words around it:
			// "chapel under the water" gives "chapel water".
			return
		}
		s := stems.stem(w)
		ww, cw := float32(1), float32(1)
		if isCommon(w) {
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
		charGrams(w, func(g string) { bump(featureKey(groupChar, g, ""), cw) })
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

// forEachWord calls f with each lowercased word of text: runs of letters
// and digits; apostrophes split ("elizabeth's" → "elizabeth", "s"). A
// word already in lower case is passed as the slice of text it is, the
// others lowered (a word is allocated only then: recall and a sync read
// hundreds of thousands of words a tick).
func forEachWord(text string, f func(string)) {
	for i := 0; i < len(text); {
		j, lower := wordEnd(text, i)
		if j == i {
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
			continue
		}
		w := text[i:j]
		if !lower {
			w = strings.ToLower(w)
		}
		if len(w) > 1 {
			f(w)
		}
		i = j
	}
}

// wordEnd returns the end of the run of letters and digits at text[i:]
// (i if none), and whether the run is in lower case already.
func wordEnd(text string, i int) (int, bool) {
	lower := true
	for i < len(text) {
		if c := text[i]; c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				lower = false
			default:
				return i, lower
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return i, lower
		}
		lower = lower && unicode.ToLower(r) == r
		i += n
	}
	return i, lower
}

// charGrams calls f with the character 3- and 4-grams of "<w>", which let
// word forms ("drowned", "drowning") and misspellings meet.
func charGrams(w string, f func(string)) {
	if utf8.RuneCountInString(w) < 3 {
		return
	}
	s := "<" + w + ">"
	idx := make([]int, 0, len(s)+1)
	for i := range s {
		idx = append(idx, i)
	}
	idx = append(idx, len(s))
	runes := len(idx) - 1
	for n := 3; n <= 4; n++ {
		for i := 0; i+n <= runes; i++ {
			f(s[idx[i]:idx[i+n]])
		}
	}
}

// isStopword reports words too common to tell passages apart: function
// words, and the verbs and adverbs every narrative uses on each page.
func isStopword(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "almost", "also", "am", "among", "an", "and",
		"another", "any", "are", "as", "at", "away", "back", "be", "became", "because", "become", "been", "before",
		"began", "being", "below", "between", "both", "but", "by", "came", "can", "cannot", "come", "could", "did",
		"do", "does", "doing", "don", "done", "down", "during", "each", "either", "else", "enough", "even", "ever",
		"every", "far", "few", "first", "for", "from", "further", "gave", "get", "give", "go", "going", "gone", "got",
		"had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
		"however", "if", "in", "indeed", "into", "is", "it", "its", "itself", "just", "know", "knew", "last", "least",
		"less", "let", "like", "ll", "made", "make", "many", "may", "me", "might", "mine", "more", "most", "mr", "mrs",
		"much", "must", "my", "myself", "never", "no", "nor", "not", "nothing", "now", "of", "off", "often", "oh",
		"on", "once", "one", "only", "or", "other", "others", "ought", "our", "ours", "ourselves", "out", "over",
		"own", "perhaps", "quite", "rather", "re", "said", "same", "say", "see", "seemed", "shall", "she", "should",
		"since", "so", "some", "something", "soon", "still", "such", "than", "that", "the", "their", "theirs", "them",
		"themselves", "then", "there", "these", "they", "thing", "think", "this", "those", "though", "thought",
		"through", "thus", "till", "to", "too", "took", "toward", "towards", "two", "under", "until", "up", "upon",
		"us", "ve", "very", "was", "way", "we", "well", "went", "were", "what", "when", "where", "whether", "which",
		"while", "who", "whom", "whose", "why", "will", "with", "within", "without", "would", "yet", "you", "your",
		"yours", "yourself", "yourselves":
		return true
	}
	return false
}

// isCommon reports words frequent in any narrative: kept, but
// down-weighted, so that a passage's rare words carry its vector.
func isCommon(w string) bool {
	switch w {
	case "answer", "answered", "asked", "bad", "best", "better", "brother", "called", "certain", "child", "cried",
		"day", "days", "dear", "door", "end", "eyes", "face", "father", "feel", "felt", "find", "found", "friend",
		"friends", "full", "good", "great", "half", "hand", "hands", "happy", "head", "heard", "hear", "heart",
		"hope", "hour", "house", "kind", "lady", "large", "left", "life", "little", "live", "long", "look",
		"looked", "love", "man", "men", "mind", "miss", "moment", "morning", "mother", "name", "new", "next",
		"night", "old", "open", "part", "place", "pleasure", "poor", "possible", "power", "present", "put", "read",
		"ready", "real", "replied", "return", "right", "room", "saw", "seem", "seen", "short", "sir", "sister",
		"small", "speak", "spoke", "stood", "sure", "take", "talk", "tell", "three", "time", "told", "turned",
		"walk", "want", "whole", "wish", "woman", "women", "word", "words", "world", "year", "years", "young":
		return true
	}
	return false
}
