package agent

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/undo"
)

// undo --discard-edits takes a tick back over a hand edit of its scene and
// keeps the edited file, the newest undo.keptSaves discards of them; a
// file the tick only changed (threads.md) cannot be turned back once
// edited, so that refuses still.
func TestUndoDiscardEdits(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, &opensThread{next: offline.Model{}}) // every tick changes threads.md
	edit := func(rel, line string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(dir, rel), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(line + "\n")
		f.Close()
	}
	for i := 0; i < 12; i++ {
		if _, err := a.Tick(context.Background()); err != nil { // kept
			t.Fatal(err)
		}
		res, err := a.Tick(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		edit(res.Path, "A hand edit.")
		if _, err := a.Undo(context.Background(), 1, false); !errors.As(err, new(*undo.RefusedError)) {
			t.Fatalf("undo over an edit: %v", err)
		}
		undone, err := a.Undo(context.Background(), 1, true)
		if err != nil || len(undone) != 1 || len(undone[0].Saved) != 1 {
			t.Fatalf("undo --discard-edits: %+v %v", undone, err)
		}
		saved, err := os.ReadFile(filepath.Join(dir, undone[0].Saved[0]))
		if err != nil || string(saved[len(saved)-13:]) != "A hand edit.\n" {
			t.Fatalf("the saved copy: %q %v", saved, err)
		}
		if _, err := os.Stat(filepath.Join(dir, res.Path)); !os.IsNotExist(err) {
			t.Fatalf("the scene is still there: %v", err)
		}
	}
	saves, _ := filepath.Glob(filepath.Join(dir, ".storyd/conflicts/undo-*"))
	if len(saves) != 10 || filepath.Base(saves[0]) != "undo-000004" {
		t.Fatalf("saved discards %v; want the newest 10, scenes 4 to 13", saves)
	}
	res, err := a.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	edit("threads.md", "A note.")
	var refused *undo.RefusedError
	if _, err := a.Undo(context.Background(), 1, true); !errors.As(err, &refused) || refused.Path != "threads.md" {
		t.Fatalf("undo --discard-edits over an edit of threads.md: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, res.Path)); err != nil {
		t.Fatalf("a refused undo removed the scene: %v", err)
	}
}
