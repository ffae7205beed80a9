package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/project"
)

// Batch says how far a `storyd tick` run goes. Zero values mean "no limit",
// except that with no stop condition at all one tick runs.
type Batch struct {
	N           int     // ticks to run
	ToTick      int     // stop once the last seq >= ToTick (idempotent)
	UntilWords  int     // stop once the manuscript has this many words
	MaxTokens   int     // stop before the run's paid tokens would exceed this
	MaxCost     float64 // stop before the run's cost (USD) would exceed this
	MaxFailures int     // consecutive failed ticks before giving up (default 3)
	Wait        time.Duration
}

// RunResult summarises a batch.
type RunResult struct {
	Ticks     []*TickResult
	Stopped   string // why the batch ended
	Complete  bool   // the book is complete (see BookCompleteError)
	TokensIn  int
	TokensOut int
	// Cost totals the run's calls from the ledger: its CostText says
	// "unpriced" for calls whose model had no price.
	Cost usage.Totals
}

// TickTimeoutError says a tick ran past llm.tick_timeout; nothing of it
// was committed. Temporary: a later run may be luckier with the server.
type TickTimeoutError struct{ After time.Duration }

func (e *TickTimeoutError) Error() string {
	return fmt.Sprintf("the tick did not finish within %s; nothing was committed", e.After)
}

// TooManyFailuresError ends a batch after MaxFailures failed ticks in a row.
type TooManyFailuresError struct {
	N    int
	Last error
}

func (e *TooManyFailuresError) Error() string {
	return fmt.Sprintf("%d ticks failed in a row; last: %v", e.N, e.Last)
}

func (e *TooManyFailuresError) Unwrap() error { return e.Last }

// Run takes the project lock and runs ticks until the batch is done. each
// is called after every committed tick (the progress line).
func (a *Agent) Run(ctx context.Context, b Batch, each func(*TickResult)) (*RunResult, error) {
	lock, err := a.Lock(ctx, b.Wait)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	// Finish a killed tick's committed journal before deciding anything:
	// --to-tick may find there is nothing left to do.
	if err := a.recover(); err != nil {
		return nil, err
	}
	a.loadCounts()
	defer a.saveCounts()
	a.ledgerAt = 0
	if fi, err := os.Stat(journal.NewLedgerFile(a.Dir).Path); err == nil {
		a.ledgerAt = fi.Size() // the run's entries are appended after this
	}
	if b.MaxFailures <= 0 {
		b.MaxFailures = 3
	}
	if b.MaxCost > 0 {
		if err := a.checkPrices(); err != nil {
			return nil, err
		}
	}
	if b.N <= 0 && b.ToTick <= 0 && b.UntilWords <= 0 {
		b.N = 1
	}
	started := a.now()
	res := &RunResult{}
	var fails failedTicks
	var runErr error
	for {
		stop, why, p, err := a.shouldStop(b, res, started)
		if err != nil {
			runErr = err
			break
		} else if stop {
			res.Stopped = why
			break
		}
		if err := ctx.Err(); err != nil {
			runErr = err
			break
		}
		a.pos.seq = 0
		tr, err := a.tick(ctx, p)
		var done *BookCompleteError
		if errors.As(err, &done) {
			res.Stopped, res.Complete = done.Error(), true
			break
		}
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
				err = &TickTimeoutError{After: a.TickTimeout}
			}
			a.recordFailure(a.pos.seq, err)
			if runErr = a.afterFailure(&fails, b.MaxFailures, err); runErr != nil {
				break
			}
			continue
		}
		fails = failedTicks{refitted: fails.refitted}
		res.Ticks = append(res.Ticks, tr)
		res.TokensIn += tr.TokensIn
		res.TokensOut += tr.TokensOut
		if each != nil {
			each(tr)
		}
	}
	res.Cost = a.runUsage(started).total
	a.recordRun(started, res, runErr)
	return res, runErr
}

// failedTicks is what Run remembers of the ticks that failed in a row.
type failedTicks struct {
	n           int
	lastInvalid string // fingerprint of the last invalid answer, if the last failure was one
	refitted    bool   // a tick was done again after the server said its window (once a run)
}

