package export

import (
	"archive/zip"
	"fmt"
	"hash/crc32"
	"html"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/storyd/storyd/project"
)

// EPUB layout. Everything but mimetype and the container lives in OEBPS/.
const (
	epubMimetype  = "application/epub+zip"
	epubOPF       = "OEBPS/content.opf"
	epubContainer = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="` + epubOPF + `" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`
)

// zipEpoch stands in for a missing date: the earliest time a zip entry can hold.
var zipEpoch = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// EPUB writes the manuscript as an EPUB 3 book: a title page, an EPUB 3
// navigation document (plus toc.ncx for EPUB 2 readers) and one XHTML file
// per scene. Output is byte-identical for the same project and Options.Now.
func EPUB(w io.Writer, p *project.Project, o Options) error {
	scenes, err := selectScenes(p, o)
	if err != nil {
		return err
	}
	now := o.now(p)
	if now.Before(zipEpoch) {
		now = zipEpoch
	}
	title := strings.TrimSpace(p.Story.Title)
	if title == "" {
		title = "Untitled"
	}
	b := &epubBuilder{title: title, id: bookID(p.Story.Title, p.Story.Author)}

	var buf strings.Builder
	writeTitlePage(&errWriter{w: &buf}, p, o, scenes)
	b.add("title", "title.xhtml", "Title Page", xhtmlPage(title, buf.String()))
	if err := b.addChapters(p, o, chapters(p, scenes)); err != nil {
		return err
	}

	zw := zip.NewWriter(w)
	// mimetype must be the first entry, stored, with no extra field and no
	// data descriptor, so readers find the magic string at byte 38.
	// CreateRaw with sizes and CRC known up front gives exactly that.
	mt := []byte(epubMimetype)
	hdr := &zip.FileHeader{Name: "mimetype", Method: zip.Store, CRC32: crc32.ChecksumIEEE(mt),
		CompressedSize64: uint64(len(mt)), UncompressedSize64: uint64(len(mt))}
	// The legacy MS-DOS fields, unlike Modified, add no extra field.
	//lint:ignore SA1019 Modified would add the extended-timestamp extra field the OCF forbids here
	hdr.ModifiedDate, hdr.ModifiedTime = msDosTime(now)
	f, err := zw.CreateRaw(hdr)
	if err != nil {
		return err
	}
	if _, err := f.Write(mt); err != nil {
		return err
	}
	files := []struct{ name, data string }{
		{"META-INF/container.xml", epubContainer},
		{epubOPF, b.opf(p, now)},
		{"OEBPS/nav.xhtml", b.nav()},
		{"OEBPS/toc.ncx", b.ncx()},
		{"OEBPS/style.css", manuscriptCSS},
	}
	for _, d := range b.docs {
		files = append(files, struct{ name, data string }{"OEBPS/" + d.href, d.data})
	}
	for _, file := range files {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: file.name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, file.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// msDosTime encodes t as a zip entry's MS-DOS date and time.
func msDosTime(t time.Time) (date, clock uint16) {
	date = uint16(t.Day() + int(t.Month())<<5 + (t.Year()-1980)<<9)
	clock = uint16(t.Second()/2 + t.Minute()<<5 + t.Hour()<<11)
	return date, clock
}

// bookID is a name-based (version 5) UUID of the title and author, so
// re-exports of the same book keep the identity readers file it under.
func bookID(title, author string) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte("storyd:"+title+"\x00"+author)).URN()
}

type epubDoc struct{ id, href, label, data string }

type epubBuilder struct {
	title, id string
	docs      []epubDoc // in reading order
}

func (b *epubBuilder) add(id, href, label, data string) {
	b.docs = append(b.docs, epubDoc{id, href, label, data})
}

const xmlHeader = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

func xhtmlPage(title, body string) string {
	return xmlHeader + `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head>
<meta charset="utf-8" />
<title>` + html.EscapeString(title) + `</title>
<link rel="stylesheet" type="text/css" href="style.css" />
</head>
<body>
` + body + `</body>
</html>
`
}

func (b *epubBuilder) opf(p *project.Project, now time.Time) string {
	esc := html.EscapeString
	var s strings.Builder
	s.WriteString(xmlHeader)
	s.WriteString(`<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="en">` + "\n")
	s.WriteString(`<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">` + "\n")
	fmt.Fprintf(&s, "<dc:identifier id=\"bookid\">%s</dc:identifier>\n", b.id)
	fmt.Fprintf(&s, "<dc:title>%s</dc:title>\n", esc(b.title))
	if a := strings.TrimSpace(p.Story.Author); a != "" {
		fmt.Fprintf(&s, "<dc:creator>%s</dc:creator>\n", esc(a))
	}
	s.WriteString("<dc:language>en</dc:language>\n")
	fmt.Fprintf(&s, "<dc:date>%s</dc:date>\n", now.Format("2006-01-02"))
	if g := strings.TrimSpace(p.Story.Genre); g != "" {
		fmt.Fprintf(&s, "<dc:subject>%s</dc:subject>\n", esc(g))
	}
	if d := strings.TrimSpace(p.Story.Premise); d != "" {
		fmt.Fprintf(&s, "<dc:description>%s</dc:description>\n", esc(d))
	}
	fmt.Fprintf(&s, "<meta property=\"dcterms:modified\">%s</meta>\n", now.UTC().Format("2006-01-02T15:04:05Z"))
	s.WriteString("</metadata>\n<manifest>\n")
	s.WriteString(`<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>` + "\n")
	s.WriteString(`<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>` + "\n")
	s.WriteString(`<item id="css" href="style.css" media-type="text/css"/>` + "\n")
	for _, d := range b.docs {
		fmt.Fprintf(&s, "<item id=\"%s\" href=\"%s\" media-type=\"application/xhtml+xml\"/>\n", d.id, d.href)
	}
	s.WriteString("</manifest>\n<spine toc=\"ncx\">\n")
	for i, d := range b.docs {
		fmt.Fprintf(&s, "<itemref idref=\"%s\"/>\n", d.id)
		if i == 0 {
			// The contents page follows the title page.
			s.WriteString("<itemref idref=\"nav\"/>\n")
		}
	}
	s.WriteString("</spine>\n</package>\n")
	return s.String()
}

