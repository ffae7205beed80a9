// Package writer builds the writer's prompt pack: everything the model sees
// when it writes the next scene (DESIGN.md §4, seed 004), and cleans the
// prose it answers with.
//
// Call Build with a memory snapshot and the resolved plan; send the returned
// Pack's messages; pass the answer through Clean. The package is pure: no
// file or network I/O.
//
// # Tiers
//
// Tiers are computed from the live scenes before Input.Seq, in seq order
// (deleted scenes are simply absent, gaps are fine):
//
//   - recent: the newest scenes in full text. Normally
//     full_text_scenes_count of them; short scenes widen the tier up to
//     full_text_scenes_max while the candidates together stay within
//     full_text_scenes_count × scene_words words (seed 004, phase 3). Each
//     carries its bullet summary as a Fallback, so budget pressure degrades
//     the oldest to its summary first (long scenes → fewer in full).
//   - summaries: bullet summaries of the scenes before the recent tier,
//     from the first scene after the newest checkpoint (stretch.go): the
//     tier grows at its end until the next checkpoint, holding at least
//     summary_scenes_count scenes; past its budget (or checkpoint_interval
//     scenes) its start moves on in steps of summary_scenes_count.
//   - history: checkpoint and arc summaries of every range that reaches back
//     before the recent tier. An arc (level ≥ 1) replaces the checkpoints it
//     covers; the newest summaries are kept first, up to the history budget,
//     so the section stays bounded however long the book grows.
//
// Retrieval snippets whose scene lies inside the recent tier or the newest
// summary_scenes_count summaries are left out: the writer already sees
// those scenes.
//
// # Entity-aware selection
//
// Without embeddings, names bring context (mentions.go): characters and
// locations whose name or alias the plan (title, intention, beats, new
// entities, advanced threads) or a full-text recent scene contains, as
// whole words and case-insensitively, join the cast section with their
// sheets and pinned facts, after the scene's own POV, location and cast;
// the plan's first, then the newest scene's. Glossary terms named the same
// way come before the others when the glossary section is cut. Both lists
// are cut at their section budgets, so they stay bounded however large the
// book's cast grows.
//
// # Order
//
// Sections go from the most stable to the least stable, so that consecutive
// ticks' prompts share a long prefix (provider prompt caches bill only what
// follows it; stretch.go): style, bible, the glossary and pinned facts and
// the cast as they stood at the newest checkpoint (each in file order, each
// within half its section's budget, the same text until the next
// checkpoint), history, the summaries (growing at their end); then what
// this tick decides: the terms and facts for this scene (named ones, those
// pinned since the checkpoint; in file order, and before the summaries
// while they are every candidate, their text then depending on the files
// alone), this scene's cast sheets (or, for sheets above, the facts
// learned since), the recalled passages, the recent scenes (the newest
// right before the plan it continues), the plan, and the POV character's
// sheet last.
//
// # Trimming
//
// Under the total budget the prompt package trims, in order: retrieval,
// the oldest summaries, the oldest full-text scenes (degraded to their
// summaries), the oldest history, the front's glossary, this scene's terms,
// the front's cast, this scene's cast; within a front section from its end,
// so what remains is still the previous tick's prefix. The system (style),
// bible and plan sections are required: never dropped, only truncated with
// a warning.
package writer

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// Input is everything Build needs: a snapshot of the project and this tick's plan.
type Input struct {
	Project *project.Project
	Config  *config.Config
	Plan    *project.Plan // POV/Location/Cast already resolved to ids by the agent
	Seq     int           // the scene being written
	Created []string      // ids of entities created by this tick's plan (they exist in Project)
	// Recalled are semantically relevant older scenes, best first (may be nil).
	Recalled []project.Snippet
}

// Section names of the writer pack, in render order (named moves after
// summaries when the plan's names chose its terms).
const (
	SecSystem    = "system"
	SecBible     = "bible"
	SecGlossary  = "glossary"
	SecCast      = "cast"
	SecHistory   = "history"
	SecNamed     = "named"
	SecSummaries = "summaries"
	SecSceneCast = "scene-cast"
	SecRetrieval = "retrieval"
	SecRecent    = "recent"
	SecPlan      = "plan"
	SecPOV       = "pov"
	SecTask      = "task"
)

const (
	summariesTitle = "Earlier scenes (summaries)"
	namedTitle     = "Terms and facts for this scene"
)

// povTag marks the point of view's sheet; its note in the tail always
// stands (frontCast.since).
const povTag = "point of view"

// Trim ranks for the total budget: what gives way first.
const (
	rankRetrieval = 1
	rankSummaries = 2
	rankRecent    = 3
	rankHistory   = 4
	rankGlossary  = 5
	rankNamed     = 6
	rankCast      = 7
	rankSceneCast = 8
)

// Bounds on candidates, so assembly cost does not grow with the book.
const (
	maxRecalled    = 12
	maxEntityFacts = 12
	openingWords   = 40
)

