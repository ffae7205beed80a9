package outline

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/storyd/storyd/textfile"
)

const sampleOutline = `# Outline: The Lamp Ledger

A note a person wrote.

## Part One: The Letter

### Chapter 1: The Unsigned Letter (tension 3)
- [x] Mara finds the letter (scene 1)
- [ ] She asks the harbourmaster about the seal
  He lies; she notices.

### Chapter 2 — The Seal
* [ ] The seal leads to the chapel

## Act II

### Chapter 5
- [X] Done by hand
- [ ] The chapel burns
`

func TestParseOutline(t *testing.T) {
	o, err := Parse(File, []byte(sampleOutline))
	if err != nil {
		t.Fatal(err)
	}
	if o.Title != "The Lamp Ledger" || len(o.Parts) != 2 || len(o.Chapters) != 3 || len(o.Beats) != 5 {
		t.Fatalf("got title %q, %d parts, %d chapters, %d beats", o.Title, len(o.Parts), len(o.Chapters), len(o.Beats))
	}
	c1 := o.Chapters[0]
	if c1.Num != 1 || c1.Title != "The Unsigned Letter" || c1.Tension != 3 || c1.Line != 7 {
		t.Errorf("chapter 1: %+v", c1)
	}
	if c2 := o.Chapters[1]; c2.Num != 2 || c2.Title != "The Seal" || c2.Tension != -1 {
		t.Errorf("chapter 2: %+v", c2)
	}
	if b := o.Beats[0]; !b.Done || b.Scene != 1 || b.Text != "Mara finds the letter" {
		t.Errorf("beat 1: %+v", b)
	}
	cur := o.Current()
	if cur == nil || cur.ID() != "b2" || cur.Chapter != 1 || len(cur.Notes) != 1 {
		t.Fatalf("current: %+v", cur)
	}
	up := o.Upcoming(2)
	if len(up) != 2 || up[0].Text != "The seal leads to the chapel" || up[1].Text != "The chapel burns" {
		t.Errorf("upcoming: %+v", up)
	}
	if o.DoneCount() != 2 || o.Complete() {
		t.Errorf("done %d, complete %v", o.DoneCount(), o.Complete())
	}
	if o.InFinalPart(o.Chapters[1]) || !o.InFinalPart(o.Chapters[2]) {
		t.Error("final part: want only the Act II chapter")
	}
}

func TestParseOutlineErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, want, hint string
	}{
		{"typo in heading", "### Chaptr 1: X\n- [ ] a\n", `outline.md:1: unknown heading "Chaptr 1: X"`, `did you mean "Chapter"?`},
		{"no number", "### Chapter One\n- [ ] a\n", `outline.md:1: chapter heading "Chapter One" has no number`, "Chapter 3: Title"},
		{"bad checkbox", "### Chapter 1\n- [] a\n", `outline.md:2: cannot read beat "- [] a"`, "- [ ] what happens"},
		{"plain bullet", "### Chapter 1\n- [ ] a\n- b\n", `outline.md:3: cannot read beat "- b"`, "checkbox"},
		{"beat outside", "# T\n- [ ] a\n### Chapter 1\n- [ ] b\n", `outline.md:2: beat "- [ ] a" is not under a chapter`, "under a chapter heading"},
		{"mistyped beat outside", "-[ ] a\n### Chapter 1\n- [ ] b\n", `outline.md:1: cannot read beat`, ""},
		{"duplicate chapter", "### Chapter 1\n- [ ] a\n### Chapter 1\n- [ ] b\n", "outline.md:3: duplicate chapter 1 (also on line 1)", ""},
		{"empty chapter", "### Chapter 1\n### Chapter 2\n- [ ] b\n", "outline.md:1: Chapter 1 has no beats", ""},
		{"bad tension", "### Chapter 1: X (tension 12)\n- [ ] a\n", `outline.md:1: tension "12" must be a whole number from 0 to 10`, ""},
		{"no chapters", "# Just a title\n", "outline.md:1: no chapters", "storyd outline"},
		{"numbered list", "### Chapter 1\n1. a\n", `outline.md:2: cannot read beat "1. a"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := Parse(File, []byte(tc.text))
			var probs textfile.Problems
			if o != nil || !errors.As(err, &probs) {
				t.Fatalf("got %v, %v; want problems", o, err)
			}
			if !strings.HasPrefix(probs[0].Error(), tc.want) {
				t.Errorf("got %q; want prefix %q", probs[0].Error(), tc.want)
			}
			if !strings.Contains(probs[0].Hint, tc.hint) {
				t.Errorf("hint %q; want it to contain %q", probs[0].Hint, tc.hint)
			}
		})
	}
}

func TestParseOutlineNotesAndRules(t *testing.T) {
	text := "# T\n\n- a theme, not a beat\n---\n### Chapter 1\n- [ ] a\n\n***\nplain note\n"
	if _, err := Parse(File, []byte(text)); err != nil {
		t.Fatal(err)
	}
}

func TestCheckBeatsKeepsBytes(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"lf", sampleOutline, strings.Replace(sampleOutline, "- [ ] She asks the harbourmaster about the seal\n", "- [x] She asks the harbourmaster about the seal (scene 4)\n", 1)},
		{"crlf", strings.ReplaceAll(sampleOutline, "\n", "\r\n"),
			strings.ReplaceAll(strings.Replace(sampleOutline, "- [ ] She asks the harbourmaster about the seal\n", "- [x] She asks the harbourmaster about the seal (scene 4)\n", 1), "\n", "\r\n")},
		{"textfile.BOM and marker", "\xef\xbb\xbf### Chapter 1\r\n* [ ]  She asks the harbourmaster  about the seal  \n- [ ] b",
			"\xef\xbb\xbf### Chapter 1\r\n* [x]  She asks the harbourmaster  about the seal (scene 4)\n- [ ] b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckBeats([]byte(tc.in), []BeatCheck{{Text: "She asks the harbourmaster about the seal", Scene: 4}})
			if string(got) != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestCheckBeatsAfterHandEdits(t *testing.T) {
	// The person reordered, added and removed beats after the plan was made:
	// the beat is found by its text, a removed one is skipped.
	edited := "### Chapter 1\n- [ ] New beat\n- [ ] The chapel burns\n- [x] The chapel burns (scene 2)\n"
	got := CheckBeats([]byte(edited), []BeatCheck{{Text: "The chapel burns", Scene: 9}, {Text: "Removed beat", Scene: 9}})
	want := "### Chapter 1\n- [ ] New beat\n- [x] The chapel burns (scene 9)\n- [x] The chapel burns (scene 2)\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	o, err := Parse(File, got)
	if err != nil || o.Current().Text != "New beat" {
		t.Fatalf("after the edit: %v, %+v", err, o)
	}
}

func TestRenderOutlineRoundTrip(t *testing.T) {
	o, err := Parse(File, []byte(sampleOutline))
	if err != nil {
		t.Fatal(err)
	}
	o2, err := Parse(File, Render(o))
	if err != nil {
		t.Fatalf("%v\n%s", err, Render(o))
	}
	if !bytes.Equal(Render(o), Render(o2)) {
		t.Errorf("render is not stable:\n%s\n---\n%s", Render(o), Render(o2))
	}
}

func FuzzParseOutline(f *testing.F) {
	f.Add([]byte(sampleOutline))
	f.Add([]byte("### Chapter 1\r\n- [ ] a (scene 3)\n  note\n# X\n"))
	f.Add([]byte("\xef\xbb\xbf## Act I\n### Chapter 2: x (tension 9)\n* [X] é\n"))
	// The title "(tension" rendered before "(tension 0)" read back as the
	// tension "(tension 0": the tension's parentheses hold none.
	f.Add([]byte("# ChApter 1 (tension(tension 0)\n* [X] é"))
	// Spaces collapsed after the suffix was looked for made one on the next
	// read: "(scene  1)" became the scene, "(tension\u00a03)" the tension.
	f.Add([]byte("# ChApter 1 00000000000\n* [X] 0(scene  1)"))
	f.Add([]byte("### Chapter 1: x (tension\u00a03)\n- [ ] a (scene\u20031)\n"))
	f.Add([]byte("# ChApter 1 \u00a0#\n* [X] 0"))  // a closing "#" after a no-break space: the title "#", then none
	f.Add([]byte("# ChApter 1 #\u00a0#\n* [X] 0")) // two closing runs: the title "#", then none
	f.Add([]byte("# ChApter 1.#\n* [X] 0"))        // the title "#", rendered after ": " as a closing run
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := Parse(File, data)
		checked := CheckBeats(data, []BeatCheck{{Text: "a", Scene: 1}})
		// Only the checked line may lose bytes: the blanks that trailed it.
		if len(checked) < len(data)-trailingBlanks(data) {
			t.Fatalf("CheckBeats lost bytes: %d -> %d", len(data), len(checked))
		}
		if err != nil {
			return
		}
		// What parses renders to an outline that parses the same.
		o2, err := Parse(File, Render(o))
		if err != nil {
			t.Fatalf("rendered outline does not parse: %v\n%s", err, Render(o))
		}
		// Render lays the file out anew: compare what renders.
		if again := Render(o2); !bytes.Equal(again, Render(o)) {
			t.Fatalf("%q: round trip changed the outline:\n%s\n%s", data, Render(o), again)
		}
	})
}

// trailingBlanks counts the spaces and tabs that end data's lines.
func trailingBlanks(data []byte) int {
	n := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		n += len(line) - len(bytes.TrimRight(line, " \t"))
	}
	return n
}

// outline.md is held to the same rule as the other lists.
func TestOutlineRejectsControlBytes(t *testing.T) {
	_, err := Parse("outline.md", []byte("# Outline\n\n## Chapter 1: Start\n- [ ] a beat\x1b[2J\n"))
	if err == nil || !strings.Contains(err.Error(), "outline.md:4: control character ESC") {
		t.Fatalf("got %v; want outline.md:4: control character ESC", err)
	}
}

// A heading's closing run of #s follows a blank (CommonMark): "C#" ends a
// title, " ##" closes one.
func TestHeadingClosingHashes(t *testing.T) {
	o, err := Parse(File, []byte("## Part One: C#\n### Chapter 1: The Gate ##\n- [ ] a\n### Chapter 2: F# \n- [ ] b\n"))
	if err != nil {
		t.Fatal(err)
	}
	if o.Parts[0].Heading != "Part One: C#" || o.Chapters[0].Title != "The Gate" || o.Chapters[1].Title != "F#" {
		t.Errorf("got %q, %q, %q", o.Parts[0].Heading, o.Chapters[0].Title, o.Chapters[1].Title)
	}
}