func (b *epubBuilder) nav() string {
	var s strings.Builder
	s.WriteString("<nav epub:type=\"toc\" id=\"toc\">\n<h1>Contents</h1>\n<ol>\n")
	for _, d := range b.docs {
		fmt.Fprintf(&s, "<li><a href=\"%s\">%s</a></li>\n", d.href, html.EscapeString(d.label))
	}
	s.WriteString("</ol>\n</nav>\n")
	return xhtmlPage("Contents", s.String())
}

func (b *epubBuilder) ncx() string {
	esc := html.EscapeString
	var s strings.Builder
	s.WriteString(xmlHeader)
	s.WriteString(`<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">` + "\n<head>\n")
	fmt.Fprintf(&s, "<meta name=\"dtb:uid\" content=\"%s\"/>\n", b.id)
	s.WriteString("<meta name=\"dtb:depth\" content=\"1\"/>\n<meta name=\"dtb:totalPageCount\" content=\"0\"/>\n<meta name=\"dtb:maxPageNumber\" content=\"0\"/>\n")
	fmt.Fprintf(&s, "</head>\n<docTitle><text>%s</text></docTitle>\n<navMap>\n", esc(b.title))
	for i, d := range b.docs {
		fmt.Fprintf(&s, "<navPoint id=\"np-%d\" playOrder=\"%d\"><navLabel><text>%s</text></navLabel><content src=\"%s\"/></navPoint>\n",
			i+1, i+1, esc(d.label), d.href)
	}
	s.WriteString("</navMap>\n</ncx>\n")
	return s.String()
}

// addChapters adds the manuscript's documents: one per scene in a book
// without chapters, else one per chapter (its heading, then its scenes),
// so the table of contents goes by chapter.
func (b *epubBuilder) addChapters(p *project.Project, o Options, chs []chapter) error {
	var buf strings.Builder
	for _, ch := range chs {
		buf.Reset()
		ew := &errWriter{w: &buf}
		h, shift := "h1", 1
		if ch.heading != "" {
			ew.printf("<section class=\"chapter\" epub:type=\"chapter\" id=\"chapter-%d\">\n<h1>%s</h1>\n", ch.num, html.EscapeString(ch.heading))
			h, shift = "h2", 2
		}
		for _, s := range ch.scenes {
			prose, err := s.Body()
			if err != nil {
				return fmt.Errorf("scene %d: %w", s.Seq, err)
			}
			body, err := renderProse(prose, fmt.Sprintf("s%d-", s.Seq), shift)
			if err != nil {
				return fmt.Errorf("scene %d: %w", s.Seq, err)
			}
			kind := ""
			if ch.heading == "" {
				kind = ` epub:type="chapter"`
			}
			ew.printf("<section class=\"scene\"%s id=\"scene-%d\">\n<%s>%s</%s>\n", kind, s.Seq, h, html.EscapeString(sceneTitle(s)), h)
			if o.WithMetadata {
				writeSceneMeta(ew, p, s)
			}
			ew.str(body)
			ew.str("</section>\n")
			if ch.heading == "" {
				b.add(fmt.Sprintf("scene-%d", s.Seq), fmt.Sprintf("scene-%04d.xhtml", s.Seq), sceneTitle(s), xhtmlPage(sceneTitle(s), buf.String()))
				buf.Reset()
			}
		}
		if ch.heading != "" {
			ew.str("</section>\n")
			b.add(fmt.Sprintf("chapter-%d", ch.num), fmt.Sprintf("chapter-%04d.xhtml", ch.num), ch.heading, xhtmlPage(ch.heading, buf.String()))
		}
	}
	return nil
}