// Build assembles the writer pack for in.Seq. It fails when the input is
// incomplete or when the required sections alone cannot fit the budget
// (*prompt.OverBudgetError): the caller must not send the request then.
func Build(tok *prompt.Tokenizer, in Input) (*prompt.Pack, error) {
	spec, pre, err := buildSpec(tok, in)
	if err != nil {
		return nil, err
	}
	pack, err := tok.Build(spec)
	if err != nil {
		return nil, err
	}
	pack.Notes = contextNotes(in)
	if pre.n > 0 {
		// Report the history pre-selection like any other cut, first.
		pack.Trims = append([]prompt.Trim{pre.trim}, pack.Trims...)
		for i := range pack.Sections {
			if pack.Sections[i].Name == SecHistory {
				pack.Sections[i].Dropped += pre.n
			}
		}
	}
	return pack, nil
}

// tiers splits the live scenes before seq into the three tiers of seed 004.
type tiers struct {
	older, summaries, recent []*project.Scene
}

func computeTiers(tok *prompt.Tokenizer, in Input) tiers {
	g := in.Config.Generation
	var live []*project.Scene
	for _, s := range in.Project.Scenes {
		if s.Seq < in.Seq && s.Context != project.ContextDrop {
			live = append(live, s)
		}
	}
	n := len(live)
	count := max(g.FullTextScenesCount, 1)
	k := min(count, n)
	limitWords := count * in.Project.SceneWords()
	for k < max(g.FullTextScenesMax, count) && k < n {
		next := live[n-k-1:]
		if wordsOf(next) > limitWords {
			break
		}
		if b := in.Config.Budgets.Recent; b > 0 && fullTokens(tok, next) > b {
			break
		}
		k++
	}
	// The summaries tier is aligned on the nominal recent tier, so that
	// short scenes widening the recent tier shorten it at its end only.
	fits := func(start int) bool {
		b := in.Config.Budgets.Summaries
		return b <= 0 || bulletTokens(tok, live[start:n-min(count, n)]) <= b
	}
	start := min(summaryStart(g, live, in.Project.StretchStart(in.Seq), n-min(count, n), fits), n-k)
	return tiers{
		older:     live[:start],
		summaries: live[start : n-k],
		recent:    live[n-k:],
	}
}

// readable fails when the prose of a scene the pack shows cannot be read
// (Scene.Body: the file went, or a person broke it, since the load): the
// recent scenes, pinned ones, and summary-less ones in the summaries tier
// (shown by their opening). A pack never shows such a scene as empty.
func readable(in Input, t tiers) error {
	check := slices.Clone(t.recent)
	for _, s := range t.summaries {
		if len(s.Summary) == 0 {
			check = append(check, s)
		}
	}
	for _, s := range in.Project.Scenes {
		if s.Context == project.ContextPin && s.Seq < in.Seq {
			check = append(check, s)
		}
	}
	for _, s := range check {
		if _, err := s.Body(); err != nil {
			return err
		}
	}
	return nil
}

// prose is a scene's body. A scene whose read failed gives "" here: the
// tiers may weigh it as empty, but readable refuses the pack if it shows it.
func prose(s *project.Scene) string {
	body, _ := s.Body()
	return body
}

func wordsOf(scenes []*project.Scene) int {
	w := 0
	for _, s := range scenes {
		w += len(strings.Fields(prose(s)))
	}
	return w
}

// bulletTokens is what scenes take as bullet summaries, heading included.
func bulletTokens(tok *prompt.Tokenizer, scenes []*project.Scene) int {
	n := tok.Count(prompt.Heading(summariesTitle)) + 1
	for _, it := range summaryItems(scenes) {
		n += tok.Count(it.Text) + 1
	}
	return n
}

func fullTokens(tok *prompt.Tokenizer, scenes []*project.Scene) int {
	n := 0
	for _, s := range scenes {
		n += tok.Count(fullText(s)) + 1
	}
	return n
}

