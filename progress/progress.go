// Package progress says where a book stands: words against its target,
// beats against its outline, the final stretch, whether it is complete,
// and which open threads have gone idle. The planner, the extractor, the
// tick's end-of-book check, status and the report read it; it is computed
// from a loaded project, never stored.
package progress

import (
	"fmt"
	"strings"

	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
)

// IdleThreadScenes is how many scenes an open thread may go without being
// opened or advanced before the planner is told it is at risk.
const IdleThreadScenes = 8

// Pace says whether the outline's beats keep up with the word count.
type Pace int

// Paces: behind means the words have run ahead of the beats (the next
// scene must complete its beat), ahead means the beats have run ahead of
// the words (the next scene must not complete its beat yet).
const (
	OnPace Pace = iota
	Behind
	Ahead
)

func (p Pace) String() string {
	switch p {
	case Behind:
		return "behind"
	case Ahead:
		return "ahead"
	}
	return "on pace"
}

// Book is where the book stands: words against target_words, beats
// against the outline, the final stretch, and whether the book is done.
type Book struct {
	Words, Target int
	Beats, Done   int // outline beats; 0 without an outline
	Current       *outline.Beat
	Chapter       *outline.Chapter // the current beat's chapter
	Next          []*outline.Beat  // the beat or two after the current one
	Pace          Pace
	Lag           float64 // beats expected by the word count minus beats done
	Final         bool    // the book's last part: resolve threads, open none
	Complete      bool
	Ending        string           // why the book is complete
	LeftOpen      []project.Thread // open threads when the book is complete
	Unfinished    []*outline.Beat  // beats not done when the book ended past its target
}

// Share is the share of the book done: beats done with an outline, words
// against the target without; 0 when neither is known.
func (g Book) Share() float64 {
	switch {
	case g.Beats > 0:
		return float64(g.Done) / float64(g.Beats)
	case g.Target > 0:
		return float64(g.Words) / float64(g.Target)
	}
	return 0
}

// Of computes where p's book stands.
func Of(p *project.Project) Book {
	g := Book{Words: p.Words(), Target: p.Story.TargetWords}
	over := 0 // how far past the target a book may run: one chapter
	if o := p.Outline; o != nil {
		g.Beats, g.Done, g.Current, g.Next = len(o.Beats), o.DoneCount(), o.Current(), o.Upcoming(2)
		if g.Current != nil {
			g.Chapter = o.Chapter(g.Current.Chapter)
		}
		g.Final = o.InFinalPart(g.Chapter)
		if g.Target > 0 {
			over = g.Target / len(o.Chapters)
			g.Lag = float64(g.Words)/float64(g.Target)*float64(g.Beats) - float64(g.Done)
			switch {
			case g.Lag >= 1 || g.Words >= g.Target:
				g.Pace = Behind
			case g.Lag <= -1:
				g.Pace = Ahead
			}
		}
		if o.Complete() {
			g.Complete, g.Ending = true, "every beat of the outline is done"
		}
	} else if g.Target > 0 {
		over = g.Target / 10
		g.Final = g.Words >= g.Target*4/5
		if g.Words >= g.Target && len(p.OpenThreads()) == 0 {
			g.Complete, g.Ending = true, fmt.Sprintf("the book reached its target of %d words with every thread resolved", g.Target)
		}
	}
	if !g.Complete && g.Target > 0 && g.Words >= g.Target+over {
		g.Complete = true
		g.Ending = fmt.Sprintf("the book passed its target of %d words by more than a chapter (%d words)", g.Target, g.Words)
		if p.Outline != nil {
			for _, b := range p.Outline.Beats {
				if !b.Done {
					g.Unfinished = append(g.Unfinished, b)
				}
			}
		}
	}
	if g.Complete {
		g.LeftOpen = p.OpenThreads()
	}
	return g
}

// Summary is one line for status and the tick's "complete" message.
func (g Book) Summary() string {
	var b strings.Builder
	if g.Target > 0 {
		fmt.Fprintf(&b, "%d of %d words, %d%%", g.Words, g.Target, 100*g.Words/g.Target)
	} else {
		fmt.Fprintf(&b, "%d words", g.Words)
	}
	if g.Beats > 0 {
		fmt.Fprintf(&b, ", %d of %d beats", g.Done, g.Beats)
	}
	return b.String()
}

// LastAdvanced is the scene that last opened or advanced a thread.
func LastAdvanced(p *project.Project, t project.Thread) int {
	return max(t.Opened, p.State.ThreadAdvanced[t.ID])
}

// AtRisk returns whether an open thread has been idle long enough that
// the planner should pick it up (or resolve it) before it is forgotten.
// The next seq is taken once (a pass over the scenes), not for each of
// the threads a caller asks about.
func AtRisk(p *project.Project) func(t project.Thread) bool {
	next := p.NextSeq()
	return func(t project.Thread) bool {
		return t.Resolved == 0 && next-LastAdvanced(p, t) > IdleThreadScenes
	}
}
