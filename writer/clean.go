package writer

import (
	"regexp"
	"strings"

	"github.com/storyd/storyd/textfile"
)

var (
	// headingRE matches a heading the model put above the prose: "# Title",
	// "## Scene 12: Title", "**Scene 12**", "Scene 12: Title", "Chapter 3".
	headingRE = regexp.MustCompile(`^(?:#{1,6}\s+.*|\*\*[^*]+\*\*|(?i:(?:scene|chapter)\s+\d+\b[^.!?"“]*))$`)
	fenceRE   = regexp.MustCompile("^(?:```|~~~)[\\w-]*$")
)

// Clean turns a writer answer into a scene body: line endings normalised,
// code fences, a leading "---" fence and a leading heading (title, "Scene N")
// removed, a trailing "---" dropped, surrounding blank lines trimmed,
// control characters and terminal escapes removed (textfile.Clean). The
// prose itself is left alone.
func Clean(prose string) string {
	s := textfile.Clean(prose)
	s = strings.TrimPrefix(s, "\ufeff")
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if fenceRE.MatchString(strings.TrimSpace(l)) {
			continue
		}
		lines = append(lines, strings.TrimRight(l, " \t"))
	}
	trimBlank := func() {
		for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
			lines = lines[1:]
		}
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
	}
	isRule := func(l string) bool {
		t := strings.TrimSpace(l)
		return t == "---" || t == "***" || t == "* * *"
	}
	trimBlank()
	// Headings and fences may come in any order ("---", "# Title", "---").
	for len(lines) > 0 {
		first := strings.TrimSpace(lines[0])
		if isRule(first) || headingRE.MatchString(first) {
			lines = lines[1:]
			trimBlank()
			continue
		}
		break
	}
	for len(lines) > 0 && isRule(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
		trimBlank()
	}
	return strings.Join(lines, "\n")
}
