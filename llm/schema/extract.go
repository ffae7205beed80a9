package schema

import (
	"encoding/json"
	"regexp"
	"strings"
)

var fenceRe = regexp.MustCompile("(?s)```[a-zA-Z0-9_-]*[ \t]*\r?\n(.*?)\r?\n?```")

// ExtractJSON returns the JSON of an answer: inside a ```json fence if it
// has one, else the first balanced {…} object when a model wrapped it in
// prose ("Sure! Here is the plan: {…}"), else the answer as it is.
func ExtractJSON(s string) string {
	t := strings.TrimSpace(s)
	if strings.Contains(t, "```") {
		// A fence whose content is JSON wins; a "```" inside a JSON string
		// can end the match early, so an invalid match falls through to the
		// object scan below.
		if m := fenceRe.FindStringSubmatch(t); m != nil && json.Valid([]byte(strings.TrimSpace(m[1]))) {
			return strings.TrimSpace(m[1])
		}
	}
	if json.Valid([]byte(t)) {
		return t
	}
	// The first balanced {…} that is valid JSON: skips "{name}" placeholders
	// in a preamble and a sign-off after the object. Each try scans to the
	// end of the answer, so the tries are bounded: an answer of many
	// unclosed braces would otherwise take time quadratic in its size
	// (40,000 took 39 s).
	for from, tries := 0, 0; tries < maxJSONStarts; tries++ {
		i := strings.IndexByte(t[from:], '{')
		if i < 0 {
			return t
		}
		if obj := firstObject(t[from+i:]); obj != "" && json.Valid([]byte(obj)) {
			return obj
		}
		from += i + 1
	}
	return t
}

// maxJSONStarts bounds the "{" positions ExtractJSON tries.
const maxJSONStarts = 64

// firstObject returns the balanced JSON object that s starts with ("" if
// none), skipping braces inside strings.
func firstObject(s string) string {
	start := strings.IndexByte(s, '{')
	if start < 0 {
		return ""
	}
	depth, inStr, esc := 0, false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return s[start : i+1]
			}
		}
	}
	return ""
}
