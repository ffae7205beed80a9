package project

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/adrg/frontmatter"
	"github.com/storyd/storyd/textfile"
	"gopkg.in/yaml.v3"
)

// strictYAML is adrg/frontmatter's YAML format with a yaml.v3 decoder that
// rejects unknown fields (frontmatter's own decoder ignores them silently)
// and, first, a key given twice (textfile.KeyTwice: the decoder's own
// check of it can take minutes).
var strictYAML = frontmatter.NewFormat("---", "---", func(data []byte, v any) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	if keys, k := textfile.KeyTwice(&doc); k != nil {
		return &misfitError{[]textfile.Misfit{{Line: k.Line, Msg: fmt.Sprintf("%q is given twice", strings.Join(keys, ".")), Hint: textfile.KeyTwiceHint}}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		// The decoder names Go types ("cannot unmarshal !!str into int"):
		// say it in the file's words. Only a file that failed pays for it.
		if ms := misfitsFor(&doc, v, err); len(ms) > 0 {
			return &misfitError{ms}
		}
		return err
	}
	return nil
})

// parseFrontmatter decodes a markdown file's YAML frontmatter into v and
// returns the body. It is strict where adrg/frontmatter is lenient: the
// file must open with "---", the block must be closed, unknown keys are
// errors, and error lines are made relative to the file, not the block.
func parseFrontmatter(path string, data []byte, v any) (string, error) {
	if probs := textfile.Check(path, data); len(probs) > 0 {
		return "", probs // at their lines: the YAML decoder would say line 1
	}
	data = bytes.TrimPrefix(data, textfile.BOM)
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(data, []byte("---\n")) {
		return "", textfile.Problem{Path: path, Line: 1, Msg: "missing frontmatter: the file must start with a line \"---\"",
			Hint: "add a YAML block between two \"---\" lines at the top of the file"}
	}
	rest := data[4:]
	end := -1
	if bytes.HasPrefix(rest, []byte("---\n")) || bytes.Equal(rest, []byte("---")) {
		end = 0
	} else if i := bytes.Index(rest, []byte("\n---\n")); i >= 0 {
		end = i + 1
	} else if bytes.HasSuffix(rest, []byte("\n---")) {
		end = len(rest) - 3
	}
	if end < 0 {
		return "", textfile.Problem{Path: path, Line: 1, Msg: "unterminated frontmatter: no closing \"---\" line",
			Hint: "close the YAML block with a line \"---\" before the body"}
	}
	body, err := frontmatter.MustParse(bytes.NewReader(data), v, strictYAML)
	if err != nil {
		return "", yamlProblem(path, err, rest[:end])
	}
	return strings.TrimLeft(string(body), "\n"), nil
}

// misfitsFor are the keys and values of doc the decoder's err is about,
// in the file's words (textfile.Shape): those at the lines its messages
// name (it goes on past a value of the wrong kind), else the first (a
// date's error names no line). The shape check alone is stricter than the
// decoder (which truncates 2.5 into an int), so it does not speak for it.
func misfitsFor(doc *yaml.Node, v any, err error) []textfile.Misfit {
	all := textfile.Shape{}.All(doc, reflect.TypeOf(v))
	if len(all) == 0 {
		return nil
	}
	var lines []int
	if te := (*yaml.TypeError)(nil); errors.As(err, &te) {
		for _, e := range te.Errors {
			if l, _ := (textfile.YAMLLines{}).Message(e); l > 0 {
				lines = append(lines, l)
			}
		}
	}
	var out []textfile.Misfit
	for _, m := range all {
		if slices.Contains(lines, m.Line) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return all[:1]
	}
	return out
}

// yamlProblem is a YAML error at its line of the file; block is the
// frontmatter between the "---" lines.
func yamlProblem(path string, err error, block []byte) error {
	yl := textfile.NewYAMLLines(block)
	if mf := (*misfitError)(nil); errors.As(err, &mf) {
		var ps textfile.Problems
		for _, m := range mf.ms {
			ps = append(ps, textfile.Problem{Path: path, Line: yl.FileLine(m.Line) + 1, Msg: m.Msg, Hint: m.Hint}) // +1: the opening "---" line
		}
		if len(ps) == 1 {
			return ps[0]
		}
		return ps
	}
	var te *yaml.TypeError
	msgs := []string{err.Error()}
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msgs = te.Errors
	}
	line, msg := yl.Message(msgs[0])
	words, hint, known := textfile.SyntaxWords(msg)
	switch {
	case line == 0 && !known:
		return textfile.Problem{Path: path, Line: 1, Msg: "frontmatter: " + msg}
	case line == 0:
		line = 1 // yaml.v3 names no line for a mistake on its first
	}
	p := textfile.Problem{Path: path, Line: line + 1, Msg: msg,
		Hint: "check the YAML between the --- lines: indentation, and quotes around values that contain \": \" or start with a special character"}
	if known {
		p.Msg, p.Hint = words, hint
	}
	return p
}

// misfitError is strictYAML's refusal of keys or values, in the file's
// words (at the block's YAML lines).
type misfitError struct{ ms []textfile.Misfit }

func (e *misfitError) Error() string {
	return fmt.Sprintf("line %d: %s", e.ms[0].Line, e.ms[0].Msg)
}

// renderFrontmatter writes v as a frontmatter block followed by the body.
func renderFrontmatter(v any, body string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("---\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	b.WriteString("---\n\n")
	body = strings.TrimSpace(body)
	if body != "" {
		b.WriteString(body)
		b.WriteString("\n")
	}
	return b.Bytes(), nil
}
