package export

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

var fixedNow = time.Date(2025, 3, 14, 6, 30, 0, 0, time.UTC)

// edgeBody is a scene body with the markdown edge cases the export must get
// right: a scene break right under a paragraph (a setext heading to
// CommonMark), emphasis, straight dialogue quotes, a footnote, raw HTML.
const edgeBody = `"Open the gate," Mara said. It's late -- and the wall... holds.

She *ran* toward the light.
---
After the break, the river.[^1] A <b>bold</b> claim & a 3<4 sum.

[^1]: The river has no name.
`

// writeProject writes a small project: story.md, two characters, a
// location and the given scene bodies (seq 1..n; scene 2 uses edgeBody).
// Files are written out of seq order to prove order comes from seq.
func writeProject(t testing.TB, n int) *project.Project {
	t.Helper()
	dir := t.TempDir()
	write := func(rel string, data []byte) {
		t.Helper()
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	render := func(rel string, r interface{ Render() ([]byte, error) }) {
		t.Helper()
		data, err := r.Render()
		if err != nil {
			t.Fatal(err)
		}
		write(rel, data)
	}
	render(project.StoryFile, &project.Story{Title: `The Gate & "Other" Stories`, Author: "A. Writer", Genre: "fantasy",
		Premise: "A keeper must decide whether to open the gate.", TargetWords: 5000, Body: "Bible notes, not for readers: SECRET-BIBLE."})
	render("characters/c1-mara.md", &project.Character{ID: "c1", Name: "Mara Vell"})
	render("characters/c2-tom.md", &project.Character{ID: "c2", Name: "Tom"})
	render("locations/l1-gate.md", &project.Location{ID: "l1", Name: "The North Gate"})
	for seq := n; seq >= 1; seq-- {
		body := fmt.Sprintf("Scene %d prose begins. MARK-%03d\n\nThe second paragraph of scene %d.\n", seq, seq, seq)
		if seq == 2 {
			body = edgeBody + "\nMARK-002\n"
		}
		s := (&project.Scene{ID: fmt.Sprintf("s%d", seq), Seq: seq, Title: fmt.Sprintf("Chapter %d", seq),
			POV: []string{"c1", "c2"}[seq%2], Location: "l1", Model: []string{"offline", "gpt-test"}[seq%2],
			ThreadsOpened: []string{"t1"}, Created: fixedNow.Add(-time.Duration(n-seq) * time.Hour)}).SetBody(body)
		// File names deliberately disagree with seq order.
		render(fmt.Sprintf("scenes/%04d-x.md", 100-seq), s)
	}
	p, err := journal.Load(dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseRange(t *testing.T) {
	good := []struct {
		spec string
		want []int
	}{
		{"1-3,7", []int{1, 2, 3, 7}},
		{" 5 , 2-3 ,2", []int{2, 3, 5}},
		{"4", []int{4}},
		{"3-3", []int{3}},
		{"9223372036854775806-9223372036854775807", []int{math.MaxInt - 1, math.MaxInt}}, // it looped for ever
	}
	for _, g := range good {
		got, err := ParseRange(g.spec)
		if err != nil || !slices.Equal(got, g.want) {
			t.Errorf("ParseRange(%q) = %v, %v; want %v", g.spec, got, err, g.want)
		}
	}
	bad := []struct{ spec, msg string }{
		{"", "empty scene range"},
		{"1,,2", "item 2 is empty"},
		{"1-x", `"x" is not a scene number`},
		{"0-3", "start at 1"},
		{"5-3", "runs backwards; write 3-5"},
		{"4-", "missing number"},
		{"-4", "missing number"},
		{"1-2000000", "more than"},
		{"a", `"a" is not a scene number`},
	}
	for _, b := range bad {
		got, err := ParseRange(b.spec)
		if err == nil || !strings.Contains(err.Error(), b.msg) {
			t.Errorf("ParseRange(%q) = %v, %v; want error containing %q", b.spec, got, err, b.msg)
		}
	}
}

// FuzzParseRange: a --scenes spec gives an error or ascending seqs, each
// at least 1, no more than maxRange of them, the first and the last written
// in the spec; never a hang (a range ending at MaxInt looped for ever).
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"1-3,7", " 5 , 2-3 ,2", "0-3", "1-2000000", "9223372036854775807", "99999-100001,1-99990"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		got, err := ParseRange(spec)
		if err != nil {
			return
		}
		if len(got) == 0 || len(got) > maxRange || got[0] < 1 || !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("ParseRange(%q) = %v", spec, got)
		}
		for _, n := range []int{got[0], got[len(got)-1]} {
			if !strings.Contains(spec, strconv.Itoa(n)) {
				t.Fatalf("ParseRange(%q) = %v: %d is not in the spec", spec, got, n)
			}
		}
	})
}

