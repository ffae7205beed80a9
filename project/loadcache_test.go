package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
)

// countingDisk is Disk that counts reads per file, and the clock's asks
// under clockAsks; now, if set, is the load's clock (the racy rule's "now").
// A load lists scenes/ on a second goroutine: counts take the lock.
type countingDisk struct {
	Disk
	reads map[string]int
	now   time.Time
	mu    *sync.Mutex
}

func newCountingDisk(dir string, now time.Time) countingDisk {
	return countingDisk{Disk(dir), map[string]int{}, now, new(sync.Mutex)}
}

func (d countingDisk) count(key string) {
	d.mu.Lock()
	d.reads[key]++
	d.mu.Unlock()
}

const clockAsks = "(clock)"

func (d countingDisk) Now() time.Time {
	d.count(clockAsks)
	if !d.now.IsZero() {
		return d.now
	}
	return d.Disk.Now()
}

func (d countingDisk) Read(rel string) ([]byte, bool, error) {
	d.count(rel)
	return d.Disk.Read(rel)
}

// cachedLoad loads dir through a cache that went through Encode and
// DecodeLoadCache, as between two processes; it returns the reads too.
func cachedLoad(t *testing.T, dir string, c *LoadCache) (*Project, *LoadCache, map[string]int) {
	t.Helper()
	return cachedLoadAt(t, dir, c, time.Time{})
}

// cachedLoadAt is cachedLoad with the load's clock at now (zero: the
// machine's).
func cachedLoadAt(t *testing.T, dir string, c *LoadCache, now time.Time) (*Project, *LoadCache, map[string]int) {
	t.Helper()
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	c = DecodeLoadCache(data)
	d := newCountingDisk(dir, now)
	p, err := LoadCached(d, config.Default(), c)
	if err != nil {
		t.Fatal(err)
	}
	return p, c, d.reads
}

// sameScenes compares scenes field by field, bodies through Body.
func sameScenes(t *testing.T, got, want []*Scene) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d scenes; want %d", len(got), len(want))
	}
	for i := range got {
		g, w := *got[i], *want[i]
		if body(t, &g) != body(t, &w) {
			t.Errorf("scene %d body %q; want %q", w.Seq, body(t, &g), body(t, &w))
		}
		g.body, w.body = nil, nil
		if !reflect.DeepEqual(g, w) {
			t.Errorf("scene %d:\n got %+v\nwant %+v", w.Seq, g, w)
		}
	}
}

func TestLoadCacheGivesWhatParsingGives(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0003-three.md":         mdfixture.Scene(3, "Three", "Third scene,\n\nin two paragraphs."),
		"scenes/0004-crlf.md":          "\ufeff---\r\nid: s4\r\nseq: 4\r\ntitle: CRLF\r\n---\r\n\r\nWritten on Windows.\r\n",
		"summaries/checkpoint-0001.md": "---\nfrom: 1\nto: 2\n---\n\n- Things happened.\n",
	})
	mdfixture.Age(t, dir)
	want, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, c, _ := cachedLoad(t, dir, NewLoadCache())
	if len(c.Files) != 3 || len(c.Characters)+len(c.Locations)+len(c.Checkpoints) != 3 || c.dirty != 7 {
		t.Fatalf("first load cached %d scenes and %d other files after %d misses; want 3 scenes (not the CRLF one) and 3 after 7",
			len(c.Files), len(c.Characters)+len(c.Locations)+len(c.Checkpoints), c.dirty)
	}
	got, c, reads := cachedLoad(t, dir, c)
	if c.dirty != 1 {
		t.Errorf("second load parsed %d scenes; want 1 (the CRLF one)", c.dirty)
	}
	for _, rel := range []string{"scenes/0001-one.md", "characters/c1-ann.md", "locations/l1-the-house.md", "summaries/checkpoint-0001.md"} {
		if n := reads[rel]; n != 0 {
			t.Errorf("unchanged %s was read %d times by the load; want 0", rel, n)
		}
	}
	if !reflect.DeepEqual(got.Loaded, want.Loaded) {
		t.Errorf("hashes differ:\n got %v\nwant %v", got.Loaded, want.Loaded)
	}
	sameScenes(t, got.Scenes, want.Scenes)
	if !reflect.DeepEqual(got.Characters, want.Characters) || !reflect.DeepEqual(got.Locations, want.Locations) || !reflect.DeepEqual(got.Checkpoints, want.Checkpoints) {
		t.Errorf("cached sheets or summaries differ from parsed ones:\n got %+v %+v %+v\nwant %+v %+v %+v",
			got.Characters[0], got.Locations[0], got.Checkpoints[0], want.Characters[0], want.Locations[0], want.Checkpoints[0])
	}
	if n := reads["scenes/0001-one.md"]; n != 1 {
		t.Errorf("reading the body read the file %d times; want 1", n)
	}
}

