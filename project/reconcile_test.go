package project

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
)

func TestReconcileRecordsRenamesAndTombstones(t *testing.T) {
	dir, st := projectWithGoneScene(t)
	st.Derived[3] = Derived{Hash: "deadbeef", Summary: []string{"old"}}
	st.LastSeq = 3
	writeState(t, dir, st)
	if err := os.Rename(filepath.Join(dir, "scenes/0002-two.md"), filepath.Join(dir, "scenes/0002-renamed.md")); err != nil {
		t.Fatal(err)
	}
	p, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	next := p.State.Clone()
	ch := p.Reconcile(&next)
	if ch.Renamed["scenes/0002-two.md"] != "scenes/0002-renamed.md" || len(ch.Adopted) != 0 || !slices.Equal(ch.Tombstoned, []int{3}) {
		t.Fatalf("got %+v; want the rename of scene 2 and the tombstone of scene 3", ch)
	}
	if _, ok := next.Hashes["scenes/0002-two.md"]; ok || next.Hashes["scenes/0002-renamed.md"] != st.Hashes["scenes/0002-two.md"] {
		t.Errorf("the renamed scene's hash did not move: %v", next.Hashes)
	}
	if _, ok := next.Hashes["scenes/0003-gone.md"]; ok || len(next.Derived) != 0 || !slices.Equal(next.Deleted, []int{3}) {
		t.Errorf("the deleted scene left state behind: %+v", next)
	}
	if again := p.Reconcile(&next); len(again.Tombstoned) != 0 {
		t.Errorf("a tombstone was recorded twice: %v", again.Tombstoned)
	}
}

func TestReconcileAdoptsScenesWhenStateIsLost(t *testing.T) {
	p, err := LoadCached(Disk(mdfixture.Project(t)), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	next := p.State.Clone()
	ch := p.Reconcile(&next)
	if !slices.Equal(ch.Adopted, []string{"scenes/0001-one.md", "scenes/0002-two.md"}) || next.Hashes["scenes/0001-one.md"] != p.Loaded["scenes/0001-one.md"] {
		t.Fatalf("got adopted %v, hashes %v; want both scenes recorded", ch.Adopted, next.Hashes)
	}
}
