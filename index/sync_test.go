package index

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/storyd/storyd/index/vectors"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

// An unchanged scene is known by the hash the project loaded: Sync neither
// chunks nor embeds it, and does not even look at its body.
func TestIndexSyncSkipsUnchangedScenes(t *testing.T) {
	dir := ixSmallProject(t)
	var n atomic.Int64
	ix := ixOpen(t, dir, ixCounting(&n))
	ixSync(t, ix, ixLoad(t, dir))
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	p := ixLoad(t, dir)
	for _, s := range p.Scenes {
		s.SetBody("") // not read: were it chunked, the scene's chunks would go
	}
	ix = ixOpen(t, dir, ixCounting(&n))
	before := n.Load()
	if a, r := ixSync(t, ix, p); a != 0 || r != 0 || n.Load() != before {
		t.Fatalf("sync of an unchanged project: added %d removed %d, %d texts embedded; want 0, 0, 0", a, r, n.Load()-before)
	}
	if ix.Count() != ixSmallDocs {
		t.Errorf("got Count %d; want %d", ix.Count(), ixSmallDocs)
	}

	// One scene edited: only its new chunk is embedded.
	p = ixLoad(t, dir)
	s := p.Scenes[4]
	s.SetBody("Rain all week. The horses broke loose and were found at the mill.")
	ixWriteScene(t, dir, s)
	p = ixLoad(t, dir)
	for _, s := range p.Scenes[:4] {
		s.SetBody("")
	}
	before = n.Load()
	if a, r := ixSync(t, ix, p); a != 1 || r != 1 || n.Load()-before != 1 {
		t.Errorf("sync after one edit: added %d removed %d, %d texts embedded; want 1, 1, 1", a, r, n.Load()-before)
	}
	res := ixQuery(t, ix, Query{Text: "horses mill", K: 1, Kinds: []string{KindScene}})
	if len(res) != 1 || !strings.Contains(res[0].Text, "mill") {
		t.Errorf("got %+v; want the edited chunk", res)
	}
}

