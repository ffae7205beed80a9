// Package summarizer builds the packs that condense the story: the
// extraction after each scene (tick step 7: summary bullets, characters,
// threads, pinned facts, glossary terms), checkpoint summaries of a range of
// scenes, and arc roll-ups of consecutive checkpoints that keep the history
// bounded. Each model-written summary has a deterministic fallback for when
// the model fails. The package is pure: no file or network I/O.
package summarizer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/memory"
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
)

// obj is a JSON object that keeps its keys in order (property order steers
// generation).
type obj []kv

type kv struct {
	k string
	v any
}

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.k)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func str(desc string) obj { return obj{{"type", "string"}, {"description", desc}} }

func list(desc string, item any, lo, hi int) obj {
	o := obj{{"type", "array"}, {"description", desc}, {"items", item}}
	if lo > 0 {
		o = append(o, kv{"minItems", lo})
	}
	return append(o, kv{"maxItems", hi})
}

func closed(required []string, props obj) obj {
	return obj{{"type", "object"}, {"additionalProperties", false}, {"required", required}, {"properties", props}}
}

func enumOf(desc string, ids []string) obj {
	o := str(desc)
	if len(ids) > 0 {
		o = append(o, kv{"enum", ids})
	}
	return o
}

// ExtractSchema is the JSON schema of the extraction (memory.Extraction),
// strict: ids the answer refers to are enums of the project's ids.
func ExtractSchema(p *memory.Project) llm.Schema {
	return llm.Schema{Name: ExtractSchemaName, Schema: extractSchema(p, true)}
}

func extractSchema(p *memory.Project, strict bool) json.RawMessage {
	var chars, entities, open []string
	for _, c := range p.Characters {
		chars = append(chars, c.ID)
	}
	entities = append(entities, "story")
	entities = append(entities, chars...)
	for _, l := range p.Locations {
		entities = append(entities, l.ID)
	}
	for _, t := range p.OpenThreads() {
		open = append(open, t.ID)
	}
	if !strict {
		chars, entities, open = nil, nil, nil
	}
	sumLo, sumHi, charHi := 3, 6, len(p.Characters)
	resolvedHi := min(len(p.OpenThreads()), 3)
	if !strict {
		sumLo, sumHi, charHi, resolvedHi = 0, 50, 1000, 1000
	}
	root := closed([]string{"summary", "characters", "threads_opened", "threads_resolved", "facts", "glossary"}, obj{
		{"summary", list("3 to 6 bullet points: what happens in the scene, concrete and in order", str("one bullet, one sentence"), sumLo, sumHi)},
		{"characters", list("ids of the characters present in the scene", enumOf("character id", chars), 0, charHi)},
		{"threads_opened", list("new unresolved story questions the scene raises, one sentence each", str("the open question"), 0, pick(strict, maxOpened, 1000))},
		{"threads_resolved", list("ids of open threads the scene resolves", enumOf("thread id", open), 0, resolvedHi)},
		{"facts", list("facts worth never forgetting (names, wounds, promises, rules of the world)",
			closed([]string{"entity", "fact"}, obj{
				{"entity", enumOf(`id of the character or location the fact is about, or "story"`, entities)},
				{"fact", str("the fact, one sentence")},
			}), 0, pick(strict, maxFactUpdates, 1000))},
		{"glossary", list("terms coined in this scene that are not in the glossary yet",
			closed([]string{"term", "definition"}, obj{
				{"term", str("the term as written")},
				{"definition", str("one-line definition")},
			}), 0, pick(strict, maxNewTerms, 1000))},
	})
	data, err := json.Marshal(root)
	if err != nil {
		panic(err) // strings, ints, bools and slices of them: cannot fail
	}
	return data
}

func pick(strict bool, a, b int) int {
	if strict {
		return a
	}
	return b
}

