package planner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

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

// testProject writes a small project to disk and loads it; threads is the
// number of open threads.
func testProject(t testing.TB, withEntities bool, threads int) *project.Project {
	t.Helper()
	d := fixture.NewDir(t)
	story := project.Story{Title: "The Heron Gate", Genre: "mystery", Premise: "A ferry keeper's daughter finds a gate.", SceneWords: 400,
		Pinned: []project.Fact{{Text: "The gate opens only at low tide."}}}
	d.Story(story)
	if withEntities {
		d.Characters(
			&project.Character{ID: "c1", Name: "Mara Quill", Aliases: []string{"Mara"}, Role: "protagonist", Relationships: []project.Relationship{{With: "c2", Is: "distrusts him"}}},
			&project.Character{ID: "c2", Name: "Tobias Venn", Role: "antagonist"},
			&project.Character{ID: "c3", Name: "Old Ada", Role: "mentor"},
		)
		d.Locations(&project.Location{ID: "l1", Name: "The Ferry Landing"}, &project.Location{ID: "l2", Name: "Heron Gate", Aliases: []string{"the gate"}})
		for seq := 1; seq <= 6; seq++ {
			d.Scenes((&project.Scene{ID: fmt.Sprintf("s%d", seq), Seq: seq, Title: fmt.Sprintf("Tide %d", seq), POV: "c1", Location: "l1",
				Characters: []string{"c1", "c2"}, Summary: []string{fmt.Sprintf("RECENT-%d Mara waits.", seq)}}).SetBody("Prose."))
		}
		d.Checkpoints(&project.Checkpoint{From: 1, To: 5, Body: "- CHECKPOINT-1-5 the first nights."})
	}
	var ts []project.Thread
	for i := 1; i <= threads; i++ {
		ts = append(ts, project.Thread{ID: fmt.Sprintf("t%d", i), Text: fmt.Sprintf("THREAD-%d question", i), Opened: i})
	}
	ts = append(ts, project.Thread{ID: fmt.Sprintf("t%d", threads+1), Text: "an answered question", Opened: 1, Resolved: 2})
	d.Threads(ts...)
	p, err := journal.Load(d.Path, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSchemaIsStrict(t *testing.T) {
	for _, withEntities := range []bool{true, false} {
		p := testProject(t, withEntities, 3)
		s := Schema(p, 3)
		if s.Name != "scene_plan" {
			t.Errorf("schema name = %q; want scene_plan", s.Name)
		}
		var root map[string]any
		if err := json.Unmarshal(s.Schema, &root); err != nil {
			t.Fatal(err)
		}
		checkStrict(t, "(root)", root)
		props := root["properties"].(map[string]any)
		_, hasEnum := props["pov"].(map[string]any)["enum"]
		if hasEnum != withEntities {
			t.Errorf("entities=%v: pov has enum = %v", withEntities, hasEnum)
		}
		nc := props["new_characters"].(map[string]any)
		nl := props["new_locations"].(map[string]any)
		if sum := nc["maxItems"].(float64) + nl["maxItems"].(float64); sum > 3 {
			t.Errorf("new_characters.maxItems + new_locations.maxItems = %v; want <= 3", sum)
		}
		if !withEntities && (nc["minItems"].(float64) != 1 || nl["minItems"].(float64) != 1) {
			t.Errorf("empty project: new_* minItems = %v, %v; want 1, 1", nc["minItems"], nl["minItems"])
		}
		// The scene's length is the user's setting (Project.SceneWords): the
		// model is not asked for an answer that would be thrown away.
		for name := range props {
			if strings.Contains(name, "words") {
				t.Errorf("schema asks the model for %s", name)
			}
		}
	}
}

// checkStrict asserts OpenAI strict-mode rules: every object closed, every
// property required.
func checkStrict(t *testing.T, path string, n map[string]any) {
	t.Helper()
	if n["type"] == "object" {
		if n["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties = %v; want false", path, n["additionalProperties"])
		}
		req := map[string]bool{}
		for _, r := range n["required"].([]any) {
			req[r.(string)] = true
		}
		for name, sub := range n["properties"].(map[string]any) {
			if !req[name] {
				t.Errorf("%s.%s: not required", path, name)
			}
			checkStrict(t, path+"."+name, sub.(map[string]any))
		}
	}
	if items, ok := n["items"].(map[string]any); ok {
		checkStrict(t, path+"[]", items)
	}
}

// The offline stand-in answers the schema; every answer must parse.
func TestOfflineAnswersParse(t *testing.T) {
	for _, withEntities := range []bool{true, false} {
		p := testProject(t, withEntities, 4)
		for i := 0; i < 20; i++ {
			req := llm.Request{Role: "planner", Tick: 7 + i, Schema: &llm.Schema{Name: SchemaName, Schema: Schema(p, 3).Schema},
				Messages: []llm.Message{{Role: "user", Content: fmt.Sprintf("Plan scene %d.", 7+i)}}}
			resp, err := offline.Model{}.Complete(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(p, resp.Content, 3); err != nil {
				t.Errorf("entities=%v: Parse(offline answer %s) = %v", withEntities, resp.Content, err)
			}
		}
	}
}

func planJSON(t *testing.T, mod func(m map[string]any)) string {
	t.Helper()
	m := map[string]any{
		"title": "The Bell", "intention": "Mara goes to the gate.", "pov": "c1", "location": "l2",
		"cast": []any{"c2"}, "threads_advanced": []any{"t1"}, "beats": []any{"She goes.", "He waits."},
		"new_characters": []any{}, "new_locations": []any{},
	}
	return fixture.Answer(t, m, mod)
}

func TestParseCanonicalises(t *testing.T) {
	p := testProject(t, true, 3)
	content := "```json\n" + planJSON(t, func(m map[string]any) {
		m["pov"] = "mara" // alias, any case
		m["location"] = "The Gate"
		m["cast"] = []any{"Tobias Venn", "c3", "C3", "Pell", "c1"}
		m["threads_advanced"] = []any{"t2", "t2"}
		m["new_characters"] = []any{map[string]any{"name": "Pell", "role": "ferry hand", "description": "A boy."}}
	}) + "\n```"
	plan, err := Parse(p, content, 3)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if plan.POV != "c1" || plan.Location != "l2" {
		t.Errorf("pov, location = %q, %q; want c1, l2", plan.POV, plan.Location)
	}
	if got, want := strings.Join(plan.Cast, ","), "c2,c3,Pell"; got != want {
		t.Errorf("cast = %s; want %s", got, want)
	}
	if got := strings.Join(plan.ThreadsAdvanced, ","); got != "t2" {
		t.Errorf("threads = %s; want t2", got)
	}
}

// Re-creating an existing entity, or naming a new one twice, is merged
// rather than re-asked (the offline stand-in does both).
func TestParseMergesDuplicateEntities(t *testing.T) {
	p := testProject(t, true, 3)
	plan, err := Parse(p, planJSON(t, func(m map[string]any) {
		m["new_characters"] = []any{map[string]any{"name": "old ada", "role": "r", "description": "d"},
			map[string]any{"name": "Pell", "role": "r", "description": "d"}, map[string]any{"name": "pell", "role": "r", "description": "d"}}
		m["cast"] = []any{"Old Ada", "pell"}
	}), 3)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if len(plan.NewCharacters) != 1 || plan.NewCharacters[0].Name != "Pell" {
		t.Errorf("new characters = %+v; want only Pell", plan.NewCharacters)
	}
	if got := strings.Join(plan.Cast, ","); got != "c3,Pell" {
		t.Errorf("cast = %s; want c3,Pell", got)
	}
}

func TestParseNewPOVInEmptyProject(t *testing.T) {
	p := testProject(t, false, 0)
	content := planJSON(t, func(m map[string]any) {
		m["pov"] = "Somebody Else"
		m["location"] = "the mill"
		m["cast"] = []any{}
		m["threads_advanced"] = []any{}
		m["new_characters"] = []any{map[string]any{"name": "Mara Quill", "role": "lead", "description": "x"}}
		m["new_locations"] = []any{map[string]any{"name": "The Mill", "description": "y"}}
	})
	plan, err := Parse(p, content, 3)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if plan.POV != "Mara Quill" || plan.Location != "The Mill" {
		t.Errorf("pov, location = %q, %q; want the new entities' names", plan.POV, plan.Location)
	}
}

func TestParseRejects(t *testing.T) {
	p := testProject(t, true, 3)
	cases := []struct {
		name string
		mod  func(m map[string]any)
		want string
	}{
		{"unknown pov", func(m map[string]any) { m["pov"] = "Zed" },
			`pov: "Zed" is neither a character id (c1, c2, c3) nor a new character's name`},
		{"unknown location", func(m map[string]any) { m["location"] = "l9" },
			`location: "l9" is neither a location id (l1, l2) nor a new location's name`},
		{"unknown cast", func(m map[string]any) { m["cast"] = []any{"c2", "c7"} },
			`cast[1]: "c7" is neither a character id`},
		{"resolved thread", func(m map[string]any) { m["threads_advanced"] = []any{"t4"} },
			`threads_advanced[0]: thread t4 is already resolved`},
		{"unknown thread", func(m map[string]any) { m["threads_advanced"] = []any{"t9"} },
			`threads_advanced[0]: "t9" is not an open thread id (t1, t2, t3)`},
		{"too many tools", func(m map[string]any) {
			m["new_characters"] = []any{
				map[string]any{"name": "A", "role": "r", "description": "d"}, map[string]any{"name": "B", "role": "r", "description": "d"}}
			m["new_locations"] = []any{map[string]any{"name": "C", "description": "d"}, map[string]any{"name": "D", "description": "d"}}
		}, "new_characters and new_locations: 4 entities, at most 3 may be created per scene"},
		{"empty new name", func(m map[string]any) {
			m["new_locations"] = []any{map[string]any{"name": " ", "description": "d"}}
		}, `new_locations[0].name: must not be empty`},
		{"empty title", func(m map[string]any) { m["title"] = "  " }, "title: must not be empty"},
		{"missing field", func(m map[string]any) { delete(m, "beats") }, "beats"},
		{"extra field", func(m map[string]any) { m["mood"] = "grim" }, "mood"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(p, planJSON(t, tc.mod), 3)
			var ve *schema.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Parse = %v; want *schema.ValidationError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse error = %q; want it to contain %q", err, tc.want)
			}
		})
	}
	if _, err := Parse(p, "not json", 3); err == nil {
		t.Errorf("Parse(not json) = nil error")
	}
}

