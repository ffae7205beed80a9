package agent

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/prompt"
)

// Options is what an Agent works with. Only Dir is required: commands that
// do not tick (undo, reindex) leave the model side empty.
type Options struct {
	Dir       string
	Config    *config.Config
	Model     Model
	ModelName string // recorded in scene frontmatter ("offline" for the stand-in)
	Tok       *prompt.Tokenizer
	Embedder  index.Embedder   // nil: retrieval off
	Now       func() time.Time // nil: the wall clock
	// Log receives warnings (trimmed required sections, fallbacks); one line each.
	Log io.Writer
	// Progress hears what a running tick is doing: phases, the writer's
	// stream, retry waits (the progress line).
	Progress func(Event)
	// ContinuePastEnd lets ticks go on after the book is complete.
	ContinuePastEnd bool
	// Calibration reports what the model client learned about a model's
	// server: its tokens per storyd token and the window it reported
	// (llm.OpenAI.Calibration); nil = nothing learned.
	Calibration func(model string, setting int) (ratio float64, window int)
	// TickTimeout bounds one tick, model calls included; 0 = none.
	TickTimeout time.Duration
	// Explain phrases a failed tick's error as the CLI reports it, with a
	// hint, for the failure list status shows; nil: the error's own text.
	Explain func(error) (reason, hint string)
	// LockWait is how long undo and checkpoint wait for another run's
	// lock (--wait); a tick's batch has its own (Batch.Wait).
	LockWait time.Duration
}

// Option changes what only tests change: where an Agent fails on purpose.
type Option func(*Agent)

// New returns an Agent working with o.
func New(o Options, opts ...Option) *Agent {
	a := &Agent{Options: o}
	for _, opt := range opts {
		opt(a)
	}
	return a
}

// FaultsFromEnv installs the faults the environment names, for the crash
// and disk-full tests, which run the real binary: STORYD_FAILPOINT kills
// the process at a named step, STORYD_IOFAULT fails the journal's disk
// operations. With neither set it changes nothing.
func FaultsFromEnv(getenv func(string) string) Option {
	return func(a *Agent) {
		a.failpoint, a.fs = failpoints(getenv), ioFaults(getenv)
	}
}

// failpoints returns the failpoint hook named by STORYD_FAILPOINT (tests
// only): when the tick reaches that step, the process kills itself with
// SIGKILL, as a crash or `kill -9` would.
func failpoints(getenv func(string) string) func(string) {
	want := getenv("STORYD_FAILPOINT")
	if want == "" {
		return nil
	}
	return func(name string) {
		if name == want {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal is asynchronous; never run past the point
		}
	}
}

// ioFaults returns the journal file system named by STORYD_IOFAULT (tests
// and the soak script only): "P" fails each write, fsync, rename and
// removal of a commit with EIO with probability P, seeded by the pid. Nil
// (the real file system) when unset.
func ioFaults(getenv func(string) string) journal.FS {
	p, err := strconv.ParseFloat(getenv("STORYD_IOFAULT"), 64)
	if err != nil || p <= 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), 15))
	return &journal.FaultFS{Fail: func(op, path string) error {
		if rng.Float64() < p {
			return syscall.EIO
		}
		return nil
	}}
}

// Model is what the tick needs from a language model.
type Model interface {
	Complete(ctx context.Context, r llm.Request) (llm.Response, error)
}
