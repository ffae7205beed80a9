package recall

import (
	"slices"
	"sort"
	"strings"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/recall/anchor"
)

const (
	// MaxAnchorsPerEntity bounds an entity's anchors. Past it, a restated
	// fact is folded into the first statement of it, and the least used
	// anchor (of those, the sparest kind, then the oldest) gives way.
	MaxAnchorsPerEntity = 16

	// anchorsVersion is bumped whenever the store would hold other anchors
	// for the same prose (anchor.Find's rules, the bounds and folding
	// here): a scene is scanned once, so only a store of another version,
	// rebuilt from the scenes, takes new rules to a book's older scenes.
	// TestAnchorRulesPinned holds the rules' output to it.
	anchorsVersion = 22
)

// Anchors is the anchor store of a project, by entity. Sync keeps it in
// step with the scenes incrementally: a scene is scanned when it is new or
// its file changed, never again otherwise.
type Anchors struct {
	path string
	data anchorsData
	// disk is what the log holds, but its scenes (nil: it must be
	// written whole), logLen the length of its records read or written,
	// wholeLen that of its first, the whole store (AnchorsFile).
	disk             *anchorsData
	logLen, wholeLen int
	changeRecords    int // the log's records after the whole
	// rescanned are the scenes scanned or dropped since the last save
	// (their seqs; disk holds no scenes).
	rescanned []int
	// dirty is set when data differs from the file.
	dirty bool
	// stems memoizes the stemmer for restates: a new anchor is compared
	// with each of its entity's, whose words repeat.
	stems index.Stems
	// kinds memoizes anchor.Classify of sheet facts (a regexp scan each):
	// a sheet whose facts fold into one another is set again at every
	// sync, two a tick.
	kinds map[factKey]string
	// content memoizes contentWords by entity names and text.
	content map[[2]string][]string
}

// factKey is an extracted fact's text and whether its entity is a place.
type factKey struct {
	text  string
	place bool
}

type anchorsData struct {
	Version int `json:"version"`
	// Scenes maps a scanned scene's seq to the hash of the file scanned.
	Scenes map[int]string `json:"scenes"`
	// Names maps an entity id to the names it was scanned with; a change
	// of names means rescanning everything once.
	Names    map[string]string          `json:"names"`
	ByEntity map[string][]anchor.Anchor `json:"by_entity"`
}

func (a *Anchors) reset() {
	a.data = anchorsData{Version: anchorsVersion, Scenes: map[int]string{}, Names: map[string]string{}, ByEntity: map[string][]anchor.Anchor{}}
	a.disk, a.rescanned = nil, nil // written whole
}

// anchorEntities lists the project's characters and places for detection.
func anchorEntities(p *project.Project) []anchor.Entity {
	var out []anchor.Entity
	for _, c := range p.Characters {
		out = append(out, anchor.Entity{ID: c.ID, Names: c.Names(), Pronoun: anchor.PronounOf(c.Names())})
	}
	for _, l := range p.Locations {
		out = append(out, anchor.Entity{ID: l.ID, Names: l.Names(), Place: true})
	}
	return out
}

// Sync brings the store in step with p: anchors of deleted and changed
// scenes go, changed and new scenes are scanned, and each entity's
// extracted facts replace its extracted anchors. It reports whether
// anything changed. Cost: one pass over the scene list comparing hashes,
// plus the text of the scenes that changed.
func (a *Anchors) Sync(p *project.Project) bool {
	a.syncNames(p)
	hashes := make([]string, len(p.Scenes))
	held, ordered := 0, true
	for i, s := range p.Scenes {
		hashes[i] = sceneHash(p, s)
		if h, ok := a.data.Scenes[s.Seq]; ok && h == hashes[i] {
			held++
		}
		ordered = ordered && (i == 0 || p.Scenes[i-1].Seq < s.Seq)
	}
	// Every scanned scene is live and unchanged when as many live scenes,
	// each of its own seq, hold the hash scanned: a tick's sync then needs
	// no map of the book's scenes.
	live := map[int]string(nil)
	if !ordered || held != len(a.data.Scenes) {
		live = a.dropStale(p, hashes)
	}
	var ents []anchor.Entity
	for i, s := range p.Scenes {
		if _, ok := a.data.Scenes[s.Seq]; ok {
			continue
		}
		body, err := s.Body()
		if err != nil {
			continue // its file went since the load: a later sync scans it
		}
		if ents == nil {
			ents = anchorEntities(p) // only when a scene is scanned
		}
		for _, x := range anchor.FindWithParagraphs(s.Seq, body, ents) {
			a.add(x)
		}
		if live != nil {
			a.data.Scenes[s.Seq] = live[s.Seq] // of two scenes of one seq, the last's
		} else {
			a.data.Scenes[s.Seq] = hashes[i]
		}
		a.rescanned = append(a.rescanned, s.Seq)
		a.dirty = true
	}
	a.syncFacts(p)
	return a.dirty
}

