package textfile

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

type shapeEntry struct {
	With string `yaml:"with"`
	Is   string `yaml:"is,omitempty"`
}

type shapeDoc struct {
	Seq     int               `yaml:"seq"`
	Ratio   float64           `yaml:"ratio"`
	Done    bool              `yaml:"done"`
	Tension *int              `yaml:"tension"`
	Tags    []string          `yaml:"tags"`
	Rel     []shapeEntry      `yaml:"relationships"`
	Prices  map[string]string `yaml:"prices"`
	Created time.Time         `yaml:"created"`
	Plain   string            // yaml.v3 names it "plain"
	Skipped string            `yaml:"-"`
}

// Shape says what does not fit in the file's words, at the value's line,
// never naming a Go type; and what the decoder takes, it takes.
func TestShapeSaysWhatDoesNotFit(t *testing.T) {
	for _, c := range []struct {
		doc       string
		line      int
		msg, hint string
	}{
		{"seq: 3\nratio: 2\ndone: false\ntension: 4\ntags: [a, b]\nrelationships:\n  - with: c2\n    is: x\n" +
			"prices: {a: b}\ncreated: 2026-01-31T09:00:00Z\nplain: p\n", 0, "", ""},
		{"created: \"2026-01-31T09:00:00Z\"\ntension:\nseq: ~\n", 0, "", ""},
		{"seq: 3\nseq2: 4\n", 2, `unknown key "seq2"`, `did you mean "seq"?`},
		{"zzzzzz: 1\n", 1, `unknown key "zzzzzz"`, "keys at the top level: seq, ratio, done, tension, tags, relationships, prices, created, plain"},
		{"skipped: x\n", 1, `unknown key "skipped"`, ""},
		{"seq: three\n", 1, `seq: "three" is not a whole number`, "write digits, e.g. seq: 4"},
		{"seq: 3.5\n", 1, `seq: "3.5" is not a whole number`, ""},
		{"ratio: lots\n", 1, `ratio: "lots" is not a number`, "write a number, e.g. ratio: 0.4"},
		{"done: yes\n", 1, `done: "yes" is not true or false`, "write done: true or done: false"},
		{"tension: [1]\n", 1, "tension: expected a single value, found a list", "write it on the key's line, e.g. tension: 4"},
		{"tags: a\n", 1, `tags: expected a list, found "a"`, `write each entry on a line of its own starting with "- ", indented under tags:, or [] for none`},
		{"relationships:\n  - with: c2\n  - c3 is a friend\n", 3, `relationships entry 2: expected "key: value" lines, found "c3 is a friend"`,
			`write the entry as "- with: ...", its other keys on the lines below it, indented alike`},
		{"relationships:\n  - with: c2\n    iss: x\n", 3, `unknown key "iss" in relationships entry 1`, `did you mean "is"?`},
		{"relationships:\n  - with: [c2]\n", 2, "relationships entry 1, with: expected a single value, found a list", "write it on the key's line, e.g. with: value"},
		{"prices: cheap\n", 1, `prices: expected a section of "name: value" lines, found "cheap"`, ""},
		{"created: yesterday\n", 1, `created: "yesterday" is not a date and time`, "write it as storyd does, e.g. created: 2026-01-31T09:00:00Z"},
		{"created: '2026-01-31'\n", 1, `created: "2026-01-31" is not a date and time`, ""},
		{"- a\n- b\n", 1, `the file: expected "key: value" lines, found a list`, ""},
		{"tags: &x [1]\nseq: *x\n", 2, "seq: expected a single value, found a list", ""}, // at the alias
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(c.doc), &doc); err != nil {
			t.Fatalf("%q: %v", c.doc, err)
		}
		m := Shape{}.Check(&doc, reflect.TypeOf(&shapeDoc{}))
		if c.msg == "" {
			if m != nil {
				t.Errorf("%q: %+v; want it to fit", c.doc, *m)
			}
			continue
		}
		if m == nil || m.Line != c.line || m.Msg != c.msg || (c.hint != "" && m.Hint != c.hint) {
			t.Errorf("%q: got %+v; want line %d, %q, hint %q", c.doc, m, c.line, c.msg, c.hint)
		}
		if m != nil && strings.Contains(m.Msg+m.Hint, "shapeDoc") {
			t.Errorf("%q: a Go type in %+v", c.doc, *m)
		}
	}
}

// Special takes over the types it handles; Key hears every key's line.
func TestShapeSpecialAndKey(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("seq: 3\nplain: x\nprices:\n  m: n\n"), &doc); err != nil {
		t.Fatal(err)
	}
	lines := map[string]int{}
	s := Shape{
		Special: func(t reflect.Type, n *yaml.Node) (string, string, bool) {
			if t.Kind() != reflect.String || n.Value != "x" {
				return "", "", false
			}
			return "x is not allowed", "write y", true
		},
		Key: func(field string, line int) { lines[field] = line },
	}
	m := s.Check(&doc, reflect.TypeOf(shapeDoc{}))
	if m == nil || m.Msg != "plain: x is not allowed" || m.Hint != "write y" || m.Line != 2 {
		t.Errorf("got %+v", m)
	}
	if lines["seq"] != 1 || lines["plain"] != 2 {
		t.Errorf("lines %v", lines)
	}
}

// All goes on past each misfit: every one, in the file's order; Check
// stops at the first.
func TestShapeAll(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("seq: x\nzzz: 1\nrelationships:\n  - with: [a]\n  - iss: b\ndone: 3\n"), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range (Shape{}).All(&doc, reflect.TypeOf(shapeDoc{})) {
		got = append(got, strconv.Itoa(m.Line)+": "+m.Msg)
	}
	want := []string{`1: seq: "x" is not a whole number`, `2: unknown key "zzz"`, "4: relationships entry 1, with: expected a single value, found a list",
		`5: unknown key "iss" in relationships entry 2`, `6: done: "3" is not true or false`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if m := (Shape{}).Check(&doc, reflect.TypeOf(shapeDoc{})); m == nil || m.Line != 1 {
		t.Errorf("Check: %+v; want the first", m)
	}
	if (Shape{}).All(&yaml.Node{}, reflect.TypeOf(shapeDoc{})) != nil {
		t.Errorf("an empty document has misfits")
	}
}

// An alias's target is walked once for a type: its misfits are told once,
// at their lines, and the work is the document's size, not that of its
// aliases expanded (here 300 aliases of a section of 300 unknown keys:
// 90,000 misfits if each use were walked).
func TestShapeWalksAnAliasOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString("relationships:\n  - &r {with: c1")
	for i := range 300 {
		fmt.Fprintf(&b, ", k%d: x", i)
	}
	b.WriteString("}\n")
	for range 299 {
		b.WriteString("  - *r\n")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	if ms := (Shape{}).All(&doc, reflect.TypeOf(shapeDoc{})); len(ms) != 300 || ms[0].Line != 2 || ms[299].Line != 2 {
		t.Errorf("%d misfits (first %+v); want the 300 unknown keys once, at line 2", len(ms), ms[0])
	}
	// The same target as another type is walked again: tags is a list of
	// text, relationships a list of sections.
	if err := yaml.Unmarshal([]byte("relationships: &l [a]\ntags: *l\n"), &doc); err != nil {
		t.Fatal(err)
	}
	if ms := (Shape{}).All(&doc, reflect.TypeOf(shapeDoc{})); len(ms) != 1 || ms[0].Line != 1 {
		t.Errorf("%+v; want relationships entry 1 alone (tags fits)", ms)
	}
}
