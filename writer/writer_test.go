package writer

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// markedScenes returns n corpus bodies of about words words, each opening
// with a unique marker sentence "MARKER-Snn." and closing with "END-Snn.".
func markedScenes(t testing.TB, first, n, words int) []string {
	bodies := corpusScenes(t, n, words)
	for i := range bodies {
		seq := first + i
		bodies[i] = fmt.Sprintf("MARKER-S%02d. %s END-S%02d.", seq, bodies[i], seq)
	}
	return bodies
}

func build(t testing.TB, in Input) *prompt.Pack {
	t.Helper()
	pack, err := Build(tokenizer(t), in)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return pack
}

func sectionReport(t testing.TB, p *prompt.Pack, name string) prompt.SectionReport {
	t.Helper()
	for _, s := range p.Sections {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("pack has no section %q", name)
	return prompt.SectionReport{}
}

// Issue 2: scene 12, checkpoint interval 5, counts 2/3.
func TestScene12Tiers(t *testing.T) {
	cfg := presetConfig(t, "balanced", "generation:\n  checkpoint_interval: 5\n")
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 11, 350))
	f.addCheckpoints(5, 11)
	p := f.load(t, cfg)
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 12})
	all := content(pack)

	for seq := 1; seq <= 11; seq++ {
		inFull := seq >= 10
		for _, m := range []string{fmt.Sprintf("MARKER-S%02d.", seq), fmt.Sprintf("END-S%02d.", seq)} {
			if got := strings.Contains(all, m); got != inFull {
				t.Errorf("pack contains %s: got %v; want %v", m, got, inFull)
			}
		}
		// The summaries tier steps back from the stretch (scene 11, after
		// checkpoint 6-10) by summary_scenes_count: scenes 5-9, not a
		// window of 3 that would slide by one each tick.
		bullets := seq >= 5 && seq <= 9
		if got := strings.Contains(all, fmt.Sprintf("SUMMARY-S%02d-B", seq)); got != bullets {
			t.Errorf("pack contains the summary bullets of scene %d: got %v; want %v", seq, got, bullets)
		}
	}
	for _, cp := range []string{"CHECKPOINT-1-5", "CHECKPOINT-6-10"} {
		if !strings.Contains(all, cp) {
			t.Errorf("pack lacks checkpoint summary %s", cp)
		}
	}
	if pack.Tokens > pack.Budget {
		t.Errorf("pack tokens = %d; want <= budget %d", pack.Tokens, pack.Budget)
	}
	if len(pack.Messages) != 2 || pack.Messages[0].Role != "system" || pack.Messages[1].Role != "user" {
		t.Fatalf("messages = %v; want system then user", roles(pack))
	}
	// Sections in the documented order, most stable first.
	user := pack.Messages[1].Content
	inOrder(t, user, "## Story bible", "## Glossary and pinned facts", "## Characters and places", "## The story so far",
		"## Earlier scenes (summaries)", "## Recent scenes (full text)", "## Scene 12: the plan")
	if !strings.Contains(user, "Write scene 12 now, about 400 words") {
		t.Errorf("plan section lacks the instruction; user message ends:\n%s", tail(user, 400))
	}
}

func roles(p *prompt.Pack) []string {
	var out []string
	for _, m := range p.Messages {
		out = append(out, m.Role)
	}
	return out
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// Deleted scenes are absent and seq gaps are fine: tiers follow the live list.
func TestTiersFollowLiveScenes(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	bodies := markedScenes(t, 1, 11, 350)
	f.addScenes(1, bodies)
	f.scenes = append(f.scenes[:8], f.scenes[10:]...) // scenes 9 and 10 deleted
	p := f.load(t, cfg)
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 12})
	all := content(pack)
	for _, seq := range []int{8, 11} {
		if m := fmt.Sprintf("MARKER-S%02d.", seq); !strings.Contains(all, m) {
			t.Errorf("pack lacks the full text of scene %d", seq)
		}
	}
	// No checkpoint yet: the summaries tier grows from scene 1.
	for _, seq := range []int{1, 2, 3, 4, 5, 6, 7} {
		if m := fmt.Sprintf("SUMMARY-S%02d-B", seq); !strings.Contains(all, m) {
			t.Errorf("pack lacks the summary of scene %d", seq)
		}
		if m := fmt.Sprintf("MARKER-S%02d.", seq); strings.Contains(all, m) {
			t.Errorf("pack has the prose of scene %d", seq)
		}
	}
}

