package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
	"github.com/storyd/storyd/undo"
)

// Exit codes (README "Exit codes").
const (
	exitOK       = 0
	exitError    = 1
	exitUsage    = 2
	exitInvalid  = 3
	exitTempFail = 75 // EX_TEMPFAIL: locked, the model temporarily unavailable, or the disk full; cron retries later
	// exitInterrupted is a run Ctrl-C or SIGTERM stopped: 128+SIGINT, as
	// the shell reports it; runStoppable ends the process by the signal.
	exitInterrupted = 130
)

// notice is one error line storyd prints, with its hint ("" for none).
type notice struct{ msg, hint string }

// exitFor maps an error to what storyd says about it and the exit code:
// the one place errors become codes (restic's main.go switch). Invalid
// project files give one notice per problem; everything else gives one.
func exitFor(err error) ([]notice, int) {
	var (
		ue      *usageError
		probs   textfile.Problems
		prob    textfile.Problem
		lock    *journal.LockedError
		np      *project.NotProjectError
		cfgErr  *chain.ConfigError
		me      *llm.Error
		over    *prompt.OverBudgetError
		win     *agent.ContextWindowError
		edited  *journal.EditedError
		invalid *agent.InvalidAnswerError
		many    *agent.TooManyFailuresError
		refused *undo.RefusedError
		timeout *agent.TickTimeoutError
		ctxLen  *agent.ContextLengthError
		repeat  *agent.RepeatedInvalidError
		hinted  *hintedError
		jerr    *journal.JournalError
		deep    *machineStateError
	)
	one := func(msg, hint string, code int) ([]notice, int) { return []notice{{msg, hint}}, code }
	switch {
	case errors.Is(err, context.Canceled):
		return one("interrupted; nothing half-written was kept", "the next run redoes the interrupted tick; answers received in full come from the cache", exitInterrupted)
	case errors.As(err, &ue):
		if ue.hint != "" {
			return one(ue.msg, ue.hint, exitUsage)
		}
		return one(ue.msg, "run `storyd --help` or `storyd COMMAND --help` for usage", exitUsage)
	case errors.As(err, &probs):
		ns := make([]notice, len(probs))
		for i, p := range probs {
			ns[i] = notice{p.Error(), p.Hint}
		}
		return ns, exitInvalid
	case errors.As(err, &prob):
		return one(prob.Error(), prob.Hint, exitInvalid)
	case errors.As(err, &lock) && lock.Waited > 0:
		return one(lock.Error(), fmt.Sprintf("it still held the project after --wait=%s: give it longer (--wait=30m), or a bare --wait for as long as it takes", lock.Waited), exitTempFail)
	case errors.As(err, &lock):
		return one(lock.Error(), "another storyd is working on this project; add --wait (or --wait=10m) to queue behind it", exitTempFail)
	case errors.As(err, &np):
		return one(np.Error(), "create one with `storyd init DIR`, or point at it with -p DIR or STORYD_PROJECT", exitError)
	case errors.Is(err, syscall.ENOTDIR):
		return one(notADirectory(err))
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT):
		return one(err.Error(), "the disk (or your quota) is full: free some space and run again; nothing half-written was kept, and answers already paid for are replayed from the cache", exitTempFail)
	case errors.As(err, &jerr):
		return one(jerr.Error(), "`storyd validate --deep` says what is damaged; `storyd validate --deep --repair` moves the journal aside, and the interrupted tick is redone (answers already paid for replay from the cache)", exitError)
	case errors.As(err, &deep):
		return one(deep.Error(), "run `storyd validate --deep --repair` to make the repairs listed above", exitError)
	case errors.As(err, &repeat):
		return one(repeat.Error(), fmt.Sprintf("the %s model cannot answer this request in valid JSON; asking again pays again for the same failure, so storyd stops (exit 1, not 75); %s",
			repeat.Last.Role, llm.StructuredHint(repeat.Last.Structured, agent.ConfigRole(repeat.Last.Role))), exitError)
	case errors.As(err, &cfgErr):
		return one(cfgErr.Msg, cfgErr.Hint, exitError)
	case errors.As(err, &many):
		last, code := exitFor(many.Last)
		if code == exitError {
			code = exitTempFail
		}
		return one(fmt.Sprintf("%d ticks failed in a row; last: %s", many.N, last[0].msg), last[0].hint, code)
	case errors.As(err, &ctxLen) && ctxLen.ReportedWindow() > 0:
		return one(ctxLen.Error(), fmt.Sprintf("the server said its window is %d tokens; storyd remembers that (and how the server counts tokens) and sizes the next packs to fit (a tick run redoes its first overflowed tick with them at once); set llm.context_window: %d (or roles.%s.context_window) to make it explicit; if storyd.yaml says more, the server was started with less: give it a bigger window (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: -c)",
			ctxLen.ReportedWindow(), ctxLen.ReportedWindow(), agent.ConfigRole(ctxLen.Role)), exitError)
	case errors.As(err, &ctxLen):
		return one(ctxLen.Error(), fmt.Sprintf("set llm.context_window (or roles.%s.context_window) to the server's real window so storyd refuses before paying, and lower budgets.%s or max_tokens to fit it (Ollama: OLLAMA_CONTEXT_LENGTH sets its window; llama.cpp: -c)", agent.ConfigRole(ctxLen.Role), agent.ConfigRole(ctxLen.Role)), exitError)
	case errors.As(err, &me):
		return one(me.Error(), llmHint(me), llmCode(me))
	case errors.As(err, &over):
		return one(over.Error(), fmt.Sprintf("raise budgets.%s in storyd.yaml (or choose a larger preset), or shorten the %s section's source", over.Role, over.Section), exitError)
	case errors.As(err, &win):
		return one(win.Error(), "lower budgets."+win.Role+" or the role's max_tokens; raise llm.context_window only if the server really has that window (Ollama: OLLAMA_CONTEXT_LENGTH sets it; llama.cpp: -c)", exitError)
	case errors.As(err, &edited):
		return one(edited.Error(), "your edit is kept; run the tick again and it will read the edited file", exitError)
	case errors.As(err, &invalid):
		return one(invalid.Error(), llm.StructuredHint(invalid.Structured, agent.ConfigRole(invalid.Role)), exitError)
	case errors.As(err, &timeout):
		return one(timeout.Error(), "a slow server or a hung stream; storyd exits 75 so cron tries again; raise llm.tick_timeout for slow local models", exitTempFail)
	case errors.As(err, &hinted):
		return one(hinted.msg, hinted.hint, exitError)
	case errors.As(err, &refused):
		return one(refused.Error(), refused.Hint, exitError)
	}
	return one(err.Error(), "", exitError)
}

