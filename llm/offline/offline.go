package offline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/schema"
)

// Model is the deterministic stand-in model ("offline"): schema-valid JSON
// and neutral placeholder prose (the prompt's names, plain nouns), with no
// network.
// The same request always gets a byte-identical answer.
type Model struct{}

// ModelName is the model name Model answers with.
const ModelName = "offline"

// Complete answers r deterministically.
func (Model) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return llm.Response{}, fmt.Errorf("llm: %w", err)
	}
	g := newGen(r)
	var content string
	if r.Schema != nil {
		n, err := schema.Parse(r.Schema.Schema)
		if err != nil {
			return llm.Response{}, &llm.Error{Kind: llm.KindBadRequest, Model: ModelName, Message: err.Error()}
		}
		var b bytes.Buffer
		g.value(&b, n, "", 0)
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, b.Bytes(), "", "  "); err != nil {
			return llm.Response{}, fmt.Errorf("llm: offline: %w", err)
		}
		content = pretty.String()
	} else {
		content = g.prose(r)
	}
	if r.Stream && r.OnDelta != nil {
		for _, part := range strings.SplitAfter(content, "\n\n") {
			if part != "" {
				r.OnDelta(part)
			}
		}
	}
	u := llm.Usage{CompletionTokens: estimateTokens(content), Estimated: true}
	for _, m := range r.Messages {
		u.PromptTokens += estimateTokens(m.Content)
	}
	return llm.Response{Content: content, FinishReason: "stop", Model: ModelName, Usage: u}, nil
}

// estimateTokens is words × 4/3, rounded.
func estimateTokens(s string) int {
	return int(math.Round(float64(len(strings.Fields(s))) * 4 / 3))
}

// gen holds the seeded randomness and the vocabulary of the answer.
type gen struct {
	rng   *rand.Rand
	names []string // proper names from the last user message
	words []string // concrete nouns: the prompt's, topped up from placeholderNouns
	array string   // name of the array property being filled, steering its items
}

// Invented names for entities the stand-in creates: reusing names from the
// prompt would "create" people and places the story already has.
var (
	inventedFirst = []string{"Edda", "Colm", "Ysolde", "Bram", "Ottilie", "Fenn", "Maud", "Ansel", "Hesper", "Idris"}
	inventedLast  = []string{"Harrow", "Quill", "Merrit", "Strand", "Carrick", "Fallow", "Lusk", "Penhallow"}
	inventedPlace = []string{"Cove", "Steps", "Yard", "Rise", "Hollow", "Quay", "Chapel", "Mill"}
)

// optionalActions are arrays the stand-in leaves empty most of the time:
// a real model creates entities, threads and terms now and then, not on
// every call.
func optionalAction(field string) bool {
	switch field {
	case "glossary", "facts", "threads_opened", "threads_resolved", "terms":
		return true
	}
	return strings.HasPrefix(field, "new_")
}

var (
	wordRe  = regexp.MustCompile(`[\p{L}][\p{L}'’-]*`)
	aboutRe = regexp.MustCompile(`(?i)about (\d+) words`)
)

func isStopword(w string) bool {
	switch strings.ToLower(w) {
	case "the", "a", "an", "and", "or", "but", "if", "then", "of", "to", "in", "on", "at", "by", "for",
		"with", "from", "into", "onto", "is", "are", "was", "were", "be", "been", "being", "it", "its",
		"this", "that", "these", "those", "you", "your", "we", "our", "they", "their", "he", "she", "his",
		"her", "him", "them", "i", "me", "my", "not", "no", "do", "does", "did", "have", "has", "had",
		"will", "would", "should", "could", "can", "may", "must", "shall", "as", "so", "than", "too",
		"very", "just", "also", "only", "each", "every", "all", "any", "some", "such", "what", "which",
		"who", "whom", "whose", "when", "where", "why", "how", "there", "here", "about", "after", "before",
		"write", "scene", "json", "answer", "schema", "words", "word", "story", "next", "plan", "use",
		"using", "keep", "give", "make", "return", "object", "string", "array", "none", "following",
		"please", "include", "includes", "without", "within", "while", "over", "under", "more", "most",
		"characters", "character", "summarise", "summarize", "summary", "describe", "previous", "recent",
		"current", "chapter", "title", "setting", "location", "locations", "style", "tone", "genre",
		"premise", "rules", "output", "respond", "task", "context", "notes", "note", "cast", "pov",
		"now", "new", "old", "one", "two", "three", "first", "last", "end", "start", "begin",
		// storyd's own instructions: words about the prompt, not the story
		"storyd", "bible", "prompt", "prompts", "headings", "heading", "prose",
		"beats", "intention", "novelist", "glossary", "threads", "markdown", "pinned", "facts",
		"sends", "length", "point", "view", "tense", "target", "latest", "other", "happen",
		"know", "stay", "decide", "text", "scenes", "role", "traits", "goals",
		// storyd's roles, and the stand-in's own sentences read back from earlier scenes
		"planner", "writer", "extractor", "scratchpad", "checkpoint", "nobody":
		return true
	}
	return false
}

