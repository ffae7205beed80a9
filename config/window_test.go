package config

import (
	"strconv"
	"strings"
	"testing"
)

// A context_window that cannot hold a role's pack beside max_tokens is
// told at the line that set it (a role's own window at its line), with
// the room it leaves; a window that holds the pack is not.
func TestWindowCutsNameTheSetting(t *testing.T) {
	for _, c := range []struct {
		name, yml string
		ratio     float64
		want      []string // "line: text" of each cut
	}{
		{"fits", "llm:\n  context_window: 128000\n", 1, nil},
		{"balanced writer", "preset: balanced\nllm:\n  context_window: 8192\n", 1,
			[]string{"3: llm.context_window: 8192 holds a writer pack of about 4932 tokens beside max_tokens 3000, less than budgets.writer (7000, the preset's)"}},
		{"the role's own", "llm:\n  context_window: 128000\n  roles:\n    planner:\n      context_window: 3000\n", 1,
			[]string{"5: llm.roles.planner.context_window: 3000 holds a planner pack"}},
		{"a budget set in the file", "llm:\n  context_window: 8192\nbudgets:\n  writer: 6000\n", 1,
			[]string{"2: llm.context_window: 8192 holds a writer pack of about 4932 tokens beside max_tokens 3000, less than budgets.writer (6000): "}},
		{"counted the server's way", "llm:\n  context_window: 11000\n", 1.3,
			[]string{"2: llm.context_window: 11000 holds a writer pack of about 5846 tokens"}},
		{"nothing fits", "llm:\n  context_window: 2500\n", 1,
			[]string{"2: llm.context_window: 2500 holds no writer pack beside max_tokens 3000", "2: llm.context_window: 2500 holds a planner pack"}},
	} {
		cfg, err := Parse(FileName, []byte(c.yml))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := cfg.WindowCuts(func(string) float64 { return c.ratio })
		for _, w := range c.want {
			line, text, _ := strings.Cut(w, ": ")
			found := false
			for _, p := range got {
				found = found || p.Path == FileName && line == strconv.Itoa(p.Line) && strings.Contains(p.Msg, text)
			}
			if !found {
				t.Errorf("%s: no %q among %v", c.name, w, got)
			}
		}
		if c.want == nil && len(got) > 0 {
			t.Errorf("%s: %v; want none", c.name, got)
		}
		for _, p := range got {
			if p.Hint == "" {
				t.Errorf("%s: %v has no hint", c.name, p)
			}
		}
	}
}
