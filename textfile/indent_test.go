package textfile

import (
	"errors"
	"strings"
	"testing"
)

// An indentation slip in a frontmatter block is told at its own line in a
// person's words, not as yaml.v3's "did not find expected key" at the line
// where the block began; a colon in a value stays a colon's problem.
func TestFrontmatterIndentSlips(t *testing.T) {
	const ok = "---\nseq: 1\ncharacters:\n  - c1\n  - c2\nfacts:\n  - text: a\n    scene: 1\n  - text: b\n    scene: 2\ntitle: x\n---\nbody\n"
	var v fmScene
	if _, err := ParseFrontmatter("scenes/x.md", []byte(ok), &v); err != nil {
		t.Fatalf("the well-indented block: %v", err)
	}
	for _, c := range []struct {
		from, to string
		line     int
		msg      string
	}{
		{"title: x", " title: x", 11, "this line's indentation matches no enclosing section"},
		{"characters:", "  characters:", 3, "this line is indented deeper than the line above, which already has its value"},
		{"  - c2", " - c2", 5, "this list entry's indentation matches no list above"},
		{"  - c1", "   - c1", 5, "this list entry's indentation matches no list above"},
		{"    scene: 1", "     scene: 1", 8, "this line is indented deeper than the line above, which already has its value"},
		{"    scene: 2", "   scene: 2", 10, "this line's indentation matches no enclosing section"},
		{"title: x", "title: x: y", 11, `a second ": " on this line`},
	} {
		data := strings.Replace(ok, c.from, c.to, 1)
		_, err := ParseFrontmatter("scenes/x.md", []byte(data), &v)
		var p Problem
		if !errors.As(err, &p) || p.Line != c.line || p.Msg != c.msg || p.Hint == "" {
			t.Errorf("%q -> %q: got %v; want line %d: %s", c.from, c.to, err, c.line, c.msg)
		}
	}
}

// BadIndent reads the block shapes storyd's files use without a slip.
func TestBadIndentTakesWellIndentedBlocks(t *testing.T) {
	for _, s := range []string{
		"a: 1\nb:\n  c: 2\n  d:\n    - x\n    - y\ne: 3\n",
		"list:\n- x\n- y\nnext: 1\n",                           // entries at their key's indentation
		"rel:\n  - with: c2\n    is: kin\n  -\n    with: c3\n", // a mapping in an entry
		"desc: |\n  text: with a colon\n     deeper text\nnext: 1\n",
		"desc: a value\n  continued on a line\nnext: 1 # a: comment\n",
		"flow: [a,\n  b]\nq: \"x: y\"\n",
	} {
		if line, msg, _ := BadIndent([]byte(s)); line != 0 {
			t.Errorf("%q: line %d: %s", s, line, msg)
		}
	}
}