var fallbackNames = []string{"Mara", "Tobin", "Ilse", "Corin", "Wren"}

// placeholderNouns is the stand-in's whole stock of common nouns: plain,
// concrete things. Nouns of the prompt are used only when they are in it,
// so storyd's own instructions ("planner", "scratchpad", "present",
// "invent") never turn up as the story's objects, titles or glossary terms,
// while a story about a lamp and a ledger still gets its lamp and ledger.
var placeholderNouns = strings.Fields(`
	anchor apple ash attic axe bag basket bell bench blanket boat bone boot bottle bowl box bread
	bridge brook bucket button cabin candle cap cart cellar chain chair chapel chest chimney cliff
	cloak clock cloth coat coin compass cottage cup curtain dock door dust feather fence field fire
	flag floor garden gate glove grain hammer harbor harbour hat hearth hill horse house jar kettle
	key knife ladder lamp lane lantern latch ledger letter lighthouse loft map market mill mirror
	mud nail net oar orchard oven pail path pebble pier pillow pipe plank pocket pond porch quay
	rail rain reef ribbon ring river road roof rope sack sail salt sand satchel scarf shawl shed
	shell shelf ship shore shovel shutter sill slate smoke snow spoon stair stairs step stone stove
	straw street table tide tower trunk wagon wall watch water well wharf wheel whistle wind window
	wire wool yard`)

var isPlaceholderNoun = func() map[string]bool {
	m := make(map[string]bool, len(placeholderNouns))
	for _, w := range placeholderNouns {
		m[w] = true
	}
	return m
}()

// minNouns is how many distinct nouns an answer draws from: with fewer
// from the prompt, placeholderNouns tops them up.
const minNouns = 12

func newGen(r llm.Request) *gen {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(struct {
		Role       string
		Messages   []llm.Message
		Schema     *llm.Schema
		MaxTokens  int
		Structured string
	}{r.Role, r.Messages, r.Schema, r.MaxTokens, r.Structured})
	sum := h.Sum(nil)
	g := &gen{rng: rand.New(rand.NewPCG(binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16])))}

	last := ""
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			last = r.Messages[i].Content
			break
		}
	}
	g.names = properNames(last, r.Messages)
	if len(g.names) == 0 {
		g.names = fallbackNames
	}
	seen := map[string]bool{}
	for _, m := range r.Messages {
		eachWord(m.Content, func(w string) {
			if w = strings.ToLower(strings.Trim(w, "'’-")); isPlaceholderNoun[w] && !seen[w] {
				seen[w] = true
				g.words = append(g.words, w)
			}
		})
	}
	for _, i := range g.rng.Perm(len(placeholderNouns)) {
		if len(g.words) >= minNouns {
			break
		}
		if w := placeholderNouns[i]; !seen[w] {
			seen[w] = true
			g.words = append(g.words, w)
		}
	}
	return g
}

