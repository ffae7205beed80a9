package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzExtractJSON: the extraction of a JSON answer from a model's text
// never panics, returns a piece of its input, and returns either the whole
// trimmed answer or valid JSON; a valid JSON answer without fences comes
// back unchanged.
func FuzzExtractJSON(f *testing.F) {
	for _, s := range []string{
		`{"title": "A", "n": 1}`,
		"Sure! Here is the plan:\n{\"title\": \"A {b} c\", \"n\": {\"x\": 1}}\nHope this helps.",
		"```json\n{\"a\": 1}\n```",
		"```json\n{\"c\": \"x ``` y\"}\n```",
		`{"a": "q\"}"}`,
		"Use {name} as the key: {\"b\": 2}",
		"no json here",
		"{{{{",
		"}{",
		"```\n```",
		"[1, 2, 3]",
		"\xff{\"a\":\"\x00\"}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := ExtractJSON(s)
		trimmed := strings.TrimSpace(s)
		if !strings.Contains(s, got) {
			t.Fatalf("ExtractJSON(%q) = %q: not a piece of the input", s, got)
		}
		if got != trimmed && !json.Valid([]byte(got)) {
			t.Fatalf("ExtractJSON(%q) = %q: neither the answer nor valid JSON", s, got)
		}
		if json.Valid([]byte(trimmed)) && !strings.Contains(trimmed, "```") && got != trimmed {
			t.Fatalf("ExtractJSON(%q) = %q: a valid answer was changed", s, got)
		}
	})
}
