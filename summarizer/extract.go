// Package summarizer builds the packs that condense the story: the
// extraction after each scene (tick step 7: summary bullets, characters,
// threads, pinned facts, glossary terms), checkpoint summaries of a range of
// scenes, and arc roll-ups of consecutive checkpoints that keep the history
// bounded. Each model-written summary has a deterministic fallback for when
// the model fails. The package is pure: no file or network I/O.
package summarizer

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/schema"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// ExtractSchemaName is the name of the extraction's JSON schema.
const ExtractSchemaName = "scene_extraction"

// Bounds of the extraction and of its context.
const (
	minBullets      = 1
	maxBullets      = 8
	maxNewTerms     = 4
	maxFactUpdates  = 6
	maxOpened       = 3
	maxThreadsShown = 12
	maxTermsShown   = 80
	termsPerLine    = 10
	maxPlanCast     = 12
)

// ExtractSchema is the JSON schema of the extraction (project.Extraction),
// strict: ids the answer refers to are enums of the project's ids.
func ExtractSchema(p *project.Project) llm.Schema {
	return llm.Schema{Name: ExtractSchemaName, Schema: extractSchema(p, true)}
}

func extractSchema(p *project.Project, strict bool) json.RawMessage {
	var chars, entities, open []string
	if strict {
		for _, c := range p.Characters {
			chars = append(chars, c.ID)
		}
		entities = append([]string{"story"}, chars...)
		for _, l := range p.Locations {
			entities = append(entities, l.ID)
		}
		for _, t := range p.OpenThreads() {
			open = append(open, t.ID)
		}
	}
	// The lenient bounds only stop runaway answers; ParseExtract checks the rest.
	sumLo, sumHi, charHi, resolvedHi := 3, 6, len(p.Characters), min(len(p.OpenThreads()), 3)
	openedHi, factsHi, termsHi := maxOpened, maxFactUpdates, maxNewTerms
	if !strict {
		sumLo, sumHi, charHi, resolvedHi = 0, 50, 1000, 1000
		openedHi, factsHi, termsHi = 1000, 1000, 1000
	}
	if strict && progress.Of(p).Final {
		openedHi = 0 // the book's last part resolves threads and opens none
	}
	tension := schema.Obj{{Key: "type", Value: "integer"}, {Key: "description", Value: "the scene's tension, from 0 (calm) to 10 (the climax)"}}
	if strict {
		tension = tension.Set("minimum", 0).Set("maximum", 10)
	}
	props := []schema.KV{
		schema.Prop("summary", schema.Array("3 to 6 bullet points: what happens in the scene, concrete and in order",
			schema.Str("one bullet, one sentence")).Len(sumLo, sumHi)),
		schema.Prop("characters", schema.Array("ids of the characters present in the scene", schema.Enum("character id", chars)).Len(0, charHi)),
		schema.Prop("threads_opened", schema.Array("new unresolved story questions the scene raises, one sentence each",
			schema.Str("the open question")).Len(0, openedHi)),
		schema.Prop("threads_resolved", schema.Array("ids of open threads the scene resolves", schema.Enum("thread id", open)).Len(0, resolvedHi)),
		schema.Prop("facts", schema.Array("facts worth never forgetting (names, wounds, promises, rules of the world)",
			schema.Closed(
				schema.Prop("entity", schema.Enum(`id of the character or location the fact is about, or "story"`, entities)),
				schema.Prop("fact", schema.Str("the fact, one sentence")),
			)).Len(0, factsHi)),
		schema.Prop("glossary", schema.Array("terms coined in this scene that are not in the glossary yet",
			schema.Closed(
				schema.Prop("term", schema.Str("the term as written")),
				schema.Prop("definition", schema.Str("one-line definition")),
			)).Len(0, termsHi)),
		schema.Prop("tension", tension),
	}
	root := schema.Closed(props...)
	if !strict {
		// A provider without strict mode may leave the tension out.
		var required []string
		for _, kv := range props[:len(props)-1] {
			required = append(required, kv.Key)
		}
		root = root.Set("required", required)
	}
	return root.Raw()
}

