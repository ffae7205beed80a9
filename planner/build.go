package planner

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// Section names of the planner pack. They render most stable first, so
// that consecutive ticks' packs share a long prefix (provider prompt caches
// bill only what follows it): the role, the bible, the story so far
// (changes at checkpoints), the outline, the locations and all the
// characters by name (as the stretch began, then what it brought in:
// namedItems), the active characters (chosen by recency, listed in file
// order), the open threads, the latest scenes,
// then progress, the scratchpad and the task, which change every tick.
const (
	SecSystem     = "system"
	SecBible      = "bible"
	SecSoFar      = "so-far"
	SecRecent     = "recent"
	SecThreads    = "threads"
	SecCharacters = "characters"
	SecOthers     = "others"
	SecLocations  = "locations"
	SecTask       = "task"
)

// moreLine closes a named list that leaves some out.
const moreLine = "- and more, not listed"

// Section titles the builder also measures items under.
const (
	activeTitle    = "Active characters"
	othersTitle    = "All characters"
	locationsTitle = "Locations"
)

// Bounds that keep the planner pack independent of the book's length.
const (
	maxOtherNames = 40
	maxLocations  = 30
	maxFacts      = 6
)

// Build assembles the planner pack for scene seq: the bible, the latest
// overall summary, the last planner_recent_scenes scenes' summaries, a
// bounded set of open threads, the active characters with their
// relationships, every character and location by name (bounded lists,
// namedItems), and the task. Budget: cfg.Budget("planner").
func Build(tok *prompt.Tokenizer, p *project.Project, cfg *config.Config, seq int) (*prompt.Pack, error) {
	if p == nil || cfg == nil {
		return nil, fmt.Errorf("planner: no project or configuration")
	}
	g := cfg.Generation
	total := cfg.Budget("planner")
	pct := func(n int) int { return total * n / 100 }

	var live []*project.Scene
	for _, s := range p.Scenes {
		if s.Seq < seq && s.Context != project.ContextDrop {
			live = append(live, s)
		}
	}
	recent := live[max(0, len(live)-max(g.PlannerRecent, 0)):]
	threads, more := pickThreads(p.OpenThreads(), g.MaxOpenThreads)
	active := activeCharacters(p, live)
	prog := progress.Of(p)

	spec := prompt.Spec{
		Role:  "planner",
		Total: total,
		Sections: []prompt.Section{
			{Name: SecSystem, Message: prompt.MessageSystem, Required: true,
				Items: []prompt.Item{{Key: "role", Text: systemText(p, g.MaxToolsPerTick)}}},
			{Name: SecBible, Title: "Story bible", Message: prompt.MessageUser, Budget: pct(30), Required: true,
				Items: []prompt.Item{{Key: "story.md", Text: bibleText(p)}}},
			{Name: SecSoFar, Title: "The story so far", Message: prompt.MessageUser, Budget: pct(15),
				Order: prompt.OldestFirst, TrimRank: 3, Items: soFarItems(p, recent)},
			{Name: SecOutline, Title: "Where the book is in its outline", Message: prompt.MessageUser, Budget: pct(10),
				TrimRank: 7, MinItems: 1, Items: outlineItems(p, prog)},
			{Name: SecLocations, Title: locationsTitle, Message: prompt.MessageUser, Budget: pct(5),
				TrimRank: 1, Items: locationItems(tok, p, seq, pct(5))},
			{Name: SecOthers, Title: othersTitle, Message: prompt.MessageUser, Budget: pct(5),
				TrimRank: 2, Items: otherItems(tok, p, seq, pct(5))},
			{Name: SecCharacters, Title: activeTitle, Message: prompt.MessageUser, Budget: pct(20),
				MinItems: 1, TrimRank: 6, Items: inFileOrder(p, fitting(tok, activeTitle, characterItems(p, active), pct(20)))},
			{Name: SecThreads, Title: "Open threads", Message: prompt.MessageUser, Budget: pct(10),
				TrimRank: 4, Items: threadItems(p, threads), Intro: moreThreads(more), Empty: "No open threads."},
			{Name: SecRecent, Title: "Latest scenes", Message: prompt.MessageUser, Budget: pct(15),
				Order: prompt.OldestFirst, MinItems: 1, TrimRank: 5, Items: recentItems(recent),
				Empty: "No scene has been written yet: plan the opening scene."},
			{Name: SecProgress, Title: "Progress", Message: prompt.MessageUser, Required: true,
				Items: []prompt.Item{{Key: "progress", Text: progressText(p, prog, seq)}}},
			{Name: SecScratchpad, Title: "Your scratchpad (your notes from the last plan)", Message: prompt.MessageUser, Budget: pct(5),
				TrimRank: 2, Items: scratchpadItems(p), Empty: "(empty: note in scratchpad what the next few scenes should do)"},
			{Name: SecTask, Title: "Your task", Message: prompt.MessageUser, Required: true,
				Items: []prompt.Item{{Key: "task", Text: taskText(p, seq, g.MaxToolsPerTick)}}},
		},
	}
	for i := range spec.Sections {
		spec.Sections[i].Why = whyEmpty(p, prog, live, recent, spec.Sections[i].Name)
	}
	return tok.Build(spec)
}