// properNames are the capitalised words of last that read as names: seen
// inside a sentence (a word that only ever opens a sentence, a line or a
// heading is capitalised for that: "Rewrite", "Nobody"), never written in
// lower case in the prompt (a common word capitalised by a label:
// "Planner", "Short", "Light"), and not storyd's own words nor the
// stand-in's (its nouns in titles, its invented places). A possessive is
// reduced to its name (Maren's → Maren).
func properNames(last string, msgs []llm.Message) []string {
	lower := map[string]bool{}
	for _, m := range msgs {
		eachWord(m.Content, func(w string) {
			if first, _ := utf8.DecodeRuneInString(w); unicode.IsLower(first) {
				lower[trimWord(w)] = true
			}
		})
	}
	var names []string
	seen := map[string]bool{}
	for _, line := range strings.Split(last, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue // a heading: storyd's section titles
		}
		toks := wordRe.FindAllStringIndex(line, -1)
		for i, loc := range toks {
			w := trimWord(line[loc[0]:loc[1]])
			first, _ := utf8.DecodeRuneInString(w)
			lw := strings.ToLower(w)
			if utf8.RuneCountInString(w) < 3 || !unicode.IsUpper(first) || isAllUpper(w) || isStopword(w) || lower[lw] ||
				isPlaceholderNoun[lw] || slices.Contains(inventedPlace, w) {
				continue
			}
			// ":" does not start a sentence ("Scene plan: Alice ..."); a line does.
			start := i == 0 || strings.ContainsAny(line[toks[i-1][1]:loc[0]], ".!?")
			if !start && !seen[w] && len(names) < 40 {
				seen[w] = true
				names = append(names, w)
			}
		}
	}
	return names
}

// eachWord calls f with every word of text, as wordRe would match them:
// a letter, then letters, apostrophes and dashes. Scanned by hand: wordRe
// over a whole pack costs the regexp backtracker a reset per match, which
// made the stand-in's 1,500-word answer 3× slower.
func eachWord(text string, f func(string)) {
	start := -1
	for i, r := range text {
		switch {
		case unicode.IsLetter(r):
			if start < 0 {
				start = i
			}
		case start >= 0 && (r == '\'' || r == '’' || r == '-'):
		case start >= 0:
			f(text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		f(text[start:])
	}
}

// trimWord drops the quotes, dashes and possessive around a word.
func trimWord(w string) string {
	w = strings.Trim(w, "'’-")
	for _, suf := range []string{"'s", "’s"} {
		w = strings.TrimSuffix(w, suf)
	}
	return w
}

func isAllUpper(w string) bool {
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
	}
	return true
}

func (g *gen) pick(list []string) string { return list[g.rng.IntN(len(list))] }
func (g *gen) name() string              { return g.pick(g.names) }
func (g *gen) word() string              { return g.pick(g.words) }

// twoWords are two different nouns, for "the X near the Y".
func (g *gen) twoWords() (string, string) {
	a := g.word()
	i := (slices.Index(g.words, a) + 1 + g.rng.IntN(len(g.words)-1)) % len(g.words)
	return a, g.words[i]
}

var verbs = []string{"watched", "carried", "followed", "remembered", "crossed", "questioned", "found", "mended", "hid", "waited by", "spoke of", "searched for"}
var connectors = []string{"while", "because", "until", "as", "before", "after"}

// sentence is one placeholder sentence of the story's names and plain nouns.
func (g *gen) sentence() string {
	var s string
	x, y := g.twoWords()
	switch g.rng.IntN(4) {
	case 0:
		s = fmt.Sprintf("%s %s the %s near the %s", g.name(), g.pick(verbs), x, y)
	case 1:
		a, b := g.name(), g.name()
		if a == b && len(g.names) > 1 {
			b = g.names[(g.rng.IntN(len(g.names)-1)+1+slices.Index(g.names, a))%len(g.names)]
		}
		s = fmt.Sprintf("%s %s the %s %s %s %s the %s", a, g.pick(verbs), x, g.pick(connectors), b, g.pick(verbs), y)
	case 2:
		s = fmt.Sprintf("The %s and the %s stayed with %s", x, y, g.name())
	default:
		s = fmt.Sprintf("Nobody mentioned the %s, so %s %s the %s", x, g.name(), g.pick(verbs), y)
	}
	return s + "."
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// title is 2–4 words: "The Lantern", "The Salt Rope", "The Bell of Maren".
func (g *gen) title() string {
	switch g.rng.IntN(3) {
	case 0:
		return "The " + capitalize(g.word())
	case 1:
		a, b := g.twoWords()
		return "The " + capitalize(a) + " " + capitalize(b)
	}
	return "The " + capitalize(g.word()) + " of " + g.name()
}

// prose is placeholder text of roughly the requested length.
func (g *gen) prose(r llm.Request) string {
	target := 300
	if r.MaxTokens > 0 {
		target = int(float64(r.MaxTokens) * 0.7 * 3 / 4)
	}
	if len(r.Messages) > 0 {
		if m := aboutRe.FindStringSubmatch(r.Messages[len(r.Messages)-1].Content); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 && (r.MaxTokens <= 0 || n < target) {
				target = n
			}
		}
	}
	if target < 10 {
		target = 10
	}
	var b strings.Builder
	words := 0
	if r.Role == "checkpoint" || r.Role == "rollup" {
		target = min(target, 60) // a summary: a handful of bullets, as the prompt asks
		for words < target {
			s := g.sentence()
			b.WriteString("- " + s + "\n")
			words += len(strings.Fields(s))
		}
		return b.String()
	}
	for words < target {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		n := 4 + g.rng.IntN(4)
		for i := 0; i < n && words < target; i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			s := g.sentence()
			b.WriteString(s)
			words += len(strings.Fields(s))
		}
	}
	b.WriteString("\n")
	return b.String()
}

