package writer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// Cache-friendly packs (issue 12). Provider prompt caches bill or compute
// only what follows the prefix a prompt shares with the previous one, so
// the pack is laid out for consecutive ticks to share a long prefix: what
// changes only at a checkpoint comes first, what grows between checkpoints
// only grows at its end, and what this tick's plan or newest scene decides
// comes last.
//
// The stretch is the run of scenes since the newest checkpoint summary
// (its first scene is Project.StretchStart, the planner's too). Between
// two checkpoints the pack's front (style, bible, glossary, cast, history)
// is a snapshot taken at the stretch's start; the bullet summaries grow at
// their end, so the shared prefix ends there; this scene's terms, its own
// cast, the recalled passages, the newest scene in full, the plan and the
// point of view follow them (the terms come before the summaries while
// their text depends on the files alone: glossaryParts).

// summaryStart is the index in live of the first scene of the summaries
// tier, given the index where the recent tier would start with its
// nominal count. The tier grows from the stretch's first scene until the
// next checkpoint, so that between checkpoints the pack's prefix up to its
// end stays the same from tick to tick; it always holds at least
// summary_scenes_count scenes (as a window sliding by one would). When it
// outgrows its budget (fits says whether the scenes from an index on
// fit), its start moves on in steps of that count, still aligned on the
// stretch's first scene, so it keeps growing at its end between steps; it
// never holds more than checkpoint_interval scenes (or 2×count−1).
func summaryStart(g config.Generation, live []*project.Scene, base, recentStart int, fits func(start int) bool) int {
	count := g.SummaryScenesCount
	if count <= 0 {
		return recentStart
	}
	want := recentStart - count // where a sliding window would start
	if want <= 0 {
		return 0
	}
	anchor := 0 // the stretch's first scene, as an index into live
	for anchor < len(live) && live[anchor].Seq < base {
		anchor++
	}
	start := anchor
	if want < anchor {
		start = anchor - (anchor-want+count-1)/count*count
	}
	// However long a stretch without a checkpoint, the tier stays bounded.
	longest := max(g.CheckpointInterval, 2*count-1)
	for start+count <= want && (recentStart-start > longest || !fits(start)) {
		start += count
	}
	return max(0, start)
}

// glossaryParts splits the pinned facts and glossary terms between the
// front and the tail of the pack. front holds what was set before the
// stretch began, in file order (facts, then terms), while it fits half the
// budget: the same text from tick to tick until the next checkpoint. named
// holds the terms the plan or the recent scenes name that front does not
// show, then the facts pinned since the stretch began, then the other
// terms, while they fit what the budget has left (at least its other
// half); it is rendered in file order (terms, then those facts), so that
// it too reads the same from tick to tick while it holds the same items.
// all says it holds every one of them: its text then depends on the files
// alone, not on what this tick's plan names. A budget of 0 means no limit.
func glossaryParts(tok *prompt.Tokenizer, in Input, names mentionSources, base, budget int) (front, named []prompt.Item, all bool) {
	p := in.Project
	hand, dated := splitFacts(p.Story.Pinned)
	dated = append(dated, p.Facts...) // facts.md: what storyd extracted
	var later []prompt.Item
	for i, f := range append(hand, dated...) {
		it := prompt.Item{Key: fmt.Sprintf("fact %d", i+1), Text: "- Pinned: " + prompt.OneLine(f.Text)}
		if f.Scene < base {
			front = append(front, it)
		} else {
			later = append(later, it)
		}
	}
	var terms []prompt.Item
	for _, term := range p.Glossary {
		name := strings.TrimSpace(term.Term)
		if name == "" {
			continue
		}
		it := prompt.Item{Key: "term " + name, Text: fmt.Sprintf("- **%s**: %s", prompt.OneLine(name), prompt.OneLine(term.Definition))}
		if term.Scene < base {
			front = append(front, it)
		}
		terms = append(terms, it)
	}
	front, used := cutAt(tok, front, half(budget))
	shown := map[string]bool{}
	for _, it := range front {
		shown[it.Key] = true
	}
	var others []prompt.Item
	for _, it := range terms {
		switch {
		case shown[it.Key]:
		case names.mentioned(strings.TrimPrefix(it.Key, "term ")):
			named = append(named, it)
		default:
			others = append(others, it)
		}
	}
	candidates := slices.Concat(named, later, others)
	tail := 0 // no limit
	if budget > 0 {
		// What the section's own budget leaves its items, as the pack counts it.
		tail = max(budget-used-tok.Count(prompt.Heading(namedTitle))-1, 1)
	}
	named, _ = cutAt(tok, candidates, tail)
	return front, placeAsIn(named, slices.Concat(terms, later)), len(named) == len(candidates)
}