// whyEmpty says why a section of the planner pack would have no items, for
// the explain report of an omitted one ("" for sections that always have
// some or render their own Empty text).
func whyEmpty(p *project.Project, prog progress.Book, live, recent []*project.Scene, section string) string {
	switch section {
	case SecOutline:
		switch {
		case p.Outline == nil:
			return "no outline.md"
		case prog.Current == nil:
			return "every beat of outline.md is done"
		}
	case SecSoFar:
		switch {
		case len(live) == 0:
			return "no earlier scene"
		case len(live) == len(recent):
			return fmt.Sprintf("all %d earlier scenes are in the latest scenes", len(live))
		case len(p.Checkpoints) == 0:
			return "no checkpoint yet"
		}
		return "every checkpoint covers the latest scenes"
	case SecCharacters:
		if len(p.Characters) == 0 {
			return "no character yet"
		}
		return "no character appears in the latest scenes"
	case SecOthers:
		return "no character yet"
	case SecLocations:
		return "no location yet"
	}
	return ""
}

func systemText(p *project.Project, maxTools int) string {
	return fmt.Sprintf("You are the planner of the novel %q. Before each scene is written you decide what it must do: "+
		"whose point of view, where, who is present, which open threads it advances, its beats, and which new "+
		"characters or locations (at most %d in total) must be created first. Keep the story moving, pay off "+
		"threads that have waited long, and stay true to the story bible. Answer with JSON only, following the "+
		"%s schema; refer to existing characters, locations and threads by their ids.",
		prompt.OneLine(p.Story.Title), max(maxTools, 0), SchemaName)
}

func bibleText(p *project.Project) string {
	s := p.Story
	var b strings.Builder
	field := func(name, v string) {
		if v = prompt.OneLine(v); v != "" {
			fmt.Fprintf(&b, "%s: %s\n", name, v)
		}
	}
	field("Title", s.Title)
	field("Genre", s.Genre)
	field("Tone", s.Tone)
	field("Point of view", s.POV)
	field("Premise", s.Premise)
	if s.TargetWords > 0 {
		field("Target length", fmt.Sprintf("%d words", s.TargetWords))
	}
	var pinned []string
	for _, f := range s.Pinned {
		if t := prompt.OneLine(f.Text); t != "" {
			pinned = append(pinned, "- "+t)
		}
	}
	if len(pinned) > 0 {
		// Hand-pinned facts first: they are in file order, oldest first.
		if len(pinned) > 2*maxFacts {
			pinned = pinned[:2*maxFacts]
		}
		b.WriteString("Pinned facts:\n" + strings.Join(pinned, "\n") + "\n")
	}
	if body := s.Bible(); body != "" {
		b.WriteString("\n" + body)
	}
	return strings.TrimSpace(b.String())
}

