package project

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project/flat"
)

// A delta carries what loads parsed after the base was written: a new
// process's cache (base, then delta) reads none of those files again, and
// drops the entries of files gone since. A delta applies only to its base.
func TestLoadCacheDelta(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.Age(t, dir)
	first := NewLoadCache()
	if _, err := LoadCached(Disk(dir), config.Default(), first); err != nil {
		t.Fatal(err)
	}
	base, _ := first.Encode()
	first.Written()
	c := DecodeLoadCache(base)
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0001-one.md":  mdfixture.Scene(1, "Uno", "First, edited."),
		"characters/c2-bo.md": "---\nid: c2\nname: Bo\n---\nBo.\n",
	})
	if err := os.Remove(filepath.Join(dir, "scenes", "0002-two.md")); err != nil {
		t.Fatal(err)
	}
	mdfixture.Age(t, dir)
	if c.Delta() != nil {
		t.Error("a delta before anything was parsed")
	}
	if _, err := LoadCached(Disk(dir), config.Default(), c); err != nil {
		t.Fatal(err)
	}
	delta := c.Delta()
	if delta == nil {
		t.Fatal("no delta after a load parsed files")
	}
	c.DeltaWritten()
	if c.Delta() != nil {
		t.Error("a second delta with nothing parsed since the first")
	}
	fresh := DecodeLoadCache(base)
	fresh.Apply(delta)
	d := newCountingDisk(dir, time.Time{})
	p, err := LoadCached(d, config.Default(), fresh)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"scenes/0001-one.md", "characters/c2-bo.md"} {
		if d.reads[rel] != 0 {
			t.Errorf("%s read again (%d) with the delta applied", rel, d.reads[rel])
		}
	}
	if _, ok := fresh.Files["scenes/0002-two.md"]; ok || len(p.Scenes) != 1 || p.Scenes[0].Title != "Uno" {
		t.Errorf("after the delta: gone entry kept %v, scenes %d", ok, len(p.Scenes))
	}
	other, _ := NewLoadCache().Encode()
	stranger := DecodeLoadCache(other)
	stranger.Apply(delta)
	if len(stranger.Files)+len(stranger.Characters) != 0 {
		t.Error("a delta was applied to another base")
	}
	payload, _, _ := flat.Unseal(delta)
	var of loadDelta
	if err := flat.Unmarshal(payload, &of); err != nil {
		t.Fatal(err)
	}
	of.Cache.Layout = "Scene without the field added since;"
	otherLayout, _ := flat.Seal(flat.Append(nil, of))
	stale := DecodeLoadCache(base)
	stale.Apply(otherLayout)
	if _, ok := stale.Files["scenes/0002-two.md"]; !ok {
		t.Error("a delta of another layout was applied")
	}
}