// placeAsIn has items, ranked by relevance, render as they stand in list
// (matched by key; prompt.Item.Place): the section's text only changes
// when what it holds does, and trimming still drops the least relevant.
func placeAsIn(items, list []prompt.Item) []prompt.Item {
	pos := make(map[string]int, len(list))
	for i := len(list) - 1; i >= 0; i-- {
		pos[list[i].Key] = i + 1
	}
	for i := range items {
		items[i].Place = pos[items[i].Key]
	}
	return items
}

// cutAt keeps the items, in order, up to the first that would take them
// over budget tokens (a budget of 0 or less keeps them all), and says how
// many tokens the kept ones take.
func cutAt(tok *prompt.Tokenizer, items []prompt.Item, budget int) ([]prompt.Item, int) {
	used := 0
	for i, it := range items {
		n := tok.Count(it.Text) + 1
		if budget > 0 && used+n > budget {
			return items[:i], used
		}
		used += n
	}
	return items, used
}

// ensembleItems are the front's cast: the characters and places of the
// scenes before the stretch (the last checkpoint_interval of them), the
// most often present first while they fit half the cast budget, rendered
// in file order with what their sheets said before the stretch began:
// plan-independent, so the same text from tick to tick until the next
// checkpoint. ids are the entities shown. A budget of 0 means no limit.
func ensembleItems(tok *prompt.Tokenizer, in Input, base, budget int) (items []prompt.Item, ids map[string]bool) {
	p := in.Project
	from := base - max(in.Config.Generation.CheckpointInterval, 1)
	count, last := map[string]int{}, map[string]int{}
	var order []string
	for _, s := range p.Scenes {
		if s.Seq < from || s.Seq >= base || s.Context == project.ContextDrop {
			continue
		}
		for _, id := range append([]string{s.POV, s.Location}, s.Characters...) {
			if id == "" || last[id] == s.Seq {
				continue
			}
			if count[id] == 0 {
				order = append(order, id)
			}
			count[id]++
			last[id] = s.Seq
		}
	}
	slices.SortStableFunc(order, func(a, b string) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return last[b] - last[a]
	})
	for _, id := range order {
		if c := p.Character(id); c != nil {
			items = append(items, prompt.Item{Key: "character " + id, Text: characterSheet(p, c, "", false, base)})
		} else if l := p.Location(id); l != nil {
			items = append(items, prompt.Item{Key: "location " + id, Text: locationSheet(l, "", false, base)})
		}
	}
	items, _ = cutAt(tok, items, half(budget))
	ids = map[string]bool{}
	for _, it := range items {
		ids[it.Key[strings.IndexByte(it.Key, ' ')+1:]] = true
	}
	return inFileOrder(p, items), ids
}

// half is the front's share of a section budget (0 = no limit).
func half(budget int) int {
	if budget <= 0 {
		return 0
	}
	return max(budget/2, 1)
}

// frontCast are the entities whose sheets the front of the pack shows, as
// they stood before scene base.
type frontCast struct {
	ids  map[string]bool
	base int
}

// since is the tail's note on a front entity: its heading and the facts
// its sheet learned since the stretch began ("" when none, unless it is
// the point of view, whose note always stands).
func (f frontCast) since(name, id, tag string, facts []project.Fact) string {
	var newer []project.Fact
	for _, fact := range facts {
		if fact.Scene >= f.base && strings.TrimSpace(fact.Text) != "" {
			newer = append(newer, fact)
		}
	}
	if len(newer) == 0 && tag != povTag {
		return ""
	}
	note := "sheet above"
	if tag != "" {
		note = tag + ", " + note
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### %s (%s) — %s", prompt.OneLine(name), id, note)
	if len(newer) > 0 {
		fmt.Fprintf(&b, "\nFacts since scene %d:", f.base)
		for _, fact := range newer[max(0, len(newer)-maxEntityFacts):] {
			b.WriteString("\n- " + prompt.OneLine(fact.Text))
		}
	}
	return strings.TrimSpace(b.String())
}

// rest is what a section budget leaves the tail once the front's items
// take theirs (0 = no limit, as for the budget).
func rest(budget int, tok *prompt.Tokenizer, front []prompt.Item) int {
	if budget <= 0 {
		return 0
	}
	_, used := cutAt(tok, front, 0)
	return max(budget-used, 1)
}
