package agent

import (
	"fmt"
	"strings"

	"github.com/storyd/storyd/config"
)

// fitToServer sizes this tick's packs for the server as it really is: a
// role's pack budget is lowered when the model's window (the one the
// server reported in an overflow, or the configured context_window,
// whichever is smaller), counted the server's way (Calibration's ratio of
// its token counts to storyd's: Llama, Qwen, Mistral and Gemma tokenizers
// count 10-30% more on prose), would not hold the pack and max_tokens. It
// swaps a.Config for the tick and returns the function that puts the
// user's configuration back; nothing is written to storyd.yaml.
func (a *Agent) fitToServer() (restore func()) {
	saved := a.Config
	c := *saved
	changed, small, configured := false, 0, false
	var cut []string // what a window the server reported cut
	for _, role := range config.RoleNames() {
		rs := c.RoleSettings(role)
		ratio, learned := a.calibration(rs.Model, rs.ContextWindow)
		window := rs.ContextWindow
		if learned > 0 && (window == 0 || learned < window) {
			window = learned
		}
		if window <= rs.MaxTokens || ratio <= 0 {
			continue // nothing known, or nothing fits: checkWindows says so
		}
		if fit, b := config.PackRoom(window, rs.MaxTokens, ratio), c.Budget(role); fit > 0 && fit < b {
			setBudget(&c.Budgets, role, fit, b)
			changed = true
			if window == learned {
				cut = append(cut, fmt.Sprintf("%s %d tokens of budgets.%s %d (max_tokens %d)", role, fit, role, b, rs.MaxTokens))
				small = window
			} else {
				configured = true
			}
		}
	}
	if !changed {
		return func() {}
	}
	// A configured window that cuts is said at its line, once a process.
	if configured && !a.windowSaid {
		a.windowSaid = true
		for _, w := range saved.WindowCuts(func(model string) float64 { r, _ := a.calibration(model, 0); return r }) {
			a.logf("warning: %s; %s", w.Error(), w.Hint)
		}
	}
	// Said once a process: otherwise a pack short of its budget is only
	// told by the sections it truncates.
	if msg := strings.Join(cut, ", "); msg != "" && msg != a.fitSaid {
		a.fitSaid = msg
		a.logf("warning: the server reported a window of %d tokens (kept in .storyd/providers.json): packs cut to fit it: %s; a bigger window on the server (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: -c), then llm.context_window set to it (storyd forgets a reported window when that setting changes, and tries without it a day after it was reported), or a lower max_tokens leaves more", small, msg)
	}
	a.Config = &c
	return func() { a.Config = saved }
}

// setBudget lowers a role's pack budget from old to n; the writer's
// section budgets shrink in proportion, so that they still add up.
func setBudget(b *config.Budgets, role string, n, old int) {
	switch role {
	case "writer":
		scale := func(v *int) { *v = *v * n / old }
		for _, v := range []*int{&b.Bible, &b.Glossary, &b.History, &b.Cast, &b.Retrieval, &b.Summaries, &b.Recent, &b.Plan} {
			scale(v)
		}
		b.Writer = n
	case "planner":
		b.Planner = n
	case "extractor":
		b.Extractor = n
	default:
		b.Checkpoint = n
	}
}

// calibration is what the model client learned about model (ratio 1 and
// no window when it learns nothing, as the offline stand-in).
func (a *Agent) calibration(model string, setting int) (ratio float64, window int) {
	if a.Calibration == nil {
		return 1, 0
	}
	return a.Calibration(model, setting)
}

// serverCount is n storyd-counted tokens as model's server would count them.
func (a *Agent) serverCount(model string, n int) int {
	if a.Calibration == nil {
		return n
	}
	if ratio, _ := a.Calibration(model, 0); ratio > 1 {
		return int(float64(n)*ratio + 0.5)
	}
	return n
}
