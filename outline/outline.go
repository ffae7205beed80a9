package outline

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/storyd/storyd/textfile"
)

// File is the optional outline: parts, chapters and beats.
const File = "outline.md"

// outline.md format (hand-editable; storyd only ever ticks a beat's box):
//
//	# Outline: The Lamp Ledger
//
//	Free notes anywhere (plain lines are kept and ignored).
//
//	## Part One: The Letter
//
//	### Chapter 1: The Unsigned Letter (tension 3)
//	- [x] Mara finds the unsigned letter in the ledger (scene 1)
//	- [ ] She asks the harbourmaster about the seal
//	  Indented lines are notes on the beat above.
//
// Parts ("Part", "Act" or "Book" headings) are optional; chapters are
// "Chapter N" headings with a number unique in the file (scenes refer to
// it) and an optional intended tension 0–10; beats are checkbox lines
// under a chapter, done in file order.

// Outline is a parsed outline.md.
type Outline struct {
	Title    string
	Parts    []*Part    // at least one: an unnamed part when the file has none
	Chapters []*Chapter // in file order
	Beats    []*Beat    // in file order
}

// Part is a part or act: a run of chapters.
type Part struct {
	Heading  string // as written, e.g. "Part One: The Letter"; "" for the implicit part
	Line     int
	Chapters []*Chapter
}

// Chapter is one "Chapter N" heading and its beats.
type Chapter struct {
	Num     int
	Title   string
	Tension int // intended tension 0–10; -1 when the heading gives none
	Line    int
	Part    int // index into Outline.Parts
	Beats   []*Beat
}

// Beat is one checkbox line.
type Beat struct {
	N       int // 1-based position in the outline: its id is "b<N>"
	Text    string
	Done    bool
	Scene   int // the scene that completed it ("(scene 7)"); 0 = not recorded
	Line    int
	Chapter int // Num of its chapter
	Notes   []string
}

// ID names the beat for the planner ("b3"). It is positional: it is only
// meaningful within one loaded snapshot of the outline.
func (b *Beat) ID() string { return "b" + strconv.Itoa(b.N) }

// Heading is the chapter's display heading, "Chapter 3: The Gate".
func (c *Chapter) Heading() string {
	if c.Title == "" {
		return fmt.Sprintf("Chapter %d", c.Num)
	}
	return fmt.Sprintf("Chapter %d: %s", c.Num, c.Title)
}

var (
	outlineHeadingRE = regexp.MustCompile(`^(#{1,6})\s+(.*?)(?:[\s\p{Z}]+#+)*[\s\p{Z}]*$`) // a closing run of #s follows a blank (CommonMark; any Unicode space, as the title's are collapsed; every such run, or the title would end in one): "C#" is a title
	outlinePartRE    = regexp.MustCompile(`(?i)^(part|act|book)\b`)
	outlineChapterRE = regexp.MustCompile(`(?i)^chapter\b\s*(.*)$`)
	chapterNumRE     = regexp.MustCompile(`^(\d{1,6})(?:\s*[:.\-–—]\s*|\s+|$)(.*)$`)
	tensionRE        = regexp.MustCompile(`(?i)\s*\(tension\s+([^()]*)\)\s*$`)
	beatRE           = regexp.MustCompile(`^[-*+] \[([ xX])\] (.*)$`)
	beatSceneRE      = regexp.MustCompile(`\s*\(scenes? (\d{1,9})(?:\s*[-–,]\s*\d{1,9})?\)\s*$`)
	listItemRE       = regexp.MustCompile(`^(?:[-*+](?:\s|\[|$)|\d+[.)]\s)`)
	ruleRE           = regexp.MustCompile(`^(?:[-*_]\s*){3,}$`)
)

const beatHint = `write beats as checkbox lines under a chapter: "- [ ] what happens" (done: "- [x] …")`

// Parse reads outline.md. Every problem is reported with its line
// and a hint; a file with problems yields no outline.
func Parse(path string, data []byte) (*Outline, error) {
	if probs := textfile.Check(path, data); len(probs) > 0 {
		return nil, probs
	}
	o := &Outline{}
	var probs textfile.Problems
	bad := func(line int, hint, format string, args ...any) {
		probs = append(probs, textfile.Problem{Path: path, Line: line, Msg: fmt.Sprintf(format, args...), Hint: hint})
	}
	var ch *Chapter
	var last *Beat // the beat indented notes belong to
	nums := map[int]int{}
	text := string(bytes.TrimPrefix(data, textfile.BOM))
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimRight(raw, "\r")
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if last != nil {
				last.Notes = append(last.Notes, t)
			}
			continue
		}
		last = nil
		if m := outlineHeadingRE.FindStringSubmatch(line); m != nil {
			ch = o.heading(path, n, len(m[1]), m[2], nums, bad)
			continue
		}
		if m := beatRE.FindStringSubmatch(line); m != nil {
			if ch == nil {
				bad(n, `put it under a chapter heading such as "### Chapter 1: The Letter"`, "beat %q is not under a chapter", clipText(t))
				continue
			}
			b := parseBeat(m)
			if b.Text == "" {
				bad(n, beatHint, "empty beat")
				continue
			}
			b.N, b.Line, b.Chapter = len(o.Beats)+1, n, ch.Num
			ch.Beats = append(ch.Beats, b)
			o.Beats = append(o.Beats, b)
			last = b
			continue
		}
		if listItemRE.MatchString(line) && !ruleRE.MatchString(t) && (ch != nil || looksLikeBeat(t)) {
			bad(n, beatHint, "cannot read beat %q", clipText(t))
		}
		// Any other line is a note: kept in the file, not read.
	}
	for _, c := range o.Chapters {
		if len(c.Beats) == 0 {
			bad(c.Line, `add its beats as "- [ ] …" lines, or remove the heading`, "%s has no beats", c.Heading())
		}
	}
	if len(o.Chapters) == 0 && len(probs) == 0 {
		bad(1, `an outline needs chapters ("### Chapter 1: Title") with beats ("- [ ] what happens"); storyd outline drafts one`, "no chapters")
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return o, nil
}

