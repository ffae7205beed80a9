package textfile

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// Every key of a YAML document, whatever breaks its lines, is at the line
// of the file (counted at "\n") that FileLine names for YAML's line.
func TestYAMLLinesNameTheFileLine(t *testing.T) {
	for _, sep := range []string{"\n", "\r\n", "\r", "\u0085", "\u2028", "\u2029"} {
		for _, doc := range []string{
			"a: 1" + sep + "b: 2\nc: 3" + sep + sep + "d: 4\n",
			"a: 1\nb: 2" + sep + "c: 3",
			"a: \"x" + sep + "y\"\nb: 2" + sep + "c: 3\n",
			"# note" + sep + "a: 1" + sep + "\n" + sep + "b: 2",
		} {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
				t.Fatalf("%q: %v", doc, err)
			}
			l := NewYAMLLines([]byte(doc))
			m := n.Content[0]
			for i := 0; i < len(m.Content); i += 2 {
				k := m.Content[i]
				at := strings.Index(doc, k.Value+": ")
				want := 1 + bytes.Count([]byte(doc[:at]), []byte("\n"))
				if got := l.FileLine(k.Line); got != want {
					t.Errorf("%q: key %s is on YAML's line %d, FileLine %d; want %d", doc, k.Value, k.Line, got, want)
				}
			}
		}
	}
	if l := NewYAMLLines([]byte("a\rb\n")); l.FileLine(0) != 0 || l.FileLine(4) != 3 {
		t.Errorf("no line stays 0 and lines past the end count on: got %d, %d", l.FileLine(0), l.FileLine(4))
	}
}

// keyTwice finds a key given twice in any mapping, by its path, and
// walks each node once (an alias is not followed).
func TestKeyTwice(t *testing.T) {
	for doc, want := range map[string]string{
		"a: 1\nb: {c: 1, d: [{e: 1}, {e: 2, e: 3}]}\n":                       "b.d.e at line 2",
		"a: &x {k: 1, k: 2}\nb: *x\n":                                        "a.k at line 1",
		"a: {b: 1}\nc: {b: 1}\na: 2\n":                                       "a at line 3",
		"a: &x {k: 1}\nb: [*x, *x]\nc: {k: 1, j: {k: 2}}\nd: {x: 1, y: 2}\n": "",
		"- {a: 1}\n- {a: 1, b: 2, b: 3}\n":                                   "b at line 2",
	} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
			t.Fatalf("%q: %v", doc, err)
		}
		got := ""
		if keys, k := keyTwice(&n); k != nil {
			got = strings.Join(keys, ".") + " at line " + strconv.Itoa(k.Line)
		}
		if got != want {
			t.Errorf("%q: got %q; want %q", doc, got, want)
		}
	}
}

// FieldLine names the line of a value deep in the frontmatter: a list
// entry's own line (not its key's), a key inside a list of mappings, the
// entry itself when the key is missing, whatever breaks the lines.
func TestFieldLine(t *testing.T) {
	file := "---\nid: c1\nname: A\nrelationships:\n  - with: c2\n    is: sister\n  - is: rival\n" +
		"  - {with: c9, is: friend}\ntraits: [brave,\n  kind]\n---\n\nbody: not frontmatter\n"
	for _, c := range []struct {
		path []any
		want int
	}{
		{[]any{"id"}, 2},
		{[]any{"relationships"}, 4},
		{[]any{"relationships", 0, "with"}, 5},
		{[]any{"relationships", 0, "is"}, 6},
		{[]any{"relationships", 1, "with"}, 7}, // no "with": the entry
		{[]any{"relationships", 2, "with"}, 8},
		{[]any{"relationships", 7}, 4}, // no such entry: the list's key
		{[]any{"traits", 1}, 10},
		{[]any{"body"}, 1}, // below the frontmatter
		{[]any{"nothing"}, 1},
	} {
		for _, sep := range []string{"\n", "\r\n"} {
			data := "\ufeff" + strings.ReplaceAll(file, "\n", sep)
			if got := FieldLine([]byte(data), c.path...); got != c.want {
				t.Errorf("%q, %v: line %d; want %d", sep, c.path, got, c.want)
			}
		}
	}
	// A line YAML breaks and the file does not (LS) is not counted.
	if got := FieldLine([]byte("---\ntitle: \"a\u2028b\"\nseq: 3\n---\n"), "seq"); got != 3 {
		t.Errorf("after an LS: seq at line %d; want 3", got)
	}
	if got := FieldLine([]byte("no frontmatter\nseq: 3\n"), "seq"); got != 1 {
		t.Errorf("no frontmatter: line %d; want 1", got)
	}
}

