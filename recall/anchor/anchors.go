package anchor

import (
	"iter"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/storyd/storyd/index"
)

// Anchor kinds.
const (
	Owns     = "owns"
	Promised = "promised"
	Fears    = "fears"
	Cannot   = "cannot"
	Hid      = "hid"
	Knows    = "knows"
	Trait    = "trait"
	Is       = "is"
	Fact     = "fact" // an extracted fact no pattern classifies
	// Noted is a sentence whose subject is the entity and whose
	// verb no pattern knows ("Hale talked in her sleep", "Under Saltby ran
	// a tunnel"): kept, few per entity, ranked by how much they say.
	Noted = "noted"
)

// Anchor is one durable fact about an entity.
type Anchor struct {
	Entity string `json:"entity"` // character or location id
	Kind   string `json:"kind"`
	Text   string `json:"text"` // the sentence, on one line, at most MaxParaWords words (a Long one shown cut: CutLong)
	Seq    int    `json:"seq"`  // the scene that stated it; 0 = set by hand
	// Extracted is set when the fact came from an entity sheet's facts.
	Extracted bool `json:"extracted,omitempty"`
	// Alone is set on a noted anchor no shape read, a sentence naming
	// the entity alone (alone): the store bounds those apart.
	Alone bool `json:"alone,omitempty"`
	// Para is set on an Alone anchor that is a paragraph's sentences no
	// anchor took, the paragraph naming the entity alone
	// (paragraphAnchor): up to MaxParaWords, bounded apart again.
	Para bool `json:"para,omitempty"`
	// Long is set on a sentence past MaxWords kept to MaxParaWords
	// (anchorText): recall shows it whole for an entity little is known
	// of, else its first MaxWords words (CutLong).
	Long bool `json:"long,omitempty"`
	// Own is the anchor's own sentence when Text holds the paragraph's
	// sentences no anchor took joined to it (goesOnWith): the plan's words
	// point at the sentence the rules read, not at the words beside it.
	Own string `json:"own,omitempty"`
	// Last is the newest scene that restated the fact or whose pack used it.
	Last int `json:"last"`
	// Uses counts the writer packs the anchor went into, plus restatements.
	Uses int `json:"uses,omitempty"`
}

// Entity is what anchor detection needs of a character or location.
type Entity struct {
	ID    string
	Names []string
	Place bool
	// Pronoun is "he" or "she" when the names say ("Mrs. Ashby",
	// "Colonel Brandt"), else "": then either stands for the character.
	Pronoun string
}

// honorifics say a character's pronoun.
var honorifics = map[string]string{
	"mr": "he", "sir": "he", "lord": "he", "colonel": "he", "captain": "he", "major": "he", "father": "he", "uncle": "he", "king": "he", "prince": "he",
	"mrs": "she", "miss": "she", "lady": "she", "madame": "she", "mother": "she", "aunt": "she", "queen": "she", "princess": "she",
}

// PronounOf returns the pronoun a character's names say by their
// honorifics, "" when they say none or both.
func PronounOf(names []string) string {
	got := ""
	for _, n := range names {
		ws := Words(n)
		if len(ws) < 2 {
			continue
		}
		if p := honorifics[ws[0]]; p != "" {
			if got != "" && got != p {
				return ""
			}
			got = p
		}
	}
	return got
}

const (
	// MaxWords bounds an anchor's text: a fact, not a passage.
	MaxWords = 45
	// subjectWithin is how far into a sentence its subject may start
	// ("At Wexcombe", "Old Colonel Brandt").
	subjectWithin = 3
	// relationWithin is how many words after the subject the relation
	// word may start: it must be the subject's own verb, not a clause's.
	relationWithin = 6
	// nameVerbWithin is how many words after a name further into a
	// sentence its relation word may start.
	nameVerbWithin = 2
	// notedMinWords is the fewest words of a noted anchor: shorter
	// sentences say little ("Hale nodded.").
	notedMinWords = 6
	// maxNameWords is the most words a name is looked for in after "by".
	maxNameWords = 4
	// maxHiddenInWords is how far after a hiding participle the owner of
	// the thing it is hidden in may be named (hiddenIn).
	maxHiddenInWords = 8
	// MaxParaWords bounds a paragraph's anchor (paragraphAnchor), a
	// sentence's (anchorText) and sentences joined to an anchor
	// (goesOnWith): the fact may be anywhere in them, the last words as
	// likely as the first; recall shows them whole (a Long one only for
	// an entity little is known of), at two slots' cost.
	MaxParaWords = 2 * MaxWords
	// MaxNotedWords is the longest noted sentence that comes unpointed
	// (recall's picker): a fact is said briefly; a long sentence is
	// narration, at twice the cost.
	MaxNotedWords = 30
	// minAloneTerms is the fewest content words, names left out, of a
	// sentence read as about the one entity it names (alone): a fact
	// takes a few ("Clerval could not read music, though he sang every
	// evening" has four); a passing mention says less ("Nobody could say
	// what Hale would think of it").
	minAloneTerms = 4
	// maxLeadingClause is the longest clause before a comma that a
	// sentence's subject may follow.
	maxLeadingClause = 12
)

// Cut marks where CapWords cut a text short, or anchorText cut the words
// before the fact's clause.
const Cut = "…"

// anchorRelation is a pattern that makes a sentence an anchor of its
// subject. Patterns run on lower-case text after the subject's name.
type anchorRelation struct {
	kind   string
	re     *regexp.Regexp
	places bool // applies to places (else to characters)
}

// momentGroup reports whether the pattern's second group, when it
// matches, makes the match a moment, not the fact ("could not help", "was
// a little surprised").
func (r anchorRelation) momentGroup() bool { return r.kind == Cannot || (r.kind == Is && !r.places) }

var anchorRelations = []anchorRelation{
	{Owns, regexp.MustCompile(`\b(owned|owns|possessed|possesses|carried|carries|wore|wears|inherited|treasured|treasures|prized|(kept|keeps) an?|possessions? (was|is|were))\b`), false},
	// What one is never seen without is one's own: "never went anywhere
	// without his spyglass", "never stirs out without her keys".
	{Owns, regexp.MustCompile(`\bnever (?:[a-z]+ ){1,3}without (?:his|her|their)\b`), false},
	// A promise made as it is said: "I promise", "I hereby swear".
	{Promised, regexp.MustCompile(`^(?:hereby |solemnly |faithfully )?(promise|swear|vow)\b`), false},
	{Promised, regexp.MustCompile(`\b(promised|promises|swore|swears|sworn|vowed|vows|pledged|(give|gives|gave|given) (you )?(my|his|her|their) word|(promise|vow|oath) (to|that|was|of)|made (a|an|the) (promise|vow|oath)|took an oath)\b`), false},
	// A promise in reported speech: "had told the curate's wife she would
	// copy out the register", "assured him that he should have it".
	{Promised, regexp.MustCompile(`\b(?:told|assured) (?:[a-z']+ ){1,4}(?:that )?(?:he|she|they) (?:would|should)\b`), false},
	{Fears, regexp.MustCompile(`\b(afraid of|terrified of|frightened of|scared of|feared|fears|dreaded|dreads|(horror|terror|dread|fear) of|(greatest|worst|only|one|deepest|secret|old) (fear|terror|dread))\b`), false},
	// An inability, not a moment's response: "could not swim", not "could
	// not refuse", "could not yet recover", "could not see Lady Catherine
	// without" (the second group, a response or perception in the moment,
	// rules the sentence out).
	{Cannot, regexp.MustCompile(`\b(could not|couldn't|cannot|can't|was unable to|is unable to|never learned to)\b(?: (help|but|have|be|yet|refuse|oppose|resist|repress|suppress|return|receive|tell|say|answer|reply|see|recover|forbear|deny|conceal|hide|believe|imagine|comprehend|understand|account|wait|come|leave|stay|forget|recollect|express|avoid|prevent)\b)?`), false},
	// "Could not tell" is a moment ("could not tell what she meant") but
	// telling one thing from another is a skill ("could not tell the
	// twins apart", "… tell one hymn from another").
	{Cannot, regexp.MustCompile(`\b(?:could not|couldn't|cannot|can't|was unable to|is unable to|never learned to) tell (?:[a-z']+ ){1,3}(?:from|apart)\b`), false},
	// A sense that fails, said in the present, is a condition, not a
	// moment ("can't see a yard beyond his nose", "cannot hear without
	// her trumpet"); "could not see beyond the fog" is the moment the
	// first pattern turns down.
	{Cannot, regexp.MustCompile(`\b(?:cannot|can't|is unable to) (?:see|hear) (?:[a-z']+ ){0,3}(?:beyond|without|further|farther|more than)\b`), false},
	{Hid, regexp.MustCompile(`\b(hid|hides|had hidden|has hidden|concealed|conceals|buried|buries|stashed|stowed|secreted|sewed|sewn|tucked|locked away|walled up)\b`), false},
	// Put where no one will look is hidden: "I have put the deeds where
	// my uncle will never think to look", "placed it where nobody would
	// ever find it"; not "put up at an inn where nobody knew him", "put
	// the letter where he would see it".
	{Hid, regexp.MustCompile(`\b(?:put|placed) (?:[a-z']+ ){1,4}where (?:(?:no one|nobody) (?:will|would|could|can)|[a-z']+(?: [a-z']+)? (?:will|would|could|can) never)\b`), false},
	{Knows, regexp.MustCompile(`\b((knew|knows) (that|the|where|who|why|how|what)|had learned|has learned|had discovered|discovered that|found out that|told no one|never told|(kept|keeps) (a|the|his|her|their) secret|secret (was|is|that)|secretly|alone knew)\b`), false},
	// A habit: "never lied", "always counts the stairs", "would never
	// lie", "will never" (a speaker's "I"), right after the subject, and the word after a content word:
	// "had never met", "could never address", "never been" say what
	// happened once, not what the character does.
	{Trait, regexp.MustCompile(`^(?:would |will |shall )?(never|always|habitually|invariably) ([a-z]+)\b`), false},
	{Trait, regexp.MustCompile(`\b(?:habit|custom) of\b`), false},
	// What a character is, as the book describes him: "Mrs. Gardiner was
	// an amiable, intelligent woman", "Her one extravagance was a music
	// box"; not a degree or a while ("was a little surprised", "was a
	// great deal", "was a moment silent").
	{Is, regexp.MustCompile(`\b((?:was|is) (?:a|an|one of))\b(?: (little|good|great|few|moment|bit|long|short|very|most|quarter|half|while)\b)?`), false},
	{Hid, regexp.MustCompile(`\b(hid|hides|had hidden|concealed|conceals)\b`), true},
	// What a place holds is what it is: "Rosings had a long gallery",
	// "the churchyard held the grave of a highwayman".
	{Is, regexp.MustCompile(`\b((was|is|had been) (a|an|the|where|once|home|built|crowned|known|said)|lay|lies|stood|stands|(had|has|held|holds|contained|contains|housed|houses) (a|an|the|its))\b`), true},
}

