package journal

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/inplace"
)

// The tick journal gives a tick one commit point (restic's "data first, the
// commit record last"):
//
//  1. every file the tick writes is staged under .storyd/journal/staged/,
//     the new state.json too;
//  2. the staged files, their directory and the commit record's temp file
//     (the list of operations) are fsynced, all at once;
//  3. the record is renamed into place, its directory fsynced: this is the
//     commit point;
//  4. the staged files are renamed into place, state.json last, their
//     directories fsynced (at once) and the journal removed.
//
// A crash before 2 leaves an uncommitted journal, discarded on the next
// start; a crash after 2 is rolled forward. Readers read through a
// committed journal (see reader), so they never see half a tick.
const (
	journalDir = ".storyd/journal"
	commitName = "commit.json"
	historyDir = ".storyd/history"
)

// Op is one file operation of a tick.
type Op struct {
	Path   string `json:"path"`
	Staged string `json:"staged,omitempty"`
	Delete bool   `json:"delete,omitempty"`
	// Before is the hash of the file when the tick loaded the project
	// ("" = it did not exist). Recovery replaces a file only if it still
	// has this content: an edit made after a crash is kept.
	Before string `json:"before"`
	// Edits, when set, are the in-place changes the staged content holds;
	// recovery replays them on a file a person changed after a crash.
	Edits []inplace.Edit `json:"edits,omitempty"`
}

// absent marks a file that did not exist in Op.Before.
const absent = ""

// CommitRecord is the journal's commit point.
type CommitRecord struct {
	Tick    int       `json:"tick"`
	Created time.Time `json:"created"`
	Ops     []Op      `json:"ops"`
	// StateStaged names the staged new state.json (stagedState), renamed
	// into place last; records of older versions hold the state itself
	// (State), written out last.
	StateStaged string          `json:"state_staged,omitempty"`
	State       json.RawMessage `json:"state,omitempty"`
}

// stagedState is where a tick stages its new state.json: written once,
// then renamed into place, rather than written whole into the commit
// record and again as the file (~150 KB of hashes at 1,000 scenes).
const stagedState = "staged/state"

// History is what `storyd undo` needs to revert one tick.
type History struct {
	Tick  int           `json:"tick"`
	Files []HistoryFile `json:"files"`
}

// HistoryFile is one file a tick changed: how to get its content before
// from what the tick wrote (Patch; neither Patch nor Before = the tick
// created it; Before, a whole copy, only in records of older versions) and
// the hash of what the tick wrote ("" = deleted). See history.go.
type HistoryFile struct {
	Path   string  `json:"path"`
	Before *string `json:"before,omitempty"`
	Patch  *Patch  `json:"patch,omitempty"`
	After  string  `json:"after"`
}

// Tx stages the writes of one tick.
type Tx struct {
	p       *project.Project
	tick    int
	ops     []Op
	hist    History
	written map[string]string // rel -> hash of staged content
	// committed is set at the commit point: from there on the journal is
	// recovery's to finish, never Abort's to discard.
	committed bool
	staged    map[string][]byte // rel -> staged content of files with history
	// unsynced lists the staged files written so far, fsynced at once
	// before the commit point (each on its own was a journal commit of
	// the filesystem's, one after another).
	unsynced []string
	before   map[string][]byte // rel -> content before the tick, for the patches
	// HistoryDepth is how many ticks keep undo records; 0 means
	// DefaultHistoryDepth.
	HistoryDepth int
	// Failpoint is called at each step boundary; tests use it to kill the
	// process at an exact step (see agent.Failpoints).
	Failpoint func(name string)
	// FS makes the commit's changes to the disk; nil is the real one.
	// Tests inject I/O errors (a full disk) to prove that a failed commit
	// leaves the previous state or, past the commit point, the next one.
	FS FS
}

// Begin starts staging a tick. Any journal left from a killed tick must
// have been recovered first (Recover).
func Begin(p *project.Project, tick int) (*Tx, error) {
	jd := filepath.Join(p.Dir, journalDir)
	if err := os.RemoveAll(jd); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(jd, "staged"), 0o755); err != nil {
		return nil, err
	}
	return &Tx{p: p, tick: tick, hist: History{Tick: tick}, written: map[string]string{},
		staged: map[string][]byte{}, before: map[string][]byte{}}, nil
}

func (tx *Tx) fs() FS {
	if tx.FS != nil {
		return tx.FS
	}
	return OS{}
}