// heading handles one heading line and returns the chapter that the
// following beats belong to (nil after a part heading).
func (o *Outline) heading(path string, n, level int, text string, nums map[int]int, bad func(int, string, string, ...any)) *Chapter {
	switch {
	case outlinePartRE.MatchString(text):
		o.Parts = append(o.Parts, &Part{Heading: text, Line: n})
		return nil
	case outlineChapterRE.MatchString(text):
		c, ok := parseChapter(text, n, bad)
		if !ok {
			return nil
		}
		if prev, dup := nums[c.Num]; dup {
			bad(n, "each chapter needs its own number: scenes refer to chapters by it", "duplicate chapter %d (also on line %d)", c.Num, prev)
			return nil
		}
		nums[c.Num] = n
		if len(o.Parts) == 0 {
			o.Parts = append(o.Parts, &Part{})
		}
		c.Part = len(o.Parts) - 1
		pt := o.Parts[c.Part]
		pt.Chapters = append(pt.Chapters, c)
		o.Chapters = append(o.Chapters, c)
		return c
	case level == 1 && o.Title == "" && len(o.Parts) == 0:
		o.Title = strings.TrimSpace(strings.TrimPrefix(text, "Outline:"))
		return nil
	}
	hint := `headings are parts ("## Part One: …", "## Act II") and chapters ("### Chapter 3: …"); keep other notes as plain lines`
	first, _, _ := strings.Cut(strings.ToLower(text), " ")
	if k := textfile.Closest(first, []string{"chapter", "part", "act", "book"}); k != "" && k != first && len(first) > 2 {
		hint = fmt.Sprintf("did you mean %q?", strings.ToUpper(k[:1])+k[1:])
	}
	bad(n, hint, "unknown heading %q", clipText(text))
	return nil
}

func parseChapter(text string, n int, bad func(int, string, string, ...any)) (*Chapter, bool) {
	rest := strings.TrimSpace(outlineChapterRE.FindStringSubmatch(text)[1])
	m := chapterNumRE.FindStringSubmatch(rest)
	if m == nil {
		bad(n, `write chapter headings as "### Chapter 3: Title" (scenes refer to the number)`, "chapter heading %q has no number", clipText(text))
		return nil, false
	}
	c := &Chapter{Line: n, Tension: -1}
	c.Num, _ = strconv.Atoi(m[1])
	// Spaces as Render writes them before the suffix is looked for:
	// collapsed after, "(tension\u00a03)" became one on the next read.
	title := strings.Join(strings.Fields(m[2]), " ")
	if tm := tensionRE.FindStringSubmatch(title); tm != nil {
		v, err := strconv.Atoi(strings.TrimSpace(tm[1]))
		if err != nil || v < 0 || v > 10 {
			bad(n, `write it as "(tension 7)" at the end of the heading, or leave it out`, "tension %q must be a whole number from 0 to 10", strings.TrimSpace(tm[1]))
			return nil, false
		}
		c.Tension = v
		title = title[:len(title)-len(tm[0])]
	}
	if c.Num < 1 {
		bad(n, "chapters are numbered from 1", "chapter number must be positive")
		return nil, false
	}
	c.Title = strings.Join(strings.Fields(title), " ")
	if strings.Trim(c.Title, "#") == "" {
		// "Chapter 1.#": written after "Chapter 1: ", the #s would close the heading.
		c.Title = ""
	}
	return c, true
}

// parseBeat reads a checkbox line's parts. A "(scene 0)" names no scene:
// it stays part of the text, so that CheckBeats notes the scene that
// completes the beat, and Render does not drop it.
func parseBeat(m []string) *Beat {
	b := &Beat{Done: m[1] != " "}
	text := strings.Join(strings.Fields(m[2]), " ") // as for a chapter's tension (parseChapter)
	if sm := beatSceneRE.FindStringSubmatch(text); sm != nil {
		if n, _ := strconv.Atoi(sm[1]); n > 0 {
			b.Scene = n
			text = text[:len(text)-len(sm[0])]
		}
	}
	b.Text = strings.Join(strings.Fields(text), " ")
	return b
}

