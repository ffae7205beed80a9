package textfile

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// This file is YAML as storyd's files hold it (storyd.yaml, frontmatter):
// the file's line of a YAML line number, and keys given twice.

// KeyTwiceMisfit is keyTwice as what every file says of it: the second
// key's YAML line, its path given twice, and what to do; nil if none.
func KeyTwiceMisfit(doc *yaml.Node) *Misfit {
	keys, k := keyTwice(doc)
	if k == nil {
		return nil
	}
	return &Misfit{Line: k.Line, Msg: fmt.Sprintf("%q is given twice", strings.Join(keys, ".")),
		Hint: "keep one of the two lines: storyd cannot tell which one you meant"}
}

// YAMLPanic turns a panic of the YAML library into an error, in a
// deferred call: it has bugs a file can trip ("<<:\n{}:" hashes a map
// as a key), and a file people edit is a problem to tell, not a crash.
func YAMLPanic(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("the YAML library failed on this block (%v)", r)
	}
}

// NullKeyMisfit is the first key written as nothing or null ("~: 3",
// ": 3", "null: 3"), which yaml.v3's decoder drops from a struct without a
// word: the line would be read as nothing, and an edit in place writes it
// back as the key "". Nil if none.
func NullKeyMisfit(n *yaml.Node) *Misfit {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Tag == "!!null" {
				return &Misfit{Line: k.Line, Msg: fmt.Sprintf("a key with no name (%q)", k.Value), Hint: "write the key's name before the colon, or remove the line"}
			}
		}
	}
	for _, c := range n.Content {
		if m := NullKeyMisfit(c); m != nil {
			return m
		}
	}
	return nil
}

// TabIndent is the first line of data indented with a tab, which YAML
// refuses in words of its grammar ("found character that cannot start any
// token"), often at another line; nil if there is none.
func TabIndent(data []byte) *Misfit {
	for i, l := range strings.Split(string(data), "\n") {
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if strings.Contains(indent, "\t") && strings.TrimSpace(l) != "" {
			return &Misfit{Line: i + 1, Msg: "a tab in the indentation",
				Hint: "YAML indents with spaces only: replace the tab with spaces (two per level, as in the rest of the file)"}
		}
	}
	return nil
}

// keyTwice finds a key given twice in one mapping of a YAML document: the
// keys leading to it and the second one's node; nil if there is none. The
// YAML library refuses such a key too, but only while decoding, by
// comparing every pair of keys of each mapping and writing an error for
// every equal pair, again at each alias of it: a character sheet of 7 KB
// (400 aliases of a mapping with one key 400 times) took 49 s to refuse,
// a storyd.yaml of 4.5 KB 5.6 s. Call it on the parsed document before
// decoding: each node is walked once, an alias's target where it stands.
func keyTwice(doc *yaml.Node) ([]string, *yaml.Node) {
	return keyTwiceUnder(doc, nil)
}

func keyTwiceUnder(n *yaml.Node, path []string) ([]string, *yaml.Node) {
	switch n.Kind {
	case yaml.MappingNode:
		type key struct {
			kind  yaml.Kind
			value string
		}
		seen := make(map[key]bool, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if seen[key{k.Kind, k.Value}] {
				return append(path, k.Value), k
			}
			seen[key{k.Kind, k.Value}] = true
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if p, k := keyTwiceUnder(n.Content[i+1], append(path[:len(path):len(path)], n.Content[i].Value)); k != nil {
				return p, k
			}
		}
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			if p, k := keyTwiceUnder(c, path); k != nil {
				return p, k
			}
		}
	}
	return nil, nil
}

// YAMLLines turns the line numbers a YAML decoder gives for some bytes
// into those of the file: YAML also breaks lines at a lone "\r" and at
// NEL, LS and PS (U+0085, U+2028, U+2029), which a file's line count (and
// an editor's) does not, so its number would name a line below the one
// meant, or one past the end.
type YAMLLines struct {
	file []int  // file[y-1] is the file line of YAML's line y; nil when they agree
	last int    // the file's last line; 0 in the zero YAMLLines, which does not clamp
	data []byte // the text, to find an unclosed bracket's line
}

// NewYAMLLines reads where data's YAML lines and file lines part.
func NewYAMLLines(data []byte) YAMLLines {
	last := bytes.Count(data, []byte("\n"))
	if !bytes.HasSuffix(data, []byte("\n")) {
		last++ // a last line with no "\n" (a final "\n" ends a line, opens none)
	}
	i := 0
	for i < len(data) && yamlOnlyBreak(data, i) == 0 {
		i++
	}
	if i == len(data) {
		return YAMLLines{last: last, data: data} // the common case: nothing but "\n" and "\r\n"
	}
	f := 1 + bytes.Count(data[:i], []byte("\n"))
	file := make([]int, 0, f+8)
	for y := 1; y <= f; y++ {
		file = append(file, y)
	}
	for ; i < len(data); i++ {
		switch {
		case data[i] == '\n':
			f++
			file = append(file, f)
		case yamlOnlyBreak(data, i) > 0:
			file = append(file, f)
		}
	}
	return YAMLLines{file: file, last: last, data: data}
}

// yamlOnlyBreak is the length of a line break at data[i] that YAML counts
// and a file's line count does not, 0 if there is none.
func yamlOnlyBreak(data []byte, i int) int {
	rest := data[i:]
	switch {
	case rest[0] == '\r' && (len(rest) == 1 || rest[1] != '\n'):
		return 1
	case bytes.HasPrefix(rest, []byte("\u0085")):
		return 2
	case bytes.HasPrefix(rest, []byte("\u2028")), bytes.HasPrefix(rest, []byte("\u2029")):
		return 3
	}
	return 0
}

var yamlLineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// parserProblems are the messages of yaml.v3's parser (parserc.go), as
// opposed to its scanner's: the library names their line counting from 0
// (its fail() adds the 1 for scanner errors only), so "line 2" of an
// unclosed "{" is the file's line 3. They name the line where the
// unfinished block or node began (the "{", the mapping), or with none the
// token found.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"found undefined tag handle":             true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found duplicate %TAG directive":         true,
}

// syntaxWords are yaml.v3's syntax messages that name the parser's
// grammar, not the mistake, in the words of a person editing the file,
// with a hint. Each is raised in one situation only (scannerc.go,
// parserc.go): an unclosed quote is the only "unexpected end of stream".
var syntaxWords = map[string][2]string{
	"did not find expected ',' or '}'": {`a "{" opened on this line is not closed`,
		`close it with "}" on the same line, its entries separated by ", " (writer: {max_tokens: 3000}); or put quotes around a value that starts with "{"`},
	"did not find expected ',' or ']'": {`a "[" opened on this line is not closed`,
		`close it with "]", its entries separated by ", " (traits: [brave, kind]); or put quotes around a value that starts with "["`},
	"found unexpected end of stream": {"a quoted value opened on this line is not closed",
		`end it with the quote it starts with (" or '), or remove that quote`},
	"mapping values are not allowed in this context": {`a second ": " on this line`,
		`put quotes around a value that contains ": " (title: "Dawn: the return"), or indent the key under the one it belongs to`},
	"could not find expected ':'": {`this line is not "key: value"`,
		`write "key: value", or indent it under the key whose value it continues`},
	"found character that cannot start any token": {"a value starts with a character YAML keeps for itself (@, ` or a tab)",
		`put quotes around the value`},
}

// SyntaxWords is a person's wording of a YAML syntax message (what
// Message returns) and a hint; ok false for one it does not know.
func SyntaxWords(what string) (msg, hint string, ok bool) {
	w, ok := syntaxWords[what]
	return w[0], w[1], ok
}

// Message splits a YAML decoder's message "yaml: line N: what" into the
// file's line (0 when it names none) and what. A problem found at the end
// of the text (an unclosed quote or bracket) is at the last line with
// text, not the line past it an editor does not show.
func (l YAMLLines) Message(msg string) (int, string) {
	m := yamlLineRE.FindStringSubmatch(msg)
	if m == nil {
		return 0, strings.TrimPrefix(msg, "yaml: ")
	}
	y, _ := strconv.Atoi(m[1])
	if parserProblems[m[2]] {
		y++
	}
	line := l.FileLine(y)
	if l.last > 0 {
		line = min(line, l.last)
	}
	// An unclosed bracket is named by its own line, but yaml.v3 names the
	// token it stopped at when the bracket is on YAML's first line (it
	// takes a context line of 0 for none): the bracket is there then.
	if open := unclosed[m[2]]; open != "" && l.data != nil && !bytes.Contains(l.fileLine(line), []byte(open)) {
		line = l.FileLine(1)
	}
	return line, m[2]
}

// unclosed are the messages of a flow collection left open, and its
// opening bracket.
var unclosed = map[string]string{"did not find expected ',' or '}'": "{", "did not find expected ',' or ']'": "["}

// fileLine is the text of the file's line n (from 1).
func (l YAMLLines) fileLine(n int) []byte {
	rest := l.data
	for ; n > 1; n-- {
		_, after, ok := bytes.Cut(rest, []byte("\n"))
		if !ok {
			return nil
		}
		rest = after
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	return line
}

// FileLine is the file's line that YAML calls line y (0, no line, stays
// 0). A line past the last break counts on from the file's last line, as
// YAML's own numbering does at the end of the text.
func (l YAMLLines) FileLine(y int) int {
	if l.file == nil || y < 1 {
		return y
	}
	if y > len(l.file) {
		return l.file[len(l.file)-1] + y - len(l.file)
	}
	return l.file[y-1]
}

// FieldLine is the file line of a value in a markdown file's frontmatter,
// for messages about a file that loaded: path is keys and list indexes
// ("relationships", 2, "with"), and the line is that of the deepest step
// found (the entry's, when it has no "with"); 1 when not even the first
// step is there.
func FieldLine(data []byte, path ...any) int {
	block, opened, _ := frontmatterBlock(data)
	if !opened {
		return 1
	}
	var doc yaml.Node
	if yaml.Unmarshal(block, &doc) != nil || len(doc.Content) == 0 {
		return 1
	}
	n, line := doc.Content[0], 0
	for _, step := range path {
		if n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		var k *yaml.Node
		switch s := step.(type) {
		case string:
			for i := 0; i+1 < len(n.Content) && n.Kind == yaml.MappingNode; i += 2 {
				if n.Content[i].Value == s {
					k, n = n.Content[i], n.Content[i+1]
					break
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && s >= 0 && s < len(n.Content) {
				n = n.Content[s]
				k = n
			}
		}
		if k == nil {
			break
		}
		line = k.Line // a key's own line: a block list's value starts below it
	}
	if line == 0 {
		return 1
	}
	return NewYAMLLines(block).FileLine(line) + 1 // +1: the opening "---"
}