// anchorPronouns stand for the paragraph's last character named ("he",
// "she", "his", "her", of the gender PronounOf gives) or place ("it",
// "its": "Saltby lies east of the town. It hid a smugglers' road.").
var anchorPronouns = map[string]standsFor{"he": {gender: "he"}, "his": {gender: "he"}, "she": {gender: "she"}, "her": {gender: "she"},
	"him": {gender: "he"}, "himself": {gender: "he"}, "hers": {gender: "she"}, "herself": {gender: "she"},
	"it": {place: true}, "its": {place: true}}

// standsFor is what kind of entity a pronoun stands for.
type standsFor struct {
	place  bool
	gender string // a character's: "he" or "she"
}

// Find returns the anchors stated in a scene's prose, in order.
// A sentence is about an entity when it names it (as subject, possessor
// or anywhere, the relation following the name), when it opens with a
// pronoun standing for the paragraph's last character or place named
// ("He", "His", "It", "Its"), or when it is a line of dialogue whose
// speech tag names the speaker and whose "I" states the fact ("'I will
// never set foot on a boat,' said Hale"). It is an anchor when a relation
// pattern follows (anchorRelations), or when it states a fact in the
// passive about a character (passiveAnchor).
func Find(seq int, body string, ents []Entity) []Anchor { return find(seq, body, ents, false) }

// FindWithParagraphs is Find and, after each paragraph's anchors, its
// paragraph anchor (paragraphAnchor) when it has one, else its sentences
// no anchor took joined to its anchors (goesOnWith): the reading the
// anchor store keeps. Find is the sentence rules alone, which their tests
// read.
func FindWithParagraphs(seq int, body string, ents []Entity) []Anchor {
	return find(seq, body, ents, true)
}

func find(seq int, body string, ents []Entity, paras bool) []Anchor {
	m := NewMatcher(ents)
	var out []Anchor
	for _, para := range index.Paragraphs(body) {
		c := anchorContext{m: m, ents: ents, lastChar: -1, lastPlace: -1, speaker: -1, topic: -1, introduced: -1, about: -1}
		prev := -1 // the previous sentence's anchor in out, or -1
		last := "" // the sentence before
		sents := tagsJoined(index.Sentences(para))
		c.signer = signature(m, ents, sents)
		from := len(out)
		var unread []unreadSentence // the sentences no anchor took
		for _, s := range sents {
			prevPlace := c.lastPlace
			words := m.sentenceWords(s)
			subj, kind := c.sentence(s, words)
			also := c.reported(s, words, subj)
			if e := c.whoseAnswer(last, s); kind == "" && e >= 0 {
				subj, kind, s = e, Owns, last+" "+s
			}
			last = s
			switch {
			case prev >= 0 && (kind == "" || (c.unread && ents[subj].ID == out[prev].Entity)) && c.describesOwned(out[prev], prevPlace, s):
				out[prev].Text += " " + strings.Join(strings.Fields(s), " ")
			case kind == "" || (c.goesOn && (prev < 0 || out[prev].Entity != ents[subj].ID ||
				len(strings.Fields(out[prev].Text))+len(strings.Fields(s)) > MaxWords)):
				prev = -1
				unread = append(unread, unreadSentence{s, len(out)})
			case c.goesOn, prev >= 0 && joinsNoted(out[prev], ents[subj].ID, kind, s):
				// A line going on with its speaker's anchor joins it; so do
				// two noted sentences in a row about one entity, one
				// statement, the second going on with the first ("Lessing
				// laughed at most dangers. Small rooms were another matter:
				// he would …"): kept apart, the first alone takes the
				// entity's one free slot and says half of it.
				out[prev].Text += " " + strings.Join(strings.Fields(s), " ")
			default:
				text, long := c.anchorText(s, subj, kind == Noted && c.unread)
				out = append(out, Anchor{Entity: ents[subj].ID, Kind: kind, Text: text, Long: long, Seq: seq, Last: seq, Alone: c.unread})
				prev = len(out) - 1
			}
			if also >= 0 {
				text, _ := c.anchorText(s, also, true)
				out = append(out, Anchor{Entity: ents[also].ID, Kind: Noted, Text: text, Seq: seq, Last: seq, Alone: true})
			}
		}
		if !paras {
			continue
		}
		if x, ok := paragraphAnchor(m, ents, para, unread, out[from:]); ok {
			x.Seq, x.Last = seq, seq
			out = append(out, x)
		} else {
			goesOnWith(m, ents, para, unread, out, from)
		}
	}
	return out
}

// paragraphAnchor is what a paragraph naming one entity and no other says
// of it beyond the anchors its sentences made: its sentences no anchor
// took, whatever their shape (a deposition "by order of her master Eldred
// Ottery", a will "I, Nahum Birtwistle, …", a list of orders under the
// name, the thought after "thought Blodwen Wainwright"), one noted anchor
// of the entity (Para), up to MaxParaWords. None when the unread
// sentences say little (minAloneTerms), or the paragraph's anchors are
// another's.
func paragraphAnchor(m Matcher, ents []Entity, para string, unread []unreadSentence, made []Anchor) (Anchor, bool) {
	// One sentence left beside the paragraph's own anchors goes on with
	// them (goesOnWith): it is theirs to tell, not a paragraph's.
	if len(unread) == 0 || (len(unread) == 1 && len(made) > 0) {
		return Anchor{}, false
	}
	id, ok := aboutOne(m, ents, para, made)
	if !ok {
		return Anchor{}, false
	}
	var texts []string
	for _, u := range unread {
		texts = append(texts, u.text)
	}
	text := strings.Join(strings.Fields(strings.Join(texts, " ")), " ")
	if len(index.Terms(m.Without(text), nil)) < minAloneTerms {
		return Anchor{}, false
	}
	return Anchor{Entity: id, Kind: Noted, Text: CapWords(text, MaxParaWords), Alone: true, Para: true}, true
}

// unreadSentence is a sentence no anchor took, and where it was read:
// after is how many anchors the scene had then (the one before it is
// after-1).
type unreadSentence struct {
	text  string
	after int
}

// aboutOne returns the entity a paragraph is about when it names that one
// and no other, and every anchor made of its sentences is that entity's.
func aboutOne(m Matcher, ents []Entity, para string, made []Anchor) (string, bool) {
	named := m.All(m.sentenceWords(para))
	if len(named) != 1 || slices.ContainsFunc(made, func(x Anchor) bool { return x.Entity != ents[named[0]].ID }) {
		return "", false
	}
	return ents[named[0]].ID, true
}

// goesOnWith joins the sentences no anchor took, of a paragraph about one
// entity that makes no paragraph anchor of them (one sentence, or too few
// words), to the paragraph's noted anchors of it: each to the anchor
// before it, else to the first after it ("The card … said: WANTED, a
// cook-housekeeper for Mr. Idwal Gummow. No feather beds …; the gentleman
// cannot be in a room with a feather in it", "Trebilcock had nothing. A
// bed, a chair, and a Stradivarius. Nobody in Falmouth knew what the
// fiddle was worth …"). The paragraph tells one thing of one entity, and
// its plainest sentences carry it; the plan's words point at the anchor
// by its own sentence (Own) still. Not past MaxParaWords, nor to a cut
// or Long anchor; a shape's anchor so joined is Long ("Brandt feared one
// thing. Thunder.").
func goesOnWith(m Matcher, ents []Entity, para string, unread []unreadSentence, out []Anchor, from int) {
	if len(unread) == 0 || from == len(out) {
		return
	}
	id, ok := aboutOne(m, ents, para, out[from:])
	if !ok {
		return
	}
	before := map[int][]string{} // by anchor, the sentences joined before its own
	after := map[int][]string{}
	for _, u := range unread {
		if u.after > from {
			after[u.after-1] = append(after[u.after-1], u.text)
		} else {
			before[from] = append(before[from], u.text)
		}
	}
	for i := from; i < len(out); i++ {
		if out[i].Entity != id || strings.Contains(out[i].Text, Cut) || out[i].Long || (len(before[i]) == 0 && len(after[i]) == 0) {
			continue
		}
		text := strings.Join(strings.Fields(strings.Join(slices.Concat(before[i], []string{out[i].Text}, after[i]), " ")), " ")
		if len(strings.Fields(text)) <= MaxParaWords {
			out[i].Own, out[i].Text = out[i].Text, text
			// A shape's anchor with the sentences joined to it is Long:
			// its sentence alone for an entity much is known of (joined
			// to a main character's fears and promises, the corpus's
			// paragraphs filled the pack), joined for one little is.
			out[i].Long = out[i].Kind != Noted
		}
	}
}

