package prompt

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Message names a Section can go into.
const (
	MessageSystem = "system"
	MessageUser   = "user"
)

// Section orders: which end of a section's items trimming works on.
const (
	OldestFirst = "oldest-first" // items in reading order; trimming takes the front (oldest)
	BestFirst   = "best-first"   // items ranked; trimming takes the back (lowest rank)
)

// sep joins parts, sections and items alike.
const sep = "\n\n"

// Item is one candidate piece of a section.
type Item struct {
	Key      string // stable id shown in explain, e.g. "scene 12", "checkpoint 1-10"
	Text     string // full form; a blank Text is skipped
	Fallback string // optional degraded form (e.g. a scene's bullet summary); "" = none
	// Place, when set, is where the item renders among the section's kept
	// items (ascending; ties keep the list order), while trimming still
	// follows the list: a list ranked by relevance can render in a stable
	// order (e.g. the project's file order) and still lose its least
	// relevant items first. 0 for every item = the list order.
	Place int
}

// Section is one budgeted part of a pack. See the package comment for how
// its fields drive trimming.
type Section struct {
	Name    string // machine name: "system", "bible", "glossary", "history", "cast", "retrieval", "summaries", "recent", "plan"
	Title   string // rendered as a "## Title" heading; "" = no heading
	Message string // MessageSystem or MessageUser
	Budget  int    // token budget for this section; 0 = only the total applies
	// BudgetFrom says where Budget comes from when two sections share one
	// setting ("half of budgets.glossary (500)"), for the report: the
	// number alone would not match the person's storyd.yaml.
	BudgetFrom string
	Required   bool   // never dropped; over budget => truncated with a warning
	Order      string // OldestFirst or BestFirst ("" = BestFirst)
	Degrade    bool   // trimming first replaces an item's Text by its Fallback before dropping items
	MinItems   int    // never drop below this many items (they may still be degraded or truncated)
	TrimRank   int    // sections are trimmed for the total in ascending TrimRank; 0 = never
	// TierMax is the max number of items per strain tier (Normal, I, II, III);
	// negative = no limit. For Degrade sections it caps how many items keep
	// their full Text. The zero value (all four 0) means no limits at all.
	TierMax [4]int
	Intro   string // optional fixed text right under the heading (counted)
	// ListKept lists the keys of the items kept in the section's report
	// (and in Explain), for sections whose choice people want to audit.
	ListKept bool
	Empty    string // rendered when no item survives; "" = the section is omitted then
	// Why says why a section has no items, for the report of an omitted
	// one (e.g. "fewer than 6 earlier scenes"); one dropped for the budget
	// or the strain tier says so by itself.
	Why   string
	Items []Item
}

// Spec describes a pack: its sections in render order, most stable first.
type Spec struct {
	Role     string // who the pack is for (planner, writer, ...); shown in reports
	Total    int    // total token budget of all messages, separators included
	Sections []Section
}

// Tier is the memory-strain level derived from a pack's pressure.
type Tier int

// Strain tiers, from relaxed to critical.
const (
	Normal Tier = iota
	StrainI
	StrainII
	StrainIII
)

func (t Tier) String() string {
	switch t {
	case Normal:
		return "normal"
	case StrainI:
		return "strain I"
	case StrainII:
		return "strain II"
	case StrainIII:
		return "strain III"
	}
	return fmt.Sprintf("tier(%d)", int(t))
}

// MarshalText makes tiers readable in JSON.
func (t Tier) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Meaning says in a sentence what a tier does to the pack, for `context
// --explain`.
func (t Tier) Meaning() string {
	switch t {
	case Normal:
		return "the story so far wants under 70% of the budget: no section is capped for strain"
	case StrainI:
		return "the story so far wants 70-85% of the budget: each section keeps at most its strain-I number of items"
	case StrainII:
		return "the story so far wants 85-95% of the budget: tighter caps, more scenes as summaries instead of full text"
	}
	return "the story so far wants 95% of the budget or more: the tightest caps, only the essentials in full; consider a larger preset or budgets"
}