// stage writes the journal's file name (under .storyd/journal/), by a
// rename but without fsyncs: Commit syncs every staged file before the
// commit point, and a crash before it discards the journal.
func (tx *Tx) stage(name string, data []byte) error {
	fsys, path := tx.fs(), filepath.Join(tx.p.Dir, journalDir, name)
	tmp, err := writeTemp(fsys, filepath.Dir(path), path, data, 0o644, false)
	if err != nil {
		return err
	}
	if err := fsys.Rename(tmp, path); err != nil {
		fsys.Remove(tmp)
		return err
	}
	if !slices.Contains(tx.unsynced, path) {
		tx.unsynced = append(tx.unsynced, path)
	}
	return nil
}

func (tx *Tx) fail(name string) {
	if tx.Failpoint != nil {
		tx.Failpoint(name)
	}
}

// Write stages a file. Writing the same path twice in one tick keeps the
// last content (one operation, one history entry).
func (tx *Tx) Write(rel string, data []byte) error {
	if err := project.CheckPath(rel); err != nil {
		return err
	}
	idx := -1
	for i, op := range tx.ops {
		if op.Path == rel {
			idx = i
		}
	}
	name := fmt.Sprintf("%03d", len(tx.ops))
	if idx >= 0 && !tx.ops[idx].Delete {
		name = strings.TrimPrefix(tx.ops[idx].Staged, "staged/")
	}
	if err := tx.stage("staged/"+name, data); err != nil {
		return err
	}
	tx.written[rel] = project.Hash(data)
	if idx >= 0 {
		tx.ops[idx] = Op{Path: rel, Staged: "staged/" + name, Edits: tx.ops[idx].Edits}
		if _, ok := tx.staged[rel]; ok {
			tx.staged[rel] = data
		}
		for i := range tx.hist.Files {
			if tx.hist.Files[i].Path == rel {
				tx.hist.Files[i].After = project.Hash(data)
			}
		}
		return nil
	}
	tx.ops = append(tx.ops, Op{Path: rel, Staged: "staged/" + name})
	if !strings.HasPrefix(rel, project.StateDir+"/") {
		before, err := os.ReadFile(filepath.Join(tx.p.Dir, rel))
		if err == nil {
			tx.before[rel] = before
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
		tx.staged[rel] = data
		tx.hist.Files = append(tx.hist.Files, HistoryFile{Path: rel, After: project.Hash(data)})
	}
	return nil
}

// Delete stages a removal.
func (tx *Tx) Delete(rel string) error {
	if err := project.CheckPath(rel); err != nil {
		return err
	}
	tx.ops = append(tx.ops, Op{Path: rel, Delete: true})
	return nil
}

// Written reports the hash staged for rel, if any.
func (tx *Tx) Written(rel string) (string, bool) {
	h, ok := tx.written[rel]
	return h, ok
}

// Paths lists the project files the tick writes or deletes (not those
// under .storyd/), for journal.Reload after the commit.
func (tx *Tx) Paths() []string {
	var out []string
	for _, op := range tx.ops {
		if !strings.HasPrefix(op.Path, project.StateDir+"/") {
			out = append(out, op.Path)
		}
	}
	return out
}

// EditedError says a file changed on disk while the tick ran; the tick is
// abandoned rather than overwrite a person's edit.
type EditedError struct{ Path string }

func (e *EditedError) Error() string {
	return fmt.Sprintf("%s changed on disk during the tick; nothing was written", e.Path)
}

// Commit checks that no file the tick replaces changed since the project
// was loaded, writes the commit record (the commit point) and applies it.
// st is the new state; the hashes of the staged files are recorded in it.
func (tx *Tx) Commit(st project.State, keepHistory bool) error {
	tx.fail("before-commit")
	for _, op := range tx.ops {
		if strings.HasPrefix(op.Path, project.StateDir+"/") {
			continue
		}
		cur, err := os.ReadFile(filepath.Join(tx.p.Dir, op.Path))
		curHash := ""
		if err == nil {
			curHash = project.Hash(cur)
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if curHash != tx.p.Loaded[op.Path] {
			tx.Abort()
			return &EditedError{Path: op.Path}
		}
	}
	for _, op := range tx.ops {
		if strings.HasPrefix(op.Path, project.StateDir+"/") {
			continue
		}
		if op.Delete {
			delete(st.Hashes, op.Path)
		} else {
			st.Hashes[op.Path] = tx.written[op.Path]
		}
	}
	if keepHistory && len(tx.hist.Files) > 0 {
		for i, f := range tx.hist.Files {
			if before, ok := tx.before[f.Path]; ok {
				tx.hist.Files[i].Patch = makePatch(before, tx.staged[f.Path])
			}
		}
		if err := tx.pruneHistory(tx.HistoryDepth); err != nil {
			return err
		}
		h, err := json.MarshalIndent(tx.hist, "", " ")
		if err != nil {
			return err
		}
		if err := tx.Write(HistoryPath(tx.tick), seal(h)); err != nil {
			return err
		}
	}
	for i := range tx.ops {
		tx.ops[i].Before = tx.p.Loaded[tx.ops[i].Path]
	}
	stJS, err := st.Encode() // compact: ~150 KB of hashes at 1,000 scenes
	if err != nil {
		return err
	}
	if err := tx.stage(stagedState, stJS); err != nil {
		return err
	}
	rec := CommitRecord{Tick: tx.tick, Created: time.Now().UTC(), Ops: tx.ops, StateStaged: stagedState}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	tmp, err := tx.syncStaged(seal(data))
	if err != nil {
		tx.Abort()
		return err
	}
	unlock, err := lockCommit(tx.p.Dir, true)
	if err != nil {
		tx.Abort()
		return err
	}
	defer unlock()
	tx.fail("before-commit-record")
	record := filepath.Join(tx.p.Dir, journalDir, commitName)
	if err := tx.fs().Rename(tmp, record); err != nil {
		tx.Abort()
		return err
	}
	if err := tx.fs().Sync(filepath.Dir(record)); err != nil {
		tx.Abort()
		return err
	}
	tx.committed = true
	tx.fail("after-commit-record")
	_, err = apply(tx.fs(), tx.p.Dir, &rec, tx.fail)
	return err
}

// syncStaged writes the commit record to a temp file beside the journal's
// commit.json and makes it, the staged files and their directory durable,
// all at once; it returns the temp file's name, for the rename into place
// that is the commit point.
func (tx *Tx) syncStaged(record []byte) (string, error) {
	fsys, path := tx.fs(), filepath.Join(tx.p.Dir, journalDir, commitName)
	tmp, err := writeTemp(fsys, filepath.Dir(path), path, record, 0o644, false)
	if err != nil {
		return "", err
	}
	return tmp, fsys.Sync(append(tx.unsynced, filepath.Join(tx.p.Dir, journalDir, "staged"), tmp)...)
}

// JournalError says the journal of an interrupted tick cannot be read:
// storyd cannot tell what that tick committed. It is not storyd's own
// write (the record is written atomically and sealed).
type JournalError struct {
	Path string
	Err  error
}

func (e *JournalError) Error() string {
	return fmt.Sprintf("%s: the journal of an interrupted tick is damaged: %v", e.Path, e.Err)
}

func (e *JournalError) Unwrap() error { return e.Err }

// Abort discards the staged files of a tick that has not reached its
// commit point; after it, Abort does nothing (a committed journal that
// failed to apply is finished by the next Recover).
func (tx *Tx) Abort() {
	if !tx.committed {
		os.RemoveAll(filepath.Join(tx.p.Dir, journalDir))
	}
}

func readCommit(dir string) (*CommitRecord, error) {
	data, err := os.ReadFile(filepath.Join(dir, journalDir, commitName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return parseCommit(data)
}

// parseCommit reads a commit record. The record is written atomically,
// so damage is not a torn write: something else wrote there. The way out
// is the hint of JournalError.
func parseCommit(data []byte) (*CommitRecord, error) {
	rel := filepath.Join(journalDir, commitName)
	data, _, err := unseal(rel, data)
	if err != nil {
		return nil, &JournalError{Path: rel, Err: err}
	}
	var rec CommitRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, &JournalError{Path: rel, Err: fmt.Errorf("unreadable commit record: %w", err)}
	}
	for _, op := range rec.Ops {
		if err := project.CheckPath(op.Path); err != nil {
			return nil, &JournalError{Path: rel, Err: err}
		}
		if !op.Delete && !stagedRE.MatchString(op.Staged) {
			return nil, &JournalError{Path: rel, Err: fmt.Errorf("staged file %q is not one the journal writes", op.Staged)}
		}
	}
	if rec.StateStaged != "" && rec.StateStaged != stagedState || rec.StateStaged == "" && len(rec.State) == 0 {
		return nil, &JournalError{Path: rel, Err: fmt.Errorf("the commit record holds no state (staged as %q)", rec.StateStaged)}
	}
	return &rec, nil
}

// stagedRE matches the staged names Tx.Write gives.
var stagedRE = regexp.MustCompile(`^staged/\d{3,}$`)

// apply renames the staged files into place; it is idempotent, so a crash
// during it is finished by the next Recover. A file whose content is
// neither what the tick loaded nor what it staged was edited after the
// commit point (between a crash and the recovery): the edit is kept and
// the tick's version is set aside under .storyd/conflicts/. apply returns
// the paths it kept that way.
func apply(fsys FS, dir string, rec *CommitRecord, fail func(string)) ([]string, error) {
	dirs := map[string]bool{}
	var kept []string
	for _, op := range rec.Ops {
		if err := project.CheckPath(op.Path); err != nil {
			return kept, err
		}
		target := filepath.Join(dir, op.Path)
		staged := filepath.Join(dir, journalDir, op.Staged)
		if !strings.HasPrefix(op.Path, project.StateDir+"/") {
			cur, err := os.ReadFile(target)
			curHash := absent
			if err == nil {
				curHash = project.Hash(cur)
			} else if !errors.Is(err, os.ErrNotExist) {
				return kept, err
			}
			stagedPending := false
			if _, err := os.Stat(staged); err == nil && !op.Delete {
				stagedPending = true
			}
			// Not yet applied, and no longer what the tick loaded: a person's edit.
			if curHash != op.Before && (op.Delete && curHash != absent || stagedPending) {
				if stagedPending && len(op.Edits) > 0 && curHash != absent {
					// Replay the tick's changes on the person's version: both survive.
					if merged, ok := replay(op.Edits, cur); ok {
						if err := writeAtomic(fsys, target, merged, 0o644); err != nil {
							return kept, err
						}
						fsys.Remove(staged)
						continue
					}
				}
				if stagedPending {
					aside := filepath.Join(dir, project.StateDir, "conflicts", fmt.Sprintf("%06d", rec.Tick), op.Path)
					if err := fsys.MkdirAll(filepath.Dir(aside), 0o755); err != nil {
						return kept, err
					}
					if err := fsys.Rename(staged, aside); err != nil {
						return kept, err
					}
				}
				kept = append(kept, op.Path)
				continue
			}
		}
		if op.Delete {
			if err := fsys.Remove(target); err != nil && !errors.Is(err, os.ErrNotExist) {
				return kept, err
			}
			dirs[filepath.Dir(target)] = true
			if len(dirs) == 1 && fail != nil {
				fail("mid-apply") // after the first change, whichever kind
			}
			continue
		}
		if _, err := os.Stat(staged); errors.Is(err, os.ErrNotExist) {
			dirs[filepath.Dir(target)] = true
			continue // renamed before a crash
		}
		if err := fsys.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return kept, err
		}
		if err := fsys.Rename(staged, target); err != nil {
			return kept, err
		}
		dirs[filepath.Dir(target)] = true
		if len(dirs) == 1 && fail != nil {
			fail("mid-apply")
		}
	}
	if fail != nil {
		fail("before-state")
	}
	if err := applyState(fsys, dir, rec); err != nil {
		return kept, err
	}
	if rec.StateStaged != "" {
		dirs[filepath.Join(dir, project.StateDir)] = true
	}
	// Every rename durable at once (a recovery's too, made before the
	// crash), before the journal that could redo them goes.
	if err := fsys.Sync(slices.Sorted(maps.Keys(dirs))...); err != nil {
		return kept, err
	}
	if fail != nil {
		fail("before-journal-cleanup")
	}
	return kept, fsys.RemoveAll(filepath.Join(dir, journalDir))
}

// applyState puts the committed state.json in place: the staged one
// renamed (unless a crash came after that), its directory left for the
// caller to sync, or an older record's own.
func applyState(fsys FS, dir string, rec *CommitRecord) error {
	target := filepath.Join(dir, project.StateFile)
	if rec.StateStaged == "" {
		return writeAtomic(fsys, target, rec.State, 0o644)
	}
	staged := filepath.Join(dir, journalDir, rec.StateStaged)
	if _, err := os.Stat(staged); errors.Is(err, os.ErrNotExist) {
		return nil // renamed before a crash
	}
	return fsys.Rename(staged, target)
}

// Recover finishes or discards the journal of a killed tick. It reports
// "rolled-forward", "discarded" or "" (nothing to do). Call it with the lock held.
func Recover(dir string) (string, error) {
	jd := filepath.Join(dir, journalDir)
	if _, err := os.Stat(jd); errors.Is(err, os.ErrNotExist) {
		cleanTemps(dir)
		return "", nil
	}
	rec, err := readCommit(dir)
	if err != nil {
		return "", err
	}
	defer cleanTemps(dir)
	if rec == nil {
		return "discarded", os.RemoveAll(jd)
	}
	unlock, err := lockCommit(dir, true)
	if err != nil {
		return "", err
	}
	defer unlock()
	kept, err := apply(OS{}, dir, rec, nil)
	if len(kept) > 0 {
		return fmt.Sprintf("rolled-forward, keeping your edits of %s (storyd's versions are in %s/conflicts/%06d)",
			strings.Join(kept, ", "), project.StateDir, rec.Tick), err
	}
	return "rolled-forward", err
}

// cleanTemps removes the temp files of atomic writes a crash interrupted,
// anywhere in the project but where storyd makes none: the response
// cache's shard directories (.storyd/cache/xx/, 256 of them: CacheStore.Put
// makes its temp files in the cache's top directory), scenes/, summaries/
// and .storyd/history/ (their files are only ever renamed in from the
// journal, whose temp files go with it). Listing them on every run cost
// more than the rest of the walk at 1,000 scenes (~1,500 files, ~1 ms of
// CPU). Only a killed `storyd init` can leave a temp file in scenes/;
// loads ignore it (a dot-file) and `validate --deep` finds it.
func cleanTemps(dir string) {
	shards := filepath.Join(dir, project.StateDir, "cache")
	skip := map[string]bool{filepath.Join(dir, project.SceneDir): true, filepath.Join(dir, project.SummaryDir): true, filepath.Join(dir, historyDir): true}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && path != dir && (d.Name() == ".git" || skip[path] || filepath.Dir(path) == shards && len(d.Name()) == 2) {
			return filepath.SkipDir
		}
		if !d.IsDir() && isTemp(d.Name()) {
			os.Remove(path)
		}
		return nil
	})
}

