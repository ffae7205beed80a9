package agent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

// The failure list keeps the newest keptFailures, newest first, with the
// reason and hint Explain gives, and keys in URLs stay out of it.
func TestFailuresBounded(t *testing.T) {
	dir := t.TempDir()
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := New(Options{Dir: dir, Now: func() time.Time { clock = clock.Add(time.Minute); return clock },
		Explain: func(err error) (string, string) { return "said: " + err.Error(), "try again" }})
	for i := 1; i <= 7; i++ {
		a.recordFailure(i, fmt.Errorf("failure %d at https://host/v1?key=sk-secret%d", i, i))
	}
	got, err := journal.NewFailuresFile(dir).Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != keptFailures {
		t.Fatalf("kept %d failures; want %d", len(got), keptFailures)
	}
	for i, f := range got {
		seq := 7 - i
		if f.Tick != seq || f.Hint != "try again" || f.Reason[:len("said: failure 7")] != fmt.Sprintf("said: failure %d", seq) {
			t.Errorf("failure %d = %+v; want scene %d, newest first, Explain's text", i, f, seq)
		}
		if strings.Contains(f.Reason, "sk-secret") {
			t.Errorf("failure %d keeps a key: %q", i, f.Reason)
		}
		if i > 0 && !f.Time.Before(got[i-1].Time) {
			t.Errorf("failure %d at %v is not older than the one before it (%v)", i, f.Time, got[i-1].Time)
		}
	}
	// A damaged list is an error naming the file, and the next failure starts it afresh.
	path := filepath.Join(dir, project.StateDir, "failures.json")
	if err := os.WriteFile(path, []byte("{torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := journal.NewFailuresFile(dir).Read(); err == nil || !strings.Contains(err.Error(), "failures.json") {
		t.Errorf("Failures of a torn file = %v; want an error naming it", err)
	}
	a.recordFailure(8, errors.New("eighth"))
	if got, err := journal.NewFailuresFile(dir).Read(); err != nil || len(got) != 1 || got[0].Tick != 8 {
		t.Errorf("after a torn list: %+v, %v; want the one new failure", got, err)
	}
}