func TestSeparateBreaks(t *testing.T) {
	in := "para\n---\nmore\n\n---\ntext\n* * *\nx\n___\n```\ncode\n---\n```\ny\n--\n"
	want := "para\n\n---\nmore\n\n---\ntext\n\n* * *\nx\n\n___\n```\ncode\n---\n```\ny\n--\n"
	if got := separateBreaks(in); got != want {
		t.Errorf("separateBreaks = %q; want %q", got, want)
	}
}

// inOrder checks that every needle occurs in s, in order.
func inOrder(t *testing.T, what, s string, needles ...string) {
	t.Helper()
	at := 0
	for _, n := range needles {
		i := strings.Index(s[at:], n)
		if i < 0 {
			t.Fatalf("%s: %q missing or out of order (searching after byte %d)", what, n, at)
		}
		at += i + len(n)
	}
}

func marks(n int) []string {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, fmt.Sprintf("MARK-%03d", i))
	}
	return out
}

func TestMarkdown(t *testing.T) {
	p := writeProject(t, 4)
	var b bytes.Buffer
	if err := Markdown(&b, p, Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	wantHead := "---\ntitle: \"The Gate & \\\"Other\\\" Stories\"\nauthor: \"A. Writer\"\ndate: \"2025-03-14\"\nsubject: \"fantasy\"\n" +
		"description: \"A keeper must decide whether to open the gate.\"\nlang: en\n---\n"
	if !strings.HasPrefix(md, wantHead) {
		t.Errorf("metadata block:\n%s\nwant prefix:\n%s", md[:min(len(md), 300)], wantHead)
	}
	inOrder(t, "markdown", md, append([]string{"# Chapter 1\n"}, marks(4)...)...)
	for _, bad := range []string{"seq:", "threads_opened", "SECRET-BIBLE", "POV:", offlineNote} {
		if strings.Contains(md, bad) {
			t.Errorf("markdown contains %q; want frontmatter, bible and metadata left out", bad)
		}
	}
	// The stand-in's scenes are announced once, up front, with or without metadata.
	if want := "---\n\n> **" + standInHeadline + ".** Scenes 2, 4 are placeholder prose"; !strings.Contains(md, want) || strings.Count(md, standInHeadline) != 1 {
		t.Errorf("markdown lacks the stand-in notice %q under its metadata block:\n%s", want, md[:min(len(md), 600)])
	}
	if !strings.Contains(md, "She *ran* toward the light.\n\n---\nAfter the break") {
		t.Errorf("scene break not separated from the paragraph above it:\n%s", md)
	}

	b.Reset()
	if err := Markdown(&b, p, Options{Now: fixedNow, WithMetadata: true}); err != nil {
		t.Fatal(err)
	}
	md = b.String()
	// Scene 2 is offline (seq%2 == 0), scene 1 is not.
	inOrder(t, "metadata", md, "# Chapter 1\n\n*Scene: 1 · POV: Tom · Location: The North Gate · Words: ", "Model: gpt-test*\n\nScene 1 prose",
		"# Chapter 2\n\n*Scene: 2 · POV: Mara Vell", "Model: offline*\n\n> **"+offlineNote+".**\n\n")
	if n := strings.Count(md, offlineNote); n != 2 {
		t.Errorf("offline flags = %d; want 2 (scenes 2 and 4)", n)
	}
}

func TestMarkdownDemotesBodyHeadings(t *testing.T) {
	got := demoteATX("# A\n## B\n###### C\n#nohash\n```\n# code\n```\n    # indented code")
	want := "## A\n### B\n###### C\n#nohash\n```\n# code\n```\n    # indented code"
	if got != want {
		t.Errorf("demoteATX = %q; want %q", got, want)
	}
}

// parseXML checks that doc is well-formed XML (the HTML writers emit XHTML
// syntax on purpose) and returns its element names in document order.
func parseXML(t *testing.T, what string, doc []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var names []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return names
		}
		if err != nil {
			t.Fatalf("%s is not well-formed: %v", what, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			names = append(names, se.Name.Local)
		}
	}
}

func TestHTML(t *testing.T) {
	p := writeProject(t, 5)
	var b bytes.Buffer
	if err := HTML(&b, p, Options{Now: fixedNow, WithMetadata: true}); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	parseXML(t, "HTML export", b.Bytes())
	inOrder(t, "html", doc, append([]string{"<title>The Gate &amp; &#34;Other&#34; Stories</title>", `<nav id="toc">`,
		`<a href="#scene-1">Chapter 1</a>`, `<a href="#scene-5">Chapter 5</a>`, `<section class="scene" id="scene-1">`}, marks(5)...)...)
	for _, bad := range []string{"<script", "http://", "https://", "SECRET-BIBLE", "seq:"} {
		if strings.Contains(doc, bad) {
			t.Errorf("HTML contains %q; want a self-contained page without bible or frontmatter", bad)
		}
	}
	if !strings.Contains(doc, `<aside class="offline">`) {
		t.Error("offline scene not flagged with --with-metadata")
	}
}

