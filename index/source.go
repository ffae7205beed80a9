package index

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/storyd/storyd/index/chunk"
	"github.com/storyd/storyd/project"
)

// wanted is a source the project has: its path, the fingerprint of what
// its documents are built from, and how to build them. The fingerprint is
// taken over what the documents are built from, not over the documents:
// for a scene, the file's hash as the project loaded it (and the summary
// and metadata, which may come from state.json), so an unchanged scene is
// recognised without its body; for a sheet or a checkpoint, its fields,
// so that its text and metadata are made only when it is rebuilt.
type wanted struct {
	key   string
	fp    [16]byte
	held  func() (meta map[string]string, kind, text string) // a sheet or a checkpoint
	scene *project.Scene                                     // a scene, whose body is chunked
}

type heldText struct{ kind, text string }

// fingerprintVersion changes when what a source's documents are built from
// changes (chunking, metadata, a sheet's text), so that every source is
// rebuilt.
const fingerprintVersion = "storyd-index-source 6"

// fingerprinter hashes length-prefixed parts in one reused buffer, with
// one sha256 call a source: Sync takes a fingerprint of every file twice a
// tick, so it allocates nothing per file.
type fingerprinter struct{ b []byte }

func (f *fingerprinter) start(kind string) *fingerprinter {
	f.b = append(f.b[:0], fingerprintVersion...)
	return f.str(kind)
}

func (f *fingerprinter) str(s string) *fingerprinter {
	f.b = binary.AppendUvarint(f.b, uint64(len(s)))
	f.b = append(f.b, s...)
	return f
}

func (f *fingerprinter) int(n int) *fingerprinter {
	f.b = binary.AppendVarint(f.b, int64(n))
	return f
}

func (f *fingerprinter) strs(xs []string) *fingerprinter {
	f.int(len(xs))
	for _, x := range xs {
		f.str(x)
	}
	return f
}

func (f *fingerprinter) facts(fs []project.Fact) *fingerprinter {
	f.int(len(fs))
	for _, x := range fs {
		f.str(x.Text)
	}
	return f
}

