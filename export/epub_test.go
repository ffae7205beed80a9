package export

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"io"
	"path"
	"slices"
	"strings"
	"testing"
	"time"
)

// readZip returns every entry of an archive by name.
func readZip(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		out[f.Name] = string(b)
	}
	return out
}

type opfDoc struct {
	UniqueID string `xml:"unique-identifier,attr"`
	Version  string `xml:"version,attr"`
	Metadata struct {
		Identifiers []struct {
			ID    string `xml:"id,attr"`
			Value string `xml:",chardata"`
		} `xml:"identifier"`
		Title    string `xml:"title"`
		Language string `xml:"language"`
		Meta     []struct {
			Property string `xml:"property,attr"`
			Value    string `xml:",chardata"`
		} `xml:"meta"`
	} `xml:"metadata"`
	Manifest []struct {
		ID         string `xml:"id,attr"`
		Href       string `xml:"href,attr"`
		MediaType  string `xml:"media-type,attr"`
		Properties string `xml:"properties,attr"`
	} `xml:"manifest>item"`
	Spine struct {
		Toc   string `xml:"toc,attr"`
		Items []struct {
			IDRef string `xml:"idref,attr"`
		} `xml:"itemref"`
	} `xml:"spine"`
}

func TestEPUBStructure(t *testing.T) {
	p := writeProject(t, 4)
	var b bytes.Buffer
	if err := EPUB(&b, p, Options{Now: fixedNow, WithMetadata: true}); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()

	// The OCF magic: "mimetype" is the first local header, stored, with no
	// extra field, so its content sits at byte 38.
	if got := string(data[30:38]); got != "mimetype" {
		t.Errorf("first entry name = %q; want mimetype", got)
	}
	if got := string(data[38 : 38+len(epubMimetype)]); got != epubMimetype {
		t.Errorf("bytes 38.. = %q; want %q", got, epubMimetype)
	}
	if method := binary.LittleEndian.Uint16(data[8:10]); method != 0 {
		t.Errorf("mimetype compression method = %d; want 0 (stored)", method)
	}
	if extra := binary.LittleEndian.Uint16(data[28:30]); extra != 0 {
		t.Errorf("mimetype extra field length = %d; want 0", extra)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if f := zr.File[0]; f.Name != "mimetype" || f.Method != zip.Store {
		t.Errorf("first entry = %s (method %d); want mimetype stored", f.Name, f.Method)
	}

	files := readZip(t, data)
	var container struct {
		Rootfiles []struct {
			FullPath  string `xml:"full-path,attr"`
			MediaType string `xml:"media-type,attr"`
		} `xml:"rootfiles>rootfile"`
	}
	if err := xml.Unmarshal([]byte(files["META-INF/container.xml"]), &container); err != nil {
		t.Fatalf("container.xml: %v", err)
	}
	if len(container.Rootfiles) != 1 || files[container.Rootfiles[0].FullPath] == "" ||
		container.Rootfiles[0].MediaType != "application/oebps-package+xml" {
		t.Fatalf("container.xml rootfiles = %+v; want one pointing at the package document", container.Rootfiles)
	}
	opfPath := container.Rootfiles[0].FullPath
	var opf opfDoc
	if err := xml.Unmarshal([]byte(files[opfPath]), &opf); err != nil {
		t.Fatalf("%s: %v", opfPath, err)
	}
	if opf.Version != "3.0" || len(opf.Metadata.Identifiers) != 1 || opf.Metadata.Identifiers[0].ID != opf.UniqueID ||
		!strings.HasPrefix(opf.Metadata.Identifiers[0].Value, "urn:uuid:") {
		t.Errorf("package: version %q, unique-identifier %q, identifiers %+v", opf.Version, opf.UniqueID, opf.Metadata.Identifiers)
	}
	if opf.Metadata.Title != `The Gate & "Other" Stories` || opf.Metadata.Language != "en" {
		t.Errorf("title, language = %q, %q", opf.Metadata.Title, opf.Metadata.Language)
	}
	modified := ""
	for _, m := range opf.Metadata.Meta {
		if m.Property == "dcterms:modified" {
			modified = m.Value
		}
	}
	if modified != "2025-03-14T06:30:00Z" {
		t.Errorf("dcterms:modified = %q; want 2025-03-14T06:30:00Z", modified)
	}

	// Manifest and spine agree with each other and with the zip.
	base := path.Dir(opfPath)
	ids := map[string]string{}
	navs := 0
	for _, it := range opf.Manifest {
		if _, dup := ids[it.ID]; dup {
			t.Errorf("duplicate manifest id %q", it.ID)
		}
		ids[it.ID] = it.MediaType
		if _, ok := files[path.Join(base, it.Href)]; !ok {
			t.Errorf("manifest item %s: %s not in the archive", it.ID, it.Href)
		}
		if it.Properties == "nav" {
			navs++
			if !strings.Contains(files[path.Join(base, it.Href)], `epub:type="toc"`) {
				t.Errorf("nav document %s has no epub:type=\"toc\" nav", it.Href)
			}
		}
	}
	if navs != 1 {
		t.Errorf("manifest has %d nav items; want 1", navs)
	}
	if ids[opf.Spine.Toc] != "application/x-dtbncx+xml" {
		t.Errorf("spine toc = %q; want the NCX's manifest id", opf.Spine.Toc)
	}
	var spine []string
	for _, it := range opf.Spine.Items {
		if ids[it.IDRef] != "application/xhtml+xml" {
			t.Errorf("spine itemref %q is not an XHTML manifest item", it.IDRef)
		}
		spine = append(spine, it.IDRef)
	}
	want := []string{"title", "nav", "scene-1", "scene-2", "scene-3", "scene-4"}
	if !slices.Equal(spine, want) {
		t.Errorf("spine = %v; want %v", spine, want)
	}
	inManifest := map[string]bool{"mimetype": true, "META-INF/container.xml": true, opfPath: true}
	for _, it := range opf.Manifest {
		inManifest[path.Join(base, it.Href)] = true
	}
	for name := range files {
		if !inManifest[name] {
			t.Errorf("archive entry %s is not in the manifest", name)
		}
	}

	// Every XHTML and XML file parses; each scene lands in its own file.
	for name, body := range files {
		if strings.HasSuffix(name, ".xhtml") || strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".ncx") || strings.HasSuffix(name, ".opf") {
			elems := parseXML(t, name, []byte(body))
			if strings.HasSuffix(name, ".xhtml") && (len(elems) == 0 || elems[0] != "html") {
				t.Errorf("%s: root element = %v; want html", name, elems[:min(1, len(elems))])
			}
		}
	}
	for i, m := range marks(4) {
		f := files["OEBPS/scene-000"+string(rune('1'+i))+".xhtml"]
		if !strings.Contains(f, m) {
			t.Errorf("scene file %d lacks %s", i+1, m)
		}
	}
	s2 := files["OEBPS/scene-0002.xhtml"]
	for _, want := range []string{"“Open the gate,”", "<hr />", "<em>ran</em>", `id="s2-fn-1"`, offlineNote} {
		if !strings.Contains(s2, want) {
			t.Errorf("scene-0002.xhtml lacks %q", want)
		}
	}
	if title := files["OEBPS/title.xhtml"]; !strings.Contains(title, `<aside class="offline"><p><strong>`+standInHeadline+".</strong> Scenes 2, 4 are placeholder prose") {
		t.Errorf("title page lacks the stand-in notice:\n%s", title)
	}
	ncx := files["OEBPS/toc.ncx"]
	if strings.Count(ncx, "<navPoint ") != 5 || !strings.Contains(ncx, opf.Metadata.Identifiers[0].Value) {
		t.Errorf("toc.ncx: want 5 navPoints and the book's uid:\n%s", ncx)
	}
}

