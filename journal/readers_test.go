package journal

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

// Readers (export, validate, status) take no project lock, yet see one
// committed state: never a scene without the thread it opened, and never a
// file listed then gone ("missing frontmatter"). A writer commits a tick
// and reverts it (as undo does), over and over, while readers load.
// Before the commit lock, about 1 load in 100 saw a half-applied commit.
func TestReadersSeeOneCommittedState(t *testing.T) {
	dir := mdfixture.Project(t)
	cfg := config.Default()
	const rounds = 25
	var done atomic.Bool
	var loads, bad atomic.Int64
	var firstBad atomic.Value
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !done.Load() {
				p, err := Load(dir, cfg)
				loads.Add(1)
				msg := ""
				if err != nil {
					msg = err.Error()
				} else if hasScene3, hasT3 := len(p.Scenes) == 3, len(p.Threads) == 3; hasScene3 != hasT3 {
					msg = "scene 3 and thread t3 disagree: a half-applied commit"
				}
				if msg != "" {
					bad.Add(1)
					firstBad.CompareAndSwap(nil, msg)
				}
			}
		}()
	}
	threads0 := "# Threads\n\n## Open\n- t1: Who? (opened 1)\n\n## Resolved\n- t2: Done (opened 1, resolved 2)\n"
	threads1 := strings.Replace(threads0, "\n\n## Resolved", "\n- t3: Why? (opened 3)\n\n## Resolved", 1)
	for i := 0; i < rounds; i++ {
		for _, add := range []bool{true, false} {
			p, err := Load(dir, cfg)
			if err != nil {
				t.Fatal(err)
			}
			tx, err := Begin(p, 3)
			if err != nil {
				t.Fatal(err)
			}
			if add {
				err = tx.Write("scenes/0003-three.md", []byte(mdfixture.Scene(3, "Three", "Third scene.")))
				if err == nil {
					err = tx.Write(project.ThreadsFile, []byte(threads1))
				}
			} else {
				err = tx.Delete("scenes/0003-three.md")
				if err == nil {
					err = tx.Write(project.ThreadsFile, []byte(threads0))
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(p.State.Clone(), false); err != nil {
				t.Fatal(err)
			}
		}
	}
	done.Store(true)
	wg.Wait()
	if bad.Load() > 0 {
		t.Fatalf("%d of %d loads during commits saw no committed state; first: %v", bad.Load(), loads.Load(), firstBad.Load())
	}
	t.Logf("%d loads during %d commits, all consistent", loads.Load(), 2*rounds)
}
