package writer

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
)

func TestMentionFind(t *testing.T) {
	// Words: old ada s lamp burned late | mr darcy rode to pemberley | the low water mark
	m := newMentionIndex("Old Ada's lamp burned late.", "Mr. Darcy rode to\nPemberley.", "the LOW-water mark")
	for _, c := range []struct {
		name string
		want int
	}{
		{"Ada", 1},       // possessive
		{"old ada", 0},   // case-insensitive, several words
		{"Mr. Darcy", 7}, // punctuation is not a word
		{"mr darcy", 7},
		{"Darcy rode", 8},
		{"Pemberley", 11},      // across a line break inside one text
		{"low-water mark", 14}, // hyphen or space alike
		{"Adams", -1},          // whole words only
		{"Ad", -1},
		{"lamp burned late Mr", -1}, // never across two texts
		{"", -1},
		{"--", -1},
	} {
		if got := m.find(nameWords(c.name)); got != c.want {
			t.Errorf("find(%q) = %d; want %d", c.name, got, c.want)
		}
	}
}

// find walks a name's rarest word; the first occurrence it returns is
// the one a scan of every position finds, whichever word is the rarest.
func TestMentionFindAsTheScan(t *testing.T) {
	texts := []string{"the mill the old mill the old mill pond the old mill", "old mill pond. The pond, the old mill."}
	m := newMentionIndex(texts...)
	scan := func(ws []string) int {
		for i := 0; len(ws) > 0 && i+len(ws) <= len(m.words); i++ {
			if slices.Equal(m.words[i:i+len(ws)], ws) {
				return i
			}
		}
		return -1
	}
	vocab := []string{"the", "old", "mill", "pond", "ada"}
	for n := 1; n <= 4; n++ {
		for code := 0; code < pow(len(vocab), n); code++ {
			var ws []string
			for c := code; len(ws) < n; c /= len(vocab) {
				ws = append(ws, vocab[c%len(vocab)])
			}
			if got, want := m.find(ws), scan(ws); got != want {
				t.Errorf("find(%q) = %d; the scan finds %d", ws, got, want)
			}
		}
	}
}

func pow(b, n int) int {
	out := 1
	for range n {
		out *= b
	}
	return out
}

// nameWords splits as the regexp [\p{L}\p{N}]+ over the lower-cased text
// did (it replaced it, for speed).
func TestNameWordsAsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`[\p{L}\p{N}]+`)
	for _, s := range []string{
		"", "--", "Old Ada's lamp", "O'Brien", "low-water mark", "Mr. Darcy\nrode", "É là-bas", "Zoë 12th",
		"e\u0301clair", "Ⅻ chapter ²", "bad \xff utf8\xc3", "tab\tand\u00a0nbsp", "ΣΊΣΥΦΟΣ", "İstanbul", "日本語のテキスト",
	} {
		want := re.FindAllString(strings.ToLower(s), -1)
		if got := nameWords(s); !slices.Equal(got, want) {
			t.Errorf("nameWords(%q) = %q; want %q", s, got, want)
		}
	}
}

// FuzzNameWordsAsTheRegexp: any text splits as the regexp nameWords
// replaced splits it (names and plans are a person's and a model's text).
func FuzzNameWordsAsTheRegexp(f *testing.F) {
	re := regexp.MustCompile(`[\p{L}\p{N}]+`)
	for _, s := range []string{"Old Ada's lamp", "e\u0301clair", "bad \xff utf8\xc3", "İstanbul", "Ⅻ chapter ²"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := re.FindAllString(strings.ToLower(s), -1)
		if got := nameWords(s); !slices.Equal(got, want) {
			t.Errorf("nameWords(%q) = %q; want %q", s, got, want)
		}
	})
}

