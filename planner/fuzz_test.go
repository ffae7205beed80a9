package planner

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
)

// FuzzParse: a plan the parser accepts, from any answer, is one a tick can
// carry out: clean one-line names and title, at most maxTools new
// entities, and every reference resolved to an existing id or to a name
// the plan creates; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"title": "The Bell", "intention": "Mara goes.", "pov": "mara", "location": "The Gate", "cast": ["Tobias Venn", "c3", "C3", "Pell", "c1"], "threads_advanced": ["t2", "t2"], "beats": ["She goes.", " "], "new_characters": [{"name": "Pell", "role": "ferry hand", "description": "A boy."}], "new_locations": []}`,
		`{"title": " \u001b[2J ", "intention": "x", "pov": "c9", "location": "l1", "cast": [], "threads_advanced": ["t4"], "beats": [], "new_characters": [{"name": "Mara Quill", "role": "", "description": ""}, {"name": "pell", "role": "", "description": ""}, {"name": "Pell", "role": "", "description": ""}], "new_locations": [{"name": "Dock\n2", "description": "\u202e"}]}`,
		"```json\n{\"title\": \"A\", \"intention\": \"B\", \"pov\": \"New One\", \"location\": \"l2\", \"cast\": [\"new one\"], \"threads_advanced\": [], \"beats\": [\"b\"], \"new_characters\": [{\"name\": \"New One\", \"role\": \"r\", \"description\": \"d\"}], \"new_locations\": [], \"scratchpad\": \"note\\u0007\"}\n```",
		"no json",
	} {
		f.Add(s)
	}
	p := testProject(f, true, 3)
	const maxTools = 3
	f.Fuzz(func(t *testing.T, content string) {
		plan, err := Parse(p, content, maxTools)
		if err != nil {
			return
		}
		clean := func(what, s string, oneLine bool) {
			if textfile.Clean(s) != s || oneLine && prompt.OneLine(s) != s {
				t.Fatalf("%q: %s %q is not clean text", content, what, s)
			}
		}
		clean("title", plan.Title, true)
		clean("intention", plan.Intention, false)
		clean("scratchpad", plan.Scratchpad, false)
		if plan.Title == "" || plan.Intention == "" {
			t.Fatalf("%q: accepted without a title or an intention: %+v", content, plan)
		}
		var chars, locs []string
		for _, c := range plan.NewCharacters {
			clean("new character", c.Name, true)
			clean("role", c.Role, true)
			clean("description", c.Description, false)
			chars = append(chars, c.Name)
		}
		for _, l := range plan.NewLocations {
			clean("new location", l.Name, true)
			clean("description", l.Description, false)
			locs = append(locs, l.Name)
		}
		if n := len(chars) + len(locs); n > maxTools {
			t.Fatalf("%q: %d new entities, more than %d", content, n, maxTools)
		}
		known := func(names []string, id string, exists bool) bool {
			return exists || slices.Contains(names, id)
		}
		if !known(chars, plan.POV, p.Character(plan.POV) != nil) || !known(locs, plan.Location, p.Location(plan.Location) != nil) {
			t.Fatalf("%q: pov %q or location %q unresolved", content, plan.POV, plan.Location)
		}
		for i, c := range plan.Cast {
			if !known(chars, c, p.Character(c) != nil) || c == plan.POV || slices.Contains(plan.Cast[:i], c) {
				t.Fatalf("%q: cast %q unresolved, the pov, or twice", content, plan.Cast)
			}
		}
		for i, id := range plan.ThreadsAdvanced {
			if !slices.ContainsFunc(p.OpenThreads(), func(th project.Thread) bool { return th.ID == id }) || slices.Contains(plan.ThreadsAdvanced[:i], id) {
				t.Fatalf("%q: threads %q: not open, or twice", content, plan.ThreadsAdvanced)
			}
		}
		for _, b := range plan.Beats {
			clean("beat", b, false)
			if strings.TrimSpace(b) != b || b == "" {
				t.Fatalf("%q: beat %q", content, b)
			}
		}
	})
}

// FuzzParseOutlineDraft: an outline draft the parser accepts, from any
// answer, becomes an outline.md that reads back as written (the same
// rendering), so that its own check never sends the model back for
// storyd's rendering.
func FuzzParseOutlineDraft(f *testing.F) {
	for _, s := range []string{
		`{"parts":[{"title":"Act I: Begin","chapters":[{"title":"Chapter 7: The Gate (tension 12)","beats":["- [ ] Mara finds the gate (scene 3)", "### Chapter 2\nTobias\u0000 lies"]}]}]}`,
		// "C#" read back as "C": a heading's closing #s were taken without the blank before them.
		`{"parts":[{"title":"C#","chapters":[{"title":"x","beats":["a", "b"]}]},{"title":"(tension","chapters":[{"title":"(tension","beats":["c (scene 0)", "  d  "]}]}]}`,
		`{"parts":[{"title":"C # ","chapters":[{"title":"x (tension 2) #","beats":["a #", "## b ##"]}]},{"title":" ## ","chapters":[{"title":"Chapter 3 #","beats":["c"]}]}]}`,
	} {
		f.Add(s)
	}
	p := &project.Project{Story: project.Story{Title: "T", TargetWords: 2400, SceneWords: 400}}
	f.Fuzz(func(t *testing.T, content string) {
		o, err := ParseOutline(p, content)
		if err != nil {
			if strings.Contains(err.Error(), "does not read back") {
				t.Fatalf("%q: %v", content, err)
			}
			return
		}
		file := outline.Render(o)
		o2, err := outline.Parse(outline.File, file)
		if err != nil {
			t.Fatalf("%q: %v", content, err)
		}
		if again := outline.Render(o2); !bytes.Equal(again, file) {
			t.Fatalf("%q: the draft\n%s\nreads back as\n%s", content, file, again)
		}
	})
}