func buildSpec(tok *prompt.Tokenizer, in Input) (prompt.Spec, preselection, error) {
	switch {
	case in.Project == nil:
		return prompt.Spec{}, preselection{}, fmt.Errorf("writer: no project")
	case in.Config == nil:
		return prompt.Spec{}, preselection{}, fmt.Errorf("writer: no configuration")
	case in.Plan == nil:
		return prompt.Spec{}, preselection{}, fmt.Errorf("writer: no plan for scene %d", in.Seq)
	case in.Seq < 1:
		return prompt.Spec{}, preselection{}, fmt.Errorf("writer: scene number must be positive, got %d", in.Seq)
	}
	p, b := in.Project, in.Config.Budgets
	t := computeTiers(tok, in)
	if err := readable(in, t); err != nil {
		return prompt.Spec{}, preselection{}, err
	}
	history, pre := historyItems(tok, p, t, b.History)
	names := newMentionSources(in, t)
	base := p.StretchStart(in.Seq)
	glossary, named, allTerms := glossaryParts(tok, in, names, base, b.Glossary)
	ensemble, front := ensembleItems(tok, in, base, b.Cast)
	castRest := rest(b.Cast, tok, ensemble)
	cast, pov := splitPOV(p, in.Plan.POV, castItems(tok, in, names, castRest, frontCast{ids: front, base: base}))

	spec := prompt.Spec{
		Role:  "writer",
		Total: in.Config.Budget("writer"),
		Sections: []prompt.Section{
			{Name: SecSystem, Message: prompt.MessageSystem, Required: true,
				Items: []prompt.Item{{Key: "style", Text: systemText(p)}}},
			{Name: SecBible, Title: "Story bible", Message: prompt.MessageUser, Budget: b.Bible, Required: true,
				Items: []prompt.Item{{Key: "story.md", Text: bibleText(p)}}},
			{Name: SecGlossary, Title: "Glossary and pinned facts", Message: prompt.MessageUser, Budget: half(b.Glossary),
				BudgetFrom: shareOf("half of", "glossary", b.Glossary), Order: prompt.BestFirst, TrimRank: rankGlossary, Items: glossary},
			{Name: SecCast, Title: "Characters and places", Message: prompt.MessageUser, Budget: half(b.Cast),
				BudgetFrom: shareOf("half of", "cast", b.Cast), Order: prompt.BestFirst, TrimRank: rankCast, Items: ensemble},
			{Name: SecHistory, Title: "The story so far (older chapters)", Message: prompt.MessageUser, Budget: b.History,
				Order: prompt.OldestFirst, MinItems: 1, TrimRank: rankHistory, Items: history},
			// Before the summaries only while it holds every candidate (see
			// below).
			{Name: SecNamed, Title: namedTitle, Message: prompt.MessageUser, Budget: rest(b.Glossary, tok, glossary),
				BudgetFrom: shareOf("what the glossary leaves of", "glossary", b.Glossary), Order: prompt.BestFirst, TrimRank: rankNamed, Items: named},
			{Name: SecSummaries, Title: summariesTitle, Message: prompt.MessageUser, Budget: b.Summaries,
				Order: prompt.OldestFirst, TrimRank: rankSummaries, Items: summaryItems(t.summaries)},
			{Name: SecSceneCast, Title: "Characters and places in this scene", Message: prompt.MessageUser, Budget: castRest,
				BudgetFrom: shareOf("what the cast leaves of", "cast", b.Cast), Order: prompt.BestFirst, TrimRank: rankSceneCast, Items: cast},
			{Name: SecRetrieval, Title: "Related earlier passages", Message: prompt.MessageUser, Budget: b.Retrieval,
				Order: prompt.BestFirst, TrimRank: rankRetrieval, TierMax: [4]int{-1, 2, 0, 0}, ListKept: true,
				Items: retrievalItems(in, t, slices.Concat(ensemble, cast, pov))},
			// The newest scene, new every tick, leads straight into the plan
			// that continues it.
			{Name: SecRecent, Title: "Recent scenes (full text)", Message: prompt.MessageUser, Budget: b.Recent,
				Order: prompt.OldestFirst, Degrade: true, MinItems: 1, TrimRank: rankRecent,
				TierMax: [4]int{-1, -1, -1, 1}, Empty: "This is the first scene of the novel.",
				Items: recentItems(t.recent)},
			{Name: SecPlan, Title: fmt.Sprintf("Scene %d: the plan", in.Seq), Message: prompt.MessageUser,
				Budget: b.Plan, Required: true, Items: []prompt.Item{{Key: "plan", Text: planText(in)}}},
			// The POV's sheet changes with the POV, so it comes last: what
			// stays the same from tick to tick forms the prompt's prefix.
			{Name: SecPOV, Title: "Point of view", Message: prompt.MessageUser, Required: true, Items: pov},
			// The closing instruction is its own section so that truncating
			// an over-long plan can never cut it off.
			{Name: SecTask, Message: prompt.MessageUser, Required: true,
				Items: []prompt.Item{{Key: "task", Text: taskText(in)}}},
		},
	}
	if !allTerms {
		// The summaries gain a scene at their end every tick, so the
		// prefix shared with the last tick's pack ends there. This scene's
		// terms, in file order, read the same from tick to tick while they
		// are every candidate (their text then depends on the files alone),
		// and go before the summaries then; chosen by what the plan names,
		// they change most ticks and would cut the prefix short: after.
		i := slices.IndexFunc(spec.Sections, func(s prompt.Section) bool { return s.Name == SecNamed })
		spec.Sections[i], spec.Sections[i+1] = spec.Sections[i+1], spec.Sections[i]
	}
	for i := range spec.Sections {
		spec.Sections[i].Why = whyEmpty(in, t, base, spec.Sections[i].Name)
	}
	return spec, pre, nil
}

