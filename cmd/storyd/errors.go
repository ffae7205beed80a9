package main

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/prompt"
)

// explain maps the errors of a tick to a message, a hint and an exit code.
func explain(err error) (string, string, int) {
	var (
		cfgErr  *agent.ConfigError
		me      *llm.Error
		over    *prompt.OverBudgetError
		win     *agent.ContextWindowError
		edited  *journal.EditedError
		invalid *agent.InvalidAnswerError
		many    *agent.TooManyFailuresError
		undo    *agent.UndoRefusedError
		timeout *agent.TickTimeoutError
		ctxLen  *agent.ContextLengthError
		repeat  *agent.RepeatedInvalidError
		hinted  *hintedError
		jerr    *journal.JournalError
		deep    *machineStateError
	)
	switch {
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT):
		return err.Error(), "the disk (or your quota) is full: free some space and run again; nothing half-written was kept, and answers already paid for are replayed from the cache", exitTempFail
	case errors.As(err, &jerr):
		return jerr.Error(), "`storyd validate --deep` says what is damaged; `storyd validate --deep --repair` moves the journal aside, and the interrupted tick is redone (answers already paid for replay from the cache)", exitError
	case errors.As(err, &deep):
		return deep.Error(), "run `storyd validate --deep --repair` to make the repairs listed above", exitError
	case errors.As(err, &repeat):
		return repeat.Error(), fmt.Sprintf("the %s model cannot answer this request in valid JSON; asking again pays again for the same failure, so storyd stops (exit 1, not 75); %s",
			repeat.Last.Role, llm.StructuredHint(repeat.Last.Structured, agent.ConfigRole(repeat.Last.Role))), exitError
	case errors.As(err, &cfgErr):
		return cfgErr.Msg, cfgErr.Hint, exitError
	case errors.As(err, &many):
		msg, hint, code := explain(many.Last)
		if code == exitError {
			code = exitTempFail
		}
		return fmt.Sprintf("%d ticks failed in a row; last: %s", many.N, msg), hint, code
	case errors.As(err, &ctxLen) && learnedWindow(ctxLen) > 0:
		return ctxLen.Error(), fmt.Sprintf("the server said its window is %d tokens; storyd remembers that (and how the server counts tokens) and sizes the next packs to fit: run again; set llm.context_window: %d (or roles.%s.context_window) to make it explicit",
			learnedWindow(ctxLen), learnedWindow(ctxLen), agent.ConfigRole(ctxLen.Role)), exitError
	case errors.As(err, &ctxLen):
		return ctxLen.Error(), fmt.Sprintf("set llm.context_window (or roles.%s.context_window) to the server's real window so storyd refuses before paying, and lower budgets.%s or max_tokens to fit it (Ollama: raise num_ctx)", agent.ConfigRole(ctxLen.Role), agent.ConfigRole(ctxLen.Role)), exitError
	case errors.As(err, &me):
		return me.Error(), llmHint(me), llmCode(me)
	case errors.As(err, &over):
		return over.Error(), fmt.Sprintf("raise budgets.%s in storyd.yaml (or choose a larger preset), or shorten the %s section's source", over.Role, over.Section), exitError
	case errors.As(err, &win):
		return win.Error(), "lower budgets." + win.Role + " or the role's max_tokens; raise llm.context_window only if the server really has that window (Ollama: num_ctx)", exitError
	case errors.As(err, &edited):
		return edited.Error(), "your edit is kept; run the tick again and it will read the edited file", exitError
	case errors.As(err, &invalid):
		return invalid.Error(), llm.StructuredHint(invalid.Structured, agent.ConfigRole(invalid.Role)), exitError
	case errors.As(err, &timeout):
		return timeout.Error(), "a slow server or a hung stream; storyd exits 75 so cron tries again; raise llm.tick_timeout for slow local models", exitTempFail
	case errors.As(err, &hinted):
		return hinted.msg, hinted.hint, exitError
	case errors.As(err, &undo):
		return undo.Error(), "", exitError
	}
	return err.Error(), "", exitError
}

// failureText is a failed tick's message and hint as the run printed
// them, for the failure list `storyd status` shows.
func failureText(err error) (string, string) {
	msg, hint, _ := explain(err)
	return msg, hint
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

// learnedWindow is the window the server reported with an overflow, 0 if none.
func learnedWindow(e *agent.ContextLengthError) int {
	var me *llm.Error
	if errors.As(e.Err, &me) {
		return me.Window
	}
	return 0
}