// notADirectory tells a path through a file ("open mynovel/story.md/
// storyd.yaml: not a directory": a project command given a file): which
// file stands where a directory should be, and the directory to give.
func notADirectory(err error) (string, string, int) {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error(), "", exitError
	}
	file := pe.Path
	for {
		if info, serr := os.Stat(file); serr == nil && !info.IsDir() {
			break
		}
		if parent := filepath.Dir(file); parent != file {
			file = parent
			continue
		}
		return err.Error(), "", exitError
	}
	hint := "a project is the directory holding story.md and storyd.yaml: give that directory (-p DIR, or DIR as the argument)"
	if dir := filepath.Dir(file); project.IsProject(dir) == nil {
		hint = fmt.Sprintf("give the project's directory: %s", dir)
	}
	return fmt.Sprintf("%s is a file, not a directory", file), hint, exitError
}

// failureText is a failed tick's message and hint as the run printed
// them, for the failure list `storyd status` shows. Several problems in
// project files become one line naming the first: the list (and
// .storyd/failures.json) stays a few lines however many files are bad.
func failureText(err error) (string, string) {
	notices, _ := exitFor(err)
	switch {
	case len(notices) == 0:
		return err.Error(), ""
	case len(notices) > 1:
		return fmt.Sprintf("%d problems in project files, the first %s", len(notices), notices[0].msg),
			"`storyd validate` lists them all, each at its file and line"
	}
	return notices[0].msg, notices[0].hint
}

func llmCode(e *llm.Error) int {
	if e.Temporary() {
		return exitTempFail
	}
	return exitError
}

// llmHint is the model error's own hint, naming the settings of the
// storyd.yaml role the call used.
func llmHint(e *llm.Error) string {
	return e.Hint(agent.ConfigRole(e.Role))
}