// The clock (journal's writes a file for its mtime) is asked once by a load
// that reads files, and not at all by one whose stats prove every file.
func TestLoadCacheAsksTheClockOnlyToJudgeAStat(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.Age(t, dir)
	_, c, reads := cachedLoad(t, dir, NewLoadCache())
	if n := reads[clockAsks]; n != 1 {
		t.Errorf("the first load asked the clock %d times; want 1", n)
	}
	_, c, reads = cachedLoad(t, dir, c)
	if n := reads[clockAsks]; n != 0 {
		t.Errorf("a load of unchanged files asked the clock %d times; want 0", n)
	}
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0001-one.md": mdfixture.Scene(1, "Uno", "First scene.")})
	if _, _, reads = cachedLoad(t, dir, c); reads[clockAsks] != 1 {
		t.Errorf("a load after an edit asked the clock %d times; want 1", reads[clockAsks])
	}
}

func TestLoadCacheNeverHidesAnEdit(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.Age(t, dir)
	_, c, _ := cachedLoad(t, dir, NewLoadCache())
	// Same length, same frontmatter keys: only the content differs.
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0001-one.md":   mdfixture.Scene(1, "Uno", "First scene."),
		"scenes/0002-two.md":   mdfixture.Scene(2, "Two", "Second SCENE."),
		"characters/c1-ann.md": "---\nid: c1\nname: Bob\n---\nBob.\n",
	})
	p, c, _ := cachedLoad(t, dir, c)
	if p.Scenes[0].Title != "Uno" || body(t, p.Scenes[1]) != "Second SCENE.\n" {
		t.Errorf("edits not seen: title %q, body %q", p.Scenes[0].Title, body(t, p.Scenes[1]))
	}
	if ch := p.Characters[0]; ch.Name != "Bob" || ch.Body != "Bob.\n" {
		t.Errorf("sheet edit not seen: %q, %q", ch.Name, ch.Body)
	}
	if c.dirty != 3 {
		t.Errorf("load after three edits parsed %d files; want 3", c.dirty)
	}
}