// anchorText is sentence s as entity e's anchor: s, kept to
// MaxParaWords: the fact a long sentence states is as likely after its
// circumstances as before them ("Though he had faced a French broadside
// …, Hilarion Blamey … sat out every storm in the coal cellar"; "Deborah
// Gambier had buried two husbands and a son, … and in all that time
// nobody had seen her weep"). A sentence read alone when whole (about the
// one entity it names, no shape reading it) is shown so; a shape's or a
// subject's past MaxWords is Long (long true), shown whole only for an
// entity little is known of (recall): the book's long narration about its
// main characters is mostly these, and whole they filled the pack
// (RECALL.md, sections "recall12" and "recall13"). A
// sentence of narration too long for one that reports a fact of e in a
// clause, "that" and e opening it, keeps that clause from "that" on ("The
// rector, who had been at Oxford with him …, said that Melchior Wickstead
// had never been punctual …", "It was well known in Penzance that Alaric
// Penhaligon had left orders …"): the words before it are whose report it
// is, and cut at MaxWords they would push out the fact; a clause past
// MaxWords is Long as a sentence is, whoever's. e opens it by a
// name, or, the one character s names, as "the girl", "the old man" …
// (personNouns) of e's gender ("… her aunt whispered to the stranger that
// the girl had not forgotten a face …").
func (c *anchorContext) anchorText(s string, e int, whole bool) (text string, long bool) {
	if n := len(strings.Fields(s)); n <= MaxWords || strings.ContainsAny(s, "\"“”") {
		return CapWords(s, MaxParaWords), !whole && n > MaxWords
	}
	from := -1
	at := func(i int) {
		if i >= 0 && (from < 0 || i+1 < from) {
			from = i + 1
		}
	}
	for _, name := range c.ents[e].Names {
		at(strings.Index(s, " that "+name+" "))
	}
	if g := c.ents[e].Pronoun; g != "" && len(c.m.All(c.m.sentenceWords(s))) == 1 {
		for noun, of := range personNouns {
			if of == g {
				at(strings.Index(s, " that the "+noun+" "))
				at(strings.Index(s, " that the old "+noun+" "))
			}
		}
	}
	if from < 0 || len(strings.Fields(s[from:])) < notedMinWords {
		return CapWords(s, MaxParaWords), !whole
	}
	clause := Cut + " " + CapWords(s[from:], MaxParaWords-1)
	return clause, len(strings.Fields(clause)) > MaxWords
}

// CutLong is what recall shows of a Long anchor for an entity much is
// known of: a shape's own sentence without those joined to it
// (goesOnWith), else its first MaxWords words, as anchorText cut every
// long sentence before.
func CutLong(x Anchor) string {
	switch {
	case !x.Long:
		return x.Text
	case x.Own != "":
		return x.Own
	}
	return CapWords(x.Text, MaxWords)
}

// personNouns are what a sentence may call a character it names once
// already, by gender.
var personNouns = map[string]string{"girl": "she", "woman": "she", "lady": "she", "widow": "she",
	"boy": "he", "man": "he", "gentleman": "he", "lad": "he", "fellow": "he"}

// signature returns the character who signs a paragraph that is a
// letter, its last sentence a closing formula and his name ("Your
// affectionate godmother, Theodosia Rokeby."): the one named, last, after
// at most maxSignatureWords words, "your" or "yours" among them. -1 when
// it is none.
func signature(m Matcher, ents []Entity, sents []string) int {
	if len(sents) < 2 {
		return -1
	}
	words := m.sentenceWords(sents[len(sents)-1])
	e, at, end := m.first(words)
	if e < 0 || ents[e].Place || end != len(words) || at > maxSignatureWords ||
		!slices.ContainsFunc(words[:at], func(w string) bool { return w == "your" || w == "yours" }) {
		return -1
	}
	return e
}

// maxSignatureWords is the longest closing formula before a letter's
// signature ("Believe me ever yours most sincerely").
const maxSignatureWords = 6

// whoseAnswer returns the character a line answers "whose" with, the
// line only his name's possessive ("'Whose is the grey mare?' the ostler
// asked. 'Mr. Robinson's,' said the boy."): the thing asked about in the
// question before it is his. -1 when the line is no such answer.
func (c *anchorContext) whoseAnswer(question, s string) int {
	if !strings.Contains(question, "?") || !slices.Contains(Words(question), "whose") {
		return -1
	}
	i := strings.IndexAny(s, "\"“")
	if i < 0 {
		return -1
	}
	q, _, _ := strings.Cut(s[i+1:], "\"")
	q, _, _ = strings.Cut(q, "”")
	words := c.m.sentenceWords(q)
	e, at, end := c.m.first(words)
	if e < 0 || at != 0 || end != len(words) || c.ents[e].Place || !strings.HasSuffix(words[end-1], "'s") {
		return -1
	}
	return e
}

// describesOwned reports whether sentence s, read as no anchor or as
// the same entity's alone, goes on describing the thing the owns or hid
// anchor a before it names ("Outhwaite never went anywhere without his
// spyglass. It had been made in Rotterdam, and its brass barrel was
// dented …", "Something was sewn into the hem of Tryphena's cloak … It
// was her marriage lines"): it opens with "it" or "its", the sentence
// before named no place it could stand for, and together they fit one
// anchor (MaxWords).
func (c *anchorContext) describesOwned(a Anchor, prevPlace int, s string) bool {
	ws := Words(s)
	if (a.Kind != Owns && a.Kind != Hid) || prevPlace >= 0 || len(ws) == 0 || (ws[0] != "it" && ws[0] != "its") ||
		len(strings.Fields(a.Text))+len(ws) > MaxWords {
		return false
	}
	return !slices.ContainsFunc(c.m.All(c.m.sentenceWords(a.Text)), func(e int) bool { return c.ents[e].Place })
}

// joinsNoted reports whether sentence s, a noted anchor of entity id,
// goes on with the noted anchor a of the sentence before it: the same
// entity, and together short enough to come unpointed (MaxNotedWords).
func joinsNoted(a Anchor, id, kind, s string) bool {
	return a.Kind == Noted && kind == Noted && a.Entity == id &&
		len(strings.Fields(a.Text))+len(strings.Fields(s)) <= MaxNotedWords
}

// anchorContext is what a paragraph's earlier sentences say about its
// next one: the last character and place named or stood for, and whether
// a quotation is open.
type anchorContext struct {
	m                   Matcher
	ents                []Entity
	lastChar, lastPlace int
	quoted              bool
	speaker             int // the speaker of the previous sentence, when a tag named one
	// topic is the place the previous sentence was about (its subject)
	// when it named no character, or -1.
	topic int
	// introduced is the character the previous sentence introduced
	// ("The new surgeon was Rufus Kinnear."), or -1.
	introduced int
	// goesOn is set when the sentence goes on with its speaker's line
	// before it, inside the same quotation: it joins that line's anchor
	// or is none.
	goesOn bool
	// unread is set when no shape read the sentence, only alone.
	unread bool
	// about is the character a speech no known speaker says was last
	// about, while its lines follow one another ("'It's Dawson's. A red
	// velvet strawberry her mother worked for her …'"): its pronouns
	// stand for him though a line naming no one came between. -1 for
	// none.
	about int
	// signer is the character who signs the letter the paragraph is
	// (signature), or -1: its "I" is his.
	signer int
	// unknownLine is set while reading a line no known speaker says: its
	// "you" is the listener, not another subject (another).
	unknownLine bool
	// unknownSaid is set when the sentence was a line no known speaker
	// says, unknownBefore when the sentence before was (moveOn): a
	// quotation opening again right after it in the same paragraph is the
	// same speaker going on ("'…,' said his sister. 'He can't see …'").
	unknownSaid, unknownBefore bool
}

// sentence returns the entity a sentence (its words, sentenceWords)
// states a fact about and the fact's kind, or -1 and "", and moves the
// context past it.
func (c *anchorContext) sentence(s string, words []string) (int, string) {
	quotedBefore := c.quoted
	speech := c.quoted || strings.ContainsAny(s, "\"“”")
	c.quoted = stillQuoted(c.quoted, s)
	prev := c.moveOn()
	if speech {
		return c.speech(s, words, quotedBefore, prev.speaker, prev.char, prev.place)
	}
	if !isTag(words) {
		c.about = -1 // narration ends an unknown speaker's speech; its tag ("Kitty asked.") does not
	}
	if c.signer >= 0 && slices.ContainsFunc(words, firstPersonWord) {
		return c.speakerLine(s, words, c.signer, prev.char)
	}
	short := len(words) < 4 // too short to state a fact, not to name who "He" is
	lead := leadingClause(s)
	subj, kind, opener, clause := c.namedSubject(words, lead, short)
	if short {
		return -1, ""
	}
	if kind == "" {
		subj, kind, opener = c.otherShapes(s, words, lead, opener, prev)
	}
	if opener < 0 {
		opener = c.unnamedSubject(words, clause, prev.place, prev.topic)
		if kind == "" && opener >= 0 && opener == clause && !c.ents[opener].Place {
			// The subject of a reported clause, as of the sentence ("It
			// was well known that Penhaligon had left orders …, for there
			// was nothing he dreaded so much as …").
			if k := c.clausePronoun(words, opener); k != "" {
				subj, kind = opener, k
			}
		}
	}
	if opener >= 0 && c.ents[opener].Place && !slices.ContainsFunc(c.m.All(words), func(e int) bool { return !c.ents[e].Place }) {
		c.topic = opener
	}
	if kind == "" && opener >= 0 && len(words) >= notedMinWords && (opener == prev.intro || !momentary.MatchString(strings.Join(words, " "))) {
		subj, kind = opener, Noted
	}
	if kind == "" {
		subj, kind = c.alone(s, words, -1, prev.char)
	}
	if kind == "" {
		return -1, ""
	}
	c.remember(subj)
	return subj, kind
}