func TestFirstScene(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	p := f.load(t, cfg)
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 1})
	all := content(pack)
	if !strings.Contains(all, "This is the first scene of the novel.") {
		t.Errorf("first-scene pack lacks the first-scene note")
	}
	for _, absent := range []string{"## The story so far", "## Earlier scenes"} {
		if strings.Contains(all, absent) {
			t.Errorf("first-scene pack has %q", absent)
		}
	}
}

// Seed 004 phase 3: short scenes → more full text, long scenes → fewer.
func TestDynamicTiers(t *testing.T) {
	cfg := presetConfig(t, "balanced", "") // full text 2 (max 4), summaries 3, scene_words 400
	cases := []struct {
		name     string
		words    int
		wantFull []int // scenes in full text
		wantSumm []int // scenes as bullets (summary tier or degraded)
	}{
		// No checkpoint yet: the summaries tier grows from scene 1.
		{"short", 150, []int{7, 8, 9, 10}, []int{1, 2, 3, 4, 5, 6}},
		{"nominal", 380, []int{9, 10}, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{"long", 1600, []int{10}, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := baseFixture()
			f.addScenes(1, markedScenes(t, 1, 10, tc.words))
			p := f.load(t, cfg)
			pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 11})
			all := content(pack)
			for seq := 1; seq <= 10; seq++ {
				want := contains(tc.wantFull, seq)
				if got := strings.Contains(all, fmt.Sprintf("END-S%02d.", seq)); got != want {
					t.Errorf("scene %d in full: got %v; want %v", seq, got, want)
				}
				want = contains(tc.wantSumm, seq)
				if got := strings.Contains(all, fmt.Sprintf("SUMMARY-S%02d-B", seq)); got != want {
					t.Errorf("scene %d as bullets: got %v; want %v", seq, got, want)
				}
			}
			if r := sectionReport(t, pack, SecRecent); r.Tokens > r.Budget {
				t.Errorf("recent section = %d tokens; want <= %d", r.Tokens, r.Budget)
			}
		})
	}
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func TestRetrievalSkipsTieredScenes(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 11, 350))
	p := f.load(t, cfg)
	recalled := []project.Snippet{
		{Seq: 10, Title: "Tide 10", Kind: "scene", Text: "RECALL-10 in the full-text tier", Score: 0.9},
		{Seq: 3, Title: "Tide 3", Kind: "scene", Text: "RECALL-3 the bell rang twice", Score: 0.8},
		{Seq: 7, Title: "Tide 7", Kind: "scene", Text: "RECALL-7 in the summary tier", Score: 0.7},
		{Seq: 1, Title: "Tide 1", Kind: "scene", Text: "RECALL-1 Ada lights the lamp", Score: 0.6},
		{Seq: 5, Title: "Tide 5", Kind: "scene", Text: "RECALL-1 Ada lights the lamp", Score: 0.5}, // duplicate text
	}
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 12, Recalled: recalled})
	all := content(pack)
	i3 := strings.Index(all, "**Scene 3: Tide 3**\nRECALL-3")
	i1 := strings.Index(all, "**Scene 1: Tide 1**\nRECALL-1")
	if i3 < 0 || i1 < 0 || i1 < i3 {
		t.Errorf("recalled scenes 3 and 1 at %d, %d; want both, best first", i3, i1)
	}
	for _, absent := range []string{"RECALL-10", "RECALL-7"} {
		if strings.Contains(all, absent) {
			t.Errorf("pack has %s, a scene already in the tiers", absent)
		}
	}
	if n := strings.Count(all, "RECALL-1 Ada"); n != 1 {
		t.Errorf("duplicate recalled text appears %d times; want 1", n)
	}
}

