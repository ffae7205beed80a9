package journal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
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

// Recover's sweep removes a crash's temp files where storyd makes them
// (beside a sheet or a list a recovery merged into, the index's, the
// root's); it does not list scenes/, where only a killed `storyd init`
// can leave one: loads ignore it and `validate --deep` finds it.
func TestRecoverSweepsTempFiles(t *testing.T) {
	dir := mdfixture.Project(t)
	swept := []string{"characters/.c1-ann.md.tmp-1", ".threads.md.tmp-2", ".storyd/index/.seg-000001.bin.tmp-3"}
	left := "scenes/.0001-one.md.tmp-4"
	for _, rel := range append(swept, left) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Recover(dir); err != nil {
		t.Fatal(err)
	}
	for _, rel := range swept {
		if _, err := os.Stat(filepath.Join(dir, rel)); !os.IsNotExist(err) {
			t.Errorf("%s survived Recover: %v", rel, err)
		}
	}
	p, err := Load(dir, config.Default())
	if err != nil || len(p.Scenes) != 2 {
		t.Fatalf("the load with a temp file in scenes/: %v", err)
	}
	var found bool
	for _, f := range Check(dir, p) {
		found = found || f.Path == left && f.Repair != ""
	}
	if !found {
		t.Errorf("validate --deep's check does not find %s", left)
	}
}
