package offline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/schema"
)

const planSchema = `{
  "type": "object",
  "properties": {
    "plan": {
      "type": "object",
      "properties": {
        "title": {"type": "string", "maxLength": 60},
        "pov": {"type": "string", "enum": ["alice", "carol"]},
        "cast": {"type": "array", "items": {"type": "string", "enum": ["alice", "carol", "dmitri"]}, "minItems": 2, "maxItems": 3},
        "summary": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 5},
        "intention": {"type": "string"},
        "words": {"type": "integer", "minimum": 500, "maximum": 2000},
        "tension": {"type": "number", "minimum": 0, "maximum": 1},
        "new_characters": {"type": "array", "maxItems": 2, "items": {
          "type": "object",
          "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "role": {"type": ["string", "null"]}},
          "required": ["id", "name", "role"],
          "additionalProperties": false
        }},
        "ends_chapter": {"type": "boolean"},
        "note": {"anyOf": [{"type": "null"}, {"type": "string", "minLength": 5}]}
      },
      "required": ["title", "pov", "cast", "summary", "intention", "words", "tension", "new_characters", "ends_chapter", "note"],
      "additionalProperties": false
    }
  },
  "required": ["plan"],
  "additionalProperties": false
}`

func planRequest(extra string) llm.Request {
	return llm.Request{
		Role: "planner", Tick: 3, Model: "offline",
		Messages: []llm.Message{
			{Role: "system", Content: "You plan scenes for a novel."},
			{Role: "user", Content: "The story so far: Alice met Carol at the lighthouse. Dmitri keeps the ferry ledger. " + extra},
		},
		Schema: &llm.Schema{Name: "plan", Schema: json.RawMessage(planSchema)},
	}
}

func TestOfflineSchemaAnswersValidate(t *testing.T) {
	// Many prompts, so many random choices get exercised.
	for _, extra := range []string{"", "Plan the storm.", "Plan the harvest festival with Bertrand.", "x", "Next: the trial of Quentin."} {
		resp, err := Model{}.Complete(context.Background(), planRequest(extra))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(json.RawMessage(planSchema), []byte(resp.Content)); err != nil {
			t.Errorf("prompt %q: offline answer does not validate: %v\n%s", extra, err, resp.Content)
		}
		if resp.Model != ModelName || resp.FinishReason != "stop" || !resp.Usage.Estimated || resp.Latency != 0 {
			t.Errorf("got %+v; want model offline, stop, estimated usage, no latency", resp)
		}
		var doc struct {
			Plan struct {
				Title string
				Cast  []string
			}
		}
		if err := json.Unmarshal([]byte(resp.Content), &doc); err != nil {
			t.Fatal(err)
		}
		if n := len(strings.Fields(doc.Plan.Title)); n < 2 || n > 4 {
			t.Errorf("got title %q; want 2-4 words", doc.Plan.Title)
		}
		seen := map[string]bool{}
		for _, c := range doc.Plan.Cast {
			if seen[c] {
				t.Errorf("got cast %v; want no repeats while the enum lasts", doc.Plan.Cast)
			}
			seen[c] = true
		}
	}
}

func TestOfflineDeterministic(t *testing.T) {
	a, err := Model{}.Complete(context.Background(), planRequest("Plan the storm."))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Model{}.Complete(context.Background(), planRequest("Plan the storm."))
	if a.Content != b.Content {
		t.Errorf("same request, different answers:\n%s\n---\n%s", a.Content, b.Content)
	}
	c, _ := Model{}.Complete(context.Background(), planRequest("Plan the flood."))
	if a.Content == c.Content {
		t.Errorf("different requests gave the same answer:\n%s", a.Content)
	}
}