// BuildExtract assembles the extractor pack for the scene seq just written.
func BuildExtract(tok *prompt.Tokenizer, p *project.Project, cfg *config.Config, plan *project.Plan, seq int, prose string) (*prompt.Pack, error) {
	if p == nil || cfg == nil {
		return nil, fmt.Errorf("summarizer: no project or configuration")
	}
	total := cfg.Budget("extractor")
	// Listed in the order they came (hand-made first, then by the scene
	// that created them), not by file name ("c40" sorts before "c5"): a new
	// one joins the end, and the lists before it stay the pack's prefix.
	// One item per entity, so that a list past its budget loses its newest
	// lines rather than all of them; the plan section names the scene's own.
	var chars []prompt.Item
	for _, c := range byFirstScene(p.Characters, func(c *project.Character) int { return c.FirstScene }) {
		line := fmt.Sprintf("- %s: %s", c.ID, prompt.OneLine(c.Name))
		if len(c.Aliases) > 0 {
			line += " (also " + strings.Join(c.Aliases, ", ") + ")"
		}
		chars = append(chars, prompt.Item{Key: "character " + c.ID, Text: line})
	}
	open := p.OpenThreads()
	if len(open) > maxThreadsShown {
		open = open[len(open)-maxThreadsShown:] // the newest: the likeliest to be touched
	}
	var threads []string
	for _, t := range open {
		threads = append(threads, fmt.Sprintf("- %s: %s", t.ID, prompt.OneLine(t.Text)))
	}
	// Terms in lines of termsPerLine, one item each, so a list past its
	// budget loses its newest lines rather than all of them.
	var terms []prompt.Item
	var line []string
	for i, t := range p.Glossary {
		if i == maxTermsShown {
			// No count: it would change with every new term, and the list
			// with it, for prompt caches (the extractor's pack prefix).
			line = append(line, "(and more, not listed)")
			break
		}
		if line = append(line, prompt.OneLine(t.Term)); len(line) == termsPerLine {
			terms = append(terms, prompt.Item{Key: fmt.Sprintf("terms %d-%d", i+2-termsPerLine, i+1), Text: strings.Join(line, "; ")})
			line = nil
		}
	}
	if len(line) > 0 {
		terms = append(terms, prompt.Item{Key: "terms", Text: strings.Join(line, "; ")})
	}
	var locs []prompt.Item
	for _, l := range byFirstScene(p.Locations, func(l *project.Location) int { return l.FirstScene }) {
		locs = append(locs, prompt.Item{Key: "location " + l.ID, Text: fmt.Sprintf("- %s: %s", l.ID, prompt.OneLine(l.Name))})
	}

	// Most stable first, so that consecutive ticks' packs share a long
	// prefix (provider prompt caches bill only what follows it): the
	// character, location and glossary lists only grow at their ends; the
	// open threads change as threads open and close; the plan and the
	// scene are new each tick.
	spec := prompt.Spec{
		Role:  "extractor",
		Total: total,
		Sections: []prompt.Section{
			{Name: "system", Message: prompt.MessageSystem, Required: true, Items: []prompt.Item{{Key: "role", Text: "You are the " +
				"continuity editor of a novel. You read one scene and record what later scenes must remember. Be concrete and " +
				"faithful to the text; never invent. Answer with JSON only, following the " + ExtractSchemaName + " schema."}}},
			{Name: "characters", Title: "Known characters (id: name)", Message: prompt.MessageUser, Budget: total / 10, TrimRank: 3,
				Items: chars, Empty: "None yet."},
			{Name: "locations", Title: "Known locations (id: name)", Message: prompt.MessageUser, Budget: total / 20, TrimRank: 2,
				Items: locs},
			{Name: "glossary", Title: "Glossary terms already recorded", Message: prompt.MessageUser, Budget: total / 20, TrimRank: 1,
				Items: terms, Empty: "None."},
			{Name: "threads", Title: "Open threads (id: question)", Message: prompt.MessageUser, Budget: total / 10, TrimRank: 4,
				Items: []prompt.Item{{Key: "threads", Text: strings.Join(threads, "\n")}}, Empty: "None."},
			{Name: "plan", Title: "What the scene was meant to do", Message: prompt.MessageUser, Budget: total / 10, TrimRank: 5,
				Items: []prompt.Item{{Key: "plan", Text: planBrief(p, plan)}}},
			{Name: "scene", Title: fmt.Sprintf("Scene %d", seq), Message: prompt.MessageUser, Required: true, Budget: total * 55 / 100,
				Items: []prompt.Item{{Key: fmt.Sprintf("scene %d", seq), Text: prose}}},
			{Name: "task", Title: "Your task", Message: prompt.MessageUser, Required: true, Items: []prompt.Item{{Key: "task", Text: fmt.Sprintf(
				"Record scene %d: 3–6 summary bullets of what happens; the ids of the characters present; new threads the "+
					"scene opens (one sentence each) and the ids of open threads it resolves; facts worth never forgetting, each "+
					"on a character or location id or on \"story\"; and only NEW coined terms (not in the glossary above) with "+
					"one-line definitions; and the scene's tension from 0 (calm) to 10 (the climax). Use empty lists when "+
					"there is nothing to record.%s", seq, finalNote(p))}}},
		},
	}
	return tok.Build(spec)
}