func TestCastSheets(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	f.characters = append(f.characters, &project.Character{ID: "c4", Name: "Pell", Role: "ferry hand", Body: "A boy of twelve."})
	p := f.load(t, cfg)
	plan := testPlan()
	plan.Cast = []string{"c2", "c4"}
	pack := build(t, Input{Project: p, Config: cfg, Plan: plan, Seq: 1, Created: []string{"c4"}})
	user := pack.Messages[1].Content
	// File order (characters, then places); the POV's sheet after the plan.
	inOrder(t, user, "### Tobias Venn (c2)", "### Pell (c4) — new this scene", "### Heron Gate (l2) — setting of this scene",
		"## Scene 1: the plan", "### Mara Quill (c1) — point of view")
	if strings.Contains(user, "### Old Ada") {
		t.Errorf("pack has a sheet for Old Ada, who is not in the scene")
	}
	if !strings.Contains(user, "Relationships: Tobias Venn: distrusts him") {
		t.Errorf("Mara's sheet lacks her relationship by name")
	}
	if !strings.Contains(user, "Also present: Tobias Venn (c2); Pell (c4), new this scene") {
		t.Errorf("plan lacks the cast line; plan:\n%s", tail(user, 600))
	}
	if !strings.Contains(user, "- t2: What does the brass key open?") {
		t.Errorf("plan lacks the thread text")
	}
}

// The glossary's front holds what was set before the stretch, in file
// order; the tail chooses the terms the plan names first, then the rest,
// and lists them in file order; a tight budget keeps the named term.
func TestGlossaryMentionedFirst(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	p := f.load(t, cfg)
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 1})
	user := pack.Messages[1].Content
	// The terms were coined in scenes 2 and 4: after the stretch's start.
	inOrder(t, user, "## Glossary and pinned facts", "- Pinned: The gate opens", "## Terms and facts for this scene",
		"- **low-water mark**", "- **heron-sign**")
	tight := presetConfig(t, "balanced", "budgets:\n  glossary: 25\n")
	user = build(t, Input{Project: f.load(t, tight), Config: tight, Plan: testPlan(), Seq: 1}).Messages[1].Content
	if !strings.Contains(user, "- **heron-sign**") || strings.Contains(user, "- **low-water mark**") {
		t.Errorf("a 25-token glossary budget should keep the mentioned heron-sign and drop low-water mark:\n%s", user)
	}
}

func TestErrors(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	p := baseFixture().load(t, cfg)
	tok := tokenizer(t)
	for _, in := range []Input{
		{Config: cfg, Plan: testPlan(), Seq: 1},
		{Project: p, Plan: testPlan(), Seq: 1},
		{Project: p, Config: cfg, Seq: 1},
		{Project: p, Config: cfg, Plan: testPlan()},
	} {
		if _, err := Build(tok, in); err == nil {
			t.Errorf("Build(%+v) = nil error; want one", in)
		}
	}
	tiny := presetConfig(t, "balanced", "budgets:\n  writer: 200\n")
	_, err := Build(tok, Input{Project: p, Config: tiny, Plan: testPlan(), Seq: 1})
	var ob *prompt.OverBudgetError
	if !errors.As(err, &ob) {
		t.Fatalf("Build with a 200-token budget: err = %v; want *prompt.OverBudgetError", err)
	}
	if ob.Budget != 200 || ob.Section == "" {
		t.Errorf("OverBudgetError = %+v; want budget 200 and a section", ob)
	}
}

