package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/project"
)

// keptFailures bounds .storyd/failures.json: enough to tell one bad night
// from a pattern, and a file that never grows.
const keptFailures = 5

// Failure is one failed tick, as `storyd status` lists it.
type Failure struct {
	Time   time.Time `json:"time"`
	Tick   int       `json:"tick"` // the scene the tick was writing; 0 before it knew
	Reason string    `json:"reason"`
	Hint   string    `json:"hint,omitempty"`
}

func failuresPath(dir string) string {
	return filepath.Join(dir, project.StateDir, "failures.json")
}

// recordFailure puts a failed tick at the head of .storyd/failures.json,
// keeping the newest keptFailures. The reason and hint are the CLI's
// (Agent.Explain), so status repeats what the failing run printed. A
// failure to record is only a warning: the tick's own error matters more.
func (a *Agent) recordFailure(seq int, err error) {
	f := Failure{Time: a.now().UTC(), Tick: seq, Reason: err.Error()}
	if a.Explain != nil {
		f.Reason, f.Hint = a.Explain(err)
	}
	// A key in a base URL stays out of .storyd/.
	f.Reason, f.Hint = llm.RedactURLs(f.Reason), llm.RedactURLs(f.Hint)
	old, rerr := Failures(a.Dir)
	if rerr != nil {
		a.logf("warning: %v; starting the failure list afresh", rerr)
	}
	list := append([]Failure{f}, old...)
	if len(list) > keptFailures {
		list = list[:keptFailures]
	}
	data, _ := json.MarshalIndent(list, "", "  ")
	if werr := journal.WriteFileAtomic(failuresPath(a.Dir), append(data, '\n'), 0o644); werr != nil {
		a.logf("warning: recording the failure: %v", werr)
	}
}

// Failures reads the recent failed ticks, newest first.
func Failures(dir string) ([]Failure, error) {
	data, err := os.ReadFile(failuresPath(dir))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []Failure
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("%s: %v (it only lists recent failures for status: delete it)", failuresPath(dir), err)
	}
	return list, nil
}
