package writer

import (
	"slices"
	"strings"
	"unicode"

	"github.com/storyd/storyd/project"
)

// Entity-aware selection (issue 6): characters, locations and glossary
// terms named in the plan or in the recent scenes come into the pack with
// their sheets and pinned facts, no embeddings needed. A name matches as
// whole words, case-insensitively: "Ada" is in "old Ada's lamp" but not in
// "Adams"; "low-water mark" is in "the low water mark".

// maxMentioned bounds the sheets that mentions add to the cast section, so
// that assembly cost and pack pressure do not grow with the cast list.
const maxMentioned = 8

// nameWords splits names and prose into lower-case words for matching:
// runs of letters and digits (\p{L}, \p{N}). Apostrophes split words, so
// "Darcy's" holds the word "darcy" and "O'Brien" matches "O'Brien" (both
// are "o brien"). A loop rather than a regexp: every sheet's names are
// split on every tick, hundreds of them in a long book.
func nameWords(s string) []string {
	s = strings.ToLower(s)
	var out []string
	start := -1
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// mentionIndex finds names in one text.
type mentionIndex struct {
	words []string
	at    map[string][]int // word -> its positions, ascending
}

// newMentionIndex indexes texts; a name never matches across two of them.
func newMentionIndex(texts ...string) *mentionIndex {
	m := &mentionIndex{at: map[string][]int{}}
	for _, t := range texts {
		if len(m.words) > 0 {
			m.words = append(m.words, "") // no name holds an empty word
		}
		for _, w := range nameWords(t) {
			m.at[w] = append(m.at[w], len(m.words))
			m.words = append(m.words, w)
		}
	}
	return m
}

// find returns the word position of the first whole-word occurrence of
// the name split into ws (nameWords), or -1. It walks the positions of
// the name's rarest word: most of a long book's places and things are
// "the ...", and every "the" of the recent scenes tried against each of
// them grew with the cast.
func (m *mentionIndex) find(ws []string) int {
	if len(ws) == 0 {
		return -1
	}
	k, at := 0, m.at[ws[0]]
	for j := 1; j < len(ws) && len(at) > 0; j++ {
		if p := m.at[ws[j]]; len(p) < len(at) {
			k, at = j, p
		}
	}
	for _, p := range at {
		if i := p - k; i >= 0 && i+len(ws) <= len(m.words) && slices.Equal(m.words[i:i+len(ws)], ws) {
			return i
		}
	}
	return -1
}

// findAny returns the first position of any of names (split by
// nameWords), or -1.
func (m *mentionIndex) findAny(names [][]string) int {
	best := -1
	for _, n := range names {
		if i := m.find(n); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}

// mentionSources are the texts names are looked for in, most telling
// first: the plan (title, intention, beats, new entities, advanced
// threads), then the full-text recent scenes, newest first.
type mentionSources struct {
	plan   *mentionIndex
	recent []*mentionIndex
}

func newMentionSources(in Input, t tiers) mentionSources {
	plan := in.Plan
	parts := []string{plan.Title, plan.Intention}
	parts = append(parts, plan.Beats...)
	for _, c := range plan.NewCharacters {
		parts = append(parts, c.Name, c.Description)
	}
	for _, l := range plan.NewLocations {
		parts = append(parts, l.Name, l.Description)
	}
	for _, id := range plan.ThreadsAdvanced {
		for _, th := range in.Project.Threads {
			if th.ID == id {
				parts = append(parts, th.Text)
			}
		}
	}
	src := mentionSources{plan: newMentionIndex(parts...)}
	for i := len(t.recent) - 1; i >= 0; i-- {
		src.recent = append(src.recent, newMentionIndex(prose(t.recent[i])))
	}
	return src
}

// where reports the first source that names one of names: 0 for the plan,
// 1 + i for the i-th newest recent scene; and the position in it. ok is
// false when no source does.
func (s mentionSources) where(names []string) (source, pos int, ok bool) {
	split := make([][]string, len(names))
	for i, n := range names {
		split[i] = nameWords(n)
	}
	if i := s.plan.findAny(split); i >= 0 {
		return 0, i, true
	}
	for j, m := range s.recent {
		if i := m.findAny(split); i >= 0 {
			return 1 + j, i, true
		}
	}
	return 0, 0, false
}

// mentioned reports whether the plan or a recent scene names name.
func (s mentionSources) mentioned(name string) bool {
	_, _, ok := s.where([]string{name})
	return ok
}

// entityMention is a character or location some source names.
type entityMention struct {
	char   *project.Character
	loc    *project.Location
	source int // 0: the plan; 1+: recent scenes, newest first
	pos    int // word position in the source
	order  int // project order: characters, then locations
}

func (e entityMention) id() string {
	if e.char != nil {
		return e.char.ID
	}
	return e.loc.ID
}

func (e entityMention) tag() string {
	if e.source == 0 {
		return "named in the plan"
	}
	return "named in a recent scene"
}

// mentionedEntities lists the entities named by the plan or the recent
// scenes, except those in skip, ranked: the plan before the recent scenes
// (newest first), earlier mentions first, then project order. At most
// maxMentioned.
func mentionedEntities(p *project.Project, src mentionSources, skip map[string]bool) []entityMention {
	var out []entityMention
	for i, c := range p.Characters {
		if skip[c.ID] {
			continue
		}
		if source, pos, ok := src.where(c.Names()); ok {
			out = append(out, entityMention{char: c, source: source, pos: pos, order: i})
		}
	}
	for i, l := range p.Locations {
		if skip[l.ID] {
			continue
		}
		if source, pos, ok := src.where(l.Names()); ok {
			out = append(out, entityMention{loc: l, source: source, pos: pos, order: len(p.Characters) + i})
		}
	}
	slices.SortFunc(out, func(a, b entityMention) int {
		switch {
		case a.source != b.source:
			return a.source - b.source
		case a.pos != b.pos:
			return a.pos - b.pos
		}
		return a.order - b.order
	})
	if len(out) > maxMentioned {
		out = out[:maxMentioned]
	}
	return out
}
