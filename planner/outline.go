package planner

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/schema"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// OutlineSchemaName is the name of the outline draft's JSON schema.
const OutlineSchemaName = "book_outline"

// OutlineShape is the size of an outline drafted for a book: it follows
// from target_words and scene_words, so that each beat is about two
// scenes and a chapter two or three beats.
type OutlineShape struct {
	Scenes, Beats, Chapters, Parts int
	ChaptersPerPart                [2]int // min, max
	BeatsPerChapter                [2]int
}

// ShapeFor sizes the outline of p's book.
func ShapeFor(p *project.Project) OutlineShape {
	scenes := max(1, (p.Story.TargetWords+p.SceneWords()-1)/p.SceneWords())
	s := OutlineShape{Scenes: scenes, Beats: max(2, (scenes+1)/2)}
	s.Chapters = max(1, int(math.Round(float64(s.Beats)/2.5)))
	s.Parts = 1
	if s.Chapters >= 3 {
		s.Parts = 3 // three acts
	}
	per := s.Chapters / s.Parts
	s.ChaptersPerPart = [2]int{max(1, per-1), per + 1}
	s.BeatsPerChapter = [2]int{2, 3}
	if s.Chapters == 1 {
		s.BeatsPerChapter = [2]int{s.Beats, s.Beats}
	}
	return s
}

// Bounds on what a drafted outline may hold, whatever the model sends.
const (
	maxOutlineTitle = 80
	maxOutlineBeat  = 300
)

func outlineSchema(sh OutlineShape, strict bool) json.RawMessage {
	arr := func(desc string, item any, lo, hi int) schema.Obj {
		if !strict {
			lo, hi = 1, 1000
		}
		return schema.Array(desc, item).Len(lo, hi)
	}
	chapter := schema.Closed(
		schema.Prop("title", schema.Str("the chapter's title, a few words")),
		schema.Prop("beats", arr("the chapter's beats in order: each one turn of the story, one sentence, shown by one or two scenes",
			schema.Str("one beat: what happens"), sh.BeatsPerChapter[0], sh.BeatsPerChapter[1])),
	)
	part := schema.Closed(
		schema.Prop("title", schema.Str("the part's (act's) title, a few words")),
		schema.Prop("chapters", arr("the part's chapters in order", chapter, sh.ChaptersPerPart[0], sh.ChaptersPerPart[1])),
	)
	return schema.Closed(schema.Prop("parts", arr("the book's parts (acts) in order", part, sh.Parts, sh.Parts))).Raw()
}

// OutlineSchema is the JSON schema of the outline draft.
func OutlineSchema(p *project.Project) llm.Schema {
	return llm.Schema{Name: OutlineSchemaName, Schema: outlineSchema(ShapeFor(p), true)}
}

// BuildOutline assembles the one-call outline draft pack: the story bible
// and the book's intended size. Budget: cfg.Budget("planner").
func BuildOutline(tok *prompt.Tokenizer, p *project.Project, cfg *config.Config) (*prompt.Pack, error) {
	sh := ShapeFor(p)
	sys := fmt.Sprintf("You are the story architect of the novel %q. Draft its outline: parts (acts), chapters, and beats "+
		"(one sentence each, a turn of the story that one or two scenes will show). Build rising tension toward a climax "+
		"late in the last part, open the story's questions early and resolve them all by the end. Answer with JSON only, "+
		"following the %s schema.", prompt.OneLine(p.Story.Title), OutlineSchemaName)
	task := fmt.Sprintf("The book is about %d words in scenes of about %d words: about %d scenes. Draft %d part(s) "+
		"with about %d chapters in all (%d to %d per part) and %d to %d beats per chapter, about %d beats in all. "+
		"The last beat ends the book. Answer with JSON of the %s schema.",
		p.Story.TargetWords, p.SceneWords(), sh.Scenes, sh.Parts, sh.Chapters, sh.ChaptersPerPart[0], sh.ChaptersPerPart[1],
		sh.BeatsPerChapter[0], sh.BeatsPerChapter[1], sh.Beats, OutlineSchemaName)
	spec := prompt.Spec{
		Role:  "outline",
		Total: cfg.Budget("planner"),
		Sections: []prompt.Section{
			{Name: SecSystem, Message: prompt.MessageSystem, Required: true, Items: []prompt.Item{{Key: "role", Text: sys}}},
			{Name: SecBible, Title: "Story bible", Message: prompt.MessageUser, Required: true,
				Items: []prompt.Item{{Key: "story.md", Text: bibleText(p)}}},
			{Name: SecTask, Title: "Your task", Message: prompt.MessageUser, Required: true,
				Items: []prompt.Item{{Key: "task", Text: task}}},
		},
	}
	return tok.Build(spec)
}

