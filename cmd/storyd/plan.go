package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// printPlan shows a plan for a person: the people, places and threads by
// name beside their ids (the JSON, with --json, has the ids only). Every
// string came from the model, so each is one cleaned line.
func printPlan(w io.Writer, p *project.Project, plan *project.Plan) {
	field := func(label, v string) {
		if v != "" {
			fmt.Fprintf(w, "%-11s %s\n", label+":", v)
		}
	}
	person := func(id string) string {
		if c := p.Character(id); c != nil {
			return fmt.Sprintf("%s (%s)", prompt.OneLine(c.Name), id)
		}
		return prompt.OneLine(id) + " (new)"
	}
	fmt.Fprintln(w, prompt.OneLine(plan.Title))
	field("intention", prompt.OneLine(plan.Intention))
	field("pov", person(plan.POV))
	where := prompt.OneLine(plan.Location) + " (new)"
	if l := p.Location(plan.Location); l != nil {
		where = fmt.Sprintf("%s (%s)", prompt.OneLine(l.Name), l.ID)
	}
	field("location", where)
	var cast []string
	for _, id := range plan.Cast {
		cast = append(cast, person(id))
	}
	field("cast", strings.Join(cast, ", "))
	for _, id := range plan.ThreadsAdvanced {
		text := "(not in threads.md)"
		for _, t := range p.Threads {
			if t.ID == id {
				text = prompt.OneLine(t.Text)
			}
		}
		field("advances", prompt.OneLine(id)+": "+text)
	}
	if plan.Beat != "" {
		done := ""
		if plan.CompletesBeat {
			done = " (completes it)"
		}
		field("outline", fmt.Sprintf("beat %s: %s%s", prompt.OneLine(plan.Beat), prompt.OneLine(plan.BeatText), done))
	}
	for _, c := range plan.NewCharacters {
		field("new person", fmt.Sprintf("%s, %s", prompt.OneLine(c.Name), prompt.OneLine(c.Role)))
	}
	for _, l := range plan.NewLocations {
		field("new place", prompt.OneLine(l.Name))
	}
	if len(plan.Beats) > 0 {
		fmt.Fprintln(w, "beats:")
		for i, b := range plan.Beats {
			fmt.Fprintf(w, "  %d. %s\n", i+1, prompt.OneLine(b))
		}
	}
	field("scratchpad", prompt.OneLine(plan.Scratchpad))
}
