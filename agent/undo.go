package agent

import (
	"context"
	"fmt"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/undo"
)

// Undo takes back the last n ticks, newest first, one atomic commit per
// tick (see package undo). It refuses (changing nothing further) when a
// file a tick wrote has since been edited by hand, since reverting it would
// lose that edit, unless discard is set: then the edited files are kept
// under .storyd/conflicts/ and the ticks are taken back all the same.
func (a *Agent) Undo(ctx context.Context, n int, discard bool) ([]undo.Result, error) {
	lock, err := a.lockRecovered(ctx)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	o := undo.Options{Depth: a.Config.Generation.UndoDepth, DiscardEdits: discard, Failpoint: a.failpoint, FS: a.fs}
	var undone []undo.Result
	for i := 0; i < n; i++ {
		p, err := a.loadProject()
		if err != nil {
			return undone, err
		}
		var scene *project.Scene
		seq := 0
		if len(p.Scenes) > 0 {
			scene = p.Scenes[len(p.Scenes)-1]
			seq = scene.Seq
		}
		if newest := p.NextSeq() - 1; newest > seq {
			if _, ok, _ := journal.LoadHistory(p.Dir, newest); ok {
				if !discard {
					return undone, &undo.RefusedError{Seq: newest, Path: fmt.Sprintf("scene %d", newest),
						Why:  "was deleted by hand; undo reverts ticks newest first and cannot revert the later memory changes of a scene that is gone",
						Hint: "add --discard-edits to take back the rest of its tick too, or edit threads.md and the sheets by hand instead"}
				}
				seq, scene = newest, nil
			}
		}
		if seq == 0 {
			if i == 0 {
				return nil, fmt.Errorf("nothing to undo: the project has no scenes")
			}
			break
		}
		res, err := undo.Tick(p, seq, scene, o)
		if err != nil {
			return undone, err
		}
		undone = append(undone, res)
	}
	return undone, nil
}
