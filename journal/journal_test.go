package journal

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/inplace"
)

type killed struct{ at string }

// beginTick loads the project in dir and begins the transaction of its
// tick 3.
func beginTick(t *testing.T, dir string) (*project.Project, *Tx) {
	t.Helper()
	p, err := Load(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	tx, err := Begin(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	return p, tx
}

// stageTick stages a new scene and a threads change; fail panics with
// killed at the named failpoint, standing in for SIGKILL.
func stageTick(t *testing.T, dir, failAt string) (err error) {
	t.Helper()
	p, tx := beginTick(t, dir)
	tx.Failpoint = func(name string) {
		if name == failAt {
			panic(killed{name})
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(killed); !ok {
				panic(r)
			}
			err = errors.New("killed")
		}
	}()
	if err := tx.Write("scenes/0003-three.md", []byte(mdfixture.Scene(3, "Three", "Third."))); err != nil {
		t.Fatal(err)
	}
	if err := tx.Write("threads.md", []byte("# Threads\n\n## Open\n\n## Resolved\n- t1: Who? (opened 1, resolved 3)\n- t2: Done (opened 1, resolved 2)\n")); err != nil {
		t.Fatal(err)
	}
	st := p.State.Clone()
	st.LastSeq = 3
	return tx.Commit(st, true)
}

func TestJournalKilledAtEveryStep(t *testing.T) {
	for _, point := range []string{"before-commit", "before-commit-record", "after-commit-record", "mid-apply", "before-state", "before-journal-cleanup", ""} {
		t.Run(point, func(t *testing.T) {
			dir := mdfixture.Project(t)
			err := stageTick(t, dir, point)
			if point == "" && err != nil {
				t.Fatal(err)
			}
			// A reader before recovery sees either the old or the new tick, never half.
			p, lerr := Load(dir, config.Default())
			if lerr != nil {
				t.Fatal(lerr)
			}
			committed := point == "" || point == "after-commit-record" || point == "mid-apply" || point == "before-state" || point == "before-journal-cleanup"
			wantScenes, wantOpen := 2, 1
			if committed {
				wantScenes, wantOpen = 3, 0
			}
			if len(p.Scenes) != wantScenes || len(p.OpenThreads()) != wantOpen {
				t.Fatalf("reader saw %d scenes, %d open threads; want %d, %d", len(p.Scenes), len(p.OpenThreads()), wantScenes, wantOpen)
			}
			what, rerr := Recover(dir)
			if rerr != nil {
				t.Fatal(rerr)
			}
			if committed && point != "" && what != "rolled-forward" {
				t.Fatalf("got recovery %q; want rolled-forward", what)
			}
			p, lerr = Load(dir, config.Default())
			if lerr != nil {
				t.Fatal(lerr)
			}
			if len(p.Scenes) != wantScenes {
				t.Fatalf("after recovery: %d scenes; want %d", len(p.Scenes), wantScenes)
			}
			if committed && p.State.LastSeq != 3 {
				t.Fatalf("state not rolled forward: last_seq %d", p.State.LastSeq)
			}
			if _, err := os.Stat(filepath.Join(dir, journalDir)); !os.IsNotExist(err) {
				t.Fatalf("journal left behind: %v", err)
			}
			if len(p.Scenes) == 3 && p.Scenes[2].Edited {
				t.Fatal("a scene storyd wrote counts as a hand edit")
			}
			if committed {
				if _, ok, _ := LoadHistory(dir, 3); !ok {
					t.Fatal("no undo history")
				}
			}
		})
	}
}

func TestCommitRefusesFileEditedDuringTick(t *testing.T) {
	dir := mdfixture.Project(t)
	p, err := Load(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	tx, _ := Begin(p, 3)
	tx.Write("threads.md", []byte("# Threads\n"))
	// A person saves threads.md while the tick runs.
	os.WriteFile(filepath.Join(dir, "threads.md"), []byte("# Threads\n\n## Open\n- t1: Mine now\n"), 0o644)
	err = tx.Commit(p.State.Clone(), true)
	var ee *EditedError
	if !errors.As(err, &ee) || ee.Path != "threads.md" {
		t.Fatalf("got %v; want EditedError for threads.md", err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "threads.md"))
	if string(data) != "# Threads\n\n## Open\n- t1: Mine now\n" {
		t.Fatalf("the hand edit was overwritten: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, journalDir)); !os.IsNotExist(err) {
		t.Fatal("aborted journal left behind")
	}
}

func TestWriteFileAtomicFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.md")
	os.WriteFile(path, []byte("old"), 0o644)
	// A read-only directory stands in for a full disk: creating the temp file fails.
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	if err := WriteFileAtomic(path, []byte("new"), 0o644); err == nil {
		t.Fatal("write into a read-only dir succeeded")
	}
	data, _ := os.ReadFile(path)
	if string(data) != "old" {
		t.Fatalf("got %q; want old content", data)
	}
}

// An unsynced write replaces the file whole, and an interrupted one's
// temp file is what recovery sweeps.
func TestWriteFileUnsynced(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "counts.bin")
	for _, want := range []string{"first, longer content", "second"} {
		if err := WriteFileUnsynced(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(path); string(data) != want {
			t.Fatalf("got %q; want %q", data, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory; want the one written", len(entries))
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("stat %v, %v; want mode 0644", info, err)
	}
	tmp := filepath.Join(dir, ".counts.bin.tmp-123")
	os.WriteFile(tmp, []byte("torn"), 0o644) // as a crash mid-write leaves it
	cleanTemps(dir)
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("recovery left %s", tmp)
	}
}

// Two writers of one cache at once (loads under the shared commit lock)
// each rename a whole file of their own into place: the file is one of
// them, whole, and neither fails.
func TestWriteFileUnsyncedConcurrently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "load.bin")
	a, b := strings.Repeat("a", 1<<20), strings.Repeat("b", 1<<19)
	errs := make(chan error, 2)
	for range 20 {
		for _, data := range []string{a, b} {
			go func() { errs <- WriteFileUnsynced(path, []byte(data), 0o644) }()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := os.ReadFile(path); string(got) != a && string(got) != b {
			t.Fatalf("the file is %d bytes of neither write", len(got))
		}
	}
}

func TestRecoveryMergesAnEditMadeAfterTheCrash(t *testing.T) {
	dir := mdfixture.Project(t)
	// The tick resolves t1 in threads.md through an Edit, and is killed
	// right after its commit point.
	p, err := Load(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	tx, _ := Begin(p, 3)
	tx.Failpoint = func(name string) {
		if name == "after-commit-record" {
			panic(killed{name})
		}
	}
	if err := tx.Write("scenes/0003-three.md", []byte(mdfixture.Scene(3, "Three", "Third."))); err != nil {
		t.Fatal(err)
	}
	if err := tx.Edit("threads.md", inplace.Edit{ResolveThreads: map[string]int{"t1": 3}, OpenThreads: []project.Thread{{ID: "t3", Text: "New", Opened: 3}}}); err != nil {
		t.Fatal(err)
	}
	st := p.State.Clone()
	st.LastSeq = 3
	func() {
		defer func() { recover() }()
		tx.Commit(st, true)
	}()
	// Between the crash and the next run, a person edits threads.md.
	mine := "# Threads\n\nMy note.\n\n## Open\n- t1: Who? (opened 1)\n- t9: My own thread\n\n## Resolved\n"
	os.WriteFile(filepath.Join(dir, "threads.md"), []byte(mine), 0o644)
	if _, err := Recover(dir); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "threads.md"))
	want := "# Threads\n\nMy note.\n\n## Open\n- t9: My own thread\n- t3: New (opened 3)\n\n## Resolved\n- t1: Who? (opened 1, resolved 3)\n"
	if string(data) != want {
		t.Fatalf("after recovery:\n%s\nwant both the person's and the tick's changes:\n%s", data, want)
	}
	p, err = Load(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Scenes) != 3 {
		t.Fatalf("%d scenes after recovery; want 3", len(p.Scenes))
	}
}

func TestRecoverySetsAsideAWholeFileItCannotMerge(t *testing.T) {
	dir := mdfixture.Project(t)
	if err := stageTick(t, dir, "after-commit-record"); err == nil {
		t.Fatal("the tick was not killed")
	}
	// stageTick writes threads.md whole (no Edit): it cannot be merged.
	mine := "# Threads\n\n## Open\n- t1: Who? (opened 1)\n- t9: My own thread\n"
	os.WriteFile(filepath.Join(dir, "threads.md"), []byte(mine), 0o644)
	what, err := Recover(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(what, "keeping your edits of threads.md") {
		t.Fatalf("recovery said %q", what)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "threads.md"))
	if string(data) != mine {
		t.Fatalf("the edit made after the crash was overwritten: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, ".storyd/conflicts/000003/threads.md")); err != nil {
		t.Fatalf("storyd's version was not set aside: %v", err)
	}
}

func TestPartialProseFollowsTheStream(t *testing.T) {
	dir := mdfixture.Project(t)
	_, tx := beginTick(t, dir)
	defer tx.Abort()
	w := tx.Partial()
	w.Write("A first try")
	w.Restart()
	w.Write("The night ")
	w.Write("fell.")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, journalDir, "prose.partial"))
	if err != nil || string(got) != "The night fell." {
		t.Fatalf("got %q, %v; want the restarted stream only", got, err)
	}
	tx.Abort()
	w = tx.Partial() // the journal is gone: the error surfaces at Close, not as a panic
	w.Write("x")
	if err := w.Close(); err == nil {
		t.Fatal("writing into a discarded journal reported no error")
	}
}

// Undo records hold patches, not copies: a one-line change to a long file
// costs about one line, and the patch rebuilds the old content exactly
// (CRLF, no final newline); records older than the depth are dropped.
func TestHistoryPatchesAndDepth(t *testing.T) {
	for _, c := range []struct{ before, after string }{
		{"a\nb\nc\n", "a\nb\nc\nd\n"},
		{"a\r\nb\r\nc", "a\r\nB\r\nc"},
		{"", "x\n"},
		{"same\n", "same\n"},
		{"x\ny\n", ""},
		{"a\na\na\n", "a\na\n"},
	} {
		p := makePatch([]byte(c.before), []byte(c.after))
		got, err := HistoryFile{Path: "f", Patch: p}.BeforeContent([]byte(c.after))
		if err != nil || string(got) != c.before {
			t.Errorf("patch %+v of %q on %q = %q, %v; want %q", p, c.before, c.after, got, err, c.before)
		}
	}
	long := strings.Repeat("- a fact pinned long ago\n", 2000)
	if p := makePatch([]byte(long), []byte(long+"- one more\n")); len(p.Lines) != 0 || p.Keep != 2000 {
		t.Errorf("appending a line: patch keeps %d lines and stores %d bytes; want 2000 and 0", p.Keep, len(p.Lines))
	}
	if _, err := (HistoryFile{Path: "f", Patch: &Patch{Keep: 5}}).BeforeContent([]byte("a\n")); err == nil {
		t.Errorf("a patch that does not fit the file applied")
	}

	dir := t.TempDir()
	hist := filepath.Join(dir, historyDir)
	if err := os.MkdirAll(hist, 0o755); err != nil {
		t.Fatal(err)
	}
	for tick := 1; tick <= 6; tick++ {
		if err := os.WriteFile(filepath.Join(dir, HistoryPath(tick)), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tx := &Tx{p: &project.Project{Dir: dir}, tick: 7}
	if err := tx.pruneHistory(3); err != nil {
		t.Fatal(err)
	}
	var gone []string
	for _, op := range tx.ops {
		if op.Delete {
			gone = append(gone, op.Path)
		}
	}
	if want := []string{HistoryPath(1), HistoryPath(2), HistoryPath(3), HistoryPath(4)}; fmt.Sprint(gone) != fmt.Sprint(want) {
		t.Errorf("depth 3 at tick 7 deletes %v; want %v", gone, want)
	}
	if tick, _, ok, err := OldestHistory(dir); !ok || err != nil || tick != 1 {
		t.Errorf("OldestHistory = %d, %v, %v; want 1", tick, ok, err)
	}
}

// Prune drops answers written before the horizon and nothing else.
func TestCachePrune(t *testing.T) {
	c := NewCacheStore(t.TempDir())
	old, fresh := strings.Repeat("a", 64), strings.Repeat("b", 64)
	for _, k := range []string{old, fresh} {
		if err := c.Put(k, []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	counts := filepath.Join(c.Dir, "token-counts-cl100k_base.bin")
	if err := os.WriteFile(counts, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	horizon := time.Now().Add(-30 * time.Minute)
	past := horizon.Add(-30 * time.Minute)
	for _, p := range []string{filepath.Join(c.Dir, "aa", old+".json"), counts} {
		if err := os.Chtimes(p, past, past); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := c.Prune(horizon); n != 1 || err != nil {
		t.Errorf("Prune = %d, %v; want 1 answer removed", n, err)
	}
	if _, ok, _ := c.Get(old); ok {
		t.Errorf("the old answer survived")
	}
	if _, ok, _ := c.Get(fresh); !ok {
		t.Errorf("the fresh answer was removed")
	}
	if _, err := os.Stat(counts); err != nil {
		t.Errorf("the token counts were removed: %v", err)
	}
}

// A commit record written by an older storyd holds the new state itself
// (no staged state.json): recovery still writes it out last.
func TestRecoveryOfARecordHoldingTheState(t *testing.T) {
	dir := mdfixture.Project(t)
	if err := stageTick(t, dir, "after-commit-record"); err == nil {
		t.Fatal("the tick was not killed")
	}
	rec, err := readCommit(dir)
	if err != nil || rec == nil || rec.StateStaged != stagedState {
		t.Fatalf("commit record %+v, %v", rec, err)
	}
	staged := filepath.Join(dir, journalDir, stagedState)
	state, err := os.ReadFile(staged)
	if err != nil {
		t.Fatal(err)
	}
	rec.State, rec.StateStaged = state, ""
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, journalDir, commitName), seal(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(staged); err != nil {
		t.Fatal(err)
	}
	if _, err := Recover(dir); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, project.StateFile))
	if err != nil || string(got) != string(state) {
		t.Errorf("state.json after recovery = %.60q, %v; want the record's", got, err)
	}
}

// A committed journal whose staged state.json cannot be read (here: a
// directory in its place) fails the load instead of pairing the tick's
// new files with the old state; only a staged state that is gone (renamed
// into place already) is read from the disk.
func TestLoadFailsOnAnUnreadableStagedState(t *testing.T) {
	dir := mdfixture.Project(t)
	if err := stageTick(t, dir, "after-commit-record"); err == nil {
		t.Fatal("the tick was not killed")
	}
	staged := filepath.Join(dir, journalDir, stagedState)
	if err := os.Remove(staged); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(staged, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := newReader(dir).State(); err == nil {
		t.Fatal("State read an unreadable staged state.json without an error")
	}
	if err := os.Remove(staged); err != nil {
		t.Fatal(err)
	}
	onDisk := []byte(`{"renamed":"into place"}`)
	if err := os.WriteFile(filepath.Join(dir, project.StateFile), onDisk, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := newReader(dir).State()
	if err != nil || string(got) != string(onDisk) {
		t.Errorf("State with the staged file gone = %q, %v; want the disk's state.json", got, err)
	}
}
