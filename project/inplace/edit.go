// Package inplace changes files a person may have written or edited,
// touching only what must change: the rest of the file (prose notes,
// comments, key order, formatting of the body) stays byte for byte. Its
// Edit is what a tick records in the commit record, so that recovery can
// replay it on a version a person changed.
package inplace

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/textfile"
	"gopkg.in/yaml.v3"
)

// AppendFacts adds pinned facts under key (see appendFacts), keeping the
// file's line endings and byte-order mark.
func AppendFacts(data []byte, key string, facts []project.Fact) ([]byte, error) {
	out, err := appendFacts(data, key, facts)
	if err != nil {
		return nil, err
	}
	return sameEndings(data, out), nil
}

// UpdateThreads opens and resolves threads in threads.md (see
// updateThreads), keeping the file's line endings.
func UpdateThreads(data []byte, opened []project.Thread, resolved map[string]int) []byte {
	return sameEndings(data, updateThreads(data, opened, resolved))
}

// AppendTerms adds glossary entries (see appendTerms), keeping the file's
// line endings.
func AppendTerms(data []byte, terms []project.Term) []byte {
	return sameEndings(data, appendTerms(data, terms))
}

// sameEndings gives out (written with "\n", from the file after its
// byte-order mark) the line endings and the byte-order mark of the file it
// was made from. A second mark is text, as the parsers read it: it stays.
func sameEndings(orig, out []byte) []byte {
	if bytes.Contains(orig, []byte("\r\n")) {
		out = bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))
	}
	if bytes.HasPrefix(orig, textfile.BOM) {
		out = append(append([]byte(nil), textfile.BOM...), out...)
	}
	return out
}

// appendFacts adds pinned facts under key ("facts" or "pinned") of a
// markdown file's frontmatter, keeping its comments, key order and body.
func appendFacts(data []byte, key string, facts []project.Fact) ([]byte, error) {
	doc, head, rest, err := frontmatterNode(data)
	if err != nil {
		return nil, err
	}
	m := doc.Content[0]
	var seq *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			seq = m.Content[i+1]
		}
	}
	if seq == nil || seq.Kind != yaml.SequenceNode {
		if seq != nil && !(seq.Kind == yaml.ScalarNode && seq.Tag == "!!null") {
			return nil, fmt.Errorf("%s is not a list", key)
		}
		fresh := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		if seq != nil {
			*seq = *fresh
		} else {
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, fresh)
			seq = fresh
		}
	}
	for _, f := range facts {
		var n yaml.Node
		if err := n.Encode(f); err != nil {
			return nil, err
		}
		seq.Content = append(seq.Content, &n)
	}
	return renderFrontmatterNode(doc, head, rest)
}

// frontmatterNode parses a markdown file's frontmatter as a YAML node tree
// (comments and key order kept) and returns the rest of the file, from the
// closing "---" line on. An empty block (blank, or comments only: YAML
// keeps no node for it) is an empty mapping, written after head, the
// block's own text; a null one ("~") is an empty mapping in its place.
func frontmatterNode(data []byte) (doc *yaml.Node, head, rest string, err error) {
	block, after, ok := textfile.SplitFrontmatter(data)
	if !ok {
		return nil, "", "", fmt.Errorf("no frontmatter block between two \"---\" lines")
	}
	doc = &yaml.Node{}
	if err := yaml.Unmarshal(block, doc); err != nil {
		return nil, "", "", err
	}
	empty := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	switch {
	case len(doc.Content) == 0:
		doc = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{empty}}
		head = string(block)
	case doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].Tag == "!!null":
		// "~", "null", a bare anchor: it loads as nothing set too.
		empty.HeadComment, empty.LineComment, empty.FootComment = doc.Content[0].HeadComment, doc.Content[0].LineComment, doc.Content[0].FootComment
		doc.Content[0] = empty
	}
	if doc.Content[0].Kind != yaml.MappingNode {
		return nil, "", "", fmt.Errorf("frontmatter is not a mapping")
	}
	return doc, head, string(after), nil
}

// renderFrontmatterNode writes doc back, after head, as the frontmatter
// before rest.
func renderFrontmatterNode(doc *yaml.Node, head, rest string) ([]byte, error) {
	var b bytes.Buffer
	if len(doc.Content[0].Content) > 0 {
		spellNulls(doc)
		textfile.QuoteFences(doc)
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(doc); err != nil {
			return nil, err
		}
		enc.Close()
	}
	return []byte("---\n" + head + b.String() + rest), nil
}

