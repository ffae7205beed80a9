package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// storyd sets the collector (DESIGN.md, "Memory") unless the environment
// does: a GOGC or GOMEMLIMIT of the user's is the runtime's to apply.
func TestTuneGCYieldsToTheEnvironment(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		tuneGC(func(k string) string {
			if k == name {
				return "50"
			}
			return ""
		})
		if pct, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); pct != 100 || limit != math.MaxInt64 {
			t.Errorf("with %s set: GOGC %d, limit %d; want the runtime's (100, none)", name, pct, limit)
		}
	}
	tuneGC(func(string) string { return "" })
	if pct, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); pct != gcPercent || limit != gcLimit {
		t.Errorf("GOGC %d, limit %d; want %d, %d", pct, limit, gcPercent, gcLimit)
	}
}
