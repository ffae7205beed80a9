package recall

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/flat"
	"github.com/storyd/storyd/recall/anchor"
)

// logBody is a scene of a few sentences that state facts about the test
// project's entities, varied by r.
func logBody(r *rand.Rand) string {
	subjects := []string{"Hester", "Colonel Brandt", "Mr. Darcy", "Miss Thorne", "Brandt"}
	shapes := []string{"%s owned a %s.", "%s was terrified of the %s.", "%s swore to repay the %s debt.",
		"%s could not swim across the %s.", "%s hid the %s under the hearth.", "%s never spoke of the %s."}
	things := strings.Fields("mare sabre harbour bugle ledger lantern chapel orchard letter ring cellar boat")
	var b strings.Builder
	for range 2 + r.IntN(4) {
		fmt.Fprintf(&b, shapes[r.IntN(len(shapes))]+" ", subjects[r.IntN(len(subjects))], things[r.IntN(len(things))])
	}
	if r.IntN(3) == 0 {
		fmt.Fprintf(&b, "Wexcombe had a long %s.", things[r.IntN(len(things))])
	}
	return b.String()
}

// setBody gives scene i of p body.
func setBody(p *project.Project, i int, body string) {
	p.Scenes[i].SetBody(body)
	p.Loaded[p.Scenes[i].Path] = project.Hash([]byte(body))
}

// TestAnchorLogOverManyTicks: ticks as storyd runs them (the store opened
// from its file, synced, used, synced again with a new scene, saved),
// with scenes edited and deleted, sheets changed and a rename between
// them: the store read back from the log after every save is, to the
// byte, the store of the same steps never saved (what the whole file
// held before the log); the log is appended to and written whole now and
// then.
func TestAnchorLogOverManyTicks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 12))
	p := anchorProject(t, logBody(r), logBody(r), logBody(r))
	ref := OpenAnchors(t.TempDir()) // the same steps, never saved
	path := filepath.Join(p.Dir, filepath.FromSlash(AnchorsFile))
	wholes, appends := 0, 0
	var a *Anchors
	for tick := range 150 {
		if tick%3 != 1 { // else the store of the tick before goes on (storyd tick -n 2)
			a = OpenAnchors(p.Dir)
		}
		if tick > 0 && !reflect.DeepEqual(a.data, ref.data) {
			t.Fatalf("tick %d: read back as\n%+v\nwant\n%+v", tick, a.data, ref.data)
		}
		switch r.IntN(12) {
		case 0: // a scene edited by hand
			setBody(p, r.IntN(len(p.Scenes)), logBody(r))
		case 1: // a scene deleted
			if len(p.Scenes) > 3 {
				p.Scenes = append(p.Scenes[:1], p.Scenes[2:]...)
			}
		case 2: // a sheet's facts
			c := p.Characters[r.IntN(len(p.Characters))]
			c.Facts = append(c.Facts, project.Fact{Text: logBody(r), Scene: p.Scenes[len(p.Scenes)-1].Seq})
		case 3:
			if tick%40 == 3 { // a rename: the store is rebuilt
				p.Characters[2].Aliases = append(p.Characters[2].Aliases, fmt.Sprintf("Fitz%d", tick))
			}
		case 4: // a newcomer
			p.Characters = append(p.Characters, &project.Character{ID: fmt.Sprintf("c%d", len(p.Characters)+1), Name: fmt.Sprintf("Ensign Pole%d", tick)})
		}
		a.Sync(p)
		ref.Sync(p)
		// The same uses in both (the map's order is random).
		var used []project.Snippet
		for _, id := range []string{"c1", "c2", "c3", "l1"} {
			if list := ref.data.ByEntity[id]; len(list) > 0 && r.IntN(2) == 0 {
				used = append(used, project.Snippet{Kind: index.KindAnchor, Entity: id, Text: list[r.IntN(len(list))].Text})
			}
		}
		seq := p.Scenes[len(p.Scenes)-1].Seq + 1
		body := logBody(r)
		s := (&project.Scene{Seq: seq, Path: fmt.Sprintf("scenes/%04d-x.md", seq)}).SetBody(body)
		p.Scenes = append(p.Scenes, s)
		p.Loaded[s.Path] = project.Hash([]byte(body))
		for _, s := range []*Anchors{a, ref} {
			s.Sync(p)
			s.Used(used, seq)
		}
		before := a.logLen
		if err := a.Save(); err != nil {
			t.Fatal(err)
		}
		if a.logLen == a.wholeLen {
			wholes++
		} else if a.logLen > before {
			appends++
		}
		if info, err := os.Stat(path); err != nil || info.Size() != int64(a.logLen) {
			t.Fatalf("tick %d: the log is %v (%v); want %d bytes", tick, info.Size(), err, a.logLen)
		}
		if b := OpenAnchors(p.Dir); b.changeRecords != a.changeRecords || a.changeRecords > maxChangeRecords {
			t.Fatalf("tick %d: %d records of changes, %d read back; want at most %d", tick, a.changeRecords, b.changeRecords, maxChangeRecords)
		}
	}
	if b := OpenAnchors(p.Dir); !reflect.DeepEqual(b.data, ref.data) {
		t.Fatalf("at the end: read back as\n%+v\nwant\n%+v", b.data, ref.data)
	}
	if wholes < 3 || appends < 100 {
		t.Errorf("%d whole writes, %d appends; want a log mostly appended to, written whole now and then", wholes, appends)
	}
}

