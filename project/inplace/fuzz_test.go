package inplace

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
)

// FuzzUpdateThreads: a tick's edit of a threads.md that loads (however a
// person wrote it) gives a file that loads, with the threads it had, the
// one resolved now resolved at the scene, the new one open, and nothing
// else changed.
func FuzzUpdateThreads(f *testing.F) {
	for _, s := range []string{
		"# Threads\n\n## Open\n- t1: Who? (opened 1)\n- t2: Where? (opened 2)\n\n## Resolved\n- t0: Done (opened 1, resolved 2)\n",
		"## Open threads\n- t1: Who? (opened 1)\n  note: ask Jory first\n- t2: Where? (opened 2)\n\n## Resolved ones\n",
		"\ufeff## Open\r\n- t1: a\r\n",
		"",
		"notes only\n",
		"## Resolved\n- t1: x\n\n## Open\n- t2: y\n",
	} {
		f.Add([]byte(s), "Why did the bell ring?", uint8(0))
	}
	// An indented thread or heading under the thread resolved is not its
	// note: it moved with it, resolving t2 too (or taking the heading along).
	f.Add([]byte("## Open\n- t1: a\n  - t2: b\n"), "", uint8(0))
	f.Add([]byte("## Open\n- t1: a\n  ## Resolved\n- t2: b (opened 1, resolved 2)\n"), "", uint8(0))
	// A second byte-order mark is text to the parser; the editor dropped it.
	f.Add([]byte("\ufeff\ufeff## Open\n- 0"), "0", uint8(0))
	// An id past an int: the next was "t-9223372036854775808", which does
	// not load; one bigger than an int was skipped, its number given again.
	f.Add([]byte("## Open\n- t9223372036854775807: a\n"), "b", uint8(0))
	f.Add([]byte("## Open\n- t9223372036854775808: a\n- t9223372036854775807: b\n"), "c", uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, text string, pick uint8) {
		before, err := project.ParseThreads(project.ThreadsFile, data)
		if err != nil {
			return
		}
		const seq = 9
		opened := project.Thread{ID: project.NextThreadID(before), Text: prompt.OneLine(text), Opened: seq}
		var open []string
		for _, th := range before {
			if th.Resolved == 0 {
				open = append(open, th.ID)
			}
		}
		resolve := map[string]int{}
		if len(open) > 0 {
			resolve[open[int(pick)%len(open)]] = seq
		}
		var add []project.Thread
		if opened.Text != "" {
			add = append(add, opened)
		}
		out := UpdateThreads(data, add, resolve)
		after, err := project.ParseThreads(project.ThreadsFile, out)
		if err != nil {
			t.Fatalf("%q, opening %+v and resolving %v, gave %q, which does not load: %v", data, add, resolve, out, err)
		}
		want := map[string]project.Thread{}
		for _, th := range append(before, add...) {
			if resolve[th.ID] > 0 {
				th.Resolved = seq
			}
			want[th.ID] = th
		}
		if len(after) != len(want) {
			t.Fatalf("%q gave %q: %d threads, want %d", data, out, len(after), len(want))
		}
		for _, th := range after {
			if want[th.ID] != th {
				t.Fatalf("%q gave %q: %+v, want %+v", data, out, th, want[th.ID])
			}
		}
		if bytes.HasPrefix(data, []byte("\ufeff")) != bytes.HasPrefix(out, []byte("\ufeff")) {
			t.Fatalf("%q gave %q: the byte-order mark changed", data, out)
		}
	})
}

// FuzzAppendTerms: a tick's new glossary entry, added to a glossary.md
// that loads, gives a file that loads with the terms it had and the new one.
func FuzzAppendTerms(f *testing.F) {
	for _, s := range []string{
		"# Glossary\n\n- **Glimmer**: a light (scene 1)\n\nNotes at the end.\n",
		"",
		"\ufeff- **A**: b\r\n",
		"notes\n  - **x**: y\n",
	} {
		f.Add([]byte(s), "Hush", "the quiet hour")
	}
	f.Fuzz(func(t *testing.T, data []byte, term, def string) {
		before, err := project.ParseGlossary(project.GlossaryFile, data)
		if err != nil {
			return
		}
		add := project.Term{Term: prompt.OneLine(term), Definition: prompt.OneLine(def), Scene: 9}
		if add.Term == "" || add.Definition == "" || strings.Contains(add.Term, "**") {
			return // the extractor refuses it (summarizer's newTerms)
		}
		out := AppendTerms(data, []project.Term{add})
		after, err := project.ParseGlossary(project.GlossaryFile, out)
		if err != nil {
			t.Fatalf("%q, adding %+v, gave %q, which does not load: %v", data, add, out, err)
		}
		if want := append(before, add); !reflect.DeepEqual(after, want) {
			t.Fatalf("%q, adding %+v, gave %q:\n%+v\nwant\n%+v", data, add, out, after, want)
		}
	})
}

