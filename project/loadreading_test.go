package project

import (
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
)

// tellingDisk is listingDisk that says on listed when a listing is done.
type tellingDisk struct {
	listingDisk
	listed chan string
}

func (d tellingDisk) List(sub string) ([]string, []FileStat) {
	rels, stats := d.listingDisk.List(sub)
	d.listed <- sub
	return rels, stats
}

// TestLoadReadingListsWhileTheCacheIsRead: the directories are listed
// while the cache is read, each once, and the project is what a load
// without the overlap gives. The cache's read waits for every listing, so
// a load that listed only after reading the cache would never return
// (the minute's bound only turns that hang into a failure).
func TestLoadReadingListsWhileTheCacheIsRead(t *testing.T) {
	dir := mdfixture.Project(t)
	want, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	d := tellingDisk{listingDisk{newCountingDisk(dir, time.Time{})}, make(chan string, 8)}
	read := func() *LoadCache {
		for range 4 {
			select {
			case <-d.listed:
			case <-time.After(time.Minute):
				t.Error("the directories were not listed while the cache was read")
				return nil
			}
		}
		return NewLoadCache()
	}
	got, cache, err := LoadReading(d, config.Default(), read)
	if err != nil {
		t.Fatal(err)
	}
	if cache == nil || len(cache.Files) != len(want.Scenes) {
		t.Errorf("the cache read holds %v; want the %d scenes parsed into it", cache, len(want.Scenes))
	}
	sameScenes(t, got.Scenes, want.Scenes)
	if len(got.Characters) != len(want.Characters) || len(got.Locations) != len(want.Locations) || len(got.Checkpoints) != len(want.Checkpoints) {
		t.Errorf("sheets and summaries %d/%d/%d; want %d/%d/%d", len(got.Characters), len(got.Locations), len(got.Checkpoints),
			len(want.Characters), len(want.Locations), len(want.Checkpoints))
	}
	for _, sub := range []string{CharDir, LocDir, SceneDir, SummaryDir} {
		if n := d.reads["(list) "+sub]; n != 1 {
			t.Errorf("%s listed %d times; want once", sub, n)
		}
	}
}
