// Package export turns a project into something people read: a manuscript
// (Markdown, HTML or EPUB 3) and the run report (an HTML page with inline
// SVG charts).
//
// Call Markdown, HTML or EPUB with a loaded *project.Project and Options;
// ParseRange turns a --scenes flag into Options.Scenes. For the report, build
// a ReportData (ReportFromProject fills most of it from the project) and call
// Report. The package does no file I/O of its own and reads no clock: dates
// come from Options.Now and ReportData.Generated, so output is reproducible.
package export

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/storyd/storyd/project"
)

// Options select and decorate what a manuscript export contains.
type Options struct {
	// Scenes lists the seqs to export; nil means all. Seqs that have no
	// scene (deleted ones) are skipped, but a selection matching no scene
	// at all is an error.
	Scenes []int
	// WithMetadata adds each scene's POV, location and model under its
	// heading and flags scenes drafted by the offline stand-in model.
	WithMetadata bool
	// Now dates the manuscript and, in EPUB, dcterms:modified and the zip
	// entries. Zero means the newest scene's created time, so output stays
	// a function of the project alone.
	Now time.Time
}

// OfflineModel is the model name of scenes written by the offline stand-in
// (offline.ModelName; export may not import llm).
const OfflineModel = "offline"

// maxRange caps the seqs one --scenes spec may expand to, so a typo such as
// "1-1000000000" fails fast instead of allocating gigabytes.
const maxRange = 100000

// ParseRange parses a scene selection such as "1-20,25" into ascending,
// de-duplicated seqs.
func ParseRange(spec string) ([]int, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, fmt.Errorf("empty scene range: want seqs such as 1-20,25")
	}
	set := map[int]bool{}
	for i, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		at := fmt.Sprintf("scene range %q, item %d", spec, i+1)
		if part == "" {
			return nil, fmt.Errorf("%s is empty (a stray comma?)", at)
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := parseSeq(at, lo)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parseSeq(at, hi); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("%s: %q runs backwards; write %d-%d", at, part, b, a)
			}
		}
		if b-a >= maxRange || len(set)+b-a >= maxRange {
			return nil, fmt.Errorf("%s: %q selects more than %d scenes", at, part, maxRange)
		}
		for k := 0; k <= b-a; k++ { // by offset: s <= b holds for ever at b = MaxInt
			set[a+k] = true
		}
	}
	out := make([]int, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	return out, nil
}

func parseSeq(at, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("%s: missing number (ranges are closed, e.g. 3-7)", at)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a scene number", at, s)
	}
	if n < 1 {
		return 0, fmt.Errorf("%s: scene numbers start at 1, got %d", at, n)
	}
	return n, nil
}

// selectScenes returns the scenes to export, in seq order.
func selectScenes(p *project.Project, o Options) ([]*project.Scene, error) {
	scenes := slices.Clone(p.Scenes)
	slices.SortStableFunc(scenes, func(a, b *project.Scene) int { return a.Seq - b.Seq })
	if o.Scenes == nil {
		return scenes, nil
	}
	want := map[int]bool{}
	for _, s := range o.Scenes {
		want[s] = true
	}
	var out []*project.Scene
	for _, s := range scenes {
		if want[s.Seq] {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		if len(scenes) == 0 {
			return nil, fmt.Errorf("no scene matches the selection: the project has no scenes yet")
		}
		return nil, fmt.Errorf("no scene matches the selection: the project has scenes %d to %d",
			scenes[0].Seq, scenes[len(scenes)-1].Seq)
	}
	return out, nil
}

// now is the manuscript's date: Options.Now, else the newest scene's
// creation time, else the zero time.
func (o Options) now(p *project.Project) time.Time {
	if !o.Now.IsZero() {
		return o.Now.UTC()
	}
	var t time.Time
	for _, s := range p.Scenes {
		if s.Created.After(t) {
			t = s.Created
		}
	}
	return t.UTC()
}

// sceneTitle is the heading of a scene.
func sceneTitle(s *project.Scene) string {
	if t := strings.TrimSpace(s.Title); t != "" {
		return t
	}
	return fmt.Sprintf("Scene %d", s.Seq)
}

// characterName resolves a POV id to a name; an unknown id (a name typed by
// hand, say) is shown as written.
func characterName(p *project.Project, id string) string {
	if c := p.Character(id); c != nil {
		return c.Name
	}
	return id
}

func locationName(p *project.Project, id string) string {
	if l := p.Location(id); l != nil {
		return l.Name
	}
	return id
}

// metaItem is one label/value pair of a scene's --with-metadata line.
type metaItem struct{ label, value string }

func sceneMeta(p *project.Project, s *project.Scene) []metaItem {
	var out []metaItem
	add := func(label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, metaItem{label, v})
		}
	}
	add("Scene", strconv.Itoa(s.Seq))
	add("POV", characterName(p, s.POV))
	add("Location", locationName(p, s.Location))
	add("Words", strconv.Itoa(s.Words))
	add("Model", s.Model)
	return out
}

// offlineNote flags a scene drafted by the offline stand-in, whose prose is
// placeholder text, never meant for readers.
const offlineNote = "Placeholder draft by the offline stand-in model"

func isOffline(s *project.Scene) bool { return s.Model == OfflineModel }

// standInHeadline opens the manuscript's notice when any exported scene was
// written by the offline stand-in: the note in the frontmatter reaches no
// reader of the exported file, so every format says it up front.
const standInHeadline = "Draft written by the offline stand-in"

// standInNote is the notice's text after its headline ("" when no exported
// scene is the stand-in's): which scenes, and what they are.
func standInNote(scenes []*project.Scene) string {
	var seqs []int
	for _, s := range scenes {
		if isOffline(s) {
			seqs = append(seqs, s.Seq)
		}
	}
	switch {
	case len(seqs) == 0:
		return ""
	case len(seqs) == len(scenes):
		return "Every scene here is placeholder prose from storyd's offline stand-in model, not a writer's or a real model's text."
	case len(seqs) == 1:
		return fmt.Sprintf("Scene %d is placeholder prose from storyd's offline stand-in model, not a writer's or a real model's text.", seqs[0])
	}
	return fmt.Sprintf("Scenes %s are placeholder prose from storyd's offline stand-in model, not a writer's or a real model's text.", project.SeqRanges(seqs))
}

// breakLineRE matches a line that is only a thematic break: ---, ***, ___,
// * * *, - - - and the like.
var breakLineRE = regexp.MustCompile(`^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$`)

var fenceRE = regexp.MustCompile("^ {0,3}(```+|~~~+)")

// separateBreaks puts a blank line before every thematic-break line that
// follows a paragraph line. CommonMark (goldmark, Pandoc) otherwise reads
// "text\n---" as a setext heading, turning a scene break in prose into a
// heading. Fenced code is left alone.
func separateBreaks(body string) string {
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	out := make([]string, 0, len(lines)+4)
	fence := ""
	for i, l := range lines {
		if fence != "" {
			if strings.HasPrefix(strings.TrimLeft(l, " "), fence) {
				fence = ""
			}
			out = append(out, l)
			continue
		}
		if m := fenceRE.FindStringSubmatch(l); m != nil {
			fence = m[1]
		} else if breakLineRE.MatchString(l) && i > 0 && strings.TrimSpace(lines[i-1]) != "" {
			out = append(out, "")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// errWriter remembers the first write error so rendering code can write
// freely and check once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }

func (e *errWriter) str(s string) { io.WriteString(e, s) }
