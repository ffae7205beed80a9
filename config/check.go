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
func checkText(path string, data []byte) *Error {
	if ps := textfile.Check(path, data); len(ps) > 0 {
		return &Error{Path: path, Line: ps[0].Line, Msg: ps[0].Msg, Hint: ps[0].Hint}
	}
	for i, l := range strings.Split(string(data), "\n") {
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if strings.Contains(indent, "\t") && strings.TrimSpace(l) != "" {
			return &Error{Path: path, Line: i + 1, Msg: "a tab in the indentation",
				Hint: "YAML indents with spaces only: replace the tab with spaces (two per level, as in the rest of the file)"}
		}
	}
	return nil
}

// syntaxError rewrites a YAML parse error. For indentation slips it looks
// for the first line whose indentation fits no open block, since the
// library often names the line where the block began.
func syntaxError(path string, data []byte, err error, yl textfile.YAMLLines) *Error {
	e := &Error{Path: path,
		Hint: "check the indentation (spaces, two per level) and put quotes around values that contain \": \" or start with a special character"}
	e.Line, e.Msg = yl.Message(strings.TrimPrefix(err.Error(), "yaml: "))
	if line, what := badIndent(data); line > 0 && (e.Line == 0 || line >= e.Line) {
		e.Line, e.Msg = line, what
		e.Hint = "indent each key by two spaces more than the section it belongs to, and keys of one section alike"
	}
	if e.Line == 0 {
		e.Line = 1 // the YAML library names no line when the error is on the first
	}
	return e
}

// badIndent finds the first key line whose indentation fits no open
// mapping: deeper than a line that already has its value, or between two
// enclosing levels. Lines of flow collections and block scalars are not
// checked (a heuristic used only after the parser failed).
func badIndent(data []byte) (int, string) {
	levels := []int{0} // indentation of the open mappings, innermost last
	opens := false     // the previous key line ends with "key:" and opens a block
	blockScalar := -1  // inside a "|" or ">" value: lines deeper than this are text
	for i, raw := range strings.Split(string(data), "\n") {
		l := strings.TrimRight(raw, " \r")
		t := strings.TrimLeft(l, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		ind := len(l) - len(t)
		if blockScalar >= 0 && ind > blockScalar {
			continue
		}
		blockScalar = -1
		if strings.HasPrefix(t, "- ") || t == "-" {
			opens = false
			continue
		}
		top := levels[len(levels)-1]
		switch {
		case ind > top && opens:
			levels = append(levels, ind)
		case ind > top:
			return i + 1, "this line is indented deeper than the line above, which already has its value"
		default:
			for len(levels) > 1 && levels[len(levels)-1] > ind {
				levels = levels[:len(levels)-1]
			}
			if levels[len(levels)-1] != ind {
				return i + 1, "this line's indentation matches no enclosing section"
			}
		}
		_, val, ok := strings.Cut(stripComment(t), ":")
		val = strings.TrimSpace(val)
		opens = ok && val == ""
		if ok && (strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">")) {
			blockScalar = ind
		}
	}
	return 0, ""
}

func stripComment(s string) string {
	if i := strings.Index(s, " #"); i >= 0 {
		return s[:i]
	}
	return s
}

var durationType = reflect.TypeOf(Duration(0))