// spellNulls writes "null" for each null written as nothing ("{scene}",
// "scene:"): yaml.v3 writes such a value back as an empty quoted string, which the
// loader then refuses for a number.
func spellNulls(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" {
		n.Value = "null"
	}
	for _, c := range n.Content {
		spellNulls(c)
	}
}

// updateThreads opens new threads and resolves others in threads.md,
// changing only the affected lines: new threads go after the last line of
// the Open list, a resolved thread's line moves to the end of the Resolved
// list with its "(opened N, resolved M)" note.
func updateThreads(data []byte, opened []project.Thread, resolved map[string]int) []byte {
	data = bytes.TrimPrefix(data, textfile.BOM) // sameEndings puts it back
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	if len(data) == 0 {
		lines = strings.Split(strings.TrimRight(string(project.RenderThreads(nil)), "\n"), "\n")
	}
	section := ""
	openEnd, resolvedEnd, openHead, resolvedHead := -1, -1, -1, -1
	var moved []string
	var kept []string
	moving := false // the previous thread line moved: its indented notes follow it
	for _, line := range lines {
		t := strings.TrimSpace(line)
		// An indented line is a note, unless ParseThreads (which reads
		// trimmed lines) takes it for a heading or a thread: that one
		// stays where it is, or moves on its own.
		note := t != "" && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) &&
			!strings.HasPrefix(t, "## ") && !strings.HasPrefix(t, "- ")
		if moving && note {
			moved = append(moved, line)
			continue
		}
		moving = false
		if strings.HasPrefix(t, "## ") {
			section = project.ThreadSection(t)
			kept = append(kept, line)
			switch section {
			case "open":
				openHead = len(kept) - 1
			case "resolved":
				resolvedHead = len(kept) - 1
			}
			continue
		}
		if th, ok := project.ThreadLine(t); ok && section == "open" {
			if seq, ok := resolved[th.ID]; ok {
				th.Resolved = seq
				moved = append(moved, fmt.Sprintf("- %s: %s%s", th.ID, th.Text, project.ThreadSuffix(th)))
				moving = true
				continue
			}
		}
		kept = append(kept, line)
		// A list ends after its last item and that item's indented notes.
		if strings.HasPrefix(t, "- ") || note {
			switch {
			case section == "open" && (!note || openEnd == len(kept)-2):
				openEnd = len(kept) - 1
			case section == "resolved" && (!note || resolvedEnd == len(kept)-2):
				resolvedEnd = len(kept) - 1
			}
		}
	}
	var add []string
	for _, th := range opened {
		add = append(add, fmt.Sprintf("- %s: %s%s", th.ID, th.Text, project.ThreadSuffix(th)))
	}
	insert := func(at int, items []string) {
		kept = append(kept[:at], append(append([]string(nil), items...), kept[at:]...)...)
	}
	// Insert the later position first so the earlier index stays valid.
	type ins struct {
		at    int
		items []string
	}
	var plan []ins
	if len(add) > 0 {
		at := openEnd + 1
		if openEnd < 0 {
			if openHead < 0 {
				kept = append(kept, "", "## Open")
				openHead = len(kept) - 1
				if resolvedHead > openHead {
					resolvedHead = -1
				}
			}
			at = openHead + 1
		}
		plan = append(plan, ins{at, add})
	}
	if len(moved) > 0 {
		at := resolvedEnd + 1
		if resolvedEnd < 0 {
			if resolvedHead < 0 {
				kept = append(kept, "", "## Resolved")
				resolvedHead = len(kept) - 1
			}
			at = resolvedHead + 1
		}
		plan = append(plan, ins{at, moved})
	}
	if len(plan) == 2 && plan[0].at < plan[1].at {
		plan[0], plan[1] = plan[1], plan[0]
	}
	for _, p := range plan {
		insert(p.at, p.items)
	}
	return []byte(strings.Join(kept, "\n") + "\n")
}

