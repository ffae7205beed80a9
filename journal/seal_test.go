package journal

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

// An edited cached answer is a miss, not a scene (before: it was replayed
// as the model's answer); an edited undo record is refused; --deep's Check
// finds both and says what the repair does.
func TestSealedRecordsCatchEdits(t *testing.T) {
	dir := mdfixture.Project(t)
	c := NewCacheStore(dir)
	key := strings.Repeat("ab", 32)
	if err := c.Put(key, []byte(`{"content":"The model's prose."}`)); err != nil {
		t.Fatal(err)
	}
	if data, ok, err := c.Get(key); err != nil || !ok || string(data) != `{"content":"The model's prose."}` {
		t.Fatalf("Get = %q, %v, %v", data, ok, err)
	}
	path := filepath.Join(c.Dir, key[:2], key+".json")
	raw, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(raw), "model's", "forged", 1)), 0o644)
	if data, ok, err := c.Get(key); err != nil || ok {
		t.Fatalf("an edited entry was served: %q, %v, %v", data, ok, err)
	}
	// What a power cut before Put's sync can leave (Put renames first):
	// nothing, or a cut file; either is a miss.
	for _, cut := range []int{0, 40, len(raw) - 1} {
		os.WriteFile(path, raw[:cut], 0o644)
		if data, ok, err := c.Get(key); err != nil || ok {
			t.Fatalf("an answer cut at %d bytes was served: %q, %v, %v", cut, data, ok, err)
		}
	}

	p, tx := beginTick(t, dir)
	if err := tx.Write("scenes/0003-three.md", []byte(mdfixture.Scene(3, "Three", "Third."))); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(p.State.Clone(), true); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := LoadHistory(dir, 3); !ok || err != nil {
		t.Fatalf("LoadHistory: %v %v", ok, err)
	}
	hp := filepath.Join(dir, HistoryPath(3))
	raw, _ = os.ReadFile(hp)
	os.WriteFile(hp, []byte(strings.Replace(string(raw), "0003-three", "0003-thrее", 1)), 0o644)
	var ce *ChecksumError
	if _, _, err := LoadHistory(dir, 3); !errors.As(err, &ce) {
		t.Fatalf("an edited undo record: got %v; want a checksum error", err)
	}

	p, err := Load(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, f := range Check(dir, p) {
		if f.Repair != "" {
			found = append(found, f.Path)
		}
	}
	want := []string{HistoryPath(3), project.StateDir + "/cache/ab/" + key + ".json"}
	if strings.Join(found, " ") != strings.Join(want, " ") {
		t.Fatalf("Check found %v; want %v", found, want)
	}
}