// BuildExtract assembles the extractor pack for the scene seq just written.
func BuildExtract(tok *prompt.Tokenizer, p *memory.Project, cfg *config.Config, plan *memory.Plan, seq int, prose string) (*prompt.Pack, error) {
	if p == nil || cfg == nil {
		return nil, fmt.Errorf("summarizer: no project or configuration")
	}
	total := cfg.Budget("extractor")
	var chars []string
	for _, c := range p.Characters {
		line := fmt.Sprintf("- %s: %s", c.ID, oneLine(c.Name))
		if len(c.Aliases) > 0 {
			line += " (also " + strings.Join(c.Aliases, ", ") + ")"
		}
		chars = append(chars, line)
	}
	open := p.OpenThreads()
	if len(open) > maxThreadsShown {
		open = open[len(open)-maxThreadsShown:] // the newest: the likeliest to be touched
	}
	var threads []string
	for _, t := range open {
		threads = append(threads, fmt.Sprintf("- %s: %s", t.ID, oneLine(t.Text)))
	}
	var terms []string
	for i, t := range p.Glossary {
		if i == maxTermsShown {
			terms = append(terms, fmt.Sprintf("(and %d more)", len(p.Glossary)-maxTermsShown))
			break
		}
		terms = append(terms, oneLine(t.Term))
	}
	var locs []string
	for _, l := range p.Locations {
		locs = append(locs, fmt.Sprintf("- %s: %s", l.ID, oneLine(l.Name)))
	}

	spec := prompt.Spec{
		Role:  "extractor",
		Total: total,
		Sections: []prompt.Section{
			{Name: "system", Message: prompt.MessageSystem, Required: true, Items: []prompt.Item{{Key: "role", Text: "You are the " +
				"continuity editor of a novel. You read one scene and record what later scenes must remember. Be concrete and " +
				"faithful to the text; never invent. Answer with JSON only, following the " + ExtractSchemaName + " schema."}}},
			{Name: "characters", Title: "Known characters (id: name)", Message: prompt.MessageUser, Budget: total / 10, TrimRank: 3,
				Items: []prompt.Item{{Key: "characters", Text: strings.Join(chars, "\n")}}, Empty: "None yet."},
			{Name: "locations", Title: "Known locations (id: name)", Message: prompt.MessageUser, Budget: total / 20, TrimRank: 2,
				Items: []prompt.Item{{Key: "locations", Text: strings.Join(locs, "\n")}}},
			{Name: "threads", Title: "Open threads (id: question)", Message: prompt.MessageUser, Budget: total / 10, TrimRank: 4,
				Items: []prompt.Item{{Key: "threads", Text: strings.Join(threads, "\n")}}, Empty: "None."},
			{Name: "glossary", Title: "Glossary terms already recorded", Message: prompt.MessageUser, Budget: total / 20, TrimRank: 1,
				Items: []prompt.Item{{Key: "terms", Text: strings.Join(terms, "; ")}}, Empty: "None."},
			{Name: "plan", Title: "What the scene was meant to do", Message: prompt.MessageUser, Budget: total / 10, TrimRank: 5,
				Items: []prompt.Item{{Key: "plan", Text: planBrief(p, plan)}}},
			{Name: "scene", Title: fmt.Sprintf("Scene %d", seq), Message: prompt.MessageUser, Required: true, Budget: total * 55 / 100,
				Items: []prompt.Item{{Key: fmt.Sprintf("scene %d", seq), Text: prose}}},
			{Name: "task", Title: "Your task", Message: prompt.MessageUser, Required: true, Items: []prompt.Item{{Key: "task", Text: fmt.Sprintf(
				"Record scene %d: 3–6 summary bullets of what happens; the ids of the characters present; new threads the "+
					"scene opens (one sentence each) and the ids of open threads it resolves; facts worth never forgetting, each "+
					"on a character or location id or on \"story\"; and only NEW coined terms (not in the glossary above) with "+
					"one-line definitions. Use empty lists when there is nothing to record.", seq)}}},
		},
	}
	return tok.Build(spec)
}

func planBrief(p *memory.Project, plan *memory.Plan) string {
	if plan == nil {
		return ""
	}
	var b strings.Builder
	if t := oneLine(plan.Title); t != "" {
		fmt.Fprintf(&b, "Title: %s\n", t)
	}
	if t := oneLine(plan.Intention); t != "" {
		fmt.Fprintf(&b, "Intention: %s\n", t)
	}
	if plan.POV != "" {
		fmt.Fprintf(&b, "Point of view: %s\n", plan.POV)
	}
	if plan.Location != "" {
		fmt.Fprintf(&b, "Location: %s\n", plan.Location)
	}
	if len(plan.ThreadsAdvanced) > 0 {
		fmt.Fprintf(&b, "Threads it was to advance: %s\n", strings.Join(plan.ThreadsAdvanced, ", "))
	}
	return strings.TrimSpace(b.String())
}

