package textfile

import (
	"reflect"
	"testing"
)

// A string yaml.v3 writes as a literal block that does not read back (a
// first line empty or opening with a tab) is written double-quoted, in a
// field and in a list, and the value given is not changed.
func TestRenderFrontmatterQuotesBlocksThatDoNotReadBack(t *testing.T) {
	type fm struct {
		Title   string   `yaml:"title"`
		Summary []string `yaml:"summary"`
		Note    *string  `yaml:"note,omitempty"`
	}
	note := "\n\n"
	for _, v := range []fm{
		{Title: "\n0", Summary: []string{"a\nb", "\ta\nb"}, Note: &note},
		{Title: "\n", Summary: []string{"\n\nx", "plain"}},
		{Title: "a\nb", Summary: []string{"a\n\tb"}},
		{Title: "a\n---", Summary: []string{"---\n", "x\n  ---  \ny"}}, // a line "---" closes a block's frontmatter
	} {
		before := v
		before.Summary = append([]string(nil), v.Summary...)
		out, err := RenderFrontmatter(&v, "Body.")
		if err != nil {
			t.Fatalf("%q: %v", v.Title, err)
		}
		if !reflect.DeepEqual(v, before) {
			t.Errorf("rendering changed the value: %+v, was %+v", v, before)
		}
		var got fm
		if _, err := ParseFrontmatter("x.md", out, &got); err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		if !reflect.DeepEqual(got, v) {
			t.Errorf("%q read back as %+v; want %+v", out, got, v)
		}
	}
}
