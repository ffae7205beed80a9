package recall

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/index/words"
)

// Word forms the stemmer does not join (issue 17). A book names a thing
// once as "thunderstorms" and later as "thunder", once as "the bookcase"
// and later as "the books", once as "forging" and later as "forgery":
// compounds and derivations that share a word inside a longer one. The
// lexicon splits them against the book's own vocabulary (the index's words), so
// only parts the book uses elsewhere count, and a part or a base matches
// at partWeight of the whole word: "forgery" and "forging" are one thing
// less surely than "forged" and "forging".
const (
	partWeight = 0.6
	// minPart is the shortest part of a compound and the shortest base
	// of a derivation: shorter ones ("man", "age", "hay") meet too many
	// words by chance.
	minPart = 4
)

// derivResidues are what Snowball leaves of derivational suffixes it does
// not remove ("forgery" → "forgeri", "marriage" → "marriag"): a stem
// ending in one, whose rest of at least minPart letters is a word of the
// book, is a form of that word ("windowless" → "window"). Suffixes that
// end many plain words ("er" of "flower", "y" of "party") are left out;
// -er is read only for a word the book seldom uses (related).
var derivResidues = []string{"eri", "ag", "ment", "ship", "hood", "ist", "ism", "ian", "ous", "less"}

// indefinite are the pronouns that stand for no one in particular: a
// plan's "everyone pretends not to listen" points at no sentence that
// holds "everyone" ("Keeps his work secret from everyone"). The index
// counts them as words (words.Stopword drops "some", "every" and
// "nothing" but not these); a plan's query does not.
var indefinite = map[string]bool{"everyone": true, "everybody": true, "everything": true, "someone": true, "somebody": true,
	"anyone": true, "anybody": true, "anything": true, "nobody": true, "none": true, "noone": true}

// lexicon reads texts into weighted terms for lexical scoring: each
// content word's stem at 1, and the stems of its parts and base at
// partWeight. idf weighs a stem by its rarity in the book, 0 for a stem
// no document holds (nil: no forms, only stems); stems and forms are
// memos for one Recall call.
type lexicon struct {
	idf func(stem string) float32
	// rareAt is the IDF from which a word is rare in the book (0: none
	// is): only a rare word ending in -er is read as a derivation.
	rareAt float32
	stems  index.Stems
	forms  map[string][]string
}

func newLexicon(idf func(string) float32) *lexicon {
	return &lexicon{idf: idf, stems: index.Stems{}, forms: map[string][]string{}}
}

func (lx *lexicon) known(stem string) bool { return lx.idf(stem) > 0 }

// rare reports a stem the book never uses or uses in few documents (an
// IDF of rareAt or more).
func (lx *lexicon) rare(stem string) bool {
	return lx.rareAt > 0 && (!lx.known(stem) || lx.idf(stem) >= lx.rareAt)
}

// words calls f with each content word of text, its stem and the word
// before it when that is an adjacent content word (no stopword between),
// else "". A nil lexicon stems without memo.
func (lx *lexicon) words(text string, f func(word, stem, prev string)) {
	var stems index.Stems
	if lx != nil {
		stems = lx.stems
	}
	prev := ""
	stems.Words(text, func(w, s string) {
		if s == "" {
			prev = ""
			return
		}
		f(w, s, prev)
		prev = w
	})
}

// terms is the set of text's terms with their weights.
func (lx *lexicon) terms(text string) map[string]float32 {
	out := map[string]float32{}
	lx.words(text, func(w, s, _ string) {
		out[s] = 1
		for _, p := range lx.related(w, s) {
			if out[p] == 0 {
				out[p] = partWeight
			}
		}
	})
	return out
}

// planTerms reads texts (candidate passages, anchors) for their weights of
// the plan's words (want: the stems the queries' scores read, lexQuery.want):
// terms(text) restricted to want. Recall scores those texts by nothing
// else, and reads ~200 candidate passages a tick, of ~100 words each: each
// word is looked up once in seen, which holds what it gives (its stem and
// parts among want), instead of being checked for a stopword, stemmed and
// split each time; and most words are not stemmed at all, since no stem
// among want begins with their first two letters (heads).
type planTerms struct {
	lx   *lexicon
	want map[string]bool
	// heads are the first two bytes of each stem among want (nil when one
	// is shorter: then every word is read).
	heads map[string]bool
	// quick holds heads for words.HeadSet.Excludes: a word too short to
	// split into parts whose head begins no stem among want gives none,
	// known without looking it up in seen (nil with heads).
	quick *words.HeadSet
	seen  map[string][]lexForm
}

func newPlanTerms(lx *lexicon, queries []lexQuery) *planTerms {
	want := map[string]bool{}
	for _, q := range queries {
		q.want(want)
	}
	heads := map[string]bool{}
	for t := range want {
		if len(t) < 2 {
			heads = nil
			break
		}
		heads[t[:2]] = true
	}
	pt := &planTerms{lx: lx, want: want, heads: heads, seen: map[string][]lexForm{}}
	if heads != nil {
		pt.quick = words.NewHeadSet(slices.Collect(maps.Keys(heads)))
	}
	return pt
}

