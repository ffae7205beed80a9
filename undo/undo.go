// Package undo takes one tick back from its undo record (.storyd/history/,
// journal.History): the files the tick created go, the files it changed
// get their content from before it, later checkpoints over its scene go
// too, all in one journal commit. A file edited by hand since the tick
// stops it (RefusedError), unless the edits are to be discarded: then a
// copy of the edited file is committed under .storyd/conflicts/ with the
// undo, so nothing a person wrote is lost without a copy.
package undo

import (
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

// RefusedError says undo would lose a hand edit: why, and what the
// person can do instead (Hint, "" when there is nothing to suggest).
type RefusedError struct {
	Seq       int
	Path      string
	Why, Hint string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("cannot undo scene %d: %s %s", e.Seq, e.Path, e.Why)
}

// Options are how one tick is taken back.
type Options struct {
	// Depth is generation.undo_depth, named when a record is missing.
	Depth int
	// DiscardEdits takes the tick back over hand edits of what it wrote;
	// the edited files are kept under SavedDir.
	DiscardEdits bool
	Failpoint    func(string)
	FS           journal.FS
}

// Result is one tick taken back.
type Result struct {
	Seq int
	// Saved lists the copies of hand-edited files kept under .storyd/
	// conflicts/ (DiscardEdits), as paths in the project.
	Saved []string
}

// SavedDir is where a discarding undo of scene seq keeps the edited files
// (by their paths in the project).
func SavedDir(seq int) string {
	return fmt.Sprintf("%s/conflicts/undo-%06d", project.StateDir, seq)
}

// keptSaves bounds .storyd/conflicts/: the edits discarded by the newest
// keptSaves undos are kept, older ones go with the next discarding undo.
const keptSaves = 10

// Tick takes back the tick that wrote scene seq, whose file scene is now
// (nil: deleted by hand, only with DiscardEdits).
func Tick(p *project.Project, seq int, scene *project.Scene, o Options) (Result, error) {
	res := Result{Seq: seq}
	h, ok, err := journal.LoadHistory(p.Dir, seq)
	if err != nil {
		return res, err
	}
	if !ok {
		return res, &RefusedError{Seq: seq, Path: fmt.Sprintf("scene %d", seq), Why: fmt.Sprintf("has no undo record (written by hand, before storyd kept history, or more than generation.undo_depth = %d ticks ago)", o.Depth)}
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
		if scene != nil && f.Created() && strings.HasPrefix(f.Path, project.SceneDir+"/") && f.Path != scene.Path {
			h.Files[i].Path = scene.Path
		}
	}
	current, edited, err := undoable(p, seq, h, extra, o.DiscardEdits)
	if err != nil {
		return res, err
	}
	tx, err := journal.Begin(p, seq)
	if err != nil {
		return res, err
	}
	defer tx.Abort() // a no-op once committed
	tx.Failpoint, tx.FS = o.Failpoint, o.FS
	if len(edited) > 0 {
		if res.Saved, err = save(tx, p, seq, edited); err != nil {
			return res, err
		}
	}
	for _, f := range h.Files {
		cur, there := current[f.Path]
		switch {
		case !there: // created, and deleted by hand since
		case f.Created():
			err = tx.Delete(f.Path)
		default:
			var before []byte
			if before, err = f.BeforeContent(cur); err == nil {
				err = tx.Write(f.Path, before)
			}
		}
		if err != nil {
			return res, err
		}
	}
	for _, c := range extra {
		if err := tx.Delete(c.Path); err != nil {
			return res, err
		}
	}
	if err := tx.Delete(journal.HistoryPath(seq)); err != nil {
		return res, err
	}
	if err := tx.Commit(undoneState(p, seq), false); err != nil {
		return res, err
	}
	removeEmptyDirs(filepath.Join(p.Dir, project.StateDir, "conflicts"))
	return res, nil
}

// undoable refuses an undo that would lose a person's work and returns the
// current content of every file the tick touched that is still there, read
// once, and the edited files whose edits are discarded (path -> content).
func undoable(p *project.Project, seq int, h journal.History, extra []*project.Checkpoint, discard bool) (current, edited map[string][]byte, err error) {
	current, edited = map[string][]byte{}, map[string][]byte{}
	for _, f := range h.Files {
		cur, err := os.ReadFile(filepath.Join(p.Dir, f.Path))
		if os.IsNotExist(err) && discard && f.Created() {
			continue // gone already, as undo would leave it
		}
		if os.IsNotExist(err) {
			return nil, nil, &RefusedError{Seq: seq, Path: f.Path, Why: "was deleted after the tick wrote it; undo would bring it back",
				Hint: "restore it, or revert the tick's other changes by hand"}
		}
		if err != nil {
			return nil, nil, err
		}
		if project.Hash(cur) != f.After {
			if !discard {
				return nil, nil, &RefusedError{Seq: seq, Path: f.Path, Why: "was edited after the tick wrote it; undo would lose that edit",
					Hint: "to take the tick back and discard the edit (a copy is kept), add --discard-edits; to keep your edit, keep the tick"}
			}
			if !f.Created() {
				// The record turns only the tick's own version back: with
				// lines added or removed by hand, its "first k lines" are
				// other lines.
				return nil, nil, &RefusedError{Seq: seq, Path: f.Path, Why: "was edited after the tick changed it; its undo record turns back only the tick's own version, so storyd cannot tell what it held before the tick",
					Hint: "take your edit of it out by hand and retry, or keep the tick (--discard-edits discards edits only of files the tick created: its scene, a new sheet)"}
			}
			edited[f.Path] = cur
		}
		current[f.Path] = cur
	}
	for _, c := range extra {
		if want, ok := p.State.Hashes[c.Path]; !ok || want != p.Loaded[c.Path] {
			if discard {
				if edited[c.Path], err = os.ReadFile(filepath.Join(p.Dir, c.Path)); err != nil {
					return nil, nil, err
				}
				continue
			}
			return nil, nil, &RefusedError{Seq: seq, Path: c.Path, Why: "covers this scene and was written or edited by hand; undo would delete it",
				Hint: "move it aside, then retry (or add --discard-edits: a copy is kept)"}
		}
	}
	return current, edited, nil
}

// save stages a copy of each edited file under SavedDir(seq), replacing an
// earlier discard of the same scene and dropping those beyond the newest
// keptSaves, and returns the copies' paths.
func save(tx *journal.Tx, p *project.Project, seq int, edited map[string][]byte) ([]string, error) {
	dir := SavedDir(seq)
	olds, err := oldSaves(p.Dir, dir)
	if err != nil {
		return nil, err
	}
	for _, old := range olds {
		if err := deleteTree(tx, p.Dir, old); err != nil {
			return nil, err
		}
	}
	var saved []string
	for _, rel := range slices.Sorted(maps.Keys(edited)) {
		to := path.Join(dir, rel)
		if err := tx.Write(to, edited[rel]); err != nil {
			return nil, err
		}
		saved = append(saved, to)
	}
	return saved, nil
}

// oldSaves lists the saved discards to drop before saving into dir: dir
// itself (replaced whole) and those beyond the newest keptSaves-1 others,
// newest by modification time, then by name.
func oldSaves(root, dir string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, project.StateDir, "conflicts"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	type saveDir struct {
		rel  string
		unix int64
	}
	var others []saveDir
	var drop []string
	for _, e := range entries {
		rel := path.Join(project.StateDir, "conflicts", e.Name())
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "undo-") {
			continue
		}
		if rel == dir {
			drop = append(drop, rel)
			continue
		}
		info, err := e.Info()
		if err != nil {
			return nil, err
		}
		others = append(others, saveDir{rel, info.ModTime().UnixNano()})
	}
	slices.SortFunc(others, func(a, b saveDir) int {
		return cmp.Or(cmp.Compare(b.unix, a.unix), strings.Compare(b.rel, a.rel))
	})
	for i, o := range others {
		if i >= keptSaves-1 {
			drop = append(drop, o.rel)
		}
	}
	return drop, nil
}

// deleteTree stages the removal of every file under rel.
func deleteTree(tx *journal.Tx, root, rel string) error {
	return filepath.WalkDir(filepath.Join(root, rel), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		r, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		return tx.Delete(filepath.ToSlash(r))
	})
}

// removeEmptyDirs removes the directories a dropped save left empty; one
// left by a crash is harmless and goes with the next undo.
func removeEmptyDirs(dir string) {
	var dirs []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i]) // fails, as it should, on a directory with files
	}
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
