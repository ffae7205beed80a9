package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/status"
)

// TestPrintThreadsAge pins the age column: one scene is "scene", the rest
// "scenes", and the texts stay aligned whatever the age.
func TestPrintThreadsAge(t *testing.T) {
	var b bytes.Buffer
	printThreads(&b, []status.ThreadAge{
		{ID: "t3", Age: 12, Text: "twelve"},
		{ID: "t4", Age: 1, Text: "one"},
		{ID: "t5", Age: 0, Text: "none"},
		{ID: "t1", Age: -1, Text: "by hand"},
	})
	want := "threads:     4 open\n" +
		"  t3    12 scenes old  twelve\n" +
		"  t4     1 scene old   one\n" +
		"  t5     0 scenes old  none\n" +
		"  t1     set by hand  by hand\n"
	if got := b.String(); got != want {
		t.Errorf("printThreads:\n%s\nwant:\n%s", got, want)
	}
}

// TestPrintUsagePastLastScene: the calls of a scene that is not in the
// book (undone, failed, or planned by `storyd context`) are marked.
func TestPrintUsagePastLastScene(t *testing.T) {
	var b bytes.Buffer
	printUsage(&b, &status.Status{LastSeq: 2, ByTick: map[int]usage.Totals{
		2: {PromptTokens: 10, Calls: 3},
		3: {PromptTokens: 20, Calls: 1},
	}})
	lines := strings.Split(b.String(), "\n")
	var two, three string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "  scene 2 "):
			two = l
		case strings.HasPrefix(l, "  scene 3 "):
			three = l
		}
	}
	if strings.Contains(two, "not in the book") || !strings.HasSuffix(three, "(not in the book: undone, failed or only planned)") {
		t.Errorf("scene rows:\n%s\n%s", two, three)
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 ticks", 1: "1 tick", 2: "2 ticks"} {
		if got := count(n, "tick"); got != want {
			t.Errorf("count(%d) = %q; want %q", n, got, want)
		}
	}
}
