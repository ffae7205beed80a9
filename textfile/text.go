package textfile

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Text storyd stores is plain UTF-8 without control characters. Model
// output is untrusted: Clean makes it so before it is committed. A
// file that breaks the rule (a NUL, a terminal escape, bytes that are not
// UTF-8) is reported at its line by Check, so `validate` and `tick`
// refuse it instead of passing it on to prompts, exports and terminals.

// escapeRE matches terminal escape sequences: CSI (colours, cursor moves),
// OSC (window titles, hyperlinks) and two-byte escapes.
var escapeRE = regexp.MustCompile("\x1b(?:\\[[0-?]*[ -/]*[@-~]?|\\][^\x07\x1b]*(?:\x07|\x1b\\\\)?|[@-Z\\\\-_])")

// Clean returns s as storyd stores model output: bytes that are not
// UTF-8 replaced by U+FFFD, terminal escape sequences and control
// characters removed (tabs and newlines stay), line endings as "\n".
func Clean(s string) string {
	if isClean(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = escapeRE.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if forbidden(r) {
			return -1
		}
		return r
	}, s)
}

func isClean(s string) bool {
	for _, r := range s {
		if r == '\r' || r == utf8.RuneError || forbidden(r) {
			return false
		}
	}
	return true
}

// forbidden reports the runes no storyd file holds: C0 controls but tab
// and newline (ESC included), DEL, C1 controls, and the bidirectional
// overrides that make text display in another order than it reads.
func forbidden(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// maxTextProblems bounds the problems Check reports for one file (a
// binary file would give one per line).
const maxTextProblems = 3

// Check reports bytes a project file must not hold, one problem per
// offending line (the first offence in it), at most maxTextProblems. A
// carriage return (CRLF files) and a leading byte-order mark are fine.
func Check(path string, data []byte) Problems {
	var out Problems
	line, col := 1, 1
	for i := 0; i < len(data) && len(out) < maxTextProblems; {
		r, size := utf8.DecodeRune(data[i:])
		msg := ""
		switch {
		case r == utf8.RuneError && size <= 1:
			msg = fmt.Sprintf("byte 0x%02X at column %d is not UTF-8", data[i], col)
		case r == '\r' || r == '\uFEFF' && i == 0:
		case forbidden(r):
			msg = fmt.Sprintf("control character %s at column %d", runeName(r), col)
		}
		if msg != "" {
			out = append(out, Problem{Path: path, Line: line, Msg: msg,
				Hint: "storyd's files are plain UTF-8 text: remove the character (or save the file as UTF-8)"})
			// One problem per line: skip to the next.
			next := indexByteFrom(data, i, '\n')
			if next < 0 {
				break
			}
			i, line, col = next+1, line+1, 1
			continue
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		i += size
		col++
	}
	return out
}

func indexByteFrom(data []byte, from int, c byte) int {
	for j := from; j < len(data); j++ {
		if data[j] == c {
			return j
		}
	}
	return -1
}

func runeName(r rune) string {
	switch r {
	case 0:
		return "NUL"
	case 0x1b:
		return "ESC (a terminal escape)"
	case 0x7f:
		return "DEL"
	}
	return fmt.Sprintf("U+%04X", r)
}

// Noun is noun as written after the count n in what storyd tells a
// person: "1 call", "2 calls", "2 summaries" (storyd counts only nouns
// plural in -s, or -ies for a final y).
func Noun(n int, noun string) string {
	switch {
	case n == 1:
		return noun
	case strings.HasSuffix(noun, "y"):
		return strings.TrimSuffix(noun, "y") + "ies"
	}
	return noun + "s"
}