// before is what the sentence before says for the next one: the last
// character and place it named or stood for (a pronoun stands for
// them), its speaker, the place it was about (topic) and the character
// it introduced; each -1 for none.
type before struct{ char, place, speaker, topic, intro int }

// moveOn returns what the sentence before says and clears it for what
// this one will.
func (c *anchorContext) moveOn() before {
	b := before{char: c.lastChar, place: c.lastPlace, speaker: c.speaker, topic: c.topic, intro: c.introduced}
	c.lastChar, c.lastPlace, c.speaker, c.topic, c.introduced = -1, -1, -1, -1, -1
	c.goesOn, c.unread = false, false
	c.unknownBefore, c.unknownSaid = c.unknownSaid, false
	return b
}

// namedSubject reads a sentence of narration by the entities it names,
// each in turn (and remembered for the next sentence's pronouns) until
// one is the subject of a relation (relationAfter) or a habit no one ever
// saw (neverSeen): that one and the fact's kind, else -1 and "". opener
// is the named entity that opens the sentence or its clause after a
// short opening one (lead), clause the subject of a clause further in;
// -1 for none. A short sentence states no fact.
func (c *anchorContext) namedSubject(words []string, lead int, short bool) (subj int, kind string, opener, clause int) {
	subj, opener, clause = -1, -1, -1
	for n := range c.m.names(words) {
		e, at, end := n.ent, n.at, n.end
		// A subject opens the sentence or its clause after a short
		// opening one; a name further in is the subject of what follows
		// it only when its verb comes next ("… knew that Hale had sworn").
		reach := relationWithin
		// A name that ends the sentence is no subject ("She said so to
		// her friend, Miss Lucas.").
		if opener < 0 && end < len(words) && (at < subjectWithin || (at >= lead && at < lead+subjectWithin) || (!c.ents[e].Place && afterPhrase(words, at))) {
			opener = e
		}
		if clause < 0 && at > 0 && end < len(words) && finiteVerb(words[end]) &&
			(clauseOpeners[words[at-1]] || (c.ents[e].Place && locatives[words[at-1]] && !slices.ContainsFunc(words[:at], finiteVerb))) {
			// "few guessed that Winifred Pargeter had lost …"; "The
			// portrait on the great stair at Rosings was not …": a place
			// in the subject is what the sentence describes.
			clause = e
		}
		if at >= subjectWithin && (at < lead || at >= lead+subjectWithin) {
			reach = nameVerbWithin
			if end < len(words) && personal[words[end]] {
				reach = 0 // "in my Hester I possessed": the verb is another's
			}
		}
		if k := relationAfter(c.ents[e].Place, c.ownClause(words, end), end, reach); k != "" && !short {
			subj, kind = e, k
		} else if !short && !c.ents[e].Place && neverSeen(words, at, end) {
			subj, kind = e, Trait
		}
		c.remember(e)
		if kind != "" {
			break
		}
	}
	return subj, kind, opener, clause
}

// otherShapes reads a sentence of narration whose names read as no
// subject of a relation by the other shapes, in turn: a clause with a
// pronoun for its opener (clausePronoun), a parenthetical, "There was …
// at <place>", an opening pronoun (which opens it when no name did), a
// fact in the passive. It returns the entity and the fact's kind (-1 and
// "" for none), and the sentence's opener.
func (c *anchorContext) otherShapes(s string, words []string, lead, opener int, prev before) (int, string, int) {
	// What the next sentence says of a newcomer is what he is, its
	// "never" no moment (momentary, in sentence).
	c.introduced = c.introduces(words)
	if opener >= 0 && !c.ents[opener].Place {
		if k := c.clausePronoun(words, opener); k != "" {
			return opener, k, opener
		}
	}
	if e, k := c.parenthetical(s); k != "" {
		return e, k, opener
	}
	if e, k := c.existential(s, words); k != "" {
		return e, k, opener
	}
	if e, k := c.openingPronoun(words, lead, prev.char, prev.place); e >= 0 {
		if opener < 0 {
			opener = e
		}
		if k != "" {
			return e, k, opener
		}
	}
	e, k := passiveAnchor(c.m, c.ents, words)
	return e, k, opener
}

// alone is the reading of a sentence no shape above read: when it names
// one entity and no other, or, naming none, has a pronoun standing for
// the previous sentence's character, the sentence is about that entity
// whatever its shape ("… had been left to Mr. Jones by a grateful
// patient", "Yet she had written every one of the letters"), a noted
// anchor, provided it says enough beyond the name (minAloneTerms; a name
// in a clause set off by commas in its middle does not count), holds
// no moment (passing) and has no other subject before the name. speaker
// is a line's speaker, or -1 for narration and for a line no known
// speaker says: a line may name its speaker, or one other when the
// speaker does not speak of himself. The store bounds these apart
// (recall.maxAlone), so the book's many such sentences never take the
// places of those a shape read.
func (c *anchorContext) alone(s string, words []string, speaker, prevChar int) (int, string) {
	if len(words) < notedMinWords {
		return -1, ""
	}
	e := speaker
	named := slices.DeleteFunc(c.m.All(words), func(x int) bool { return x == speaker })
	if len(named) > 1 && speaker < 0 && !strings.ContainsAny(s, "\"“”") {
		named = c.m.All(c.m.sentenceWords(withoutAside(s)))
	}
	switch {
	case len(named) == 1 && (speaker < 0 || !slices.ContainsFunc(words, firstPersonWord)):
		// One named in another's line is whom it is about ("'Hester
		// cannot abide cats,' said Brandt"), unless the speaker speaks
		// of himself too.
		// Another subject's pronoun before the name in its clause makes
		// it another's sentence ("We visited … the collections at
		// Chamounix"); one in a clause a colon or semicolon closed does
		// not ("… but she knew: Ebenezer Mabey rolled his banknotes …").
		cw := c.clauseOf(s, named[0])
		if at := c.at(cw, named[0]); speaker < 0 && slices.ContainsFunc(cw[:at], func(w string) bool { return c.another(w, named[0]) }) {
			return -1, ""
		}
		e = named[0]
	case len(named) > 0:
		return -1, ""
	case speaker < 0 && prevChar >= 0 && slices.ContainsFunc(words, func(w string) bool { return !anchorPronouns[w].place && isPronounFor(w, prevChar, c.ents) }):
		e = prevChar
	}
	line := strings.Join(words, " ")
	if e < 0 || c.saysLittle(line) || passing(line) {
		return -1, ""
	}
	c.unread = true
	return e, Noted
}

// clauseOf returns the words of the clause of s, as a colon or semicolon
// ends one, that entity e opens as its subject ("… she knew: Ebenezer
// Mabey rolled …"); all of s's when none does: a name further into a
// clause may follow its subject ("…; and in seeking a reconciliation
// with the Longbourn family he had a wife in view").
func (c *anchorContext) clauseOf(s string, e int) []string {
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == ';' }) {
		if ws := c.m.sentenceWords(part); c.at(ws, e) < subjectWithin {
			return ws
		}
	}
	return c.m.sentenceWords(s)
}

// saysLittle reports whether a sentence (its words joined) says less
// than a fact takes beyond the names in it: fewer than minAloneTerms
// content words.
func (c *anchorContext) saysLittle(line string) bool {
	return len(index.Terms(c.m.Without(line), nil)) < minAloneTerms
}

// another reports whether w, a word before entity e's name, is another
// subject's pronoun, making the sentence that one's: "we", "I", "you",
// any before a place ("They visited … Chamounix"), and before a character
// one that cannot stand for him; "she" may ("Though she had kept a
// lodging-house …, Mrs. Younge was …"), and so may "they", others doing
// something to the character ("they had taught Rhoda French").
func (c *anchorContext) another(w string, e int) bool {
	if !personal[w] || w == "it" {
		return false
	}
	switch {
	case c.ents[e].Place:
		return true
	case w == "they":
		return false
	case w == "he" || w == "she":
		return !isPronounFor(w, e, c.ents)
	case w == "you" && c.unknownLine:
		// An unknown speaker's listener is told of the one named ("'You
		// will know Hephzibah Wych by her humming,' said the organist").
		return false
	}
	return true // "i", "we", "you"
}

// openingPronoun returns the entity a pronoun opening the sentence, or
// its clause after a short opening one, stands for ("Small rooms were
// another matter: he would …"), and the kind of fact its verb states
// ("" for none); -1 when no pronoun opens it.
func (c *anchorContext) openingPronoun(words []string, lead, prevChar, prevPlace int) (int, string) {
	for _, at := range []int{0, lead} {
		if at >= len(words) {
			break
		}
		if e := c.pronoun(words[at], prevChar, prevPlace); e >= 0 {
			return e, relationAfter(c.ents[e].Place, words, at+1, relationWithin)
		}
	}
	return -1, ""
}

// ownClause returns words up to the next entity named from words[from]
// on as the subject of its own verb: what follows it is that entity's,
// not the sentence's subject's ("Hester said that Darcy could not
// dance", "According to Hester, Darcy could not dance").
func (c *anchorContext) ownClause(words []string, from int) []string {
	for n := range c.m.names(words[from:]) {
		if end := from + n.end; end < len(words) && clauseVerb(words[end]) {
			return words[:from+n.at]
		}
	}
	return words
}

