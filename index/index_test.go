package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

var ixClock = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// ixWriteScene writes a scene file the way storyd does and returns its path.
func ixWriteScene(t testing.TB, dir string, s *project.Scene) {
	t.Helper()
	if s.Path == "" {
		s.Path = project.ScenePath(s.Seq, s.Title)
	}
	if s.ID == "" {
		s.ID = fmt.Sprintf("s%d", s.Seq)
	}
	if s.Created.IsZero() {
		s.Created = ixClock
	}
	data, err := s.Render()
	if err != nil {
		t.Fatal(err)
	}
	if err := journal.WriteFileAtomic(filepath.Join(dir, s.Path), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func ixWriteStory(t testing.TB, dir string) {
	t.Helper()
	st := project.Story{Title: "Index test"}
	data, err := st.Render()
	if err != nil {
		t.Fatal(err)
	}
	if err := journal.WriteFileAtomic(filepath.Join(dir, project.StoryFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func ixLoad(t testing.TB, dir string) *project.Project {
	t.Helper()
	p, err := journal.Load(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ixBody is s's prose; a failed read fails the test.
func ixBody(t testing.TB, s *project.Scene) string {
	t.Helper()
	b, err := s.Body()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ixCounting wraps the local embedder and counts embedded texts.
func ixCounting(n *atomic.Int64) Embedder {
	local := NewLocalEmbedder()
	return EmbedFunc(local.Name(), func(ctx context.Context, texts []string) ([][]float32, error) {
		n.Add(int64(len(texts)))
		return local.Embed(ctx, texts)
	})
}

// ixSmallProject writes five scenes, a character and a location.
func ixSmallProject(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	ixWriteStory(t, dir)
	bodies := []string{
		"Anna found a brass astrolabe engraved with a heron in her grandmother's trunk.\n\nShe wrapped it in oilcloth and hid it beneath the floorboards of the attic.",
		"The village of Wexcombe had lost its chapel to the flood of 1703; the drowned chapel still showed its bell tower at low tide.",
		"Tom swore to return the silver locket by midsummer, and Anna made him repeat the promise twice.",
		"A long dinner at the rectory: the curate talked of sermons, the ladies of ribbons and the price of wheat.",
		"Rain all week. The horses were restless, and the road to the market town turned to mud.",
	}
	povs := []string{"c1", "c2", "c2", "c1", "c3"}
	for i, b := range bodies {
		ixWriteScene(t, dir, (&project.Scene{Seq: i + 1, Title: fmt.Sprintf("Scene %d", i+1), POV: povs[i], Location: "l1",
			Characters: []string{povs[i], "c9"}, Summary: []string{fmt.Sprintf("Things happen in scene %d.", i+1)}}).SetBody(b))
	}
	c := &project.Character{ID: "c1", Name: "Anna Hale", Aliases: []string{"Nan"}, Role: "heroine", Traits: []string{"stubborn"}, FirstScene: 1, Body: "Keeper of the heron astrolabe."}
	data, _ := c.Render()
	if err := journal.WriteFileAtomic(filepath.Join(dir, project.CharacterPath(c.ID, c.Name)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	l := &project.Location{ID: "l1", Name: "Wexcombe", Kind: "village", FirstScene: 2, Body: "A fishing village with a drowned chapel."}
	data, _ = l.Render()
	if err := journal.WriteFileAtomic(filepath.Join(dir, project.LocationPath(l.ID, l.Name)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func ixOpen(t testing.TB, dir string, e Embedder) *Index {
	t.Helper()
	ix, err := OpenIndex(dir, e)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// ixVector is a document's vector as float32.
func ixVector(t testing.TB, d *doc) []float32 {
	t.Helper()
	x, err := d.blk.Row(int(d.row))
	if err != nil {
		t.Fatal(err)
	}
	v := make([]float32, len(x.Comps))
	x.Dequantize(v)
	return v
}

func ixSync(t testing.TB, ix *Index, p *project.Project) (int, int) {
	t.Helper()
	a, r, err := ix.Sync(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return a, r
}

// ordered lists the documents, in a fixed order (by source path, then
// position), as candidates does for a scan.
func (ix *Index) ordered() []*doc {
	var out []*doc
	for _, k := range slices.Sorted(maps.Keys(ix.sources)) {
		out = append(out, ix.sources[k].documents()...)
	}
	return out
}

// ixSaved opens dir's index with the local embedder, syncs it with the
// project as loaded, and saves it: the state most tests start from.
func ixSaved(t testing.TB, dir string) (*Index, *project.Project) {
	t.Helper()
	ix := ixOpen(t, dir, NewLocalEmbedder())
	p := ixLoad(t, dir)
	ixSync(t, ix, p)
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	return ix, p
}

func ixQuery(t testing.TB, ix *Index, q Query) []project.Snippet {
	t.Helper()
	res, err := ix.Query(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func ixSeqs(res []project.Snippet) []int {
	var out []int
	for _, s := range res {
		out = append(out, s.Seq)
	}
	return out
}

// 5 scenes x (1 summary + 1 chunk) + 1 character + 1 location.
const ixSmallDocs = 12

func TestIndexSyncIdempotentAndSaved(t *testing.T) {
	dir := ixSmallProject(t)
	var n atomic.Int64
	ix := ixOpen(t, dir, ixCounting(&n))
	p := ixLoad(t, dir)
	if a, r := ixSync(t, ix, p); a != ixSmallDocs || r != 0 {
		t.Fatalf("first sync: got added %d removed %d; want %d, 0", a, r, ixSmallDocs)
	}
	if got := ix.Count(); got != ixSmallDocs {
		t.Errorf("got Count %d; want %d", got, ixSmallDocs)
	}
	if a, r := ixSync(t, ix, p); a != 0 || r != 0 {
		t.Errorf("second sync: got added %d removed %d; want 0, 0", a, r)
	}
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, IndexFile)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("index file: %v", err)
	}

	// Reopened, the index holds everything: a sync embeds nothing.
	before := n.Load()
	ix2 := ixOpen(t, dir, ixCounting(&n))
	if got := ix2.Count(); got != ixSmallDocs {
		t.Errorf("reopened: got Count %d; want %d", got, ixSmallDocs)
	}
	if a, r := ixSync(t, ix2, p); a != 0 || r != 0 || n.Load() != before {
		t.Errorf("reopened sync: got added %d removed %d, %d texts embedded; want 0, 0, 0", a, r, n.Load()-before)
	}
	// Nothing changed: Save must not rewrite the file.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := ix2.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("unchanged index was saved again (stat: %v)", err)
	}
	// Same results before and after the round trip.
	q := Query{Text: "heron astrolabe", K: 3}
	a, b := ixQuery(t, ix, q), ixQuery(t, ix2, q)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("reopened index answers differently:\n got %v\nwant %v", b, a)
	}
}

func TestIndexCorruptFileRebuilt(t *testing.T) {
	dir := ixSmallProject(t)
	ix, _ := ixSaved(t, dir)
	path := filepath.Join(dir, IndexFile)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	flipped := slices.Clone(good)
	flipped[len(indexMagic)+20] ^= 0xff // in the head
	for name, data := range map[string][]byte{
		"garbage":   []byte("this is not an index"),
		"empty":     nil,
		"truncated": good[:len(good)/2],
		"flipped":   flipped,
		"header":    good[:len(indexMagic)+5],
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			ix, err := OpenIndex(dir, NewLocalEmbedder())
			if err != nil {
				t.Fatalf("OpenIndex on a corrupt file: %v", err)
			}
			if ix.Count() != 0 {
				t.Fatalf("got Count %d; want 0", ix.Count())
			}
			if ix.StartedOver() == nil {
				t.Errorf("StartedOver: got nil; want why the index is rebuilt")
			}
			if a, _ := ixSync(t, ix, ixLoad(t, dir)); a != ixSmallDocs {
				t.Errorf("got added %d; want %d", a, ixSmallDocs)
			}
			if err := ix.Save(); err != nil {
				t.Fatal(err)
			}
			if ix := ixOpen(t, dir, NewLocalEmbedder()); ix.Count() != ixSmallDocs {
				t.Errorf("after rebuild and save: got Count %d; want %d", ix.Count(), ixSmallDocs)
			}
		})
	}
	// A damaged column of vectors is found by the query that reads it: the
	// query fails, the index starts over, and the next sync rebuilds it.
	qv, err := ix.embedQuery(context.Background(), "astrolabe heron")
	if err != nil {
		t.Fatal(err)
	}
	c := slices.IndexFunc(qv, func(x float32) bool { return x != 0 }) // a column the query reads
	column := slices.Clone(good)
	column[len(column)-(len(qv)-c)*ixSmallDocs] ^= 0xff
	if err := os.WriteFile(path, column, 0o644); err != nil {
		t.Fatal(err)
	}
	ix = ixOpen(t, dir, NewLocalEmbedder())
	if ix.Count() != ixSmallDocs || ix.StartedOver() != nil {
		t.Fatalf("a damaged column was read at open: Count %d, StartedOver %v", ix.Count(), ix.StartedOver())
	}
	if _, err := ix.Query(context.Background(), Query{Text: "astrolabe heron"}); err == nil || ix.StartedOver() == nil || ix.Count() != 0 {
		t.Fatalf("a query over a damaged column: error %v, StartedOver %v, Count %d; want an error, a reason, 0", err, ix.StartedOver(), ix.Count())
	}
	if a, _ := ixSync(t, ix, ixLoad(t, dir)); a != ixSmallDocs {
		t.Errorf("after a damaged column: sync added %d; want %d", a, ixSmallDocs)
	}
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	if res := ixQuery(t, ixOpen(t, dir, NewLocalEmbedder()), Query{Text: "astrolabe heron"}); len(res) == 0 {
		t.Errorf("after the rebuild: no results")
	}
	// Damaged word counts are found when their source goes: the sync
	// starts over, and rebuilds what the project holds.
	counts := slices.Clone(good)
	counts[len(indexMagic)+12+int(binary.LittleEndian.Uint64(good[len(indexMagic)+4:]))] ^= 0xff
	if err := os.WriteFile(path, counts, 0o644); err != nil {
		t.Fatal(err)
	}
	ix = ixOpen(t, dir, NewLocalEmbedder())
	if a, r := ixSync(t, ix, &project.Project{Loaded: map[string]string{}}); a != 0 || r != 0 || ix.StartedOver() == nil || ix.Count() != 0 {
		t.Errorf("dropping a source with damaged word counts: added %d removed %d, StartedOver %v, Count %d; want 0, 0, a reason, 0",
			a, r, ix.StartedOver(), ix.Count())
	}
	if a, _ := ixSync(t, ix, ixLoad(t, dir)); a != ixSmallDocs {
		t.Errorf("after damaged word counts: sync added %d; want %d", a, ixSmallDocs)
	}
	// A corrupt file replaced even when the project has nothing to index.
	if err := os.WriteFile(path, []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := ixOpen(t, dir, NewLocalEmbedder())
	if err := empty.Save(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), indexMagic) {
		t.Errorf("corrupt file not replaced on Save")
	}
}

func TestIndexChangedEmbedderRebuilt(t *testing.T) {
	dir := ixSmallProject(t)
	ixSaved(t, dir)
	var n atomic.Int64
	other := EmbedFunc("other-model", func(ctx context.Context, texts []string) ([][]float32, error) {
		n.Add(int64(len(texts)))
		out := make([][]float32, len(texts))
		for i, s := range texts {
			out[i] = []float32{float32(len(s)), 1, 2}
		}
		return out, nil
	})
	ix2 := ixOpen(t, dir, other)
	if ix2.Count() != 0 {
		t.Fatalf("other embedder: got Count %d; want 0", ix2.Count())
	}
	if a, _ := ixSync(t, ix2, ixLoad(t, dir)); a != ixSmallDocs || n.Load() != ixSmallDocs {
		t.Errorf("got added %d, embedded %d; want %d, %d", a, n.Load(), ixSmallDocs, ixSmallDocs)
	}
	if err := ix2.Save(); err != nil {
		t.Fatal(err)
	}
	// And back: the local embedder rebuilds again.
	if ix3 := ixOpen(t, dir, NewLocalEmbedder()); ix3.Count() != 0 {
		t.Errorf("back to local: got Count %d; want 0", ix3.Count())
	}
	if ix4 := ixOpen(t, dir, other); ix4.Count() != ixSmallDocs {
		t.Errorf("same embedder: got Count %d; want %d", ix4.Count(), ixSmallDocs)
	}
}

func TestIndexHandEditedSceneReplaced(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	ixSync(t, ix, ixLoad(t, dir))

	p := ixLoad(t, dir)
	s := p.Scenes[1] // scene 2, the chapel
	s.SetBody("The chapel was never drowned: the villagers pulled it down stone by stone and built a granary of it.")
	ixWriteScene(t, dir, s)
	a, r := ixSync(t, ix, ixLoad(t, dir))
	// The chunk changes; the summary keeps its text but the file is the
	// same path, so only the chunk is replaced.
	if a != 1 || r != 1 {
		t.Errorf("got added %d removed %d; want 1, 1", a, r)
	}
	res := ixQuery(t, ix, Query{Text: "granary stones", K: 1, Kinds: []string{KindScene}})
	if len(res) != 1 || res[0].Seq != 2 || !strings.Contains(res[0].Text, "granary") {
		t.Errorf("got %+v; want scene 2 with the edited text", res)
	}
	for _, s := range ixQuery(t, ix, Query{Text: "bell tower low tide", K: 10, Kinds: []string{KindScene}}) {
		if strings.Contains(s.Text, "bell tower") {
			t.Errorf("old text still indexed: %q", s.Text)
		}
	}
	if ix.Count() != ixSmallDocs {
		t.Errorf("got Count %d; want %d", ix.Count(), ixSmallDocs)
	}
}

func TestIndexDeletedSceneRemoved(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	p := ixLoad(t, dir)
	ixSync(t, ix, p)
	if err := os.Remove(filepath.Join(dir, p.Scenes[0].Path)); err != nil {
		t.Fatal(err)
	}
	if a, r := ixSync(t, ix, ixLoad(t, dir)); a != 0 || r != 2 {
		t.Errorf("got added %d removed %d; want 0, 2", a, r)
	}
	for _, s := range ixQuery(t, ix, Query{Text: "brass astrolabe heron floorboards", K: 10}) {
		if s.Seq == 1 {
			t.Errorf("deleted scene 1 still returned: %+v", s)
		}
	}
}

func TestIndexQueryExcludeKindsOnePerScene(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	ixSync(t, ix, ixLoad(t, dir))

	res := ixQuery(t, ix, Query{Text: "the heron astrolabe hidden in the attic", K: 3})
	if len(res) == 0 || res[0].Seq != 1 || res[0].Kind != KindScene {
		t.Fatalf("got %+v; want scene 1's chunk first", res)
	}
	seen := map[int]bool{}
	for i, s := range res {
		if seen[s.Seq] {
			t.Errorf("scene %d returned twice", s.Seq)
		}
		seen[s.Seq] = true
		if i > 0 && s.Score > res[i-1].Score {
			t.Errorf("results not best-first: %v", res)
		}
		if s.Kind != KindScene && s.Kind != KindSummary {
			t.Errorf("default kinds: got %q", s.Kind)
		}
	}
	res = ixQuery(t, ix, Query{Text: "the heron astrolabe hidden in the attic", K: 3, Exclude: func(seq int) bool { return seq == 1 }})
	if slices.Contains(ixSeqs(res), 1) {
		t.Errorf("excluded scene 1 returned: %v", ixSeqs(res))
	}
	res = ixQuery(t, ix, Query{Text: "Anna Hale heron", K: 1, Kinds: []string{KindCharacter, KindLocation}})
	if len(res) != 1 || res[0].Kind != KindCharacter || res[0].Title != "Anna Hale" {
		t.Errorf("got %+v; want the character sheet of Anna Hale", res)
	}
	res = ixQuery(t, ix, Query{Text: "drowned chapel village", K: 5, Kinds: []string{KindLocation}})
	if len(res) != 1 || res[0].Kind != KindLocation {
		t.Errorf("got %+v; want only the location sheet", res)
	}
	if res := ixQuery(t, ix, Query{Text: "  "}); res != nil {
		t.Errorf("empty query: got %v; want nothing", res)
	}
}

func TestIndexQueryClamp(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	ixSync(t, ix, ixLoad(t, dir))
	// More wanted than documents exist: chromem-go would fail, we clamp.
	res := ixQuery(t, ix, Query{Text: "anything at all", K: 1000})
	if len(res) != 5 {
		t.Errorf("got %d snippets; want 5 (one per scene)", len(res))
	}
	res = ixQuery(t, ix, Query{Text: "anything at all"})
	if len(res) != DefaultK {
		t.Errorf("K=0: got %d snippets; want %d", len(res), DefaultK)
	}
	empty := ixOpen(t, t.TempDir(), NewLocalEmbedder())
	if res := ixQuery(t, empty, Query{Text: "x", K: 3}); len(res) != 0 {
		t.Errorf("empty index: got %v; want nothing", res)
	}
}

func TestIndexQueryBoostAndTieBreak(t *testing.T) {
	dir := t.TempDir()
	ixWriteStory(t, dir)
	body := "The lighthouse keeper counted the gulls on the breakwater."
	for seq, pov := range map[int]string{1: "c1", 2: "c2", 3: "c3"} {
		ixWriteScene(t, dir, (&project.Scene{Seq: seq, Title: "Gulls", POV: pov, Location: "l" + strconv.Itoa(seq),
			Characters: []string{pov}, ThreadsOpened: []string{"t" + strconv.Itoa(seq)}}).SetBody(body))
	}
	ix := ixOpen(t, dir, NewLocalEmbedder())
	ixSync(t, ix, ixLoad(t, dir))
	q := Query{Text: "gulls on the breakwater", K: 3}
	if got := ixSeqs(ixQuery(t, ix, q)); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("equal scores: got order %v; want [1 2 3] (by seq)", got)
	}
	for _, tc := range []struct {
		b    Boosts
		want []int
	}{
		{Boosts{POV: "C3"}, []int{3, 1, 2}},
		{Boosts{Location: "l2"}, []int{2, 1, 3}},
		{Boosts{Cast: []string{"c3", "c2"}, Threads: []string{"t2"}}, []int{2, 3, 1}},
		{Boosts{POV: "c1", Weight: -1}, []int{2, 3, 1}}, // a negative weight demotes
	} {
		q.Boost = tc.b
		got := ixSeqs(ixQuery(t, ix, q))
		if !slices.Equal(got, tc.want) {
			t.Errorf("boost %+v: got order %v; want %v", tc.b, got, tc.want)
		}
	}
}

// TestBonusCountsEachWantedIDOnce: a cast or thread id listed twice, in
// another case or with spaces, is one shared id.
func TestBonusCountsEachWantedIDOnce(t *testing.T) {
	b := NewBooster(Boosts{Cast: []string{"c1", "C2", "c3"}, Threads: []string{"t1"}, Weight: 0.3})
	for _, tc := range []struct {
		chars, threads string
		want           float32
	}{
		{"c1,C1, c1 ,c2,x", "", 0.3 * 2 / 3},
		{"", "t1,t1", 0.3},
		{"c1,c2,c3,c4", "t2", 0.3},
		{",,", " ", 0},
	} {
		if got := b.Bonus(map[string]string{"characters": tc.chars, "threads": tc.threads}); got != tc.want {
			t.Errorf("characters %q, threads %q: bonus %v; want %v", tc.chars, tc.threads, got, tc.want)
		}
	}
}

// TestIndexQueryMatchesBruteForce checks the widening fetch: whatever the
// boosts and exclusions, Query equals ranking every document.
func TestIndexQueryMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	words := strings.Fields("heron chapel locket midsummer brass river storm letter sister ball carriage garden " +
		"fever winter glacier lantern mountain promise debt estate regiment cottage orchard window candle")
	p := &project.Project{}
	for seq := 1; seq <= 120; seq++ {
		var paras []string
		for range 1 + r.Intn(4) {
			n := 40 + r.Intn(120)
			ws := make([]string, n)
			for i := range ws {
				ws[i] = words[r.Intn(len(words))]
			}
			paras = append(paras, strings.Join(ws, " "))
		}
		pov := fmt.Sprintf("c%d", r.Intn(4))
		p.Scenes = append(p.Scenes, (&project.Scene{Seq: seq, Title: fmt.Sprintf("S%d", seq), Path: fmt.Sprintf("scenes/%04d-s.md", seq),
			POV: pov, Location: fmt.Sprintf("l%d", r.Intn(3)), Characters: []string{pov, fmt.Sprintf("c%d", r.Intn(4))},
			Summary: []string{words[r.Intn(len(words))] + " " + words[r.Intn(len(words))]}}).SetBody(strings.Join(paras, "\n\n")))
	}
	ix := ixOpen(t, t.TempDir(), NewLocalEmbedder())
	ixSync(t, ix, p)
	for i := range 40 {
		q := Query{Text: words[r.Intn(len(words))] + " " + words[r.Intn(len(words))], K: 1 + r.Intn(8),
			Boost: Boosts{POV: fmt.Sprintf("c%d", r.Intn(4)), Cast: []string{"c1"}, Weight: float32(r.Intn(3)) * 0.2}}
		if i%2 == 0 {
			cut := r.Intn(120)
			q.Exclude = func(seq int) bool { return seq > cut }
		}
		got := ixQuery(t, ix, q)
		want := ixBruteForce(t, ix, q)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("query %d %+v:\n got %v\nwant %v", i, q, ixSeqs(got), ixSeqs(want))
		}
	}
}

func ixBruteForce(t *testing.T, ix *Index, q Query) []project.Snippet {
	qv, err := ix.embedQuery(context.Background(), q.Text)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBooster(q.Boost)
	best := map[int]project.Snippet{}
	bestID := map[int]string{}
	rd := newReads()
	for _, d := range ix.ordered() {
		if k := kindName(d.kind); k != KindScene && k != KindSummary {
			continue
		}
		v := ixVector(t, d)
		var sim float32
		for i := range v {
			sim += qv[i] * v[i]
		}
		h := ix.hits([]scored{{d, sim}}, rd)[0]
		id := h.ID
		seq, _ := strconv.Atoi(h.Meta["seq"])
		if q.Exclude != nil && q.Exclude(seq) {
			continue
		}
		s := project.Snippet{Seq: seq, Title: h.Meta["title"], Kind: h.Meta["kind"], Text: h.Content, Score: sim + b.Bonus(h.Meta)}
		if old, ok := best[seq]; !ok || s.Score > old.Score || (s.Score == old.Score && id < bestID[seq]) {
			best[seq], bestID[seq] = s, id
		}
	}
	var out []project.Snippet
	for _, s := range best {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Seq < out[j].Seq
	})
	return out[:min(len(out), q.K)]
}

func TestIndexSyncRejectsBadEmbeddings(t *testing.T) {
	dir := ixSmallProject(t)
	zero := EmbedFunc("zero", func(_ context.Context, texts []string) ([][]float32, error) {
		out := make([][]float32, len(texts))
		for i := range out {
			out[i] = make([]float32, 4)
		}
		return out, nil
	})
	ix := ixOpen(t, dir, zero)
	if _, _, err := ix.Sync(context.Background(), ixLoad(t, dir)); err == nil {
		t.Fatal("zero vectors: got no error")
	}
	if ix.Count() != 0 {
		t.Errorf("got Count %d after a failed sync; want 0", ix.Count())
	}
	// A name that claims the same model but returns other dimensions.
	var calls atomic.Int64
	shifty := EmbedFunc("shifty", func(_ context.Context, texts []string) ([][]float32, error) {
		d := 3 + int(calls.Add(1))%2
		out := make([][]float32, len(texts))
		for i := range out {
			out[i] = make([]float32, d)
			out[i][0] = 1
		}
		return out, nil
	})
	ix = ixOpen(t, dir, shifty)
	ixSync(t, ix, ixLoad(t, dir))
	if _, err := ix.Query(context.Background(), Query{Text: "heron"}); err == nil || !strings.Contains(err.Error(), "dimensions") {
		t.Errorf("query with other dimensions: got %v; want a dimensions error", err)
	}
}

// TestIndexIncrementalEqualsRebuild: word counts follow edits and
// deletions, so an index kept up to date answers exactly like a new one.
func TestIndexIncrementalEqualsRebuild(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	p := ixLoad(t, dir)
	ixSync(t, ix, p)
	s := p.Scenes[2]
	s.SetBody("Tom never swore anything about a locket; he only laughed at midsummer bonfires.")
	ixWriteScene(t, dir, s)
	if err := os.Remove(filepath.Join(dir, p.Scenes[3].Path)); err != nil {
		t.Fatal(err)
	}
	p = ixLoad(t, dir)
	ixSync(t, ix, p)
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	fresh := ixOpen(t, t.TempDir(), NewLocalEmbedder())
	if _, _, err := fresh.Sync(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(ix.df) != fmt.Sprint(fresh.df) {
		t.Errorf("word counts differ:\n got %v\nwant %v", ix.df, fresh.df)
	}
	reopened := ixOpen(t, dir, NewLocalEmbedder())
	for _, text := range []string{"locket midsummer", "drowned chapel bell", "astrolabe", "rain horses mud"} {
		q := Query{Text: text, K: 4}
		want := fmt.Sprint(ixQuery(t, fresh, q))
		if got := fmt.Sprint(ixQuery(t, ix, q)); got != want {
			t.Errorf("%q incremental:\n got %s\nwant %s", text, got, want)
		}
		if got := fmt.Sprint(ixQuery(t, reopened, q)); got != want {
			t.Errorf("%q reopened:\n got %s\nwant %s", text, got, want)
		}
	}
}

// Saves after the first write segments of what changed, not the whole
// index; reopening replays them to what a rebuild gives, a damaged
// segment means starting over, and a crash after a new base was written
// but before its segments were deleted replays them harmlessly.
func TestIndexSegments(t *testing.T) {
	dir := ixSmallProject(t)
	ix, p := ixSaved(t, dir)
	base := filepath.Join(dir, IndexFile)
	logPath := filepath.Join(filepath.Dir(base), logFile)
	baseData, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	// Edit one scene: the next save appends a small segment to the log;
	// the base stays.
	s := p.Scenes[2]
	s.SetBody("Tom never swore anything about a locket; he only laughed at midsummer bonfires.")
	ixWriteScene(t, dir, s)
	p = ixLoad(t, dir)
	if a, r := ixSync(t, ix, p); a != 1 || r != 1 {
		t.Fatalf("got added %d removed %d; want 1, 1", a, r)
	}
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.ReadFile(base); !bytes.Equal(now, baseData) {
		t.Errorf("a one-chunk change rewrote the base")
	}
	logged, err := os.ReadFile(logPath)
	if err != nil || len(logged) == 0 || len(logged) >= len(baseData) || ix.segBytes != int64(len(logged)) {
		t.Fatalf("log of %d bytes (base %d, counted %d), err %v; want one segment smaller than the base", len(logged), len(baseData), ix.segBytes, err)
	}
	fresh := ixOpen(t, t.TempDir(), NewLocalEmbedder())
	if _, _, err := fresh.Sync(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	same := func(name string, got *Index) {
		t.Helper()
		if got.Count() != fresh.Count() || fmt.Sprint(got.df) != fmt.Sprint(fresh.df) {
			t.Errorf("%s: %d docs; want %d, and the same word counts", name, got.Count(), fresh.Count())
		}
		for _, text := range []string{"locket midsummer", "drowned chapel bell", "astrolabe"} {
			q := Query{Text: text, K: 4}
			if g, w := fmt.Sprint(ixQuery(t, got, q)), fmt.Sprint(ixQuery(t, fresh, q)); g != w {
				t.Errorf("%s %q:\n got %s\nwant %s", name, text, g, w)
			}
		}
	}
	reopened := ixOpen(t, dir, NewLocalEmbedder())
	if reopened.segs != 1 || reopened.segBytes != int64(len(logged)) {
		t.Errorf("reopened: %d segments of %d bytes; want 1 of %d", reopened.segs, reopened.segBytes, len(logged))
	}
	same("reopened", reopened)

	// A crash while a segment was appended leaves a torn record: the
	// segments before it are replayed, and the next save cuts it off.
	torn := append(append([]byte(nil), logged...), logged[:len(logged)/2]...)
	if err := os.WriteFile(logPath, torn, 0o644); err != nil {
		t.Fatal(err)
	}
	tornIx := ixOpen(t, dir, NewLocalEmbedder())
	same("torn record at the end", tornIx)
	if tornIx.StartedOver() != nil || tornIx.logLen != int64(len(logged)) {
		t.Errorf("torn record: started over %v, replayed %d bytes; want the %d before it", tornIx.StartedOver(), tornIx.logLen, len(logged))
	}
	tornIx.dirty, tornIx.added = true, map[string]bool{s.Path: true} // a save appends
	if err := tornIx.Save(); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(logPath); !bytes.HasPrefix(after, logged) || len(after) != 2*len(logged) {
		t.Errorf("log after a save over a torn record: %d bytes; want the %d before it and one record as long", len(after), len(logged))
	}
	same("appended after the torn record", ixOpen(t, dir, NewLocalEmbedder()))

	// A record that fails its checksum ends the log: the index is the one
	// before it, older, and a sync brings it up to date.
	damaged := append([]byte(nil), logged...)
	damaged[len(damaged)-3] ^= 0xff
	if err := os.WriteFile(logPath, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	older := ixOpen(t, dir, NewLocalEmbedder())
	if older.segs != 0 || older.logLen != 0 {
		t.Errorf("damaged record: %d segments, %d bytes replayed; want none", older.segs, older.logLen)
	}
	if a, r := ixSync(t, older, p); a != 1 || r != 1 {
		t.Errorf("sync after a damaged record: added %d removed %d; want the edited scene's 1, 1", a, r)
	}
	if err := older.Save(); err != nil {
		t.Fatal(err)
	}
	same("after a damaged record", ixOpen(t, dir, NewLocalEmbedder()))

	// A crash after a compaction's new base, before the log went.
	kept, _ := os.ReadFile(logPath)
	ix = ixOpen(t, dir, NewLocalEmbedder())
	ix.full, ix.dirty = true, true
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(logPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("compaction left the log: %v", err)
	}
	if err := os.WriteFile(logPath, kept, 0o644); err != nil {
		t.Fatal(err)
	}
	same("compacted, log replayed", ixOpen(t, dir, NewLocalEmbedder()))
}

// Segment files an older storyd wrote (seg-NNNNNN.bin, one per save) are
// replayed before the log, and the next compaction removes them.
func TestIndexLegacySegmentFiles(t *testing.T) {
	dir := ixSmallProject(t)
	ix, p := ixSaved(t, dir)
	s := p.Scenes[2]
	s.SetBody("Tom never swore anything about a locket; he only laughed at midsummer bonfires.")
	ixWriteScene(t, dir, s)
	p = ixLoad(t, dir)
	ixSync(t, ix, p)
	c := contents{embedder: ix.emb.Name(), dims: ix.dims, sources: []*source{ix.sources[s.Path]}}
	data, err := encode(segMagic, c)
	if err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(dir, filepath.FromSlash(path.Dir(IndexFile)), "seg-000001.bin")
	if err := os.WriteFile(legacy, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := ixOpen(t, t.TempDir(), NewLocalEmbedder())
	ixSync(t, fresh, p)
	got := ixOpen(t, dir, NewLocalEmbedder())
	if a, r := ixSync(t, got, p); a != 0 || r != 0 || got.segs != 1 || got.segBytes != int64(len(data)) {
		t.Fatalf("with a legacy segment: sync added %d removed %d, %d segments of %d bytes; want 0, 0, 1 of %d", a, r, got.segs, got.segBytes, len(data))
	}
	q := Query{Text: "locket midsummer", K: 4}
	if g, w := fmt.Sprint(ixQuery(t, got, q)), fmt.Sprint(ixQuery(t, fresh, q)); g != w {
		t.Errorf("with a legacy segment:\n got %s\nwant %s", g, w)
	}
	got.full, got.dirty = true, true
	if err := got.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(legacy); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("compaction left %s: %v", filepath.Base(legacy), err)
	}
}

func TestRemoveDeletesTheIndex(t *testing.T) {
	dir := ixSmallProject(t)
	ixSaved(t, dir)
	if err := Remove(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.Dir(filepath.FromSlash(IndexFile)))); !os.IsNotExist(err) {
		t.Fatalf("index directory still there: %v", err)
	}
	if ix2 := ixOpen(t, dir, NewLocalEmbedder()); ix2.Count() != 0 {
		t.Fatalf("reopened index holds %d documents; want 0", ix2.Count())
	}
}

// NearestEach's n are n a caller can use (recall's fetch): scene chunks and
// summaries of the scenes not excluded, the best n of those, where scene 1
// and the sheets rank higher. Filtered after the fetch, the n would hold
// fewer.
func TestNearestEachFetchesUsableDocumentsOnly(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	ixSync(t, ix, ixLoad(t, dir))
	ctx := context.Background()
	const q, n = "Anna Hale and the heron astrolabe hidden in the attic of Wexcombe", 3
	usable := func(h Hit) bool {
		k := h.Meta["kind"]
		return (k == KindScene || k == KindSummary) && h.Meta["seq"] != "1"
	}
	qv, err := ix.embedQuery(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ix.nearest(ctx, [][]float32{qv}, 100, ix.candidates(nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	ranked := ix.hits(res[0], newReads())
	for _, h := range ranked {
		if usable(h) {
			want = append(want, h.ID)
		}
	}
	if len(want) < n || slices.IndexFunc(ranked[:n], func(h Hit) bool { return !usable(h) }) < 0 {
		t.Fatalf("the test needs a document not to use among the first %d of %d usable: %v", n, len(want), ranked)
	}
	got, err := ix.NearestEach(ctx, []string{q}, n, func(seq int) bool { return seq == 1 })
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range got[0] {
		ids = append(ids, h.ID)
	}
	if !slices.Equal(ids, want[:n]) {
		t.Errorf("NearestEach returned %v; want the best %d usable documents %v", got[0], n, want[:n])
	}
}
