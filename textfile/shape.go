package textfile

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// This file says what in a YAML document does not fit the Go type it
// decodes into, in the words of the file, never of Go: the YAML library's
// own messages name Go types ("cannot unmarshal !!str `four` into int",
// "field povv not found in type project.Scene") and, for a date, no line
// at all. storyd.yaml and every frontmatter block go through it.

// Misfit is a key or value that does not fit: its YAML line (YAMLLines
// turns it into the file's), the message (beginning with the field's
// path, e.g. "llm.max_retries: ...") and a hint.
type Misfit struct {
	Line      int
	Msg, Hint string
}

// Shape checks YAML documents against Go types: structs (by their yaml
// tags, as yaml.v3 names fields; inline fields are not supported), maps,
// lists, numbers, booleans, strings and dates.
type Shape struct {
	// Special checks a value of a type with a syntax of its own (a
	// duration): its message and hint when the value does not fit; handled
	// false leaves the value to the checks by kind.
	Special func(t reflect.Type, n *yaml.Node) (msg, hint string, handled bool)
	// Key, when set, is told each key's field path and YAML line.
	Key func(field string, line int)
	// KeysNote ends the hint that lists a section's keys for an unknown
	// one (where to see them all).
	KeysNote string

	found *[]Misfit // All's: every misfit, the walk going on past each
	// seen are the alias targets walked, with the type they were walked
	// as: each is walked once, so the work is the document's size, not
	// the size of its aliases expanded (1,000 aliases of a section of
	// 1,000 keys), and its misfits are told once, at its own lines.
	seen map[aliasVisit]bool
}

type aliasVisit struct {
	n *yaml.Node
	t reflect.Type
}

// Check returns the first key or value of doc, in the file's order, that
// t has no place for, or nil. An empty value fits anything (the field
// keeps its default), as it does for the decoder.
func (s Shape) Check(doc *yaml.Node, t reflect.Type) *Misfit {
	s.found, s.seen = nil, map[aliasVisit]bool{}
	return s.check("", doc, t)
}

// All is every misfit of doc, in the file's order: each key and value
// stands on its own, so one that does not fit hides none of the others
// (the values inside it aside).
func (s Shape) All(doc *yaml.Node, t reflect.Type) []Misfit {
	var found []Misfit
	s.found, s.seen = &found, map[aliasVisit]bool{}
	if m := s.check("", doc, t); m != nil {
		found = append(found, *m)
	}
	return found
}

// stop is whether the walk ends at m: Check's does; All's records it and
// goes on.
func (s Shape) stop(m *Misfit) bool {
	if m == nil {
		return false
	}
	if s.found == nil {
		return true
	}
	*s.found = append(*s.found, *m)
	return false
}

var timeType = reflect.TypeOf(time.Time{})

func (s Shape) check(field string, n *yaml.Node, t reflect.Type) *Misfit {
	if n.Kind == yaml.DocumentNode {
		for _, c := range n.Content {
			if m := s.check(field, c, t); s.stop(m) {
				return m
			}
		}
		return nil
	}
	if n.Kind == 0 {
		return nil // an empty document: nothing set
	}
	at := n.Line // an alias's own line: the value is wrong where it is used
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Anchor != "" { // an alias's target, walked where it stands or at an alias
		v := aliasVisit{n, t}
		if s.seen[v] {
			return nil // told at its first use
		}
		s.seen[v] = true
	}
	if n.Tag == "!!null" {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	bad := func(msg, hint string) *Misfit {
		name := field
		if name == "" {
			name = "the file"
		}
		return &Misfit{Line: at, Msg: name + ": " + msg, Hint: hint}
	}
	if s.Special != nil {
		if msg, hint, handled := s.Special(t, n); handled {
			if msg != "" {
				return bad(msg, hint)
			}
			return nil
		}
	}
	switch {
	case t == timeType:
		return s.checkTime(n, field, bad)
	case t.Kind() == reflect.Struct:
		return s.checkStruct(field, n, t, bad)
	case t.Kind() == reflect.Map:
		return s.checkMap(field, n, t, bad)
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return bad("expected a list, found "+nodeKind(n), "write each entry on a line of its own starting with \"- \", indented under "+lastPart(field)+":, or [] for none")
		}
		for i, c := range n.Content {
			if m := s.check(fmt.Sprintf("%s entry %d", field, i+1), c, t.Elem()); s.stop(m) {
				return m
			}
		}
		return nil
	case t.Kind() == reflect.Interface:
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return bad("expected a single value, found "+nodeKind(n), "write it on the key's line, e.g. "+lastPart(field)+": "+example(t))
	}
	return checkScalar(n, t, field, bad)
}

func (s Shape) checkMap(field string, n *yaml.Node, t reflect.Type, bad func(string, string) *Misfit) *Misfit {
	if n.Kind != yaml.MappingNode {
		return bad("expected a section of \"name: value\" lines, found "+nodeKind(n), "write one entry per line, indented under "+lastPart(field)+":, or {} for none")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind != yaml.ScalarNode {
			// A section or list as a name ("{}:", "[a]:") is valid YAML
			// the decoder refuses in its own words.
			m := &Misfit{Line: k.Line, Msg: fmt.Sprintf("%s: a name must be plain text, found %s", lastPart(field), nodeKind(k)),
				Hint: "write each entry under " + lastPart(field) + ": as \"name: value\", with plain text before the colon"}
			if s.stop(m) {
				return m
			}
			continue
		}
		if m := s.checkKey(join(field, n.Content[i].Value), n.Content[i], n.Content[i+1], t.Elem()); s.stop(m) {
			return m
		}
	}
	return nil
}

