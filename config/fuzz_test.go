package config

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/storyd/storyd/textfile"
)

// FuzzParse: a storyd.yaml of any bytes gives a configuration that
// validates, or problems "storyd.yaml:LINE: what" with a hint at lines of
// the file, in its order and its words, the same each time; never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(RenderTemplate("offline", "offline", "")))
	f.Add([]byte(RenderTemplate("openai", "llama3.1:8b", "http://localhost:11434/v1")))
	for _, s := range []string{
		"",
		"preset: aggressive\ngeneration:\n  full_text_scenes_count: 1\n",
		"llm:\n  providr: offline\n",
		"budgets:\n  writer: 3000\n    planner: 4\n",
		"llm:\n  roles:\n    writter: {max_tokens: 10}\n    plannr: {}\n",
		"llm:\n  tick_timeout: 30\n",
		"prices:\n  m: &p {input: 1}\n  n: *p\n",
		"llm:\n  provider: offline\r  colour: red\n",
		"llm:\u2028  provider: x\n",
		"preset: balanced\r\"00\r0\n",
		"a: [\n",
		"\tllm: x\n",
		"generation:\n  full_text_scenes_count: 5\n",
		"llm: &a [*a]\n",
		"llm:\n  roles:\n    a: &r {model: x, model: y}\n    b: *r\n",
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte("llm:\n  roles:\n    writer: &w {context_window: 100}\n    planner: *w\n")) // the planner's window, set through the alias, was told at no line
	f.Add([]byte("<<:\n{}:"))                                                                // yaml.v3 panicked on it in frontmatter
	f.Add([]byte("prices:\n <<:"))                                                           // the decoder's "map merge requires map…" names no line (fresh corpus, 15 s)
	f.Fuzz(func(t *testing.T, data []byte) {
		last := bytes.Count(data, []byte("\n")) + 1
		err := parseAndValidate(data)
		if err == nil {
			// validate's warnings of windows too small, at their lines too.
			c, _ := Parse(FileName, data)
			for _, e := range c.WindowCuts(nil) {
				if e.Path != FileName || e.Line < 1 || e.Line > last || e.Msg == "" || e.Hint == "" {
					t.Fatalf("%q: %q (hint %q): want a message and a hint at a line of the file's %d", data, e.Error(), e.Hint, last)
				}
			}
			return
		}
		es := textfile.ProblemsIn(err)
		if len(es) == 0 {
			t.Fatalf("%q: %v is not a textfile.Problem", data, err)
		}
		for i, e := range es {
			if e.Path != FileName || e.Line < 1 || e.Line > last || e.Msg == "" || e.Hint == "" {
				t.Fatalf("%q: %q (hint %q): want a message and a hint at a line of the file's %d", data, e.Error(), e.Hint, last)
			}
			if i > 0 && e.Line < es[i-1].Line {
				t.Fatalf("%q: %q after %q: want the file's order", data, e, es[i-1])
			}
			// Go's type names and YAML's tags are not the file's words
			// (unless the file wrote them).
			if !bytes.Contains(data, []byte("config.")) && strings.Contains(e.Msg+e.Hint, "config.") ||
				!bytes.Contains(data, []byte("!!")) && strings.Contains(e.Msg, "!!") {
				t.Fatalf("%q: %q leaks Go or YAML internals", data, e.Msg)
			}
		}
		if again := parseAndValidate(data); again == nil || again.Error() != err.Error() {
			t.Fatalf("%q: %q, then %q", data, err, again)
		}
	})
}

func parseAndValidate(data []byte) error {
	_, err := parseValid(FileName, data, nil)
	return err
}

// FuzzParseDecodesAsTheStrictDecoder: what Parse accepts it decodes as
// yaml.v3's strict decoder does from the file's bytes.
func FuzzParseDecodesAsTheStrictDecoder(f *testing.F) {
	f.Add([]byte(RenderTemplate("offline", "offline", "")))
	for _, s := range []string{
		"", "# only a comment\n", "~\n",
		"preset: aggressive\ngeneration:\n  full_text_scenes_count: 1\n",
		"prices:\n  m: &p {input: 1}\n  n: *p\n",
		"llm:\n  roles:\n    writer: {max_tokens: 10, temperature: 0.5}\n  tick_timeout: 90s\n",
		"llm:\n  max_retries: 2.0\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(FileName, data)
		if err != nil {
			return
		}
		want := Default()
		if h := head(data); h != "" {
			applyPreset(want, h)
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(want); err != nil && !errors.Is(err, io.EOF) {
			t.Fatalf("%q: parsed, but the strict decoder refuses it: %v", data, err)
		}
		want.lines = c.lines
		if !reflect.DeepEqual(c, want) {
			t.Fatalf("%q: parsed as\n%+v\nthe strict decoder gives\n%+v", data, c, want)
		}
	})
}

// head is the file's preset.
func head(data []byte) string {
	var h struct {
		Preset string `yaml:"preset"`
	}
	_ = yaml.Unmarshal(data, &h)
	return h.Preset
}
