package prompt

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/storyd/storyd/textfile"
)

// Explain renders the pack's report for people: one row per section, then
// every trim with its reason, the warnings and the strain line.
func (p *Pack) Explain() string {
	var sb strings.Builder
	role := p.Role
	if role == "" {
		role = "prompt"
	}
	fmt.Fprintf(&sb, "%s pack: %d/%d tokens in %d %s\n\n", role, p.Tokens, p.Budget, len(p.Messages), textfile.Noun(len(p.Messages), "message"))

	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "section\ttokens/budget\titems (kept/degraded/dropped)\tnotes")
	sections := 0
	for _, s := range p.Sections {
		budget := "-"
		if s.Budget > 0 {
			budget = strconv.Itoa(s.Budget)
		}
		var notes []string
		if s.Required {
			notes = append(notes, "required")
		}
		if s.Budget > 0 && s.Tokens > s.Budget {
			notes = append(notes, "over budget")
		}
		if s.Truncated {
			notes = append(notes, "truncated")
		}
		if s.BudgetFrom != "" {
			notes = append(notes, "budget: "+s.BudgetFrom)
		}
		if s.Omitted {
			notes = append(notes, "omitted: "+s.Why)
		}
		fmt.Fprintf(tw, "%s\t%d/%s\t%d/%d/%d\t%s\n", s.Name, s.Tokens, budget, s.Items, s.Degraded, s.Dropped, strings.Join(notes, ", "))
		sections += s.Tokens
	}
	tw.Flush()
	for _, line := range strings.SplitAfter(table.String(), "\n") {
		// tabwriter pads the empty notes cells; keep the report free of trailing blanks.
		if trimmed := strings.TrimRight(line, " \n"); trimmed != "" {
			sb.WriteString(trimmed + "\n")
		}
	}
	// Sections are counted on their own; the blank lines joining them are
	// the difference to the pack's total.
	if d := p.Tokens - sections; d != 0 {
		fmt.Fprintf(&sb, "(%d %s of separators between sections)\n", d, textfile.Noun(d, "token"))
	}

	for _, s := range p.Sections {
		if len(s.Kept) > 0 {
			fmt.Fprintf(&sb, "\n%s kept:\n", s.Name)
			for _, k := range s.Kept {
				fmt.Fprintf(&sb, "  - %s\n", k)
			}
		}
	}
	if len(p.Trims) > 0 {
		sb.WriteString("\ntrims:\n")
		for i, t := range p.Trims {
			fmt.Fprintf(&sb, "%3d. %s %s %s (%d -> %d tokens): %s\n", i+1, t.Section, quoteKey(t.Item), t.Action, t.TokensBefore, t.TokensAfter, t.Reason)
		}
	}
	if len(p.Notes) > 0 {
		sb.WriteString("\nby hand:\n")
		for _, n := range p.Notes {
			fmt.Fprintf(&sb, "  - %s\n", n)
		}
	}
	if len(p.Warnings) > 0 {
		sb.WriteString("\nwarnings:\n")
		for _, w := range p.Warnings {
			fmt.Fprintf(&sb, "  - %s\n", w)
		}
	}
	fmt.Fprintf(&sb, "\nstrain: %s (pressure %.2f of budget %d; %d tokens wanted in full)\n", p.Tier, p.Pressure, p.Budget, p.Demand)
	fmt.Fprintf(&sb, "  %s: %s\n", p.Tier, p.Tier.Meaning())
	return sb.String()
}

type explainMessage struct {
	Role  string `json:"role"`
	Bytes int    `json:"bytes"`
}

type explainReport struct {
	Role     string           `json:"role"`
	Tokens   int              `json:"tokens"`
	Budget   int              `json:"budget"`
	Demand   int              `json:"demand"`
	Pressure float64          `json:"pressure"`
	Tier     Tier             `json:"tier"`
	Messages []explainMessage `json:"messages"`
	Sections []SectionReport  `json:"sections"`
	Trims    []Trim           `json:"trims"`
	Warnings []string         `json:"warnings"`
	Notes    []string         `json:"notes,omitempty"`
}

// ExplainJSON is Explain for machines: the same report as indented JSON,
// with message sizes instead of their contents. Empty lists are [] not null.
func (p *Pack) ExplainJSON() ([]byte, error) {
	r := explainReport{
		Role: p.Role, Tokens: p.Tokens, Budget: p.Budget, Demand: p.Demand,
		Pressure: p.Pressure, Tier: p.Tier,
		Messages: []explainMessage{},
		Sections: append([]SectionReport{}, p.Sections...),
		Trims:    append([]Trim{}, p.Trims...),
		Warnings: append([]string{}, p.Warnings...),
		Notes:    p.Notes,
	}
	for _, m := range p.Messages {
		r.Messages = append(r.Messages, explainMessage{Role: m.Role, Bytes: len(m.Content)})
	}
	return json.MarshalIndent(r, "", "  ")
}
