// Package validate checks what loading a project cannot see file by file:
// references between its files (cast, places, threads), the scene order,
// chapters and context fields against the outline, summaries past the last
// scene; and the warnings `storyd validate` prints without failing.
package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/textfile"
)

// Project checks what Load cannot see file by file: references between
// files and the scene order. Load has already rejected malformed files.
func Project(p *project.Project) textfile.Problems {
	var out textfile.Problems
	// Sets, not Project.Character's scans: at 1,000 scenes and hundreds of
	// sheets, every tick checks every scene.
	known, places := map[string]bool{}, map[string]bool{}
	for _, c := range p.Characters {
		known[c.ID] = true
	}
	for _, l := range p.Locations {
		places[l.ID] = true
	}
	for _, c := range p.Characters {
		for i, r := range c.Relationships {
			if r.With == "" {
				out = append(out, textfile.Problem{Path: c.Path, Line: lineIn(p, c.Path, "relationships", i), Msg: `relationship without a "with:" id`,
					Hint: "each relationship is \"- with: <character id>\" and \"is: <what they are to each other>\" on the next line"})
			} else if !known[r.With] {
				out = append(out, textfile.Problem{Path: c.Path, Line: lineIn(p, c.Path, "relationships", i, "with"), Msg: fmt.Sprintf("relationship with unknown character %q", r.With),
					Hint: "relationships name a character id (the id: field of a file in characters/)"})
			}
		}
	}
	threads := map[string]bool{}
	for _, t := range p.Threads {
		threads[t.ID] = true
	}
	for _, s := range p.Scenes {
		if s.POV != "" && !known[s.POV] {
			out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "pov"), Msg: fmt.Sprintf("pov %q is not a character id", s.POV),
				Hint: "use the id: of a file in characters/"})
		}
		if s.Location != "" && !places[s.Location] {
			out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "location"), Msg: fmt.Sprintf("location %q is not a location id", s.Location),
				Hint: "use the id: of a file in locations/"})
		}
		for i, c := range s.Characters {
			if !known[c] {
				out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "characters", i), Msg: fmt.Sprintf("character %q is not a character id", c),
					Hint: "use the id: of a file in characters/, one \"- id\" line each, indented alike under characters:"})
			}
		}
		for _, f := range []struct {
			key string
			ids []string
		}{{"threads_opened", s.ThreadsOpened}, {"threads_resolved", s.ThreadsResolved}} {
			for i, t := range f.ids {
				if !threads[t] {
					out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, f.key, i), Msg: fmt.Sprintf("thread %q is not in %s", t, project.ThreadsFile),
						Hint: fmt.Sprintf("use the id of a \"- tN: ...\" line of %s, or add the thread there", project.ThreadsFile)})
				}
			}
		}
	}
	// Gaps in seq are fine when a person deleted a scene (a tombstone);
	// any other gap means a scene file went missing outside storyd's view.
	prev := 0
	for _, s := range p.Scenes {
		for missing := prev + 1; missing < s.Seq; missing++ {
			if !slices.Contains(p.State.Deleted, missing) && !slices.Contains(p.Deleted, missing) {
				out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "seq"), Msg: fmt.Sprintf("no scene with seq %d before this one", missing),
					Hint: "renumber the seq: fields, or leave the gap if you deleted that scene on purpose (storyd records deletions on the next tick)"})
			}
		}
		prev = s.Seq
	}
	out = append(out, chapters(p)...)
	last := p.NextSeq() - 1 // a pass over the scenes: once, not per checkpoint
	for _, c := range p.Checkpoints {
		if c.To > last {
			out = append(out, textfile.Problem{Path: c.Path, Line: lineIn(p, c.Path, "to"), Msg: fmt.Sprintf("covers scenes up to %d but the story has only %d", c.To, last)})
		}
	}
	return out
}

// lineIn is the line of a value in a file's frontmatter (path as
// textfile.FieldLine's), the file re-read only for a message.
func lineIn(p *project.Project, file string, path ...any) int {
	data, err := os.ReadFile(filepath.Join(p.Dir, file))
	if err != nil {
		return 1
	}
	return textfile.FieldLine(data, path...)
}

// Warnings are what `storyd validate` reports without failing: files
// storyd can work with, but that a person probably meant otherwise.
func Warnings(p *project.Project) textfile.Problems {
	var out textfile.Problems
	if p.Config != nil {
		// Counted storyd's way: validate asks no server how it counts.
		out = append(out, p.Config.WindowCuts(nil)...)
	}
	var lines []string
	for _, t := range p.Threads {
		if t.Resolved != -1 {
			continue
		}
		if lines == nil {
			data, _ := os.ReadFile(filepath.Join(p.Dir, project.ThreadsFile))
			lines = strings.Split(string(data), "\n")
		}
		line := 0
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "- "+t.ID+":") {
				line = i + 1
			}
		}
		last := p.NextSeq() - 1
		out = append(out, textfile.Problem{Path: project.ThreadsFile, Line: line,
			Msg:  fmt.Sprintf("thread %s is under \"## Resolved\" without the scene that resolved it", t.ID),
			Hint: fmt.Sprintf("end the line with \"(resolved N)\", N the scene that resolved it (e.g. \"(resolved %d)\"); until then storyd counts it resolved at an unknown scene", max(last, 1))})
	}
	if p.Story.Body != "" && p.Story.Bible() == "" {
		// At the note's first line: the body's, as init wrote it.
		data, _ := os.ReadFile(filepath.Join(p.Dir, project.StoryFile))
		first, _, _ := strings.Cut(strings.TrimSpace(p.Story.Body), "\n")
		line := 1
		for i, l := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(l) == first {
				line = i + 1
				break
			}
		}
		out = append(out, textfile.Problem{Path: project.StoryFile, Line: line,
			Msg:  "story.md still holds init's note, not a story bible; no prompt carries it",
			Hint: "replace it with what every scene must know: the world and its rules, the people, the story's shape, what must never happen"})
	}
	return out
}

// validateChapters checks the scenes' chapter and context fields against
// the outline.
func chapters(p *project.Project) textfile.Problems {
	var out textfile.Problems
	for _, s := range p.Scenes {
		if s.Context != "" && s.Context != "pin" && s.Context != "drop" {
			out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "context"), Msg: fmt.Sprintf("context %q must be pin or drop", s.Context),
				Hint: "context: pin keeps the scene in the writer's recall, context: drop keeps it out of every prompt; remove the line for neither"})
		}
		if s.ShortOf < 0 {
			out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "short_of"), Msg: "short_of must be a positive number of words",
				Hint: "storyd writes short_of: N on a scene that ended under half its N-word target; remove the line to clear it"})
		}
		if s.Chapter == 0 {
			continue
		}
		if s.Chapter < 0 {
			out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "chapter"), Msg: "chapter must be a positive number"})
		} else if p.Outline != nil && p.Outline.Chapter(s.Chapter) == nil {
			out = append(out, textfile.Problem{Path: s.Path, Line: lineIn(p, s.Path, "chapter"), Msg: fmt.Sprintf("chapter %d is not in %s", s.Chapter, outline.File),
				Hint: "use the number of a \"Chapter N\" heading of the outline, or remove the line"})
		}
	}
	return out
}