// reported returns the entity a clause reported in a sentence of
// narration is about, another than the sentence's subject (subj, or -1):
// the one entity named in the clause after "that", as its subject, its
// verb after it ("Darcy told Hester that Mrs. Pell kept a pistol in her
// workbasket", "Hester swore to the vicar that Brandt had never learned
// his letters"); -1 when none. The sentence states a fact about both.
func (c *anchorContext) reported(s string, words []string, subj int) int {
	if strings.ContainsAny(s, "\"“”") {
		return -1
	}
	for i := 1; i < len(words); i++ {
		if words[i-1] != "that" {
			continue
		}
		e, at, end := c.m.first(words[i:])
		if e < 0 || at != 0 || e == subj || i+end >= len(words) || !clauseVerb(words[i+end]) {
			continue
		}
		if len(c.m.All(words[i:])) != 1 || c.saysLittle(strings.Join(words, " ")) {
			return -1
		}
		return e
	}
	return -1
}

// at returns where entity e is first named in words (len(words) if not).
func (c *anchorContext) at(words []string, e int) int {
	for n := range c.m.names(words) {
		if n.ent == e {
			return n.at
		}
	}
	return len(words)
}

// withoutAside returns narration s without a clause set off by commas in
// its middle: a name there is not what the sentence is about ("Not once,
// in all the years Hester knew her, did Mrs. Pell speak of her first
// husband").
func withoutAside(s string) string {
	i := strings.IndexByte(s, ',')
	j := strings.LastIndexByte(s, ',')
	if i < 0 || j <= i {
		return s
	}
	return s[:i] + s[j:]
}

// passing reports whether a line holds what the relation patterns turn
// down as a moment ("could not refuse", "could not help laughing", "was a
// little surprised"): no fact of anyone's, however much else it says.
func passing(line string) bool {
	for _, r := range anchorRelations {
		if r.momentGroup() {
			for _, loc := range r.re.FindAllStringSubmatchIndex(line, -1) {
				if len(loc) > 4 && loc[4] >= 0 {
					return true
				}
			}
		}
	}
	return false
}

// clauseVerb reports whether w, right after a name, is the verb of a
// clause the name is the subject of: finiteVerb's, or an irregular past.
func clauseVerb(w string) bool { return finiteVerb(w) || pastForms[w] }

// pastForms are irregular past tenses a clause's verb may be, which
// finiteVerb does not know by their ending ("Mrs. Pell kept", "Brandt
// swore").
var pastForms = map[string]bool{"kept": true, "made": true, "knew": true, "took": true, "gave": true, "wore": true, "swore": true, "hid": true,
	"sold": true, "told": true, "held": true, "lost": true, "won": true, "left": true, "broke": true, "wrote": true, "stole": true, "paid": true,
	"bought": true, "brought": true, "found": true, "thought": true, "meant": true, "went": true, "came": true, "ran": true, "saw": true, "said": true,
	"spent": true, "sent": true, "built": true, "fought": true, "taught": true, "caught": true, "fled": true, "forgot": true, "owed": true, "hated": true,
	"slept": true, "felt": true, "wept": true, "spoke": true, "drank": true, "ate": true, "rode": true, "drove": true, "hung": true, "sang": true,
	"swam": true, "grew": true, "threw": true, "bore": true, "tore": true, "stood": true, "sat": true, "lay": true, "rose": true, "fell": true,
	"forgave": true, "bit": true, "fed": true, "led": true, "sought": true, "dug": true, "struck": true, "shook": true, "woke": true, "became": true,
	"bled": true, "wound": true, "bound": true, "dreamt": true}

// introduces returns the character a sentence introduces as the
// complement of its copula, the one name, ending it, or -1: "The new
// surgeon was Rufus Kinnear.", "A tall man in black was Mr. Quill.".
func (c *anchorContext) introduces(words []string) int {
	e, at, end := c.m.first(words)
	if e < 0 || end != len(words) || at < 2 || c.ents[e].Place || (words[at-1] != "was" && words[at-1] != "is") ||
		(words[0] != "the" && words[0] != "a" && words[0] != "an") {
		return -1
	}
	return e
}

// neverSeen reports whether the name at words[at:end] is the object of a
// perception nobody ever had, a verb after it: a habit told by what no
// one saw the character do ("Nobody had ever seen Ursula sit down to
// eat", "No one had ever heard Strand laugh").
func neverSeen(words []string, at, end int) bool {
	return at >= 3 && end < len(words) && perceptionVerbs[words[at-1]] && words[at-2] == "ever" &&
		slices.ContainsFunc(words[:at-2], func(w string) bool { return w == "nobody" || w == "no" || w == "none" })
}

// perceptionVerbs are the participles of seeing and hearing someone do
// something.
var perceptionVerbs = map[string]bool{"seen": true, "heard": true, "known": true, "watched": true}

// clausePronoun returns the kind of fact a clause further into a sentence
// states about the sentence's subject, the clause opening with a pronoun
// for it after "but", "and", "though" … ("Tabitha could brew, bake and
// let blood, but she had never learned to tell the hour from a clock"),
// or "".
func (c *anchorContext) clausePronoun(words []string, subj int) string {
	for i := 1; i+2 < len(words); i++ {
		if !personal[words[i+1]] || !isPronounFor(words[i+1], subj, c.ents) {
			continue
		}
		if coordinators[words[i]] {
			if k := relationAfter(false, words, i+2, relationWithin); k != "" {
				return k
			}
		} else if k := relationAfter(false, words, i+2, 1); k == Fears {
			// A fear told by what it is, its verb right after the
			// pronoun: "there was nothing he dreaded so much as", "the
			// one thing she feared".
			return k
		}
	}
	return ""
}

// coordinators open a clause that says more of a sentence's subject;
// "if", "when" … open one that says what is not, or not always.
var coordinators = map[string]bool{"and": true, "but": true, "yet": true, "though": true, "although": true}

// unnamedSubject returns the entity a sentence that opens with none is
// about, or -1: the previous sentence's place its "there" stands for ("The
// company kept its powder there."); after a sentence about a place and no
// one, the place, when this one opens with "The" and names nothing
// ("Greyfriars was a roofless ruin. The crypt had served as a bone
// house."); else the subject of a clause further in (clause, or -1).
func (c *anchorContext) unnamedSubject(words []string, clause, prevPlace, prevTopic int) int {
	if prevPlace >= 0 && slices.Contains(words, "there") && c.m.All(words) == nil {
		c.lastPlace = prevPlace
		return prevPlace
	}
	if prevTopic >= 0 && words[0] == "the" && c.m.All(words) == nil {
		c.lastPlace = prevTopic
		return prevTopic
	}
	return clause
}

// speech returns the speaker a line of dialogue states a fact about, and
// the fact's kind, or -1 and "". Only a line whose own speech tag names
// its speaker counts, and the line right after it when it opens a
// quotation again ("…," said Hale. "I have been afraid …"): a long
// speech's later sentences, and a letter read out, speak of much besides
// the speaker. quotedBefore is whether a quotation was open before the
// line, prevSpeaker the previous line's speaker or -1.
func (c *anchorContext) speech(s string, words []string, quotedBefore bool, prevSpeaker, prevChar, prevPlace int) (int, string) {
	who := tagSpeaker(c.m, c.ents, s, quotedBefore)
	for _, seg := range narration(s, quotedBefore) {
		if who >= 0 {
			break
		}
		// The tag's own words: a name inside the quotation is whom the
		// speaker addresses ("'My dear Frankenstein,' exclaimed he").
		who = speakerOf(c.m, c.ents, c.m.sentenceWords(seg))
	}
	if who < 0 {
		who = c.pronounTag(s, quotedBefore, prevChar)
	}
	if who < 0 && !quotedBefore && opensQuote(s) {
		who = prevSpeaker
	}
	if who < 0 && quotedBefore && prevSpeaker >= 0 && c.m.All(words) == nil {
		// The speech's next sentence, naming no one: what the speaker
		// goes on to say ("'I know where Father's money came from,'
		// Perpetua said, 'and it was not the tea trade. It was smuggled
		// brandy.'"). Only this one: later sentences wander.
		c.lastChar, c.goesOn = prevSpeaker, true
		return prevSpeaker, Noted
	}
	if e := spokenOf(c.m, c.ents, s, quotedBefore); who < 0 && e >= 0 {
		// Another's words about a character the tag names ("'…,' the
		// porter said of M. Waldman, '…'"): the line is about him.
		c.lastChar = e
		if line := strings.Join(words, " "); c.saysLittle(line) || passing(line) {
			return -1, ""
		}
		c.unread = true
		return e, Noted
	}
	if who < 0 {
		return c.unknownSpeaker(s, words, quotedBefore, prevSpeaker, prevChar, prevPlace)
	}
	return c.speakerLine(s, words, who, prevChar)
}

// speakerLine reads a line of character who (a speech's known speaker, a
// letter's signer): the fact its "I" states, else, naming another, his.
func (c *anchorContext) speakerLine(s string, words []string, who, prevChar int) (int, string) {
	c.lastChar, c.speaker, c.about = who, who, -1
	kind := firstPerson(words)
	line := strings.Join(words, " ")
	if kind == "" && vouch.MatchString(line) {
		kind = Promised // "On my honour, I will find her"
	}
	if kind == "" && len(words) >= notedMinWords && slices.ContainsFunc(words, firstPersonWord) && !firstPersonMoment(words) {
		// The speaker of himself: "I was the ship's cook", "There is a
		// Cremona violin in it that my grandfather won".
		kind = Noted
	}
	if kind == "" && who == prevChar {
		// A line of the character the sentence before was about, stating
		// nothing of its own, goes on with that sentence's anchor ("Nell
		// laughed at the question. 'My fortune?' she said. 'A green silk
		// parasol …'"), never an anchor alone.
		c.goesOn = true
		return who, Noted
	}
	if kind == "" {
		who, kind = c.alone(s, words, who, -1)
	}
	if kind == "" {
		return -1, ""
	}
	return who, kind
}