// Message names the line of the mistake for yaml.v3's own errors: its
// parser counts lines from 0 (an unclosed "{" on line 3 was "line 2"), and
// a problem at the end of the text names the last line, not the one past it.
func TestMessageNamesTheLine(t *testing.T) {
	for _, c := range []struct {
		doc  string
		line int
	}{
		{"a: 1\nb: {x: 1\nc: 2\n", 2},       // the unclosed "{"
		{"a: 1\n\n\nb: [1,\n2\n", 4},        // the unclosed "["
		{"a: {x: 1\n", 1},                   // ... on the first line
		{"id: s3\nseq: [\n", 2},             // ... on the last
		{"a: 1\nb: !x!y 1\n", 2},            // parser: the node's line
		{"a: 1\n- b\n", 2},                  // parser: the token's line
		{"a:\n  b: 1\n c: 2\n", 3},          // parser: the token's line
		{"a: 1\nb: c: d\n", 2},              // scanner errors were right
		{"a: 'x\n", 1},                      // end of the text: the last line
		{"a: 1\r\nb: {x: 1\r\nc: 2\r\n", 2}, // CRLF
		{"a: 1\rb: {x: 1\nc: 2\n", 1},       // a lone CR: YAML's line 2 is the file's 1
	} {
		var n yaml.Node
		err := yaml.Unmarshal([]byte(c.doc), &n)
		if err == nil {
			t.Fatalf("%q parses", c.doc)
		}
		if line, _ := NewYAMLLines([]byte(c.doc)).Message(err.Error()); line != c.line {
			t.Errorf("%q: %v: line %d; want %d", c.doc, err, line, c.line)
		}
	}
}

// SyntaxWords rewords yaml.v3's grammar messages for the situations that
// raise them, at the line Message names.
func TestSyntaxWords(t *testing.T) {
	for _, c := range []struct {
		doc  string
		line int
		msg  string
	}{
		{"a: 1\nb: {x: 1\nc: 2\n", 2, `a "{" opened on this line is not closed`},
		{"a: [1,\n  2\nb: 3\n", 1, `a "[" opened on this line is not closed`}, // on the first line: yaml.v3 names "b"
		{"x: 1\na: [1,\n  2\nb: 3\n", 2, `a "[" opened on this line is not closed`},
		{"a: {x: 1\r\n  y: 2\r\nb: 3\r\n", 1, `a "{" opened on this line is not closed`},
		{"a: 1\nb: \"x\ny\n", 2, "a quoted value opened on this line is not closed"},
		{"a: 1\nb: 'x\n", 2, "a quoted value opened on this line is not closed"},
		{"title: Dawn: the return\n", 1, `a second ": " on this line`},
		{"a: 1\nb\nc: 2\n", 2, `this line is not "key: value"`},
		{"a: 1\nb: @x\n", 2, "a value starts with a character YAML keeps for itself (@, ` or a tab)"},
	} {
		var n yaml.Node
		err := yaml.Unmarshal([]byte(c.doc), &n)
		if err == nil {
			t.Fatalf("%q parses", c.doc)
		}
		line, what := NewYAMLLines([]byte(c.doc)).Message(err.Error())
		line = max(line, 1) // none named: yaml.v3's first line
		msg, hint, ok := SyntaxWords(what)
		if !ok || line != c.line || msg != c.msg || hint == "" {
			t.Errorf("%q: %v: line %d %q (%v); want line %d %q", c.doc, err, line, msg, ok, c.line, c.msg)
		}
	}
	if _, _, ok := SyntaxWords("did not find expected key"); ok {
		t.Errorf("an indentation message reworded: config's badIndent names those")
	}
}