// shareOf names the share of a budgets: setting a section has (two
// sections share budgets.glossary, two budgets.cast).
func shareOf(share, budget string, n int) string {
	return fmt.Sprintf("%s budgets.%s (%d)", share, budget, n)
}

// allShown says that every earlier scene (n of them) is shown where.
func allShown(n int, where string) string {
	if n == 1 {
		return "the one earlier scene is shown " + where
	}
	return fmt.Sprintf("all %d earlier scenes are shown %s", n, where)
}

// whyEmpty says why a section of the writer pack would have no items, for
// the explain report of an omitted one ("" for sections that always have
// some). Sections whose items were all trimmed say so by themselves.
// base is the stretch's first scene.
func whyEmpty(in Input, t tiers, base int, section string) string {
	p, g := in.Project, in.Config.Generation
	shown := len(t.summaries) + len(t.recent)
	switch section {
	case SecHistory:
		switch {
		case shown == 0:
			return "no earlier scene"
		case len(p.Checkpoints) == 0 && g.CheckpointInterval == 1:
			return "no checkpoint yet (one is written after every scene)"
		case len(p.Checkpoints) == 0:
			return fmt.Sprintf("no checkpoint yet (one is written every %d scenes)", g.CheckpointInterval)
		}
		return "every checkpoint covers scenes shown below"
	case SecRetrieval:
		switch {
		case !in.Config.Retrieval.Enabled:
			return "retrieval.enabled is false"
		case shown == 0:
			return "no earlier scene"
		case len(t.older) == 0:
			return allShown(shown, "above")
		case len(in.Recalled) == 0:
			return "nothing recalled for this plan"
		}
		return "what was recalled is already shown above or on the sheets"
	case SecSummaries:
		switch {
		case shown == 0:
			return "no earlier scene"
		case g.SummaryScenesCount <= 0:
			return "generation.summary_scenes_count is 0"
		case len(t.older) == 0:
			return allShown(len(t.recent), "in full")
		}
		return "no earlier scene outside the full-text ones"
	case SecGlossary:
		if len(p.Glossary) == 0 && len(p.Facts) == 0 && len(p.Story.Pinned) == 0 {
			return "glossary.md has no terms and no fact is pinned"
		}
		return fmt.Sprintf("no term or pinned fact from before scene %d (the stretch since the last checkpoint; later ones are in \"Terms and facts for this scene\")", base)
	case SecNamed:
		if n := len(p.Scenes); n == 0 || p.Scenes[n-1].Seq < base {
			// No scene since the last checkpoint: none could pin a fact.
			return "no term named by the plan or the recent scenes beyond those above"
		}
		return fmt.Sprintf("no term named by the plan or the recent scenes and no fact pinned since scene %d beyond those above", base)
	case SecCast:
		if base == 1 {
			return "no checkpoint yet: this scene's sheets are in \"Characters and places in this scene\""
		}
		return fmt.Sprintf("no character or place in the scenes before scene %d", base)
	case SecSceneCast:
		return fmt.Sprintf("no sheet besides those above and the point of view's, and none learned anything since scene %d", base)
	}
	return ""
}

// systemText is the writer's role and the story's style rules.
func systemText(p *project.Project) string {
	s := p.Story
	var b strings.Builder
	fmt.Fprintf(&b, "You are the novelist writing %q", strings.TrimSpace(s.Title))
	if g := strings.TrimSpace(s.Genre); g != "" {
		fmt.Fprintf(&b, ", a %s novel", g)
	}
	b.WriteString(", one scene at a time. Continue seamlessly from the scenes before, in the same voice.\n")
	var voice []string
	if v := strings.TrimSpace(s.POV); v != "" {
		voice = append(voice, "point of view: "+v)
	}
	if v := strings.TrimSpace(s.Tense); v != "" {
		voice = append(voice, "tense: "+v)
	}
	if v := strings.TrimSpace(s.Tone); v != "" {
		voice = append(voice, "tone: "+v)
	}
	if len(voice) > 0 {
		b.WriteString("\n" + capitalize(strings.Join(voice, "; ")) + ".\n")
	}
	if len(s.Style) > 0 {
		b.WriteString("\nStyle rules:\n")
		for _, r := range s.Style {
			if r = strings.TrimSpace(r); r != "" {
				b.WriteString("- " + prompt.OneLine(r) + "\n")
			}
		}
	}
	b.WriteString("\nWrite only the prose of the scene: no title, no headings, no notes, no summary. " +
		"Stay consistent with the story bible, the pinned facts and everything that already happened.")
	return b.String()
}

