package validate

import (
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

func TestValidateReferences(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0004-x.md": strings.Replace(mdfixture.Scene(4, "X", "x"), "pov: c1", "pov: c9", 1)})
	p, err := project.LoadCached(project.Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	probs := Project(p)
	var msgs []string
	for _, pr := range probs {
		msgs = append(msgs, pr.Error())
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, `scenes/0004-x.md:5: pov "c9" is not a character id`) {
		t.Errorf("missing pov problem in:\n%s", all)
	}
	if !strings.Contains(all, "no scene with seq 3 before this one") {
		t.Errorf("missing gap problem in:\n%s", all)
	}
}

// A reference to nobody is reported at its own line: the relationship's
// "with", the list entry, the thread in threads_resolved; a relationship
// with no "with" at all says so.
func TestValidateNamesTheEntryLine(t *testing.T) {
	dir := mdfixture.Project(t)
	scene := strings.NewReplacer("characters: [c1]", "characters:\n  - c1\n  - c7",
		"threads_resolved: []", "threads_resolved: [t1,\n  t8]").Replace(mdfixture.Scene(3, "X", "x"))
	mdfixture.WriteFiles(t, dir, map[string]string{
		"characters/c2-bo.md": "---\nid: c2\nname: Bo\nrole: a friend\nrelationships:\n  - with: c1\n    is: sister\n" +
			"  - with: c9\n    is: friend\n  - is: rival\n---\nBo.\n",
		"scenes/0003-x.md": scene,
	})
	p, err := project.LoadCached(project.Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, pr := range Project(p) {
		msgs = append(msgs, pr.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`characters/c2-bo.md:8: relationship with unknown character "c9"`,
		`characters/c2-bo.md:10: relationship without a "with:" id`,
		`scenes/0003-x.md:9: character "c7" is not a character id`,
		`scenes/0003-x.md:14: thread "t8" is not in threads.md`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
}

// story.md left as init wrote it is a warning at the note's line: the
// prompts leave the note out, so the book has no bible yet.
func TestWarningsOfAnUnwrittenBible(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{"story.md": "---\ntitle: T\n---\n\n" +
		"Write here what every scene must know: the world, its rules, the story's shape, what must never happen.\n" +
		"storyd sends this file with every writer prompt.\n"})
	p, err := project.LoadCached(project.Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	w := Warnings(p)
	if len(w) != 1 || w[0].Error() != "story.md:5: story.md still holds init's note, not a story bible; no prompt carries it" {
		t.Fatalf("warnings %v; want the note at story.md:5", w)
	}
	mdfixture.WriteFiles(t, dir, map[string]string{"story.md": mdfixture.Story})
	if p, err = project.LoadCached(project.Disk(dir), config.Default(), nil); err != nil || len(Warnings(p)) != 0 {
		t.Fatalf("a written bible: %v, warnings %v", err, Warnings(p))
	}
}
