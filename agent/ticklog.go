package agent

import (
	"bufio"
	"encoding/json"
	"path/filepath"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

// The tick log (.storyd/ticks.jsonl) keeps what only the tick knows, such
// as the strain tier of its writer pack, for `storyd report`.
type tickRecord struct {
	Seq       int    `json:"seq"`
	Strain    string `json:"strain"`
	Words     int    `json:"words"`
	ElapsedMS int64  `json:"elapsed_ms"`
}

func tickLog(dir string) *journal.LedgerFile {
	return &journal.LedgerFile{Path: filepath.Join(dir, project.StateDir, "ticks.jsonl"), Unsynced: true}
}

func (a *Agent) logTick(r *TickResult) {
	data, _ := json.Marshal(tickRecord{Seq: r.Seq, Strain: r.Strain.String(), Words: r.Words, ElapsedMS: r.Elapsed.Milliseconds()})
	if err := tickLog(a.Dir).Append(data); err != nil {
		a.logf("warning: tick log: %v", err)
	}
}

// Strains returns the strain tier of each tick's writer pack by seq.
func Strains(dir string) (map[int]string, error) {
	f, err := tickLog(dir).Open()
	if err != nil || f == nil {
		return map[int]string{}, err
	}
	defer f.Close()
	out := map[int]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r tickRecord
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			out[r.Seq] = r.Strain // a redone seq keeps its newest record
		}
	}
	return out, sc.Err()
}