// bibleText is story.md: its frontmatter fields and its body.
func bibleText(p *project.Project) string {
	s := p.Story
	var b strings.Builder
	field := func(name, v string) {
		if v = strings.TrimSpace(v); v != "" {
			fmt.Fprintf(&b, "%s: %s\n", name, prompt.OneLine(v))
		}
	}
	field("Title", s.Title)
	field("Author", s.Author)
	field("Genre", s.Genre)
	field("Tone", s.Tone)
	field("Point of view", s.POV)
	field("Tense", s.Tense)
	field("Premise", s.Premise)
	if s.TargetWords > 0 {
		field("Target length", fmt.Sprintf("%d words", s.TargetWords))
	}
	if body := s.Bible(); body != "" {
		b.WriteString("\n" + body)
	}
	return strings.TrimSpace(b.String())
}

// bullets renders a scene's summary as a markdown list; a scene without
// one (a hand-written scene not yet refreshed) is represented by its opening.
func bullets(s *project.Scene) string {
	var lines []string
	for _, l := range s.Summary {
		if l = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "-*• ")); l != "" {
			lines = append(lines, "- "+prompt.OneLine(l))
		}
	}
	if len(lines) == 0 {
		return "- (no summary yet; it opens: " + opening(prose(s), openingWords) + ")"
	}
	return strings.Join(lines, "\n")
}

func sceneLabel(s *project.Scene) string {
	title := strings.TrimSpace(s.Title)
	if title == "" {
		return fmt.Sprintf("Scene %d", s.Seq)
	}
	return fmt.Sprintf("Scene %d: %s", s.Seq, prompt.OneLine(title))
}

func fullText(s *project.Scene) string {
	return "**" + sceneLabel(s) + "**\n\n" + strings.TrimSpace(prose(s))
}

func recentItems(scenes []*project.Scene) []prompt.Item {
	items := make([]prompt.Item, 0, len(scenes))
	for _, s := range scenes {
		items = append(items, prompt.Item{
			Key:      fmt.Sprintf("scene %d", s.Seq),
			Text:     fullText(s),
			Fallback: "**" + sceneLabel(s) + "** (summary)\n" + bullets(s),
		})
	}
	return items
}

func summaryItems(scenes []*project.Scene) []prompt.Item {
	items := make([]prompt.Item, 0, len(scenes))
	for _, s := range scenes {
		items = append(items, prompt.Item{Key: fmt.Sprintf("scene %d", s.Seq), Text: "**" + sceneLabel(s) + "**\n" + bullets(s)})
	}
	return items
}

// historyItems picks the checkpoint and arc summaries for everything older
// than the recent tier: arcs stand in for the checkpoints they cover, and
// the newest summaries are kept while they fit budget (all of them when
// budget is 0), so the candidate list stays bounded. pre reports what the
// pre-selection left out.
func historyItems(tok *prompt.Tokenizer, p *project.Project, t tiers, budget int) ([]prompt.Item, preselection) {
	if len(t.recent) == 0 {
		return nil, preselection{}
	}
	cutoff := t.recent[0].Seq
	var cps []*project.Checkpoint
	for _, c := range p.Checkpoints {
		if c.From >= cutoff || strings.TrimSpace(c.Body) == "" {
			continue
		}
		covered := false
		for _, o := range p.Checkpoints {
			if o != c && o.Level > c.Level && o.From <= c.From && o.To >= c.To && strings.TrimSpace(o.Body) != "" {
				covered = true
				break
			}
		}
		if !covered {
			cps = append(cps, c) // already in (From, Level) order
		}
	}
	start, used := len(cps), 0
	for start > 0 {
		n := tok.Count(historyText(cps[start-1])) + 1
		if budget > 0 && used+n > budget && start < len(cps) {
			break
		}
		used += n
		start--
	}
	items := make([]prompt.Item, 0, len(cps)-start)
	for _, c := range cps[start:] {
		items = append(items, prompt.Item{Key: historyKey(c), Text: historyText(c)})
	}
	if start == 0 {
		return items, preselection{}
	}
	pre := prompt.Trim{
		Section: SecHistory,
		Item:    historyRange(cps[:start]),
		Action:  prompt.Dropped,
		Reason:  fmt.Sprintf("older than the history budget holds (%d tokens kept of %d)", used, budget),
	}
	for _, c := range cps[:start] {
		pre.TokensBefore += tok.Count(historyText(c)) + 1
	}
	return items, preselection{trim: pre, n: start}
}

// preselection records the history summaries left out before packing.
type preselection struct {
	trim prompt.Trim
	n    int
}

// historyRange names the summaries a trim drops together: one by its own
// key, several by the first and last.
func historyRange(cps []*project.Checkpoint) string {
	if len(cps) == 1 {
		return historyKey(cps[0])
	}
	return fmt.Sprintf("%s … %s (%d items)", historyKey(cps[0]), historyKey(cps[len(cps)-1]), len(cps))
}

func historyKey(c *project.Checkpoint) string {
	if c.Level > 0 {
		return fmt.Sprintf("arc %d-%d", c.From, c.To)
	}
	return fmt.Sprintf("checkpoint %d-%d", c.From, c.To)
}