func TestOfflineProse(t *testing.T) {
	r := llm.Request{
		Role: "writer", Model: "offline", MaxTokens: 4000,
		Messages: []llm.Message{
			{Role: "system", Content: "You are a novelist."},
			{Role: "user", Content: "Scene plan: Alice confronts Dmitri on the ferry about the missing ledger. Write the scene in about 300 words."},
		},
	}
	resp, err := Model{}.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	words := len(strings.Fields(resp.Content))
	if words < 300 || words > 340 {
		t.Errorf("got %d words; want about 300", words)
	}
	if paras := strings.Count(strings.TrimSpace(resp.Content), "\n\n") + 1; paras < 3 {
		t.Errorf("got %d paragraphs; want several", paras)
	}
	for _, name := range []string{"Alice", "Dmitri"} {
		if !strings.Contains(resp.Content, name) {
			t.Errorf("prose does not use the prompt's name %s:\n%s", name, resp.Content)
		}
	}
	if strings.Contains(strings.ToLower(resp.Content), "lorem") {
		t.Errorf("got lorem ipsum; want the prompt's names and plain nouns")
	}
	if want := estimateTokens(resp.Content); resp.Usage.CompletionTokens != want || want != (words*4+1)/3 {
		t.Errorf("got completion tokens %d; want %d (words × 4/3)", resp.Usage.CompletionTokens, want)
	}

	// Without "about N words" the length follows MaxTokens (0.7 × tokens).
	r.Messages[1].Content = "Scene plan: Alice confronts Dmitri."
	r.MaxTokens = 400
	resp, _ = Model{}.Complete(context.Background(), r)
	if got := resp.Usage.CompletionTokens; got < 260 || got > 320 {
		t.Errorf("got %d completion tokens for MaxTokens 400; want about 280", got)
	}
}

func TestOfflineCheckpointIsBulletList(t *testing.T) {
	r := llm.Request{Role: "checkpoint", Model: "offline", MaxTokens: 300,
		Messages: []llm.Message{{Role: "user", Content: "Summarise scenes 1-10 where Alice and Carol search the lighthouse, in about 80 words."}}}
	resp, err := Model{}.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(resp.Content), "\n")
	if len(lines) < 3 {
		t.Fatalf("got %d lines; want a bullet list", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "- ") {
			t.Errorf("got line %q; want a markdown bullet", l)
		}
	}
}

func TestOfflineStreamsDeltas(t *testing.T) {
	var parts []string
	r := llm.Request{Role: "writer", Model: "offline", MaxTokens: 500, Stream: true,
		Messages: []llm.Message{{Role: "user", Content: "Write about Alice."}},
		OnDelta:  func(s string) { parts = append(parts, s) }}
	resp, err := Model{}.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) < 2 || strings.Join(parts, "") != resp.Content {
		t.Errorf("got %d deltas joining to %d bytes; want several joining to the %d-byte answer", len(parts), len(strings.Join(parts, "")), len(resp.Content))
	}
}

func TestOfflineHonoursLimits(t *testing.T) {
	limits := `{"type":"object","properties":{
	  "tag": {"type":"string","maxLength":4},
	  "long": {"type":"string","minLength":40,"maxLength":60},
	  "n": {"type":"integer","minimum":-3,"maximum":-3},
	  "xs": {"type":"array","items":{"type":"integer","minimum":1,"maximum":2},"minItems":4,"maxItems":4},
	  "ids": {"type":"array","items":{"type":"string","enum":["a","b"]},"minItems":3,"maxItems":3}
	},"required":["tag","long","n","xs","ids"],"additionalProperties":false}`
	r := llm.Request{Model: "offline", Messages: []llm.Message{{Role: "user", Content: "Give data."}}, Schema: &llm.Schema{Name: "d", Schema: json.RawMessage(limits)}}
	resp, err := Model{}.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(json.RawMessage(limits), []byte(resp.Content)); err != nil {
		t.Errorf("offline answer does not validate: %v\n%s", err, resp.Content)
	}
}

func TestOfflineBadSchema(t *testing.T) {
	r := llm.Request{Model: "offline", Messages: []llm.Message{{Role: "user", Content: "x"}},
		Schema: &llm.Schema{Name: "d", Schema: json.RawMessage(`{"type":"string","pattern":"^a"}`)}}
	_, err := Model{}.Complete(context.Background(), r)
	var e *llm.Error
	if !errors.As(err, &e) || e.Kind != llm.KindBadRequest || !strings.Contains(err.Error(), "pattern") {
		t.Errorf("got %v; want a bad request naming the unsupported keyword", err)
	}
}