// copyData is a copy of d that its store's changes leave as it is.
func copyData(d anchorsData) anchorsData {
	c := *d.clone()
	c.Scenes = maps.Clone(d.Scenes)
	return c
}

// savedTicks saves the store of p after each of n new scenes, and returns
// the stores' data and the log's length after each save.
func savedTicks(t *testing.T, p *project.Project, r *rand.Rand, n int) ([]anchorsData, []int) {
	t.Helper()
	var datas []anchorsData
	var lens []int
	for range n {
		a := OpenAnchors(p.Dir)
		seq := p.Scenes[len(p.Scenes)-1].Seq + 1
		body := logBody(r)
		s := (&project.Scene{Seq: seq, Path: fmt.Sprintf("scenes/%04d-x.md", seq)}).SetBody(body)
		p.Scenes = append(p.Scenes, s)
		p.Loaded[s.Path] = project.Hash([]byte(body))
		a.Sync(p)
		if err := a.Save(); err != nil {
			t.Fatal(err)
		}
		datas, lens = append(datas, copyData(a.data)), append(lens, a.logLen)
	}
	return datas, lens
}

// A log cut in its last record (a crash during the append), or whose last
// record is damaged or followed by zeros, reads as the store before that
// save; the next save cuts the log there and appends, and reads back.
func TestAnchorLogTornTail(t *testing.T) {
	damage := map[string]func(log []byte, last int) []byte{
		"cut":     func(log []byte, last int) []byte { return log[:last+(len(log)-last)/2] },
		"damaged": func(log []byte, last int) []byte { log[len(log)-3] ^= 0x20; return log },
		"zeros":   func(log []byte, last int) []byte { return append(log[:last], make([]byte, 4096)...) },
		"header":  func(log []byte, last int) []byte { return log[:last+flat.RecordHeader-2] },
	}
	for name, spoil := range damage {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			p := anchorProject(t, logBody(r))
			datas, lens := savedTicks(t, p, r, 4)
			if lens[3] <= lens[2] || lens[2] <= lens[1] {
				t.Fatalf("the log's lengths %v: want appends", lens)
			}
			path := filepath.Join(p.Dir, filepath.FromSlash(AnchorsFile))
			log, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, spoil(log, lens[2]), 0o644); err != nil {
				t.Fatal(err)
			}
			a := OpenAnchors(p.Dir)
			if !reflect.DeepEqual(a.data, datas[2]) || a.logLen != lens[2] {
				t.Fatalf("read back as\n%+v (%d bytes)\nwant the store before the last save\n%+v (%d)", a.data, a.logLen, datas[2], lens[2])
			}
			if !a.Sync(p) || !reflect.DeepEqual(a.data, datas[3]) {
				t.Fatalf("synced to\n%+v\nwant\n%+v", a.data, datas[3])
			}
			a.Used([]project.Snippet{{Kind: index.KindAnchor, Entity: "c2", Text: a.For("c2")[0].Text}}, 9)
			if err := a.Save(); err != nil {
				t.Fatal(err)
			}
			if b := OpenAnchors(p.Dir); !reflect.DeepEqual(b.data, a.data) || b.logLen != a.logLen {
				t.Fatalf("after the repair read back as\n%+v\nwant\n%+v", b.data, a.data)
			}
		})
	}
}

// A log whose first record is not a whole store this storyd wrote (damaged,
// another layout, an older version) is an empty store, rebuilt and
// written whole.
func TestAnchorLogForeignStart(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	p := anchorProject(t, logBody(r), logBody(r))
	rebuilt := OpenAnchors(t.TempDir())
	rebuilt.Sync(p)
	record := func(rec anchorsRecord) []byte {
		return flat.AppendRecord(nil, flat.Append(nil, rec))
	}
	whole := anchorsRecord{Layout: anchorsLayout(), Whole: true, Data: rebuilt.data}
	old := whole
	old.Data.Version--
	foreign := whole
	foreign.Layout = "anchors of another storyd"
	change := anchorsRecord{Data: anchorsData{Version: anchorsVersion}}
	for name, log := range map[string][]byte{
		"garbage": []byte("not a log"),
		"version": record(old),
		"layout":  record(foreign),
		"change":  record(change),
	} {
		path := filepath.Join(p.Dir, filepath.FromSlash(AnchorsFile))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, log, 0o644); err != nil {
			t.Fatal(err)
		}
		a := OpenAnchors(p.Dir)
		if a.Count() != 0 || !a.Sync(p) || !reflect.DeepEqual(a.data, rebuilt.data) {
			t.Fatalf("%s: rebuilt as\n%+v\nwant\n%+v", name, a.data, rebuilt.data)
		}
		if err := a.Save(); err != nil {
			t.Fatal(err)
		}
		if b := OpenAnchors(p.Dir); !reflect.DeepEqual(b.data, rebuilt.data) || b.logLen != b.wholeLen {
			t.Fatalf("%s: the store written whole read back as\n%+v", name, b.data)
		}
	}
}