func TestBuildBoundsThreads(t *testing.T) {
	p := testProject(t, true, 100)
	cfg := config.Default()
	pack, err := Build(tokenizer(t), p, cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[len(pack.Messages)-1].Content
	shown := strings.Count(user, "THREAD-")
	if shown != cfg.Generation.MaxOpenThreads {
		t.Errorf("threads shown = %d; want %d", shown, cfg.Generation.MaxOpenThreads)
	}
	for _, want := range []string{"THREAD-1 ", "THREAD-4 ", "THREAD-97 ", "THREAD-100 ",
		"(+92 older open threads not shown, opened between scenes 5 and 96.)",
		"CHECKPOINT-1-5", "RECENT-4", "RECENT-6", "**Mara Quill** (c1)", "Relationships: Tobias Venn (c2): distrusts him",
		"Heron Gate (l2)", "Plan scene 7, about 400 words", "scene_plan"} {
		if !strings.Contains(user, want) {
			t.Errorf("planner pack lacks %q", want)
		}
	}
	if strings.Contains(user, "RECENT-3 ") || strings.Contains(user, "THREAD-5 ") || strings.Contains(user, "answered question") {
		t.Errorf("planner pack has scenes, threads beyond its bounds or a resolved thread")
	}
	if pack.Tokens > pack.Budget {
		t.Errorf("pack = %d tokens; want <= %d", pack.Tokens, pack.Budget)
	}
	again, _ := Build(tokenizer(t), p, cfg, 7)
	if fmt.Sprint(again.Messages) != fmt.Sprint(pack.Messages) {
		t.Errorf("two builds differ")
	}
}

func TestBuildEmptyProject(t *testing.T) {
	p := testProject(t, false, 0)
	pack, err := Build(tokenizer(t), p, config.Default(), 1)
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[len(pack.Messages)-1].Content
	for _, want := range []string{"No scene has been written yet", "No open threads.", "create the point-of-view character"} {
		if !strings.Contains(user, want) {
			t.Errorf("planner pack lacks %q", want)
		}
	}
}

// Every section the planner pack omits says why, in the explain report.
func TestOmittedSectionsSayWhy(t *testing.T) {
	for _, withEntities := range []bool{false, true} {
		p := testProject(t, withEntities, 0)
		pack, err := Build(tokenizer(t), p, config.Default(), p.NextSeq())
		if err != nil {
			t.Fatal(err)
		}
		omitted := 0
		for _, s := range pack.Sections {
			if s.Omitted {
				omitted++
				if s.Why == "" || s.Why == "nothing to show" {
					t.Errorf("entities %v: section %s omitted with reason %q", withEntities, s.Name, s.Why)
				}
			}
		}
		if omitted == 0 {
			t.Errorf("entities %v: no section omitted; the test checks nothing", withEntities)
		}
		if !withEntities && (!strings.Contains(pack.Explain(), "omitted: no outline.md") || !strings.Contains(pack.Explain(), "omitted: no earlier scene\n")) {
			t.Errorf("explain lacks the outline's reason:\n%s", pack.Explain())
		}
	}
}

// The pack goes from the most stable section to the least, and the active
// characters, chosen by recency, are listed in file order: the same choice
// renders the same text whatever appeared last (the prefix prompt caches
// reuse).
func TestBuildMostStableFirst(t *testing.T) {
	p := testProject(t, true, 3)
	last := p.Scenes[len(p.Scenes)-1]
	last.POV, last.Characters = "c2", []string{"c3", "c2"}
	pack, err := Build(tokenizer(t), p, config.Default(), 7)
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[len(pack.Messages)-1].Content
	at := -1
	for _, want := range []string{"## Story bible", "## The story so far", "## Locations", "## Active characters",
		"**Mara Quill** (c1)", "**Tobias Venn** (c2)", "**Old Ada** (c3)", "## Open threads", "## Latest scenes", "## Progress", "## Your task"} {
		i := strings.Index(user, want)
		if i <= at {
			t.Errorf("%q at %d; want after %d", want, i, at)
		}
		at = max(at, i)
	}
}

// Past its budget the locations list keeps the most recently used places,
// listed in file order, and counts the rest.
func TestNamedListsKeepRecentInFileOrder(t *testing.T) {
	p := testProject(t, true, 1)
	for i := 3; i <= 60; i++ {
		p.Locations = append(p.Locations, &project.Location{ID: fmt.Sprintf("l%d", i), Name: fmt.Sprintf("Pier number %d", i)})
	}
	p.Scenes[len(p.Scenes)-1].Location = "l60"
	p.Scenes[len(p.Scenes)-2].Location = "l59"
	pack, err := Build(tokenizer(t), p, config.Default(), 7)
	if err != nil {
		t.Fatal(err)
	}
	user := pack.Messages[len(pack.Messages)-1].Content
	list := user[strings.Index(user, "## Locations"):]
	list = list[:strings.Index(list[1:], "\n## ")+1]
	i1, i59, i60 := strings.Index(list, "(l1)"), strings.Index(list, "(l59)"), strings.Index(list, "(l60)")
	if i1 < 0 || i59 < 0 || i60 < 0 || !(i1 < i59 && i59 < i60) {
		t.Errorf("locations l1, l59, l60 at %d, %d, %d; want all, in file order:\n%s", i1, i59, i60, list)
	}
	if !strings.Contains(list, " more") || strings.Contains(list, "(l40)") {
		t.Errorf("locations list should count the rest and leave out l40, never used:\n%s", list)
	}
	for _, s := range pack.Sections {
		if s.Name == SecLocations && (s.Tokens > s.Budget || s.Dropped > 0) {
			t.Errorf("locations = %d tokens, %d dropped; want <= %d, none dropped (chosen within budget)", s.Tokens, s.Dropped, s.Budget)
		}
	}
}

// Between checkpoints the named lists only grow at their end: what the
// stretch brings in (a new place, an old one used again) is appended.
func TestNamedListsGrowAtTheirEnd(t *testing.T) {
	p := testProject(t, true, 1) // checkpoint 1-5: the stretch starts at scene 6
	for i := 3; i <= 60; i++ {
		p.Locations = append(p.Locations, &project.Location{ID: fmt.Sprintf("l%d", i), Name: fmt.Sprintf("Pier number %d", i)})
	}
	list := func(seq int) []string {
		pack, err := Build(tokenizer(t), p, config.Default(), seq)
		if err != nil {
			t.Fatal(err)
		}
		user := pack.Messages[len(pack.Messages)-1].Content
		sec := user[strings.Index(user, "## Locations"):]
		return strings.Split(sec[:strings.Index(sec[1:], "\n## ")+1], "\n")
	}
	before := list(7)
	p.Locations = append(p.Locations, &project.Location{ID: "l61", Name: "The New Stair", FirstScene: 7})
	p.Scenes = append(p.Scenes, &project.Scene{ID: "s7", Seq: 7, Title: "Tide 7", POV: "c1", Location: "l61"},
		&project.Scene{ID: "s8", Seq: 8, Title: "Tide 8", POV: "c1", Location: "l50"})
	after := list(9)
	kept := before[:len(before)-2] // the list without its "and N more" line and the blank after it
	if len(after) < len(kept)+2 || strings.Join(after[:len(kept)], "\n") != strings.Join(kept, "\n") {
		t.Fatalf("the list at scene 9 does not start with the one at scene 7:\n%s\n----\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
	grown := strings.Join(after[len(kept):], "\n")
	if l61, l50 := strings.Index(grown, "(l61)"), strings.Index(grown, "(l50)"); l61 < 0 || l50 < l61 {
		t.Errorf("appended part lacks l61 then l50:\n%s", grown)
	}
}
