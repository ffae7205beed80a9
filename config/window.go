package config

import (
	"fmt"

	"github.com/storyd/storyd/textfile"
)

// PackRoom is how many of storyd's tokens of pack a context window holds
// beside maxTokens, for a server that counts ratio of its tokens per
// storyd token (1 when unknown): 5% is left for the chat format's
// per-message tokens and rounding. At most 0: no pack fits.
func PackRoom(window, maxTokens int, ratio float64) int {
	if ratio <= 0 {
		ratio = 1
	}
	return int(float64(window-maxTokens) / ratio * 0.95)
}

// WindowCuts lists the roles whose configured context_window cannot hold
// their pack budget beside max_tokens, each at the line (or variable) that
// set the window: the tick cuts those packs to fit, which a person who
// wrote down the server's window rarely means as a smaller pack. ratio
// gives the server's tokens per storyd token for a model (nil: 1).
func (c *Config) WindowCuts(ratio func(model string) float64) textfile.Problems {
	var out textfile.Problems
	conservative := Default()
	applyPreset(conservative, "conservative")
	for _, role := range roleNames {
		rs := c.RoleSettings(role)
		if rs.ContextWindow <= 0 {
			continue
		}
		r := 1.0
		if ratio != nil {
			r = ratio(rs.Model)
		}
		room, budget := PackRoom(rs.ContextWindow, rs.MaxTokens, r), c.Budget(role)
		if room >= budget {
			continue
		}
		field := "llm.roles." + role + ".context_window"
		if c.LLM.Roles[role].ContextWindow == 0 {
			field = "llm.context_window"
		}
		p := textfile.Problem{Path: FileName, Line: c.line(field)}
		if name := c.env[field]; name != "" {
			p = textfile.Problem{Path: name}
		}
		whose := ""
		if c.lines["budgets."+role] == 0 {
			whose = ", the preset's"
		}
		if room <= 0 {
			p.Msg = fmt.Sprintf("%s: %d holds no %s pack beside max_tokens %d: every %s call is refused", field, rs.ContextWindow, role, rs.MaxTokens, role)
			p.Hint = fmt.Sprintf("lower llm.roles.%s.max_tokens, or raise context_window if the server's window is bigger", role)
			out = append(out, p)
			continue
		}
		p.Msg = fmt.Sprintf("%s: %d holds a %s pack of about %d tokens beside max_tokens %d, less than budgets.%s (%d%s): every %s prompt is cut to fit",
			field, rs.ContextWindow, role, room, rs.MaxTokens, role, budget, whose, role)
		p.Hint = fmt.Sprintf("if the server's window is bigger, set context_window to it (the setting only tells storyd the server's size: Ollama's is OLLAMA_CONTEXT_LENGTH, llama.cpp's -c); else lower budgets.%s to %d or max_tokens", role, room)
		if conservative.Budget(role) <= room && budget > conservative.Budget(role) {
			p.Hint += fmt.Sprintf(", or use preset: conservative (%s pack %d)", role, conservative.Budget(role))
		}
		out = append(out, p)
	}
	return out
}
