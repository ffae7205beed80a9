package textfile

import (
	"errors"
	"fmt"
	"strings"
)

// Problem is one thing wrong with a project file, reported as
// "path:line: message" with an optional hint.
type Problem struct {
	Path string
	Line int
	Msg  string
	Hint string
}

func (p Problem) Error() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.Path, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.Path, p.Msg)
}

// Problems is every problem found while loading; the project is unusable
// until they are fixed (exit code 3).
type Problems []Problem

func (ps Problems) Error() string {
	if len(ps) == 1 {
		return ps[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems in project files:", len(ps))
	for _, p := range ps {
		b.WriteString("\n  ")
		b.WriteString(p.Error())
	}
	return b.String()
}

// Err is ps as an error: nil for none, the lone Problem for one (as a
// single error reads), else ps.
func (ps Problems) Err() error {
	switch len(ps) {
	case 0:
		return nil
	case 1:
		return ps[0]
	}
	return ps
}

// ProblemsIn is the problems err holds: a Problems' or a lone Problem's,
// nil for any other error.
func ProblemsIn(err error) Problems {
	var ps Problems
	var p Problem
	switch {
	case errors.As(err, &ps):
		return ps
	case errors.As(err, &p):
		return Problems{p}
	}
	return nil
}

// BOM is the UTF-8 byte-order mark a file may start with: read past, kept
// by in-place edits.
var BOM = []byte("\xef\xbb\xbf")