// appendTerms adds glossary entries after the last entry of glossary.md
// (or at its end), leaving everything else as it was.
func appendTerms(data []byte, terms []project.Term) []byte {
	data = bytes.TrimPrefix(data, textfile.BOM) // sameEndings puts it back
	if len(data) == 0 {
		data = project.RenderGlossary(nil)
	}
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	last := len(lines) - 1
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "- ") {
			last = i
		}
	}
	var add []string
	for _, t := range terms {
		line := fmt.Sprintf("- **%s**: %s", t.Term, t.Definition)
		if t.Scene > 0 {
			line += fmt.Sprintf(" (scene %d)", t.Scene)
		}
		add = append(add, line)
	}
	out := append(append(append([]string(nil), lines[:last+1]...), add...), lines[last+1:]...)
	return []byte(strings.Join(out, "\n") + "\n")
}

// Edit is an in-place change a tick makes to a file a person may also
// edit. It is kept in the commit record, so that recovery can replay it on
// the person's version if they changed the file between a crash and the
// next run, instead of choosing one whole file over the other.
type Edit struct {
	OpenThreads    []project.Thread    `json:"open_threads,omitempty"`
	ResolveThreads map[string]int      `json:"resolve_threads,omitempty"`
	Terms          []project.Term      `json:"terms,omitempty"`
	FactsKey       string              `json:"facts_key,omitempty"`
	Facts          []project.Fact      `json:"facts,omitempty"`
	Beats          []outline.BeatCheck `json:"beats,omitempty"`
	// DropDatedFacts removes the entries with a scene number from the
	// FactsKey list (moving storyd's facts out of story.md: project's facts.go).
	DropDatedFacts bool `json:"drop_dated_facts,omitempty"`
}

// Apply makes the change on data.
func (e Edit) Apply(data []byte) ([]byte, error) {
	var err error
	if len(e.OpenThreads)+len(e.ResolveThreads) > 0 {
		data = UpdateThreads(data, e.OpenThreads, e.ResolveThreads)
	}
	if len(e.Terms) > 0 {
		data = AppendTerms(data, e.Terms)
	}
	if len(e.Beats) > 0 {
		data = outline.CheckBeats(data, e.Beats)
	}
	if len(e.Facts) > 0 {
		if data, err = AppendFacts(data, e.FactsKey, e.Facts); err != nil {
			return nil, err
		}
	}
	if e.DropDatedFacts {
		out, err := dropDatedFacts(data, e.FactsKey)
		if err != nil {
			return nil, err
		}
		data = sameEndings(data, out)
	}
	return data, nil
}

// dropDatedFacts removes the entries with a scene number from the list
// under key, keeping the frontmatter's comments and the body.
func dropDatedFacts(data []byte, key string) ([]byte, error) {
	doc, head, rest, err := frontmatterNode(data)
	if err != nil {
		return nil, err
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if seq := m.Content[i+1]; m.Content[i].Value == key && seq.Kind == yaml.SequenceNode {
			var kept, dropped []*yaml.Node
			for _, item := range seq.Content {
				if dated(item) {
					dropped = append(dropped, item)
				} else {
					kept = append(kept, item)
				}
			}
			seq.Content = kept
			unalias(doc, dropped)
		}
	}
	return renderFrontmatterNode(doc, head, rest)
}

// unalias replaces each alias left in doc to a node of the dropped
// entries with a copy of that node: the anchor goes with its entry.
func unalias(doc *yaml.Node, dropped []*yaml.Node) {
	gone := map[*yaml.Node]bool{}
	var mark func(n *yaml.Node)
	mark = func(n *yaml.Node) {
		gone[n] = true
		for _, c := range n.Content {
			mark(c)
		}
	}
	for _, n := range dropped {
		mark(n)
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.AliasNode && gone[n.Alias] {
			*n = *copyNode(n.Alias)
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(doc)
}

// copyNode is a deep copy of n without its anchor.
func copyNode(n *yaml.Node) *yaml.Node {
	c := *n
	c.Anchor = ""
	c.Content = nil
	for _, x := range n.Content {
		c.Content = append(c.Content, copyNode(x))
	}
	return &c
}

// dated reports a list entry with a positive scene: number, read as the
// loader reads the entry ("scene: 0x10" and an alias are numbers to it).
func dated(item *yaml.Node) bool {
	var f project.Fact
	return item.Decode(&f) == nil && f.Scene > 0
}
