package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/validate"
)

// child runs this test binary as storyd against the fake server.
func child(t *testing.T, url, dir string, extraEnv []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-p", dir}, args...)...)
	cmd.Env = append(os.Environ(), "STORYD_TEST_MAIN=1", "OPENAI_BASE_URL="+url+"/v1", "OPENAI_API_KEY=test-key",
		"STORYD_LLM=openai", "STORYD_MODEL=fake-model", "STORYD_FAILPOINT=")
	cmd.Env = append(cmd.Env, extraEnv...)
	return cmd
}

func copyExample(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lamp")
	if err := os.CopyFS(dir, os.DirFS("../../projects/example")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkProject asserts the invariants a crash must never break.
func checkProject(t *testing.T, dir string) int {
	t.Helper()
	cfg, err := config.Load(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatalf("project does not load: %v", err)
	}
	if probs := validate.Project(p); len(probs) > 0 {
		t.Fatalf("project does not validate: %v", probs)
	}
	for i, s := range p.Scenes {
		if s.Seq != i+1 {
			t.Fatalf("scene %d has seq %d; want 1..N without gaps", i+1, s.Seq)
		}
		if s.Edited {
			t.Fatalf("%s looks hand-edited: storyd's own write was not recorded", s.Path)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".storyd/journal")); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("journal left behind after a completed run")
	}
	// Entity files are the example's own or a committed tick's: none from a
	// killed tick, and every sheet a scene names exists.
	for _, sub := range []string{"characters", "locations"} {
		entries, _ := os.ReadDir(filepath.Join(dir, sub))
		for _, e := range entries {
			rel := sub + "/" + e.Name()
			if _, err := os.Stat(filepath.Join("../../projects/example", rel)); err == nil {
				continue
			}
			if _, ok := p.State.Hashes[rel]; !ok && strings.HasSuffix(rel, ".md") {
				t.Fatalf("%s is not from any committed tick", rel)
			}
		}
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".tmp-") {
			t.Fatalf("temp file left behind: %s", path)
		}
		return nil
	})
	return len(p.Scenes)
}

func TestKilledAtEveryFailpoint(t *testing.T) {
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	points := []string{"after-begin", "after-plan", "after-write", "after-extract", "before-commit",
		"before-commit-record", "after-commit-record", "mid-apply", "before-state", "before-journal-cleanup",
		"after-commit", "before-checkpoint"}
	dir := copyExample(t)
	for i, point := range points {
		cmd := child(t, srv.URL, dir, []string{"STORYD_FAILPOINT=" + point}, "tick", "-n", "1")
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("failpoint %s: want the child killed, got %v\n%s", point, err, out)
		}
		out, err = child(t, srv.URL, dir, nil, "tick", "--to-tick", itoa(i+1)).CombinedOutput()
		if err != nil {
			t.Fatalf("after a kill at %s the next run failed: %v\n%s", point, err, out)
		}
		t.Logf("killed at %s", point)
		if n := checkProject(t, dir); n != i+1 {
			t.Fatalf("after a kill at %s: %d scenes; want %d", point, n, i+1)
		}
	}
	if len(f.repeats) > 0 {
		t.Fatalf("%d answers delivered in full were requested again (paid twice)", len(f.repeats))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// nextReach is the next kill window after a run that ended before its
// kill (shorter) or was killed (longer): a fixed window outlived the runs
// once a tick took tens of milliseconds, so it adapts, and about three
// kills in four land inside a run however fast storyd gets.
func nextReach(reach time.Duration, ended bool) time.Duration {
	if ended {
		return max(reach*3/5, 5*time.Millisecond)
	}
	return min(reach*6/5, 2*time.Second)
}

func TestKilledAtRandomInstants(t *testing.T) {
	kills := 50
	if testing.Short() {
		kills = 12
	}
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	dir := copyExample(t)
	rng := rand.New(rand.NewPCG(7, 11))
	target := 0
	var tolerated, ended int
	reach := 200 * time.Millisecond // how late after the start a kill may land (nextReach)
	// inFlight holds the newest answer each killed run received: it may
	// have died reading or caching it, so that answer may be asked for
	// again, once. Not always by the next run: a run killed in its
	// after-commit checkpoint leaves the checkpoint to the tick after the
	// next (a re-run whose --to-tick is met makes no call).
	inFlight := map[int]bool{}
	for k := 0; k < kills; k++ {
		target++
		f.mu.Lock()
		before, startedAt := len(f.repeats), f.delivered
		f.mu.Unlock()
		cmd := child(t, srv.URL, dir, nil, "tick", "--to-tick", itoa(target))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(reach)))) // where the kill lands, not an assertion
		f.mu.Lock()
		last := f.delivered // answers from here on may not have reached the killed run's cache
		f.mu.Unlock()
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		reach = nextReach(reach, cmd.ProcessState.Exited())
		if cmd.ProcessState.Exited() {
			ended++
		}
		f.mu.Lock()
		killedRun := map[string]bool{} // the killed run's connections
		for n := startedAt + 1; n <= f.delivered; n++ {
			killedRun[f.to[n]] = true
		}
		f.mu.Unlock()
		out, err := child(t, srv.URL, dir, nil, "tick", "--to-tick", itoa(target)).CombinedOutput()
		if err != nil {
			t.Fatalf("kill %d: the next run failed: %v\n%s", k, err, out)
		}
		// A tick makes one call at a time and caches each answer before the
		// next request, so only an answer in flight at a kill may be asked
		// for again; any other was paid twice.
		f.mu.Lock()
		repeats := slices.Clone(f.repeats[before:])
		newest := 0 // the newest answer that went to the killed run
		for n := startedAt + 1; n <= f.delivered; n++ {
			if killedRun[f.to[n]] {
				newest = n
			}
		}
		f.mu.Unlock()
		for _, n := range repeats {
			if n < last && !inFlight[n] {
				t.Fatalf("kill %d: answer %d was requested again, though it was not in flight at a kill (paid twice)", k, n)
			}
			delete(inFlight, n)
			tolerated++
		}
		if newest > 0 && !slices.Contains(repeats, newest) {
			inFlight[newest] = true
		}
		if n := checkProject(t, dir); n != target {
			t.Fatalf("kill %d: %d scenes; want %d", k, n, target)
		}
	}
	t.Logf("%d kills (%d runs ended before theirs), %d requests, %d repeats of the answer in flight at a kill", kills, ended, f.requested, tolerated)
}

