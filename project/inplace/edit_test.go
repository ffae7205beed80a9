package inplace

import (
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
	"gopkg.in/yaml.v3"
)

func TestAppendFactsKeepsCommentsOrderAndBody(t *testing.T) {
	in := "---\n# my notes on Ann\nname: Ann\nid: c1 # short id\nfacts:\n  - text: Ann is left-handed.\n---\n\nAnn's body,\n\n  with   odd spacing.\n"
	out, err := AppendFacts([]byte(in), "facts", []project.Fact{{Text: "Ann owns a grey mare.", Scene: 4}})
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{"# my notes on Ann\n", "id: c1 # short id", "Ann is left-handed.", "text: Ann owns a grey mare.\n    scene: 4", "---\n\nAnn's body,\n\n  with   odd spacing.\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if strings.Index(got, "name: Ann") > strings.Index(got, "id: c1") {
		t.Errorf("key order changed:\n%s", got)
	}
	c := &project.Character{}
	fm, _, _ := strings.Cut(strings.TrimPrefix(got, "---\n"), "\n---\n")
	dec := yaml.NewDecoder(strings.NewReader(fm))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil {
		t.Fatal(err)
	}
	if len(c.Facts) != 2 || c.Facts[1].Scene != 4 {
		t.Fatalf("facts after append: %+v", c.Facts)
	}
	// No facts key yet: one is added.
	out, err = AppendFacts([]byte("---\nid: l1\nname: Mill\n---\nA mill.\n"), "facts", []project.Fact{{Text: "It burned in 1820."}})
	if err != nil || !strings.Contains(string(out), "facts:\n  - text: It burned in 1820.\n---\nA mill.\n") {
		t.Fatalf("got %v:\n%s", err, out)
	}
}

func TestUpdateThreadsKeepsNotes(t *testing.T) {
	in := "# Threads\n\nMy plan: resolve t1 by the midpoint.\n\n## Open\n- t1: Who? (opened 1)\n- t2: Where? (opened 2)\n\n## Resolved\n- t0: Done (opened 1, resolved 2)\n\nMore notes.\n"
	out := string(UpdateThreads([]byte(in), []project.Thread{{ID: "t3", Text: "Why?", Opened: 5}}, map[string]int{"t1": 5}))
	want := "# Threads\n\nMy plan: resolve t1 by the midpoint.\n\n## Open\n- t2: Where? (opened 2)\n- t3: Why? (opened 5)\n\n## Resolved\n- t0: Done (opened 1, resolved 2)\n- t1: Who? (opened 1, resolved 5)\n\nMore notes.\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	ts, err := project.ParseThreads("threads.md", []byte(out))
	if err != nil || len(ts) != 4 {
		t.Fatalf("reparse: %v %+v", err, ts)
	}
	// An empty Open list still gets the new thread under its heading.
	out = string(UpdateThreads([]byte("# Threads\n\n## Open\n\n## Resolved\n"), []project.Thread{{ID: "t1", Text: "A", Opened: 1}}, nil))
	if !strings.Contains(out, "## Open\n- t1: A (opened 1)\n") {
		t.Fatalf("got:\n%s", out)
	}
}

func TestAppendTermsKeepsTheRest(t *testing.T) {
	in := "# Glossary\n\n- **Glimmer**: a light (scene 1)\n\nNotes at the end.\n"
	out := string(AppendTerms([]byte(in), []project.Term{{Term: "Hush", Definition: "the quiet hour", Scene: 3}}))
	want := "# Glossary\n\n- **Glimmer**: a light (scene 1)\n- **Hush**: the quiet hour (scene 3)\n\nNotes at the end.\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestUpdateThreadsLooseHeadingsAndNotes(t *testing.T) {
	in := "# Threads\n\n## Open threads\n- t1: Who? (opened 1)\n  note: ask Jory first\n- t2: Where? (opened 2)\n\n## Resolved ones\n"
	ts, err := project.ParseThreads("threads.md", []byte(in))
	if err != nil || len(ts) != 2 {
		t.Fatalf("loose headings: %v %+v", err, ts)
	}
	out := string(UpdateThreads([]byte(in), []project.Thread{{ID: "t3", Text: "Why?", Opened: 4}}, map[string]int{"t1": 4}))
	want := "# Threads\n\n## Open threads\n- t2: Where? (opened 2)\n- t3: Why? (opened 4)\n\n## Resolved ones\n- t1: Who? (opened 1, resolved 4)\n  note: ask Jory first\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	if _, err := project.ParseThreads("threads.md", []byte("# Threads\n\n- t5: stray\n")); err == nil || !strings.Contains(err.Error(), "threads.md:3: thread") {
		t.Fatalf("a thread outside the lists: got %v", err)
	}
}

func TestNewThreadGoesAfterTheLastThreadsNotes(t *testing.T) {
	in := "## Open threads\n- t2: x (opened 1)\n  note: indented\n\n## Resolved\n"
	out := string(UpdateThreads([]byte(in), []project.Thread{{ID: "t3", Text: "y", Opened: 2}}, nil))
	want := "## Open threads\n- t2: x (opened 1)\n  note: indented\n- t3: y (opened 2)\n\n## Resolved\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	crlf := strings.ReplaceAll(in, "\n", "\r\n")
	out = string(UpdateThreads([]byte(crlf), []project.Thread{{ID: "t3", Text: "y", Opened: 2}}, nil))
	if out != strings.ReplaceAll(want, "\n", "\r\n") {
		t.Fatalf("CRLF file: got %q", out)
	}
}
