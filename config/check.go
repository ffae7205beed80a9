package config

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/storyd/storyd/textfile"
	"gopkg.in/yaml.v3"
)

// This file turns storyd.yaml mistakes into `storyd.yaml:LINE: message`
// plus a hint, in the words of the file (field paths like
// llm.max_retries), never of Go (no type names): the YAML library's own
// messages name Go types and, for indentation slips, often the line where
// the enclosing block began rather than the offending line.

// checkText rejects bytes that break the byte rule of every project file
// (textfile.Check), and tabs used for indentation, before YAML sees them:
// the YAML library reports the first with no line and the second on the
// wrong line.
func checkText(path string, data []byte) error {
	if ps := textfile.Check(path, data); len(ps) > 0 {
		return ps.Err()
	}
	if m := textfile.TabIndent(data); m != nil {
		return textfile.Problem{Path: path, Line: m.Line, Msg: m.Msg, Hint: m.Hint}
	}
	return nil
}

// syntaxError rewrites a YAML parse error. For indentation slips it looks
// for the first line whose indentation fits no open block, since the
// library often names the line where the block began.
func syntaxError(path string, data []byte, err error, yl textfile.YAMLLines) textfile.Problem {
	e := textfile.Problem{Path: path,
		Hint: "check the indentation (spaces, two per level) and put quotes around values that contain \": \" or start with a special character"}
	e.Line, e.Msg = yl.Message(strings.TrimPrefix(err.Error(), "yaml: "))
	if line, what, hint := textfile.BadIndent(data); line > 0 && (e.Line == 0 || line >= e.Line) {
		e.Line, e.Msg, e.Hint = line, what, hint
	} else if msg, hint, ok := textfile.SyntaxWords(e.Msg); ok {
		e.Msg, e.Hint = msg, hint
	}
	if e.Line == 0 {
		e.Line = 1 // the YAML library names no line when the error is on the first
	}
	return e
}

var durationType = reflect.TypeOf(Duration(0))

// shape checks storyd.yaml's keys and values against Config
// (textfile.Shape), durations by Go's syntax, and records each field's
// line into lines, for Validate.
func shape(lines map[string]int) textfile.Shape {
	return textfile.Shape{
		Special: func(t reflect.Type, n *yaml.Node) (string, string, bool) {
			switch {
			case t != durationType:
				return "", "", false
			case n.Kind != yaml.ScalarNode:
				return "expected a duration", "write e.g. 90s, 2m or 1h30m", true
			}
			if _, err := time.ParseDuration(n.Value); err != nil {
				return fmt.Sprintf("%q is not a duration", n.Value), "write e.g. 90s, 2m or 1h30m (a number needs its unit)", true
			}
			return "", "", true
		},
		Key:      func(field string, line int) { lines[field] = line },
		KeysNote: "(`storyd init` writes a commented storyd.yaml with every key)",
	}
}