// sceneHash is the hash of scene s's file as p was loaded.
func sceneHash(p *project.Project, s *project.Scene) string {
	h := p.Loaded[s.Path]
	if h == "" { // a project not read from files
		if body, err := s.Body(); err == nil {
			h = project.Hash([]byte(body))
		}
	}
	return h
}

// dropStale drops the scanned scenes that are no longer live, or whose
// file changed, with their anchors, and returns the live scenes' hashes
// by seq.
func (a *Anchors) dropStale(p *project.Project, hashes []string) map[int]string {
	live := make(map[int]string, len(p.Scenes))
	for i, s := range p.Scenes {
		live[s.Seq] = hashes[i]
	}
	stale := map[int]bool{}
	for seq, h := range a.data.Scenes {
		if live[seq] != h {
			stale[seq] = true
			delete(a.data.Scenes, seq)
			a.rescanned = append(a.rescanned, seq)
		}
	}
	if len(stale) > 0 {
		for id, list := range a.data.ByEntity {
			a.data.ByEntity[id] = slices.DeleteFunc(list, func(x anchor.Anchor) bool { return !x.Extracted && stale[x.Seq] })
		}
		a.dirty = true
	}
	return live
}

// syncNames records the names each entity is scanned with; a change of
// an entity's names empties the store (a name or alias edited by hand may
// be in any scene).
func (a *Anchors) syncNames(p *project.Project) {
	type named struct{ id, names string }
	all := make([]named, 0, len(p.Characters)+len(p.Locations))
	for _, c := range p.Characters {
		all = append(all, named{c.ID, joinNames(c.Name, c.Aliases)})
	}
	for _, l := range p.Locations {
		all = append(all, named{l.ID, joinNames(l.Name, l.Aliases)})
	}
	for _, e := range all {
		if old, ok := a.data.Names[e.id]; ok && old != e.names {
			a.reset()
			break
		}
	}
	for _, e := range all {
		if a.data.Names[e.id] != e.names {
			a.data.Names[e.id] = e.names
			a.dirty = true
		}
	}
}

// joinNames is strings.Join of an entity's Names() by \x1f, the form
// anchorsData.Names holds.
func joinNames(name string, aliases []string) string {
	if len(aliases) == 0 {
		return name
	}
	return name + "\x1f" + strings.Join(aliases, "\x1f")
}

// syncFacts makes each entity's extracted anchors its sheet's facts.
func (a *Anchors) syncFacts(p *project.Project) {
	for _, c := range p.Characters {
		a.setFacts(c.ID, false, c.Facts)
	}
	for _, l := range p.Locations {
		a.setFacts(l.ID, true, l.Facts)
	}
}

// setFacts makes an entity's extracted anchors the facts of its sheet
// unless they are already (factsHeld): through add, so that facts
// restating one another fold, keeping the uses their anchors had.
func (a *Anchors) setFacts(id string, place bool, facts []project.Fact) {
	old := a.data.ByEntity[id]
	if factsHeld(old, facts) {
		return
	}
	if a.kinds == nil {
		a.kinds = map[factKey]string{}
	}
	uses := map[string]int{}
	var keep []anchor.Anchor
	for _, x := range old {
		if x.Extracted {
			uses[x.Text] = x.Uses
			// add never changes an extracted anchor's text or kind.
			a.kinds[factKey{x.Text, place}] = x.Kind
		} else {
			keep = append(keep, x)
		}
	}
	a.data.ByEntity[id] = keep
	for _, f := range facts {
		text := anchor.CapWords(f.Text, anchor.MaxWords)
		if text == "" {
			continue
		}
		// Classified only now: an unchanged sheet (most, each tick) costs no classification.
		k := factKey{text, place}
		kind, ok := a.kinds[k]
		if !ok {
			kind = anchor.Classify(text, place)
			a.kinds[k] = kind
		}
		a.add(anchor.Anchor{Entity: id, Kind: kind, Text: text, Seq: f.Scene, Extracted: true, Last: f.Scene, Uses: uses[text]})
	}
	// A sheet whose facts restate one another folds into the same
	// anchors at every sync: nothing changed, nothing to write. (old is
	// intact: keep and what add appends to it are new arrays.)
	if !slices.Equal(old, a.data.ByEntity[id]) {
		a.dirty = true
	}
}

