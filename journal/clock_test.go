package journal

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The load cache's racy rule compares mtimes with the filesystem's clock
// when it can: the reader's Now is never later than the mtime a file
// written at that moment gets.
func TestReaderNowIsNotAheadOfTheFilesystem(t *testing.T) {
	dir := t.TempDir()
	r := newReader(dir)
	before := time.Now()
	if got := r.Now(); got.Before(before.Add(-time.Second)) || got.After(time.Now()) {
		t.Fatalf("without .storyd/cache, Now() = %v; want the machine's clock (%v)", got, before)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".storyd", "cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	got := r.Now()
	fi, err := os.Stat(filepath.Join(dir, ClockFile))
	if err != nil {
		t.Fatalf("the clock file was not written: %v", err)
	}
	if got.After(fi.ModTime()) || got.After(time.Now()) {
		t.Errorf("Now() = %v; want no later than the clock file's mtime %v", got, fi.ModTime())
	}
	if got.Before(before.Add(-time.Minute)) {
		t.Errorf("Now() = %v, far behind the machine's %v", got, before)
	}
}
