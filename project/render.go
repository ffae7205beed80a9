package project

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/storyd/storyd/textfile"
)

// Render returns the markdown file of a scene.
func (s *Scene) Render() ([]byte, error) {
	body, err := s.Body()
	if err != nil {
		return nil, err
	}
	return textfile.RenderFrontmatter(s, body)
}

// Render returns the markdown file of a character.
func (c *Character) Render() ([]byte, error) { return textfile.RenderFrontmatter(c, c.Body) }

// Render returns the markdown file of a location.
func (l *Location) Render() ([]byte, error) { return textfile.RenderFrontmatter(l, l.Body) }

// Render returns the markdown file of a checkpoint or arc summary.
func (c *Checkpoint) Render() ([]byte, error) { return textfile.RenderFrontmatter(c, c.Body) }

// Render returns story.md.
func (s *Story) Render() ([]byte, error) { return textfile.RenderFrontmatter(s, s.Body) }

var slugDrop = regexp.MustCompile(`[^a-z0-9]+`)

// Slug turns a title or name chosen by a model into a safe file-name part:
// lowercase ASCII letters, digits and single dashes, at most 40 bytes.
// Model output never chooses a path beyond this.
func Slug(s string) string {
	s = strings.ToLower(s)
	s = slugDrop.ReplaceAllString(s, "-")
	s = strings.Trim(s, "-")
	if len(s) > 40 {
		s = s[:40]
		if i := strings.LastIndexByte(s, '-'); i > 20 {
			s = s[:i] // do not end on half a word
		}
		s = strings.TrimRight(s, "-")
	}
	if s == "" {
		s = "untitled"
	}
	return s
}

// ScenePath is the file of a new scene.
func ScenePath(seq int, title string) string {
	return fmt.Sprintf("%s/%04d-%s.md", SceneDir, seq, Slug(title))
}

// CharacterPath is the file of a new character.
func CharacterPath(id, name string) string {
	return fmt.Sprintf("%s/%s-%s.md", CharDir, id, Slug(name))
}

// LocationPath is the file of a new location.
func LocationPath(id, name string) string { return fmt.Sprintf("%s/%s-%s.md", LocDir, id, Slug(name)) }

// CheckpointPath is the file of a checkpoint (level 0) or arc (level 1) summary.
func CheckpointPath(c *Checkpoint) string {
	if c.Level > 0 {
		return fmt.Sprintf("%s/arc-%04d-%04d.md", SummaryDir, c.From, c.To)
	}
	return fmt.Sprintf("%s/checkpoint-%04d.md", SummaryDir, c.To)
}

// NextID returns an unused entity id with the prefix ("c" or "l"). Ids
// that scenes still refer to count as used even if their file was deleted:
// a new character must not inherit an old one's scenes.
func (p *Project) NextID(prefix string) string {
	used := map[string]bool{}
	for _, c := range p.Characters {
		used[c.ID] = true
	}
	for _, l := range p.Locations {
		used[l.ID] = true
	}
	for _, s := range p.Scenes {
		used[s.POV], used[s.Location] = true, true
		for _, id := range s.Characters {
			used[id] = true
		}
	}
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s%d", prefix, n)
		if !used[id] {
			return id
		}
	}
}
