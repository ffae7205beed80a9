package textfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/adrg/frontmatter"
	"gopkg.in/yaml.v3"
)

// strictYAML is adrg/frontmatter's YAML format with a yaml.v3 decoder that
// rejects unknown fields (frontmatter's own decoder ignores them silently)
// and, first, a key given twice (KeyTwiceMisfit: the decoder's own
// check of it can take minutes).
var strictYAML = frontmatter.NewFormat("---", "---", decodeStrict)

func decodeStrict(data []byte, v any) (err error) {
	defer YAMLPanic(&err)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	if m := KeyTwiceMisfit(&doc); m != nil {
		return &misfitError{[]Misfit{*m}}
	}
	if m := NullKeyMisfit(&doc); m != nil {
		return &misfitError{[]Misfit{*m}}
	}
	// A block that fits v's shape (no unknown key, every value of its
	// kind: all that storyd writes) is decoded from the tree parsed above,
	// not parsed a second time. The shape check is stricter than the
	// decoder (it refuses 2.5 for an int), so anything else goes to the
	// strict decoder, whose verdict stands.
	if (Shape{}).Check(&doc, reflect.TypeOf(v)) == nil && doc.Decode(v) == nil {
		return nil
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
}

// ParseFrontmatter decodes a markdown file's YAML frontmatter into v and
// returns the body. It is strict where adrg/frontmatter is lenient: the
// file must open with "---", the block must be closed, unknown keys are
// errors, and error lines are made relative to the file, not the block.
func ParseFrontmatter(path string, data []byte, v any) (string, error) {
	if probs := Check(path, data); len(probs) > 0 {
		return "", probs // at their lines: the YAML decoder would say line 1
	}
	data = bytes.TrimPrefix(data, BOM)
	data = dropLineEndCRs(data)
	block, opened, closed := frontmatterBlock(data)
	if !opened {
		return "", Problem{Path: path, Line: 1, Msg: "missing frontmatter: the file must start with a line \"---\"",
			Hint: "add a YAML block between two \"---\" lines at the top of the file"}
	}
	if !closed {
		return "", Problem{Path: path, Line: 1, Msg: "unterminated frontmatter: no closing \"---\" line",
			Hint: "close the YAML block with a line \"---\" before the body"}
	}
	body, err := frontmatter.MustParse(bytes.NewReader(data), v, strictYAML)
	if err != nil {
		return "", yamlProblem(path, err, block)
	}
	return strings.TrimLeft(string(body), "\n"), nil
}

// SplitFrontmatter is a markdown file's frontmatter block as
// ParseFrontmatter reads it (byte-order mark and line-ending carriage
// returns dropped) and the rest of the file, from the closing "---" line
// on; ok is false when the file opens no block or no line closes it. An
// edit in place finds the block the parser reads, however it is written.
func SplitFrontmatter(data []byte) (block, rest []byte, ok bool) {
	data = dropLineEndCRs(bytes.TrimPrefix(data, BOM))
	block, opened, closed := frontmatterBlock(data)
	if !opened || !closed {
		return nil, nil, false
	}
	return block, data[bytes.IndexByte(data, '\n')+1+len(block):], true
}

// frontmatterBlock is the YAML between a markdown file's opening "---"
// line and the next "---" line: opened is false when the file does not
// open with one, closed false when no line closes it (the block is then
// the rest of the file).
func frontmatterBlock(data []byte) (block []byte, opened, closed bool) {
	data = bytes.TrimPrefix(data, BOM)
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || string(bytes.TrimSuffix(first, []byte("\r"))) != "---" {
		return nil, false, false
	}
	for off := 0; off < len(rest); {
		l, _, _ := bytes.Cut(rest[off:], []byte("\n"))
		// Closed where adrg/frontmatter, which splits the file for the
		// decoder, closes it: the first line that is "---" once trimmed.
		if string(bytes.TrimSpace(l)) == "---" {
			return rest[:off], true, true
		}
		off += len(l) + 1
	}
	return rest, true, false
}

// misfitsFor are the keys and values of doc the decoder's err is about,
// in the file's words (Shape): those at the lines its messages
// name (it goes on past a value of the wrong kind), else the first (a
// date's error names no line). The shape check alone is stricter than the
// decoder (which truncates 2.5 into an int), so it does not speak for it.
func misfitsFor(doc *yaml.Node, v any, err error) []Misfit {
	all := Shape{}.All(doc, reflect.TypeOf(v))
	if len(all) == 0 {
		return nil
	}
	var lines []int
	if te := (*yaml.TypeError)(nil); errors.As(err, &te) {
		for _, e := range te.Errors {
			if l, _ := (YAMLLines{}).Message(e); l > 0 {
				lines = append(lines, l)
			}
		}
	}
	var out []Misfit
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
	yl := NewYAMLLines(block)
	if mf := (*misfitError)(nil); errors.As(err, &mf) {
		var ps Problems
		for _, m := range mf.ms {
			ps = append(ps, Problem{Path: path, Line: yl.FileLine(m.Line) + 1, Msg: m.Msg, Hint: m.Hint}) // +1: the opening "---" line
		}
		return ps.Err()
	}
	var te *yaml.TypeError
	msgs := []string{err.Error()}
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msgs = te.Errors
	}
	line, msg := yl.Message(msgs[0])
	if m := TabIndent(block); m != nil && line > 0 && m.Line <= line {
		// The tab, not the grammar word YAML has for it (at its line or a
		// later one).
		return Problem{Path: path, Line: m.Line + 1, Msg: m.Msg, Hint: m.Hint} // +1: the opening "---" line
	}
	if bl, what, hint := BadIndent(block); bl > 0 && indentSlip(msg, line, bl) {
		return Problem{Path: path, Line: bl + 1, Msg: what, Hint: hint} // +1: the opening "---" line
	}
	words, hint, known := SyntaxWords(msg)
	switch {
	case line == 0 && !known:
		return Problem{Path: path, Line: 1, Msg: "frontmatter: " + msg}
	case line == 0:
		line = 1 // yaml.v3 names no line for a mistake on its first
	}
	p := Problem{Path: path, Line: line + 1, Msg: msg,
		Hint: "check the YAML between the --- lines: indentation, and quotes around values that contain \": \" or start with a special character"}
	if known {
		p.Msg, p.Hint = words, hint
	}
	return p
}