// Golden packs: same project + same plan ⇒ byte-identical pack, per preset.
func TestGoldenPacks(t *testing.T) {
	for _, preset := range []string{"conservative", "balanced", "aggressive"} {
		t.Run(preset, func(t *testing.T) {
			cfg := presetConfig(t, preset, "")
			f := baseFixture()
			f.characters = append(f.characters, &project.Character{ID: "c4", Name: "Pell", Role: "ferry hand", Body: "A boy of twelve."})
			f.addScenes(1, markedScenes(t, 1, 24, 330))
			f.addCheckpoints(5, 24)
			p := f.load(t, cfg)
			plan := testPlan()
			plan.Cast = []string{"c2", "c4"}
			in := Input{Project: p, Config: cfg, Plan: plan, Seq: 25, Created: []string{"c4"},
				Recalled: []project.Snippet{
					{Seq: 2, Title: "Mara Quill", Kind: project.SnippetAnchor, Entity: "c1", Anchor: "promised", Text: "Mara promised her father she would never sell the ferry.", Score: 1},
					{Seq: 3, Title: "Tide 3", Kind: "scene", Text: "The bell rang twice, then stopped.", Score: 0.8}}}
			got := renderGolden(build(t, in))
			again := renderGolden(build(t, in))
			if got != again {
				t.Fatalf("two builds of the same input differ")
			}
			path := filepath.Join("testdata", "pack-"+preset+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./writer/ -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("pack differs from %s (run with -update after reviewing):\n%s", path, firstDiff(got, string(want)))
			}
		})
	}
}

func renderGolden(p *prompt.Pack) string {
	var b strings.Builder
	for _, m := range p.Messages {
		fmt.Fprintf(&b, "===== %s =====\n%s\n", m.Role, m.Content)
	}
	b.WriteString("===== explain =====\n")
	b.WriteString(p.Explain())
	return b.String()
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}

// The pack stays within budget and flat as the book grows, yet keeps the
// newest full text, the mid-range bullets and a bounded history.
func TestScale(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	sizes := []int{50, 500, 2000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	tokens := map[int]int{}
	for _, n := range sizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := bigProject(t, cfg, n, 400)
			pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: n + 1,
				Recalled: []project.Snippet{{Seq: 2, Title: "Tide 2", Kind: "scene", Text: "An older passage.", Score: 0.5}}})
			all := content(pack)
			tokens[n] = pack.Tokens
			if pack.Tokens > pack.Budget {
				t.Errorf("pack = %d tokens; want <= %d", pack.Tokens, pack.Budget)
			}
			if m := fmt.Sprintf("BODY-%d. ", n); !strings.Contains(all, m) {
				t.Errorf("pack lacks the full text of the newest scene %d", n)
			}
			for seq := n - 4; seq <= n-2; seq++ {
				if m := fmt.Sprintf("SUMMARY-S%02d-B", seq); !strings.Contains(all, m) {
					t.Errorf("pack lacks the mid-range bullets of scene %d", seq)
				}
			}
			hist := sectionReport(t, pack, SecHistory)
			if hist.Items == 0 || hist.Items > 30 || hist.Tokens > hist.Budget {
				t.Errorf("history = %d items, %d/%d tokens; want 1..30 items within budget", hist.Items, hist.Tokens, hist.Budget)
			}
			// The newest checkpoint before the recent tier is always there.
			newest := (n - 2) / 10 * 10
			if m := fmt.Sprintf("**Scenes %d–%d**", newest-9, newest); !strings.Contains(all, m) {
				t.Errorf("history lacks the newest checkpoint %s", m)
			}
		})
	}
	if a, b := tokens[50], tokens[sizes[len(sizes)-1]]; a > 0 && float64(b) > 1.1*float64(a) {
		t.Errorf("pack tokens grew from %d at 50 scenes to %d; want <= 1.1x", a, b)
	}
}

