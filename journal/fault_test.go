package journal

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

// contentSnapshot hashes every file outside .storyd/.
func contentSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r := rel(dir, path)
		if d.IsDir() && r == project.StateDir {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			data, _ := os.ReadFile(path)
			out[r] = project.Hash(data)
		}
		return nil
	})
	return out
}

const threadsBase = "# Threads\n\n## Open\n- t1: Who? (opened 1)\n\n## Resolved\n- t2: Done (opened 1, resolved 2)\n"

// addScene is a tick's commit: a new scene, a thread, its undo record.
func addScene(tx *Tx, p *project.Project) error {
	if err := tx.Write("scenes/0003-three.md", []byte(mdfixture.Scene(3, "Three", "Third scene."))); err != nil {
		return err
	}
	if err := tx.Write(project.ThreadsFile, []byte(strings.Replace(threadsBase, "\n\n## Resolved", "\n- t3: Why? (opened 3)\n\n## Resolved", 1))); err != nil {
		return err
	}
	st := p.State.Clone()
	st.LastSeq, st.Ticks = 3, st.Ticks+1
	return tx.Commit(st, true)
}

// removeScene is an undo's commit: the scene deleted, the thread reverted.
func removeScene(tx *Tx, p *project.Project) error {
	if err := tx.Delete("scenes/0003-three.md"); err != nil {
		return err
	}
	if err := tx.Write(project.ThreadsFile, []byte(threadsBase)); err != nil {
		return err
	}
	if err := tx.Delete(HistoryPath(3)); err != nil {
		return err
	}
	st := p.State.Clone()
	st.LastSeq = 2
	return tx.Commit(st, false)
}

// commitWith runs one commit in dir through fsys.
func commitWith(t *testing.T, dir string, fsys FS, commit func(*Tx, *project.Project) error) error {
	t.Helper()
	p, tx := beginTick(t, dir)
	tx.FS = fsys
	err := commit(tx, p)
	if err != nil {
		tx.Abort()
	}
	return err
}

// An I/O error at every write, fsync, rename and removal of a commit in
// turn (as SQLite's tests do): after the next start's recovery the project
// is exactly as before the commit or exactly as after it, state.json agrees
// with the files, and no journal or temp file is left.
func TestIOErrorAtEveryStepOfACommit(t *testing.T) {
	for _, c := range []struct {
		name   string
		setup  func(t *testing.T, dir string)
		commit func(*Tx, *project.Project) error
	}{
		{"tick", func(*testing.T, string) {}, addScene},
		{"undo", func(t *testing.T, dir string) {
			if err := commitWith(t, dir, nil, addScene); err != nil {
				t.Fatal(err)
			}
		}, removeScene},
	} {
		ref := mdfixture.Project(t)
		c.setup(t, ref)
		before := contentSnapshot(t, ref)
		if err := commitWith(t, ref, nil, c.commit); err != nil {
			t.Fatal(err)
		}
		after := contentSnapshot(t, ref)
		steps, sawBefore, sawAfter := 0, 0, 0
		for k := 1; ; k++ {
			dir := mdfixture.Project(t)
			c.setup(t, dir)
			n, hit := 0, ""
			fsys := &FaultFS{Fail: func(op, path string) error {
				if n++; n == k {
					hit = op + " " + rel(dir, path)
					return syscall.EIO
				}
				return nil
			}}
			err := commitWith(t, dir, fsys, c.commit)
			if hit == "" {
				steps = k - 1
				break
			}
			if !errors.Is(err, syscall.EIO) {
				t.Fatalf("%s: EIO at %s: commit returned %v", c.name, hit, err)
			}
			// The next start: recovery, then a reader.
			if _, err := Recover(dir); err != nil {
				t.Fatalf("%s: EIO at %s: recovery failed: %v", c.name, hit, err)
			}
			p, err := Load(dir, config.Default())
			if err != nil {
				t.Fatalf("%s: EIO at %s: project does not load: %v", c.name, hit, err)
			}
			for _, s := range p.Scenes {
				if s.Seq == 3 && s.Edited { // the commit's own scene must not look hand-edited
					t.Fatalf("%s: EIO at %s: state.json disagrees with %s", c.name, hit, s.Path)
				}
			}
			switch got := contentSnapshot(t, dir); {
			case maps.Equal(got, before):
				sawBefore++
			case maps.Equal(got, after):
				sawAfter++
			default:
				t.Fatalf("%s: EIO at %s: the files are neither as before nor as after the commit:\n%v", c.name, hit, got)
			}
			if _, err := os.Stat(filepath.Join(dir, journalDir)); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s: EIO at %s: journal left after recovery", c.name, hit)
			}
		}
		if steps < 20 || sawBefore == 0 || sawAfter == 0 {
			t.Fatalf("%s: %d steps, %d left as before, %d as after: the injection missed the commit", c.name, steps, sawBefore, sawAfter)
		}
		t.Logf("%s: EIO injected at each of %d steps: %d recovered as before, %d as after", c.name, steps, sawBefore, sawAfter)
	}
}