func TestOfflineUsesNamesFromLastUserMessage(t *testing.T) {
	r := llm.Request{Model: "offline", Messages: []llm.Message{{Role: "user", Content: "Characters: Zebedee and Philippa walk to Marrow Hill."}},
		Schema: &llm.Schema{Name: "n", Schema: json.RawMessage(`{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"},"minItems":6,"maxItems":6}},"required":["names"],"additionalProperties":false}`)}}
	resp, err := Model{}.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`Zebedee|Philippa|Marrow|Hill`).MatchString(resp.Content) {
		t.Errorf("got %s; want names from the prompt", resp.Content)
	}
}

// storydPrompt reads like storyd's own packs: instructions, headings and
// labels around a little story. The stand-in must take the story's names
// from it, never the instructions' words.
var storydPrompt = []llm.Message{
	{Role: "system", Content: "You are the planner of the novel \"The Lamp Ledger\". Before each scene is written you decide what it must do. Answer with JSON only, following the scene_plan schema."},
	{Role: "user", Content: "## Story bible\nMaren Holt keeps the Skarra light with her brother Tobias. The lamp ledger lies on the desk by the stairs.\n" +
		"## Your scratchpad (your notes from the last plan)\n(empty: note in scratchpad what the next few scenes should do)\n" +
		"## Progress\nScene 4 of about 150. Present the next beat. Invent new characters only when needed. Remember the open threads.\n" +
		"**Short** scenes are fine. Active characters: Maren's brother Tobias waits for the Writer.\n## Your task\nPlan scene 4."},
}

// The stand-in's titles, names, terms and prose are neutral placeholders:
// the story's names and concrete nouns, never storyd's prompt words
// ("The Planner of Tobias", a glossary term "Writer").
func TestOfflineDoesNotEchoPromptWords(t *testing.T) {
	const answer = `{"type":"object","properties":{
	  "title": {"type":"string"},
	  "pov": {"type":"string"},
	  "summary": {"type":"array","items":{"type":"string"},"minItems":3,"maxItems":3},
	  "new_characters": {"type":"array","minItems":2,"maxItems":2,"items":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}},
	  "new_locations": {"type":"array","minItems":1,"maxItems":1,"items":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}},
	  "glossary": {"type":"array","minItems":2,"maxItems":2,"items":{"type":"object","properties":{"term":{"type":"string"},"definition":{"type":"string"}},"required":["term","definition"],"additionalProperties":false}}
	},"required":["title","pov","summary","new_characters","new_locations","glossary"],"additionalProperties":false}`
	echoes := regexp.MustCompile(`(?i)\b(planner|writer|scratchpad|present|invent|remember|short|active|progress|bible|task|novel|instructions?|empty|schema|answer)\b|'s\b`)
	var all strings.Builder
	for i := 0; i < 12; i++ {
		msgs := slices.Clone(storydPrompt)
		msgs[1].Content += fmt.Sprintf(" Attempt %d.", i)
		plan, err := Model{}.Complete(context.Background(), llm.Request{Role: "planner", Messages: msgs, Schema: &llm.Schema{Name: "p", Schema: json.RawMessage(answer)}})
		if err != nil {
			t.Fatal(err)
		}
		prose, err := Model{}.Complete(context.Background(), llm.Request{Role: "writer", Messages: msgs, MaxTokens: 300})
		if err != nil {
			t.Fatal(err)
		}
		all.WriteString(plan.Content + "\n" + prose.Content + "\n")
	}
	text := all.String()
	if m := echoes.FindAllString(text, -1); len(m) > 0 {
		t.Errorf("the stand-in echoes prompt words %q:\n%s", m, text[:min(len(text), 2000)])
	}
	for _, name := range []string{"Holt", "Tobias", "Maren"} {
		if !strings.Contains(text, name) {
			t.Errorf("the stand-in never uses the story's name %s", name)
		}
	}
	for _, noun := range []string{"lamp", "ledger", "stairs"} {
		if !strings.Contains(strings.ToLower(text), noun) {
			t.Errorf("the stand-in never uses the story's noun %q", noun)
		}
	}
}

// eachWord finds the words wordRe finds, on any input.
func FuzzEachWordMatchesRegexp(f *testing.F) {
	for _, s := range []string{"", "Maren's lamp-ledger", "naïve ’tis — don't", "a\nb  c", "12 ab3cd", "-x'y-", "日本語 text"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		var got []string
		eachWord(s, func(w string) { got = append(got, w) })
		if want := wordRe.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Errorf("eachWord(%q) = %q; wordRe finds %q", s, got, want)
		}
	})
}
