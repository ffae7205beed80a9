package summarizer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/fixture"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/llm/schema"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

func tokenizer(tb testing.TB) *prompt.Tokenizer { return fixture.Tokenizer(tb) }

// testProject writes a small project with n scenes to disk and loads it.
func testProject(t testing.TB, n int) *project.Project {
	t.Helper()
	d := fixture.NewDir(t)
	d.Story(project.Story{Title: "The Heron Gate", Genre: "mystery"})
	d.Characters(&project.Character{ID: "c1", Name: "Mara Quill", Aliases: []string{"Mara"}}, &project.Character{ID: "c2", Name: "Tobias Venn"})
	d.Locations(&project.Location{ID: "l1", Name: "The Ferry Landing"})
	for seq := 1; seq <= n; seq++ {
		d.Scenes((&project.Scene{ID: fmt.Sprintf("s%d", seq), Seq: seq, Title: fmt.Sprintf("Tide %d", seq), POV: "c1", Location: "l1",
			Summary: []string{fmt.Sprintf("FIRST-%d Mara waits at the landing %s.", seq, strings.Repeat("long ", seq%3*40)), "Second bullet."}}).SetBody("Prose."))
	}
	d.Threads(project.Thread{ID: "t1", Text: "Who rang the bell?", Opened: 1}, project.Thread{ID: "t2", Text: "The key", Opened: 1, Resolved: 2})
	d.Glossary(project.Term{Term: "heron-sign", Definition: "a chalk mark"})
	p, err := journal.Load(d.Path, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func extraction(t *testing.T, mod func(m map[string]any)) string {
	t.Helper()
	m := map[string]any{
		"summary": []any{"Mara waits.", "Venn arrives.", "The bell rings."}, "characters": []any{"c1", "c2"},
		"threads_opened": []any{"Who is Venn's partner?"}, "threads_resolved": []any{"t1"},
		"facts":    []any{map[string]any{"entity": "c1", "fact": "Mara cannot swim."}},
		"glossary": []any{map[string]any{"term": "low-water mark", "definition": "the lowest tide line"}},
	}
	return fixture.Answer(t, m, mod)
}

func TestParseExtract(t *testing.T) {
	p := testProject(t, 2)
	x, err := ParseExtract(p, extraction(t, func(m map[string]any) {
		m["summary"] = []any{"- Mara waits.", "Venn arrives."}
		m["characters"] = []any{"mara", "Tobias Venn", "c1"}
		m["facts"] = []any{map[string]any{"entity": "The Ferry Landing", "fact": "The bell is cracked."}}
		m["glossary"] = []any{map[string]any{"term": "Heron-Sign", "definition": "dup"}, map[string]any{"term": "**ebb-bell**", "definition": "x"}}
	}))
	if err != nil {
		t.Fatalf("ParseExtract: %v", err)
	}
	if got := strings.Join(x.Summary, "|"); got != "Mara waits.|Venn arrives." {
		t.Errorf("summary = %q", got)
	}
	if got := strings.Join(x.Characters, ","); got != "c1,c2" {
		t.Errorf("characters = %s; want c1,c2", got)
	}
	if len(x.Facts) != 1 || x.Facts[0].Entity != "l1" {
		t.Errorf("facts = %+v; want one on l1", x.Facts)
	}
	if len(x.Glossary) != 1 || x.Glossary[0].Term != "ebb-bell" {
		t.Errorf("glossary = %+v; want only the new term ebb-bell", x.Glossary)
	}
}

func TestParseExtractRejects(t *testing.T) {
	p := testProject(t, 2)
	cases := []struct {
		name string
		mod  func(m map[string]any)
		want string
	}{
		{"no bullets", func(m map[string]any) { m["summary"] = []any{} }, "summary: 0 bullets; want 1 to 8"},
		{"too many bullets", func(m map[string]any) {
			m["summary"] = []any{"a", "b", "c", "d", "e", "f", "g", "h", "i"}
		}, "summary: 9 bullets"},
		{"empty bullet", func(m map[string]any) { m["summary"] = []any{"a", " "} }, "summary[1]: must not be empty"},
		{"unknown character", func(m map[string]any) { m["characters"] = []any{"c9"} }, `characters[0]: "c9" is not a character id (c1, c2)`},
		{"resolved thread", func(m map[string]any) { m["threads_resolved"] = []any{"t2"} }, `threads_resolved[0]: "t2" is not an open thread id (t1)`},
		{"bad entity", func(m map[string]any) {
			m["facts"] = []any{map[string]any{"entity": "moon", "fact": "x"}}
		}, `facts[0].entity: "moon"`},
		{"missing field", func(m map[string]any) { delete(m, "facts") }, "facts"},
		{"bold inside a term", func(m map[string]any) {
			m["glossary"] = []any{map[string]any{"term": "a**: b", "definition": "c"}}
		}, `glossary[0].term: "a**: b" must not contain "**"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseExtract(p, extraction(t, tc.mod))
			var ve *schema.ValidationError
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseExtract = %v; want a validation error containing %q", err, tc.want)
			}
		})
	}
}

func TestOfflineExtractionParses(t *testing.T) {
	p := testProject(t, 2)
	s := ExtractSchema(p)
	if s.Name != "scene_extraction" {
		t.Errorf("schema name = %q", s.Name)
	}
	for i := 0; i < 20; i++ {
		resp, err := offline.Model{}.Complete(context.Background(), llm.Request{Role: "extractor", Tick: i + 3, Schema: &s,
			Messages: []llm.Message{{Role: "user", Content: fmt.Sprintf("Record scene %d. Mara and Venn at the landing.", i+3)}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseExtract(p, resp.Content); err != nil {
			t.Errorf("ParseExtract(offline %s) = %v", resp.Content, err)
		}
	}
}

func TestBuildExtract(t *testing.T) {
	p := testProject(t, 2)
	prose := "Mara waited at the landing. PROSE-MARKER."
	pack, err := BuildExtract(tokenizer(t), p, config.Default(), &project.Plan{Title: "The Bell", Intention: "Venn comes."}, 3, prose)
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[1].Content
	for _, want := range []string{"PROSE-MARKER", "- c1: Mara Quill (also Mara)", "- t1: Who rang the bell?", "heron-sign", "Intention: Venn comes.", "Record scene 3"} {
		if !strings.Contains(user, want) {
			t.Errorf("extractor pack lacks %q", want)
		}
	}
	if strings.Contains(user, "The key") {
		t.Errorf("extractor pack lists a resolved thread")
	}
	// A scene longer than the budget is truncated with a warning, not refused.
	long := strings.Repeat("Mara waited at the landing while the tide went out. ", 2000)
	pack, err = BuildExtract(tokenizer(t), p, config.Default(), nil, 3, long)
	if err != nil {
		t.Fatalf("BuildExtract(long scene): %v", err)
	}
	if len(pack.Warnings) == 0 || pack.Tokens > pack.Budget {
		t.Errorf("long scene: warnings %v, %d/%d tokens; want a truncation warning within budget", pack.Warnings, pack.Tokens, pack.Budget)
	}
}

func TestCheckpointAndFallback(t *testing.T) {
	p := testProject(t, 30)
	pack, err := BuildCheckpoint(tokenizer(t), p, config.Default(), 11, 20)
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[1].Content
	if !strings.Contains(user, "FIRST-11 ") || !strings.Contains(user, "FIRST-20 ") || strings.Contains(user, "FIRST-21 ") || strings.Contains(user, "FIRST-10 ") {
		t.Errorf("checkpoint pack has the wrong scenes")
	}
	if _, err := BuildCheckpoint(tokenizer(t), p, config.Default(), 5, 4); err == nil {
		t.Errorf("BuildCheckpoint(5, 4) = nil error")
	}

	fb := FallbackCheckpoint(p, 1, 30)
	if fb != FallbackCheckpoint(p, 1, 30) {
		t.Errorf("FallbackCheckpoint is not deterministic")
	}
	lines := strings.Split(fb, "\n")
	if len(lines) > maxFallbackLines {
		t.Errorf("fallback has %d lines; want <= %d", len(lines), maxFallbackLines)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "- ") || utf8.RuneCountInString(l) > maxLineRunes {
			t.Errorf("fallback line %q: want a bullet of at most %d runes", l, maxLineRunes)
		}
	}
	if !strings.HasPrefix(lines[0], "- Scene 1 (Tide 1): FIRST-1 ") || !strings.Contains(fb, "(19 more scenes)") || !strings.HasPrefix(lines[len(lines)-1], "- Scene 30 (Tide 30)") {
		t.Errorf("fallback = %q", fb)
	}
	if got := FallbackCheckpoint(p, 100, 110); !strings.Contains(got, "no scenes remain") {
		t.Errorf("fallback of an empty range = %q", got)
	}
}

func TestRollupAndFallback(t *testing.T) {
	p := testProject(t, 2)
	cps := []*project.Checkpoint{
		{From: 1, To: 10, Body: "Here is the summary:\n\n* CP-1 Mara arrives.\n* More."},
		{From: 11, To: 20, Body: "- CP-2 Venn schemes."},
	}
	pack, err := BuildRollup(tokenizer(t), p, config.Default(), cps)
	if err != nil {
		t.Fatal(err)
	}
	if user := pack.Messages[1].Content; !strings.Contains(user, "CP-1") || !strings.Contains(user, "scenes 1–20") {
		t.Errorf("rollup pack lacks its checkpoints:\n%s", user)
	}
	want := "- Scenes 1–10: CP-1 Mara arrives.\n- Scenes 11–20: CP-2 Venn schemes."
	if got := FallbackRollup(cps); got != want {
		t.Errorf("FallbackRollup = %q; want %q", got, want)
	}
	var many []*project.Checkpoint
	for i := 0; i < 40; i++ {
		many = append(many, &project.Checkpoint{From: i*10 + 1, To: i*10 + 10, Body: "- " + strings.Repeat("word ", 100)})
	}
	got := FallbackRollup(many)
	if n := strings.Count(got, "\n") + 1; n > maxFallbackLines || utf8.RuneCountInString(got) > maxFallbackLines*(maxLineRunes+1) {
		t.Errorf("FallbackRollup of 40 checkpoints: %d lines, %d runes; want bounded", n, utf8.RuneCountInString(got))
	}
}

func TestCleanSummary(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Here is a summary of the scenes:\n\n- One.\n- Two.", "- One.\n- Two."},
		{"* One.\n* Two.\n\nLet me know if you need more.", "- One.\n- Two."},
		{"1. One.\n2) Two.", "- One.\n- Two."},
		{"## Summary\n• One\n  continued.\n• Two.", "- One continued.\n- Two."},
		{"```markdown\n- One.\n```", "- One."},
		{"One line.\r\nAnother line.", "- One line.\n- Another line."},
		{"", ""},
	}
	for _, tc := range cases {
		if got := CleanSummary(tc.in); got != tc.want {
			t.Errorf("CleanSummary(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// The extractor's lists come in the order the entities came, so a new one
// joins the end ("c40" would sort between "c4" and "c5" by file name) and
// the pack before it stays the previous tick's prefix.
func TestBuildExtractListsInOrderOfArrival(t *testing.T) {
	p := testProject(t, 2)
	p.Characters = append(p.Characters, &project.Character{ID: "c10", Name: "Pell", FirstScene: 1}, &project.Character{ID: "c3", Name: "Ada", FirstScene: 2})
	slices.SortFunc(p.Characters, func(a, b *project.Character) int { return strings.Compare(a.ID, b.ID) }) // c1, c10, c2, c3
	pack, err := BuildExtract(tokenizer(t), p, config.Default(), nil, 3, "Prose.")
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[1].Content
	at := -1
	for _, want := range []string{"- c1: Mara Quill", "- c2: Tobias Venn", "- c10: Pell", "- c3: Ada", "## Known locations", "## Glossary terms", "## Open threads", "## Scene 3"} {
		i := strings.Index(user, want)
		if i <= at {
			t.Errorf("%q at %d; want after %d", want, i, at)
		}
		at = max(at, i)
	}
}

// A cast or glossary larger than its section's budget loses its newest
// lines, not the whole list; the plan section names the scene's own characters with ids.
func TestBuildExtractManyCharacters(t *testing.T) {
	p := testProject(t, 2)
	for i := 3; i <= 400; i++ {
		p.Characters = append(p.Characters, &project.Character{ID: fmt.Sprintf("c%d", i), Name: fmt.Sprintf("Keeper Number %d", i), FirstScene: i})
	}
	for i := 1; i <= 120; i++ {
		p.Glossary = append(p.Glossary, project.Term{Term: fmt.Sprintf("the long-remembered custom number %d", i), Scene: i})
	}
	plan := &project.Plan{Title: "The Bell", POV: "c1", Location: "l1", Cast: []string{"c1", "c399"}}
	pack, err := BuildExtract(tokenizer(t), p, config.Default(), plan, 3, "Prose.")
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[1].Content
	for _, want := range []string{"- c1: Mara Quill", "- c3: Keeper Number 3", "heron-sign; the long-remembered custom number 1;", "Point of view: Mara Quill (c1)", "Location: The Ferry Landing (l1)", "Also present: Keeper Number 399 (c399)"} {
		if !strings.Contains(user, want) {
			t.Errorf("extractor pack lacks %q", want)
		}
	}
	if strings.Contains(user, "- c400: ") || strings.Contains(user, "None yet.") || strings.Contains(user, "None.") {
		t.Errorf("the character and term lists should lose their newest lines, and only those")
	}
	if len(pack.Warnings) > 0 || pack.Tokens > pack.Budget {
		t.Errorf("warnings %v, %d/%d tokens; want none, within budget", pack.Warnings, pack.Tokens, pack.Budget)
	}
}