// FuzzAppendFacts: a tick's new fact, added to a character sheet that
// loads, gives a sheet that loads as the same character with one fact
// more and the same body.
func FuzzAppendFacts(f *testing.F) {
	for _, s := range []string{
		"---\n# my notes on Ann\nname: Ann\nid: c1 # short id\nfacts:\n  - text: Ann is left-handed.\n---\n\nAnn's body,\n\n  with   odd spacing.\n",
		"---\nid: l1\nname: Mill\n---\nA mill.\n",
		"\ufeff---\r\nid: c2\r\nname: Bo\r\nfacts: []\r\n---\r\n",
		"---\nid: c3\nname: Cy\nfacts:\n---\n",
		"---\nid: c4\nname: \"Dee: the elder\"\naliases: [D, 'E']\ntraits:\n- calm\nrelationships:\n  - {with: c1, is: sister}\n---\n---\nbody\n",
	} {
		f.Add([]byte(s), "Ann owns a grey mare.")
	}
	// An empty block (a facts.md emptied by hand) loads, but the editor,
	// looking for "\n---" past the opening line, called it unterminated:
	// every tick with a story fact failed.
	f.Add([]byte("---\n---"), "0")
	f.Add([]byte("---\n# only a comment\n---\nbody\n"), "x")
	f.Add([]byte("---\n&000\n---"), "0") // a null block (an anchor alone, "~") loads as nothing set: "not a mapping" to the editor
	f.Add([]byte("---\n~ # nothing yet\n---\n"), "0")
	f.Add([]byte("---\nfacts:\n  - !0 {scene}\n---"), "0") // a null written as nothing, written back as '' (fresh corpus, 15 s)
	f.Add([]byte("---\n&0000:\n 0000000000000\n---"), "0") // a null key, dropped by the loader, written back as "" (a fresh corpus, 2 s)
	f.Add([]byte("---\n--- \n---"), "0")                   // "--- " closes the block for the parser's splitter, not for ours: the body differed
	f.Add([]byte("---\nid: c7\nname: Gil\nfacts:\n  - text: |\n      ---\n---\n"), "0")
	f.Add([]byte("---\nfacts:\n- text: |\r   ---\n---"), "0") // "\r" a line break to YAML, not to the splitter: the fact "---" written back as a block closed the frontmatter
	// A scene the loader reads as a number ("0x10", through an alias) was
	// not one to the dated-facts filter.
	f.Add([]byte("---\nid: c5\nname: Ed\nfacts:\n  - {text: a, scene: 0x10}\n  - {text: b, scene: &n 3}\n  - {text: c, scene: *n}\n  - {text: d}\n---\n"), "e")
	// A dated entry's anchor, used by an entry kept: it went with the entry.
	f.Add([]byte("---\nid: c6\nname: Flo\nfacts:\n  - {text: &t a, scene: 2}\n  - {text: *t}\n  - &f {text: b, scene: 0}\n  - *f\n---\n"), "g")
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		var before project.Character
		body, err := textfile.ParseFrontmatter("characters/c1.md", data, &before)
		if err != nil {
			return
		}
		add := project.Fact{Text: prompt.OneLine(text), Scene: 9}
		if add.Text == "" {
			return
		}
		out, err := AppendFacts(data, "facts", []project.Fact{add})
		if err != nil {
			t.Fatalf("%q: a sheet that loads, adding %+v: %v", data, add, err)
		}
		var after project.Character
		body2, err := textfile.ParseFrontmatter("characters/c1.md", out, &after)
		if err != nil {
			t.Fatalf("%q, adding %+v, gave %q, which does not load: %v", data, add, out, err)
		}
		want := before
		want.Facts = append(slices.Clone(before.Facts), add)
		if !reflect.DeepEqual(after, want) || body2 != body {
			t.Fatalf("%q, adding %+v, gave %q:\n%+v %q\nwant\n%+v %q", data, add, out, after, body2, want, body)
		}
		// Dropping the dated facts (as story.md's move to facts.md does)
		// keeps the rest of the sheet as it loads.
		out, err = Edit{FactsKey: "facts", DropDatedFacts: true}.Apply(data)
		if err != nil {
			t.Fatalf("%q: a sheet that loads, dropping its dated facts: %v", data, err)
		}
		after = project.Character{}
		if body2, err = textfile.ParseFrontmatter("characters/c1.md", out, &after); err != nil {
			t.Fatalf("%q, dropping its dated facts, gave %q, which does not load: %v", data, out, err)
		}
		want = before
		want.Facts = slices.DeleteFunc(slices.Clone(before.Facts), func(f project.Fact) bool { return f.Scene > 0 })
		if len(want.Facts) == 0 && len(after.Facts) == 0 {
			want.Facts, after.Facts = nil, nil
		}
		if !reflect.DeepEqual(after, want) || body2 != body {
			t.Fatalf("%q, dropping its dated facts, gave %q:\n%+v %q\nwant\n%+v %q", data, out, after, body2, want, body)
		}
	})
}