// of returns text's weights of the plan's words. seen is keyed by the
// word as written: a capitalized word is lowered once, not each time.
func (pt *planTerms) of(text string) map[string]float32 {
	var out map[string]float32 // most texts hold none of the plan's words
	words.EachAsWritten(text, func(w string, lower bool) {
		// givesNone, without the lookup: no split (2*minPart bytes and
		// more) and a head beginning no stem among want.
		if len(w) < 2*minPart && pt.quick != nil && pt.quick.Excludes(w) {
			return
		}
		fs, ok := pt.seen[w]
		if !ok {
			fs = pt.givesAsWritten(w, lower)
			pt.seen[w] = fs
		}
		for _, f := range fs {
			if out == nil {
				out = map[string]float32{}
			}
			// A word's own stem counts in full, over a part of another.
			if f.w == 1 || out[f.t] == 0 {
				out[f.t] = f.w
			}
		}
	})
	return out
}

// givesAsWritten is gives of the word lowered; none for a word of one
// byte (words.Each passes none).
func (pt *planTerms) givesAsWritten(w string, lower bool) []lexForm {
	if lower {
		if len(w) < 2 {
			return nil
		}
		return pt.gives(w)
	}
	lw := strings.ToLower(w)
	if len(lw) < 2 {
		return nil
	}
	fs, ok := pt.seen[lw]
	if !ok {
		fs = pt.gives(lw)
		pt.seen[lw] = fs
	}
	return fs
}

// gives lists the stems among want that word gives as terms does: its own
// at 1, its parts at partWeight; none for a stopword.
func (pt *planTerms) gives(word string) []lexForm {
	if words.Stopword(word) || pt.givesNone(word) {
		return nil
	}
	s := stemOnce(word) // seen is the memo
	if s == "" {
		return nil
	}
	var out []lexForm
	if pt.want[s] {
		out = append(out, lexForm{s, 1})
	}
	for _, p := range pt.lx.findRelated(word, s) {
		if pt.want[p] {
			out = append(out, lexForm{p, partWeight})
		}
	}
	return out
}

// givesNone reports a word none of whose terms can be among want, known
// without stemming it: every term it gives (its stem, a base cut from
// that, the parts of each split related tries) begins with the head
// words.StemHead promises for the word or the part, and none of those
// heads begins a stem among want.
func (pt *planTerms) givesNone(word string) bool {
	if pt.heads == nil {
		return false
	}
	if h := words.StemHead(word); h == "" || pt.heads[h] {
		return false
	}
	for i := minPart; i <= len(word)-minPart; i++ {
		if !utf8.RuneStart(word[i]) {
			continue
		}
		// The first part begins as the word does, unless its stem is
		// one of the forms StemHead promises nothing of ("sang").
		if words.StemHead(word[:i]) == "" {
			return false
		}
		if h := words.StemHead(word[i:]); h == "" || pt.heads[h] {
			return false
		}
	}
	return true
}

// related returns the stems of the words word is made of, other than its
// own stem: the two parts of a compound of known words, each of at least
// minPart letters ("thunderstorms" → "thunder", "storm"; "staircase" →
// "stair", "case"; of two ways to split, one whose first part is no
// plural, then the one whose rarer part is the commoner), and the known
// base of a derivation ("forgery" → "forg").
func (lx *lexicon) related(word, stem string) []string {
	if lx == nil || lx.idf == nil {
		return nil
	}
	if out, ok := lx.forms[word]; ok {
		return out
	}
	out := lx.findRelated(word, stem)
	lx.forms[word] = out
	return out
}

// findRelated is related without the memo, for a caller that keeps what
// it needs of the answer itself (planTerms).
func (lx *lexicon) findRelated(word, stem string) []string {
	if lx == nil || lx.idf == nil {
		return nil
	}
	var out []string
	add := func(s string) {
		if s != stem && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	var best [2]string
	bestIDF := float32(0)
	for i := minPart; i <= len(word)-minPart; i++ {
		if !utf8.RuneStart(word[i]) {
			continue
		}
		// Stopwords are never known: "some" + "where" is no compound.
		a := stemOnce(word[:i])
		if !lx.known(a) {
			continue
		}
		b := stemOnce(word[i:])
		if !lx.known(b) {
			continue
		}
		// An English compound's first part is singular ("bookcase",
		// not "bookscase"): "grave"+"stone" before "graves"+"tone".
		w := max(lx.idf(a), lx.idf(b))
		if plural(word[:i]) {
			w += 1000
		}
		if best[0] == "" || w < bestIDF {
			best, bestIDF = [2]string{a, b}, w
		}
	}
	if best[0] != "" {
		add(best[0])
		add(best[1])
	}
	for _, r := range derivResidues {
		if base, ok := strings.CutSuffix(stem, r); ok && len(base) >= minPart && lx.known(base) {
			add(base)
		}
	}
	// An -er the stemmer keeps ("thatcher") is the doer of its base
	// ("thatch") when the book seldom or never uses the longer word: a
	// plan names the trade where the book said what he did. A word the
	// book uses often ("mother", "corner", "flower") is a word of its
	// own, whatever it ends in.
	if base, ok := strings.CutSuffix(stem, "er"); ok && len(base) >= minPart && lx.known(base) && lx.rare(stem) {
		add(base)
	}
	return out
}

// joined returns the known stem of two adjacent words written as one
// ("strong room" → "strongroom"), or "".
func (lx *lexicon) joined(prev, word string) string {
	if lx == nil || lx.idf == nil || prev == "" {
		return ""
	}
	if j := lx.stems.Stem(prev + word); lx.known(j) {
		return j
	}
	return ""
}

// stemOnce stems w without the memo: for a word planTerms reads once
// (it keeps what it needs of each word) and for a compound's parts, which
// seldom recur; a memo's insert costs about what the stem does.
func stemOnce(w string) string { return index.Stems(nil).Stem(w) }

// plural reports a word that looks like a plural: ending in "s" but not
// "ss" ("cross").
func plural(w string) bool { return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") }