func historyText(c *project.Checkpoint) string {
	head := fmt.Sprintf("**Scenes %d–%d**", c.From, c.To)
	if c.From == c.To {
		head = fmt.Sprintf("**Scene %d**", c.From)
	}
	return head + "\n" + strings.TrimSpace(c.Body)
}

// castItems are the entity sheets, most important first: the POV character,
// the scene's location, the cast, anything else this tick created, then
// the characters and places the plan or the recent scenes name (see
// mentionedEntities). The scene's own sheets are always candidates; named
// ones are added while the candidates fit budget (when set), so the list
// stays bounded however large the cast of the book grows.
//
// An entity whose sheet the front's cast already shows (front) gets only
// what its sheet learned since the stretch began, if anything.
func castItems(tok *prompt.Tokenizer, in Input, names mentionSources, budget int, front frontCast) []prompt.Item {
	p, plan := in.Project, in.Plan
	created := map[string]bool{}
	for _, id := range in.Created {
		created[id] = true
	}
	seen := map[string]bool{}
	var items []prompt.Item
	addChar := func(id, tag string) {
		c := p.Character(id)
		if c == nil || seen[id] {
			return
		}
		seen[id] = true
		if front.ids[id] {
			if note := front.since(c.Name, id, tag, c.Facts); note != "" {
				items = append(items, prompt.Item{Key: "character " + id, Text: note})
			}
			return
		}
		items = append(items, prompt.Item{Key: "character " + id, Text: characterSheet(p, c, tag, created[id], 0)})
	}
	addLoc := func(id string) {
		l := p.Location(id)
		if l == nil || seen[id] {
			return
		}
		seen[id] = true
		tag := ""
		if id == plan.Location {
			tag = "setting of this scene"
		}
		if front.ids[id] {
			if note := front.since(l.Name, id, tag, l.Facts); note != "" {
				items = append(items, prompt.Item{Key: "location " + id, Text: note})
			}
			return
		}
		items = append(items, prompt.Item{Key: "location " + id, Text: locationSheet(l, tag, created[id], 0)})
	}
	addChar(plan.POV, povTag)
	addLoc(plan.Location)
	for _, id := range plan.Cast {
		addChar(id, "")
	}
	for _, id := range in.Created {
		addChar(id, "")
		addLoc(id)
	}
	used := 0
	for _, it := range items {
		used += tok.Count(it.Text) + 1
	}
	for id := range front.ids {
		seen[id] = true // named front entities are on their sheets above
	}
	for _, m := range mentionedEntities(p, names, seen) {
		var it prompt.Item
		if m.char != nil {
			it = prompt.Item{Key: "character " + m.id(), Text: characterSheet(p, m.char, m.tag(), false, 0)}
		} else {
			it = prompt.Item{Key: "location " + m.id(), Text: locationSheet(m.loc, m.tag(), false, 0)}
		}
		n := tok.Count(it.Text) + 1
		if budget > 0 && used+n > budget {
			continue // a smaller sheet named later may still fit
		}
		used += n
		items = append(items, it)
	}
	return items
}

// splitPOV takes the POV character's sheet out of the cast items and has
// the rest render in file order (characters, then locations): the
// selection follows relevance, and so does trimming, while the order stays
// put from tick to tick.
func splitPOV(p *project.Project, povID string, items []prompt.Item) (cast, pov []prompt.Item) {
	pos := filePlaces(p)
	for _, it := range items {
		if povID != "" && it.Key == "character "+povID {
			pov = append(pov, it)
		} else {
			it.Place = pos[it.Key]
			cast = append(cast, it)
		}
	}
	return cast, pov
}

// inFileOrder sorts sheet items as the project lists them: characters,
// then locations.
func inFileOrder(p *project.Project, items []prompt.Item) []prompt.Item {
	pos := filePlaces(p)
	slices.SortStableFunc(items, func(a, b prompt.Item) int { return pos[a.Key] - pos[b.Key] })
	return items
}

// filePlaces numbers the sheets' item keys from 1 as the project lists
// them: characters, then locations.
func filePlaces(p *project.Project) map[string]int {
	pos := map[string]int{}
	for i, c := range p.Characters {
		pos["character "+c.ID] = i + 1
	}
	for i, l := range p.Locations {
		pos["location "+l.ID] = len(p.Characters) + i + 1
	}
	return pos
}

func characterSheet(p *project.Project, c *project.Character, tag string, isNew bool, before int) string {
	var b strings.Builder
	sheetHeading(&b, c.Name, c.ID, tag, isNew)
	line := func(name string, vals []string) {
		var keep []string
		for _, v := range vals {
			if v = strings.TrimSpace(v); v != "" {
				keep = append(keep, prompt.OneLine(v))
			}
		}
		if len(keep) > 0 {
			fmt.Fprintf(&b, "%s: %s\n", name, strings.Join(keep, "; "))
		}
	}
	line("Role", []string{c.Role})
	line("Also called", c.Aliases)
	line("Status", []string{c.Status})
	line("Traits", c.Traits)
	line("Goals", c.Goals)
	var rels []string
	for _, r := range c.Relationships {
		who := r.With
		if o := p.Character(r.With); o != nil {
			who = o.Name
		}
		rels = append(rels, fmt.Sprintf("%s: %s", who, r.Is))
	}
	line("Relationships", rels)
	writeFacts(&b, factsBefore(c.Facts, before))
	if body := strings.TrimSpace(c.Body); body != "" {
		b.WriteString("\n" + body)
	}
	return strings.TrimSpace(b.String())
}