// checkNode walks a decoded document against the type it will be decoded
// into: unknown keys (with a did-you-mean), values of the wrong kind (named
// by field path), and each field's line into lines, for Validate.
func checkNode(path, field string, n *yaml.Node, t reflect.Type, lines map[string]int) *Error {
	if n.Kind == yaml.DocumentNode {
		for _, c := range n.Content {
			if err := checkNode(path, field, c, t, lines); err != nil {
				return err
			}
		}
		return nil
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Tag == "!!null" {
		return nil // an empty value keeps the default
	}
	bad := func(msg, hint string) *Error {
		name := field
		if name == "" {
			name = "the file"
		}
		return &Error{Path: path, Line: n.Line, Msg: name + ": " + msg, Hint: hint}
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == durationType:
		if n.Kind != yaml.ScalarNode {
			return bad("expected a duration", `write e.g. 90s, 2m or 1h30m`)
		}
		if _, err := time.ParseDuration(n.Value); err != nil {
			return bad(fmt.Sprintf("%q is not a duration", n.Value), `write e.g. 90s, 2m or 1h30m (a number needs its unit)`)
		}
		return nil
	case t.Kind() == reflect.Struct:
		return checkMapping(path, field, n, t, lines, bad)
	case t.Kind() == reflect.Map:
		if n.Kind != yaml.MappingNode {
			return bad("expected a section of \"name: value\" lines, found "+nodeKind(n), "write one entry per line, indented under "+field+":, or {} for none")
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			sub := field + "." + k.Value
			lines[sub] = k.Line
			if err := checkNode(path, sub, v, t.Elem(), lines); err != nil {
				return err
			}
		}
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return bad("expected a single value, found "+nodeKind(n), "write it on the key's line, e.g. "+lastPart(field)+": "+example(t))
	}
	switch t.Kind() {
	case reflect.Int:
		if n.Tag != "!!int" {
			return bad(fmt.Sprintf("%q is not a whole number", n.Value), "write digits, e.g. "+lastPart(field)+": 4")
		}
	case reflect.Float64:
		if n.Tag != "!!int" && n.Tag != "!!float" {
			return bad(fmt.Sprintf("%q is not a number", n.Value), "write a number, e.g. "+lastPart(field)+": 0.4")
		}
	case reflect.Bool:
		if n.Tag != "!!bool" {
			return bad(fmt.Sprintf("%q is not true or false", n.Value), "write "+lastPart(field)+": true or "+lastPart(field)+": false")
		}
	}
	return nil
}

func checkMapping(path, field string, n *yaml.Node, t reflect.Type, lines map[string]int, bad func(string, string) *Error) *Error {
	if n.Kind != yaml.MappingNode {
		return bad("expected a section of \"key: value\" lines, found "+nodeKind(n), "indent its keys by two spaces under "+field+":")
	}
	known := yamlKeys(t)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		sub := k.Value
		if field != "" {
			sub = field + "." + k.Value
		}
		idx, ok := known[k.Value]
		if !ok {
			names := sortedKeys(t)
			e := &Error{Path: path, Line: k.Line, Msg: fmt.Sprintf("unknown key %q", sub)}
			if s := Closest(k.Value, names); s != "" {
				e.Hint = fmt.Sprintf("did you mean %q?", s)
			} else {
				where := "at the top level"
				if field != "" {
					where = "under " + field
				}
				e.Hint = fmt.Sprintf("keys %s: %s (`storyd init` writes a commented storyd.yaml with every key)", where, strings.Join(names, ", "))
			}
			return e
		}
		lines[sub] = k.Line
		if err := checkNode(path, sub, v, t.Field(idx).Type, lines); err != nil {
			return err
		}
	}
	return nil
}

// yamlKeys maps a struct's YAML keys to field indexes.
func yamlKeys(t reflect.Type) map[string]int {
	m := map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}

func sortedKeys(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			out = append(out, name) // declaration order, as in the template
		}
	}
	return out
}

func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a section of keys"
	}
	return fmt.Sprintf("%q", n.Value)
}

func lastPart(field string) string {
	if i := strings.LastIndex(field, "."); i >= 0 {
		return field[i+1:]
	}
	return field
}

func example(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int:
		return "4"
	case reflect.Float64:
		return "0.4"
	case reflect.Bool:
		return "true"
	}
	return "value"
}

// Closest returns the known name within edit distance 2 of s, if any: the
// "did you mean" of every YAML key storyd reads.
func Closest(s string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := editDistance(s, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