// byFirstScene is es in the order they came: by the scene that created
// them, file order among equals.
func byFirstScene[E any](es []E, first func(E) int) []E {
	return slices.SortedStableFunc(slices.Values(es), func(a, b E) int { return first(a) - first(b) })
}

func planBrief(p *project.Project, plan *project.Plan) string {
	if plan == nil {
		return ""
	}
	var b strings.Builder
	if t := prompt.OneLine(plan.Title); t != "" {
		fmt.Fprintf(&b, "Title: %s\n", t)
	}
	if t := prompt.OneLine(plan.Intention); t != "" {
		fmt.Fprintf(&b, "Intention: %s\n", t)
	}
	named := func(id string) string {
		if c := p.Character(id); c != nil {
			return fmt.Sprintf("%s (%s)", prompt.OneLine(c.Name), id)
		}
		if l := p.Location(id); l != nil {
			return fmt.Sprintf("%s (%s)", prompt.OneLine(l.Name), id)
		}
		return id
	}
	if plan.POV != "" {
		fmt.Fprintf(&b, "Point of view: %s\n", named(plan.POV))
	}
	if plan.Location != "" {
		fmt.Fprintf(&b, "Location: %s\n", named(plan.Location))
	}
	var cast []string
	for _, id := range plan.Cast {
		if id != plan.POV && len(cast) < maxPlanCast {
			cast = append(cast, named(id))
		}
	}
	if len(cast) > 0 {
		fmt.Fprintf(&b, "Also present: %s\n", strings.Join(cast, "; "))
	}
	if len(plan.ThreadsAdvanced) > 0 {
		fmt.Fprintf(&b, "Threads it was to advance: %s\n", strings.Join(plan.ThreadsAdvanced, ", "))
	}
	return strings.TrimSpace(b.String())
}

// ParseExtract checks the extractor's answer: the schema, then the
// semantics (known character and entity ids, accepted by name too; open
// thread ids; 1–8 non-empty bullets). Problems come back as one
// *schema.ValidationError, phrased for a re-ask. Glossary terms that already
// exist are dropped silently: not worth a re-ask.
func ParseExtract(p *project.Project, content string) (*project.Extraction, error) {
	var x project.Extraction
	if err := schema.Decode(content, extractSchema(p, false), "an extraction", &x); err != nil {
		return nil, err
	}
	var probs schema.Problems
	x.Summary = summaryBullets(x.Summary, &probs)
	x.Characters = presentCharacters(p, x.Characters, &probs)
	x.ThreadsOpened = openedThreads(x.ThreadsOpened)
	x.ThreadsResolved = resolvedThreads(p, x.ThreadsResolved, &probs)
	x.Facts = factUpdates(p, x.Facts, &probs)
	x.Glossary = newTerms(p, x.Glossary, &probs)
	if x.Tension != nil {
		t := min(max(*x.Tension, 0), 10) // out of range is not worth a re-ask
		x.Tension = &t
	}
	if err := probs.Err(); err != nil {
		return nil, err
	}
	return &x, nil
}

func summaryBullets(given []string, probs *schema.Problems) []string {
	var bullets []string
	for i, s := range given {
		s = prompt.OneLine(strings.TrimLeft(strings.TrimSpace(s), "-*• "))
		if s == "" {
			probs.Add("summary[%d]: must not be empty", i)
			continue
		}
		bullets = append(bullets, s)
	}
	if n := len(given); n < minBullets || n > maxBullets {
		probs.Add("summary: %d bullets; want %d to %d (ideally 3 to 6)", n, minBullets, maxBullets)
	}
	return bullets
}