func (f *fingerprinter) sum() [16]byte {
	s := sha256.Sum256(f.b)
	return [16]byte(s[:16])
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
// source's metadata and held text are made only when it is built.
func projectSources(p *project.Project) []wanted {
	out := make([]wanted, 0, len(p.Scenes)+len(p.Checkpoints)+len(p.Characters)+len(p.Locations))
	var f fingerprinter
	for _, s := range p.Scenes {
		file := p.Loaded[s.Path]
		if file == "" { // a project not read from files
			if body, err := s.Body(); err == nil {
				file = project.Hash([]byte(body))
			}
		}
		fp := f.start(KindScene).int(s.Seq).str(s.Title).str(s.Path).str(s.POV).str(s.Location).strs(s.Characters).
			strs(s.ThreadsOpened).strs(s.ThreadsResolved).str(file).strs(s.Summary).sum()
		out = append(out, wanted{key: s.Path, fp: fp, scene: s})
	}
	// A sheet's or a checkpoint summary's file, hashed as it was loaded,
	// holds every field its document is built from: its fingerprint takes
	// that hash rather than hash the whole sheet again, twice a tick.
	fileFP := func(kind, path string, fields func(*fingerprinter)) [16]byte {
		f.start(kind).str(path)
		if h := p.Loaded[path]; h != "" {
			return f.str(h).sum()
		}
		fields(&f) // a project not read from files
		return f.sum()
	}
	for _, c := range p.Checkpoints {
		fp := fileFP(KindCheckpoint, c.Path, func(f *fingerprinter) { f.int(c.From).int(c.To).int(c.Level).str(c.Body) })
		out = append(out, wanted{key: c.Path, fp: fp,
			held: func() (map[string]string, string, string) {
				return map[string]string{
					"seq": strconv.Itoa(c.To), "title": fmt.Sprintf("Scenes %d-%d", c.From, c.To), "path": c.Path,
					"from": strconv.Itoa(c.From), "to": strconv.Itoa(c.To), "level": strconv.Itoa(c.Level),
				}, KindCheckpoint, c.Body
			}})
	}
	for _, c := range p.Characters {
		fp := fileFP(KindCharacter, c.Path, func(f *fingerprinter) {
			f.str(c.ID).int(c.FirstScene).str(c.Name).strs(c.Aliases).str(c.Role).strs(c.Traits).strs(c.Goals).facts(c.Facts).str(c.Body)
		})
		out = append(out, wanted{key: c.Path, fp: fp, held: func() (map[string]string, string, string) {
			return map[string]string{"seq": strconv.Itoa(c.FirstScene), "title": c.Name, "path": c.Path, "id": c.ID},
				KindCharacter, sheet(c.Names(), c.Role, c.Traits, c.Goals, c.Facts, c.Body)
		}})
	}
	for _, l := range p.Locations {
		fp := fileFP(KindLocation, l.Path, func(f *fingerprinter) {
			f.str(l.ID).int(l.FirstScene).str(l.Name).strs(l.Aliases).str(l.Kind).facts(l.Facts).str(l.Body)
		})
		out = append(out, wanted{key: l.Path, fp: fp, held: func() (map[string]string, string, string) {
			return map[string]string{"seq": strconv.Itoa(l.FirstScene), "title": l.Name, "path": l.Path, "id": l.ID},
				KindLocation, sheet(l.Names(), l.Kind, nil, nil, l.Facts, l.Body)
		}})
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
// scene body's chunks as places in the scene file when the file, as the
// body was read from it, ends with the body byte for byte (Scene.BodyAt)
// and the index reads from the scene's project (inPlace); otherwise (a
// BOM, CRLF line ends) they are held too. It returns nil for a
// scene whose body cannot be read: a source recorded without its chunks
// under the loaded hash's fingerprint would stay so until the file
// changed; left out, the next Sync tries again.
func (w wanted) build(inPlace bool) *pending {
	if w.scene != nil {
		if _, _, err := w.scene.BodyAt(); err != nil {
			return nil
		}
	}
	var meta map[string]string
	var held []heldText
	if w.scene != nil {
		meta = sceneMeta(w.scene)
		if text := sceneSummary(w.scene); text != "" {
			held = []heldText{{KindSummary, text}}
		}
	} else {
		m, kind, text := w.held()
		meta = m
		if text = strings.TrimSpace(text); text != "" {
			held = []heldText{{kind, text}}
		}
	}
	pn := &pending{src: &source{key: w.key, fp: w.fp, meta: encodeMeta(meta)}, counts: map[string]int32{}}
	seen := map[[16]byte]bool{}
	add := func(d *doc, text string) {
		d.id = docID(meta, kindName(d.kind), text)
		if seen[d.id] {
			return
		}
		seen[d.id] = true
		d.src = pn.src
		pn.src.docs = append(pn.src.docs, d)
		pn.texts = append(pn.texts, text)
	}
	for _, h := range held {
		add(&doc{kind: kindCode(h.kind), text: h.text}, h.text)
	}
	if w.scene == nil {
		return pn
	}
	body, base, _ := w.scene.BodyAt() // read above
	if !inPlace {
		base = -1
	}
	for _, c := range chunk.Prose(body) {
		text := body[c.Start:c.End]
		d := &doc{kind: kindCode(KindScene), text: text}
		if base >= 0 {
			d.text, d.off, d.n, d.sum = "", uint32(base+c.Start), uint32(len(text)), textSum([]byte(text))
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

// countTerms counts the words of document i (stems: the batch's memo).
func (pn *pending) countTerms(te termEmbedder, i int, stems Stems) {
	for _, t := range te.terms(pn.texts[i], stems) {
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
