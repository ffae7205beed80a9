package journal

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

// Reload after a commit gives the project a full load gives, though it
// lists no directory and stats only the files the commit wrote; a person's
// edit of another file made meanwhile is seen by the next load.
func TestReloadAfterACommitIsAFullLoad(t *testing.T) {
	dir := mdfixture.Project(t)
	// storyd's own scenes: their hashes in state.json.
	p, tx := beginTick(t, dir)
	st := p.State.Clone()
	for _, s := range p.Scenes {
		st.Hashes[s.Path] = p.Loaded[s.Path]
	}
	if err := tx.Commit(st, false); err != nil {
		t.Fatal(err)
	}
	mdfixture.Age(t, dir)
	cache := ReadLoadCache(dir)
	p, err := LoadCached(dir, config.Default(), cache)
	if err != nil {
		t.Fatal(err)
	}
	if tx, err = Begin(p, 3); err != nil {
		t.Fatal(err)
	}
	for rel, data := range map[string]string{
		"scenes/0003-three.md":         mdfixture.Scene(3, "Three", "Third."),
		"characters/c2-bo.md":          "---\nid: c2\nname: Bo\n---\nBo.\n",
		"threads.md":                   "# Threads\n\n## Open\n\n## Resolved\n- t1: Who? (opened 1, resolved 3)\n- t2: Done (opened 1, resolved 2)\n",
		"summaries/checkpoint-0003.md": "---\nfrom: 1\nto: 3\n---\nAll of it.\n",
	} {
		if err := tx.Write(rel, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	st = p.State.Clone()
	st.LastSeq = 3
	if err := tx.Commit(st, true); err != nil {
		t.Fatal(err)
	}
	got, err := Reload(p, cache, tx.Paths(), st)
	if err != nil {
		t.Fatal(err)
	}
	checkFullLoad(t, got)
	if len(got.Scenes) != 3 || len(got.Characters) != 2 || len(got.Checkpoints) != 1 || got.Threads[0].Resolved != 3 {
		t.Fatalf("reload missed the commit: %d scenes, %d characters, %d summaries, threads %+v", len(got.Scenes), len(got.Characters), len(got.Checkpoints), got.Threads)
	}

	// Edited during the tick (after the load, before the reload): the
	// reload takes the file as the load found it, the next load sees it.
	edited := filepath.Join(dir, "scenes", "0002-two.md")
	if err := os.WriteFile(edited, []byte(mdfixture.Scene(2, "Two", "Second scene, rewritten.")), 0o644); err != nil {
		t.Fatal(err)
	}
	if again, err := Reload(p, cache, tx.Paths(), st); err != nil || again.Loaded["scenes/0002-two.md"] != p.Loaded["scenes/0002-two.md"] || again.Scenes[1].Edited {
		t.Fatalf("the reload stat-ed or read an unchanged scene (%v)", err)
	}
	next, err := LoadCached(dir, config.Default(), cache)
	if err != nil {
		t.Fatal(err)
	}
	if next.Loaded["scenes/0002-two.md"] == p.Loaded["scenes/0002-two.md"] || !next.Scenes[1].Edited {
		t.Errorf("the next load missed the hand edit")
	}
}

// A tick that took in a person's changes (a hand edit re-summarised, a
// deleted scene tombstoned, a renamed one recorded) changes what the state
// says of scenes it did not write: the reload marks those again, as a full
// load does.
func TestReloadAfterAReconcilingTickIsAFullLoad(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0003-three.md": mdfixture.Scene(3, "Three", "Third."),
		"scenes/0004-four.md":  mdfixture.Scene(4, "Four", "Fourth."),
	})
	p, tx := beginTick(t, dir)
	st := p.State.Clone()
	for _, s := range p.Scenes {
		st.Hashes[s.Path] = p.Loaded[s.Path]
	}
	st.LastSeq = 4
	if err := tx.Commit(st, false); err != nil {
		t.Fatal(err)
	}
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0002-two.md": mdfixture.Scene(2, "Two", "Second, edited by hand.")})
	for _, err := range []error{os.Remove(filepath.Join(dir, "scenes", "0003-three.md")),
		os.Rename(filepath.Join(dir, "scenes", "0004-four.md"), filepath.Join(dir, "scenes", "0004-renamed.md"))} {
		if err != nil {
			t.Fatal(err)
		}
	}
	mdfixture.Age(t, dir)
	cache := ReadLoadCache(dir)
	p, err := LoadCached(dir, config.Default(), cache)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Deleted) != 1 || len(p.Renamed) != 1 || !p.Scenes[1].Edited {
		t.Fatalf("the load missed a change: deleted %v, renamed %v, scene 2 edited %v", p.Deleted, p.Renamed, p.Scenes[1].Edited)
	}
	// The tick, as agent's reconcile and commit do it, but for the scene
	// in memory: the reload goes by the state committed, not by what the
	// caller did to p.
	st = p.State.Clone()
	p.Reconcile(&st)
	st.Derived[2] = project.Derived{Hash: p.Loaded[p.Scenes[1].Path], Summary: []string{"refreshed"}}
	if tx, err = Begin(p, 5); err != nil {
		t.Fatal(err)
	}
	if err := tx.Write("scenes/0005-five.md", []byte(mdfixture.Scene(5, "Five", "Fifth."))); err != nil {
		t.Fatal(err)
	}
	st.LastSeq = 5
	if err := tx.Commit(st, true); err != nil {
		t.Fatal(err)
	}
	got, err := Reload(p, cache, tx.Paths(), st)
	if err != nil {
		t.Fatal(err)
	}
	checkFullLoad(t, got)
	if len(got.Scenes) != 4 || len(got.Deleted) != 0 || len(got.Renamed) != 0 || got.Scenes[1].Edited {
		t.Errorf("reload: %d scenes, deleted %v, renamed %v, scene 2 edited %v", len(got.Scenes), got.Deleted, got.Renamed, got.Scenes[1].Edited)
	}
}