// looksLikeBeat catches a mistyped checkbox outside a chapter ("-[ ]",
// "- []"), which would otherwise pass for a note.
func looksLikeBeat(t string) bool {
	t = strings.TrimLeft(t, "-*+ ")
	return strings.HasPrefix(t, "[")
}

func clipText(s string) string {
	if len(s) > 60 {
		cut := 60
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + "…"
	}
	return s
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// Current is the beat the story is on: the first beat not done, in file
// order (a person may reorder, add or remove beats between ticks); nil
// when every beat is done.
func (o *Outline) Current() *Beat {
	for _, b := range o.Beats {
		if !b.Done {
			return b
		}
	}
	return nil
}

// Upcoming returns up to n beats not done after the current one.
func (o *Outline) Upcoming(n int) []*Beat {
	var out []*Beat
	cur := o.Current()
	for _, b := range o.Beats {
		if len(out) == n {
			break
		}
		if !b.Done && b != cur {
			out = append(out, b)
		}
	}
	return out
}

// DoneCount is the number of beats done.
func (o *Outline) DoneCount() int {
	n := 0
	for _, b := range o.Beats {
		if b.Done {
			n++
		}
	}
	return n
}

// Complete says every beat is done.
func (o *Outline) Complete() bool { return o.Current() == nil }

// Chapter returns the chapter numbered num, or nil.
func (o *Outline) Chapter(num int) *Chapter {
	for _, c := range o.Chapters {
		if c.Num == num {
			return c
		}
	}
	return nil
}

// InFinalPart says whether a chapter belongs to the book's last stretch:
// its last part when the outline has several, otherwise its last quarter
// of chapters.
func (o *Outline) InFinalPart(c *Chapter) bool {
	if c == nil {
		return false
	}
	if len(o.Parts) > 1 {
		return c.Part == len(o.Parts)-1
	}
	for i, x := range o.Chapters {
		if x == c {
			return i >= len(o.Chapters)-max(1, len(o.Chapters)/4)
		}
	}
	return false
}

// Render writes a new outline.md (storyd outline). Existing
// outlines are only ever edited in place (CheckBeats).
func Render(o *Outline) []byte {
	var b strings.Builder
	title := o.Title
	if title == "" {
		title = "Untitled"
	}
	fmt.Fprintf(&b, "# Outline: %s\n\n", title)
	b.WriteString("Edit freely: parts (\"## Part …\"), chapters (\"### Chapter N: title (tension 0-10)\") and\n" +
		"beats (\"- [ ] what happens\"), done in order. storyd ticks a beat's box when a scene completes it.\n")
	for _, pt := range o.Parts {
		if pt.Heading != "" {
			fmt.Fprintf(&b, "\n## %s\n", pt.Heading)
		}
		for _, c := range pt.Chapters {
			fmt.Fprintf(&b, "\n### %s", c.Heading())
			if c.Tension >= 0 {
				fmt.Fprintf(&b, " (tension %d)", c.Tension)
			}
			b.WriteString("\n")
			for _, bt := range c.Beats {
				mark := " "
				if bt.Done {
					mark = "x"
				}
				fmt.Fprintf(&b, "- [%s] %s", mark, bt.Text)
				if bt.Scene > 0 {
					fmt.Fprintf(&b, " (scene %d)", bt.Scene)
				}
				b.WriteString("\n")
				for _, n := range bt.Notes {
					fmt.Fprintf(&b, "  %s\n", n)
				}
			}
		}
	}
	return []byte(b.String())
}

// BeatCheck marks a beat done by a scene. The beat is found by its text
// (the first open beat with that text), not its line or position, so the
// change can be replayed on a version of the file a person has edited.
type BeatCheck struct {
	Text  string `json:"text"`
	Scene int    `json:"scene"`
}

// CheckBeats ticks the boxes of beats in outline.md and notes the scene,
// changing nothing else: every other byte, line endings and a byte-order
// mark included, stays as it was. A beat no longer in the file (a person
// removed or reworded it) is skipped.
func CheckBeats(data []byte, checks []BeatCheck) []byte {
	out := append([]byte(nil), data...)
	for _, c := range checks {
		want := strings.Join(strings.Fields(c.Text), " ")
		if want == "" {
			continue
		}
		start := 0
		if bytes.HasPrefix(out, textfile.BOM) {
			start = len(textfile.BOM)
		}
		for start < len(out) {
			end := bytes.IndexByte(out[start:], '\n')
			if end < 0 {
				end = len(out)
			} else {
				end += start
			}
			line := bytes.TrimSuffix(out[start:end], []byte("\r"))
			if m := beatRE.FindSubmatch(line); m != nil && string(m[1]) == " " {
				if b := parseBeat([]string{"", " ", string(m[2])}); b.Text == want {
					repl := []byte("- [x] " + strings.TrimRight(string(m[2]), " \t"))
					repl[0] = line[0] // keep the person's list marker
					if c.Scene > 0 && b.Scene == 0 {
						repl = fmt.Appendf(repl, " (scene %d)", c.Scene)
					}
					out = append(out[:start], append(repl, out[start+len(line):]...)...)
					break
				}
			}
			start = end + 1
		}
	}
	return out
}