// value writes a JSON value valid against n. field is the property name,
// which steers what a string looks like.
func (g *gen) value(b *bytes.Buffer, n *schema.Node, field string, depth int) {
	if len(n.AnyOf) > 0 {
		for _, alt := range n.AnyOf {
			if !(len(alt.Types) == 1 && alt.Types[0] == "null") {
				g.value(b, alt, field, depth)
				return
			}
		}
		g.value(b, n.AnyOf[0], field, depth)
		return
	}
	if len(n.Enum) > 0 {
		b.WriteString(jsonText(n.Enum[g.rng.IntN(len(n.Enum))]))
		return
	}
	switch mainType(n) {
	case "object":
		g.writeObject(b, n, depth)
	case "array":
		g.writeArray(b, n, field, depth)
	case "string":
		b.WriteString(jsonText(g.text(field, n.MinLength, n.MaxLength)))
	case "integer":
		lo, hi := g.bounds(n, field)
		b.WriteString(strconv.FormatInt(int64(math.Ceil(lo))+g.rng.Int64N(int64(math.Floor(hi))-int64(math.Ceil(lo))+1), 10))
	case "number":
		lo, hi := g.bounds(n, field)
		f := lo + g.rng.Float64()*(hi-lo)
		f = math.Round(f*100) / 100
		f = math.Max(lo, math.Min(hi, f))
		b.WriteString(strconv.FormatFloat(f, 'f', -1, 64))
	case "boolean":
		b.WriteString(strconv.FormatBool(g.rng.IntN(2) == 0))
	default:
		b.WriteString("null")
	}
}

// writeObject writes an object with n's properties (only the required ones
// once the answer is deeply nested).
func (g *gen) writeObject(b *bytes.Buffer, n *schema.Node, depth int) {
	b.WriteByte('{')
	first := true
	for _, p := range n.Props {
		if depth > 8 && !slices.Contains(n.Required, p.Name) {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(jsonText(p.Name) + ":")
		g.value(b, p.Node, p.Name, depth+1)
	}
	// Required properties the schema does not describe get a string.
	for _, r := range n.Required {
		if property(n, r) == nil && !n.Closed {
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(jsonText(r) + ":" + jsonText(g.text(r, nil, nil)))
		}
	}
	b.WriteByte('}')
}

// writeArray writes an array within n's item bounds; field names the
// property, which decides whether an empty list is usual.
func (g *gen) writeArray(b *bytes.Buffer, n *schema.Node, field string, depth int) {
	lo, hi := 1, 2
	if n.MinItems == nil && optionalAction(field) {
		lo = 0
	}
	if n.MinItems != nil {
		lo = *n.MinItems
		if hi < lo {
			hi = lo
		}
	}
	if n.MaxItems != nil {
		hi = *n.MaxItems
		if lo > hi {
			lo = hi
		}
	}
	if depth > 8 {
		hi = lo
	}
	count := lo + g.rng.IntN(hi-lo+1)
	if lo == 0 && optionalAction(field) {
		count = 0
		if hi > 0 && g.rng.IntN(4) == 0 {
			count = 1
		}
	}
	item := n.Items
	if item == nil {
		item = &schema.Node{Types: []string{"string"}}
	}
	// Enum items (ids the answer must reference) are drawn without
	// repeats while the enum lasts: a cast list should not name one twice.
	var order []int
	if len(item.Enum) > 0 {
		order = g.rng.Perm(len(item.Enum))
	}
	b.WriteByte('[')
	for i := 0; i < count; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if order != nil {
			b.WriteString(jsonText(item.Enum[order[i%len(order)]]))
			continue
		}
		outer := g.array
		g.array = field
		g.value(b, item, field, depth+1)
		g.array = outer
	}
	b.WriteByte(']')
}

