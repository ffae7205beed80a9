package summarizer

import (
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// FuzzParseExtract: an extraction the parser accepts, from any answer, is
// one a tick can write: clean one-line text, ids that exist (open threads
// for those resolved), no glossary term the file could not read back, a
// tension from 0 to 10; never a panic.
func FuzzParseExtract(f *testing.F) {
	for _, s := range []string{
		`{"summary": ["- Mara waits.", "Venn arrives."], "characters": ["mara", "Tobias Venn", "c1"], "threads_opened": ["Who?", "who?", " "], "threads_resolved": ["t1", "T1"], "facts": [{"entity": "The Ferry Landing", "fact": "The bell is cracked."}, {"entity": "story", "fact": "x\u001b[2J"}], "glossary": [{"term": "Heron-Sign", "definition": "dup"}, {"term": "**ebb-bell**", "definition": "x"}], "tension": 14}`,
		`{"summary": ["• a\nb"], "characters": [], "threads_opened": [], "threads_resolved": [], "facts": [], "glossary": [{"term": "a**: b", "definition": "c"}]}`,
		"```json\n{\"summary\": [\"x\"], \"characters\": [\"c2\"], \"threads_opened\": [\"\\u202eq\"], \"threads_resolved\": [], \"facts\": [], \"glossary\": [], \"tension\": -3}\n```",
	} {
		f.Add(s)
	}
	p := testProject(f, 2)
	f.Fuzz(func(t *testing.T, content string) {
		x, err := ParseExtract(p, content)
		if err != nil {
			return
		}
		line := func(what, s string) {
			if s == "" || prompt.OneLine(s) != s {
				t.Fatalf("%q: %s %q is not one clean line", content, what, s)
			}
		}
		for _, s := range x.Summary {
			line("bullet", s)
		}
		for i, id := range x.Characters {
			if p.Character(id) == nil || slices.Contains(x.Characters[:i], id) {
				t.Fatalf("%q: characters %q", content, x.Characters)
			}
		}
		for _, s := range x.ThreadsOpened {
			line("thread", s)
		}
		for i, id := range x.ThreadsResolved {
			if !slices.ContainsFunc(p.OpenThreads(), func(th project.Thread) bool { return th.ID == id }) || slices.Contains(x.ThreadsResolved[:i], id) {
				t.Fatalf("%q: resolved %q", content, x.ThreadsResolved)
			}
		}
		for _, fu := range x.Facts {
			line("fact", fu.Fact)
			if fu.Entity != "story" && p.Character(fu.Entity) == nil && p.Location(fu.Entity) == nil {
				t.Fatalf("%q: fact on %q", content, fu.Entity)
			}
		}
		for _, g := range x.Glossary {
			line("term", g.Term)
			line("definition", g.Definition)
			if strings.Contains(g.Term, "**") || strings.Trim(g.Term, "*") != g.Term {
				t.Fatalf("%q: term %q", content, g.Term)
			}
		}
		if x.Tension != nil && (*x.Tension < 0 || *x.Tension > 10) {
			t.Fatalf("%q: tension %d", content, *x.Tension)
		}
	})
}
