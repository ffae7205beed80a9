package index

import (
	"context"
	"errors"
	"math"
	"math/rand"
	"strings"
	"testing"
)

func ixDot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func ixEmbedOne(t *testing.T, e Embedder, text string) []float32 {
	t.Helper()
	vs, err := e.Embed(context.Background(), []string{text})
	if err != nil {
		t.Fatalf("Embed(%q): %v", text, err)
	}
	return vs[0]
}

func TestLocalEmbedderUnitAndDeterministic(t *testing.T) {
	e := NewLocalEmbedder()
	texts := []string{"The drowned chapel at Wexcombe.", "", "   ", "the of and", "!!! ...", "a b c", "Élodie’s café — naïve"}
	a, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := e.Embed(context.Background(), texts)
	if len(a) != len(texts) {
		t.Fatalf("got %d vectors; want %d", len(a), len(texts))
	}
	for i, v := range a {
		if len(v) != localDims {
			t.Errorf("text %q: got %d dims; want %d", texts[i], len(v), localDims)
		}
		if n := math.Sqrt(ixDot(v, v)); math.Abs(n-1) > 1e-5 {
			t.Errorf("text %q: got norm %v; want 1", texts[i], n)
		}
		for j := range v {
			if v[j] != b[i][j] {
				t.Fatalf("text %q: embedding differs between calls at %d", texts[i], j)
			}
		}
	}
	// Texts without features share the fixed vector.
	if d := ixDot(a[1], a[3]); math.Abs(d-1) > 1e-6 {
		t.Errorf("empty and stopword-only texts: got similarity %v; want 1", d)
	}
}

// A long text puts three or more features in some dimensions; their sum
// must not depend on the order a map hands them out (before float64 sums,
// the same text embedded twice differed in its last bits, at any GOAMD64).
func TestLocalEmbedderSameBitsEveryTime(t *testing.T) {
	e := NewLocalEmbedder()
	text := strings.Repeat("The drowned chapel at Wexcombe stood under the winter water while the regiment marched past the mill and the bridge. ", 3) +
		"Élodie’s café — naïve lanterns, thunderstorms, a staircase, the strongroom, a forgery, windowless."
	first := ixEmbedOne(t, e, text)
	for run := range 50 {
		again := ixEmbedOne(t, e, text)
		for j := range first {
			if math.Float32bits(first[j]) != math.Float32bits(again[j]) {
				t.Fatalf("embedding %d: component %d is %v; the first time %v", run+2, j, again[j], first[j])
			}
		}
	}
}

func TestLocalEmbedderNeverZero(t *testing.T) {
	e := NewLocalEmbedder()
	r := rand.New(rand.NewSource(7))
	alphabet := []rune("abcdefghij klmnop,.'’ é\n")
	texts := make([]string, 500)
	for i := range texts {
		n := r.Intn(40)
		rs := make([]rune, n)
		for j := range rs {
			rs[j] = alphabet[r.Intn(len(alphabet))]
		}
		texts[i] = string(rs)
	}
	vs, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vs {
		n := ixDot(v, v)
		if math.IsNaN(n) || math.Abs(n-1) > 1e-5 {
			t.Fatalf("text %q: got squared norm %v; want 1", texts[i], n)
		}
	}
}

func TestLocalEmbedderRanksSharedRareWords(t *testing.T) {
	e := NewLocalEmbedder()
	fact := ixEmbedOne(t, e, "On the mantel lay a brass astrolabe engraved with a heron, which her father had left her.")
	other := ixEmbedOne(t, e, "She walked with her father along the lane, and they spoke of the weather and of the ball.")
	q := ixEmbedOne(t, e, "Elizabeth looks for the heron instrument.")
	if a, b := ixDot(q, fact), ixDot(q, other); a <= b {
		t.Errorf("heron query: got fact %.3f <= other %.3f; want the fact closer", a, b)
	}
	// Word forms meet through stems and character grams.
	d1 := ixEmbedOne(t, e, "the drowned chapel")
	d2 := ixEmbedOne(t, e, "drowning chapels")
	d3 := ixEmbedOne(t, e, "a sunny meadow")
	if a, b := ixDot(d1, d2), ixDot(d1, d3); a < 0.5 || b > 0.2 {
		t.Errorf("word forms: got similar %.3f, unrelated %.3f; want >= 0.5 and <= 0.2", a, b)
	}
}

func TestLocalEmbedderCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewLocalEmbedder().Embed(ctx, []string{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v; want context.Canceled", err)
	}
}

func TestEmbedFunc(t *testing.T) {
	ctx := context.Background()
	ok := EmbedFunc("fake", func(_ context.Context, texts []string) ([][]float32, error) {
		out := make([][]float32, len(texts))
		for i := range texts {
			out[i] = []float32{3, 4}
		}
		return out, nil
	})
	if ok.Name() != "fake" {
		t.Errorf("got name %q; want fake", ok.Name())
	}
	vs, err := ok.Embed(ctx, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if vs[1][0] != 0.6 || vs[1][1] != 0.8 {
		t.Errorf("got %v; want [0.6 0.8]", vs[1])
	}

	cases := map[string]func(context.Context, []string) ([][]float32, error){
		"zero vector": func(context.Context, []string) ([][]float32, error) { return [][]float32{{0, 0}}, nil },
		"NaN": func(context.Context, []string) ([][]float32, error) {
			return [][]float32{{float32(math.NaN()), 1}}, nil
		},
		"count":   func(context.Context, []string) ([][]float32, error) { return [][]float32{{1}, {1}}, nil },
		"empty":   func(context.Context, []string) ([][]float32, error) { return [][]float32{{}}, nil },
		"failure": func(context.Context, []string) ([][]float32, error) { return nil, errors.New("boom") },
	}
	for name, f := range cases {
		if _, err := EmbedFunc("bad", f).Embed(ctx, []string{"a"}); err == nil {
			t.Errorf("%s: got no error; want one", name)
		}
	}
	mixed := EmbedFunc("mixed", func(context.Context, []string) ([][]float32, error) { return [][]float32{{1, 0}, {1}}, nil })
	if _, err := mixed.Embed(ctx, []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), "dimensions") {
		t.Errorf("mixed dimensions: got %v; want a dimensions error", err)
	}
}