// A scene chunk's text is read back from the scene file and checked
// against the hash taken when it was indexed: a file changed since (even
// keeping its length, so the offsets still fit) never yields wrong text.
func TestIndexReadBackChecksText(t *testing.T) {
	dir := ixSmallProject(t)
	ix, p := ixSaved(t, dir)
	// The chunk's text is not in the index files, only its place.
	if data, _ := os.ReadFile(filepath.Join(dir, IndexFile)); strings.Contains(string(data), "wrapped it in oilcloth") {
		t.Errorf("the index file holds a scene chunk's text")
	}
	q := Query{Text: "astrolabe oilcloth floorboards", K: 1, Kinds: []string{KindScene}}
	if res := ixQuery(t, ix, q); len(res) != 1 || !strings.Contains(res[0].Text, "oilcloth") {
		t.Fatalf("got %+v; want scene 1's chunk read back", res)
	}
	path := filepath.Join(dir, p.Scenes[0].Path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, changed := range map[string]string{
		"same length": strings.Replace(string(data), "oilcloth", "sailclot", 1),
		"shorter":     string(data[:len(data)-40]),
	} {
		if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, ix := range []*Index{ix, ixOpen(t, dir, NewLocalEmbedder())} {
			for _, s := range ixQuery(t, ix, q) {
				if s.Seq == 1 {
					t.Errorf("%s: scene 1 returned from a stale place: %q", name, s.Text)
				}
			}
			each, err := ix.NearestEach(context.Background(), []string{"astrolabe oilcloth"}, 20, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range each[0] {
				if h.Meta["kind"] == KindScene && h.Meta["seq"] == "1" {
					t.Errorf("%s: NearestEach returned scene 1's chunk from a stale place: %q", name, h.Content)
				}
			}
		}
	}
	// The next sync re-indexes the file, and its text reads back again.
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), "oilcloth", "sailcloth", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	ixSync(t, ix, ixLoad(t, dir))
	if res := ixQuery(t, ix, Query{Text: "astrolabe sailcloth", K: 1, Kinds: []string{KindScene}}); len(res) != 1 || !strings.Contains(res[0].Text, "sailcloth") {
		t.Errorf("after a sync: got %+v; want the new text", res)
	}
}

// An index written by an older storyd (index.gob, or an older format in
// index.bin) is rebuilt, and says why.
func TestIndexOldFormatRebuilt(t *testing.T) {
	for name, write := range map[string]func(dir string) error{
		"index.gob": func(dir string) error {
			return os.WriteFile(filepath.Join(dir, ".storyd/index/index.gob"), []byte("storyd-index 2\nold"), 0o644)
		},
		"format 2": func(dir string) error {
			return os.WriteFile(filepath.Join(dir, IndexFile), []byte("storyd-index 2\n"+strings.Repeat("x", 40)), 0o644)
		},
		"format 4": func(dir string) error { // int8 vectors by document, before the column store
			return os.WriteFile(filepath.Join(dir, IndexFile), []byte("storyd-index 4\n"+strings.Repeat("x", 40)), 0o644)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := ixSmallProject(t)
			if err := os.MkdirAll(filepath.Join(dir, ".storyd/index"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := write(dir); err != nil {
				t.Fatal(err)
			}
			ix := ixOpen(t, dir, NewLocalEmbedder())
			if why := ix.StartedOver(); why == nil || !strings.Contains(why.Error(), "older storyd") {
				t.Errorf("StartedOver: got %v; want an older storyd", why)
			}
			ixSync(t, ix, ixLoad(t, dir))
			if err := ix.Save(); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(dir, ".storyd/index/index.gob")); !os.IsNotExist(err) {
				t.Errorf("the old index.gob is still there (stat: %v)", err)
			}
			if ix := ixOpen(t, dir, NewLocalEmbedder()); ix.StartedOver() != nil || ix.Count() != ixSmallDocs {
				t.Errorf("after the rebuild: StartedOver %v, Count %d; want nil, %d", ix.StartedOver(), ix.Count(), ixSmallDocs)
			}
		})
	}
}

// The local embedder's queries touch few of the vectors' components, so
// the index scores them on those components only, outside chromem-go
// (vectors.Queries): the nearest documents and their similarities must be
// bit for bit chromem-go's over the whole vectors, ties (equal vectors
// under other ids) ordered by id, whichever blocks the vectors are in (the
// saved base read by column, a segment, a batch embedded by this process).
func TestIndexScanMatchesChromem(t *testing.T) {
	dir := ixSmallProject(t)
	_, p := ixSaved(t, dir)
	ix := ixOpen(t, dir, NewLocalEmbedder()) // the base, read by column
	// Ties: copies of sources under other paths, their vectors equal (and
	// in a block of this process), their ids not.
	for _, s := range p.Scenes[:2] {
		c := *s
		c.Path = strings.Replace(s.Path, ".md", "-copy.md", 1)
		p.Scenes = append(p.Scenes, (&c).SetBody(ixBody(t, s)))
	}
	ixSync(t, ix, p)
	ctx := context.Background()
	var qvs [][]float32
	for _, q := range []string{"astrolabe heron", "drowned chapel bell at low tide", "silver locket midsummer promise"} {
		qv, err := ix.embedQuery(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		qvs = append(qvs, qv)
	}
	if vectors.Narrow(qvs, ix.dims) == nil {
		t.Fatalf("the queries were not narrowed")
	}
	// The column scan first, on the candidates of sources still encoded as
	// read from the file; then the reference, on their decoded documents.
	ns := []int{1, 5, ix.count}
	gots := map[int][][]scored{}
	for _, n := range ns {
		got, err := ix.nearest(ctx, qvs, n, ix.candidates(nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		gots[n] = got
	}
	docs := ix.ordered()
	spans := make([]vectors.Span, len(docs))
	for i, d := range docs {
		spans[i] = vectors.Span{B: d.blk, Row: int(d.row), N: 1}
	}
	id := func(i int) []byte { return docs[i].id[:] }
	dense, err := vectors.NearestDense(ctx, qvs, spans, id, len(docs)) // chromem-go, every document
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]scored, len(qvs))
	for q, hits := range dense {
		for _, h := range hits {
			want[q] = append(want[q], scored{docs[h.I], h.Sim})
		}
	}
	for _, n := range ns {
		got := gots[n]
		ties := 0
		for q := range qvs {
			w := want[q][:n]
			for i := 1; i < len(want[q]); i++ {
				if want[q][i].sim == want[q][i-1].sim {
					ties++
				}
			}
			if len(got[q]) != len(w) {
				t.Fatalf("n %d, query %d: got %d results; want %d", n, q, len(got[q]), len(w))
			}
			for i := range w {
				if got[q][i] != w[i] {
					t.Errorf("n %d, query %d, rank %d: got %x %v; want %x %v", n, q, i, got[q][i].d.id, got[q][i].sim, w[i].d.id, w[i].sim)
				}
			}
		}
		if ties == 0 {
			t.Errorf("n %d: no equal similarities; the test needs ties", n)
		}
	}
}

// A scene whose body cannot be read when the index is built (its read on
// first use fails: the file went away or was unreadable for a moment) is
// not recorded under the fingerprint of the hash the project loaded:
// recorded empty, it would never be chunked again while the file keeps
// that content.
func TestIndexSyncSkipsASceneWhoseBodyWasNotRead(t *testing.T) {
	dir := ixSmallProject(t)
	mdfixture.Age(t, dir)
	cache := project.NewLoadCache()
	if _, err := journal.LoadCached(dir, nil, cache); err != nil {
		t.Fatal(err)
	}
	p, err := journal.LoadCached(dir, nil, cache) // bodies read on first use
	if err != nil {
		t.Fatal(err)
	}
	ix := ixOpen(t, dir, NewLocalEmbedder())
	path := filepath.Join(dir, p.Scenes[0].Path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	ixSync(t, ix, p)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ixSync(t, ix, ixLoad(t, dir)) // the file reads again, unchanged
	res := ixQuery(t, ix, Query{Text: "brass astrolabe heron", K: 1, Kinds: []string{KindScene}})
	if len(res) != 1 || res[0].Seq != 1 {
		t.Errorf("got %+v; want scene 1's chunk, indexed once its body could be read", res)
	}
}

// A sheet read from its file is fingerprinted by the file's hash as
// loaded: an edit to the file re-indexes the sheet, an untouched file is
// not re-embedded.
func TestIndexSheetEditReindexed(t *testing.T) {
	dir := ixSmallProject(t)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	ixSync(t, ix, ixLoad(t, dir))
	if a, r := ixSync(t, ix, ixLoad(t, dir)); a != 0 || r != 0 {
		t.Fatalf("unchanged project: added %d removed %d; want 0, 0", a, r)
	}
	p := ixLoad(t, dir)
	c := p.Characters[0]
	c.Facts = append(c.Facts, project.Fact{Text: "She keeps a tortoiseshell comb from Lisbon."})
	data, err := c.Render()
	if err != nil {
		t.Fatal(err)
	}
	if err := journal.WriteFileAtomic(filepath.Join(dir, c.Path), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if a, r := ixSync(t, ix, ixLoad(t, dir)); a != 1 || r != 1 {
		t.Errorf("an edited sheet: added %d removed %d; want 1, 1", a, r)
	}
	res := ixQuery(t, ix, Query{Text: "tortoiseshell comb Lisbon", K: 1, Kinds: []string{KindCharacter}})
	if len(res) != 1 || !strings.Contains(res[0].Text, "tortoiseshell") {
		t.Errorf("got %+v; want the edited sheet", res)
	}
}

// Close closes the base file an opened index reads its columns from (a
// tick closes its index: a long run no longer leaves one open a tick).
func TestIndexCloseClosesTheBase(t *testing.T) {
	dir := ixSmallProject(t)
	ixSaved(t, dir)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	f := ix.base
	if f == nil || ix.Count() != ixSmallDocs {
		t.Fatalf("base file %v, %d documents; want it open, %d", f, ix.Count(), ixSmallDocs)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("the base file is still open (stat: %v)", err)
	}
	if err := ix.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

// A compaction by an index opened from its files writes back the sources
// it never decoded as their bytes, and the vectors of the base and of a
// new scene's block in runs: the new base holds what a rebuild does.
func TestIndexCompactionOfAnOpenedBase(t *testing.T) {
	dir := ixSmallProject(t)
	ixSaved(t, dir)
	p := ixLoad(t, dir)
	s := p.Scenes[2]
	s.SetBody("Tom never swore anything about a locket; he only laughed at midsummer bonfires.")
	ixWriteScene(t, dir, s)
	p = ixLoad(t, dir)
	ix := ixOpen(t, dir, NewLocalEmbedder())
	if a, r := ixSync(t, ix, p); a != 1 || r != 1 {
		t.Fatalf("got added %d removed %d; want 1, 1", a, r)
	}
	undecoded := 0
	for _, src := range ix.sources {
		if src.docs == nil && src.n > 0 {
			undecoded++
		}
	}
	if undecoded == 0 {
		t.Fatal("every source decoded: the compaction would not write any as its bytes")
	}
	ix.full = true // compact
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	fresh := ixOpen(t, t.TempDir(), NewLocalEmbedder())
	ixSync(t, fresh, p)
	got := ixOpen(t, dir, NewLocalEmbedder())
	if segs, _ := segmentFiles(filepath.Join(dir, IndexFile)); len(segs) != 0 || got.Count() != fresh.Count() ||
		fmt.Sprint(got.df) != fmt.Sprint(fresh.df) {
		t.Fatalf("compacted: segments %v, %d docs; want none, %d and the same word counts", segs, got.Count(), fresh.Count())
	}
	for _, text := range []string{"locket midsummer", "drowned chapel bell", "astrolabe", "rain horses mud"} {
		q := Query{Text: text, K: 4}
		if g, w := fmt.Sprint(ixQuery(t, got, q)), fmt.Sprint(ixQuery(t, fresh, q)); g != w {
			t.Errorf("%q:\n got %s\nwant %s", text, g, w)
		}
	}
}

// The scan's order of the sources (Index.order) stays their paths sorted
// as sources come and go: synced, saved as segments, replayed from the
// log, compacted into a base and opened again.
func TestIndexOrderFollowsTheSources(t *testing.T) {
	dir := ixSmallProject(t)
	ix, p := ixSaved(t, dir)
	check := func(step string, ix *Index) {
		t.Helper()
		if want := slices.Sorted(maps.Keys(ix.sources)); !slices.Equal(ix.order, want) {
			t.Errorf("%s: order %q; want %q", step, ix.order, want)
		}
	}
	check("built", ix)
	check("opened", ixOpen(t, dir, NewLocalEmbedder()))
	// A scene deleted, one added before the others (by path), one edited.
	if err := os.Remove(filepath.Join(dir, p.Scenes[3].Path)); err != nil {
		t.Fatal(err)
	}
	ixWriteScene(t, dir, (&project.Scene{Seq: 6, Title: "An early path", Path: "scenes/0000-early.md"}).SetBody("The heron flew over the drowned chapel at dawn."))
	s := p.Scenes[1]
	s.SetBody("The flood took the chapel and the bell, and the village rebuilt on the hill.")
	ixWriteScene(t, dir, s)
	ixSync(t, ix, ixLoad(t, dir))
	check("synced", ix)
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	replayed := ixOpen(t, dir, NewLocalEmbedder())
	if replayed.segs != 1 {
		t.Fatalf("%d segments replayed; want 1", replayed.segs)
	}
	check("replayed", replayed)
	replayed.full = true
	if err := replayed.Save(); err != nil {
		t.Fatal(err)
	}
	check("compacted", ixOpen(t, dir, NewLocalEmbedder()))
}

// A document decoded alone (doc, a scan's hit) is the one all of its
// source's documents decoded later hold, and reads as they do.
func TestIndexDocDecodedAlone(t *testing.T) {
	dir := ixSmallProject(t)
	ixSaved(t, dir)
	ix, whole := ixOpen(t, dir, NewLocalEmbedder()), ixOpen(t, dir, NewLocalEmbedder())
	for key, s := range ix.sources {
		if s.docs != nil || s.n < 2 {
			continue
		}
		last, first := s.doc(s.n-1), s.doc(0)
		if s.doc(0) != first {
			t.Fatalf("%s: document 0 decoded twice", key)
		}
		all, want := s.documents(), whole.sources[key].documents()
		if all[0] != first || all[s.n-1] != last {
			t.Errorf("%s: the documents decoded alone are not the source's", key)
		}
		for k := range all {
			if g, w := *all[k], *want[k]; g.id != w.id || g.kind != w.kind || g.text != w.text || g.off != w.off || g.n != w.n || g.sum != w.sum || g.row != w.row {
				t.Errorf("%s, document %d: %+v; want %+v", key, k, g, w)
			}
		}
		return
	}
	t.Fatal("no source read from the file with two documents")
}

// A save whose segment alone would hold half the base's bytes (after an
// upgrade rebuilt every source) writes a new base instead: the next save
// would compact it, and each open until then replay it.
func TestIndexLargeSaveWritesTheBase(t *testing.T) {
	dir := ixSmallProject(t)
	ix, p := ixSaved(t, dir)
	for _, s := range ix.sources {
		s.fp = [16]byte{} // as if fingerprintVersion had changed
	}
	ixSync(t, ix, p)
	if len(ix.added) != len(ix.sources) {
		t.Fatalf("rebuilt %d of %d sources; want all", len(ix.added), len(ix.sources))
	}
	if err := ix.Save(); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, filepath.Dir(IndexFile), logFile)
	if _, err := os.Stat(logPath); !errors.Is(err, os.ErrNotExist) || ix.segs != 0 || ix.segBytes != 0 {
		t.Fatalf("a whole rebuild was saved as a segment (%d, %d bytes; log: %v); want a base", ix.segs, ix.segBytes, err)
	}
	got := ixOpen(t, dir, NewLocalEmbedder())
	if got.Count() != ix.Count() || got.segs != 0 || fmt.Sprint(got.df) != fmt.Sprint(ix.df) {
		t.Errorf("reopened: %d docs, %d segments; want %d, none, and the same word counts", got.Count(), got.segs, ix.Count())
	}
}
