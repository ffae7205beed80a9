package prompt

import (
	"strings"

	"github.com/storyd/storyd/textfile"
)

// OneLine collapses every run of white space, newlines included, to one
// space and trims the ends: for model or user text placed on one line of a
// prompt (a label, a list item) or of a project file (a title, a thread).
// Control characters and terminal escapes are removed (textfile.Clean).
func OneLine(s string) string { return strings.Join(strings.Fields(textfile.Clean(s)), " ") }
