package project

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
)

// listingDisk is countingDisk that counts directory listings and stats
// too, under "(list) dir" and "(stat) file".
type listingDisk struct{ countingDisk }

func (d listingDisk) List(sub string) ([]string, []FileStat) {
	d.count("(list) " + sub)
	return d.Disk.List(sub)
}

func (d listingDisk) Stat(rel string) FileStat {
	d.count("(stat) " + rel)
	return d.Disk.Stat(rel)
}

// A reload lists no directory and reads and stats only the files written
// since the earlier load; it takes the others, scenes included, as that
// load found them.
func TestReloadReadsOnlyWhatChanged(t *testing.T) {
	dir := mdfixture.Project(t)
	first, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	st := NewState() // storyd's own scenes
	for _, s := range first.Scenes {
		st.Hashes[s.Path] = first.Loaded[s.Path]
	}
	data, _ := json.Marshal(st)
	mdfixture.WriteFiles(t, dir, map[string]string{StateFile: string(data)})
	mdfixture.Age(t, dir)
	c := NewLoadCache()
	d := listingDisk{newCountingDisk(dir, time.Time{})}
	p, err := LoadCached(d, config.Default(), c)
	if err != nil {
		t.Fatal(err)
	}
	changed := []string{"scenes/0003-three.md", GlossaryFile}
	mdfixture.WriteFiles(t, dir, map[string]string{
		changed[0]: mdfixture.Scene(3, "Three", "Third."),
		changed[1]: "# Glossary\n\n- **Glimmer**: a light (scene 1)\n- **Gloam**: dusk (scene 3)\n",
	})
	clear(d.reads)
	got, err := Reload(d, p, changed, c)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"(stat) " + changed[0]: 1, changed[0]: 1, changed[1]: 1}
	for rel, n := range d.reads {
		if n != want[rel] && rel != clockAsks {
			t.Errorf("reload: %s %d times; want %d", rel, n, want[rel])
		}
	}
	if len(got.Scenes) != 3 || got.Scenes[0] != p.Scenes[0] || len(got.Glossary) != 2 || got.Characters[0] != p.Characters[0] {
		t.Errorf("reload: %d scenes (the first reused: %v), %d terms", len(got.Scenes), got.Scenes[0] == p.Scenes[0], len(got.Glossary))
	}
	full, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sameScenes(t, got.Scenes, full.Scenes)
}