// unknownSpeaker reads a line no speaker the book knows says: what it
// goes on about (unknownSpeakerOf, placeTalk), else the one it names or
// whom its pronoun stands for (alone). The character it names alone, or
// the one it was about before when it names no one, is what its next
// line's pronouns stand for (about).
func (c *anchorContext) unknownSpeaker(s string, words []string, quotedBefore bool, prevSpeaker, prevChar, prevPlace int) (int, string) {
	named := c.m.All(words)
	switch {
	case len(named) == 0:
		if prevChar < 0 {
			prevChar = c.about
		}
	case len(named) == 1 && !c.ents[named[0]].Place:
		c.about = named[0]
	default:
		c.about = -1
	}
	c.unknownSaid = true
	// A quotation opening again right after the unknown speaker's tagged
	// line goes on with it, as within one quotation.
	goesOn := quotedBefore || (c.unknownBefore && opensQuote(s))
	if e, k := c.unknownSpeakerOf(words, goesOn, prevSpeaker, prevChar); k != "" {
		return e, k
	}
	if e, k := c.placeTalk(words, !quotedBefore && opensQuote(s), prevChar, prevPlace); k != "" {
		return e, k
	}
	c.unknownLine = true
	e, k := c.alone(s, words, -1, prevChar)
	c.unknownLine = false
	if k != "" {
		c.remember(e) // for the speech's "He …" after it (unknownSpeakerOf)
	}
	return e, k
}

// unknownSpeakerOf returns the character a speech's next sentence states
// a fact about when its speaker is no one the book knows and it opens
// with his pronoun ("The apothecary's note was blunt: 'Mr. Awdry is to
// have no wine. His head cannot bear even a single glass …'"): the
// speaker goes on about the one the sentence before was about, as
// narration would. goesOn says the sentence goes on with the speech of
// the sentence before. -1 and "" otherwise; a known speaker's "he" is
// another's, read by speech.
func (c *anchorContext) unknownSpeakerOf(words []string, goesOn bool, prevSpeaker, prevChar int) (int, string) {
	if !goesOn || prevSpeaker >= 0 || prevChar < 0 || c.m.All(words) != nil {
		return -1, ""
	}
	e, k := c.openingPronoun(words, 0, prevChar, -1)
	if e < 0 {
		return -1, ""
	}
	if line := strings.Join(words, " "); k == "" && c.saysLittle(line) && !passing(line) {
		// Too short to be an anchor itself, it goes on with the line
		// before it about him ("'Don't admire anything of Mr. Gale's,'
		// the curate's wife told her sister. 'He will make you a present
		// of it.'"), as a known speaker's next line does (speech). It
		// is not remembered for the next line's pronouns: it may be
		// joined to nothing (about still stands for him).
		c.goesOn = true
		return e, Noted
	}
	if k == "" {
		return -1, ""
	}
	c.remember(e)
	return e, k
}

// pronounTag returns the character a line's speech tag stands for by a
// pronoun ("she said", "said he, smiling"), the previous sentence's
// character, or -1.
func (c *anchorContext) pronounTag(s string, open bool, prevChar int) int {
	for _, seg := range narration(s, open) {
		ws := c.m.sentenceWords(seg)
		if len(ws) < 2 || len(ws) > maxTagWords {
			continue
		}
		if (isPronounFor(ws[0], prevChar, c.ents) && speechVerbs[ws[1]]) || (speechVerbs[ws[0]] && isPronounFor(ws[1], prevChar, c.ents)) {
			return prevChar
		}
	}
	return -1
}

