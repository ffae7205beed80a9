package agent

import (
	"fmt"
	"strings"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/inplace"
)

// BookCompleteError stops a tick before any model call: the last beat of
// the outline is done, or (without an outline) the target is reached with
// every thread resolved, or the book ran a chapter past its target. It is
// how a run ends, not a failure: `storyd tick` prints it and exits 0.
type BookCompleteError struct{ Progress progress.Book }

func (e *BookCompleteError) Error() string {
	g := e.Progress
	msg := fmt.Sprintf("the book is complete: %s (%s)", g.Ending, g.Summary())
	if len(g.Unfinished) > 0 {
		var ids []string
		for _, b := range g.Unfinished {
			ids = append(ids, b.ID())
		}
		msg += "; beats not done: " + strings.Join(ids, ", ")
	}
	if len(g.LeftOpen) > 0 {
		var ids []string
		for _, t := range g.LeftOpen {
			ids = append(ids, t.ID)
		}
		msg += "; threads left open: " + strings.Join(ids, ", ")
	}
	return msg
}

// checkEnding refuses to start a tick on a complete book, unless the
// person asked to go on (--continue-past-end; raising target_words or
// adding beats goes on too).
func (a *Agent) checkEnding(p *project.Project) error {
	if a.ContinuePastEnd {
		return nil
	}
	if g := progress.Of(p); g.Complete {
		return &BookCompleteError{Progress: g}
	}
	return nil
}

// chapterOf is the outline chapter a scene made for plan belongs to: the
// chapter of the beat it serves; past the end of the outline, the last
// chapter. 0 without an outline.
func chapterOf(p *project.Project, plan *project.Plan) int {
	o := p.Outline
	if o == nil {
		return 0
	}
	for _, b := range o.Beats {
		if b.ID() == plan.Beat {
			return b.Chapter
		}
	}
	if cur := o.Current(); cur != nil {
		return cur.Chapter
	}
	return o.Chapters[len(o.Chapters)-1].Num
}

// stageOutline records what the plan says about the book's shape: the
// served beat's box is ticked in outline.md (in place) when the scene
// completes it, the advanced threads get this scene as their last
// advance, and the planner's scratchpad replaces the previous one.
func (a *Agent) stageOutline(ts *tickState, tx *journal.Tx, plan *project.Plan, st *project.State) error {
	if st.ThreadAdvanced == nil {
		st.ThreadAdvanced = map[string]int{}
	}
	for _, id := range plan.ThreadsAdvanced {
		st.ThreadAdvanced[id] = ts.seq
	}
	if plan.Scratchpad != "" {
		st.Scratchpad = plan.Scratchpad
	}
	if plan.CompletesBeat && plan.BeatText != "" && ts.p.Outline != nil {
		return tx.Edit(outline.File, inplace.Edit{Beats: []outline.BeatCheck{{Text: plan.BeatText, Scene: ts.seq}}})
	}
	return nil
}