// An edit that keeps the size and the mtime (a second save within the same
// timestamp tick, or a tool that restores mtimes) is caught while the file
// is in the racy window: its entry was not trusted by stat.
func TestLoadCacheRacyEditKeepingSizeAndMtime(t *testing.T) {
	dir := mdfixture.Project(t)
	path, sheet := filepath.Join(dir, "scenes/0002-two.md"), filepath.Join(dir, "characters/c1-ann.md")
	// The files were written at written and the loads run a second later,
	// whatever the machine's clock says and however slow the test runs.
	written := time.Now().Add(-time.Hour).Truncate(time.Second)
	for _, p := range []string{path, sheet} {
		if err := os.Chtimes(p, written, written); err != nil {
			t.Fatal(err)
		}
	}
	loadAt := written.Add(time.Second)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	sfi, err := os.Stat(sheet)
	if err != nil {
		t.Fatal(err)
	}
	_, c, _ := cachedLoadAt(t, dir, NewLoadCache(), loadAt)
	if e := c.Files["scenes/0002-two.md"]; e.Stable {
		t.Fatal("a scene written just now was trusted by stat")
	}
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0002-two.md":   mdfixture.Scene(2, "Two", "Second scenE."),
		"characters/c1-ann.md": "---\nid: c1\nname: Eve\n---\nEve.\n",
	})
	if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(sheet, sfi.ModTime(), sfi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(path); after.Size() != fi.Size() || !after.ModTime().Equal(fi.ModTime()) {
		t.Fatal("the edit changed size or mtime; the test needs both kept")
	}
	p, _, reads := cachedLoadAt(t, dir, c, loadAt)
	if reads["scenes/0002-two.md"] != 1 || body(t, p.Scenes[1]) != "Second scenE.\n" {
		t.Errorf("the racy edit was missed: read %d times, body %q", reads["scenes/0002-two.md"], body(t, p.Scenes[1]))
	}
	if p.Loaded["scenes/0002-two.md"] == Hash([]byte(mdfixture.Scene(2, "Two", "Second scene."))) {
		t.Error("the loaded hash is the old content's")
	}
	if ch := p.Characters[0]; ch.Name != "Eve" || ch.Body != "Eve.\n" {
		t.Errorf("the racy sheet edit was missed: %q %q", ch.Name, ch.Body)
	}
}

func TestLoadCacheBodyOfAFileChangedAfterTheLoad(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.Age(t, dir)
	_, c, _ := cachedLoad(t, dir, NewLoadCache())
	p, _, _ := cachedLoad(t, dir, c)
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0001-one.md": mdfixture.Scene(1, "One", "Rewritten meanwhile, longer than before.")})
	if got := body(t, p.Scenes[0]); got != "Rewritten meanwhile, longer than before.\n" {
		t.Errorf("body of a file changed after the load = %q; want what the file holds now", got)
	}
}

func TestLoadCacheDropsGoneFilesAndDamage(t *testing.T) {
	dir := mdfixture.Project(t)
	_, c, _ := cachedLoad(t, dir, NewLoadCache())
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if d := DecodeLoadCache(data); len(d.Files) != 0 {
		t.Errorf("a damaged cache gave %d entries; want none", len(d.Files))
	}
	if d := DecodeLoadCache([]byte("short")); len(d.Files) != 0 {
		t.Errorf("garbage gave %d entries", len(d.Files))
	}
	if err := os.Remove(filepath.Join(dir, "scenes/0001-one.md")); err != nil {
		t.Fatal(err)
	}
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0002-two.md": "---\nseq: 0\n---\nbad\n"})
	if _, err := LoadCached(Disk(dir), config.Default(), c); err == nil {
		t.Fatal("a malformed scene loaded from the cache")
	}
	if len(c.Files) != 0 {
		t.Errorf("entries left for a deleted and a malformed scene: %v", c.Files)
	}
}

// mutateAll changes every element of every list, and every pointed-to
// value, of the struct v points to; it fails the test if one is empty, so a
// new list field must be added to the files of
// TestLoadCacheSharesNothingWithTheProject.
func mutateAll(t *testing.T, what string, v any) {
	t.Helper()
	rv := reflect.ValueOf(v).Elem()
	for i := range rv.NumField() {
		f, name := rv.Field(i), rv.Type().Field(i).Name
		if !rv.Type().Field(i).IsExported() {
			continue
		}
		switch f.Kind() {
		case reflect.Slice:
			if f.Len() == 0 {
				t.Fatalf("%s.%s is empty: give it an element in the test's file", what, name)
			}
			f.Index(0).Set(reflect.Zero(f.Type().Elem()))
		case reflect.Pointer:
			if f.IsNil() {
				t.Fatalf("%s.%s is nil: set it in the test's file", what, name)
			}
			f.Elem().Set(reflect.Zero(f.Type().Elem()))
		}
	}
}

