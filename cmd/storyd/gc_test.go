package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// storyd sets the collector (DESIGN.md, "Memory") unless the environment
// does: a GOGC or GOMEMLIMIT of the user's is the runtime's to apply. A
// GOGC the runtime cannot read it ignores (its default applies), so storyd
// tunes as if it were unset.
func TestTuneGCYieldsToTheEnvironment(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, c := range []struct {
		name, value string
		tuned       bool
	}{
		{"GOGC", "", true},
		{"GOGC", "50", false},
		{"GOGC", "off", false},
		{"GOGC", "-1", false},
		{"GOGC", "+50", false},
		{"GOGC", "0", false},
		{"GOGC", "abc", true},
		{"GOGC", "4OO", true},
		{"GOGC", "99999999999", true},
		{"GOGC", "+", true},
		{"GOMEMLIMIT", "50", false},
	} {
		tuneGC(func(k string) string {
			if k == c.name {
				return c.value
			}
			return ""
		})
		// Read and reset both for the next case.
		pct, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
		want, wantLimit := 100, int64(math.MaxInt64)
		if c.tuned {
			want, wantLimit = gcPercent, gcLimit
		}
		if pct != want || limit != wantLimit {
			t.Errorf("%s=%q: GOGC %d, limit %d; want %d, %d", c.name, c.value, pct, limit, want, wantLimit)
		}
	}
}
