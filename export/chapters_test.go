package export

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
)

// withChapters gives writeProject's 4 scenes an outline and chapters:
// scenes 1 and 2 in chapter 1, scene 4 in chapter 2, and scene 3 moved by
// hand from chapter 1 to chapter 2 (its frontmatter edited).
func withChapters(t *testing.T) *project.Project {
	p := writeProject(t, 4)
	text := "# Outline\n\n### Chapter 1: The Keeper\n- [x] a (scene 2)\n\n### Chapter 2: The Opening\n- [ ] b\n"
	if err := os.WriteFile(filepath.Join(p.Dir, outline.File), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Scenes {
		ch := map[int]string{1: "1", 2: "1", 3: "2", 4: "2"}[s.Seq]
		path := filepath.Join(p.Dir, s.Path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.Replace(data, []byte("---\n"), []byte("---\nchapter: "+ch+"\n"), 1)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := journal.Load(p.Dir, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestChaptersInAllFormats(t *testing.T) {
	p := withChapters(t)
	var md bytes.Buffer
	if err := Markdown(&md, p, Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	inOrder(t, "markdown", md.String(), "\n# Chapter 1: The Keeper\n", "\n## Chapter 1\n", "MARK-001", "MARK-002",
		"\n# Chapter 2: The Opening\n", "MARK-003", "MARK-004")

	var h bytes.Buffer
	if err := HTML(&h, p, Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	inOrder(t, "html toc", h.String(), `<li><a href="#chapter-1">Chapter 1: The Keeper</a>`, `href="#scene-1"`, `href="#scene-2"`,
		`<li><a href="#chapter-2">Chapter 2: The Opening</a>`, `href="#scene-3"`, `href="#scene-4"`, "</nav>",
		`<h2>Chapter 1: The Keeper</h2>`, `<h3>Chapter 1</h3>`, "MARK-002", `<h2>Chapter 2: The Opening</h2>`, "MARK-003")
	parseXML(t, "html", h.Bytes())

	var e bytes.Buffer
	if err := EPUB(&e, p, Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	files := readZip(t, e.Bytes())
	inOrder(t, "epub nav", files["OEBPS/nav.xhtml"], "Chapter 1: The Keeper", "Chapter 2: The Opening")
	if strings.Contains(files["OEBPS/nav.xhtml"], "scene-0001") {
		t.Error("epub nav lists scenes; want chapters")
	}
	inOrder(t, "epub chapter 2", files["OEBPS/chapter-0002.xhtml"], "<h1>Chapter 2: The Opening</h1>", "MARK-003", "MARK-004")
}

func TestNoChaptersExportsAsBefore(t *testing.T) {
	p := writeProject(t, 2)
	if chs := chapters(p, p.Scenes); len(chs) != 1 || chs[0].heading != "" || len(chs[0].scenes) != 2 {
		t.Errorf("a book without chapters: %+v", chs)
	}
}

func TestReportPlotsTensionBesideTheOutline(t *testing.T) {
	d := ReportData{Title: "T", Complete: "every beat of the outline is done", Calls: []usage.Entry{{Tick: 1, Role: "writer", PromptTokens: 5}}}
	for i, v := range []int{2, -1, 7} {
		intended := 3 + i
		ti := TickInfo{Seq: i + 1, Words: 10, Intended: &intended}
		if v >= 0 {
			ti.Tension = &v
		}
		d.Ticks = append(d.Ticks, ti)
	}
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	inOrder(t, "report", b.String(), "every beat of the outline is done", "Tension per scene, beside the outline", "tension (extractor)", "intended (outline)")
	d.Ticks = []TickInfo{{Seq: 1, Words: 10}}
	b.Reset()
	if err := Report(&b, d); err != nil || strings.Contains(b.String(), "Tension per scene") {
		t.Errorf("a report without tensions plots them (err %v)", err)
	}
}