// What a tick does to a loaded value must not reach the cache: the agent
// keeps the cache across loads and writes it to disk.
func TestLoadCacheSharesNothingWithTheProject(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{
		"characters/c1-ann.md": "---\nid: c1\nname: Ann\naliases: [Annie]\ntraits: [brave]\ngoals: [leave]\n" +
			"relationships: [{with: c2, is: sister}]\nfacts: [{text: Has a key., scene: 1}]\n---\nAnn.\n",
		"characters/c2-bea.md":      "---\nid: c2\nname: Bea\n---\nBea.\n",
		"locations/l1-the-house.md": "---\nid: l1\nname: The House\naliases: [home]\nfacts: [{text: Red door.}]\n---\nA house.\n",
		"scenes/0001-one.md": "---\nid: s1\nseq: 1\ntitle: One\npov: c1\nlocation: l1\ncharacters: [c1]\nsummary: [Ann arrives.]\n" +
			"threads_opened: [t1]\nthreads_resolved: [t2]\ntension: 4\n---\n\nFirst scene.\n",
		"summaries/checkpoint-0001.md": "---\nfrom: 1\nto: 2\n---\n\n- Things happened.\n",
	})
	mdfixture.Age(t, dir)
	c := NewLoadCache()
	for round := range 3 { // parsed and stored; from the cache by hash; by stat
		p, err := LoadCached(Disk(dir), config.Default(), c)
		if err != nil {
			t.Fatal(err)
		}
		if round > 0 {
			if p.Characters[0].Aliases[0] != "Annie" || p.Locations[0].Facts[0].Text != "Red door." ||
				p.Scenes[0].Summary[0] != "Ann arrives." || *p.Scenes[0].Tension != 4 {
				t.Fatalf("round %d: a change to the loaded project reached the cache: %+v %+v %+v", round, p.Characters[0], p.Locations[0], p.Scenes[0])
			}
		}
		mutateAll(t, "Character", p.Characters[0])
		mutateAll(t, "Location", p.Locations[0])
		mutateAll(t, "Scene", p.Scenes[0])
		mutateAll(t, "Checkpoint", p.Checkpoints[0])
	}
}

func TestLoadCacheOfAnotherLayoutIsIgnored(t *testing.T) {
	dir := mdfixture.Project(t)
	_, c, _ := cachedLoad(t, dir, NewLoadCache())
	c.Layout = "Scene without the field added since;"
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if d := DecodeLoadCache(data); len(d.Files) != 0 || d.Layout != cachedLayout() {
		t.Errorf("a cache of another layout gave %d entries", len(d.Files))
	}
}

// body is s's prose; a failed read fails the test.
func body(t *testing.T, s *Scene) string {
	t.Helper()
	b, err := s.Body()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A scene's prose read on first use after its file went is an error, never
// an empty scene; BodyAt places a body read on first use in its file.
func TestLoadCacheBodyOfAFileGoneAfterTheLoad(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.Age(t, dir)
	_, c, _ := cachedLoad(t, dir, NewLoadCache())
	p, _, _ := cachedLoad(t, dir, c)
	if err := os.Remove(filepath.Join(dir, "scenes", "0001-one.md")); err != nil {
		t.Fatal(err)
	}
	if got, err := p.Scenes[0].Body(); !errors.Is(err, fs.ErrNotExist) || got != "" {
		t.Errorf("body of a scene whose file went = %q, %v; want a not-exist error", got, err)
	}
	text, at, err := p.Scenes[1].BodyAt()
	data, _ := os.ReadFile(filepath.Join(dir, "scenes", "0002-two.md"))
	if err != nil || at < 0 || string(data[at:]) != text || text != "Second scene.\n" {
		t.Errorf("BodyAt = %q at %d, %v; want the file's tail", text, at, err)
	}
}