func TestHistoryPrefersArcs(t *testing.T) {
	cfg := presetConfig(t, "balanced", "budgets:\n  history: 3000\n")
	p := bigProject(t, cfg, 120, 60)
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 121})
	all := content(pack)
	// 12 checkpoints; arc 1-50 rolls up the first 5, the newest 5 stay detailed.
	if !strings.Contains(all, "ARC-1-50") {
		t.Errorf("history lacks the arc 1-50")
	}
	if strings.Contains(all, "**Scenes 1–10**") {
		t.Errorf("history has checkpoint 1-10, which the arc covers")
	}
	if !strings.Contains(all, "**Scenes 51–60**") {
		t.Errorf("history lacks checkpoint 51-60, which no arc covers")
	}
}

func TestClean(t *testing.T) {
	cases := []struct{ in, want string }{
		{"The tide was out.\r\n\r\nMara waited.\r\n", "The tide was out.\n\nMara waited."},
		{"# The Bell\n\nThe tide was out.", "The tide was out."},
		{"## Scene 12: The Bell at Low Water\n\nThe tide was out.", "The tide was out."},
		{"Scene 12: The Bell\n\nThe tide was out.", "The tide was out."},
		{"**Scene 12**\nThe tide was out.", "The tide was out."},
		{"---\n# The Bell\n---\n\nThe tide was out.\n\n---\n", "The tide was out."},
		{"```markdown\nThe tide was out.\n```", "The tide was out."},
		{"  \n\nThe tide was out.  \nMara waited.\n\n", "The tide was out.\nMara waited."},
		// Prose that merely starts with "Scene" stays.
		{"Scene 12 of the play ended badly.\n\nMara left.", "Scene 12 of the play ended badly.\n\nMara left."},
		// A section break in the middle of the prose stays.
		{"One.\n\n* * *\n\nTwo.", "One.\n\n* * *\n\nTwo."},
		{"", ""},
	}
	for _, tc := range cases {
		if got := Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

func TestComputeTiersSmallCounts(t *testing.T) {
	cfg := presetConfig(t, "conservative", "") // full text 1 (max 2), summaries 2
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 2, 380))
	p := f.load(t, cfg)
	tr := computeTiers(tokenizer(t), Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 3})
	got := [3][]int{seqs(tr.older), seqs(tr.summaries), seqs(tr.recent)}
	want := [3][]int{nil, {1}, {2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tiers (older, summaries, recent) = %v; want %v", got, want)
	}
}

func seqs(ss []*project.Scene) []int {
	var out []int
	for _, s := range ss {
		out = append(out, s.Seq)
	}
	return out
}

// BenchmarkWriterPack measures pack assembly after the tokenizer is loaded
// and the scenes counted once (as in a long-running tick loop).
func BenchmarkWriterPack(b *testing.B) {
	cfg := presetConfig(b, "balanced", "")
	tok := tokenizer(b)
	for _, n := range []int{50, 500, 2000} {
		b.Run(fmt.Sprintf("scenes=%d", n), func(b *testing.B) {
			p := bigProject(b, cfg, n, 400)
			in := Input{Project: p, Config: cfg, Plan: testPlan(), Seq: n + 1}
			pack, err := Build(tok, in)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if pack, err = Build(tok, in); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(pack.Tokens), "tokens")
		})
	}
}

// inOrder checks that each of parts occurs in text, each after the one before.
func inOrder(t *testing.T, text string, parts ...string) {
	t.Helper()
	last := -1
	for _, h := range parts {
		i := strings.Index(text, h)
		if i <= last {
			t.Errorf("%q at %d; want after %d", h, i, last)
		}
		last = i
	}
}

