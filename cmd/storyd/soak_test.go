package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/validate"
)

var soakKills = flag.Int("soak", 0, "run TestSoak with this many random kills (figures in docs/HARDENING.md)")

// TestSoak (behind -soak N, not in the default suite) kills tick, undo,
// checkpoint and reindex at random instants, half of them also failing
// commit writes and fsyncs at random (STORYD_IOFAULT), and after each kill
// runs `tick --to-tick` as the next cron run would, then checks the
// project. It reports corrupt projects, answers paid twice (a request
// repeated although a later answer had been delivered before the kill),
// answers repeated in flight at the kill, and temp files left behind.
//
//	go test ./cmd/storyd -run TestSoak -soak 200 -v -timeout 60m
func TestSoak(t *testing.T) {
	if *soakKills == 0 {
		t.Skip("soak: go test ./cmd/storyd -run TestSoak -soak 200 -v -timeout 60m")
	}
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	dir := copyExample(t)
	rng := rand.New(rand.NewPCG(2026, 15))
	run := func(env []string, args ...string) ([]byte, error) {
		return child(t, srv.URL, dir, env, args...).CombinedOutput()
	}
	target := 3
	if out, err := run(nil, "tick", "--to-tick", "3"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var corrupt, paidTwice, inFlight, temps, faulted, finished int
	ops := map[string]int{}
	reach := map[string]time.Duration{} // per command: how late a kill may land (nextReach)
	for k := 0; k < *soakKills; k++ {
		op := []string{"tick", "undo", "checkpoint", "reindex"}[rng.IntN(4)]
		args := []string{op}
		switch op {
		case "tick":
			target = min(target+1, 40)
			args = append(args, "--to-tick", fmt.Sprint(target))
		case "checkpoint":
			args = append(args, "--force")
		}
		var env []string
		if rng.IntN(2) == 0 {
			env = []string{"STORYD_IOFAULT=0.03"}
			faulted++
		}
		ops[op]++
		cmd := child(t, srv.URL, dir, env, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if reach[op] == 0 {
			reach[op] = 200 * time.Millisecond
		}
		time.Sleep(time.Duration(rng.Int64N(int64(reach[op])))) // where the kill lands, not an assertion
		f.mu.Lock()
		last := f.delivered // the newest answer the killed run may have received
		f.mu.Unlock()
		cmd.Process.Kill()
		cmd.Wait()
		reach[op] = nextReach(reach[op], cmd.ProcessState.Exited())
		if cmd.ProcessState.Exited() {
			finished++ // it ended (done, or failed by an injected fault) before the kill
		}
		before := len(f.repeats)
		out, err := run(nil, "tick", "--to-tick", fmt.Sprint(target))
		// One call at a time, each answer cached before the next request:
		// only the answer in flight at the kill (or a later one) may repeat.
		for _, n := range f.repeats[before:] {
			if n < last {
				paidTwice++
			} else {
				inFlight++
			}
		}
		n, left, cerr := soakCheck(dir, target)
		temps += left
		if err != nil || cerr != nil {
			corrupt++
			t.Errorf("kill %d (%v, faults %v): next run %v, check %v\n%s", k, args, env != nil, err, cerr, out)
			dir = copyExample(t) // go on with a fresh project
			target = 3
			if out, err := run(nil, "tick", "--to-tick", "3"); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			continue
		}
		if out, err := run(nil, "validate", "--deep"); err != nil {
			corrupt++
			t.Errorf("kill %d (%v): validate --deep after the next run: %v\n%s", k, args, err, out)
		}
		_ = n
	}
	t.Logf("soak: %d kills (%v; %d with I/O faults, %d ended before the kill; kill windows at the end %v), %d requests: %d corrupt projects, %d answers paid twice, %d repeated in flight (in flight at a kill), %d temp files left",
		*soakKills, ops, faulted, finished, reach, f.requested, corrupt, paidTwice, inFlight, temps)
}

// soakCheck checks the invariants after a completed run without stopping
// the soak: the project loads and validates, seq runs 1..want, storyd's
// scenes are recorded as its own, no journal is left. It returns the temp
// files left behind (and removes them, so each is counted once).
func soakCheck(dir string, want int) (int, int, error) {
	left := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(d.Name(), ".tmp-") {
			left++
			os.Remove(path)
		}
		return nil
	})
	cfg, err := config.Load(dir, func(string) string { return "" })
	if err != nil {
		return 0, left, err
	}
	p, err := journal.Load(dir, cfg)
	if err != nil {
		return 0, left, err
	}
	if probs := validate.Project(p); len(probs) > 0 {
		return 0, left, probs
	}
	for i, s := range p.Scenes {
		if s.Seq != i+1 || s.Edited {
			return 0, left, fmt.Errorf("scene %s: seq %d, edited %v", s.Path, s.Seq, s.Edited)
		}
	}
	if len(p.Scenes) != want {
		return 0, left, fmt.Errorf("%d scenes; want %d", len(p.Scenes), want)
	}
	if _, err := os.Stat(filepath.Join(dir, ".storyd/journal")); !errors.Is(err, os.ErrNotExist) {
		return 0, left, errors.New("journal left after a completed run")
	}
	return len(p.Scenes), left, nil
}