func locationSheet(l *project.Location, tag string, isNew bool, before int) string {
	var b strings.Builder
	sheetHeading(&b, l.Name, l.ID, tag, isNew)
	if k := strings.TrimSpace(l.Kind); k != "" {
		fmt.Fprintf(&b, "Kind: %s\n", prompt.OneLine(k))
	}
	if len(l.Aliases) > 0 {
		fmt.Fprintf(&b, "Also called: %s\n", strings.Join(l.Aliases, "; "))
	}
	writeFacts(&b, factsBefore(l.Facts, before))
	if body := strings.TrimSpace(l.Body); body != "" {
		b.WriteString("\n" + body)
	}
	return strings.TrimSpace(b.String())
}

// sheetHeading is an entity sheet's first line: "### Name (id) — tag, new this scene".
func sheetHeading(b *strings.Builder, name, id, tag string, isNew bool) {
	var notes []string
	if tag != "" {
		notes = append(notes, tag)
	}
	if isNew {
		notes = append(notes, "new this scene")
	}
	fmt.Fprintf(b, "### %s (%s)", prompt.OneLine(name), id)
	if len(notes) > 0 {
		b.WriteString(" — " + strings.Join(notes, ", "))
	}
	b.WriteString("\n")
}

// writeFacts lists an entity's facts: facts set by hand (scene 0) first,
// then the newest, at most maxEntityFacts, so a long book's sheet stays bounded.
func writeFacts(b *strings.Builder, facts []project.Fact) {
	hand, dated := splitFacts(facts)
	keep := hand
	if len(keep) > maxEntityFacts {
		keep = keep[:maxEntityFacts]
	}
	if room := maxEntityFacts - len(keep); room > 0 && len(dated) > 0 {
		keep = append(keep, dated[max(0, len(dated)-room):]...)
	}
	if len(keep) == 0 {
		return
	}
	b.WriteString("Facts:\n")
	for _, f := range keep {
		b.WriteString("- " + prompt.OneLine(f.Text) + "\n")
	}
}

// factsBefore are the facts set by hand or learned before scene before
// (all of them when before is 0).
func factsBefore(facts []project.Fact, before int) []project.Fact {
	if before <= 0 {
		return facts
	}
	var keep []project.Fact
	for _, f := range facts {
		if f.Scene < before {
			keep = append(keep, f)
		}
	}
	return keep
}

// splitFacts parts the non-empty facts into those set by hand (scene 0)
// and those extraction pinned, each in file order.
func splitFacts(facts []project.Fact) (hand, dated []project.Fact) {
	for _, f := range facts {
		switch {
		case strings.TrimSpace(f.Text) == "":
		case f.Scene == 0:
			hand = append(hand, f)
		default:
			dated = append(dated, f)
		}
	}
	return hand, dated
}

// retrievalItems are the recalled anchors and passages the tiers and the
// cast sheets do not already show.
func retrievalItems(in Input, t tiers, shown []prompt.Item) []prompt.Item {
	// Passages of the scenes a sliding window would show as bullets or in
	// full are left out; the summaries tier reaching further back for the
	// prefix's sake shows older scenes only as bullets, so their passages
	// stay welcome.
	tierStart := in.Seq
	if n := len(t.summaries); n > 0 {
		tierStart = t.summaries[max(0, n-max(in.Config.Generation.SummaryScenesCount, 0))].Seq
	} else if len(t.recent) > 0 {
		tierStart = t.recent[0].Seq
	}
	items := pinnedItems(in, t)
	seen := map[string]bool{}
	for _, s := range in.Recalled {
		text := strings.TrimSpace(s.Text)
		if text == "" || seen[text] || (s.Seq > 0 && s.Seq >= tierStart) || marked(in.Project, s.Seq) != "" {
			continue
		}
		seen[text] = true
		if s.Kind == project.SnippetAnchor {
			if onSheet(shown, prompt.OneLine(text)) {
				continue
			}
			items = append(items, anchorItem(s, text))
		} else {
			items = append(items, passageItem(s, text))
		}
		if len(items) == maxRecalled {
			break
		}
	}
	return items
}

// onSheet reports whether a fact is on a sheet the cast section holds.
func onSheet(sheets []prompt.Item, fact string) bool {
	for _, it := range sheets {
		if strings.Contains(it.Text, fact) {
			return true
		}
	}
	return false
}

