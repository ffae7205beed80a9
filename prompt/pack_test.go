package prompt

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestBuildRenders(t *testing.T) {
	tk := tokenizer(t, CL100K)
	p, err := tk.Build(Spec{Role: "writer", Total: 1000, Sections: []Section{
		{Name: "system", Message: MessageSystem, Items: []Item{{Key: "sys", Text: "You are a novelist."}}},
		{Name: "bible", Title: "Story bible", Intro: "Canon:", Message: MessageSystem, Required: true,
			Items: []Item{{Key: "story.md", Text: "\n Bible text.\n"}}},
		{Name: "retrieval", Title: "Retrieval", Message: MessageUser},
		{Name: "recent", Title: "Latest", Message: MessageUser, Empty: "This is the first scene."},
		{Name: "plan", Title: "Plan", Message: MessageUser, Items: []Item{{Key: "p", Text: "  Write it.  "}, {Key: "blank", Text: " \n "}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []Message{
		{Role: "system", Content: "You are a novelist.\n\n## Story bible\n\nCanon:\n\nBible text."},
		{Role: "user", Content: "## Latest\n\nThis is the first scene.\n\n## Plan\n\nWrite it."},
	}
	if !reflect.DeepEqual(p.Messages, want) {
		t.Fatalf("messages = %q; want %q", p.Messages, want)
	}
	if n := rawCount(tk, want[0].Content) + rawCount(tk, want[1].Content); p.Tokens != n {
		t.Errorf("Tokens = %d; want %d", p.Tokens, n)
	}
	if r := p.Sections[2]; !r.Omitted || r.Tokens != 0 || r.Items != 0 {
		t.Errorf("retrieval report = %+v; want omitted with 0 tokens", r)
	}
	if r := p.Sections[4]; r.Items != 1 || r.Tokens != rawCount(tk, "## Plan\n\nWrite it.") {
		t.Errorf("plan report = %+v; want 1 item, %d tokens", r, rawCount(tk, "## Plan\n\nWrite it."))
	}
	if len(p.Trims) != 0 || len(p.Warnings) != 0 {
		t.Errorf("trims %v, warnings %v; want none", p.Trims, p.Warnings)
	}
}

// The accounting adds per-part counts; this checks it against encoding the
// rendered messages, over random packs built from awkward parts.
func TestTokensAreExact(t *testing.T) {
	paras := paragraphs(t)[:80]
	awkward := []string{
		"/path/to/scene.md", "/", "...", "“Quoted,” she said.", "<|endoftext|>", "- one\n- two.",
		"12345", "Mr.", "#", "## Heading", "É là-bas", "'s", "—dash", "a\n\n\nb", "x/", "1.\n2.", "\u00a0nbsp lead",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() string {
		if rng.IntN(3) == 0 {
			return awkward[rng.IntN(len(awkward))]
		}
		return paras[rng.IntN(len(paras))]
	}
	for _, enc := range []string{CL100K, O200K} {
		tk := tokenizer(t, enc)
		for round := range 150 {
			spec := Spec{Role: "test", Total: 1 << 30}
			for s := range 1 + rng.IntN(5) {
				sec := Section{Name: fmt.Sprintf("s%d", s), Message: []string{MessageSystem, MessageUser}[rng.IntN(2)]}
				if rng.IntN(2) == 0 {
					sec.Title = pick()
				}
				if rng.IntN(3) == 0 {
					sec.Intro = pick()
				}
				if rng.IntN(3) == 0 {
					sec.Empty = pick()
				}
				for i := range rng.IntN(4) {
					sec.Items = append(sec.Items, Item{Key: strconv.Itoa(i), Text: pick()})
				}
				spec.Sections = append(spec.Sections, sec)
			}
			p, err := tk.Build(spec)
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, m := range p.Messages {
				n := rawCount(tk, m.Content)
				want += n
				// Build records each message's count: counting it again is
				// a lookup, and exact.
				before := tk.encodes.Load()
				if got := tk.Count(m.Content); got != n || tk.encodes.Load() != before {
					t.Fatalf("%s round %d: Count(message) = %d with %d encoder calls; want %d from the cache",
						enc, round, got, tk.encodes.Load()-before, n)
				}
			}
			if p.Tokens != want {
				t.Fatalf("%s round %d: Tokens = %d; want %d\n%s", enc, round, p.Tokens, want, render(p))
			}
			// Each section on its own: a one-section pack renders exactly it.
			for i, sec := range spec.Sections {
				one, err := tk.Build(Spec{Total: 1 << 30, Sections: []Section{sec}})
				if err != nil {
					t.Fatal(err)
				}
				if got := p.Sections[i].Tokens; got != one.Tokens {
					t.Fatalf("%s round %d: section %d Tokens = %d; want %d", enc, round, i, got, one.Tokens)
				}
			}
		}
	}
}

func TestBuildDeterministic(t *testing.T) {
	build := func(tk *Tokenizer) (*Pack, string, []byte) {
		p, err := tk.Build(writerSpec(t, 4000))
		if err != nil {
			t.Fatal(err)
		}
		js, err := p.ExplainJSON()
		if err != nil {
			t.Fatal(err)
		}
		return p, p.Explain(), js
	}
	warm := tokenizer(t, CL100K)
	p1, e1, j1 := build(tokenizer(t, CL100K))
	build(warm)
	p2, e2, j2 := build(warm) // from the cache this time
	if render(p1) != render(p2) || e1 != e2 || string(j1) != string(j2) || !reflect.DeepEqual(p1, p2) {
		t.Fatalf("two builds of the same spec differ:\n%s\n---\n%s", e1, e2)
	}
	if len(p1.Trims) == 0 {
		t.Fatal("want a spec that trims, so that trimming is covered too")
	}
	if want := rawCount(warm, p1.Messages[0].Content) + rawCount(warm, p1.Messages[1].Content); p1.Tokens != want {
		t.Errorf("Tokens = %d; want %d", p1.Tokens, want)
	}
}

func keys(trims []Trim, action string) []string {
	var out []string
	for _, tr := range trims {
		if tr.Action == action {
			out = append(out, tr.Item)
		}
	}
	return out
}

// items makes n items of about 60 tokens each, keyed k1..kn.
func items(t *testing.T, n int) []Item {
	var out []Item
	for i := 1; i <= n; i++ {
		out = append(out, Item{Key: fmt.Sprintf("k%d", i), Text: fmt.Sprintf("Item %d. %s", i, strings.Repeat("word ", 55))})
	}
	return out
}

func TestSectionBudgetDropsFromTrimEnd(t *testing.T) {
	tk := tokenizer(t, CL100K)
	for _, tc := range []struct {
		order string
		want  []string
	}{
		{OldestFirst, []string{"k1", "k2", "k3"}},
		{BestFirst, []string{"k5", "k4", "k3"}},
		{"", []string{"k5", "k4", "k3"}}, // best-first by default
	} {
		p, err := tk.Build(Spec{Total: 10000, Sections: []Section{
			{Name: "s", Title: "S", Message: MessageUser, Budget: 150, Order: tc.order, Items: items(t, 5)},
		}})
		if err != nil {
			t.Fatal(err)
		}
		if got := keys(p.Trims, Dropped); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("order %q: dropped %v; want %v", tc.order, got, tc.want)
		}
		if r := p.Sections[0]; r.Tokens > 150 || r.Items != 2 || r.Dropped != 3 {
			t.Errorf("order %q: report %+v; want 2 items within 150 tokens", tc.order, r)
		}
		if !strings.HasPrefix(p.Trims[0].Reason, "section over budget (") {
			t.Errorf("reason = %q; want \"section over budget (...)\"", p.Trims[0].Reason)
		}
		assertOverNumbers(t, p.Trims)
	}
}

// Items with a Place render in that order, and trimming still takes the
// back of the list: a ranked list keeps its best items in a stable order.
func TestPlaceRendersTrimFollowsList(t *testing.T) {
	tk := tokenizer(t, CL100K)
	ranked := []Item{{Key: "best", Text: "Best item.", Place: 3}, {Key: "next", Text: "Next item.", Place: 1},
		{Key: "also", Text: "Also an item.", Place: 4}, {Key: "worst", Text: "Worst item.", Place: 2}}
	budget := rawCount(tk, "## S\n\nNext item.\n\nBest item.\n\nAlso an item.")
	p, err := tk.Build(Spec{Total: 1000, Sections: []Section{
		{Name: "s", Title: "S", Message: MessageUser, Budget: budget, Items: ranked},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := keys(p.Trims, Dropped); !reflect.DeepEqual(got, []string{"worst"}) {
		t.Errorf("dropped %v; want [worst]", got)
	}
	if want := "## S\n\nNext item.\n\nBest item.\n\nAlso an item."; p.Messages[0].Content != want {
		t.Errorf("rendered %q; want %q", p.Messages[0].Content, want)
	}
	if r := p.Sections[0]; r.Tokens != budget {
		t.Errorf("section tokens %d; want %d (the rendered order's exact count)", r.Tokens, budget)
	}
}

// assertOverNumbers checks every "(a/b)" in trim reasons says a > b: each
// trim was needed when it was made.
func assertOverNumbers(t *testing.T, trims []Trim) {
	t.Helper()
	re := regexp.MustCompile(`\((\d+)/(\d+)\)`)
	for _, tr := range trims {
		m := re.FindStringSubmatch(tr.Reason)
		if m == nil {
			continue
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		if a <= b {
			t.Errorf("trim %+v: reason says %d/%d, not over", tr, a, b)
		}
	}
}

func TestDegradeBeforeDrop(t *testing.T) {
	tk := tokenizer(t, CL100K)
	sc := scenes(t, 3, 6)
	fits := func(n int) int { // budget that fits the first n scenes degraded and the rest in full
		parts := []string{"## Latest"}
		for i, s := range sc {
			if i < n {
				parts = append(parts, s.Fallback)
			} else {
				parts = append(parts, s.Text)
			}
		}
		return rawCount(tk, strings.Join(parts, "\n\n"))
	}
	for _, tc := range []struct {
		budget   int
		degraded []string
		dropped  []string
	}{
		{fits(0), nil, nil},
		{fits(1), []string{"scene 1"}, nil},
		{fits(2), []string{"scene 1", "scene 2"}, nil},
		{fits(2) - 1, []string{"scene 1", "scene 2", "scene 3"}, nil},
		{fits(3) - 1, []string{"scene 1", "scene 2", "scene 3"}, []string{"scene 1"}},
	} {
		p, err := tk.Build(Spec{Total: 100000, Sections: []Section{
			{Name: "recent", Title: "Latest", Message: MessageUser, Budget: tc.budget, Order: OldestFirst, Degrade: true, MinItems: 1, Items: sc},
		}})
		if err != nil {
			t.Fatal(err)
		}
		if got := keys(p.Trims, Degraded); !reflect.DeepEqual(got, tc.degraded) {
			t.Errorf("budget %d: degraded %v; want %v", tc.budget, got, tc.degraded)
		}
		if got := keys(p.Trims, Dropped); !reflect.DeepEqual(got, tc.dropped) {
			t.Errorf("budget %d: dropped %v; want %v", tc.budget, got, tc.dropped)
		}
		if r := p.Sections[0]; r.Tokens > tc.budget || r.Degraded != len(tc.degraded)-len(tc.dropped) {
			t.Errorf("budget %d: report %+v", tc.budget, r)
		}
		assertOverNumbers(t, p.Trims)
	}
}

func TestMinItemsThenTruncateWithWarning(t *testing.T) {
	tk := tokenizer(t, CL100K)
	p, err := tk.Build(Spec{Total: 10000, Sections: []Section{
		{Name: "history", Title: "History", Message: MessageUser, Budget: 40, Order: OldestFirst, MinItems: 1, Items: items(t, 3)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := keys(p.Trims, Dropped), []string{"k1", "k2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("dropped %v; want %v", got, want)
	}
	if got, want := keys(p.Trims, Truncated), []string{"k3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("truncated %v; want %v", got, want)
	}
	r := p.Sections[0]
	if !r.Truncated || r.Items != 1 || r.Tokens > 40 || r.Tokens < 30 {
		t.Errorf("report %+v; want 1 truncated item of 30-40 tokens", r)
	}
	if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], `section "history" over its budget (`) {
		t.Errorf("warnings = %q; want one about history", p.Warnings)
	}
	if !strings.HasPrefix(p.Messages[0].Content, "## History\n\nItem 3.") {
		t.Errorf("content = %.40q; want the newest item, cut", p.Messages[0].Content)
	}
}

func TestRequiredOverBudgetTruncatedWithWarning(t *testing.T) {
	tk := tokenizer(t, O200K)
	bible := strings.Join(paragraphs(t)[:60], "\n\n")
	p, err := tk.Build(Spec{Role: "writer", Total: 5000, Sections: []Section{
		{Name: "bible", Title: "Story bible", Message: MessageSystem, Required: true, Budget: 500, Items: []Item{{Key: "story.md", Text: bible}}},
		{Name: "plan", Message: MessageUser, Required: true, Items: []Item{{Key: "plan", Text: "Write the ball."}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	r := p.Sections[0]
	if !r.Truncated || r.Tokens > 500 || r.Tokens < 480 || r.Items != 1 {
		t.Errorf("bible report %+v; want one item truncated to 480-500 tokens", r)
	}
	if got := rawCount(tk, p.Messages[0].Content); got != r.Tokens {
		t.Errorf("system message has %d tokens; report says %d", got, r.Tokens)
	}
	if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], `required section "bible" over its budget (`) || !strings.Contains(p.Warnings[0], "/500): \"story.md\" truncated from") {
		t.Errorf("warnings = %q; want one naming the required bible and its budget", p.Warnings)
	}
	if len(p.Trims) != 1 || p.Trims[0].Action != Truncated || p.Trims[0].TokensAfter >= p.Trims[0].TokensBefore {
		t.Errorf("trims = %+v; want one truncation", p.Trims)
	}
	if !strings.HasPrefix(bible, strings.TrimPrefix(p.Messages[0].Content, "## Story bible\n\n")) {
		t.Error("truncated bible is not a prefix of the bible")
	}
}

func TestTotalTrimsByRank(t *testing.T) {
	tk := tokenizer(t, CL100K)
	sc := scenes(t, 12, 6)
	spec := func(total int) Spec {
		return Spec{Role: "writer", Total: total, Sections: []Section{
			{Name: "bible", Message: MessageSystem, Required: true, Items: []Item{{Key: "story.md", Text: paragraphs(t)[0]}}},
			{Name: "glossary", Title: "Glossary", Message: MessageSystem, Items: items(t, 2)}, // TrimRank 0: never trimmed for the total
			{Name: "recent", Title: "Latest", Message: MessageUser, Order: OldestFirst, Degrade: true, MinItems: 1, TrimRank: 3, Items: sc[8:12]},
			{Name: "retrieval", Title: "Relevant", Message: MessageUser, Order: BestFirst, TrimRank: 1, Items: sc[0:4]},
			{Name: "summaries", Title: "Summaries", Message: MessageUser, Order: OldestFirst, TrimRank: 2, Items: summaries(sc[4:8])},
			{Name: "plan", Message: MessageUser, Required: true, Items: []Item{{Key: "plan", Text: "Write the ball."}}},
		}}
	}
	full, err := tk.Build(spec(1 << 30))
	if err != nil {
		t.Fatal(err)
	}
	rank := map[string]int{"retrieval": 1, "summaries": 2, "recent": 3}
	for _, total := range []int{full.Demand - 1, full.Demand * 3 / 4, full.Demand / 2, full.Demand / 4} {
		p, err := tk.Build(spec(total))
		if err != nil {
			t.Fatalf("total %d: %v", total, err)
		}
		if p.Tokens > total {
			t.Errorf("total %d: pack has %d tokens", total, p.Tokens)
		}
		if len(p.Trims) == 0 {
			t.Fatalf("total %d: no trims", total)
		}
		assertOverNumbers(t, p.Trims)
		last := 0
		for _, tr := range p.Trims {
			if !strings.HasPrefix(tr.Reason, "pack over total budget (") || !strings.HasSuffix(tr.Reason, fmt.Sprintf("/%d)", total)) {
				t.Errorf("total %d: reason %q", total, tr.Reason)
			}
			r := rank[tr.Section]
			if r == 0 || r < last {
				t.Errorf("total %d: trim %+v out of TrimRank order", total, tr)
			}
			last = r
		}
		// A section is only touched once every lower rank is exhausted.
		reports := map[string]SectionReport{}
		for _, r := range p.Sections {
			reports[r.Name] = r
		}
		if reports["summaries"].Dropped > 0 && reports["retrieval"].Items > 0 {
			t.Errorf("total %d: summaries trimmed while retrieval kept %d items", total, reports["retrieval"].Items)
		}
		if rec := reports["recent"]; rec.Degraded+rec.Dropped > 0 && reports["summaries"].Items > 0 {
			t.Errorf("total %d: recent trimmed while summaries kept %d items", total, reports["summaries"].Items)
		}
		if rec := reports["recent"]; rec.Dropped > 0 && rec.Degraded < rec.Items {
			t.Errorf("total %d: recent dropped a scene before degrading all: %+v", total, rec)
		}
		if g := reports["glossary"]; g.Items != 2 || g.Dropped != 0 {
			t.Errorf("total %d: glossary (TrimRank 0) trimmed: %+v", total, g)
		}
		if total == full.Demand-1 && (len(p.Trims) != 1 || p.Trims[0].Section != "retrieval" || p.Trims[0].Item != "scene 4") {
			t.Errorf("one token over: trims %+v; want only the lowest-ranked retrieval item dropped", p.Trims)
		}
	}
	// The oldest full-text scene degrades first.
	p, err := tk.Build(spec(full.Demand / 4))
	if err != nil {
		t.Fatal(err)
	}
	if got := keys(p.Trims, Degraded); len(got) == 0 || got[0] != "scene 9" {
		t.Errorf("degraded %v; want scene 9 (the oldest) first", got)
	}
}

func TestOverBudgetError(t *testing.T) {
	tk := tokenizer(t, CL100K)
	bible := strings.Join(paragraphs(t)[:40], "\n\n")
	spec := Spec{Role: "writer", Total: 300, Sections: []Section{
		{Name: "system", Message: MessageSystem, Required: true, Items: []Item{{Key: "sys", Text: "You are a novelist."}}},
		{Name: "bible", Message: MessageSystem, Required: true, Items: []Item{{Key: "story.md", Text: bible}}},
		{Name: "retrieval", Message: MessageUser, TrimRank: 1, Items: items(t, 3)},
		{Name: "plan", Message: MessageUser, Required: true, Items: []Item{{Key: "plan", Text: "Write the ball."}}},
	}}
	p, err := tk.Build(spec)
	var obe *OverBudgetError
	if !errors.As(err, &obe) {
		t.Fatalf("Build = %v, %v; want *OverBudgetError", p, err)
	}
	bibleTokens := rawCount(tk, bible)
	if obe.Section != "bible" || obe.Budget != 300 || obe.SectionTokens != bibleTokens || obe.Tokens <= bibleTokens || obe.Role != "writer" {
		t.Errorf("error = %+v; want bible (%d tokens) over 300", obe, bibleTokens)
	}
	msg := err.Error()
	for _, want := range []string{"writer", `"bible"`, "300", strconv.Itoa(obe.Tokens), strconv.Itoa(bibleTokens)} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %s", msg, want)
		}
	}

	// Without required sections the biggest section is named.
	spec.Sections = []Section{{Name: "glossary", Message: MessageUser, Items: items(t, 4)}}
	spec.Total = 100
	if _, err := tk.Build(spec); !errors.As(err, &obe) || obe.Section != "glossary" {
		t.Errorf("Build = %v; want *OverBudgetError naming glossary", err)
	}
}

func TestTierMax(t *testing.T) {
	tk := tokenizer(t, CL100K)
	sc := scenes(t, 7, 4)
	spec := func(total int) Spec {
		return Spec{Total: total, Sections: []Section{
			{Name: "retrieval", Message: MessageUser, Order: BestFirst, TierMax: [4]int{-1, 2, 0, 0}, Items: sc[0:4]},
			{Name: "recent", Message: MessageUser, Order: OldestFirst, Degrade: true, MinItems: 1, TierMax: [4]int{-1, -1, 1, 1}, Items: sc[4:7]},
			{Name: "cast", Message: MessageUser, Items: items(t, 2)}, // zero TierMax = no limit
		}}
	}
	base, err := tk.Build(spec(1 << 30))
	if err != nil {
		t.Fatal(err)
	}
	d := base.Demand
	for _, tc := range []struct {
		total     int
		tier      Tier
		retrieval int
		degraded  []string
		reason    string
	}{
		{d * 2, Normal, 4, nil, ""},
		{d * 4 / 3, StrainI, 2, nil, "strain I: retrieval capped at 2 items"},
		{d * 10 / 9, StrainII, 0, []string{"scene 5", "scene 6"}, "strain II: retrieval off"},
		{d, StrainIII, 0, []string{"scene 5", "scene 6"}, "strain III: retrieval off"},
	} {
		p, err := tk.Build(spec(tc.total))
		if err != nil {
			t.Fatal(err)
		}
		if p.Tier != tc.tier {
			t.Fatalf("total %d (pressure %.3f): tier %v; want %v", tc.total, p.Pressure, p.Tier, tc.tier)
		}
		if got := p.Sections[0].Items; got != tc.retrieval {
			t.Errorf("%v: retrieval kept %d; want %d", tc.tier, got, tc.retrieval)
		}
		if got := keys(p.Trims, Degraded); !reflect.DeepEqual(got, tc.degraded) {
			t.Errorf("%v: degraded %v; want %v", tc.tier, got, tc.degraded)
		}
		if tc.retrieval < 4 {
			if dropped := keys(p.Trims, Dropped); dropped[0] != "scene 4" || p.Trims[0].Reason != tc.reason {
				t.Errorf("%v: first trim %+v; want scene 4 dropped: %s", tc.tier, p.Trims[0], tc.reason)
			}
		}
		if tc.degraded != nil && !strings.HasSuffix(p.Trims[len(p.Trims)-1].Reason, ": recent keeps 1 in full") {
			t.Errorf("%v: recent reason %q", tc.tier, p.Trims[len(p.Trims)-1].Reason)
		}
		if c := p.Sections[2]; c.Items != 2 {
			t.Errorf("%v: cast kept %d; want 2 (no TierMax)", tc.tier, c.Items)
		}
	}
}

func TestPressureTiers(t *testing.T) {
	for _, tc := range []struct {
		pressure float64
		want     Tier
	}{{0, Normal}, {0.6999, Normal}, {0.70, StrainI}, {0.8499, StrainI}, {0.85, StrainII}, {0.9499, StrainII}, {0.95, StrainIII}, {3, StrainIII}} {
		if got := tierFor(tc.pressure); got != tc.want {
			t.Errorf("tierFor(%v) = %v; want %v", tc.pressure, got, tc.want)
		}
	}
	for _, tc := range []struct {
		demand, budget int
		want           Tier
	}{{69, 100, Normal}, {70, 100, StrainI}, {84, 100, StrainI}, {85, 100, StrainII}, {94, 100, StrainII}, {95, 100, StrainIII}, {7, 10, StrainI}, {17, 20, StrainII}, {19, 20, StrainIII}} {
		if got := tierOf(tc.demand, tc.budget); got != tc.want {
			t.Errorf("tierOf(%d, %d) = %v; want %v", tc.demand, tc.budget, got, tc.want)
		}
	}
	names := []string{Normal.String(), StrainI.String(), StrainII.String(), StrainIII.String()}
	if want := []string{"normal", "strain I", "strain II", "strain III"}; !reflect.DeepEqual(names, want) {
		t.Errorf("tier names %q; want %q", names, want)
	}

	tk := tokenizer(t, CL100K)
	p, err := tk.Build(Spec{Total: 100, Sections: []Section{{Name: "s", Message: MessageUser, Items: []Item{{Text: "hello world"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Demand != 2 || p.Pressure != 0.02 || p.Tier != Normal || p.Budget != 100 {
		t.Errorf("demand %d, pressure %v, tier %v; want 2, 0.02, normal", p.Demand, p.Pressure, p.Tier)
	}
}

func TestSpecValidation(t *testing.T) {
	tk := tokenizer(t, CL100K)
	ok := Section{Name: "s", Message: MessageUser}
	for name, tc := range map[string]struct {
		spec Spec
		want string
	}{
		"total":     {Spec{Total: 0, Sections: []Section{ok}}, "total budget"},
		"message":   {Spec{Total: 10, Sections: []Section{{Name: "s", Message: "assistant"}}}, `"assistant"`},
		"order":     {Spec{Total: 10, Sections: []Section{{Name: "s", Message: MessageUser, Order: "newest-first"}}}, "newest-first"},
		"name":      {Spec{Total: 10, Sections: []Section{{Message: MessageUser}}}, "empty name"},
		"duplicate": {Spec{Total: 10, Sections: []Section{ok, ok}}, "duplicate"},
		"negative":  {Spec{Total: 10, Sections: []Section{{Name: "s", Message: MessageUser, Budget: -1}}}, "negative"},
	} {
		if _, err := tk.Build(tc.spec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Build error = %v; want one mentioning %s", name, err, tc.want)
		}
	}
}
