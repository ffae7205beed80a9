package agent

import (
	"time"

	"github.com/storyd/storyd/llm"
)

// Event says what a running tick is doing, for a progress display. Events
// come from the goroutine running the tick, one at a time.
type Event struct {
	Seq   int    // the scene being made
	N, Of int    // this is tick N of the run's Of (Of 0: unknown)
	Phase string // planning, writing, extracting, checkpoint summary, arc roll-up
	// While writing: what has streamed so far and when the stream's first
	// chunk came, so a rate is measured from the stream's own start.
	Words, Tokens int
	StreamStart   time.Time
	// Retry is set when a call waits before trying again.
	Retry *llm.Retry
}

// phaseOf names what a call of role does.
func phaseOf(role string) string {
	switch role {
	case "planner":
		return "planning"
	case "writer":
		return "writing"
	case "extractor":
		return "extracting"
	case "checkpoint":
		return "checkpoint summary"
	case "rollup":
		return "arc roll-up"
	}
	return role
}

func (a *Agent) emit(ts *tickState, ev Event) {
	if a.Progress == nil {
		return
	}
	ev.Seq, ev.N, ev.Of = ts.seq, a.pos.n, a.pos.of
	a.Progress(ev)
}