// anchorItem is a durable fact about an entity, said where it was said.
func anchorItem(s project.Snippet, text string) prompt.Item {
	where := "set by hand"
	if s.Seq > 0 {
		where = fmt.Sprintf("scene %d", s.Seq)
	}
	return prompt.Item{
		Key:  fmt.Sprintf("anchor %s %s (%s)", s.Entity, s.Anchor, where),
		Text: fmt.Sprintf("**%s, %s** (%s): %s", prompt.OneLine(s.Title), s.Anchor, where, prompt.OneLine(text)),
	}
}

func passageItem(s project.Snippet, text string) prompt.Item {
	label := strings.TrimSpace(s.Title)
	key := strings.ToLower(s.Kind)
	switch {
	case s.Seq > 0 && label != "":
		label = fmt.Sprintf("Scene %d: %s", s.Seq, prompt.OneLine(label))
		key = fmt.Sprintf("recall scene %d", s.Seq)
	case s.Seq > 0:
		label = fmt.Sprintf("Scene %d", s.Seq)
		key = fmt.Sprintf("recall scene %d", s.Seq)
	case label == "":
		label = capitalize(s.Kind)
		key = "recall " + key
	default:
		key = "recall " + key + " " + label
	}
	return prompt.Item{Key: key, Text: "**" + label + "**\n" + text}
}

// planText is the scene intention the writer must realise.
func planText(in Input) string {
	p, plan := in.Project, in.Plan
	var b strings.Builder
	if t := strings.TrimSpace(plan.Title); t != "" {
		fmt.Fprintf(&b, "Title: %s\n", prompt.OneLine(t))
	}
	if t := strings.TrimSpace(plan.Intention); t != "" {
		fmt.Fprintf(&b, "Intention: %s\n", prompt.OneLine(t))
	}
	if t := strings.TrimSpace(plan.BeatText); t != "" {
		done := "it continues"
		if plan.CompletesBeat {
			done = "this scene completes it"
		}
		fmt.Fprintf(&b, "Outline beat: %s (%s)\n", prompt.OneLine(t), done)
	}
	if plan.POV != "" {
		fmt.Fprintf(&b, "Point of view: %s\n", characterName(p, plan.POV))
	}
	if plan.Location != "" {
		name := plan.Location
		if l := p.Location(plan.Location); l != nil {
			name = fmt.Sprintf("%s (%s)", prompt.OneLine(l.Name), l.ID)
		}
		fmt.Fprintf(&b, "Location: %s\n", name)
	}
	created := map[string]bool{}
	for _, id := range in.Created {
		created[id] = true
	}
	var cast []string
	seen := map[string]bool{plan.POV: true}
	addCast := func(id string) {
		if seen[id] {
			return
		}
		seen[id] = true
		name := characterName(p, id)
		if created[id] {
			name += ", new this scene"
		}
		cast = append(cast, name)
	}
	for _, id := range plan.Cast {
		addCast(id)
	}
	for _, id := range in.Created {
		if p.Character(id) != nil {
			addCast(id)
		}
	}
	if len(cast) > maxPlanCast {
		cast = append(cast[:maxPlanCast], fmt.Sprintf("and %d more", len(cast)-maxPlanCast))
	}
	if len(cast) > 0 {
		fmt.Fprintf(&b, "Also present: %s\n", strings.Join(cast, "; "))
	}
	if len(plan.ThreadsAdvanced) > 0 {
		b.WriteString("Threads to advance:\n")
		for _, id := range plan.ThreadsAdvanced {
			text := ""
			for _, t := range p.Threads {
				if t.ID == id {
					text = t.Text
					break
				}
			}
			if text == "" {
				fmt.Fprintf(&b, "- %s\n", id)
			} else {
				fmt.Fprintf(&b, "- %s: %s\n", id, prompt.OneLine(text))
			}
		}
	}
	var beats []string
	for _, s := range plan.Beats {
		if s = strings.TrimSpace(s); s != "" {
			beats = append(beats, s)
		}
	}
	if len(beats) > 0 {
		b.WriteString("Beats:\n")
		for i, s := range beats {
			fmt.Fprintf(&b, "%d. %s\n", i+1, prompt.OneLine(s))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// maxPlanCast bounds the cast named in the plan; a model that lists the
// whole book's cast must not crowd out the plan itself.
const maxPlanCast = 12

// taskText is the closing instruction.
func taskText(in Input) string {
	return fmt.Sprintf("Write scene %d now, about %d words. Only the prose: no title, no headings.", in.Seq, in.Project.SceneWords())
}

func characterName(p *project.Project, id string) string {
	if c := p.Character(id); c != nil {
		return fmt.Sprintf("%s (%s)", prompt.OneLine(c.Name), c.ID)
	}
	return id
}

// opening returns the first n words of text, on one line.
func opening(text string, n int) string {
	ws := strings.Fields(text)
	if len(ws) <= n {
		return strings.Join(ws, " ")
	}
	return strings.Join(ws[:n], " ") + " …"
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
