package prompt

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (run go test -update and review the diff):\n%s", name, path, got)
	}
}

// Golden files pin the exact pack and report: prompts are the product's
// main output, so any change to them should show up in review.
func TestWriterPackGolden(t *testing.T) {
	smallBible := func(s *Spec) { s.Sections[1].Budget = 200 }
	for _, tc := range []struct {
		name   string
		enc    string
		total  int
		mutate func(*Spec)
	}{
		{"writer-cl100k-16000", CL100K, 16000, nil},
		{"writer-cl100k-9000", CL100K, 9000, nil},
		{"writer-o200k-4000", O200K, 4000, nil},
		{"writer-cl100k-1200-small-bible", CL100K, 1200, smallBible},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := writerSpec(t, tc.total)
			if tc.mutate != nil {
				tc.mutate(&spec)
			}
			p, err := tokenizer(t, tc.enc).Build(spec)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".explain", p.Explain())
			golden(t, tc.name+".pack", render(p))
		})
	}
}

func TestExplain(t *testing.T) {
	tk := tokenizer(t, CL100K)
	p, err := tk.Build(writerSpec(t, 7000))
	if err != nil {
		t.Fatal(err)
	}
	text := p.Explain()
	for _, want := range []string{
		"writer pack: ",
		"section    tokens/budget  items (kept/degraded/dropped)  notes",
		"retrieval  0/4000         0/0/8                          omitted: all 8 items were dropped (strain II: retrieval off)\n",
		"summaries  478/1200       19/0/0\n",
		`retrieval "scene 4" dropped (`,
		"): strain II: retrieval off",
		fmt.Sprintf("strain: strain II (pressure %.2f of budget 7000; %d tokens wanted in full)\n", p.Pressure, p.Demand),
		"  strain II: the story so far wants 85-95% of the budget: tighter caps",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Explain() lacks %q:\n%s", want, text)
		}
	}

	raw, err := p.ExplainJSON()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Role     string           `json:"role"`
		Tokens   int              `json:"tokens"`
		Tier     string           `json:"tier"`
		Messages []explainMessage `json:"messages"`
		Sections []SectionReport  `json:"sections"`
		Trims    []Trim           `json:"trims"`
		Warnings []string         `json:"warnings"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("ExplainJSON is not JSON: %v\n%s", err, raw)
	}
	if got.Role != "writer" || got.Tokens != p.Tokens || got.Tier != "strain II" || len(got.Sections) != 9 || len(got.Trims) != len(p.Trims) {
		t.Errorf("ExplainJSON = %s", raw)
	}
	if len(got.Messages) != 2 || got.Messages[1].Bytes != len(p.Messages[1].Content) {
		t.Errorf("ExplainJSON messages = %+v; want sizes of the 2 messages", got.Messages)
	}
	if !strings.Contains(string(raw), `"warnings": []`) {
		t.Errorf("ExplainJSON: want \"warnings\": [] for no warnings:\n%s", raw)
	}
}

// Every omitted section says why: one without items gives its builder's
// reason, one whose only item was dropped says so, and a section with
// neither still says something rather than a bare "omitted".
func TestExplainSaysWhyOmitted(t *testing.T) {
	tk := tokenizer(t, CL100K)
	long := strings.Repeat("word ", 400)
	p, err := tk.Build(Spec{Role: "writer", Total: 300, Sections: []Section{
		{Name: "task", Message: MessageUser, Required: true, Items: []Item{{Key: "task", Text: "Write."}}},
		{Name: "retrieval", Message: MessageUser, Why: "fewer than 6 earlier scenes"},
		{Name: "history", Message: MessageUser, Budget: 50, TrimRank: 1, Items: []Item{{Key: "arc 1-50", Text: long}}},
		{Name: "glossary", Message: MessageUser},
	}})
	if err != nil {
		t.Fatal(err)
	}
	text := p.Explain()
	for _, want := range []string{
		"omitted: fewer than 6 earlier scenes\n",
		"omitted: its item was dropped (",
		"omitted: nothing to show\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Explain() lacks %q:\n%s", want, text)
		}
	}
	for _, s := range p.Sections {
		if s.Omitted != (s.Why != "") {
			t.Errorf("section %s: omitted %v, why %q", s.Name, s.Omitted, s.Why)
		}
	}
}

// The report counts in words: "1 token", "1 message", not "1 tokens".
func TestExplainOneSeparatorToken(t *testing.T) {
	p, err := tokenizer(t, CL100K).Build(Spec{Role: "writer", Total: 300, Sections: []Section{
		{Name: "plan", Message: MessageUser, Required: true, Items: []Item{{Key: "plan", Text: "Mara waits"}}},
		{Name: "task", Message: MessageUser, Required: true, Items: []Item{{Key: "task", Text: "Write."}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if text := p.Explain(); !strings.Contains(text, "(1 token of separators between sections)\n") || !strings.Contains(text, " in 1 message\n") {
		t.Errorf("Explain() lacks the one separator token:\n%s", text)
	}
}
