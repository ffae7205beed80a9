package anchor

import (
	"strings"
	"testing"
)

// FuzzFindAnchors: any scene body (model output, a person's edit) yields
// anchors of known entities and kinds (paragraph anchors too), each a
// stretch of the body's words holding its own sentence; never a panic. The entity names take part too: they come from sheets a
// person writes.
func FuzzFindAnchors(f *testing.F) {
	f.Add("Hester Thorne had promised her mother never to sell the locket. She could not swim. Saltby had a tunnel under the church.", "Brandt")
	f.Add("\u201cI will never set foot on a boat,\u201d said Brandt. His greatest fear was the sea. It was known only to Mr. Darcy.", "Mr. Darcy")
	f.Add("He. She. It. 's 's . , \u201c\u201d \"", "'s")
	f.Fuzz(func(t *testing.T, body, name string) {
		ents := append(anchorTestEntities(), Entity{ID: "x", Names: []string{name}, Pronoun: PronounOf([]string{name})})
		for _, a := range FindWithParagraphs(3, body, ents) {
			known := false
			for _, e := range ents {
				known = known || e.ID == a.Entity
			}
			if !known || a.Kind == "" || a.Seq != 3 {
				t.Fatalf("anchor %+v: an unknown entity, no kind or another scene", a)
			}
			if oneSpaced := func(s string) string { return strings.Join(strings.Fields(s), " ") }; !strings.Contains(oneSpaced(a.Text), oneSpaced(a.Own)) {
				t.Fatalf("anchor %+v: its own sentence is not in its text", a)
			}
			for _, w := range strings.Fields(strings.TrimSuffix(a.Text, "…")) {
				if !strings.Contains(body, strings.TrimSuffix(w, "…")) {
					t.Fatalf("anchor %q: %q is not in the body", a.Text, w)
				}
			}
		}
	})
}
