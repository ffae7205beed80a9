package main

import (
	"bytes"
	"testing"

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