// tierFor maps a pressure (demand / budget) to its tier: below 0.70 Normal,
// below 0.85 Strain I, below 0.95 Strain II, else Strain III.
func tierFor(pressure float64) Tier {
	switch {
	case pressure < 0.70:
		return Normal
	case pressure < 0.85:
		return StrainI
	case pressure < 0.95:
		return StrainII
	}
	return StrainIII
}

// tierOf is tierFor on integers, so that a pressure of exactly 0.85 is never
// misplaced by float rounding.
func tierOf(demand, budget int) Tier {
	switch d := int64(demand) * 100; {
	case d < 70*int64(budget):
		return Normal
	case d < 85*int64(budget):
		return StrainI
	case d < 95*int64(budget):
		return StrainII
	}
	return StrainIII
}

// Trim actions.
const (
	Dropped   = "dropped"
	Degraded  = "degraded"
	Truncated = "truncated"
)

// Trim records one cut. TokensBefore and TokensAfter are the item's tokens
// in the pack, its trailing separator included (0 after a drop).
type Trim struct {
	Section      string `json:"section"`
	Item         string `json:"item"`
	Action       string `json:"action"`
	Reason       string `json:"reason"`
	TokensBefore int    `json:"tokens_before"`
	TokensAfter  int    `json:"tokens_after"`
}

// SectionReport sums up one section of a built pack. Tokens counts the
// section rendered on its own; Items are the items kept, Degraded how many
// of those carry their Fallback.
type SectionReport struct {
	Name       string `json:"name"`
	Budget     int    `json:"budget"`
	BudgetFrom string `json:"budget_from,omitempty"` // Section.BudgetFrom
	Tokens     int    `json:"tokens"`
	Items      int    `json:"items"`
	Degraded   int    `json:"degraded"`
	Dropped    int    `json:"dropped"`
	Truncated  bool   `json:"truncated,omitempty"`
	Required   bool   `json:"required,omitempty"`
	Omitted    bool   `json:"omitted,omitempty"` // nothing rendered
	// Why an omitted section is: its items dropped, or Section.Why.
	Why string `json:"why,omitempty"`
	// Kept are the keys of the items kept, when the section asks (ListKept).
	Kept []string `json:"kept,omitempty"`
}

// Message is one chat message of a pack.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Pack is a built prompt: the messages to send and how they were cut.
type Pack struct {
	Role     string          `json:"role"`
	Messages []Message       `json:"messages"`
	Tokens   int             `json:"tokens"`   // tokens of the messages' contents
	Budget   int             `json:"budget"`   // Spec.Total
	Demand   int             `json:"demand"`   // tokens of the untrimmed candidate pack
	Pressure float64         `json:"pressure"` // Demand, each section capped at its budget, / Budget
	Tier     Tier            `json:"tier"`
	Sections []SectionReport `json:"sections"`
	Trims    []Trim          `json:"trims"`
	Warnings []string        `json:"warnings"`
	// Notes say what the pack's builder chose by the person's hand (e.g. a
	// scene marked "context: drop"); shown by Explain.
	Notes []string `json:"notes,omitempty"`
}

// OverBudgetError reports a pack whose untrimmable sections alone exceed the
// total budget. Tokens is the smallest size trimming could reach, Budget the
// total; Section names the biggest required section (or the biggest section
// if none is required) and SectionTokens its size.
type OverBudgetError struct {
	Role          string
	Section       string
	Tokens        int
	Budget        int
	SectionTokens int
}

func (e *OverBudgetError) Error() string {
	role := e.Role
	if role == "" {
		role = "prompt"
	}
	return fmt.Sprintf("prompt: %s pack needs %d tokens after all trimming, over its total budget of %d; section %q alone takes %d",
		role, e.Tokens, e.Budget, e.Section, e.SectionTokens)
}

// part is one unit of rendered text with its token counts, computed lazily:
// withSep counts text+"\n\n", alone counts text.
type part struct {
	text           string
	withSep, alone int // -1 = not counted yet
}

