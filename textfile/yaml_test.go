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

// KeyTwice finds a key given twice in any mapping, by its path, and
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
		if keys, k := KeyTwice(&n); k != nil {
			got = strings.Join(keys, ".") + " at line " + strconv.Itoa(k.Line)
		}
		if got != want {
			t.Errorf("%q: got %q; want %q", doc, got, want)
		}
	}
}