// afterFailure decides what a failed tick means for the run: nil to go on
// (the tick is done again or the next one tried), or the error that ends it.
func (a *Agent) afterFailure(f *failedTicks, maxFailures int, err error) error {
	if cl := (*ContextLengthError)(nil); errors.As(err, &cl) && cl.ReportedWindow() > 0 && !f.refitted {
		// The next packs are cut to the window the server said: the tick
		// is done again now (once a run) rather than the run failing for
		// cron to try again.
		f.refitted = true
		a.logf("warning: %v; the tick is done again with its packs cut to the server's window of %d tokens", err, cl.ReportedWindow())
		return nil
	}
	if !retryable(err) {
		return err
	}
	f.n++
	var inv *InvalidAnswerError
	if errors.As(err, &inv) && inv.Fingerprint != "" && inv.Fingerprint == f.lastInvalid {
		// The same request to the same model failed the same way twice:
		// more tries only cost more (exit 1, not 75).
		return &RepeatedInvalidError{Ticks: f.n, Last: inv}
	}
	f.lastInvalid = ""
	if inv != nil {
		f.lastInvalid = inv.Fingerprint
	}
	a.logf("warning: tick failed (%d of %d in a row): %v", f.n, maxFailures, err)
	if f.n >= maxFailures {
		return &TooManyFailuresError{N: f.n, Last: err}
	}
	return nil
}

// RepeatedInvalidError ends a batch whose ticks failed twice in a row
// with an invalid answer to the same request (same role, model, structured
// mode and pack): the model cannot answer it, so the failure is permanent.
type RepeatedInvalidError struct {
	Ticks int
	Last  *InvalidAnswerError
}

func (e *RepeatedInvalidError) Error() string {
	return fmt.Sprintf("%d ticks in a row failed on the same request: %v", e.Ticks, e.Last)
}

func (e *RepeatedInvalidError) Unwrap() error { return e.Last }

// retryable errors are worth another tick in the same batch: an answer
// that stayed invalid or a tick that ran out of time. Transient model
// errors are not: the client already retried them with backoff (one retry
// layer), so the batch stops with exit 75 and cron tries again later.
func retryable(err error) bool {
	var inv *InvalidAnswerError
	var to *TickTimeoutError
	return errors.As(err, &inv) || errors.As(err, &to)
}

// shouldStop says whether the batch is done, and why. For a batch that
// stops on the book's state it loads the project: p, which the next tick
// starts from instead of loading it again (nil: the tick loads).
func (a *Agent) shouldStop(b Batch, res *RunResult, started time.Time) (stop bool, why string, p *project.Project, err error) {
	n := len(res.Ticks)
	if b.N > 0 && n >= b.N {
		if n == 1 {
			return true, "1 tick done", nil, nil
		}
		return true, fmt.Sprintf("%d ticks done", n), nil, nil
	}
	// left is how many more ticks the run expects (for the progress line).
	left := 0
	if b.N > 0 {
		left = b.N - n
	}
	fewer := func(k int) {
		if left == 0 || k < left {
			left = max(k, 1)
		}
	}
	if b.ToTick > 0 || b.UntilWords > 0 {
		if p, err = a.loadProject(); err != nil {
			return false, "", nil, err
		}
		if b.ToTick > 0 && p.NextSeq()-1 >= b.ToTick {
			return true, fmt.Sprintf("reached scene %d", b.ToTick), nil, nil
		}
		if b.UntilWords > 0 && p.Words() >= b.UntilWords {
			return true, fmt.Sprintf("reached %d words", p.Words()), nil, nil
		}
		if b.ToTick > 0 {
			fewer(b.ToTick - (p.NextSeq() - 1))
		}
		if b.UntilWords > 0 && p.SceneWords() > 0 {
			fewer((b.UntilWords - p.Words() + p.SceneWords() - 1) / p.SceneWords()) // an estimate
		}
	}
	a.pos.n, a.pos.of = n+1, 0
	if left > 0 {
		a.pos.of = n + left
	}
	if n > 0 {
		// Stop before exceeding: assume the next tick costs as much as the
		// costliest one so far (a checkpoint tick costs more than others),
		// or as the last one plus what it grew by, if more (between
		// checkpoints the writer's summaries grow by a scene each tick).
		// Both limits count every paid call of the run, failed ticks' too.
		u := a.runUsage(started)
		if b.MaxTokens > 0 && u.tokens+u.worstTokens > b.MaxTokens {
			return true, fmt.Sprintf("the next tick would pass --max-tokens %d", b.MaxTokens), nil, nil
		}
		if b.MaxCost > 0 && u.total.CostUSD+u.worstCost > b.MaxCost {
			return true, fmt.Sprintf("the next tick would pass --max-cost %s", config.USD(b.MaxCost)), nil, nil
		}
	}
	return false, "", p, nil
}

// checkPrices refuses --max-cost when a model in use has no price: the
// limit would silently never apply.
func (a *Agent) checkPrices() error {
	if a.ModelName == "offline" {
		return nil
	}
	for _, role := range config.RoleNames() {
		m := a.Config.RoleSettings(role).Model
		if _, ok := a.Config.PriceFor(m); !ok {
			return &chain.ConfigError{
				Msg:  fmt.Sprintf("--max-cost needs a price for model %q (%s role), and storyd.yaml has none", m, role),
				Hint: fmt.Sprintf("add it under prices: in storyd.yaml, e.g. %q: {input: 0.40, cached_input: 0.10, output: 1.60} (USD per million tokens), or use --max-tokens; a model you run yourself (Ollama, LM Studio, llama.cpp) costs nothing: drop --max-cost", m),
			}
		}
	}
	return nil
}