func newPart(text string) *part { return &part{text: text, withSep: -1, alone: -1} }

type entry struct {
	key       string
	place     int
	full      *part
	fallback  *part // nil = none
	cur       *part
	degraded  bool
	truncated bool
}

type secState struct {
	spec      *Section
	head      []*part // heading and intro
	empty     *part   // nil = omit the section when no item survives
	items     []*entry
	min       int
	dropped   int
	truncated bool
	// buf holds what parts returned last: a section over its budget is
	// summed again after each of its steps, hundreds for a long list.
	buf []*part
}

type builder struct {
	t     *Tokenizer
	spec  *Spec
	secs  []*secState
	trims []Trim
	warns []string
}

// Build assembles the pack described by spec; see the package comment for
// the algorithm. It fails with an *OverBudgetError when the pack cannot fit
// spec.Total, and with a plain error on an invalid Spec.
func (t *Tokenizer) Build(spec Spec) (*Pack, error) {
	if err := spec.validate(); err != nil {
		return nil, err
	}
	b := &builder{t: t, spec: &spec}
	for i := range spec.Sections {
		b.secs = append(b.secs, newSecState(&spec.Sections[i]))
	}

	demand := b.total()
	// Pressure counts each section at most at its own budget: a section that
	// its budget will cut anyway (a long cast list) must not push the whole
	// pack into strain and switch retrieval off.
	capped := 0
	for _, s := range b.secs {
		n := b.sum(s.parts())
		if s.spec.Budget > 0 {
			n = min(n, s.spec.Budget)
		}
		capped += n
	}
	capped = min(capped, demand)
	tier := tierOf(capped, spec.Total)
	for _, s := range b.secs {
		b.applyTier(s, tier)
	}
	for _, s := range b.secs {
		b.fitSection(s)
	}
	if err := b.fitTotal(); err != nil {
		return nil, err
	}

	p := &Pack{
		Role:     spec.Role,
		Budget:   spec.Total,
		Demand:   demand,
		Pressure: float64(capped) / float64(spec.Total),
		Tier:     tier,
		Trims:    b.trims,
		Warnings: b.warns,
	}
	for _, role := range []string{MessageSystem, MessageUser} {
		parts := b.messageParts(role)
		if len(parts) == 0 {
			continue
		}
		texts := make([]string, len(parts))
		for i, pt := range parts {
			texts[i] = pt.text
		}
		msg := Message{Role: role, Content: strings.Join(texts, sep)}
		n := b.sum(parts)
		t.know(msg.Content, n)
		p.Messages = append(p.Messages, msg)
		p.Tokens += n
	}
	for _, s := range b.secs {
		r := SectionReport{
			Name:       s.spec.Name,
			Budget:     s.spec.Budget,
			BudgetFrom: s.spec.BudgetFrom,
			Tokens:     b.sum(s.parts()),
			Items:      len(s.items),
			Dropped:    s.dropped,
			Truncated:  s.truncated,
			Required:   s.spec.Required,
			Omitted:    len(s.parts()) == 0,
		}
		if r.Omitted {
			r.Why = b.whyOmitted(s)
		}
		for _, e := range s.items {
			if e.degraded {
				r.Degraded++
			}
			if s.spec.ListKept {
				r.Kept = append(r.Kept, e.key)
			}
		}
		p.Sections = append(p.Sections, r)
	}
	return p, nil
}

