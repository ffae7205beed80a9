package agent

import (
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/project"
)

// keptFailures bounds .storyd/failures.json: enough to tell one bad night
// from a pattern, and a file that never grows.
const keptFailures = 5

// recordFailure puts a failed tick at the head of .storyd/failures.json.
// The reason and hint are the CLI's (Agent.Explain), so status repeats
// what the failing run printed. A failure to record is only a warning:
// the tick's own error matters more.
func (a *Agent) recordFailure(seq int, err error) {
	f := project.Failure{Time: a.now().UTC(), Tick: seq, Reason: err.Error()}
	if a.Explain != nil {
		f.Reason, f.Hint = a.Explain(err)
	}
	// A key in a base URL stays out of .storyd/.
	f.Reason, f.Hint = llm.RedactURLs(f.Reason), llm.RedactURLs(f.Hint)
	if err := journal.NewFailuresFile(a.Dir).Add(f, keptFailures); err != nil {
		a.logf("warning: recording the failure: %v", err)
	}
}
