package textfile

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// fmScene has the kinds of fields storyd's frontmatter holds.
type fmScene struct {
	Seq     int               `yaml:"seq"`
	Title   string            `yaml:"title"`
	Chars   []string          `yaml:"characters"`
	Created time.Time         `yaml:"created"`
	Tension float64           `yaml:"tension"`
	Done    bool              `yaml:"done"`
	Notes   map[string]string `yaml:"notes"`
	Facts   []struct {
		Text  string `yaml:"text"`
		Scene int    `yaml:"scene"`
	} `yaml:"facts"`
	Extra any    `yaml:"extra"`
	Ptr   *int   `yaml:"ptr"`
	Seqs  []uint `yaml:"seqs"`
}

// FuzzFrontmatterDecodesAsTheStrictDecoder: a frontmatter block decoded from the tree
// parsed once gives what yaml.v3's strict decoder gives from its bytes,
// and whatever the decoder refuses is refused.
func FuzzFrontmatterDecodesAsTheStrictDecoder(f *testing.F) {
	for _, s := range []string{
		"seq: 1\ntitle: A\ncharacters: [c1, c2]\ncreated: 2026-01-31T09:00:00Z\ntension: 0.5\n",
		"seq: 2.5\n",
		"seq: 1\nseq: 2\n",
		"povv: c1\n",
		"notes: {a: b}\nfacts:\n  - text: x\n    scene: 3\n",
		"extra: {a: [1, 2]}\nptr: 4\nseqs: [1, 2]\n",
		"a: &x {text: y}\nfacts: [*x, *x]\n",
		"created: \"2026-01-31T09:00:00Z\"\ndone: yes\n",
		"<<: {seq: 3}\n",
		"",
		"seq: 1\n...\ntitle: b\n",
		"<<:\n{}:", // yaml.v3 panicked on it (a fresh corpus, 15 s)
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, block []byte) {
		var got fmScene
		if decodeStrict(block, &got) != nil {
			return // problems: FuzzFrontmatter (project) checks their lines
		}
		var want fmScene
		dec := yaml.NewDecoder(bytes.NewReader(block))
		dec.KnownFields(true)
		if err := dec.Decode(&want); err != nil && !errors.Is(err, io.EOF) {
			t.Fatalf("%q: decoded, but the strict decoder refuses it: %v", block, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: decoded as\n%#v\nthe strict decoder gives\n%#v", block, got, want)
		}
	})
}

// A tab in a frontmatter block's indentation is told as one, at its line,
// as in storyd.yaml: not as YAML's "character that cannot start any token".
func TestFrontmatterTabIndent(t *testing.T) {
	var v fmScene
	_, err := ParseFrontmatter("scenes/x.md", []byte("---\nseq: 1\ncharacters:\n\t- c1\n---\nbody\n"), &v)
	var p Problem
	if !errors.As(err, &p) || p.Line != 4 || p.Msg != "a tab in the indentation" || !strings.Contains(p.Hint, "spaces") {
		t.Fatalf("got %v (%+v)", err, p)
	}
	// A tab in the body is prose, not YAML.
	if _, err := ParseFrontmatter("scenes/x.md", []byte("---\nseq: 1\n---\n\tindented prose\n"), &v); err != nil {
		t.Fatal(err)
	}
}

// Carriage returns that end a line go, however many; one inside a line
// stays; and dropping them twice gives what once did (the frontmatter
// round trip depends on it).
func TestDropLineEndCRs(t *testing.T) {
	for in, want := range map[string]string{
		"a\r\nb":         "a\nb",
		"0\r\r\n0":       "0\n0",
		"a\rb\r\n":       "a\rb\n",
		"a\r\r\r":        "a\r\r\r",
		"\r\r\n\r\n\r":   "\n\n\r",
		"plain\nlines\n": "plain\nlines\n",
	} {
		got := string(dropLineEndCRs([]byte(in)))
		if got != want {
			t.Errorf("dropLineEndCRs(%q) = %q; want %q", in, got, want)
		}
		if again := string(dropLineEndCRs([]byte(got))); again != got {
			t.Errorf("dropLineEndCRs(%q) = %q, then %q: not the same", in, got, again)
		}
	}
}

// A key written as nothing or null is told at its line: yaml.v3's decoder
// drops it from a struct without a word (and an edit in place wrote it
// back as the key "", which no longer loaded: FuzzAppendFacts).
func TestNullKey(t *testing.T) {
	for _, in := range []string{"---\nseq: 1\n~: 3\n---\n", "---\nseq: 1\nnull: [a]\n---\n", "---\nseq: 1\n&a:\n 0\n---\n"} {
		var v fmScene
		_, err := ParseFrontmatter("scenes/x.md", []byte(in), &v)
		var p Problem
		if !errors.As(err, &p) || p.Line != 3 || !strings.Contains(p.Msg, "a key with no name") {
			t.Errorf("%q: got %v", in, err)
		}
	}
}

// A panic of the YAML library on a block is a problem of the file, not a
// crash (a fresh corpus found "<<:\n{}:" in 15 s).
func TestYAMLLibraryPanicIsAProblem(t *testing.T) {
	var v fmScene
	_, err := ParseFrontmatter("scenes/x.md", []byte("---\n<<:\n{}:\n---\n"), &v)
	var p Problem
	if !errors.As(err, &p) || p.Line < 1 || p.Line > 4 {
		t.Fatalf("got %v", err)
	}
}