// soFarItems is the latest overall summary: the newest arc summary and the
// newest checkpoint after it, if they reach back before the recent scenes.
func soFarItems(p *project.Project, recent []*project.Scene) []prompt.Item {
	cutoff := int(^uint(0) >> 1)
	if len(recent) > 0 {
		cutoff = recent[0].Seq
	}
	var arc, cp *project.Checkpoint
	for _, c := range p.Checkpoints {
		if c.From >= cutoff || strings.TrimSpace(c.Body) == "" {
			continue
		}
		if c.Level > 0 && (arc == nil || c.To >= arc.To) {
			arc = c
		}
		if c.Level == 0 && (cp == nil || c.To >= cp.To) {
			cp = c
		}
	}
	var items []prompt.Item
	for _, c := range []*project.Checkpoint{arc, cp} {
		if c == nil || (c == cp && arc != nil && cp.To <= arc.To) {
			continue
		}
		items = append(items, prompt.Item{Key: fmt.Sprintf("summary %d-%d", c.From, c.To),
			Text: fmt.Sprintf("**Scenes %d–%d**\n%s", c.From, c.To, strings.TrimSpace(c.Body))})
	}
	return items
}

func recentItems(recent []*project.Scene) []prompt.Item {
	var items []prompt.Item
	for _, s := range recent {
		var b strings.Builder
		fmt.Fprintf(&b, "**Scene %d: %s**", s.Seq, prompt.OneLine(s.Title))
		if s.POV != "" || s.Location != "" {
			fmt.Fprintf(&b, " (pov %s, at %s)", orDash(s.POV), orDash(s.Location))
		}
		n := 0
		for _, l := range s.Summary {
			if l = prompt.OneLine(strings.TrimLeft(strings.TrimSpace(l), "-*• ")); l != "" {
				b.WriteString("\n- " + l)
				n++
			}
		}
		if n == 0 {
			b.WriteString("\n- (no summary yet)")
		}
		items = append(items, prompt.Item{Key: fmt.Sprintf("scene %d", s.Seq), Text: b.String()})
	}
	return items
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// pickThreads chooses at most limit open threads deterministically: half
// from the oldest (long-dangling threads want paying off), the rest from
// the newest (fresh momentum), shown in their file order. more counts the rest.
func pickThreads(open []project.Thread, limit int) (picked []project.Thread, more []project.Thread) {
	if limit <= 0 {
		limit = 8
	}
	if len(open) <= limit {
		return open, nil
	}
	old := limit / 2
	newer := limit - old
	picked = append(append(picked, open[:old]...), open[len(open)-newer:]...)
	more = open[old : len(open)-newer]
	return picked, more
}

func threadItems(p *project.Project, ts []project.Thread) []prompt.Item {
	var items []prompt.Item
	atRisk := progress.AtRisk(p)
	for _, t := range ts {
		text := fmt.Sprintf("- %s: %s", t.ID, prompt.OneLine(t.Text))
		if t.Opened > 0 {
			text += fmt.Sprintf(" (opened in scene %d", t.Opened)
			if last := progress.LastAdvanced(p, t); last > t.Opened {
				text += fmt.Sprintf(", last advanced in scene %d", last)
			}
			text += ")"
		}
		if atRisk(t) {
			text += " (at risk: idle too long)"
		}
		items = append(items, prompt.Item{Key: "thread " + t.ID, Text: text})
	}
	return items
}

func moreThreads(more []project.Thread) string {
	if len(more) == 0 {
		return ""
	}
	lo, hi := more[0].Opened, more[0].Opened
	for _, t := range more {
		lo, hi = min(lo, t.Opened), max(hi, t.Opened)
	}
	note := fmt.Sprintf("(+%d older open threads not shown", len(more))
	if hi > 0 {
		note += fmt.Sprintf(", opened between scenes %d and %d", lo, hi)
	}
	return note + ".)"
}

// activeCharacters are the POVs and characters of the last few scenes,
// most recent first; with no scenes yet, every character (up to a bound).
func activeCharacters(p *project.Project, live []*project.Scene) []*project.Character {
	const window, limit = 5, 8
	var out []*project.Character
	seen := map[string]bool{}
	add := func(id string) {
		if c := p.Character(id); c != nil && !seen[id] && len(out) < limit {
			seen[id] = true
			out = append(out, c)
		}
	}
	for i := len(live) - 1; i >= 0 && i >= len(live)-window; i-- {
		add(live[i].POV)
		for _, id := range live[i].Characters {
			add(id)
		}
	}
	if len(live) == 0 {
		for _, c := range p.Characters {
			add(c.ID)
		}
	}
	return out
}

func characterItems(p *project.Project, active []*project.Character) []prompt.Item {
	var items []prompt.Item
	for _, c := range active {
		var b strings.Builder
		fmt.Fprintf(&b, "**%s** (%s)", prompt.OneLine(c.Name), c.ID)
		if r := prompt.OneLine(c.Role); r != "" {
			b.WriteString(", " + r)
		}
		if c.Status != "" {
			b.WriteString("; status: " + prompt.OneLine(c.Status))
		}
		list := func(name string, vals []string) {
			var keep []string
			for _, v := range vals {
				if v = prompt.OneLine(v); v != "" {
					keep = append(keep, v)
				}
			}
			if len(keep) > 0 {
				fmt.Fprintf(&b, "\n%s: %s", name, strings.Join(keep, "; "))
			}
		}
		list("Traits", c.Traits)
		list("Goals", c.Goals)
		var rels []string
		for _, r := range c.Relationships {
			who := r.With
			if o := p.Character(r.With); o != nil {
				who = fmt.Sprintf("%s (%s)", prompt.OneLine(o.Name), o.ID)
			}
			rels = append(rels, who+": "+prompt.OneLine(r.Is))
		}
		list("Relationships", rels)
		var facts []string
		for _, f := range c.Facts {
			facts = append(facts, f.Text)
		}
		if len(facts) > maxFacts {
			facts = facts[len(facts)-maxFacts:]
		}
		list("Facts", facts)
		items = append(items, prompt.Item{Key: "character " + c.ID, Text: b.String()})
	}
	return items
}

// fitting keeps the items, best first, while they fit budget tokens under
// their heading (at least one), so that listing them in another order
// cannot change which ones the section's own trimming would drop.
func fitting(tok *prompt.Tokenizer, title string, items []prompt.Item, budget int) []prompt.Item {
	used := tok.Count(prompt.Heading(title)) + 1
	for i, it := range items {
		used += tok.Count(it.Text) + 1
		if used > budget && i > 0 {
			return items[:i]
		}
	}
	return items
}

// inFileOrder lists character items in the project's order: chosen
// by recency, the same choice renders the same text from tick to tick (the
// pack's prefix, for prompt caches).
func inFileOrder(p *project.Project, items []prompt.Item) []prompt.Item {
	pos := map[string]int{}
	for i, c := range p.Characters {
		pos["character "+c.ID] = i
	}
	slices.SortStableFunc(items, func(a, b prompt.Item) int { return pos[a.Key] - pos[b.Key] })
	return items
}

// otherItems lists every character by name and id, one item each (the
// active ones too: leaving them out would change the list whenever the
// active set does), chosen and ordered by namedItems so the plan can bring
// them back and the budget leaves out the ones the story left long ago.
func otherItems(tok *prompt.Tokenizer, p *project.Project, seq, budget int) []prompt.Item {
	var es []named
	for _, c := range p.Characters {
		es = append(es, named{kind: "character", id: c.ID, name: c.Name, what: c.Role, first: c.FirstScene})
	}
	return namedItems(tok, othersTitle, p, seq, es, maxOtherNames, budget, "characters", func(s *project.Scene, use func(string)) {
		use(s.POV)
		for _, id := range s.Characters {
			use(id)
		}
	})
}

// locationItems lists the known locations, one item each, chosen and
// ordered by namedItems, so the budget leaves out the places the story
// left long ago rather than the whole list.
func locationItems(tok *prompt.Tokenizer, p *project.Project, seq, budget int) []prompt.Item {
	var es []named
	for _, l := range p.Locations {
		es = append(es, named{kind: "location", id: l.ID, name: l.Name, what: l.Kind, first: l.FirstScene})
	}
	return namedItems(tok, locationsTitle, p, seq, es, maxLocations, budget, "locations", func(s *project.Scene, use func(string)) {
		use(s.Location)
	})
}

// named is a character or location in a bounded list of names.
type named struct {
	kind, id, name, what string
	first                int // the scene that created it (0: by hand)
	last                 int // the latest scene before the stretch it appears in
	since                int // the first scene of the stretch it appears in, 0 if none
}

// namedItems lists entities as "- Name (id), what", in two parts, so that
// between checkpoints the list only grows at its end (the pack's prefix,
// for prompt caches): first those that existed when the stretch began
// (the first scene after the last one a checkpoint covers), the most
// recently used then, at most limit and within two thirds of budget,
// listed in file order; then those the
// stretch brought in (created, or used again after being left out), in
// the order they came, while the rest of budget holds. One line says there
// are more (without a count, which would change as the list does). ids
// calls use with each entity a scene uses (a callback, not a list: it is
// called for every scene of the book).
func namedItems(tok *prompt.Tokenizer, title string, p *project.Project, seq int, es []named, limit, budget int, plural string, ids func(s *project.Scene, use func(id string))) []prompt.Item {
	start := p.StretchStart(seq)
	at := map[string]int{}
	for i, e := range es {
		at[e.id] = i
	}
	cur := 0 // the seq of the scene being read
	use := func(id string) {
		i, ok := at[id]
		switch {
		case !ok || cur >= seq:
		case cur < start:
			es[i].last = cur
		case es[i].since == 0:
			es[i].since = cur
		}
	}
	for _, s := range p.Scenes {
		cur = s.Seq
		ids(s, use)
	}
	line := func(e named) string {
		l := fmt.Sprintf("- %s (%s)", prompt.OneLine(e.name), e.id)
		if w := prompt.OneLine(e.what); w != "" {
			l += ", " + w
		}
		return l
	}
	var old, brought []named
	for _, e := range es {
		if e.first < start {
			old = append(old, e)
		} else {
			brought = append(brought, e)
		}
	}
	sort.SliceStable(old, func(i, j int) bool { return old[i].last > old[j].last })
	used := tok.Count(prompt.Heading(title)) + tok.Count(moreLine) + 2
	n := 0
	for n < len(old) && n < limit {
		used += tok.Count(line(old[n])) + 1
		if used > budget*2/3 && n > 0 {
			break
		}
		n++
	}
	kept := old[:n]
	slices.SortStableFunc(kept, func(a, b named) int { return at[a.id] - at[b.id] })
	// The stretch's newcomers, in the order they came: those created in it
	// (by their first scene), and older ones it used again.
	for _, e := range old[n:] {
		if e.since > 0 {
			brought = append(brought, e)
		}
	}
	came := func(e named) int { return max(e.since, e.first) }
	slices.SortStableFunc(brought, func(a, b named) int { return came(a) - came(b) })
	var items []prompt.Item
	for _, e := range kept {
		items = append(items, prompt.Item{Key: e.kind + " " + e.id, Text: line(e)})
	}
	for _, e := range brought {
		used += tok.Count(line(e)) + 1
		if used > budget || len(items) >= limit {
			break
		}
		items = append(items, prompt.Item{Key: e.kind + " " + e.id, Text: line(e)})
	}
	if len(es) > len(items) {
		items = append(items, prompt.Item{Key: "more " + plural, Text: moreLine})
	}
	return items
}

func taskText(p *project.Project, seq, maxTools int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Plan scene %d, about %d words.", seq, p.SceneWords())
	if len(p.Characters) == 0 {
		b.WriteString(" The story has no characters yet: create the point-of-view character in new_characters and name them in pov.")
	}
	if len(p.Locations) == 0 {
		b.WriteString(" The story has no locations yet: create one in new_locations and name it in location.")
	}
	fmt.Fprintf(&b, " Create at most %d new characters and locations in total, only when the story needs them.", max(maxTools, 0))
	b.WriteString(outlineTask(progress.Of(p)))
	fmt.Fprintf(&b, " Answer with JSON of the %s schema.", SchemaName)
	return b.String()
}