// indentSlip says whether the line BadIndent found (bl) is the mistake
// yaml.v3 stopped at with msg, at its line: the parser's "expected" names
// the line where the block began, at or above the slip; the scanner's
// names the slip's own line. Else the slip is another mistake, further on.
func indentSlip(msg string, line, bl int) bool {
	switch msg {
	case "did not find expected key", "did not find expected '-' indicator":
		return bl >= line
	case "mapping values are not allowed in this context", "block sequence entries are not allowed in this context":
		return bl == line
	}
	return false
}

// misfitError is strictYAML's refusal of keys or values, in the file's
// words (at the block's YAML lines).
type misfitError struct{ ms []Misfit }

func (e *misfitError) Error() string {
	return fmt.Sprintf("line %d: %s", e.ms[0].Line, e.ms[0].Msg)
}

// RenderFrontmatter writes v as a frontmatter block followed by the body.
func RenderFrontmatter(v any, body string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("---\n")
	held := map[string]string{}
	var doc yaml.Node
	if err := doc.Encode(holdBlocks(reflect.ValueOf(v), held).Interface()); err != nil {
		return nil, err
	}
	if len(held) > 0 {
		quoteHeld(&doc, held)
	}
	QuoteFences(&doc)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
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

// holdBlocks returns v, or a copy of it in which each string yaml.v3
// cannot write as a literal block is a placeholder, kept in held. Its
// emitter drops a block's first line when it is empty ("\n0" reads back
// as "0", "\n" as "") and writes a first line opening with a tab where the
// block's indentation is read (an error); and Node.Encode goes through
// that emitter, so the node's style cannot be set after the fact. The
// copy shares what holds no such string.
func holdBlocks(rv reflect.Value, held map[string]string) reflect.Value {
	switch rv.Kind() {
	case reflect.String:
		if s := rv.String(); strings.Contains(s, "\n") && !blockReadsBack(s) {
			ph := fmt.Sprintf("storyd placeholder %d", len(held))
			held[ph] = s
			out := reflect.New(rv.Type()).Elem()
			out.SetString(ph)
			return out
		}
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return rv
		}
		if e := holdBlocks(rv.Elem(), held); e != rv.Elem() {
			if rv.Kind() == reflect.Interface {
				out := reflect.New(rv.Type()).Elem()
				out.Set(e)
				return out
			}
			p := reflect.New(e.Type())
			p.Elem().Set(e)
			return p
		}
	case reflect.Struct:
		var out reflect.Value
		for i := range rv.NumField() {
			if !rv.Type().Field(i).IsExported() {
				continue
			}
			if f := holdBlocks(rv.Field(i), held); f != rv.Field(i) {
				if !out.IsValid() {
					out = reflect.New(rv.Type()).Elem()
					out.Set(rv)
				}
				out.Field(i).Set(f)
			}
		}
		if out.IsValid() {
			return out
		}
	case reflect.Slice:
		var out reflect.Value
		for i := range rv.Len() {
			if e := holdBlocks(rv.Index(i), held); e != rv.Index(i) {
				if !out.IsValid() {
					out = reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
					reflect.Copy(out, rv)
				}
				out.Index(i).Set(e)
			}
		}
		if out.IsValid() {
			return out
		}
	}
	return rv
}

// QuoteFences double-quotes each string holding a line that is "---" once
// trimmed: written as a block, that line would close the frontmatter for
// the splitter (a title "a\n---" read back as "a", the rest as the body).
// The in-place editor writes frontmatter too, so it is exported.
func QuoteFences(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "\n") && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 {
		for l := range strings.SplitSeq(n.Value, "\n") {
			if strings.TrimSpace(l) == "---" {
				n.Style = yaml.DoubleQuotedStyle
				break
			}
		}
	}
	for _, c := range n.Content {
		QuoteFences(c)
	}
}

// blockReadsBack says whether yaml.v3 writes s so that it reads back.
func blockReadsBack(s string) bool {
	var n yaml.Node
	err := n.Encode(s)
	return err == nil && n.Value == s
}

// quoteHeld puts each held string back in place of its placeholder,
// double-quoted.
func quoteHeld(n *yaml.Node, held map[string]string) {
	if s, ok := held[n.Value]; ok && n.Kind == yaml.ScalarNode {
		n.Value, n.Style, n.Tag = s, yaml.DoubleQuotedStyle, "!!str"
	}
	for _, c := range n.Content {
		quoteHeld(c, held)
	}
}

// dropLineEndCRs drops every carriage return that ends a line, a run of
// them before "\n" as well as the one of "\r\n": a body then reads back
// from its own rendering unchanged ("\r\r\n" cut to "\r\n" was one line
// end more on the next read). A lone "\r" inside a line stays.
func dropLineEndCRs(data []byte) []byte {
	if !bytes.Contains(data, []byte("\r\n")) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		if data[i] == '\r' {
			j := i
			for j < len(data) && data[j] == '\r' {
				j++
			}
			if j == len(data) || data[j] != '\n' {
				out = append(out, data[i:j]...) // inside a line: kept
			}
			i = j - 1 // a run ending a line: only its "\n" stays
			continue
		}
		out = append(out, data[i])
	}
	return out
}
