package journal

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A line appended while the ledger is being rewritten (storyd plan and
// context call the model without the project lock that status --reprice
// holds) lands in the rewritten ledger, not in the file it replaced.
func TestLedgerAppendDuringRewrite(t *testing.T) {
	l := &LedgerFile{Path: filepath.Join(t.TempDir(), "ledger.jsonl")}
	if err := l.Append([]byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	err := l.Rewrite(func(old []byte) ([]byte, bool, error) {
		if string(old) != "{\"n\":1}\n" {
			t.Errorf("Rewrite read %q", old)
		}
		go func() { done <- l.Append([]byte(`{"n":2}`)) }()
		// Room for an unguarded Append to finish before the rename; a
		// guarded one waits, however long this takes.
		time.Sleep(50 * time.Millisecond)
		return []byte("{\"n\":1,\"repriced\":true}\n"), true, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(l.Path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\"n\":1,\"repriced\":true}\n{\"n\":2}\n"; string(data) != want {
		t.Errorf("ledger after a rewrite with an append meanwhile:\n%s\nwant:\n%s", data, want)
	}
	// Nothing to change: the file is left as it is.
	before, _ := os.Stat(l.Path)
	if err := l.Rewrite(func(old []byte) ([]byte, bool, error) { return nil, false, nil }); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(l.Path); !os.SameFile(before, after) {
		t.Error("an unchanged rewrite replaced the file")
	}
	if got, _ := os.ReadFile(l.Path); !bytes.Equal(got, data) {
		t.Errorf("an unchanged rewrite changed the ledger: %q", got)
	}
}

// Rewriting a ledger that does not exist yet sees it empty and creates it
// only when there is something to write.
func TestLedgerRewriteMissing(t *testing.T) {
	l := &LedgerFile{Path: filepath.Join(t.TempDir(), "ledger.jsonl")}
	if err := l.Rewrite(func(old []byte) ([]byte, bool, error) { return nil, len(old) > 0, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(l.Path); !os.IsNotExist(err) {
		t.Errorf("a rewrite with nothing to write created the ledger: %v", err)
	}
}
