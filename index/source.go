package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/storyd/storyd/project"
)

// wanted is a source the project has: its path, the fingerprint of what
// its documents are built from, and how to build them. For a scene the
// fingerprint is taken from the file's hash as the project loaded it (and
// the summary and metadata, which may come from state.json), so an
// unchanged scene is recognised without its body.
type wanted struct {
	key   string
	fp    [16]byte
	meta  map[string]string
	held  []heldText     // documents whose text is held
	scene *project.Scene // a scene whose body is chunked, if any
}

type heldText struct{ kind, text string }

// fingerprintVersion changes when what a source's documents are built from
// changes (chunking, metadata), so that every source is rebuilt.
const fingerprintVersion = "storyd-index-source 1"

// fingerprint hashes length-prefixed parts: one sha256 call over one
// buffer, since Sync takes a fingerprint of every file every tick.
func fingerprint(parts ...string) [16]byte {
	n := len(fingerprintVersion)
	for _, p := range parts {
		n += len(p) + 8
	}
	b := make([]byte, 0, n)
	b = append(b, fingerprintVersion...)
	for _, p := range parts {
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
	}
	sum := sha256.Sum256(b)
	var fp [16]byte
	copy(fp[:], sum[:])
	return fp
}

func metaParts(meta map[string]string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		out = append(out, k, meta[k])
	}
	return out
}

// sceneMeta is the metadata of a scene's documents.
func sceneMeta(s *project.Scene) map[string]string {
	return map[string]string{
		"seq": strconv.Itoa(s.Seq), "title": s.Title, "path": s.Path,
		"pov": s.POV, "location": s.Location, "characters": strings.Join(s.Characters, ","),
		"threads": strings.Join(append(append([]string(nil), s.ThreadsOpened...), s.ThreadsResolved...), ","),
	}
}

// sceneSummary is the text of a scene's summary document ("" if none).
func sceneSummary(s *project.Scene) string {
	if len(s.Summary) == 0 {
		return ""
	}
	return "- " + strings.Join(s.Summary, "\n- ")
}

// projectSources lists the sources the index should hold for p. A
// scene's metadata is made only when its documents are built.
func projectSources(p *project.Project) []wanted {
	var out []wanted
	held := func(key string, meta map[string]string, kind, text string) {
		w := wanted{key: key, meta: meta}
		if text = strings.TrimSpace(text); text != "" {
			w.held = []heldText{{kind, text}}
		}
		w.fp = fingerprint(append(metaParts(meta), kind, text)...)
		out = append(out, w)
	}
	for _, s := range p.Scenes {
		file := p.Loaded[s.Path]
		if file == "" {
			file = project.Hash([]byte(s.Body())) // a project not read from files
		}
		fp := fingerprint("scene", strconv.Itoa(s.Seq), s.Title, s.Path, s.POV, s.Location,
			strings.Join(s.Characters, ","), strings.Join(s.ThreadsOpened, ","), strings.Join(s.ThreadsResolved, ","),
			file, strings.Join(s.Summary, "\n"))
		out = append(out, wanted{key: s.Path, fp: fp, scene: s})
	}
	for _, c := range p.Checkpoints {
		held(c.Path, map[string]string{
			"seq": strconv.Itoa(c.To), "title": fmt.Sprintf("Scenes %d-%d", c.From, c.To), "path": c.Path,
			"from": strconv.Itoa(c.From), "to": strconv.Itoa(c.To), "level": strconv.Itoa(c.Level),
		}, KindCheckpoint, c.Body)
	}
	for _, c := range p.Characters {
		held(c.Path, map[string]string{"seq": strconv.Itoa(c.FirstScene), "title": c.Name, "path": c.Path, "id": c.ID},
			KindCharacter, sheet(c.Names(), c.Role, c.Traits, c.Goals, c.Facts, c.Body))
	}
	for _, l := range p.Locations {
		held(l.Path, map[string]string{"seq": strconv.Itoa(l.FirstScene), "title": l.Name, "path": l.Path, "id": l.ID},
			KindLocation, sheet(l.Names(), l.Kind, nil, nil, l.Facts, l.Body))
	}
	return out
}

// pending is a source being built: its documents' texts, to embed, and
// the word counts gathered so far.
type pending struct {
	src    *source
	texts  []string
	counts map[string]int32
}

// build makes the documents of a source: held texts as they are, and a
// scene body's chunks as places in the scene file (read here, once) when
// the file ends with the body byte for byte; otherwise (a BOM, CRLF line
// ends, a file changed since it was loaded) they are held too. It returns
// nil for a scene whose body reads empty while its frontmatter counts
// words: the read failed (Body gives "" then), and a source recorded
// without its chunks under the loaded hash's fingerprint would stay so
// until the file changed; left out, the next Sync tries again.
func (w wanted) build(dir string) *pending {
	if w.scene != nil && w.scene.Words > 0 && w.scene.Body() == "" {
		return nil
	}
	if w.scene != nil {
		w.meta = sceneMeta(w.scene)
		if text := sceneSummary(w.scene); text != "" {
			w.held = []heldText{{KindSummary, text}}
		}
	}
	pn := &pending{src: &source{key: w.key, fp: w.fp, meta: encodeMeta(w.meta)}, counts: map[string]int32{}}
	seen := map[[16]byte]bool{}
	add := func(d *doc, text string) {
		d.id = docID(w.meta, kindName(d.kind), text)
		if seen[d.id] {
			return
		}
		seen[d.id] = true
		d.src = pn.src
		pn.src.docs = append(pn.src.docs, d)
		pn.texts = append(pn.texts, text)
	}
	for _, h := range w.held {
		add(&doc{kind: kindCode(h.kind), text: h.text}, h.text)
	}
	if w.scene == nil {
		return pn
	}
	body := w.scene.Body()
	base := -1
	if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(w.key))); err == nil && bytes.HasSuffix(data, []byte(body)) {
		base = len(data) - len(body)
	}
	for _, c := range chunkProse(body) {
		text := body[c.start:c.end]
		d := &doc{kind: kindCode(KindScene), text: text}
		if base >= 0 {
			d.text, d.off, d.n, d.sum = "", uint32(base+c.start), uint32(len(text)), textSum([]byte(text))
		}
		add(d, text)
	}
	return pn
}

// docsIn counts the documents of a batch of sources.
func docsIn(batch []*pending) int {
	n := 0
	for _, pn := range batch {
		n += len(pn.texts)
	}
	return n
}

// countTerms counts the words of document i.
func (pn *pending) countTerms(te termEmbedder, i int) {
	for _, t := range te.terms(pn.texts[i]) {
		pn.counts[t]++
	}
}

// finish writes the source's word counts.
func (pn *pending) finish() {
	var b []byte
	for _, t := range slices.Sorted(maps.Keys(pn.counts)) {
		b = append(b, t...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(pn.counts[t]), 10)
		b = append(b, '\n')
	}
	pn.src.terms = b
}

// sheet is the indexed text of a character or location.
func sheet(names []string, role string, traits, goals []string, facts []project.Fact, body string) string {
	var b strings.Builder
	b.WriteString(strings.Join(names, ", "))
	if role != "" {
		b.WriteString(" (" + role + ")")
	}
	b.WriteString("\n")
	if len(traits) > 0 {
		b.WriteString("Traits: " + strings.Join(traits, "; ") + "\n")
	}
	if len(goals) > 0 {
		b.WriteString("Goals: " + strings.Join(goals, "; ") + "\n")
	}
	for _, f := range facts {
		b.WriteString("- " + f.Text + "\n")
	}
	b.WriteString("\n" + body)
	return b.String()
}