// factsHeld reports whether old's extracted anchors are facts (scene and
// capped text), in any order, each with each: the sheet is in the store.
func factsHeld(old []anchor.Anchor, facts []project.Fact) bool {
	var buf [MaxAnchorsPerEntity]bool // an entity's anchors: no allocation
	held := buf[:]
	if len(old) > len(held) {
		held = make([]bool, len(old))
	}
	n := 0
	for _, f := range facts {
		text := anchor.CapWords(f.Text, anchor.MaxWords)
		if text == "" {
			continue
		}
		found := false
		for i := range old {
			if !held[i] && old[i].Extracted && old[i].Seq == f.Scene && old[i].Text == text {
				held[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
		n++
	}
	for i := range old {
		if old[i].Extracted {
			n--
		}
	}
	return n == 0
}

// add puts x among its entity's anchors: a restatement of an anchor of
// the same kind is folded into it (its first statement stays; it counts as
// a use), and past MaxAnchorsPerEntity one goes (evictsBefore).
func (a *Anchors) add(x anchor.Anchor) {
	list := a.data.ByEntity[x.Entity]
	for i := range list {
		if list[i].Kind == x.Kind && a.restates(list[i].Text, x.Text, a.data.Names[x.Entity]) {
			if x.Seq < list[i].Seq && !list[i].Extracted {
				list[i].Text, list[i].Seq = x.Text, x.Seq // the first statement leads
			}
			if !(x.Extracted && list[i].Extracted) {
				// A sheet restating its own fact is set again at every sync;
				// only the prose restating it (or a pack using it) is a use.
				list[i].Uses++
			}
			list[i].Last = max(list[i].Last, x.Last)
			return
		}
	}
	if isPara(x) && countAnchors(list, isPara) >= maxPara {
		return // the first paragraphs naming the entity alone are kept
	}
	if isAlone(x) && countAnchors(list, isAlone) >= maxAlone {
		return // the first sentences naming the entity alone are kept
	}
	if x.Kind == anchor.Noted && !x.Alone && (countAnchors(list, isNoted) >= maxNoted || (spoken(x) && countAnchors(list, spoken) >= maxNotedSpoken)) {
		return // the first noted sentences about an entity are kept
	}
	list = append(list, x)
	for len(list) > MaxAnchorsPerEntity {
		worst := 0
		for i, y := range list {
			if evictsBefore(y, list[worst]) {
				worst = i
			}
		}
		list = slices.Delete(list, worst, worst+1)
	}
	a.data.ByEntity[x.Entity] = list
}

// maxNoted bounds an entity's noted anchors (anchor.Noted) within
// MaxAnchorsPerEntity: the first ones stated stay, as a character is
// described when introduced.
const maxNoted = 4

// maxNotedSpoken bounds the noted anchors that are lines of the entity's
// own dialogue, within maxNoted: a character who talks much in his first
// scenes would otherwise fill every noted place with talk before the
// narration says what he is.
const maxNotedSpoken = 2

// spoken reports whether a noted anchor is a line of dialogue.
func spoken(x anchor.Anchor) bool {
	return x.Kind == anchor.Noted && strings.ContainsAny(x.Text, "\"“”")
}

// isNoted reports whether an anchor is a noted one a shape read.
func isNoted(x anchor.Anchor) bool { return x.Kind == anchor.Noted && !x.Alone }

// maxAlone bounds an entity's anchors no shape read, sentences naming it
// alone (anchor.Anchor.Alone), apart from maxNoted: the first ones stay,
// as a book says what a person or thing is when it brings it in and what
// happens to it later; and the many sentences a book names a character
// alone in never take the place of a sentence a shape read. Six, not
// fewer: a person the book names early and often fills the first places
// before a later fact; which one comes unpointed is chosen at recall by
// what it says (anchorPicker), so more places cost no slot in the pack.
const maxAlone = 6

// isAlone reports whether no shape read an anchor, a sentence.
func isAlone(x anchor.Anchor) bool { return x.Alone && !x.Para }

// maxPara bounds an entity's paragraph anchors (anchor.Anchor.Para) apart
// from maxAlone, the first ones kept: a person the book names in many
// paragraphs must not lose the sentences about him to them, nor they to
// his sentences.
const maxPara = 2

// isPara reports whether an anchor is a paragraph's.
func isPara(x anchor.Anchor) bool { return x.Para }

// countAnchors is the number of anchors in list that is reports true of.
func countAnchors(list []anchor.Anchor, is func(anchor.Anchor) bool) int {
	n := 0
	for _, x := range list {
		if is(x) {
			n++
		}
	}
	return n
}

// evictsBefore reports whether anchor a goes before b when an entity has
// too many: the less used first, then the kind a book can best spare
// (anchorKindOrder: a passing "could not refuse" before a promise made in
// the first chapter, which a character named in every scene would
// otherwise lose to newer moments), then the less recently stated.
func evictsBefore(a, b anchor.Anchor) bool {
	switch {
	case a.Uses != b.Uses:
		return a.Uses < b.Uses
	case kindRank(a.Kind) != kindRank(b.Kind):
		return kindRank(a.Kind) > kindRank(b.Kind)
	case a.Last != b.Last:
		return a.Last < b.Last
	}
	return a.Seq < b.Seq
}

// restates reports whether two anchor texts say much the same: at least
// half of the smaller one's content words (and three, if it has three)
// are in the other.
// The words of the entity's names (joined by \x1f) do not count: every
// anchor of the entity shares them.
func (a *Anchors) restates(x, y, names string) bool {
	if x == y {
		return true
	}
	ta, tb := a.contentWords(x, names), a.contentWords(y, names)
	if len(ta) > len(tb) {
		ta, tb = tb, ta
	}
	if len(ta) == 0 {
		return false
	}
	in := map[string]bool{}
	for _, t := range tb {
		in[t] = true
	}
	shared := 0
	for _, t := range ta {
		if in[t] {
			shared++
		}
	}
	return 2*shared >= len(ta)+1 && shared >= min(3, len(ta))
}

// maxContentMemo bounds the memo of contentWords (a rebuild scans every
// scene's sentences).
const maxContentMemo = 4096

// contentWords are text's terms but those of names, memoized: a new
// anchor is compared with each of its entity's (up to
// MaxAnchorsPerEntity), and a sheet whose facts fold into one another is
// set again at every sync.
func (a *Anchors) contentWords(text, names string) []string {
	k := [2]string{names, text}
	if w, ok := a.content[k]; ok {
		return w
	}
	if a.stems == nil {
		a.stems = index.Stems{}
	}
	if a.content == nil || len(a.content) >= maxContentMemo {
		a.content = map[[2]string][]string{}
	}
	skip := index.Terms(names, a.stems)
	w := slices.DeleteFunc(index.Terms(text, a.stems), func(t string) bool { return slices.Contains(skip, t) })
	a.content[k] = w
	return w
}

// For returns an entity's anchors, first stated first.
func (a *Anchors) For(id string) []anchor.Anchor {
	list := slices.Clone(a.data.ByEntity[id])
	sort.SliceStable(list, func(i, j int) bool { return list[i].Seq < list[j].Seq })
	return list
}

// Used records that anchors went into the writer pack of scene seq.
func (a *Anchors) Used(used []project.Snippet, seq int) {
	for _, s := range used {
		if s.Kind != index.KindAnchor {
			continue
		}
		list := a.data.ByEntity[s.Entity]
		for i := range list {
			if list[i].Text == s.Text || anchor.CutLong(list[i]) == s.Text {
				list[i].Uses++
				list[i].Last = max(list[i].Last, seq)
				a.dirty = true
			}
		}
	}
}

// Count is the number of anchors held.
func (a *Anchors) Count() int {
	n := 0
	for _, l := range a.data.ByEntity {
		n += len(l)
	}
	return n
}
