package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/projects"
)

// initFromExample copies the example project into dir. Like init it never
// overwrites: a second run of the README's first command is refused with
// a pointer to the project it already made, instead of nesting a copy.
func initFromExample(dir string, e *env) error {
	if err := refuseNonEmpty(dir); err != nil {
		return err
	}
	src := projects.Example()
	err := fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := fs.ReadFile(src, path)
		if err != nil {
			return err
		}
		return journal.WriteFileAtomic(target, data, 0o644)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "created %s from the example project (offline stand-in model: no setup, no network)\n", dir)
	fmt.Fprintf(e.stdout, "next: `storyd tick %s --to-tick 3`, then `storyd status %s`\n", dir, dir)
	return nil
}

// hintedError is a plain error (exit 1) that comes with a hint.
type hintedError struct{ msg, hint string }

func (e *hintedError) Error() string { return e.msg }