func TestNamedEntitiesBringSheets(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	f.characters[2].Aliases = []string{"Ada"}
	f.characters[2].Facts = []project.Fact{{Text: "Ada keeps the lighthouse log in green ink.", Scene: 2}}
	f.characters = append(f.characters,
		&project.Character{ID: "c4", Name: "Pell", Role: "ferry hand", Body: "A boy of twelve."},
		&project.Character{ID: "c5", Name: "Adams", Role: "a stranger", Body: "Never named by anyone."})
	f.locations = append(f.locations, &project.Location{ID: "l3", Name: "The Salt Stair", Kind: "steps",
		Facts: []project.Fact{{Text: "Ninety-nine steps cut into the cliff.", Scene: 1}}})
	bodies := markedScenes(t, 1, 3, 200)
	bodies[2] += "\n\nPell ran down the salt stair with the news."
	f.addScenes(1, bodies)
	p := f.load(t, cfg)
	plan := testPlan()
	plan.Beats = append(plan.Beats, "Mara remembers what ada's log said about the tides.")
	pack := build(t, Input{Project: p, Config: cfg, Plan: plan, Seq: 4})
	user := pack.Messages[1].Content

	// Chosen by rank: the scene's own sheets first, then those named by the
	// plan, then those named by the recent scenes (in order of mention).
	tok := tokenizer(t)
	in := Input{Project: p, Config: cfg, Plan: plan, Seq: 4}
	var ranked strings.Builder
	for _, it := range castItems(tok, in, newMentionSources(in, computeTiers(tok, in)), cfg.Budgets.Cast, frontCast{}) {
		ranked.WriteString(it.Text + "\n")
	}
	inOrder(t, ranked.String(), "### Mara Quill (c1) — point of view", "### Heron Gate (l2) — setting of this scene",
		"### Tobias Venn (c2)", "### Old Ada (c3) — named in the plan", "### Pell (c4) — named in a recent scene",
		"### The Salt Stair (l3) — named in a recent scene")
	// Rendered in file order, the POV's sheet after the plan.
	inOrder(t, user, "### Tobias Venn (c2)", "### Old Ada (c3) — named in the plan", "### Pell (c4) — named in a recent scene",
		"### Heron Gate (l2) — setting of this scene", "### The Salt Stair (l3) — named in a recent scene",
		"## Scene 4: the plan", "### Mara Quill (c1) — point of view")
	for _, want := range []string{"- Ada keeps the lighthouse log in green ink.", "- Ninety-nine steps cut into the cliff."} {
		if !strings.Contains(user, want) {
			t.Errorf("pack lacks the pinned fact %q", want)
		}
	}
	for _, absent := range []string{"### Adams", "### The Ferry Landing"} {
		if strings.Contains(user, absent) {
			t.Errorf("pack has %q, which nothing names", absent)
		}
	}
	if again := build(t, Input{Project: p, Config: cfg, Plan: plan, Seq: 4}); renderGolden(again) != renderGolden(pack) {
		t.Errorf("two builds of the same input differ")
	}
}

// Named sheets are candidates only while they fit the cast budget, and at
// most maxMentioned of them: the pack stays within budget however many
// entities a scene names.
func TestNamedEntitiesBounded(t *testing.T) {
	cfg := presetConfig(t, "balanced", "budgets:\n  cast: 400\n")
	f := baseFixture()
	var names []string
	for i := 0; i < 30; i++ {
		name := fmt.Sprintf("Keeper%c", 'A'+i)
		names = append(names, name)
		f.characters = append(f.characters, &project.Character{ID: fmt.Sprintf("c%d", 10+i), Name: name, Role: "lamp keeper",
			Facts: []project.Fact{{Text: "Keeps a lamp on the north pier.", Scene: 1}}, Body: strings.Repeat("Weathered and silent. ", 10)})
	}
	f.addScenes(1, markedScenes(t, 1, 3, 200))
	p := f.load(t, cfg)
	plan := testPlan()
	plan.Beats = append(plan.Beats, "On the pier: "+strings.Join(names, ", ")+".")
	tok := tokenizer(t)
	in := Input{Project: p, Config: cfg, Plan: plan, Seq: 4}
	names2 := newMentionSources(in, computeTiers(tok, in))
	items := castItems(tok, in, names2, cfg.Budgets.Cast, frontCast{})
	named, used := 0, 0
	for _, it := range items {
		used += tok.Count(it.Text) + 1
		if strings.Contains(it.Text, "named in the plan") {
			named++
		}
	}
	if named == 0 || named > maxMentioned {
		t.Errorf("%d named sheets; want 1..%d", named, maxMentioned)
	}
	if used > cfg.Budgets.Cast {
		t.Errorf("cast candidates = %d tokens; want <= the budget %d", used, cfg.Budgets.Cast)
	}
	pack := build(t, in)
	if pack.Tokens > pack.Budget {
		t.Errorf("pack = %d tokens; want <= %d", pack.Tokens, pack.Budget)
	}
	if s := sectionReport(t, pack, SecCast); s.Tokens > s.Budget {
		t.Errorf("cast = %d tokens; want <= %d", s.Tokens, s.Budget)
	}
}

// A glossary term counts as mentioned only as a phrase, not as words
// scattered over the text.
func TestGlossaryMentionIsAPhrase(t *testing.T) {
	cfg := presetConfig(t, "balanced", "")
	f := baseFixture()
	p := f.load(t, cfg)
	plan := testPlan()
	plan.Intention = "The water is low; Mara leaves a mark on the heron-sign."
	mentioned := func(term string) bool {
		tok := tokenizer(t)
		in := Input{Project: p, Config: cfg, Plan: plan, Seq: 1}
		return newMentionSources(in, computeTiers(tok, in)).mentioned(term)
	}
	if !mentioned("heron-sign") || mentioned("low-water mark") {
		t.Errorf("mentioned: heron-sign %v, low-water mark %v; want true, false", mentioned("heron-sign"), mentioned("low-water mark"))
	}
	plan.Beats = append(plan.Beats, "The tide falls to the low water mark.")
	if !mentioned("low-water mark") {
		t.Errorf("low-water mark not mentioned by %q", plan.Beats[len(plan.Beats)-1])
	}
}