func (s *Spec) validate() error {
	if s.Total <= 0 {
		return fmt.Errorf("prompt: %s pack: total budget must be positive, got %d", s.Role, s.Total)
	}
	for i, sec := range s.Sections {
		where := fmt.Sprintf("prompt: %s pack: section %d %q", s.Role, i, sec.Name)
		switch {
		case sec.Name == "":
			return fmt.Errorf("%s: empty name", where)
		case sec.Message != MessageSystem && sec.Message != MessageUser:
			return fmt.Errorf("%s: message must be %q or %q, got %q", where, MessageSystem, MessageUser, sec.Message)
		case sec.Order != "" && sec.Order != OldestFirst && sec.Order != BestFirst:
			return fmt.Errorf("%s: order must be %q or %q, got %q", where, OldestFirst, BestFirst, sec.Order)
		case sec.Budget < 0 || sec.MinItems < 0 || sec.TrimRank < 0:
			return fmt.Errorf("%s: budget, min items and trim rank must not be negative", where)
		}
		for _, prev := range s.Sections[:i] {
			if prev.Name == sec.Name {
				return fmt.Errorf("%s: duplicate section name", where)
			}
		}
	}
	return nil
}

// Heading is how a section's title renders, for a builder that measures
// items under it before the pack is built (to choose which fit).
func Heading(title string) string { return "## " + strings.TrimSpace(title) }

func newSecState(sec *Section) *secState {
	s := &secState{spec: sec, min: sec.MinItems}
	if sec.Required {
		s.min = max(s.min, 1)
	}
	if title := strings.TrimSpace(sec.Title); title != "" {
		s.head = append(s.head, newPart(Heading(title)))
	}
	if intro := strings.TrimSpace(sec.Intro); intro != "" {
		s.head = append(s.head, newPart(intro))
	}
	if empty := strings.TrimSpace(sec.Empty); empty != "" {
		s.empty = newPart(empty)
	}
	for _, it := range sec.Items {
		text := strings.TrimSpace(it.Text)
		if text == "" {
			continue
		}
		e := &entry{key: it.Key, place: it.Place, full: newPart(text)}
		if fb := strings.TrimSpace(it.Fallback); fb != "" {
			e.fallback = newPart(fb)
		}
		e.cur = e.full
		s.items = append(s.items, e)
	}
	return s
}

// parts lists what the section renders, in order; nil if it is omitted.
// The list is valid until the next call (it reuses s.buf).
func (s *secState) parts() []*part {
	items := s.items
	if slices.ContainsFunc(items, func(e *entry) bool { return e.place != 0 }) {
		items = slices.Clone(items)
		slices.SortStableFunc(items, func(a, b *entry) int { return cmp.Compare(a.place, b.place) })
	}
	out := append(s.buf[:0], s.head...)
	for _, e := range items {
		if e.cur.text != "" {
			out = append(out, e.cur)
		}
	}
	if len(out) == len(s.head) {
		if s.empty == nil {
			return nil
		}
		out = append(out, s.empty)
	}
	s.buf = out
	return out
}

func (b *builder) messageParts(role string) []*part {
	var parts []*part
	for _, s := range b.secs {
		if s.spec.Message == role {
			parts = append(parts, s.parts()...)
		}
	}
	return parts
}

// total is the exact token count of all messages as they would render now.
func (b *builder) total() int {
	return b.sum(b.messageParts(MessageSystem)) + b.sum(b.messageParts(MessageUser))
}

// sum is the exact token count of parts joined by sep (see "Token
// accounting" in the package comment).
func (b *builder) sum(parts []*part) int {
	n := 0
	for i := 0; i < len(parts); {
		j := i + 1
		for j < len(parts) && !separable(parts[j].text) {
			j++
		}
		last := j == len(parts)
		switch {
		case j == i+1 && last:
			n += b.alone(parts[i])
		case j == i+1:
			n += b.withSep(parts[i])
		default:
			texts := make([]string, 0, j-i+1)
			for _, pt := range parts[i:j] {
				texts = append(texts, pt.text)
			}
			if !last {
				texts = append(texts, "")
			}
			n += b.t.Count(strings.Join(texts, sep))
		}
		i = j
	}
	return n
}

// separable reports whether tokenization restarts at text when it follows a
// separator: true unless text starts with whitespace or with "/", which
// o200k_base can glue onto a preceding punctuation-and-newlines piece.
func separable(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return text != "" && r != '/' && !unicode.IsSpace(r)
}

