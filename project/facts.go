package project

import "github.com/storyd/storyd/textfile"

// Story-level facts the extractor finds go to facts.md, a file storyd owns,
// so that story.md's pinned: list stays what people pinned (issue 12).
// Facts already appended to story.md by earlier versions (entries with a
// scene: number) are moved to facts.md once, in a tick's commit.

// FactsFile holds the story-level facts storyd extracted from the scenes.
const FactsFile = "facts.md"

// FactsTemplate starts facts.md.
const FactsTemplate = `---
# Story-level facts storyd extracted from the scenes (scene = where it
# was found). storyd appends here, never to story.md. Delete a line to drop
# a fact; move it to story.md's pinned: list to pin it yourself.
facts:
---
`

// factsFile is facts.md's frontmatter.
type factsFile struct {
	Facts []Fact `yaml:"facts"`
}

// ParseFacts reads facts.md.
func ParseFacts(path string, data []byte) ([]Fact, error) {
	var f factsFile
	if _, err := textfile.ParseFrontmatter(path, data, &f); err != nil {
		return nil, err
	}
	return f.Facts, nil
}

// MachinePinned lists the entries of story.md's pinned: list that storyd
// appended (they carry a scene number); people's own have none.
func (p *Project) MachinePinned() []Fact {
	var out []Fact
	for _, f := range p.Story.Pinned {
		if f.Scene > 0 {
			out = append(out, f)
		}
	}
	return out
}