// spent is what a run has paid for so far, from the ledger.
type spent struct {
	total               usage.Totals
	tokens, worstTokens int
	worstCost           float64
}

// runUsage sums the ledger's paid calls since t, and the usage the next
// tick is assumed to take: the costliest tick's among them, or the last
// tick's plus its growth over the one before, whichever is more.
func (a *Agent) runUsage(since time.Time) spent {
	var u spent
	entries, err := a.runLedger()
	if err != nil {
		return u
	}
	tokens, cost := map[int]int{}, map[int]float64{}
	var run []usage.Entry
	for _, e := range entries {
		if e.Time.Before(since) || e.FromCache {
			continue
		}
		run = append(run, e)
		n := e.PromptTokens + e.CompletionTokens
		u.tokens += n
		tokens[e.Tick] += n
		cost[e.Tick] += e.CostUSD
	}
	u.total, _, _ = usage.Sum(run)
	ticks := slices.Sorted(maps.Keys(tokens))
	for _, k := range ticks {
		u.worstTokens = max(u.worstTokens, tokens[k])
		u.worstCost = max(u.worstCost, cost[k])
	}
	if n := len(ticks); n >= 2 {
		last, prev := ticks[n-1], ticks[n-2]
		u.worstTokens = max(u.worstTokens, 2*tokens[last]-tokens[prev])
		u.worstCost = max(u.worstCost, 2*cost[last]-cost[prev])
	}
	return u
}

// runLedger reads the ledger entries appended since the run began, not the
// whole book's: the ledger grows by a few lines every tick.
func (a *Agent) runLedger() ([]usage.Entry, error) { return readLedger(a.Dir, a.ledgerAt) }

// ReadLedger reads the project's usage ledger.
func ReadLedger(dir string) ([]usage.Entry, error) { return readLedger(dir, 0) }

// readLedger reads the ledger from byte offset at on; a ledger shorter
// than that (rewritten meanwhile) is read whole.
func readLedger(dir string, at int64) ([]usage.Entry, error) {
	f, err := journal.NewLedgerFile(dir).Open()
	if err != nil || f == nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() >= at {
		if _, err := f.Seek(at, io.SeekStart); err != nil {
			return nil, err
		}
	}
	return usage.ReadLedger(f)
}

// recordRun notes the batch's outcome in state.json (for `storyd status`).
func (a *Agent) recordRun(started time.Time, res *RunResult, err error) {
	run := project.Run{Started: started.UTC(), Finished: a.now().UTC(), Ticks: len(res.Ticks), Outcome: "ok", Stopped: res.Stopped}
	if err != nil {
		run.Outcome, run.Error = "failed", llm.RedactURLs(err.Error()) // a key in the base URL stays out of .storyd/
	}
	data, _ := json.Marshal(run)
	// Kept beside state.json rather than in it: the run record is not part
	// of any tick's commit and must not race one. Not fsynced: after a
	// power cut status shows the run before, which the cut ended anyway.
	journal.WriteFileUnsynced(filepath.Join(a.Dir, project.StateDir, "last_run.json"), data, 0o644)
}

// LastRun reads the record of the last batch, if any.
func LastRun(dir string) (*project.Run, error) {
	data, err := os.ReadFile(filepath.Join(dir, project.StateDir, "last_run.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r project.Run
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// countsPath keeps token counts between runs: a cron job runs one tick per
// process, and without it every tick would re-tokenize every scene it shows.
func (a *Agent) countsPath() string {
	return filepath.Join(a.Dir, project.StateDir, "cache", "token-counts-"+a.Tok.Encoding()+".bin")
}

func (a *Agent) loadCounts() {
	data, err := os.ReadFile(a.countsPath())
	if err != nil {
		return // none yet
	}
	if err := a.Tok.ImportCounts(data); err != nil {
		a.logf("warning: %v; counting afresh", err)
		return
	}
	a.counts = data
}

// saveCounts writes the counts the run used, unless they are the ones it
// read (a run that counted nothing new).
func (a *Agent) saveCounts() {
	data := a.Tok.ExportCounts()
	if bytes.Equal(data, a.counts) {
		return
	}
	// A rebuildable cache: one lost to a power cut costs recounting.
	if err := journal.WriteFileUnsynced(a.countsPath(), data, 0o644); err != nil {
		a.logf("warning: saving token counts: %v", err)
	}
}
