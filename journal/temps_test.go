package journal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/internal/mdfixture"
)

// A cached answer's temp file is made in the cache's top directory, where
// Recover's sweep finds a crash's leftover; the 256 shard directories are
// not listed on every run (an older storyd's leftovers there go with the
// cache's prune).
func TestTempFilesOfTheResponseCache(t *testing.T) {
	dir := mdfixture.Project(t)
	c := NewCacheStore(dir)
	key := strings.Repeat("ab", 32)
	if err := c.Put(key, []byte("answer")); err != nil {
		t.Fatal(err)
	}
	top := filepath.Join(c.Dir, ".ab.json.tmp-1")
	shard := filepath.Join(c.Dir, "ab", ".cd.json.tmp-2")
	for _, p := range []string{top, shard} {
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Recover(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(top); !os.IsNotExist(err) {
		t.Errorf("the temp file in the cache's top directory survived Recover: %v", err)
	}
	if _, err := c.Prune(time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(shard); !os.IsNotExist(err) {
		t.Errorf("the temp file in a shard survived the prune: %v", err)
	}
}