// ParseExtract checks the extractor's answer: the schema, then the
// semantics (known character and entity ids, accepted by name too; open
// thread ids; 1–8 non-empty bullets). Problems come back as one
// *llm.ValidationError, phrased for a re-ask. Glossary terms that already
// exist are dropped silently: not worth a re-ask.
func ParseExtract(p *memory.Project, content string) (*memory.Extraction, error) {
	doc := []byte(strings.TrimSpace(llm.ExtractJSON(content)))
	if err := llm.Validate(extractSchema(p, false), doc); err != nil {
		var ve *llm.ValidationError
		if errors.As(err, &ve) {
			return nil, ve
		}
		return nil, fmt.Errorf("summarizer: %w", err)
	}
	var x memory.Extraction
	if err := json.Unmarshal(doc, &x); err != nil {
		return nil, &llm.ValidationError{Problems: []string{"not an extraction: " + err.Error()}}
	}
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }

	var bullets []string
	for i, s := range x.Summary {
		s = oneLine(strings.TrimLeft(strings.TrimSpace(s), "-*• "))
		if s == "" {
			bad("summary[%d]: must not be empty", i)
			continue
		}
		bullets = append(bullets, s)
	}
	if n := len(x.Summary); n < minBullets || n > maxBullets {
		bad("summary: %d bullets; want %d to %d (ideally 3 to 6)", n, minBullets, maxBullets)
	}
	x.Summary = bullets

	var charIDs []string
	for _, c := range p.Characters {
		charIDs = append(charIDs, c.ID)
	}
	var chars []string
	for i, s := range x.Characters {
		id, ok := findCharacter(p, s)
		if !ok {
			bad("characters[%d]: %q is not a character id (%s)", i, strings.TrimSpace(s), idList(charIDs))
			continue
		}
		if !containsFold(chars, id) {
			chars = append(chars, id)
		}
	}
	x.Characters = nonNil(chars)

	var opened []string
	for _, s := range x.ThreadsOpened {
		if s = oneLine(s); s != "" && !containsFold(opened, s) {
			opened = append(opened, s)
		}
	}
	x.ThreadsOpened = nonNil(opened)

	var openIDs, resolved []string
	for _, t := range p.OpenThreads() {
		openIDs = append(openIDs, t.ID)
	}
	for i, s := range x.ThreadsResolved {
		s = strings.TrimSpace(s)
		j := indexFold(openIDs, s)
		if j < 0 {
			bad("threads_resolved[%d]: %q is not an open thread id (%s)", i, s, idList(openIDs))
			continue
		}
		if !containsFold(resolved, openIDs[j]) {
			resolved = append(resolved, openIDs[j])
		}
	}
	x.ThreadsResolved = nonNil(resolved)

	var facts []memory.FactUpdate
	for i, f := range x.Facts {
		f.Fact = oneLine(f.Fact)
		ent, ok := findEntity(p, f.Entity)
		switch {
		case !ok:
			bad("facts[%d].entity: %q is not \"story\" nor a character or location id", i, strings.TrimSpace(f.Entity))
		case f.Fact == "":
			bad("facts[%d].fact: must not be empty", i)
		default:
			f.Entity = ent
			facts = append(facts, f)
		}
	}
	x.Facts = facts
	if x.Facts == nil {
		x.Facts = []memory.FactUpdate{}
	}

	var terms []memory.TermUpdate
	for i, t := range x.Glossary {
		t.Term, t.Definition = oneLine(t.Term), oneLine(t.Definition)
		switch {
		case t.Term == "":
			bad("glossary[%d].term: must not be empty", i)
		case t.Definition == "":
			bad("glossary[%d].definition: must not be empty", i)
		case knownTerm(p, t.Term) || containsTerm(terms, t.Term):
			// Already recorded: drop quietly.
		default:
			terms = append(terms, t)
		}
	}
	x.Glossary = terms
	if x.Glossary == nil {
		x.Glossary = []memory.TermUpdate{}
	}

	if len(probs) > 0 {
		return nil, &llm.ValidationError{Problems: probs}
	}
	return &x, nil
}

func findCharacter(p *memory.Project, s string) (string, bool) {
	key := strings.TrimSpace(s)
	for _, c := range p.Characters {
		if strings.EqualFold(c.ID, key) {
			return c.ID, true
		}
	}
	for _, c := range p.Characters {
		if indexFold(c.Names(), key) >= 0 {
			return c.ID, true
		}
	}
	return "", false
}

func findEntity(p *memory.Project, s string) (string, bool) {
	key := strings.TrimSpace(s)
	if strings.EqualFold(key, "story") {
		return "story", true
	}
	if id, ok := findCharacter(p, key); ok {
		return id, true
	}
	for _, l := range p.Locations {
		if strings.EqualFold(l.ID, key) || indexFold(l.Names(), key) >= 0 {
			return l.ID, true
		}
	}
	return "", false
}

func knownTerm(p *memory.Project, term string) bool {
	for _, t := range p.Glossary {
		if strings.EqualFold(strings.TrimSpace(t.Term), term) {
			return true
		}
	}
	return false
}

func containsTerm(ts []memory.TermUpdate, term string) bool {
	for _, t := range ts {
		if strings.EqualFold(t.Term, term) {
			return true
		}
	}
	return false
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(strings.TrimSpace(v), s) {
			return i
		}
	}
	return -1
}

func containsFold(list []string, s string) bool { return indexFold(list, s) >= 0 }

func idList(ids []string) string {
	if len(ids) == 0 {
		return "none exist"
	}
	if len(ids) > 12 {
		return strings.Join(ids[:12], ", ") + fmt.Sprintf(", … %d more", len(ids)-12)
	}
	return strings.Join(ids, ", ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
