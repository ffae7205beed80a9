package textfile

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Problem is one thing wrong with a project file, reported as
// "path:line: message" with an optional hint.
type Problem struct {
	Path string
	Line int
	Msg  string
	Hint string
}

func (p Problem) Error() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.Path, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.Path, p.Msg)
}

// Problems is every problem found while loading; the project is unusable
// until they are fixed (exit code 3).
type Problems []Problem

func (ps Problems) Error() string {
	if len(ps) == 1 {
		return ps[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems in project files:", len(ps))
	for _, p := range ps {
		b.WriteString("\n  ")
		b.WriteString(p.Error())
	}
	return b.String()
}

// BOM is the UTF-8 byte-order mark a file may start with: read past, kept
// by in-place edits.
var BOM = []byte("\xef\xbb\xbf")

// FieldLine finds the 1-based line of a frontmatter key, for messages; 1
// if the key is not there.
func FieldLine(data []byte, key string) int {
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, key+":") {
			return i + 1
		}
	}
	return 1
}

// YAMLLines turns the line numbers a YAML decoder gives for some bytes
// into those of the file: YAML also breaks lines at a lone "\r" and at
// NEL, LS and PS (U+0085, U+2028, U+2029), which a file's line count (and
// an editor's) does not, so its number would name a line below the one
// meant, or one past the end.
type YAMLLines struct {
	file []int // file[y-1] is the file line of YAML's line y; nil when they agree
}

// NewYAMLLines reads where data's YAML lines and file lines part.
func NewYAMLLines(data []byte) YAMLLines {
	i := 0
	for i < len(data) && yamlOnlyBreak(data, i) == 0 {
		i++
	}
	if i == len(data) {
		return YAMLLines{} // the common case: nothing but "\n" and "\r\n"
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
	return YAMLLines{file: file}
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

// Message splits a YAML decoder's message "yaml: line N: what" into the
// file's line (0 when it names none) and what.
func (l YAMLLines) Message(msg string) (int, string) {
	m := yamlLineRE.FindStringSubmatch(msg)
	if m == nil {
		return 0, msg
	}
	y, _ := strconv.Atoi(m[1])
	return l.FileLine(y), m[2]
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