// tagsJoined puts back a speech tag the sentence splitter cut from its
// words after a question or exclamation ('"My fortune?"', 'she said.'):
// a sentence opening in lower case after one ending in a quotation mark.
func tagsJoined(sents []string) []string {
	out := sents[:0:0]
	for _, s := range sents {
		if n := len(out); n > 0 {
			r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s))
			before := strings.TrimSpace(out[n-1])
			if unicode.IsLower(r) && (strings.HasSuffix(before, "\"") || strings.HasSuffix(before, "”")) {
				out[n-1] = before + " " + strings.TrimSpace(s)
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// placeTalk returns the place a line of dialogue no known speaker says
// goes on about: the place the line before named, when it named no
// character and this line, opening a quotation again after it, names
// nothing ("'Don't go into Carne Wood after dark,' the carter warned. 'The
// keepers have set mantraps …'"). A place the line names alone is what
// the next line may go on about.
func (c *anchorContext) placeTalk(words []string, reopens bool, prevChar, prevPlace int) (int, string) {
	named := c.m.All(words)
	if len(named) == 1 && c.ents[named[0]].Place {
		c.lastPlace = named[0]
	}
	if !reopens || len(named) > 0 || prevPlace < 0 || prevChar >= 0 || len(words) < notedMinWords || momentary.MatchString(strings.Join(words, " ")) {
		return -1, ""
	}
	c.lastPlace = prevPlace
	return prevPlace, Noted
}

// parenthetical returns the entity that opens a sentence and the kind of
// fact its verb states after a clause set off by commas ("Septimus Crane,
// who came from Bath in the spring, could not swim"; "Crane, the new
// vicar of the parish, never lied"), or -1 and "". The clause is at most
// maxLeadingClause words and the verb follows it at once, or after one
// adverb.
func (c *anchorContext) parenthetical(s string) (int, string) {
	i := strings.IndexByte(s, ',')
	if i < 0 {
		return -1, ""
	}
	head := c.m.sentenceWords(s[:i])
	e, at, end := c.m.first(head)
	if e < 0 || at >= subjectWithin || end != len(head) {
		return -1, ""
	}
	j := strings.IndexByte(s[i+1:], ',')
	if j < 0 {
		return -1, ""
	}
	if n := len(Words(s[i+1 : i+1+j])); n == 0 || n > maxLeadingClause {
		return -1, ""
	}
	// The verb may take an adverb ("was mortally afraid of"), and the
	// window holds a whole pattern ("could not tell a red coat from").
	rest := c.m.sentenceWords(s[i+2+j:])
	k := relationOf(c.ents[e].Place, rest[:min(len(rest), relationWithin+3)], nameVerbWithin+1)
	if k == "" {
		return -1, ""
	}
	return e, k
}

// openingPrepositions open a phrase a sentence's subject may follow
// without a comma ("From the church tower Quennell had seen …").
var openingPrepositions = map[string]bool{"among": true, "from": true, "at": true, "in": true, "on": true, "after": true, "before": true,
	"behind": true, "beside": true, "under": true, "within": true, "across": true, "during": true}

// afterPhrase reports whether the name at words[at] follows an opening
// prepositional phrase, no verb in it, and is the subject of what comes
// after: "From the church tower Tobit Quennell had descried …", "Among
// the things Jasper Lowick brought back from Canton were …".
func afterPhrase(words []string, at int) bool {
	return at > 0 && at <= maxLeadingClause/2 && openingPrepositions[words[0]] && !slices.ContainsFunc(words[:at], finiteVerb)
}

// existential returns the place a sentence opening "There was", "There
// were" … says is so, the place after a locative in its first clause
// ("There were three wells at Coldharbour Green, and only the one by the
// pound gave sweet water"), and the kind of fact, or -1 and "". So does
// "It was a …" whose subject is a clause after the place (extraposed:
// "It was an old law at Plainpalais, the carter told them, that no man
// might be arrested …", "It is the custom at Rosings to dine at four"),
// not "It was a fine morning at Longbourn, and …".
func (c *anchorContext) existential(s string, words []string) (int, string) {
	it := len(words) >= 4 && words[0] == "it" && (words[1] == "was" || words[1] == "is") &&
		(words[2] == "a" || words[2] == "an" || words[2] == "the")
	if len(words) < 3 || !(words[0] == "there" && existentialVerbs[words[1]]) && !it {
		return -1, ""
	}
	e, at, end := c.m.first(words[2:min(len(words), 2+maxLeadingClause)])
	if e < 0 || !c.ents[e].Place || !locatives[words[1+at]] || (it && !extraposed(s, words, 2+end)) {
		return -1, ""
	}
	return e, Is
}

// maxAsideWords bounds an aside set off by commas between an "It was a …
// at <place>" and the clause it stands for ("the carter told them").
const maxAsideWords = 5

// extraposed reports whether the words of sentence s from end on are the
// clause an opening "It" stands for: "that" or "to" right after, or after
// one short aside set off by commas, closing s's first clause.
func extraposed(s string, words []string, end int) bool {
	clauses := strings.Split(s, ",")
	first := Words(clauses[0])
	switch {
	case end < len(words) && (words[end] == "that" || words[end] == "to"):
		return true
	case len(clauses) < 3 || len(first) != end:
		return false
	}
	aside, next := Words(clauses[1]), Words(clauses[2])
	return len(aside) > 0 && len(aside) <= maxAsideWords && len(next) > 0 && (next[0] == "that" || next[0] == "to")
}

// existentialVerbs follow "there" in a sentence saying what is at a place.
var existentialVerbs = map[string]bool{"was": true, "were": true, "is": true, "are": true, "stood": true, "lay": true}

// remember makes e the last character or place named.
func (c *anchorContext) remember(e int) {
	if c.ents[e].Place {
		c.lastPlace = e
	} else {
		c.lastChar = e
	}
}

// pronoun returns the entity a sentence's first word stands for, of the
// previous sentence's last character and place, or -1.
func (c *anchorContext) pronoun(w string, char, place int) int {
	p, ok := anchorPronouns[w]
	switch {
	case !ok:
		return -1
	case p.place:
		return place
	case char >= 0 && isPronounFor(w, char, c.ents):
		return char
	}
	return -1
}

// speechVerbs tag a line of dialogue with its speaker ("said Hale", "Hale
// replied"), or a letter quoted with its writer ("'I have put the deeds
// where no one will look,' Hale wrote to his brother").
var speechVerbs = map[string]bool{"said": true, "says": true, "replied": true, "cried": true, "answered": true, "asked": true,
	"whispered": true, "added": true, "continued": true, "exclaimed": true, "returned": true, "observed": true, "muttered": true, "declared": true,
	"wrote": true, "writes": true}

// speakerOf returns the character a speech tag in words names, or -1.
func speakerOf(m Matcher, ents []Entity, words []string) int {
	for i := 0; i < len(words); i++ {
		e, at, end := m.first(words[i:min(len(words), i+maxNameWords)])
		if e < 0 || at != 0 || ents[e].Place {
			continue
		}
		if (i > 0 && speechVerbs[words[i-1]]) || (i+end < len(words) && speechVerbs[words[i+end]]) {
			return e
		}
	}
	return -1
}

// isTag reports whether a sentence of narration is a speech tag the
// splitter cut from its line ("Kitty asked.").
func isTag(words []string) bool {
	return len(words) <= maxTagWords && slices.ContainsFunc(words, func(w string) bool { return speechVerbs[w] })
}

// maxTagWords is the longest stretch of narration between quotations
// that is read as a speech tag ("Dr. Hale told the boatman").
const maxTagWords = 6

// spokenOf returns the character a line's tag says it is spoken of
// ("the porter said of M. Waldman"), or -1.
func spokenOf(m Matcher, ents []Entity, s string, open bool) int {
	for _, seg := range narration(s, open) {
		ws := m.sentenceWords(seg)
		for i := 2; i < len(ws); i++ {
			if ws[i-1] != "of" || !speechVerbs[ws[i-2]] {
				continue
			}
			if e, at, _ := m.first(ws[i:min(len(ws), i+maxNameWords)]); e >= 0 && at == 0 && !ents[e].Place {
				return e
			}
		}
	}
	return -1
}

// tagSpeaker returns the character a line's speech tag names whatever its
// verb ("Greer boasted", "Mr. Quill told the dying farmer", "said Hale"):
// a stretch of narration of at most maxTagWords words next to a
// quotation, opening with the name or with one word before it. It
// returns -1 when there is none; open is whether a quotation was open
// before the line.
func tagSpeaker(m Matcher, ents []Entity, s string, open bool) int {
	segs := narration(s, open)
	for i, seg := range segs {
		ws := m.sentenceWords(seg)
		if len(ws) == 0 || len(ws) > maxTagWords || (i == 0 && len(segs) == 1) {
			continue
		}
		if e, at, _ := m.first(ws); e >= 0 && at <= 1 && !ents[e].Place {
			return e
		}
	}
	return -1
}

// narration returns the stretches of s outside quotation marks, one per
// quotation they border; open is whether a quotation was open before s.
func narration(s string, open bool) []string {
	var outside strings.Builder
	var segs []string
	for _, r := range s {
		switch r {
		case '“', '”', '"':
			opening := r == '“' || (r == '"' && !open)
			if opening {
				segs = append(segs, outside.String())
				outside.Reset()
			}
			open = opening
			continue
		}
		if !open {
			outside.WriteRune(r)
		}
	}
	return append(segs, outside.String())
}

// opensQuote reports whether a sentence starts with a quotation mark.
func opensQuote(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "\"") || strings.HasPrefix(s, "“")
}

// vouch is a speaker pledging his honour or word on what he will do: not
// the exclamation ("Upon my word, sir, your hope is rather …").
var vouch = regexp.MustCompile(`\b(on|upon) my (honour|honor|word|oath|life|soul) (i will|i shall|i'll)\b`)

// firstPersonWord reports whether w is the speaker speaking of himself.
func firstPersonWord(w string) bool {
	switch w {
	case "i", "i'm", "i've", "i'll", "i'd", "me", "my", "mine", "myself":
		return true
	}
	return false
}

// firstPersonMoment reports whether the words after a line's "I" are a
// moment the relation patterns turned down ("I could not help laughing");
// a "never" about someone else ("… where Edward will never look") is not.
func firstPersonMoment(words []string) bool {
	i := slices.Index(words, "i")
	return i >= 0 && momentary.MatchString(strings.Join(words[i+1:min(len(words), i+1+relationWithin+3)], " "))
}

// firstPerson returns the kind of fact a line of dialogue states about
// its speaker: a relation after its "I" ("I will never", "I am afraid of",
// "I promised"), or "".
func firstPerson(words []string) string {
	for i, w := range words {
		if w == "i" || strings.HasPrefix(w, "i'") {
			return relationAfter(false, words, i+1, relationWithin)
		}
	}
	return ""
}

// leadingClause is the number of words before a sentence's first comma,
// semicolon or colon when a short clause opens it ("When she was nine,
// Hester …"), where its subject may start instead; else a number past any
// sentence.
func leadingClause(s string) int {
	i := strings.IndexAny(s, ",;:")
	if i < 0 {
		return MaxWords * 10
	}
	n := len(Words(s[:i]))
	if n > maxLeadingClause {
		return MaxWords * 10
	}
	return n
}

// relationAfter returns relationOf for the words from words[from] on, a
// pattern's length past the reach within: the window every subject,
// pronoun and "I" is read with.
func relationAfter(place bool, words []string, from, within int) string {
	return relationOf(place, words[from:min(len(words), from+within+3)], within)
}

// relationOf returns the kind of fact the words after a subject state, or
// "" if they state none the patterns know: the pattern matching nearest
// the subject, the longest of those starting at one word ("Hester kept a
// secret" is a secret, not a belonging; "Hester's greatest fear was" a
// fear).
func relationOf(place bool, words []string, within int) string {
	after := strings.Join(words, " ")
	kind, at, size := "", len(after), 0
	for i, r := range anchorRelations {
		if r.places != place || !mayMatch(relationStarts[i], after) {
			continue
		}
		loc := r.re.FindStringSubmatchIndex(after)
		if loc == nil || strings.Count(after[:loc[0]], " ") >= within || loc[0] > at || (loc[0] == at && loc[1]-loc[0] <= size) {
			continue
		}
		second := len(loc) > 4 && loc[4] >= 0 // the pattern's second group matched
		if r.momentGroup() && second {
			continue // "could not help", "could not refuse", "was a little": a moment, not an inability or what one is
		}
		if r.kind == Trait && second && len(index.Terms(after[loc[4]:loc[5]], nil)) == 0 {
			continue
		}
		if next, _, _ := strings.Cut(strings.TrimSpace(after[loc[1]:]), " "); emptyObject[next] {
			continue // "afraid of nothing", "owned up to"
		}
		kind, at, size = r.kind, loc[0], loc[1]-loc[0]
	}
	return kind
}

// passiveParticiples are the verbs of a fact stated in the passive about
// the character after "by": "the letters were hidden by Mrs. Ashby".
var passiveParticiples = map[string]string{
	"hidden": Hid, "buried": Hid, "concealed": Hid, "stowed": Hid, "secreted": Hid, "sewn": Hid, "tucked": Hid,
	"owned": Owns, "carried": Owns, "worn": Owns, "treasured": Owns, "prized": Owns,
	"promised": Promised, "sworn": Promised, "vowed": Promised,
	"feared": Fears, "dreaded": Fears,
}

// passiveAnchor finds a fact stated about a character who is not the
// sentence's subject: a participle above, at most three words before "by
// <name>" ("had been hidden under the hearth by Mrs. Ashby" is not: the
// participle must govern the name), or "belonged to <name>", "known only
// to <name>". It returns the character and the kind, or -1 and "".
func passiveAnchor(m Matcher, ents []Entity, words []string) (int, string) {
	for i := 1; i+1 < len(words); i++ {
		if words[i] != "by" && words[i] != "to" {
			continue
		}
		e, at, _ := m.first(words[i+1 : min(len(words), i+1+maxNameWords)])
		if e < 0 || at != 0 || ents[e].Place {
			continue
		}
		switch w := words[i]; {
		case w == "by":
			for j := max(0, i-3); j < i; j++ {
				if k := passiveParticiples[words[j]]; k != "" {
					return e, k
				}
			}
		case w == "to" && words[i-1] == "belonged":
			return e, Owns
		case w == "to" && (words[i-1] == "known" || (words[i-1] == "only" && i > 1 && words[i-2] == "known")):
			return e, Knows
		}
	}
	return hiddenIn(m, ents, words)
}

// hiddenIn finds a thing hidden in a character's belonging, the
// participle after "was" or "were" and the character's possessive a few
// words on ("Something was sewn into the hem of Tryphena Rudd's grey
// cloak"): a Hid fact of that character, or -1 and "".
func hiddenIn(m Matcher, ents []Entity, words []string) (int, string) {
	for j := 1; j+1 < len(words); j++ {
		if passiveParticiples[words[j]] != Hid || (words[j-1] != "was" && words[j-1] != "were") {
			continue
		}
		ws := words[j+1 : min(len(words), j+1+maxHiddenInWords)]
		for n := range m.names(ws) {
			if !ents[n.ent].Place && strings.HasSuffix(ws[n.end-1], "'s") && slices.Contains(ws[:n.at], "of") {
				return n.ent, Hid
			}
		}
	}
	return -1, ""
}

// stillQuoted reports whether a quotation is open after sentence s, given
// whether one was open before it: a speech of several sentences has its
// marks only in the first and the last.
func stillQuoted(open bool, s string) bool {
	for _, r := range s {
		switch r {
		case '“':
			open = true
		case '”':
			open = false
		case '"':
			open = !open
		}
	}
	return open
}

// isPronounFor reports whether w can stand for ents[prev].
// A character whose names say "he" is not "she", and the other way.
func isPronounFor(w string, prev int, ents []Entity) bool {
	p, ok := anchorPronouns[w]
	if !ok || prev < 0 || ents[prev].Place != p.place {
		return false
	}
	g := ents[prev].Pronoun
	return p.place || g == "" || g == p.gender
}

// momentary marks a sentence the relation patterns turned down as a
// moment ("could not help smiling", "had never been so cold", "began to
// fear"): it is not noted either.
var momentary = regexp.MustCompile(`\b(could not|couldn't|cannot|can't|never|always|afraid|fear|feared|possession|owned|promise|secret)\b`)

// clauseOpeners open a clause whose subject may be a name further into a
// sentence ("few guessed that Winifred had lost …", "and Hale never …").
var clauseOpeners = map[string]bool{"that": true, "and": true, "but": true, "because": true, "though": true, "although": true,
	"when": true, "while": true, "since": true, "until": true, "if": true, "as": true, "so": true, "yet": true, "where": true, "whether": true}

// locatives put a place in a noun phrase ("the stair at Rosings").
var locatives = map[string]bool{"at": true, "of": true, "in": true, "on": true, "under": true, "beneath": true}

// finiteVerb reports whether w can be a clause's verb right after its
// subject: an auxiliary or modal, a habit's adverb, or a regular past.
func finiteVerb(w string) bool {
	switch w {
	case "had", "has", "have", "was", "were", "is", "could", "would", "should", "will", "did", "does", "might", "must",
		"never", "always", "alone", "once", "still":
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ed")
}

// personal are the pronouns that can be a verb's subject.
var personal = map[string]bool{"i": true, "he": true, "she": true, "we": true, "they": true, "you": true, "it": true}

// emptyObject are the words after a relation that empty it: a fear of
// nothing, a promise to no one, "owned up", "carried up the stairs".
var emptyObject = map[string]bool{"nothing": true, "nobody": true, "none": true, "no": true, "up": true}

// Classify returns the anchor kind of an extracted fact's text.
func Classify(text string, place bool) string {
	after := strings.Join(Words(text), " ")
	for _, r := range anchorRelations {
		if r.places == place && r.re.MatchString(after) && r.kind != Is {
			return r.kind
		}
	}
	return Fact
}

// Words splits text into lower-case words: runs of letters and
// digits, an apostrophe inside a word kept as "'" ("Darcy's" stays
// "darcy's" for the patterns; names match its stem, see Matcher).
func Words(s string) []string {
	words, _ := anchorTokens(s)
	return words
}

// anchorTokens returns Words(s) and, for each word, whether it was
// capitalized in s. The words are cut from one lower-cased copy of s, not
// built one by one: recall reads every candidate passage's words.
func anchorTokens(s string) ([]string, []bool) {
	var caps []bool
	buf := make([]byte, 0, len(s))
	var at []int // each word's start and end in buf
	start, upper := -1, false
	flush := func() {
		if start >= 0 {
			end := len(buf)
			for buf[end-1] == '\'' {
				end--
			}
			at = append(at, start, end)
			caps = append(caps, upper)
			start = -1
		}
	}
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			if start < 0 {
				start, upper = len(buf), false
			}
			buf = append(buf, byte(r))
		case r < utf8.RuneSelf && 'A' <= r && r <= 'Z':
			if start < 0 {
				start, upper = len(buf), true
			}
			buf = append(buf, byte(r)+'a'-'A')
		case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if start < 0 {
				start, upper = len(buf), unicode.IsUpper(r)
			}
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
		case (r == '\'' || r == '’') && start >= 0:
			buf = append(buf, '\'')
		default:
			flush()
		}
	}
	flush()
	if len(caps) == 0 {
		return nil, nil
	}
	text := string(buf)
	out := make([]string, len(caps))
	for i := range out {
		out[i] = text[at[2*i]:at[2*i+1]]
	}
	return out, caps
}

