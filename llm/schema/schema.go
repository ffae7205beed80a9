package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Why a hand-written subset rather than a maintained validator (evaluated
// for issue 11, November 2026, against github.com/santhosh-tekuri/jsonschema/v6
// v6.0.3 and github.com/google/jsonschema-go v0.4.3):
//
//   - The parsed schema is needed anyway: the offline stand-in generates
//     answers from it (package offline) and must see properties in the schema's
//     order, which neither library keeps. Switching would remove only the
//     checker (check, typeOK, jsonEqual: about 150 lines), not the parser.
//   - Re-ask messages. google/jsonschema-go stops at the first problem and
//     names the schema path ("validating /properties/title: type: 5 has type
//     "integer", want "string""); a re-ask wants every problem at once.
//     santhosh-tekuri lists them all, but in map order and without the
//     offending value ("at '/pov': value must be one of 'c1', 'c2'"), where
//     this checker says `pov: "Bob" is not one of ["c1","c2"]` in schema
//     order, so a model sees the fields in the order it writes them.
//     Getting that from santhosh-tekuri means a switch over its error kinds:
//     as long as the checker it would replace.
//   - Size: 7,000 lines plus golang.org/x/text (santhosh-tekuri) or 6,300
//     lines (google) for a subset of 14 keywords that storyd's own schemas
//     use (planner, summarizer) and that OpenAI strict mode accepts.
//
// Revisit if storyd ever accepts user-written schemas: then $ref, formats
// and the rest of draft 2020-12 matter and a library is the right tool.

// Node is the JSON Schema subset storyd uses: type, properties,
// required, additionalProperties, items, enum, const, anyOf, minItems,
// maxItems, minimum, maximum, minLength, maxLength. Properties keep the
// schema's order so generated answers and error lists are stable.
type Node struct {
	Types     []string
	Props     []Property
	Required  []string
	Closed    bool  // additionalProperties: false
	Extra     *Node // additionalProperties as a schema
	Items     *Node
	Enum      []any
	AnyOf     []*Node
	MinItems  *int
	MaxItems  *int
	Minimum   *float64
	Maximum   *float64
	MinLength *int
	MaxLength *int
}

// Property is one member of an object schema's properties, in order.
type Property struct {
	Name string
	Node *Node
}

// annotation keywords do not change what validates.
var annotations = map[string]bool{
	"title": true, "description": true, "$schema": true, "$id": true, "$comment": true,
	"default": true, "examples": true, "format": true,
}

// Parse reads a JSON Schema of the subset described on Node; any other
// keyword is an error rather than ignored.
func Parse(raw json.RawMessage) (*Node, error) {
	return parseNode(raw, "(root)")
}

func parseNode(raw json.RawMessage, path string) (*Node, error) {
	keys, m, err := orderedObject(raw)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	n := &Node{}
	for _, k := range keys {
		if err := n.parseKeyword(k, m[k], path); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// parseKeyword reads one keyword of the schema object at path into n.
func (n *Node) parseKeyword(k string, v json.RawMessage, path string) error {
	bad := func(err error) error { return fmt.Errorf("schema %s: %s: %w", path, k, err) }
	var err error
	switch k {
	case "type":
		return n.parseType(v, path, bad)
	case "properties":
		return n.parseProperties(v, path, bad)
	case "required":
		if err := json.Unmarshal(v, &n.Required); err != nil {
			return bad(err)
		}
	case "additionalProperties":
		var b bool
		if json.Unmarshal(v, &b) == nil {
			n.Closed = !b
		} else if n.Extra, err = parseNode(v, path+".*"); err != nil {
			return err
		}
	case "items":
		n.Items, err = parseNode(v, path+"[]")
		return err
	case "enum":
		if err := decodeNumbers(v, &n.Enum); err != nil {
			return bad(err)
		}
	case "const":
		var c any
		if err := decodeNumbers(v, &c); err != nil {
			return bad(err)
		}
		n.Enum = []any{c}
	case "anyOf":
		return n.parseAnyOf(v, path, bad)
	case "minItems", "maxItems", "minLength", "maxLength":
		var i int
		if err := json.Unmarshal(v, &i); err != nil || i < 0 {
			return fmt.Errorf("schema %s: %s must be a non-negative integer", path, k)
		}
		switch k {
		case "minItems":
			n.MinItems = &i
		case "maxItems":
			n.MaxItems = &i
		case "minLength":
			n.MinLength = &i
		default:
			n.MaxLength = &i
		}
	case "minimum", "maximum":
		var f float64
		if err := json.Unmarshal(v, &f); err != nil {
			return bad(err)
		}
		if k == "minimum" {
			n.Minimum = &f
		} else {
			n.Maximum = &f
		}
	default:
		if !annotations[k] {
			// Silently ignoring e.g. $ref or pattern would accept anything there.
			return fmt.Errorf("schema %s: unsupported keyword %q", path, k)
		}
	}
	return nil
}

func (n *Node) parseType(v json.RawMessage, path string, bad func(error) error) error {
	var one string
	if json.Unmarshal(v, &one) == nil {
		n.Types = []string{one}
	} else if err := json.Unmarshal(v, &n.Types); err != nil {
		return bad(err)
	}
	for _, t := range n.Types {
		switch t {
		case "object", "array", "string", "integer", "number", "boolean", "null":
		default:
			return fmt.Errorf("schema %s: unknown type %q", path, t)
		}
	}
	return nil
}

func (n *Node) parseProperties(v json.RawMessage, path string, bad func(error) error) error {
	keys, m, err := orderedObject(v)
	if err != nil {
		return bad(err)
	}
	for _, name := range keys {
		child, err := parseNode(m[name], joinPath(path, name))
		if err != nil {
			return err
		}
		n.Props = append(n.Props, Property{name, child})
	}
	return nil
}

func (n *Node) parseAnyOf(v json.RawMessage, path string, bad func(error) error) error {
	var list []json.RawMessage
	if err := json.Unmarshal(v, &list); err != nil {
		return bad(err)
	}
	for i, s := range list {
		child, err := parseNode(s, fmt.Sprintf("%s(anyOf %d)", path, i))
		if err != nil {
			return err
		}
		n.AnyOf = append(n.AnyOf, child)
	}
	return nil
}

// orderedObject decodes a JSON object, remembering key order.
func orderedObject(raw json.RawMessage) ([]string, map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, nil, fmt.Errorf("want a JSON object")
	}
	var keys []string
	m := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		k := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		if _, dup := m[k]; !dup {
			keys = append(keys, k)
		}
		m[k] = v
	}
	return keys, m, nil
}

func decodeNumbers(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return dec.Decode(v)
}

func joinPath(path, name string) string {
	if path == "(root)" {
		return name
	}
	return path + "." + name
}

// ValidationError lists every way a document breaks its schema, in schema
// order, e.g. `plan.pov: "Bob" is not one of ["alice","carol"]`.
type ValidationError struct {
	Problems []string
}

func (e *ValidationError) Error() string {
	return strings.Join(e.Problems, "; ")
}

// maxProblems keeps a re-ask prompt short when an answer is badly off.
const maxProblems = 20

// Validate checks doc against schema (the subset described on Node).
// A broken schema is reported as a plain error; a document that does not
// fit as a *ValidationError.
func Validate(schema json.RawMessage, doc []byte) error {
	n, err := Parse(schema)
	if err != nil {
		return fmt.Errorf("llm: %w", err)
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return &ValidationError{Problems: []string{"not valid JSON: " + err.Error()}}
	}
	if dec.More() {
		return &ValidationError{Problems: []string{"not valid JSON: extra data after the value"}}
	}
	var probs []string
	n.check(v, "(root)", &probs)
	if len(probs) == 0 {
		return nil
	}
	if len(probs) > maxProblems {
		probs = append(probs[:maxProblems], fmt.Sprintf("and %d more problems", len(probs)-maxProblems))
	}
	return &ValidationError{Problems: probs}
}

func (n *Node) check(v any, path string, probs *[]string) {
	add := func(format string, args ...any) {
		*probs = append(*probs, path+": "+fmt.Sprintf(format, args...))
	}
	if len(n.AnyOf) > 0 {
		ok := false
		for _, alt := range n.AnyOf {
			var p []string
			alt.check(v, path, &p)
			if len(p) == 0 {
				ok = true
				break
			}
		}
		if !ok {
			add("%s does not match any allowed form", describe(v))
			return
		}
	}
	if len(n.Types) > 0 && !n.typeOK(v) {
		add("expected %s, got %s", strings.Join(n.Types, " or "), jsonType(v))
		return
	}
	if len(n.Enum) > 0 {
		found := false
		for _, e := range n.Enum {
			if jsonEqual(e, v) {
				found = true
				break
			}
		}
		if !found {
			add("%s is not one of %s", compact(v), compact(n.Enum))
			return
		}
	}
	switch x := v.(type) {
	case map[string]any:
		known := map[string]bool{}
		for _, p := range n.Props {
			known[p.Name] = true
		}
		for _, r := range n.Required {
			if _, ok := x[r]; !ok {
				*probs = append(*probs, joinPath(path, r)+": missing required property")
			}
		}
		for _, p := range n.Props {
			if pv, ok := x[p.Name]; ok {
				p.Node.check(pv, joinPath(path, p.Name), probs)
			}
		}
		var extra []string
		for k := range x {
			if !known[k] {
				extra = append(extra, k)
			}
		}
		sort.Strings(extra)
		for _, k := range extra {
			switch {
			case n.Closed:
				*probs = append(*probs, joinPath(path, k)+": unknown property")
			case n.Extra != nil:
				n.Extra.check(x[k], joinPath(path, k), probs)
			}
		}
	case []any:
		if n.MinItems != nil && len(x) < *n.MinItems {
			add("has %d items; want at least %d", len(x), *n.MinItems)
		}
		if n.MaxItems != nil && len(x) > *n.MaxItems {
			add("has %d items; want at most %d", len(x), *n.MaxItems)
		}
		if n.Items != nil {
			for i, it := range x {
				n.Items.check(it, fmt.Sprintf("%s[%d]", strings.TrimPrefix(path, "(root)"), i), probs)
			}
		}
	case string:
		l := utf8.RuneCountInString(x)
		if n.MinLength != nil && l < *n.MinLength {
			add("is %d characters long; want at least %d", l, *n.MinLength)
		}
		if n.MaxLength != nil && l > *n.MaxLength {
			add("is %d characters long; want at most %d", l, *n.MaxLength)
		}
	case json.Number:
		f, _ := x.Float64()
		if n.Minimum != nil && f < *n.Minimum {
			add("%s is less than the minimum %s", x, fmtNum(*n.Minimum))
		}
		if n.Maximum != nil && f > *n.Maximum {
			add("%s is more than the maximum %s", x, fmtNum(*n.Maximum))
		}
	}
}

func (n *Node) typeOK(v any) bool {
	got := jsonType(v)
	for _, t := range n.Types {
		if t == got || (t == "number" && got == "integer") {
			return true
		}
	}
	return false
}

// jsonType names v's JSON type; integral numbers are "integer".
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		f, err := x.Float64()
		if err == nil && f == math.Trunc(f) && !math.IsInf(f, 0) {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

func jsonEqual(a, b any) bool {
	an, aok := a.(json.Number)
	bn, bok := b.(json.Number)
	if aok && bok {
		af, _ := an.Float64()
		bf, _ := bn.Float64()
		return af == bf
	}
	return compact(a) == compact(b)
}

func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func describe(v any) string {
	s := compact(v)
	if len(s) > 40 {
		return jsonType(v)
	}
	return s
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