func TestEPUBDeterministic(t *testing.T) {
	p := writeProject(t, 3)
	export := func(now time.Time) []byte {
		var b bytes.Buffer
		if err := EPUB(&b, p, Options{Now: now}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := export(fixedNow), export(fixedNow)
	if !bytes.Equal(a, b) {
		t.Error("two exports with the same Now differ; want byte-identical")
	}
	if c := export(fixedNow.Add(time.Hour)); bytes.Equal(a, c) {
		t.Error("exports with different Now are identical; want dcterms:modified to change")
	}
	// A name-based (version 5) UUID, values checked with Python's uuid.uuid5:
	// the same book keeps its id in every release, so readers' libraries do
	// not see a re-export as a new book.
	for _, c := range []struct{ title, author, want string }{
		{"The Gate", "Ann", "urn:uuid:88ea69bf-8f89-5a22-b6c1-8ab9722dad82"},
		{"The Gate", "", "urn:uuid:6351000d-0d34-5555-98e3-91b26888eaeb"},
	} {
		if got := bookID(c.title, c.author); got != c.want {
			t.Errorf("bookID(%q, %q) = %s; want %s", c.title, c.author, got, c.want)
		}
	}
}

func TestEPUBNoScenes(t *testing.T) {
	p := writeProject(t, 0)
	var b bytes.Buffer
	if err := EPUB(&b, p, Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	files := readZip(t, b.Bytes())
	for name, body := range files {
		if strings.HasSuffix(name, ".xhtml") || strings.HasSuffix(name, ".opf") || strings.HasSuffix(name, ".ncx") {
			parseXML(t, name, []byte(body))
		}
	}
	if !strings.Contains(files["OEBPS/nav.xhtml"], "<li>") {
		t.Error("nav of a book without scenes has no entry; want the title page (an empty ol is invalid)")
	}
}
