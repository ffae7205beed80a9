// Command storyd grows a novel one scene (tick) at a time inside a plain
// project directory of markdown files. See README.md.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"syscall"
	"time"
)

func main() {
	tuneGC(os.Getenv)
	os.Exit(runStoppable(os.Args, os.Stdout, os.Stderr, os.Getenv))
}

// runStoppable runs storyd with Ctrl-C (SIGINT) and SIGTERM stopping the
// run cleanly (nothing half-written is kept). A run they stopped then ends
// the process by that same signal, its default action, as an interrupted
// program should: the shell reports 130 or 143 and stops a script's loop
// (an ordinary exit code would let `while …; do storyd tick; done` go on
// after Ctrl-C), and systemd counts a stop by its SIGTERM as clean. The
// code it returns is the fallback should the signal not end the process.
// A second signal ends the process at once, which the journal makes as
// safe as a kill.
func runStoppable(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan os.Signal, 1)
	go func() {
		s := <-sigs
		// A second signal ends the process at once: as safe as a kill.
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		got <- s
		cancel()
	}()
	code := run(ctx, args, stdout, stderr, getenv)
	signal.Stop(sigs)
	cancel()
	if code != exitInterrupted {
		return code
	}
	select {
	case s := <-got:
		sig := s.(syscall.Signal)
		syscall.Kill(os.Getpid(), sig)
		time.Sleep(time.Second) // the signal ends the process meanwhile
		return 128 + int(sig)
	default:
		return code
	}
}

// gcPercent and gcLimit are the collector's settings (DESIGN.md, "Memory"):
// a tick at 1,000 scenes allocates ~17 MB over a live heap of ~6–10 MB, and
// the default (collect whenever the heap doubles, from 4 MB) ran 5–6
// collections a tick, ~15% of its CPU. The heap may grow to seven times
// what is live: the first collection comes at 24 MB, which a tick at 1,000
// scenes does not reach (at five times, 16 MB, it ran one, ~4–5 ms of CPU,
// where a 30-scene book's tick ran none), for ~2 MB more peak RSS. A soft
// limit only bounds a long run's peaks (its live heap peaks near 40 MB at
// 1,000 scenes): a limit near the live heap would make the runtime collect
// without pause, so it sits well above it.
const (
	gcPercent = 600
	gcLimit   = 128 << 20
)

// tuneGC applies gcPercent and gcLimit unless the environment sets GOGC or
// GOMEMLIMIT, which the runtime has already applied. A GOGC the runtime
// cannot read (GOGC=abc) it ignores, taking its default of 100, so storyd
// tunes as if it were unset: else a typo would silently cost the tuning.
// (A malformed GOMEMLIMIT stops the runtime before main.)
func tuneGC(getenv func(string) string) {
	if gogcApplies(getenv("GOGC")) || getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(gcLimit)
}

// gogcApplies reports whether the runtime takes v as GOGC: "off" or a
// number it reads as the standard library does (runtime.readGOGC).
func gogcApplies(v string) bool {
	if v == "off" {
		return true
	}
	_, err := strconv.ParseInt(v, 10, 32)
	return err == nil
}
