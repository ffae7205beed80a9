package journal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

// LoadWhole reads every scene's body while it holds the commit lock, so a
// commit applied after it returns (an undo deleting a scene, say) cannot
// leave a reader such as export with a scene's frontmatter and no prose:
// Load, through the load cache, reads an unchanged scene's body only on
// first use.
func TestLoadWholeReadsBodiesUnderTheLock(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.Age(t, dir)
	// A load cache on disk that knows every scene, as after many ticks.
	cache := ReadLoadCache(dir)
	if _, err := LoadCached(dir, config.Default(), cache); err != nil {
		t.Fatal(err)
	}
	data, err := cache.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(filepath.Join(dir, project.LoadCacheFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := LoadWhole(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	s := p.Scenes[0]
	if err := os.Remove(filepath.Join(dir, s.Path)); err != nil { // an undo, after the load
		t.Fatal(err)
	}
	if body, err := s.Body(); err != nil || body != "First scene.\n" {
		t.Errorf("body after the file went = %q, %v; want the prose the load saw", body, err)
	}
}
