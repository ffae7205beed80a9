package planner

import (
	"context"
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/project"
)

func TestShapeFor(t *testing.T) {
	p := &project.Project{Story: project.Story{TargetWords: 12000, SceneWords: 400}}
	sh := ShapeFor(p)
	if sh.Scenes != 30 || sh.Beats != 15 || sh.Chapters != 6 || sh.Parts != 3 || sh.ChaptersPerPart != [2]int{1, 3} {
		t.Errorf("12000/400: %+v", sh)
	}
	p.Story.TargetWords = 800
	if sh := ShapeFor(p); sh.Parts != 1 || sh.Chapters != 1 || sh.Beats != 2 || sh.BeatsPerChapter != [2]int{2, 2} {
		t.Errorf("800/400: %+v", sh)
	}
}

func TestIntendedTension(t *testing.T) {
	got := []int{IntendedTension(0.1), IntendedTension(0.5), IntendedTension(0.85), IntendedTension(1)}
	if got[0] >= got[1] || got[1] >= got[2] || got[2] != 9 || got[3] != 4 {
		t.Errorf("shape %v: want rising to 9 at 85%%, 4 at the end", got)
	}
}

// The model's text becomes lines of a file people edit and storyd parses:
// list marks, heading words, notes storyd reads, control characters and
// excess length are removed.
func TestParseOutlineCleansModelText(t *testing.T) {
	p := &project.Project{Story: project.Story{Title: "T", TargetWords: 800, SceneWords: 400}}
	answer := `{"parts":[{"title":"Act I: Begin","chapters":[{"title":"Chapter 7: The Gate (tension 12)","beats":[
		"- [ ] Mara finds the gate (scene 3)", "### Chapter 2\nTobias\u0000 lies", "` + strings.Repeat("long ", 100) + `"]}]}]}`
	o, err := ParseOutline(p, "Here it is:\n```json\n"+answer+"\n```")
	if err != nil {
		t.Fatal(err)
	}
	c := o.Chapters[0]
	if c.Num != 1 || c.Title != "The Gate" || c.Tension != IntendedTension(1) {
		t.Errorf("chapter: %+v", c)
	}
	if o.Beats[0].Text != "Mara finds the gate" || o.Beats[1].Text != "Chapter 2 Tobias lies" || len([]rune(o.Beats[2].Text)) > maxOutlineBeat+1 {
		t.Errorf("beats: %q, %q, %d runes", o.Beats[0].Text, o.Beats[1].Text, len([]rune(o.Beats[2].Text)))
	}
	if _, err := ParseOutline(p, `{"parts":[{"title":"x","chapters":[{"title":"y","beats":["  ", "- [ ]"]}]}]}`); err == nil ||
		!strings.Contains(err.Error(), "beats[0]: must not be empty") {
		t.Errorf("empty beats: %v", err)
	}
}

// The offline stand-in drafts an outline of the intended size from the
// schema alone.
func TestOfflineDraftsOutline(t *testing.T) {
	p := testProject(t, true, 0)
	p.Story.TargetWords = 12000
	cfg := config.Default()
	pack, err := BuildOutline(tokenizer(t), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []llm.Message
	for _, m := range pack.Messages {
		msgs = append(msgs, llm.Message{Role: m.Role, Content: m.Content})
	}
	s := OutlineSchema(p)
	resp, err := offline.Model{}.Complete(context.Background(), llm.Request{Role: "outline", Messages: msgs, Schema: &s})
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOutline(p, resp.Content)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Parts) != 3 || len(o.Beats) < 6 || len(o.Beats) > 27 {
		t.Errorf("%d parts, %d beats; want 3 parts and a beat per one or two of ~30 scenes", len(o.Parts), len(o.Beats))
	}
	if !strings.Contains(pack.Messages[len(pack.Messages)-1].Content, "about 30 scenes") {
		t.Errorf("task does not state the size:\n%s", pack.Messages[len(pack.Messages)-1].Content)
	}
}