func presentCharacters(p *project.Project, given []string, probs *schema.Problems) []string {
	chars := []string{}
	for i, s := range given {
		id, ok := p.FindCharacter(s)
		if !ok {
			var ids []string
			for _, c := range p.Characters {
				ids = append(ids, c.ID)
			}
			probs.Add("characters[%d]: %q is not a character id (%s)", i, strings.TrimSpace(s), schema.IDList(ids))
			continue
		}
		if !slices.Contains(chars, id) {
			chars = append(chars, id)
		}
	}
	return chars
}

func openedThreads(given []string) []string {
	opened := []string{}
	for _, s := range given {
		s = prompt.OneLine(s)
		if s != "" && !slices.ContainsFunc(opened, func(o string) bool { return strings.EqualFold(o, s) }) {
			opened = append(opened, s)
		}
	}
	return opened
}

func resolvedThreads(p *project.Project, given []string, probs *schema.Problems) []string {
	resolved := []string{}
	for i, s := range given {
		id, ok := p.FindOpenThread(s)
		if !ok {
			var ids []string
			for _, t := range p.OpenThreads() {
				ids = append(ids, t.ID)
			}
			probs.Add("threads_resolved[%d]: %q is not an open thread id (%s)", i, strings.TrimSpace(s), schema.IDList(ids))
			continue
		}
		if !slices.Contains(resolved, id) {
			resolved = append(resolved, id)
		}
	}
	return resolved
}

func factUpdates(p *project.Project, given []project.FactUpdate, probs *schema.Problems) []project.FactUpdate {
	facts := []project.FactUpdate{}
	for i, f := range given {
		f.Fact = prompt.OneLine(f.Fact)
		ent, ok := findEntity(p, f.Entity)
		switch {
		case !ok:
			probs.Add("facts[%d].entity: %q is not \"story\" nor a character or location id", i, strings.TrimSpace(f.Entity))
		case f.Fact == "":
			probs.Add("facts[%d].fact: must not be empty", i)
		default:
			f.Entity = ent
			facts = append(facts, f)
		}
	}
	return facts
}

// newTerms keeps the coined terms not in the glossary yet.
func newTerms(p *project.Project, given []project.TermUpdate, probs *schema.Problems) []project.TermUpdate {
	terms := []project.TermUpdate{}
	for i, t := range given {
		// glossary.md writes the term in bold ("- **Term**: …"): bold the
		// model gave goes, and "**" left inside would end the term early
		// when the file is read ("a**: b" read back as the term "a").
		t.Term = strings.TrimSpace(strings.Trim(prompt.OneLine(t.Term), "*"))
		t.Definition = prompt.OneLine(t.Definition)
		switch {
		case t.Term == "":
			probs.Add("glossary[%d].term: must not be empty", i)
		case strings.Contains(t.Term, "**"):
			probs.Add("glossary[%d].term: %q must not contain \"**\"", i, t.Term)
		case t.Definition == "":
			probs.Add("glossary[%d].definition: must not be empty", i)
		case knownTerm(p, t.Term) || slices.ContainsFunc(terms, func(u project.TermUpdate) bool { return strings.EqualFold(u.Term, t.Term) }):
			// Already recorded: drop quietly.
		default:
			terms = append(terms, t)
		}
	}
	return terms
}

// findEntity resolves what a fact is about: "story", a character or a location.
func findEntity(p *project.Project, s string) (string, bool) {
	if strings.EqualFold(strings.TrimSpace(s), "story") {
		return "story", true
	}
	if id, ok := p.FindCharacter(s); ok {
		return id, true
	}
	return p.FindLocation(s)
}

func knownTerm(p *project.Project, term string) bool {
	for _, t := range p.Glossary {
		if strings.EqualFold(strings.TrimSpace(t.Term), term) {
			return true
		}
	}
	return false
}

// finalNote tells the extractor the book is in its last part, where the
// schema allows no new threads.
func finalNote(p *project.Project) string {
	if progress.Of(p).Final {
		return " This scene is in the book's final part: record no new threads."
	}
	return ""
}