// The whole file of a storyd before the log (anchors.bin) is taken, use
// counts and all, and replaced by the log at the first save.
func TestAnchorLogFromTheWholeFile(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	p := anchorProject(t, logBody(r), logBody(r))
	a := OpenAnchors(t.TempDir())
	a.Sync(p)
	a.Used([]project.Snippet{{Kind: index.KindAnchor, Entity: "c1", Text: a.For("c1")[0].Text}}, 3)
	sealed, _ := flat.Seal(flat.Append(nil, anchorsFile{Layout: flat.Layout(anchorsFile{}, anchorsData{}, anchor.Anchor{}), Data: a.data}))
	old := filepath.Join(p.Dir, filepath.FromSlash(wholeAnchorsFile))
	if err := os.MkdirAll(filepath.Dir(old), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(old, sealed, 0o644); err != nil {
		t.Fatal(err)
	}
	b := OpenAnchors(p.Dir)
	if b.Sync(p); !reflect.DeepEqual(b.data, a.data) {
		t.Fatalf("the whole file read as\n%+v\nwant\n%+v", b.data, a.data)
	}
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("the whole file is still there after the save: %v", err)
	}
	if c := OpenAnchors(p.Dir); !reflect.DeepEqual(c.data, a.data) || c.dirty {
		t.Errorf("the log written from it read back as\n%+v", c.data)
	}
}

// FuzzAnchorLog: any log reads, without a panic, as a store (what its
// first records that hold give, else an empty one) whose next save,
// appended where reading stopped or written whole, reads back as that
// store. The log is two records of the payloads fuzzed (past their
// checksums, into the decoder) and any bytes after them.
func FuzzAnchorLog(f *testing.F) {
	x := anchor.Anchor{Entity: "c1", Kind: anchor.Owns, Text: "Hester owned a mare.", Seq: 1, Last: 2, Uses: 1}
	whole := flat.Append(nil, anchorsRecord{Layout: anchorsLayout(), Whole: true, Data: anchorsData{Version: anchorsVersion,
		Scenes: map[int]string{1: "ab", 2: "cd"}, Names: map[string]string{"c1": "Hester"}, ByEntity: map[string][]anchor.Anchor{"c1": {x}}}})
	change := flat.Append(nil, anchorsRecord{Data: anchorsData{Version: anchorsVersion, Scenes: map[int]string{3: "ef"}}, Unscanned: []int{1},
		Lists: []anchorList{{Entity: "c1", From: []int{1, 0, 1}, Uses: []int{2, 3}, Last: []int{4, 5}, New: []anchor.Anchor{x}}, {Entity: "c2", Nil: true}}})
	f.Add(whole, change, []byte{})
	f.Add(whole, change, flat.AppendRecord(nil, change)[:9])
	f.Add(whole, []byte{1, 2, 3}, flat.AppendRecord(nil, change))
	f.Add(change, whole, []byte("not a log"))
	f.Fuzz(func(t *testing.T, first, second, tail []byte) {
		log := append(flat.AppendRecord(flat.AppendRecord(nil, first), second), tail...)
		// OpenAnchors and Save on bytes: a file system is slow to fuzz.
		a := &Anchors{}
		a.reset()
		a.replay(log)
		a.add(anchor.Anchor{Entity: "c9", Kind: anchor.Fears, Text: "Ensign Pole feared the sea.", Seq: 9, Last: 9})
		a.data.Scenes[9] = "9f" // as Sync scans a scene
		a.rescanned = append(a.rescanned, 9)
		rec, whole := a.nextRecord()
		saved := append(log[:a.logLen:a.logLen], rec...)
		if whole {
			saved = rec
		}
		b := &Anchors{}
		b.reset()
		if !b.replay(saved) || !reflect.DeepEqual(b.data, a.data) || b.logLen != len(saved) {
			t.Fatalf("read back as\n%+v (%d bytes of %d)\nwant\n%+v", b.data, b.logLen, len(saved), a.data)
		}
	})
}
