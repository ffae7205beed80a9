package export

import (
	"fmt"
	"html"
	"io"

	"github.com/storyd/storyd/project"
)

// manuscriptCSS is shared by the HTML file and the EPUB's stylesheet. It
// holds no "<" or "&", so it can sit in a <style> element of an XHTML page.
const manuscriptCSS = `body { margin: 0 auto; max-width: 36em; padding: 2em 1.25em 4em;
  font-family: Georgia, "Iowan Old Style", "Palatino Linotype", Palatino, serif;
  font-size: 1.125rem; line-height: 1.6; color: #222; background: #fdfcf8; }
h1, h2, h3, h4 { font-weight: normal; line-height: 1.25; }
header.title-page { text-align: center; margin: 4em 0 5em; }
header.title-page h1 { font-size: 2.4em; margin-bottom: .3em; }
header.title-page p { margin: .3em 0; font-style: italic; }
header.title-page p.premise { max-width: 28em; margin: 2em auto 0; font-style: normal; color: #555; }
nav#toc { margin-bottom: 4em; }
nav#toc ol { padding-left: 1.5em; }
nav#toc a { color: inherit; text-decoration: none; border-bottom: 1px dotted #999; }
section.scene { margin-top: 4em; }
section.scene h2 { font-size: 1.6em; text-align: center; margin-bottom: 1.5em; }
section.scene p { margin: 0; text-indent: 1.5em; hyphens: auto; }
section.scene h2 + p, section.scene hr + p, section.scene p.meta + p,
section.scene aside + p { text-indent: 0; }
p.meta { text-align: center; font-size: .85em; color: #666; text-indent: 0; margin-bottom: 1em; }
aside.offline { border: 1px solid #d9a400; background: #fff7db; padding: .5em 1em; margin: 1em 0;
  font-size: .9em; text-align: center; }
hr { border: none; text-align: center; margin: 1.5em 0; }
hr::after { content: "* * *"; letter-spacing: .5em; color: #777; }
p.raw { font-family: monospace; font-size: .9em; white-space: pre-wrap; text-indent: 0; }
.footnotes { font-size: .9em; margin-top: 2em; }
.footnotes hr::after { content: ""; }
.footnotes p { text-indent: 0; }
sup a { text-decoration: none; }
`

// HTML writes the manuscript as one self-contained HTML page (inline CSS,
// no scripts, no external resources): a title page, a table of contents
// and every selected scene in seq order. The page is also well-formed XML.
func HTML(w io.Writer, p *project.Project, o Options) error {
	scenes, err := selectScenes(p, o)
	if err != nil {
		return err
	}
	chs := chapters(p, scenes)
	// Scene titles are h2 under the book's h1 (h3 under a chapter's h2);
	// body headings start one level below.
	shift := 2
	if chs[0].heading != "" {
		shift = 3
	}
	bodies := map[int]string{}
	for _, s := range scenes {
		prose, err := s.Body()
		if err == nil {
			bodies[s.Seq], err = renderProse(prose, fmt.Sprintf("s%d-", s.Seq), shift)
		}
		if err != nil {
			return fmt.Errorf("scene %d: %w", s.Seq, err)
		}
	}
	st := p.Story
	esc := html.EscapeString
	ew := &errWriter{w: w}
	ew.str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n")
	ew.str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
	ew.str("<meta name=\"generator\" content=\"storyd\" />\n")
	ew.printf("<title>%s</title>\n", esc(st.Title))
	if st.Author != "" {
		ew.printf("<meta name=\"author\" content=\"%s\" />\n", esc(st.Author))
	}
	ew.printf("<style>\n%s</style>\n</head>\n<body>\n", manuscriptCSS)
	writeTitlePage(ew, p, o, scenes)
	ew.str("<nav id=\"toc\">\n<h2>Contents</h2>\n<ol>\n")
	for _, ch := range chs {
		if ch.heading != "" {
			ew.printf("<li><a href=\"#chapter-%d\">%s</a>\n<ol>\n", ch.num, esc(ch.heading))
		}
		for _, s := range ch.scenes {
			ew.printf("<li><a href=\"#scene-%d\">%s</a></li>\n", s.Seq, esc(sceneTitle(s)))
		}
		if ch.heading != "" {
			ew.str("</ol>\n</li>\n")
		}
	}
	ew.str("</ol>\n</nav>\n<main>\n")
	for _, ch := range chs {
		h := "h2"
		if ch.heading != "" {
			ew.printf("<section class=\"chapter\" id=\"chapter-%d\">\n<h2>%s</h2>\n", ch.num, esc(ch.heading))
			h = "h3"
		}
		for _, s := range ch.scenes {
			ew.printf("<section class=\"scene\" id=\"scene-%d\">\n<%s>%s</%s>\n", s.Seq, h, esc(sceneTitle(s)), h)
			if o.WithMetadata {
				writeSceneMeta(ew, p, s)
			}
			ew.str(bodies[s.Seq])
			ew.str("</section>\n")
		}
		if ch.heading != "" {
			ew.str("</section>\n")
		}
	}
	ew.str("</main>\n</body>\n</html>\n")
	return ew.err
}

// writeTitlePage writes the title page from story.md's frontmatter. The
// story.md body is the bible for the model, not reader copy, so it is left out.
func writeTitlePage(ew *errWriter, p *project.Project, o Options, scenes []*project.Scene) {
	st := p.Story
	esc := html.EscapeString
	ew.printf("<header class=\"title-page\">\n<h1>%s</h1>\n", esc(st.Title))
	if st.Author != "" {
		ew.printf("<p class=\"author\">%s</p>\n", esc(st.Author))
	}
	if st.Genre != "" {
		ew.printf("<p class=\"genre\">%s</p>\n", esc(st.Genre))
	}
	if now := o.now(p); !now.IsZero() {
		ew.printf("<p class=\"date\">%s</p>\n", now.Format("2 January 2006"))
	}
	if st.Premise != "" {
		ew.printf("<p class=\"premise\">%s</p>\n", esc(st.Premise))
	}
	ew.str("</header>\n")
	if note := standInNote(scenes); note != "" {
		ew.printf("<aside class=\"offline\"><p><strong>%s.</strong> %s</p></aside>\n", standInHeadline, esc(note))
	}
}

func writeSceneMeta(ew *errWriter, p *project.Project, s *project.Scene) {
	ew.str("<p class=\"meta\">")
	for i, m := range sceneMeta(p, s) {
		if i > 0 {
			ew.str(" · ")
		}
		ew.printf("%s: %s", m.label, html.EscapeString(m.value))
	}
	ew.str("</p>\n")
	if isOffline(s) {
		ew.printf("<aside class=\"offline\"><p><strong>%s.</strong></p></aside>\n", offlineNote)
	}
}
