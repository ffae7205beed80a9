package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/storyd/storyd/project"
)

// Markdown writes the manuscript as one Markdown file: a Pandoc YAML
// metadata block (title, author, date, …; Pandoc makes the title page from
// it), then every selected scene in seq order as a level-1 heading (a
// chapter to Pandoc) followed by its prose, frontmatter stripped.
func Markdown(w io.Writer, p *project.Project, o Options) error {
	scenes, err := selectScenes(p, o)
	if err != nil {
		return err
	}
	ew := &errWriter{w: w}
	ew.str("---\n")
	st := p.Story
	writeYAML(ew, "title", st.Title)
	writeYAML(ew, "author", st.Author)
	if now := o.now(p); !now.IsZero() {
		writeYAML(ew, "date", now.Format("2006-01-02"))
	}
	writeYAML(ew, "subject", st.Genre)
	writeYAML(ew, "description", st.Premise)
	ew.str("lang: en\n")
	ew.str("---\n")
	if note := standInNote(scenes); note != "" {
		ew.printf("\n> **%s.** %s\n", standInHeadline, escapeInline(note))
	}
	for _, ch := range chapters(p, scenes) {
		// With chapters, a chapter is a level-1 heading and its scenes level 2.
		level := "#"
		if ch.heading != "" {
			ew.printf("\n# %s\n", escapeHeading(ch.heading))
			level = "##"
		}
		for _, s := range ch.scenes {
			writeMarkdownScene(ew, p, o, s, level)
		}
	}
	return ew.err
}

func writeMarkdownScene(ew *errWriter, p *project.Project, o Options, s *project.Scene, level string) {
	ew.printf("\n%s %s\n\n", level, escapeHeading(sceneTitle(s)))
	if o.WithMetadata {
		var parts []string
		for _, m := range sceneMeta(p, s) {
			parts = append(parts, m.label+": "+escapeInline(m.value))
		}
		ew.printf("*%s*\n\n", strings.Join(parts, " · "))
		if isOffline(s) {
			ew.printf("> **%s.**\n\n", offlineNote)
		}
	}
	prose, err := s.Body()
	if err != nil {
		if ew.err == nil {
			ew.err = fmt.Errorf("scene %d: %w", s.Seq, err)
		}
		return
	}
	body := demoteATX(prose)
	if level == "##" {
		body = demoteATX(body) // one level more under a chapter heading
	}
	if body = strings.TrimSpace(separateBreaks(body)); body != "" {
		ew.str(body)
		ew.str("\n")
	}
}

// writeYAML writes key: "value" with value as a JSON string, which is also
// a valid YAML double-quoted scalar, so no title can break the block.
func writeYAML(ew *errWriter, key, value string) {
	value = strings.TrimSpace(value)
	if value == "" {
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(value) // a string always encodes
	ew.printf("%s: %s", key, b.String())
}

// escapeHeading keeps a scene title from ending in what Pandoc would read as
// a closing # sequence or an attribute block.
func escapeHeading(s string) string {
	s = escapeInline(s)
	if strings.HasSuffix(s, "#") || strings.HasSuffix(s, "}") {
		s = s[:len(s)-1] + `\` + s[len(s)-1:]
	}
	return s
}

// escapeInline backslash-escapes markdown punctuation in a one-line value
// (a title or a name), so "*" in a name is not emphasis.
func escapeInline(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// demoteATX moves ATX headings inside a scene body one level down, so they
// nest under the scene's level-1 heading. Fenced code is left alone.
func demoteATX(body string) string {
	lines := strings.Split(body, "\n")
	fence := ""
	for i, l := range lines {
		if fence != "" {
			if strings.HasPrefix(strings.TrimLeft(l, " "), fence) {
				fence = ""
			}
			continue
		}
		if m := fenceRE.FindStringSubmatch(l); m != nil {
			fence = m[1]
			continue
		}
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) > 3 || !strings.HasPrefix(t, "#") {
			continue
		}
		n := len(t) - len(strings.TrimLeft(t, "#"))
		if n < 6 && (len(t) == n || t[n] == ' ' || t[n] == '\t') {
			lines[i] = "#" + t
		}
	}
	return strings.Join(lines, "\n")
}
