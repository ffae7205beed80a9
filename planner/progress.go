package planner

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/storyd/storyd/llm/schema"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
)

// Section names of the planner pack's sense of place in the book.
const (
	SecOutline    = "outline"
	SecProgress   = "progress"
	SecScratchpad = "scratchpad"
)

// MaxScratchpad bounds the planner's scratchpad, in characters.
const MaxScratchpad = 800

// outlineProps adds the outline's fields to the plan schema: the beat the
// scene serves (only the current beat is allowed) and whether it completes
// it, forced by the pace when the beats lag the word count or run ahead of
// it, so that any schema-valid answer converges on the target; and the
// scratchpad, which every plan rewrites.
func outlineProps(p *project.Project, strict bool, title schema.KV, rest ...schema.KV) []schema.KV {
	props := []schema.KV{title}
	g := progress.Of(p)
	if g.Current != nil {
		ids := []string(nil)
		if strict {
			ids = []string{g.Current.ID()}
		}
		completes := schema.Obj{{Key: "type", Value: "boolean"},
			{Key: "description", Value: "whether this scene completes the beat, so the next scene moves on to the next beat"}}
		switch {
		case strict && g.Pace == progress.Behind:
			completes = completes.Set("enum", []bool{true})
		case strict && g.Pace == progress.Ahead:
			completes = completes.Set("enum", []bool{false})
		}
		props = append(props,
			schema.Prop("beat", schema.Enum("id of the outline beat this scene serves: the current beat", ids)),
			schema.Prop("completes_beat", completes))
	}
	props = append(props, rest...)
	pad := schema.Str("your own short notes for the next few scenes (intentions, setups to pay off); replaces the previous notes")
	if strict {
		pad = pad.Set("maxLength", MaxScratchpad)
	}
	return append(props, schema.Prop("scratchpad", pad))
}

// outlineFields checks the plan's outline fields. The beat must be the
// current one; whether it completes is the pace's call when the book is
// behind or ahead (a lenient provider may answer otherwise: no re-ask).
func outlineFields(p *project.Project, plan *project.Plan, probs *schema.Problems) {
	plan.Scratchpad = clipRunes(strings.TrimSpace(textfile.Clean(plan.Scratchpad)), MaxScratchpad)
	g := progress.Of(p)
	if g.Current == nil {
		plan.Beat, plan.CompletesBeat, plan.BeatText = "", false, ""
		return
	}
	id := strings.TrimSpace(plan.Beat)
	if id == "" {
		id = g.Current.ID()
	}
	if !strings.EqualFold(id, g.Current.ID()) {
		probs.Add("beat: %q is not the current beat; this scene serves %s (%s)", id, g.Current.ID(), g.Current.Text)
		return
	}
	plan.Beat, plan.BeatText = g.Current.ID(), g.Current.Text
	switch g.Pace {
	case progress.Behind:
		plan.CompletesBeat = true
	case progress.Ahead:
		plan.CompletesBeat = false
	}
}

func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// outlineItems shows the part and chapter the book is in, the chapter's
// beats with the current one marked, and the next beats.
func outlineItems(p *project.Project, g progress.Book) []prompt.Item {
	o := p.Outline
	if o == nil || g.Current == nil {
		return nil
	}
	var b strings.Builder
	if pt := o.Parts[g.Chapter.Part]; pt.Heading != "" {
		fmt.Fprintf(&b, "%s (part %d of %d)\n", prompt.OneLine(pt.Heading), g.Chapter.Part+1, len(o.Parts))
	}
	fmt.Fprintf(&b, "%s", prompt.OneLine(g.Chapter.Heading()))
	if g.Chapter.Tension >= 0 {
		fmt.Fprintf(&b, " (intended tension %d of 10)", g.Chapter.Tension)
	}
	for _, bt := range g.Chapter.Beats {
		mark := " "
		if bt.Done {
			mark = "x"
		}
		fmt.Fprintf(&b, "\n- [%s] %s: %s", mark, bt.ID(), prompt.OneLine(bt.Text))
		if bt == g.Current {
			b.WriteString("   <- the current beat")
			for _, n := range bt.Notes {
				fmt.Fprintf(&b, "\n  note: %s", prompt.OneLine(n))
			}
		}
	}
	items := []prompt.Item{{Key: "chapter " + fmt.Sprint(g.Chapter.Num), Text: b.String()}}
	var next []string
	for _, bt := range g.Next {
		line := fmt.Sprintf("- %s: %s", bt.ID(), prompt.OneLine(bt.Text))
		if bt.Chapter != g.Current.Chapter {
			line += fmt.Sprintf(" (chapter %d)", bt.Chapter)
		}
		next = append(next, line)
	}
	if len(next) > 0 {
		items = append(items, prompt.Item{Key: "next beats", Text: "Then:\n" + strings.Join(next, "\n")})
	}
	return items
}

// progressText is where the book stands and what the pace asks of the
// next scene.
func progressText(p *project.Project, g progress.Book, seq int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Scene %d. %s", seq, g.Summary())
	if g.Target > 0 || g.Beats > 0 {
		fmt.Fprintf(&b, "; about %.0f%% of the book is done.", 100*g.Share())
	} else {
		b.WriteString(".")
	}
	if g.Current != nil {
		switch g.Pace {
		case progress.Behind:
			fmt.Fprintf(&b, " The beats lag behind the word count: this scene must complete beat %s (completes_beat true).", g.Current.ID())
		case progress.Ahead:
			fmt.Fprintf(&b, " The beats run ahead of the word count: let beat %s breathe; this scene must not complete it yet (completes_beat false).", g.Current.ID())
		default:
			b.WriteString(" The beats keep pace with the word count.")
		}
	}
	if g.Final {
		b.WriteString(" This is the final part of the book: resolve the open threads, and open no new ones.")
	}
	var risk []string
	atRisk := progress.AtRisk(p)
	for _, t := range p.OpenThreads() {
		if atRisk(t) {
			risk = append(risk, t.ID)
		}
	}
	if len(risk) > 0 {
		fmt.Fprintf(&b, " Threads idle for more than %d scenes, at risk of being forgotten: %s; advance or resolve them soon.",
			progress.IdleThreadScenes, strings.Join(risk, ", "))
	}
	return b.String()
}

// outlineTask is the part of the task about the beat and the scratchpad.
func outlineTask(g progress.Book) string {
	var b strings.Builder
	if g.Current != nil {
		fmt.Fprintf(&b, " The scene serves the current outline beat %s: name it in beat, and say in completes_beat whether the scene completes it.", g.Current.ID())
	}
	b.WriteString(" Rewrite scratchpad: your short notes on what the next few scenes should do.")
	return b.String()
}

func scratchpadItems(p *project.Project) []prompt.Item {
	if t := strings.TrimSpace(p.State.Scratchpad); t != "" {
		return []prompt.Item{{Key: "scratchpad", Text: clipRunes(t, MaxScratchpad)}}
	}
	return nil
}

// closedPlan is the plan's object schema. Strict, every property is
// required (OpenAI's strict mode demands it); lenient, the outline's
// fields may be missing, for providers that do not follow schemas closely
// (a missing beat means the current one).
func closedPlan(strict bool, props []schema.KV) json.RawMessage {
	root := schema.Closed(props...)
	if !strict {
		var required []string
		for _, kv := range props {
			if kv.Key != "beat" && kv.Key != "completes_beat" && kv.Key != "scratchpad" {
				required = append(required, kv.Key)
			}
		}
		root = root.Set("required", required)
	}
	return root.Raw()
}
