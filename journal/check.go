package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/storyd/storyd/project"
)

// Finding is one thing `storyd validate --deep` found in storyd's machine
// state (.storyd/) checked against the files, like `git fsck`.
type Finding struct {
	Path    string
	Problem string
	// Repair says what --repair does about it; "" marks a note (a hand
	// edit, a record from an older storyd), which needs no repair.
	Repair string
	fix    func() error
}

// Fix performs the repair (with the project lock held).
func (f Finding) Fix() error {
	if f.fix == nil {
		return nil
	}
	return f.fix()
}

var (
	hashRE    = regexp.MustCompile(`^[0-9a-f]{64}$`)
	historyRE = regexp.MustCompile(`^\d{6}\.json$`)
)

// Check verifies storyd's machine state against the files of p (loaded by
// Load): the tick journal, state.json's hashes, the undo records and the
// response cache, and finds temp files an interrupted write left.
func Check(dir string, p *project.Project) []Finding {
	var out []Finding
	out = append(out, checkJournal(dir)...)
	out = append(out, checkHashes(dir, p)...)
	out = append(out, checkSealed(dir, historyDir, "undo record", "delete it: that tick can no longer be undone (its scene stays)", func(name string) bool { return historyRE.MatchString(name) })...)
	out = append(out, checkSealed(dir, project.StateDir+"/cache", "cached answer", "delete it: the request is asked again (and paid) if it is ever needed", func(name string) bool { return filepath.Ext(name) == ".json" })...)
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isTemp(d.Name()) {
			out = append(out, Finding{Path: rel(dir, path), Problem: "temp file of an interrupted write", Repair: "remove it",
				fix: func() error { return os.Remove(path) }})
		}
		if err == nil && d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		return nil
	})
	return out
}

func rel(dir, path string) string {
	r, err := filepath.Rel(dir, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}

// CheckReadable fails with a *JournalError when an interrupted tick's
// journal cannot be read (what plain `validate` checks of machine state).
func CheckReadable(dir string) error {
	_, err := readCommit(dir)
	return err
}

// checkJournal reports a journal left by an interrupted tick.
func checkJournal(dir string) []Finding {
	jd := filepath.Join(dir, journalDir)
	if _, err := os.Stat(jd); err != nil {
		return nil
	}
	rec, err := readCommit(dir)
	var je *JournalError
	switch {
	case errors.As(err, &je):
		aside := fmt.Sprintf("%s.damaged-%s", jd, time.Now().UTC().Format("20060102T150405"))
		return []Finding{{Path: je.Path, Problem: je.Err.Error(),
			Repair: "move the journal aside to " + rel(dir, aside) + ": the interrupted tick is then redone (answers already paid for replay from the cache); files it may have half-applied read as hand edits",
			fix:    func() error { return os.Rename(jd, aside) }}}
	case err != nil:
		return []Finding{{Path: rel(dir, jd), Problem: err.Error()}}
	case rec == nil:
		return []Finding{{Path: rel(dir, jd), Problem: "an uncommitted tick was interrupted", Repair: "discard it (the next tick would too)",
			fix: func() error { return os.RemoveAll(jd) }}}
	}
	return []Finding{{Path: journalDir + "/" + commitName, Problem: fmt.Sprintf("tick %d committed but not fully applied", rec.Tick),
		Repair: "roll it forward (the next tick, undo or checkpoint would too)",
		fix:    func() error { _, err := Recover(dir); return err }}}
}

// checkHashes compares state.json's record of storyd's writes with the files.
func checkHashes(dir string, p *project.Project) []Finding {
	var out []Finding
	paths := make([]string, 0, len(p.State.Hashes))
	for path := range p.State.Hashes {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		h := p.State.Hashes[path]
		switch {
		case project.CheckPath(path) != nil || !hashRE.MatchString(h):
			out = append(out, Finding{Path: project.StateFile, Problem: fmt.Sprintf("damaged entry %q: %q", path, h),
				Repair: "none automatic: restore state.json from a backup, or delete it to adopt every file as it is"})
		case p.Loaded[path] == "":
			if _, err := os.Lstat(filepath.Join(dir, path)); err == nil {
				continue // a file Load does not read (an index or history file)
			}
			out = append(out, Finding{Path: path, Problem: "deleted since storyd wrote it (a scene is recorded as deleted by the next tick)"})
		case p.Loaded[path] != h:
			out = append(out, Finding{Path: path, Problem: "edited by hand since storyd wrote it (hand edits win; the next tick re-reads it)"})
		}
	}
	return out
}

// checkSealed verifies the sealed records under sub (recursively).
func checkSealed(dir, sub, what, repair string, match func(string) bool) []Finding {
	var out []Finding
	legacy := 0
	filepath.WalkDir(filepath.Join(dir, sub), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !match(d.Name()) || strings.Contains(d.Name(), ".tmp-") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err == nil {
			var sealed bool
			_, sealed, err = unseal(rel(dir, path), data)
			if err == nil && !sealed {
				legacy++
			}
		}
		if err != nil {
			out = append(out, Finding{Path: rel(dir, path), Problem: fmt.Sprintf("%s: %v", what, err), Repair: repair,
				fix: func() error { return os.Remove(path) }})
		}
		return nil
	})
	if legacy > 0 {
		out = append(out, Finding{Path: sub, Problem: fmt.Sprintf("%d %ss from an older storyd have no checksum and cannot be verified", legacy, what)})
	}
	return out
}