func checkScalar(n *yaml.Node, t reflect.Type, field string, bad func(string, string) *Misfit) *Misfit {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.Tag != "!!int" {
			return bad(fmt.Sprintf("%q is not a whole number", n.Value), "write digits, e.g. "+lastPart(field)+": 4")
		}
	case reflect.Float32, reflect.Float64:
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

// checkTime accepts what the decoder reads as a date: a YAML timestamp
// (2026-01-31, 2026-01-31T09:00:00Z) or a quoted RFC 3339 time.
func (s Shape) checkTime(n *yaml.Node, field string, bad func(string, string) *Misfit) *Misfit {
	if n.Kind != yaml.ScalarNode {
		return bad("expected a date and time, found "+nodeKind(n), "write it on the key's line, e.g. "+lastPart(field)+": 2026-01-31T09:00:00Z")
	}
	if n.Tag == "!!timestamp" {
		return nil
	}
	if _, err := time.Parse(time.RFC3339Nano, n.Value); err == nil && n.Tag == "!!str" {
		return nil
	}
	return bad(fmt.Sprintf("%q is not a date and time", n.Value), "write it as storyd does, e.g. "+lastPart(field)+": 2026-01-31T09:00:00Z")
}

func (s Shape) checkStruct(field string, n *yaml.Node, t reflect.Type, bad func(string, string) *Misfit) *Misfit {
	names := yamlKeys(t)
	if n.Kind != yaml.MappingNode {
		switch {
		case field == "":
			return bad("expected \"key: value\" lines, found "+nodeKind(n), "write one \"key: value\" line per field, each starting at the line's first column")
		case isEntry(field) && len(names) > 0:
			return bad("expected \"key: value\" lines, found "+nodeKind(n),
				fmt.Sprintf("write the entry as \"- %s: ...\", its other keys on the lines below it, indented alike", names[0]))
		}
		return bad("expected a section of \"key: value\" lines, found "+nodeKind(n), "indent its keys by two spaces under "+lastPart(field)+":")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !slices.Contains(names, k.Value) {
			if m := s.unknownKey(field, k, names); s.stop(m) {
				return m
			}
			continue
		}
		if m := s.checkKey(join(field, k.Value), k, n.Content[i+1], fieldType(t, k.Value)); s.stop(m) {
			return m
		}
	}
	return nil
}

func (s Shape) checkKey(field string, k, v *yaml.Node, t reflect.Type) *Misfit {
	if s.Key != nil {
		s.Key(field, k.Line)
	}
	return s.check(field, v, t)
}

func (s Shape) unknownKey(field string, k *yaml.Node, names []string) *Misfit {
	m := &Misfit{Line: k.Line, Msg: fmt.Sprintf("unknown key %q", join(field, k.Value))}
	if strings.Contains(field, " entry ") {
		m.Msg = fmt.Sprintf("unknown key %q in %s", k.Value, field)
	}
	if c := Closest(k.Value, names); c != "" {
		m.Hint = fmt.Sprintf("did you mean %q?", c)
		return m
	}
	where := "at the top level"
	if field != "" {
		where = "under " + field
	}
	m.Hint = fmt.Sprintf("keys %s: %s", where, strings.Join(names, ", "))
	if s.KeysNote != "" {
		m.Hint += " " + s.KeysNote
	}
	return m
}

// yamlKeys are the keys of a struct type as yaml.v3 decodes them, in
// declaration order: a field's yaml tag name, else its lower-cased name;
// unexported fields and "-" have none.
func yamlKeys(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if name := yamlKey(t.Field(i)); name != "" {
			out = append(out, name)
		}
	}
	return out
}

func yamlKey(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	switch name {
	case "-":
		return ""
	case "":
		return strings.ToLower(f.Name)
	}
	return name
}

// fieldType is the type of the field of t with the YAML key name.
func fieldType(t reflect.Type, name string) reflect.Type {
	for i := 0; i < t.NumField(); i++ {
		if yamlKey(t.Field(i)) == name {
			return t.Field(i).Type
		}
	}
	return nil
}

// isEntry reports whether a field path names a list entry
// ("relationships entry 2", not "relationships entry 2, with").
func isEntry(field string) bool {
	i := strings.LastIndex(field, " entry ")
	return i >= 0 && !strings.ContainsAny(field[i:], ".,")
}

// join is the path of a key under field: "llm.max_retries", and after a
// list entry "facts entry 1, scene".
func join(field, key string) string {
	switch {
	case field == "":
		return key
	case isEntry(field):
		return field + ", " + key
	}
	return field + "." + key
}

func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a section of keys"
	}
	return strconv.Quote(n.Value)
}

// lastPart is the key a field path ends with: "max_retries" of
// "llm.max_retries", "scene" of "facts entry 1, scene", "relationships"
// of "relationships entry 2".
func lastPart(field string) string {
	if i := strings.LastIndexAny(field, ".,"); i >= 0 {
		field = strings.TrimLeft(field[i+1:], " ")
	}
	field, _, _ = strings.Cut(field, " entry ")
	return field
}

func example(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64:
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