// A history cut that drops one summary names it once ("arc 1-50"), not as
// a range from itself to itself.
func TestHistoryTrimNamesOneSummaryOnce(t *testing.T) {
	found := false
	for budget := 3000; budget >= 200 && !found; budget -= 100 {
		cfg := presetConfig(t, "balanced", fmt.Sprintf("budgets:\n  history: %d\n", budget))
		p := bigProject(t, cfg, 120, 60)
		pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 121})
		for _, tr := range pack.Trims {
			if tr.Section != SecHistory || !strings.HasPrefix(tr.Reason, "older than the history budget") {
				continue
			}
			if strings.Contains(tr.Item, "…") && !strings.HasSuffix(tr.Item, "items)") {
				t.Errorf("budget %d: trim item %q", budget, tr.Item)
			}
			if sectionReport(t, pack, SecHistory).Dropped == 1 {
				found = true
				if tr.Item != "arc 1-50" {
					t.Errorf("budget %d: one dropped summary is named %q; want \"arc 1-50\"", budget, tr.Item)
				}
			}
		}
	}
	if !found {
		t.Fatal("no history budget dropped exactly the arc")
	}
}

// Every section the writer pack can omit says why in the explain report.
func TestOmittedSectionsSayWhy(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 3, 350))
	p := f.load(t, cfg)
	pack := build(t, Input{Project: p, Config: cfg, Plan: testPlan(), Seq: 4})
	if r := sectionReport(t, pack, SecRetrieval); !r.Omitted || r.Why != "all 3 earlier scenes are shown above" {
		t.Errorf("retrieval: omitted %v, why %q", r.Omitted, r.Why)
	}
	if r := sectionReport(t, pack, SecHistory); !r.Omitted || !strings.HasPrefix(r.Why, "no checkpoint yet") {
		t.Errorf("history: omitted %v, why %q", r.Omitted, r.Why)
	}
	for _, s := range pack.Sections {
		if s.Omitted && s.Why == "" {
			t.Errorf("section %s is omitted without a reason", s.Name)
		}
	}
	if !strings.Contains(pack.Explain(), "omitted: all 3 earlier scenes are shown above") {
		t.Errorf("explain lacks the retrieval reason:\n%s", pack.Explain())
	}
	first := build(t, Input{Project: f.load(t, cfg), Config: cfg, Plan: testPlan(), Seq: 1})
	for _, name := range []string{SecRetrieval, SecSummaries, SecHistory} {
		if r := sectionReport(t, first, name); !r.Omitted || r.Why != "no earlier scene" {
			t.Errorf("first scene, %s: omitted %v, why %q", name, r.Omitted, r.Why)
		}
	}
}

// The explain report's reasons count in words a person would write: one
// earlier scene is not "all 1 earlier scenes", and a stretch with no scene
// yet (the last checkpoint covers the whole book) pins no fact "since
// scene 21" of a 20-scene book.
func TestOmittedReasonsReadRight(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 1, 350))
	pack := build(t, Input{Project: f.load(t, cfg), Config: cfg, Plan: testPlan(), Seq: 2})
	for name, want := range map[string]string{
		SecRetrieval: "the one earlier scene is shown above",
		SecSummaries: "the one earlier scene is shown in full",
	} {
		if r := sectionReport(t, pack, name); r.Why != want {
			t.Errorf("one earlier scene, %s: why %q; want %q", name, r.Why, want)
		}
	}
	in := Input{Project: bigProject(t, cfg, 20, 60), Config: cfg}
	if why := whyEmpty(in, tiers{}, 21, SecNamed); strings.Contains(why, "scene 21") {
		t.Errorf("20 scenes, stretch from 21: why %q names a scene the book does not have", why)
	}
	if why := whyEmpty(in, tiers{}, 11, SecNamed); !strings.Contains(why, "no fact pinned since scene 11") {
		t.Errorf("20 scenes, stretch from 11: why %q", why)
	}
	cfg.Generation.CheckpointInterval = 1
	in = Input{Project: f.load(t, cfg), Config: cfg}
	if why := whyEmpty(in, tiers{recent: in.Project.Scenes}, 2, SecHistory); why != "no checkpoint yet (one is written after every scene)" {
		t.Errorf("checkpoint_interval 1: why %q", why)
	}
}
