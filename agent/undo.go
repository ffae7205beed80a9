package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

// UndoRefusedError says undo would lose a hand edit: why, and what the
// person can do instead (Hint, "" when there is nothing to suggest).
type UndoRefusedError struct {
	Seq       int
	Path      string
	Why, Hint string
}

func (e *UndoRefusedError) Error() string {
	return fmt.Sprintf("cannot undo scene %d: %s %s", e.Seq, e.Path, e.Why)
}

// Undo removes the last n ticks' scenes and reverts the entity, thread and
// glossary changes they made, newest first, one atomic commit per tick. It
// refuses (changing nothing further) when a file the tick wrote has since
// been edited by hand, since reverting it would lose that edit.
func (a *Agent) Undo(ctx context.Context, n int) ([]int, error) {
	lock, err := a.lockRecovered(ctx)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	var undone []int
	for i := 0; i < n; i++ {
		p, err := a.loadProject()
		if err != nil {
			return undone, err
		}
		if len(p.Scenes) == 0 {
			if i == 0 {
				return nil, fmt.Errorf("nothing to undo: the project has no scenes")
			}
			break
		}
		last := p.Scenes[len(p.Scenes)-1]
		if newest := p.NextSeq() - 1; newest > last.Seq {
			if _, ok, _ := journal.LoadHistory(p.Dir, newest); ok {
				return undone, &UndoRefusedError{Seq: newest, Path: fmt.Sprintf("scene %d", newest),
					Why:  "was deleted by hand; undo reverts ticks newest first and cannot revert the later memory changes of a scene that is gone",
					Hint: "edit threads.md and the sheets by hand instead"}
			}
		}
		if err := a.undoOne(p, last); err != nil {
			return undone, err
		}
		undone = append(undone, last.Seq)
	}
	return undone, nil
}

func (a *Agent) undoOne(p *project.Project, scene *project.Scene) error {
	seq := scene.Seq
	h, ok, err := journal.LoadHistory(p.Dir, seq)
	if err != nil {
		return err
	}
	if !ok {
		return &UndoRefusedError{Seq: seq, Path: fmt.Sprintf("scene %d", seq), Why: fmt.Sprintf("has no undo record (written by hand, before storyd kept history, or more than generation.undo_depth = %d ticks ago)", a.Config.Generation.UndoDepth)}
	}
	// Everything written after the tick: later checkpoint and arc summaries
	// covering this scene go too.
	var extra []*project.Checkpoint
	for _, c := range p.Checkpoints {
		if c.To >= seq {
			extra = append(extra, c)
		}
	}
	// The scene file may have been renamed by hand: it is found by seq.
	for i, f := range h.Files {
		if f.Created() && strings.HasPrefix(f.Path, project.SceneDir+"/") && f.Path != scene.Path {
			h.Files[i].Path = scene.Path
		}
	}
	current, err := undoable(p, seq, h, extra)
	if err != nil {
		return err
	}
	tx, err := journal.Begin(p, seq)
	if err != nil {
		return err
	}
	defer tx.Abort() // a no-op once committed
	tx.Failpoint, tx.FS = a.failpoint, a.fs
	for _, f := range h.Files {
		if f.Created() {
			err = tx.Delete(f.Path)
		} else if before, berr := f.BeforeContent(current[f.Path]); berr != nil {
			err = berr
		} else {
			err = tx.Write(f.Path, before)
		}
		if err != nil {
			return err
		}
	}
	for _, c := range extra {
		if err := tx.Delete(c.Path); err != nil {
			return err
		}
	}
	if err := tx.Delete(journal.HistoryPath(seq)); err != nil {
		return err
	}
	return tx.Commit(undoneState(p, seq), false)
}

// undoable refuses an undo that would lose a person's work and returns the
// current content of every file the tick touched, read once.
func undoable(p *project.Project, seq int, h journal.History, extra []*project.Checkpoint) (map[string][]byte, error) {
	current := map[string][]byte{}
	for _, f := range h.Files {
		cur, err := os.ReadFile(filepath.Join(p.Dir, f.Path))
		if os.IsNotExist(err) {
			return nil, &UndoRefusedError{Seq: seq, Path: f.Path, Why: "was deleted after the tick wrote it; undo would bring it back",
				Hint: "restore it, or revert the tick's other changes by hand"}
		}
		if err != nil {
			return nil, err
		}
		if project.Hash(cur) != f.After {
			return nil, &UndoRefusedError{Seq: seq, Path: f.Path, Why: "was edited after the tick wrote it; undo would lose that edit",
				Hint: "to take the tick back, first put the file back as the tick wrote it; to keep your edit, keep the tick"}
		}
		current[f.Path] = cur
	}
	for _, c := range extra {
		if want, ok := p.State.Hashes[c.Path]; !ok || want != p.Loaded[c.Path] {
			return nil, &UndoRefusedError{Seq: seq, Path: c.Path, Why: "covers this scene and was written or edited by hand; undo would delete it",
				Hint: "move it aside, then retry"}
		}
	}
	return current, nil
}

// undoneState is the machine state once scene seq's tick is undone.
func undoneState(p *project.Project, seq int) project.State {
	st := p.State.Clone()
	if st.LastSeq == seq {
		st.LastSeq = seq - 1
	}
	st.Ticks = max(0, st.Ticks-1)
	st.Redrafts[seq]++
	delete(st.Derived, seq)
	if st.CheckpointedTo >= seq {
		st.CheckpointedTo = 0
		for _, c := range p.Checkpoints {
			if c.Level == 0 && c.To < seq {
				st.CheckpointedTo = max(st.CheckpointedTo, c.To)
			}
		}
	}
	for rel := range st.Hashes {
		if strings.HasPrefix(rel, project.StateDir+"/") {
			delete(st.Hashes, rel)
		}
	}
	p.RecordRenames(&st)
	return st
}