// sentenceWords returns a sentence's words for the name matcher: a word
// that opens only capitalized names but is written in lower case is a
// common noun ("prudence forbade it", "the hope of it"), not the name
// ("Prudence", "Hope"), and is kept from matching.
func (m Matcher) sentenceWords(s string) []string {
	words, caps := anchorTokens(s)
	for i, w := range words {
		if !caps[i] && m.proper[strings.TrimSuffix(w, "'s")] {
			words[i] = "\x00" + w
		}
	}
	return words
}

// Matcher finds entity names in a sentence's words.
type Matcher struct {
	// byFirst holds the names by their first word, and those of more
	// than one word by their second too: a book's places mostly start
	// with "the", so a lookup by the first word alone would try every
	// such place at every "the" of a passage, a cost that grows with the
	// cast and the map.
	byFirst map[string]*nameStart
	// proper holds the first words that open only capitalized names.
	proper map[string]bool
}

// nameStart is the names that start with one word: that word alone, and
// by their second word the longer ones, each list in the entities' order.
type nameStart struct {
	one    []nameEntry
	longer map[string][]nameEntry
}

type nameEntry struct {
	ent   int
	words []string
}

// NewMatcher reads the names of ents; the entities it finds are their
// positions in ents.
func NewMatcher(ents []Entity) Matcher {
	m := Matcher{byFirst: map[string]*nameStart{}, proper: map[string]bool{}}
	lower := map[string]bool{}
	for i, e := range ents {
		for _, n := range e.Names {
			ws, caps := anchorTokens(n)
			if len(ws) == 0 {
				continue
			}
			st := m.byFirst[ws[0]]
			if st == nil {
				st = &nameStart{longer: map[string][]nameEntry{}}
				m.byFirst[ws[0]] = st
			}
			if x := (nameEntry{ent: i, words: ws}); len(ws) == 1 {
				st.one = append(st.one, x)
			} else {
				st.longer[ws[1]] = append(st.longer[ws[1]], x)
			}
			if caps[0] {
				m.proper[ws[0]] = true
			} else {
				lower[ws[0]] = true // "the Saltby marshes"
			}
		}
	}
	for w := range lower {
		delete(m.proper, w)
	}
	return m
}

// first returns the entity named first in words (the longest name when
// two start at the same word), its start and the word after it; -1 if none.
func (m Matcher) first(words []string) (ent, at, end int) {
	for i, w := range words {
		st := m.byFirst[strings.TrimSuffix(w, "'s")]
		if st == nil {
			continue
		}
		best, bestLen := -1, 0
		if i+1 < len(words) {
			for _, cand := range st.longer[strings.TrimSuffix(words[i+1], "'s")] {
				if n := len(cand.words); n > bestLen && i+n <= len(words) && stemsAre(words[i+2:i+n], cand.words[2:]) {
					best, bestLen = cand.ent, n
				}
			}
		}
		if best < 0 && len(st.one) > 0 {
			best, bestLen = st.one[0].ent, 1
		}
		if best >= 0 {
			return best, i, i + bestLen
		}
	}
	return -1, 0, 0
}

// stemsAre reports whether words, each without a possessive "'s", are ws.
func stemsAre(words, ws []string) bool {
	return slices.EqualFunc(words, ws, func(w, x string) bool { return strings.TrimSuffix(w, "'s") == x })
}

// nameAt is an entity named in a sentence's words, as words[at:end].
type nameAt struct{ ent, at, end int }

// names yields the entities named in words one after another: first's
// match, then its match in the words after that one, and so on.
func (m Matcher) names(words []string) iter.Seq[nameAt] {
	return func(yield func(nameAt) bool) {
		for from := 0; from < len(words); {
			e, at, end := m.first(words[from:])
			if e < 0 || !yield(nameAt{e, from + at, from + end}) {
				return
			}
			from += end
		}
	}
}

// All returns the entities named in words, in order of first mention.
func (m Matcher) All(words []string) []int {
	var out []int
	for n := range m.names(words) {
		if !slices.Contains(out, n.ent) {
			out = append(out, n.ent)
		}
	}
	return out
}

// Without returns text's words with the entity names in it taken out. A
// query's name says who, which the entity's anchors answer; its other words
// say what. Only the names' occurrences go, not every word any name uses:
// "chapel" stays in "the chapel floor" though a place is called "the
// drowned chapel".
func (m Matcher) Without(text string) string {
	words := Words(text)
	var kept []string
	from := 0
	for n := range m.names(words) {
		kept = append(kept, words[from:n.at]...)
		from = n.end
	}
	return strings.Join(append(kept, words[from:]...), " ")
}

// CapWords returns s on one line, cut to at most n words: s itself,
// uncopied, when it is so already (a sheet's facts, read at every sync).
func CapWords(s string, n int) string {
	if oneLine(s, n) {
		return s
	}
	f := strings.Fields(s)
	if len(f) > n {
		return strings.Join(f[:n], " ") + " " + Cut
	}
	return strings.Join(f, " ")
}

// oneLine reports whether s is words of at most n, one space between
// each two and none around them: what CapWords(s, n) would make of it.
func oneLine(s string, n int) bool {
	words, space := 0, true
	for _, r := range s {
		switch {
		case r == ' ' && !space:
			space = true
		case r > ' ' && r < utf8.RuneSelf:
			if space {
				space = false
				words++
			}
		case unicode.IsSpace(r):
			return false
		case space:
			space = false
			words++
		}
	}
	return !space && words <= n
}