func (b *builder) withSep(p *part) int {
	if p.withSep < 0 {
		p.withSep = b.t.countJoined(p.text, sep)
	}
	return p.withSep
}

func (b *builder) alone(p *part) int {
	if p.alone < 0 {
		p.alone = b.t.Count(p.text)
	}
	return p.alone
}

// trimOrder lists item indexes from the trim end inwards.
func (s *secState) trimOrder() []int {
	idx := make([]int, len(s.items))
	for i := range idx {
		idx[i] = i
	}
	if s.spec.Order != OldestFirst {
		slices.Reverse(idx)
	}
	return idx
}

func (s *secState) trimEnd() int {
	if s.spec.Order == OldestFirst {
		return 0
	}
	return len(s.items) - 1
}

// degradable returns the first item from the trim end whose Fallback would
// make it smaller, or -1.
func (b *builder) degradable(s *secState) int {
	if !s.spec.Degrade {
		return -1
	}
	for _, i := range s.trimOrder() {
		e := s.items[i]
		if !e.degraded && !e.truncated && e.fallback != nil && b.withSep(e.fallback) < b.withSep(e.full) {
			return i
		}
	}
	return -1
}

// whyOmitted says why a section rendered nothing: its items were all
// dropped (for the last drop's reason), or it had none (Section.Why).
func (b *builder) whyOmitted(s *secState) string {
	if s.dropped > 0 {
		why := ""
		for _, t := range b.trims {
			if t.Section == s.spec.Name && t.Action == Dropped {
				why = t.Reason
			}
		}
		all := "its item was"
		if s.dropped > 1 {
			all = fmt.Sprintf("all %d items were", s.dropped)
		}
		return fmt.Sprintf("%s dropped (%s)", all, why)
	}
	if s.spec.Why != "" {
		return s.spec.Why
	}
	return "nothing to show"
}

func (b *builder) degrade(s *secState, i int, reason string) {
	e := s.items[i]
	before := b.withSep(e.cur)
	e.cur, e.degraded = e.fallback, true
	b.trims = append(b.trims, Trim{Section: s.spec.Name, Item: e.key, Action: Degraded, Reason: reason,
		TokensBefore: before, TokensAfter: b.withSep(e.cur)})
}

func (b *builder) drop(s *secState, i int, reason string) {
	e := s.items[i]
	b.trims = append(b.trims, Trim{Section: s.spec.Name, Item: e.key, Action: Dropped, Reason: reason,
		TokensBefore: b.withSep(e.cur)})
	s.items = slices.Delete(s.items, i, i+1)
	s.dropped++
}

// step shrinks s by one degrade or drop; false if it cannot shrink.
func (b *builder) step(s *secState, reason string) bool {
	if i := b.degradable(s); i >= 0 {
		b.degrade(s, i, reason)
		return true
	}
	if len(s.items) > s.min {
		b.drop(s, s.trimEnd(), reason)
		return true
	}
	return false
}

// applyTier enforces the section's TierMax for tier.
func (b *builder) applyTier(s *secState, tier Tier) {
	if s.spec.TierMax == [4]int{} {
		return
	}
	limit := s.spec.TierMax[tier]
	if limit < 0 {
		return
	}
	name := s.spec.Name
	if !s.spec.Degrade {
		reason := fmt.Sprintf("%s: %s capped at %d items", tier, name, limit)
		if limit == 0 {
			reason = fmt.Sprintf("%s: %s off", tier, name)
		}
		for len(s.items) > max(limit, s.min) {
			b.drop(s, s.trimEnd(), reason)
		}
		return
	}
	reason := fmt.Sprintf("%s: %s keeps %d in full", tier, name, limit)
	full := 0
	for _, e := range s.items {
		if !e.degraded {
			full++
		}
	}
	var victims []*entry
	for _, i := range s.trimOrder() {
		if full <= limit {
			break
		}
		if e := s.items[i]; !e.degraded {
			victims = append(victims, e)
			full--
		}
	}
	for _, e := range victims {
		i := slices.Index(s.items, e)
		switch {
		case e.fallback != nil:
			b.degrade(s, i, reason)
		case len(s.items) > s.min:
			b.drop(s, i, reason)
		}
	}
}