// isTemp says whether a file name is a temporary file of an atomic write.
func isTemp(name string) bool { return strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-") }

// LoadHistory reads the undo record of a tick; ok is false if there is none.
func LoadHistory(dir string, tick int) (History, bool, error) {
	data, err := os.ReadFile(filepath.Join(dir, HistoryPath(tick)))
	if errors.Is(err, os.ErrNotExist) {
		return History{}, false, nil
	}
	if err != nil {
		return History{}, false, err
	}
	data, _, err = unseal(HistoryPath(tick), data)
	if err != nil {
		return History{}, false, err
	}
	var h History
	if err := json.Unmarshal(data, &h); err != nil {
		return History{}, false, fmt.Errorf("%s: unreadable undo record: %w", HistoryPath(tick), err)
	}
	return h, true, nil
}

// HistoryPath is the project-relative path of a tick's undo record.
func HistoryPath(tick int) string { return fmt.Sprintf("%s/%06d.json", historyDir, tick) }

// Read returns rel as this tick sees it: staged earlier in the tick, or on
// disk; nil if it does not exist.
func (tx *Tx) Read(rel string) ([]byte, error) {
	path := filepath.Join(tx.p.Dir, rel)
	for i := len(tx.ops) - 1; i >= 0; i-- {
		if op := tx.ops[i]; op.Path == rel {
			if op.Delete {
				return nil, nil
			}
			path = filepath.Join(tx.p.Dir, journalDir, op.Staged)
			break
		}
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// FreePath returns rel, or rel with a "-2", "-3"… suffix, so that a file the
// tick creates never lands on an existing one (a person may have renamed a
// scene to the name a new scene would get).
func (tx *Tx) FreePath(rel string) string {
	base := strings.TrimSuffix(rel, ".md")
	for n := 1; ; n++ {
		cand := rel
		if n > 1 {
			cand = fmt.Sprintf("%s-%d.md", base, n)
		}
		_, staged := tx.written[cand]
		_, loaded := tx.p.Loaded[cand]
		if _, err := os.Lstat(filepath.Join(tx.p.Dir, cand)); !staged && !loaded && errors.Is(err, os.ErrNotExist) {
			return cand
		}
	}
}

// Edit stages an in-place change of rel (see inplace.Edit): applied to the file as
// this tick sees it, and remembered for recovery.
func (tx *Tx) Edit(rel string, e inplace.Edit) error {
	data, err := tx.Read(rel)
	if err != nil {
		return err
	}
	out, err := e.Apply(data)
	if err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	if err := tx.Write(rel, out); err != nil {
		return err
	}
	if tx.p.Loaded[rel] == absent {
		return nil // a file this tick creates: nobody else can have edited it
	}
	for i := range tx.ops {
		if tx.ops[i].Path == rel {
			tx.ops[i].Edits = append(tx.ops[i].Edits, e)
		}
	}
	return nil
}

// replay applies a tick's in-place edits to a file's current content.
func replay(edits []inplace.Edit, data []byte) ([]byte, bool) {
	for _, e := range edits {
		var err error
		if data, err = e.Apply(data); err != nil {
			return nil, false
		}
	}
	return data, true
}
