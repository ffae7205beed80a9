package inplace

import (
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
)

// Moving storyd's facts out of story.md drops only the entries with a
// scene number, keeping comments, people's pins, other keys and the body.
func TestDropDatedFacts(t *testing.T) {
	story := "---\r\ntitle: The Heron Gate  # working title\r\npinned:\r\n  - text: Mara cannot swim.\r\n  - {text: The gate opens at low tide., scene: 3}\r\n  - text: The key is brass.\r\n    scene: 7\r\ngenre: mystery\r\n---\r\nThe bible's prose.\r\n"
	out, err := Edit{FactsKey: "pinned", DropDatedFacts: true}.Apply([]byte(story))
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{"# working title", "Mara cannot swim.", "genre: mystery", "The bible's prose.\r\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("lost %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"low tide", "brass"} {
		if strings.Contains(got, gone) {
			t.Errorf("kept the machine fact %q:\n%s", gone, got)
		}
	}
	if strings.Count(got, "\r\n") != strings.Count(got, "\n") {
		t.Errorf("line endings changed:\n%q", got)
	}
	facts, err := AppendFacts([]byte(project.FactsTemplate), "facts", []project.Fact{{Text: "The gate opens at low tide.", Scene: 3}})
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := project.ParseFacts(project.FactsFile, facts)
	if err != nil || len(parsed) != 1 || parsed[0].Scene != 3 {
		t.Errorf("facts.md round trip = %+v, %v", parsed, err)
	}
	if !strings.Contains(string(facts), "storyd appends here") {
		t.Errorf("the template's comment was lost:\n%s", facts)
	}
}

// A facts.md emptied by hand (the block blank or comments only) takes a
// new fact: it was "unterminated" to the editor, failing every tick with a
// story fact. The comments stay.
func TestAppendFactsToAnEmptyBlock(t *testing.T) {
	for in, want := range map[string]string{
		"---\n---\n":                        "---\nfacts:\n  - text: f\n    scene: 2\n---\n",
		"---\n# kept\n---\nbody\n":          "---\n# kept\nfacts:\n  - text: f\n    scene: 2\n---\nbody\n",
		"---\r\n\r\n# kept\r\n---\r\nb\r\n": "---\r\n\r\n# kept\r\nfacts:\r\n  - text: f\r\n    scene: 2\r\n---\r\nb\r\n",
	} {
		out, err := AppendFacts([]byte(in), "facts", []project.Fact{{Text: "f", Scene: 2}})
		if err != nil || string(out) != want {
			t.Errorf("%q: got %q, %v; want %q", in, out, err, want)
		}
	}
}