// fitSection brings s within its own budget.
func (b *builder) fitSection(s *secState) {
	budget := s.spec.Budget
	if budget <= 0 {
		return
	}
	for {
		tokens := b.sum(s.parts())
		if tokens <= budget {
			return
		}
		reason := fmt.Sprintf("section over budget (%d/%d)", tokens, budget)
		if b.step(s, reason) {
			continue
		}
		b.truncate(s, tokens, reason)
		return
	}
}

// truncate cuts the last-resort item of s (the one at its trim end) until the
// section fits its budget, and warns: this is content the caller asked for.
func (b *builder) truncate(s *secState, tokens int, reason string) {
	// The item is the one the section would drop next; MinItems (or
	// Required) forbids that, so it is cut instead.
	budget := s.spec.Budget
	if len(s.items) == 0 {
		b.warns = append(b.warns, fmt.Sprintf("section %q is over its budget (%d/%d) with nothing left to trim", s.spec.Name, tokens, budget))
		return
	}
	over := tokens
	e := s.items[s.trimEnd()]
	before := b.withSep(e.cur)
	text := e.cur.text
	target := b.alone(e.cur) - (tokens - budget)
	for target > 0 {
		e.cur = newPart(b.t.Truncate(text, target))
		text = e.cur.text // a shorter prefix is all later rounds need
		if tokens = b.sum(s.parts()); tokens <= budget {
			break
		}
		target -= max(tokens-budget, 1)
	}
	if target <= 0 {
		e.cur = newPart("")
		tokens = b.sum(s.parts())
	}
	e.truncated, s.truncated = true, true
	after := 0
	if e.cur.text != "" {
		after = b.withSep(e.cur)
	}
	b.trims = append(b.trims, Trim{Section: s.spec.Name, Item: e.key, Action: Truncated, Reason: reason,
		TokensBefore: before, TokensAfter: after})
	kind := "section"
	if s.spec.Required {
		kind = "required section"
	}
	w := fmt.Sprintf("%s %q over its budget (%d/%d): %s truncated from %d to %d tokens", kind, s.spec.Name, over, budget, quoteKey(e.key), before, after)
	if tokens > budget {
		w += fmt.Sprintf("; still over budget (%d/%d)", tokens, budget)
	}
	b.warns = append(b.warns, w)
}

func quoteKey(key string) string {
	if key == "" {
		return "item"
	}
	return fmt.Sprintf("%q", key)
}

// fitTotal trims sections in TrimRank order until the pack fits Total.
func (b *builder) fitTotal() error {
	var order []*secState
	for _, s := range b.secs {
		if s.spec.TrimRank > 0 {
			order = append(order, s)
		}
	}
	slices.SortStableFunc(order, func(x, y *secState) int { return cmp.Compare(x.spec.TrimRank, y.spec.TrimRank) })
	for {
		tokens := b.total()
		if tokens <= b.spec.Total {
			return nil
		}
		reason := fmt.Sprintf("pack over total budget (%d/%d)", tokens, b.spec.Total)
		shrunk := false
		for _, s := range order {
			if b.step(s, reason) {
				shrunk = true
				break
			}
		}
		if !shrunk {
			return b.overBudget(tokens)
		}
	}
}

func (b *builder) overBudget(tokens int) error {
	e := &OverBudgetError{Role: b.spec.Role, Tokens: tokens, Budget: b.spec.Total}
	required := false
	for _, s := range b.secs {
		n := b.sum(s.parts())
		better := n > e.SectionTokens
		if s.spec.Required != required {
			better = s.spec.Required // a required section always beats an optional one
		}
		if better && n > 0 {
			e.Section, e.SectionTokens, required = s.spec.Name, n, s.spec.Required
		}
	}
	return e
}