// The stand-in notice names the exported stand-in scenes, and only when
// there is one among them; it is in the HTML without --with-metadata too.
func TestStandInNotice(t *testing.T) {
	p := writeProject(t, 5) // scenes 2 and 4 are the stand-in's
	for _, c := range []struct {
		scenes []int
		want   string // "" = no notice
	}{
		{nil, "Scenes 2, 4 are placeholder prose"},
		{[]int{1, 3, 5}, ""},
		{[]int{2, 3}, "Scene 2 is placeholder prose"},
		{[]int{4}, "Every scene here is placeholder prose"},
	} {
		var b bytes.Buffer
		if err := HTML(&b, p, Options{Now: fixedNow, Scenes: c.scenes}); err != nil {
			t.Fatal(err)
		}
		doc := b.String()
		if got := strings.Contains(doc, standInHeadline); got != (c.want != "") || !strings.Contains(doc, c.want) {
			t.Errorf("scenes %v: notice %v; want %q in:\n%s", c.scenes, got, c.want, doc[:min(len(doc), 3000)])
		}
	}
}

func TestHTMLEdgeCases(t *testing.T) {
	p := writeProject(t, 2)
	var b bytes.Buffer
	if err := HTML(&b, p, Options{Now: fixedNow, Scenes: []int{2}}); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	parseXML(t, "HTML export", b.Bytes())
	for _, want := range []string{
		"<p>“Open the gate,” Mara said. It’s late – and the wall… holds.</p>",
		"<p>She <em>ran</em> toward the light.</p>\n<hr />\n<p>After the break",
		`<sup id="s2-fnref-1"><a href="#s2-fn-1"`,
		`<li id="s2-fn-1">`,
		"The river has no name.",
		"A &lt;b&gt;bold&lt;/b&gt; claim &amp; a 3&lt;4 sum.",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	for _, bad := range []string{"<h2>She", "&ldquo;", "&rsquo;", "&hellip;", "<b>bold", "raw HTML omitted", "MARK-001"} {
		if strings.Contains(doc, bad) {
			t.Errorf("HTML contains %q", bad)
		}
	}
}

func TestRawHTMLBlockEscaped(t *testing.T) {
	got, err := renderProse("Text.\n\n<div onclick=\"x()\">\nhello\n</div>\n", "p-", 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "<div") || !strings.Contains(got, "&lt;div onclick=&#34;x()&#34;&gt;\nhello\n&lt;/div&gt;") {
		t.Errorf("raw HTML block = %q; want it escaped and visible", got)
	}
}

func TestScenesSelection(t *testing.T) {
	p := writeProject(t, 6)
	sel, err := ParseRange("2-3,5")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Now: fixedNow, Scenes: sel}
	want := map[string]bool{"MARK-002": true, "MARK-003": true, "MARK-005": true}
	for name, f := range map[string]func(io.Writer, *project.Project, Options) error{"md": Markdown, "html": HTML, "epub": EPUB} {
		var b bytes.Buffer
		if err := f(&b, p, o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text := b.String()
		if name == "epub" {
			files := readZip(t, b.Bytes())
			var all []string
			for _, k := range slices.Sorted(maps.Keys(files)) {
				all = append(all, files[k])
			}
			text = strings.Join(all, "\n")
		}
		for _, m := range marks(6) {
			if got := strings.Contains(text, m); got != want[m] {
				t.Errorf("%s: contains %s = %v; want %v", name, m, got, want[m])
			}
		}
	}
	_, err = selectScenes(p, Options{Scenes: []int{40, 41}})
	if err == nil || !strings.Contains(err.Error(), "has scenes 1 to 6") {
		t.Errorf("selecting missing scenes: err = %v; want one naming the scenes there are", err)
	}
}

func TestNowFallsBackToNewestScene(t *testing.T) {
	p := writeProject(t, 3)
	if got := (Options{}).now(p); !got.Equal(fixedNow) {
		t.Errorf("now = %v; want newest scene's created time %v", got, fixedNow)
	}
}

func TestWriteErrorsSurface(t *testing.T) {
	p := writeProject(t, 2)
	for name, f := range map[string]func(io.Writer, *project.Project, Options) error{"md": Markdown, "html": HTML, "epub": EPUB} {
		if err := f(failWriter{}, p, Options{Now: fixedNow}); err == nil {
			t.Errorf("%s: err = nil on a failing writer; want the write error", name)
		}
	}
	if err := Report(failWriter{}, fakeReport(3)); err == nil {
		t.Error("report: err = nil on a failing writer; want the write error")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// go test ./export/ -run '^$' -bench . -benchmem
func BenchmarkExport(b *testing.B) {
	p := writeProject(b, 100)
	for name, f := range map[string]func(io.Writer, *project.Project, Options) error{"md": Markdown, "html": HTML, "epub": EPUB} {
		b.Run(name+"-100-scenes", func(b *testing.B) {
			for b.Loop() {
				if err := f(io.Discard, p, Options{Now: fixedNow}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