func TestConcurrentTicks(t *testing.T) {
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	defer f.release()
	dir := copyExample(t)
	// Make sure .storyd exists so no process races on creating it.
	if out, err := child(t, srv.URL, dir, nil, "tick").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Answers are held until three runs have been turned away, so the run
	// that took the lock still holds it whenever the others try.
	f.holdAnswers()
	type result struct {
		code int
		out  string
	}
	results := make(chan result, 4)
	for range 4 {
		go func() {
			out, err := child(t, srv.URL, dir, nil, "tick").CombinedOutput()
			r := result{out: string(out)}
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				r.code = ee.ExitCode()
			}
			results <- r
		}()
	}
	var codes []int
	var outs []string
	for len(codes) < 4 {
		if len(codes) == 3 {
			f.release()
		}
		select {
		case r := <-results:
			codes, outs = append(codes, r.code), append(outs, r.out)
		case <-time.After(50 * time.Millisecond): // poll the server
			if f.heldCount() > 1 {
				t.Fatal("two runs asked the model at once: the lock let both in")
			}
		}
	}
	ok, locked := 0, 0
	for i, c := range codes {
		switch c {
		case 0:
			ok++
		case 75:
			locked++
			if !strings.Contains(outs[i], "project in use by another storyd (pid ") || !strings.Contains(outs[i], "pid") {
				t.Errorf("locked run says %q; want who holds the lock", outs[i])
			}
		default:
			t.Errorf("run %d exited %d:\n%s", i, c, outs[i])
		}
	}
	if ok != 1 || locked != 3 {
		t.Fatalf("%d runs ticked and %d were locked out; want 1 and 3", ok, locked)
	}
	if n := checkProject(t, dir); n != 2 {
		t.Fatalf("%d scenes; want 2", n)
	}
	// The lock file stays.
	if _, err := os.Stat(filepath.Join(dir, ".storyd/lock")); err != nil {
		t.Fatal(err)
	}
}

func TestWaitQueuesAndReadersNeedNoLock(t *testing.T) {
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	defer f.release()
	dir := copyExample(t)
	f.holdAnswers() // the first run holds the lock until release
	first := child(t, srv.URL, dir, nil, "tick")
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- first.Wait() }()
	// Wait until the first run holds the lock (it writes its pid there).
	pid := strconv.Itoa(first.Process.Pid)
	for {
		data, _ := os.ReadFile(filepath.Join(dir, ".storyd/lock"))
		if strings.Contains(string(data), pid) {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("the first run ended before it took the lock: %v", err)
		case <-time.After(20 * time.Millisecond): // poll again
		}
	}
	// undo is turned away at once, and its hint names a flag undo has.
	out, err := child(t, srv.URL, dir, nil, "undo").CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 75 || !strings.Contains(string(out), "add --wait") {
		t.Fatalf("undo while locked: %v\n%s", err, out)
	}
	// Readers work while a tick runs.
	out, err = child(t, srv.URL, dir, nil, "status").CombinedOutput()
	if err != nil {
		t.Fatalf("status while locked: %v\n%s", err, out)
	}
	// A second tick without --wait is turned away (exit 75, naming the
	// holder: had it queued instead, it would have ticked and exited 0);
	// with --wait it queues.
	out, err = child(t, srv.URL, dir, nil, "tick").CombinedOutput()
	if !errors.As(err, &ee) || ee.ExitCode() != 75 || !strings.Contains(string(out), "pid "+pid) {
		t.Fatalf("tick while locked: %v; want exit 75 naming pid %s\n%s", err, pid, out)
	}
	if !strings.Contains(string(out), "add --wait") {
		t.Fatalf("tick while locked: no --wait hint:\n%s", out)
	}
	// The queued run is let through once it says it waits: only then are
	// the first run's answers released.
	out, err = queue(t, child(t, srv.URL, dir, nil, "tick", "--wait", "2m"), f.release)
	if err != nil {
		t.Fatalf("tick --wait: %v\n%s", err, out)
	}
	// The queued run says at most once that it waits (on a loaded machine
	// the first run may be done before it asks; agent.TestLockAnnouncesWaitOnce
	// covers the announcement itself).
	if n := strings.Count(string(out), "waiting for the project lock"); n > 1 {
		t.Fatalf("tick --wait announced its wait %d times; want at most 1:\n%s", n, out)
	}
	if err := <-exited; err != nil {
		t.Fatalf("first run: %v", err)
	}
	if n := checkProject(t, dir); n != 2 {
		t.Fatalf("%d scenes; want 2 (the first run's and the queued one's)", n)
	}
}

// queue runs cmd and calls onWait when it announces that it waits for the
// lock; it returns cmd's combined output.
func queue(t *testing.T, cmd *exec.Cmd, onWait func()) ([]byte, error) {
	t.Helper()
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.Close()
		done <- err
	}()
	var out bytes.Buffer
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), "waiting for the project lock") {
			onWait()
		}
	}
	return out.Bytes(), <-done
}
