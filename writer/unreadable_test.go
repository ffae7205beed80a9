package writer

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

// A scene whose prose cannot be read when the pack is built (its file went
// after the load, which read it on first use only) fails the build: the
// writer never sees it as an empty scene.
func TestBuildRefusesAnUnreadableScene(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 6, 350))
	dir := f.write(t)
	mdfixture.Age(t, dir)
	cache := project.NewLoadCache()
	if _, err := journal.LoadCached(dir, cfg, cache); err != nil {
		t.Fatal(err)
	}
	p, err := journal.LoadCached(dir, cfg, cache) // bodies read on first use
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Build(tokenizer(t), Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 7}); err != nil {
		t.Fatalf("with every file there: %v", err)
	}
	p, err = journal.LoadCached(dir, cfg, cache)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, p.Scenes[5].Path)); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(tokenizer(t), Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 7}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("pack with the newest scene's file gone: err %v; want a not-exist error", err)
	}
}