type outlineAnswer struct {
	Parts []struct {
		Title    string `json:"title"`
		Chapters []struct {
			Title string   `json:"title"`
			Beats []string `json:"beats"`
		} `json:"chapters"`
	} `json:"parts"`
}

var (
	headingPrefixRE = regexp.MustCompile(`(?i)^(?:part|act|book|chapter)\s+[\w-]+\s*[:.\-–—]?\s*`)
	listPrefixRE    = regexp.MustCompile(`^(?:[-*+]\s*(?:\[[ xX]?\]\s*)?|\d+[.)]\s+|#+\s*)`)
	trailingNoteRE  = regexp.MustCompile(`\s*\((?:scenes?|tension)\b[^)]*\)\s*$`)
	closingHashesRE = regexp.MustCompile(`\s+#+$`) // what a heading's line reads as markup
)

// ParseOutline checks the outline draft and returns it as an outline
// (chapters numbered from 1, intended tension rising to a climax late in
// the book and falling after it). Model text only ever becomes one line of
// outline.md: list markers, heading marks and notes storyd reads are
// stripped, lengths bounded.
func ParseOutline(p *project.Project, content string) (*outline.Outline, error) {
	var ans outlineAnswer
	if err := schema.Decode(content, outlineSchema(ShapeFor(p), false), "an outline", &ans); err != nil {
		return nil, err
	}
	var probs schema.Problems
	o := &outline.Outline{Title: prompt.OneLine(p.Story.Title)}
	for i, pa := range ans.Parts {
		pt := &outline.Part{}
		if len(ans.Parts) > 1 {
			pt.Heading = fmt.Sprintf("Part %s: %s", partNumber(i+1), cleanTitle(pa.Title, fmt.Sprintf("Part %d", i+1)))
		}
		o.Parts = append(o.Parts, pt)
		for j, ca := range pa.Chapters {
			c := &outline.Chapter{Num: len(o.Chapters) + 1, Title: cleanTitle(ca.Title, ""), Part: i}
			for k, text := range ca.Beats {
				text = cleanLine(text, maxOutlineBeat)
				if text == "" {
					probs.Add("parts[%d].chapters[%d].beats[%d]: must not be empty", i, j, k)
					continue
				}
				b := &outline.Beat{N: len(o.Beats) + 1, Text: text, Chapter: c.Num}
				c.Beats = append(c.Beats, b)
				o.Beats = append(o.Beats, b)
			}
			pt.Chapters = append(pt.Chapters, c)
			o.Chapters = append(o.Chapters, c)
		}
	}
	if len(o.Beats) < 2 {
		probs.Add("parts: the outline needs at least 2 beats")
	}
	if err := probs.Err(); err != nil {
		return nil, err
	}
	for i, c := range o.Chapters {
		c.Tension = IntendedTension(float64(i+1) / float64(len(o.Chapters)))
	}
	// The draft becomes a file people edit: it must read back as written.
	if _, err := outline.Parse(outline.File, outline.Render(o)); err != nil {
		return nil, &schema.ValidationError{Problems: []string{"the outline does not read back: " + err.Error()}}
	}
	return o, nil
}

// IntendedTension is the classic shape of a novel's tension at a share of
// the book (0–1]: rising from 2 to a climax of 9 at 85%, falling to 4 at
// the end. It is what a drafted outline's chapter headings start with.
func IntendedTension(at float64) int {
	const peak = 0.85
	var v float64
	if at <= peak {
		v = 2 + 7*at/peak
	} else {
		v = 9 - 5*(at-peak)/(1-peak)
	}
	return int(math.Round(min(10, max(0, v))))
}

func partNumber(n int) string {
	words := []string{"One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"}
	if n >= 1 && n <= len(words) {
		return words[n-1]
	}
	return fmt.Sprint(n)
}

func cleanTitle(s, fallback string) string {
	s = cleanLine(closingHashesRE.ReplaceAllString(headingPrefixRE.ReplaceAllString(prompt.OneLine(s), ""), ""), maxOutlineTitle)
	if s == "" {
		return fallback
	}
	return s
}

// cleanLine makes model text one safe line of outline.md.
func cleanLine(s string, limit int) string {
	s = prompt.OneLine(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s))
	for {
		t := strings.TrimSpace(trailingNoteRE.ReplaceAllString(listPrefixRE.ReplaceAllString(s, ""), ""))
		if t == s {
			break
		}
		s = t
	}
	if r := []rune(s); len(r) > limit {
		s = strings.TrimSpace(string(r[:limit])) + "…"
	}
	return s
}
