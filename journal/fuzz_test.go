package journal

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/textfile"
	"github.com/storyd/storyd/validate"
)

// FuzzCommitRecord: a commit record of any bytes is a JournalError or a
// record whose every operation stays inside the project and names a file
// the journal staged (a damaged record never moves a file from elsewhere).
func FuzzCommitRecord(f *testing.F) {
	good, _ := json.Marshal(CommitRecord{Tick: 3, Ops: []Op{{Path: "scenes/0003-x.md", Staged: "staged/000"}, {Path: "threads.md", Delete: true}}, State: json.RawMessage(`{"version":1}`)})
	for _, s := range [][]byte{good, seal(good), []byte("x7#Q9!k2Zp@vL0"), []byte(sealPrefix + "00\n{}"),
		[]byte(`{"ops":[{"path":"../etc/passwd","staged":"staged/000"}]}`),
		[]byte(`{"ops":[{"path":"story.md","staged":"../../../../etc/passwd"}]}`), []byte("null"), []byte(`{"state":7}`)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := parseCommit(data)
		var je *JournalError
		if err != nil {
			if !errors.As(err, &je) {
				t.Fatalf("%q: error %v is not a JournalError", data, err)
			}
			return
		}
		for _, op := range rec.Ops {
			if project.CheckPath(op.Path) != nil || !op.Delete && !stagedRE.MatchString(op.Staged) {
				t.Fatalf("%q: accepted op %+v", data, op)
			}
		}
	})
}

// FuzzStateRecord: a state.json of any bytes loads or is a problem that
// names state.json; it never panics nor makes Load fail some other way.
func FuzzStateRecord(f *testing.F) {
	for _, s := range []string{`{"version":1,"last_seq":2,"hashes":{"scenes/0001-one.md":"00"}}`, `{"hashes":null,"derived":{"1":{}}}`,
		`{"deleted":[-1,0,99999999999]}`, `{"redrafts":{"x":1}}`, `[]`, ``, `{"last_seq":-5,"ticks":1e309}`, "\x00"} {
		f.Add([]byte(s))
	}
	dir := mdfixture.Project(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.MkdirAll(filepath.Join(dir, project.StateDir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, project.StateFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Load(dir, config.Default())
		var pr textfile.Problem
		var prs textfile.Problems
		switch {
		case err == nil:
			if p.State.Hashes == nil {
				t.Fatalf("%q: loaded with nil hashes", data)
			}
			validate.Project(p)
			Check(dir, p)
		case errors.As(err, &prs):
		case errors.As(err, &pr) && pr.Path == project.StateFile:
		default:
			t.Fatalf("%q: %v", data, err)
		}
	})
}