// checkFullLoad fails unless got is what a full load of its directory,
// without a cache, gives (its lazy scene bodies read).
func checkFullLoad(t *testing.T, got *project.Project) {
	t.Helper()
	want, err := project.LoadCached(project.Disk(got.Dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*project.Project{got, want} {
		for _, s := range p.Scenes {
			body, err := s.Body()
			if err != nil {
				t.Fatal(err)
			}
			s.SetBody(body) // read the lazy ones, for DeepEqual
		}
	}
	// The state as committed, not read back: the same file.
	if a, b := mustJSON(t, got.State), mustJSON(t, want.State); a != b {
		t.Errorf("reload's state:\n%s\nfull load's:\n%s", a, b)
	}
	st := got.State
	got.State = want.State
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reload differs: %s", diffProjects(got, want))
	}
	got.State = st
}

// diffProjects names the fields in which two loads differ.
func diffProjects(a, b *project.Project) string {
	out := ""
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			out += fmt.Sprintf("field %s differs\n", va.Type().Field(i).Name)
		}
	}
	for i := range a.Scenes {
		if i < len(b.Scenes) && !reflect.DeepEqual(a.Scenes[i], b.Scenes[i]) {
			out += fmt.Sprintf("scene %d: %+v\n vs %+v\n", i, *a.Scenes[i], *b.Scenes[i])
		}
	}
	return out
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A load that parses files after the load cache's base was written leaves
// a delta beside it, so that the next process's load (ReadLoadCache: base,
// then delta) does not parse them again.
func TestLoadLeavesACacheDelta(t *testing.T) {
	dir := mdfixture.Project(t)
	files := map[string]string{}
	for seq := 3; seq <= 20; seq++ {
		files[fmt.Sprintf("scenes/%04d-s.md", seq)] = mdfixture.Scene(seq, "S", "Prose.")
	}
	mdfixture.WriteFiles(t, dir, files)
	mdfixture.Age(t, dir)
	if _, err := Load(dir, config.Default()); err != nil { // parses 20 scenes: writes the base
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, project.LoadCacheFile)); err != nil {
		t.Fatal(err)
	}
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0021-s.md": mdfixture.Scene(21, "New", "Prose.")})
	mdfixture.Age(t, dir)
	if _, err := Load(dir, config.Default()); err != nil { // parses one: writes a delta
		t.Fatal(err)
	}
	c := ReadLoadCache(dir)
	if _, ok := c.Stat("scenes/0021-s.md"); !ok {
		t.Errorf("the next process's cache lacks the scene parsed since the base: %v", ok)
	}
}