func mainType(n *schema.Node) string {
	for _, t := range n.Types {
		if t != "null" {
			return t
		}
	}
	switch {
	case len(n.Types) > 0:
		return "null"
	case len(n.Props) > 0 || len(n.Required) > 0:
		return "object"
	case n.Items != nil:
		return "array"
	}
	return "string"
}

func property(n *schema.Node, name string) *schema.Node {
	for _, p := range n.Props {
		if p.Name == name {
			return p.Node
		}
	}
	return nil
}

// bounds picks a numeric range; without one, small positive numbers.
func (g *gen) bounds(n *schema.Node, field string) (float64, float64) {
	lo, hi := 1.0, 10.0
	if strings.Contains(strings.ToLower(field), "words") {
		lo, hi = 800, 1500
	}
	switch {
	case n.Minimum != nil && n.Maximum != nil:
		lo, hi = *n.Minimum, *n.Maximum
	case n.Minimum != nil:
		lo = *n.Minimum
		hi = math.Max(hi, lo+10)
	case n.Maximum != nil:
		hi = *n.Maximum
		lo = math.Min(lo, hi-10)
	}
	if mainType(n) == "integer" && math.Floor(hi) < math.Ceil(lo) {
		hi = lo // an impossible range; stay at the bound
	}
	return lo, hi
}

// text makes a string that suits the field name, within the length limits.
func (g *gen) text(field string, minLen, maxLen *int) string {
	f := strings.ToLower(field)
	var s string
	switch {
	case f == "id" || strings.HasSuffix(f, "_id") || strings.HasSuffix(field, "Id"):
		s = slug(g.word() + "-" + g.word())
	case strings.Contains(f, "title") || strings.Contains(f, "heading"):
		s = g.title()
	case f == "name" && strings.HasPrefix(g.array, "new_"):
		if strings.Contains(g.array, "location") {
			s = "The " + capitalize(g.word()) + " " + g.pick(inventedPlace)
		} else {
			s = g.pick(inventedFirst) + " " + g.pick(inventedLast)
		}
	case strings.Contains(f, "name") || f == "pov" || strings.Contains(f, "character") || f == "who":
		s = g.name()
	case strings.Contains(f, "slug"):
		s = slug(g.word())
	case strings.Contains(f, "term"):
		s = capitalize(g.word())
	case isSentenceField(f):
		s = g.sentence()
	default:
		n := 2 + g.rng.IntN(3)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = g.word()
		}
		s = capitalize(strings.Join(parts, " "))
	}
	if maxLen != nil && utf8.RuneCountInString(s) > *maxLen {
		s = strings.TrimSpace(string([]rune(s)[:*maxLen]))
	}
	if minLen != nil {
		for utf8.RuneCountInString(s) < *minLen {
			s += " " + g.word()
		}
		if maxLen != nil && utf8.RuneCountInString(s) > *maxLen {
			s = string([]rune(s)[:*maxLen])
		}
	}
	return s
}

func isSentenceField(f string) bool {
	for _, w := range []string{"summary", "bullet", "description", "intention", "intent", "goal", "note", "text",
		"fact", "event", "change", "reason", "purpose", "outcome", "conflict", "beat", "detail", "update", "thread", "definition", "sentence", "hook"} {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}

// jsonText is v as JSON. What is written here (an enum's members as decoded
// from the schema, names, generated text) always marshals.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if r < utf8.RuneSelf {
				b.WriteRune(r)
				dash = false
				continue
			}
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return "item"
	}
	return out
}
