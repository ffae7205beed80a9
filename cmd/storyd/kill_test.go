package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/storyd/storyd/journal"
)

// journalPoints are the failpoints of every journal commit (tick, undo,
// checkpoint alike).
var journalPoints = []string{"before-commit", "before-commit-record", "after-commit-record", "mid-apply", "before-state", "before-journal-cleanup"}

// wantKilled runs cmd and requires that its failpoint killed it.
func wantKilled(t *testing.T, cmd *exec.Cmd, what string) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("%s: want the child killed, got %v\n%s", what, err, out)
	}
}

// Kills beyond tick: undo and checkpoint killed at every step of their
// commit, reindex at random instants. A reader right after the kill sees a
// committed state; the next run finishes or discards the killed one, and
// the project keeps every invariant checkProject knows.
func TestKilledDuringUndoCheckpointReindex(t *testing.T) {
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	dir := copyExample(t)
	ok := func(args ...string) string {
		t.Helper()
		out, err := child(t, srv.URL, dir, nil, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	ok("tick", "--to-tick", "3")
	for _, point := range journalPoints {
		// The killed undo discards a hand edit of the scene: the edit is
		// either still in the scene or in its saved copy, never lost.
		scenes, _ := filepath.Glob(filepath.Join(dir, "scenes", "0003-*.md"))
		edit := fmt.Sprintf("An edit before the kill at %s.", point)
		appendLine(t, scenes[0], edit)
		wantKilled(t, child(t, srv.URL, dir, []string{"STORYD_FAILPOINT=" + point}, "undo", "--discard-edits"), "undo killed at "+point)
		ok("validate")
		found := false
		for _, f := range []string{scenes[0], filepath.Join(dir, ".storyd/conflicts/undo-000003/scenes", filepath.Base(scenes[0]))} {
			data, _ := os.ReadFile(f)
			found = found || strings.Contains(string(data), edit)
		}
		if !found {
			t.Fatalf("undo --discard-edits killed at %s: the edit is neither in the scene nor in its saved copy", point)
		}
		// Whether or not the killed undo committed, one more undo leaves no
		// checkpoint over the last scene, so the checkpoint below has work.
		ok("undo", "--discard-edits")
		ok("tick", "--to-tick", "3")
		if n := checkProject(t, dir); n != 3 {
			t.Fatalf("undo killed at %s, then tick --to-tick 3: %d scenes", point, n)
		}
		wantKilled(t, child(t, srv.URL, dir, []string{"STORYD_FAILPOINT=" + point}, "checkpoint", "--force"), "checkpoint killed at "+point)
		ok("validate")
		ok("checkpoint", "--force")
		if n := checkProject(t, dir); n != 3 {
			t.Fatalf("checkpoint killed at %s: %d scenes", point, n)
		}
		ok("validate", "--deep")
	}
	rng := rand.New(rand.NewPCG(15, 7))
	for k := 0; k < 8; k++ {
		cmd := child(t, srv.URL, dir, nil, "reindex")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		ok("search", "lamp")
		ok("validate", "--deep")
	}
	if n := checkProject(t, dir); n != 3 {
		t.Fatalf("%d scenes after the reindex kills; want 3", n)
	}
}

// search takes the lock only if it is free: with it, a killed reindex's
// temp file goes and the synced index is saved; while another process
// holds it (a tick), search answers from memory and writes nothing.
func TestSearchBesideALockHolder(t *testing.T) {
	dir := copyExample(t)
	if code, errs := runIn(t, "tick", dir, "-n", "2"); code != 0 {
		t.Fatalf("tick: %d %s", code, errs)
	}
	stray := filepath.Join(dir, ".storyd", "index", ".index.bin.tmp-123")
	if err := os.WriteFile(stray, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A hand edit the index has not seen yet: a search that saved would
	// write a segment for it.
	scenes, _ := filepath.Glob(filepath.Join(dir, "scenes", "*.md"))
	f, err := os.OpenFile(scenes[0], os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\nThe brass astrolabe hummed.\n")
	f.Close()
	before := treeState(t, filepath.Join(dir, ".storyd", "index"))

	lock, err := journal.AcquireLock(context.Background(), dir, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if code, errs := runIn(t, "search", "-p", dir, "astrolabe"); code != 0 {
		t.Fatalf("search beside the lock holder: %d %s", code, errs)
	}
	if after := treeState(t, filepath.Join(dir, ".storyd", "index")); after != before {
		t.Fatalf("search wrote the index while another process held the lock:\n%s\nthen\n%s", before, after)
	}
	lock.Release()

	if code, errs := runIn(t, "search", "-p", dir, "astrolabe"); code != 0 {
		t.Fatalf("search: %d %s", code, errs)
	}
	if _, err := os.Stat(stray); !os.IsNotExist(err) {
		t.Fatalf("the killed write's temp file is still there: %v", err)
	}
	if code, errs := runIn(t, "validate", dir, "--deep"); code != 0 {
		t.Fatalf("validate --deep: %d %s", code, errs)
	}
}

// treeState lists a directory's files with their sizes and mtimes.
func treeState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// appendLine is a person adding a line to a file.
func appendLine(t *testing.T, path, line string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("\n" + line + "\n"); err != nil {
		t.Fatal(err)
	}
}

// Ctrl-C and SIGTERM stop a tick cleanly: the process ends by the signal
// (the shell's 130/143; systemd's clean stop), the project is as before
// the tick, and the next tick redoes it without asking again for an answer
// delivered in full (the plan `storyd plan` paid for comes from the cache).
func TestSignalStopsATickCleanly(t *testing.T) {
	f := &fakeServer{dir: t.TempDir()}
	srv := httptest.NewServer(f)
	defer srv.Close()
	defer f.release()
	dir := copyExample(t)
	for i, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		if out, err := child(t, srv.URL, dir, nil, "plan").CombinedOutput(); err != nil {
			t.Fatalf("plan: %v\n%s", err, out)
		}
		f.holdAnswers()
		var out strings.Builder
		cmd := child(t, srv.URL, dir, nil, "tick")
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for f.heldCount() == 0 { // the writer's request waits at the gate
			time.Sleep(10 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != sig {
			t.Fatalf("tick stopped by %v: want the process ended by it, got %v\n%s", sig, err, out.String())
		}
		if !strings.Contains(out.String(), "interrupted; nothing half-written was kept") {
			t.Fatalf("tick stopped by %v says:\n%s", sig, out.String())
		}
		if n := checkProject(t, dir); n != i {
			t.Fatalf("after %v: %d scenes; want %d", sig, n, i)
		}
		f.release()
		f.mu.Lock()
		f.held = 0
		f.mu.Unlock()
		if out, err := child(t, srv.URL, dir, nil, "tick").CombinedOutput(); err != nil {
			t.Fatalf("the tick after %v: %v\n%s", sig, err, out)
		}
		if n := checkProject(t, dir); n != i+1 {
			t.Fatalf("the tick after %v: %d scenes; want %d", sig, n, i+1)
		}
	}
	if len(f.repeats) > 0 {
		t.Fatalf("answers delivered in full were asked for again: %v", f.repeats)
	}
}
