package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	chromem "github.com/philippgille/chromem-go"
	"github.com/storyd/storyd/project"
)

// Document kinds in the index. project.Snippet.Kind carries them.
const (
	KindScene      = "scene"   // a prose chunk of a scene
	KindSummary    = "summary" // a scene's summary bullets
	KindCheckpoint = "checkpoint"
	KindCharacter  = "character"
	KindLocation   = "location"
	KindAnchor     = project.SnippetAnchor // a durable fact about an entity (package recall); never indexed
)

const (
	// IndexFile is the index export, a cache rebuilt from the markdown.
	IndexFile = project.StateDir + "/index/index.gob"
	// DefaultK is the number of snippets a Query with K <= 0 returns.
	DefaultK = 5
	// DefaultBoostWeight is the boost per matching facet when Boosts.Weight
	// is 0. Local-embedder similarities of a relevant passage are about
	// 0.1-0.3, so a larger boost lets any scene of the same POV outrank it.
	DefaultBoostWeight = 0.02

	collectionName = "storyd"
	embedBatch     = 64
)

// Index is the semantic index of a project: a chromem-go in-memory
// collection of scene chunks, scene summaries, checkpoint summaries and
// entity sheets, persisted as a base file plus segments of later changes
// (segment.go). It is a cache: Sync makes it match the markdown, and any
// doubt about the files means starting over. Safe for concurrent use.
type Index struct {
	mu    sync.Mutex
	path  string
	emb   Embedder
	col   *chromem.Collection
	docs  map[string]*indexDoc // by id; the vectors are shared with col
	dims  int
	dirty bool
	// df counts the documents holding each word, when the embedder can
	// weight query words by rarity (termEmbedder); nil otherwise.
	df map[string]int32

	// What changed since the last save, for the next segment; full says
	// the next save writes a whole new base instead.
	added, removed map[string]bool
	full           bool
	// The files: the base's size, and the segments after it.
	baseBytes, segBytes int64
	segs, lastSeg       int
}

// indexDoc is one indexed unit.
type indexDoc struct {
	ID      string
	Meta    map[string]string
	Content string
	Vec     []float32
}

// Remove deletes a project's index (base and segments); the next open
// starts from nothing and the next sync rebuilds it.
func Remove(projectDir string) error {
	return os.RemoveAll(filepath.Join(projectDir, filepath.FromSlash(path.Dir(IndexFile))))
}

// OpenIndex loads the project's index. A missing or unreadable file, a
// corrupt one, or one built by another embedder is not an error: the index
// starts empty and the caller's Sync fills it.
func OpenIndex(projectDir string, emb Embedder) (*Index, error) {
	if emb == nil {
		return nil, errors.New("open index: nil embedder")
	}
	ix := &Index{path: filepath.Join(projectDir, filepath.FromSlash(IndexFile)), emb: emb}
	if err := ix.reset(); err != nil {
		return nil, err
	}
	f, err := readIndexFile(ix.path, emb.Name())
	if err == nil && ix.df != nil && len(f.df) == 0 && len(f.docs) > 0 {
		err = errors.New("index without word counts")
	}
	if err != nil {
		// Whatever was there is useless; the next Save replaces it.
		ix.dirty = !errors.Is(err, errNoIndex)
		return ix, nil
	}
	ix.dims = f.dims
	if ix.df != nil {
		ix.df = f.df
	}
	for _, d := range f.docs {
		if err := ix.add(d, false); err != nil {
			return ix.startOver()
		}
	}
	segs, last, size, err := segmentFiles(ix.path)
	if err == nil {
		err = ix.applySegments(segs)
	}
	if err != nil {
		return ix.startOver()
	}
	ix.baseBytes = f.size
	ix.segs, ix.lastSeg, ix.segBytes = len(segs), last, size
	ix.full = false
	return ix, nil
}

// startOver empties an index whose files could not be used; the next Save
// writes a new base.
func (ix *Index) startOver() (*Index, error) {
	if err := ix.reset(); err != nil {
		return nil, err
	}
	ix.dirty = true
	return ix, nil
}

// reset empties the index.
func (ix *Index) reset() error {
	db := chromem.NewDB()
	// Always our own embedding function: chromem-go falls back to calling
	// OpenAI when it is nil. Documents arrive with vectors, so it only runs
	// if chromem itself needs one.
	col, err := db.CreateCollection(collectionName, nil, ix.embedOne)
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	ix.col, ix.docs, ix.dims, ix.df = col, map[string]*indexDoc{}, 0, nil
	ix.added, ix.removed, ix.full = map[string]bool{}, map[string]bool{}, true
	if _, ok := ix.emb.(termEmbedder); ok {
		ix.df = map[string]int32{}
	}
	return nil
}

func (ix *Index) embedOne(ctx context.Context, text string) ([]float32, error) {
	vs, err := ix.emb.Embed(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	if len(vs) != 1 {
		return nil, fmt.Errorf("embedder %s: got %d vectors for 1 text", ix.emb.Name(), len(vs))
	}
	return unit(vs[0])
}

// add puts a document in the collection; count says whether to count its
// words (a loaded index brings its counts along).
func (ix *Index) add(d *indexDoc, count bool) error {
	if ix.dims == 0 {
		ix.dims = len(d.Vec)
	}
	if len(d.Vec) != ix.dims {
		return fmt.Errorf("index: embedder %s returned %d dimensions; the index has %d", ix.emb.Name(), len(d.Vec), ix.dims)
	}
	err := ix.col.AddDocument(context.Background(), chromem.Document{ID: d.ID, Metadata: d.Meta, Embedding: d.Vec, Content: d.Content})
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	ix.docs[d.ID] = d
	if count && ix.df != nil {
		for _, t := range ix.emb.(termEmbedder).terms(d.Content) {
			ix.df[t]++
		}
	}
	return nil
}

// remove drops documents from the collection.
func (ix *Index) remove(ctx context.Context, ids []string) error {
	if err := ix.col.Delete(ctx, nil, nil, ids...); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	for _, id := range ids {
		if ix.df != nil {
			for _, t := range ix.emb.(termEmbedder).terms(ix.docs[id].Content) {
				if ix.df[t]--; ix.df[t] <= 0 {
					delete(ix.df, t)
				}
			}
		}
		delete(ix.docs, id)
	}
	return nil
}

// idf weighs a query word by its rarity among the indexed documents
// (BM25's formula: never negative, highest for unseen words).
func (ix *Index) idf(term string) (word, chars float32) {
	n, df := float64(len(ix.docs)), float64(ix.df[term])
	w := float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
	if df == 0 {
		// A word no document holds matches only by hash collision; its
		// character grams may still meet another form of it.
		return 0, w
	}
	return w, w
}

// Count is the number of indexed documents.
func (ix *Index) Count() int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return len(ix.docs)
}

// Sync makes the index match the project: it removes the documents of
// edited and deleted files and embeds what is new, in batches. Unchanged
// content keeps its id and costs nothing. On error the index holds a
// consistent subset, which the next Sync completes.
func (ix *Index) Sync(ctx context.Context, p *project.Project) (added, removed int, err error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	want := projectDocs(p)
	keep := make(map[string]bool, len(want))
	for _, d := range want {
		keep[d.ID] = true
	}
	var gone []string
	for id := range ix.docs {
		if !keep[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) > 0 {
		sort.Strings(gone)
		if err := ix.remove(ctx, gone); err != nil {
			return 0, 0, err
		}
		for _, id := range gone {
			if ix.added[id] {
				delete(ix.added, id) // never saved
			} else {
				ix.removed[id] = true
			}
		}
		removed = len(gone)
		ix.dirty = true
	}
	if len(ix.docs) == 0 {
		ix.dims = 0 // an emptied index accepts a new embedder's dimensions
	}

	var todo []*indexDoc
	for _, d := range want {
		if ix.docs[d.ID] == nil {
			todo = append(todo, d)
		}
	}
	for start := 0; start < len(todo); start += embedBatch {
		batch := todo[start:min(start+embedBatch, len(todo))]
		texts := make([]string, len(batch))
		for i, d := range batch {
			texts[i] = d.Content
		}
		vs, err := ix.emb.Embed(ctx, texts)
		if err != nil {
			return added, removed, fmt.Errorf("index: embed: %w", err)
		}
		if len(vs) != len(batch) {
			return added, removed, fmt.Errorf("index: embedder %s returned %d vectors for %d texts", ix.emb.Name(), len(vs), len(batch))
		}
		for i, d := range batch {
			// Normalise even a trusted embedder's output: chromem-go ranks
			// by dot product and turns a zero vector into NaNs.
			v, err := unit(vs[i])
			if err != nil {
				return added, removed, fmt.Errorf("index: embedder %s: %s: %w", ix.emb.Name(), d.Meta["path"], err)
			}
			d.Vec = v
			if err := ix.add(d, true); err != nil {
				return added, removed, err
			}
			if ix.removed[d.ID] {
				delete(ix.removed, d.ID) // the saved files still hold it
			} else {
				ix.added[d.ID] = true
			}
			added++
			ix.dirty = true
		}
	}
	return added, removed, nil
}

// rebuild empties the index and syncs it from scratch.
func (ix *Index) rebuild(ctx context.Context, p *project.Project) error {
	ix.mu.Lock()
	err := ix.reset()
	ix.dirty = true
	ix.mu.Unlock()
	if err != nil {
		return err
	}
	_, _, err = ix.Sync(ctx, p)
	return err
}

// Save writes what changed since the index was opened or saved: a
// segment, or now and then a whole new base (segment.go).
func (ix *Index) Save() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.dirty {
		return nil
	}
	save := ix.saveSegment
	if ix.compactDue() {
		save = ix.saveBase
	}
	if err := save(); err != nil {
		return err
	}
	ix.added, ix.removed = map[string]bool{}, map[string]bool{}
	ix.dirty, ix.full = false, false
	return nil
}

// Query asks the index for passages related to a scene plan.
type Query struct {
	Text string
	// K is the number of snippets wanted; <= 0 means DefaultK.
	K int
	// Exclude drops scene and summary documents of these scenes, e.g. the
	// ones already in the recency tiers.
	Exclude func(seq int) bool
	Boost   Boosts
	// Kinds restricts the document kinds; empty means scene chunks and
	// scene summaries.
	Kinds []string
}

// Boosts raise the score of scene documents sharing the plan's point of
// view, location, cast or threads: Weight for a POV or location match, and
// Weight times the shared fraction of Cast and of Threads. Values are ids
// as written in scene frontmatter, compared case-insensitively.
type Boosts struct {
	POV, Location string
	Cast          []string
	Threads       []string
	// Weight is the boost per facet; 0 means DefaultBoostWeight.
	Weight float32
}

// Query returns the best snippets for q, best first, at most one per
// scene (its best chunk or summary) or per sheet. Equal scores are ordered
// by seq, so results are deterministic.
func (ix *Index) Query(ctx context.Context, q Query) ([]project.Snippet, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	k := q.K
	if k <= 0 {
		k = DefaultK
	}
	kinds := q.Kinds
	if len(kinds) == 0 {
		kinds = []string{KindScene, KindSummary}
	}
	count := len(ix.docs)
	if count == 0 || strings.TrimSpace(q.Text) == "" {
		return nil, nil
	}
	qv, err := ix.embedQuery(ctx, q.Text)
	if err != nil {
		return nil, err
	}
	if len(qv) != ix.dims {
		return nil, fmt.Errorf("index: query has %d dimensions; the index has %d (rebuild it)", len(qv), ix.dims)
	}
	var where map[string]string
	if len(kinds) == 1 {
		where = map[string]string{"kind": kinds[0]}
	}
	b := newBooster(q.Boost)

	// chromem-go ranks by raw similarity; filters, boosts and the one-per-
	// scene rule are applied here, so fetch more than k and widen the fetch
	// until nothing outside it could still make the top k.
	n := min(count, max(8*k, 64))
	for {
		res, err := ix.col.QueryEmbedding(ctx, qv, n, where, nil)
		if err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		cands := rank(res, kinds, q.Exclude, b)
		done := len(res) < n || n == count
		if !done && len(cands) >= k {
			floor := res[len(res)-1].Similarity + b.max
			done = cands[k-1].Score > floor
		}
		if done {
			if len(cands) > k {
				cands = cands[:k]
			}
			return cands, nil
		}
		// Rare (heavy exclusions, large boosts): one full scan settles it.
		n = count
	}
}

func (ix *Index) embedQuery(ctx context.Context, text string) ([]float32, error) {
	if te, ok := ix.emb.(termEmbedder); ok && ix.df != nil {
		return te.embedQuery(text, ix.idf), nil
	}
	vs, err := ix.emb.Embed(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("index: embed query: %w", err)
	}
	if len(vs) != 1 {
		return nil, fmt.Errorf("index: embedder %s returned %d vectors for 1 text", ix.emb.Name(), len(vs))
	}
	qv, err := unit(vs[0])
	if err != nil {
		return nil, fmt.Errorf("index: embed query: %w", err)
	}
	return qv, nil
}

// rank turns chromem results into snippets: kind and exclusion filters,
// boosts, best document per scene or sheet, sorted.
func rank(res []chromem.Result, kinds []string, exclude func(int) bool, b booster) []project.Snippet {
	type cand struct {
		s  project.Snippet
		id string
	}
	best := map[string]cand{}
	for _, r := range res {
		kind := r.Metadata["kind"]
		if !slices.Contains(kinds, kind) {
			continue
		}
		seq, _ := strconv.Atoi(r.Metadata["seq"])
		score := r.Similarity
		key := r.Metadata["path"]
		if kind == KindScene || kind == KindSummary {
			if exclude != nil && exclude(seq) {
				continue
			}
			score += b.bonus(r.Metadata)
			key = "seq:" + strconv.Itoa(seq)
		}
		c := cand{s: project.Snippet{Seq: seq, Title: r.Metadata["title"], Kind: kind, Text: r.Content, Score: score}, id: r.ID}
		if old, ok := best[key]; !ok || c.s.Score > old.s.Score || (c.s.Score == old.s.Score && c.id < old.id) {
			best[key] = c
		}
	}
	all := make([]cand, 0, len(best))
	for _, c := range best {
		all = append(all, c)
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.s.Score != b.s.Score {
			return a.s.Score > b.s.Score
		}
		if a.s.Seq != b.s.Seq {
			return a.s.Seq < b.s.Seq
		}
		return a.id < b.id
	})
	out := make([]project.Snippet, len(all))
	for i, c := range all {
		out[i] = c.s
	}
	return out
}

type booster struct {
	pov, loc      string
	cast, threads map[string]bool
	w             float32
	max           float32 // the largest bonus any document can get
}

func newBooster(b Boosts) booster {
	w := b.Weight
	if w == 0 {
		w = DefaultBoostWeight
	}
	set := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			if x = strings.ToLower(strings.TrimSpace(x)); x != "" {
				m[x] = true
			}
		}
		return m
	}
	bs := booster{pov: strings.ToLower(strings.TrimSpace(b.POV)), loc: strings.ToLower(strings.TrimSpace(b.Location)),
		cast: set(b.Cast), threads: set(b.Threads), w: w}
	for _, on := range []bool{bs.pov != "", bs.loc != "", len(bs.cast) > 0, len(bs.threads) > 0} {
		if on {
			bs.max += w
		}
	}
	if bs.max < 0 {
		bs.max = 0 // a negative weight only lowers scores
	}
	return bs
}

func (b booster) bonus(meta map[string]string) float32 {
	var s float32
	if b.pov != "" && strings.EqualFold(meta["pov"], b.pov) {
		s += b.w
	}
	if b.loc != "" && strings.EqualFold(meta["location"], b.loc) {
		s += b.w
	}
	share := func(want map[string]bool, have string) float32 {
		if len(want) == 0 || have == "" {
			return 0
		}
		// Count each wanted id once, however often the scene lists it.
		hit := map[string]bool{}
		for _, x := range strings.Split(have, ",") {
			if x = strings.ToLower(strings.TrimSpace(x)); want[x] {
				hit[x] = true
			}
		}
		return b.w * float32(len(hit)) / float32(len(want))
	}
	return s + share(b.cast, meta["characters"]) + share(b.threads, meta["threads"])
}

// projectDocs lists the documents the index should hold for p, ids first
// seen first; an id is a hash of the content and metadata, so an unchanged
// unit keeps its id and an edited one gets a new one.
func projectDocs(p *project.Project) []*indexDoc {
	var out []*indexDoc
	seen := map[string]bool{}
	add := func(meta map[string]string, content string) {
		content = strings.TrimSpace(content)
		if content == "" {
			return
		}
		d := &indexDoc{ID: docID(meta, content), Meta: meta, Content: content}
		if !seen[d.ID] {
			seen[d.ID] = true
			out = append(out, d)
		}
	}
	for _, s := range p.Scenes {
		base := func(kind string) map[string]string {
			return map[string]string{
				"kind": kind, "seq": strconv.Itoa(s.Seq), "title": s.Title, "path": s.Path,
				"pov": s.POV, "location": s.Location, "characters": strings.Join(s.Characters, ","),
				"threads": strings.Join(append(append([]string(nil), s.ThreadsOpened...), s.ThreadsResolved...), ","),
			}
		}
		if len(s.Summary) > 0 {
			add(base(KindSummary), "- "+strings.Join(s.Summary, "\n- "))
		}
		for _, c := range chunkProse(s.Body) {
			add(base(KindScene), c)
		}
	}
	for _, c := range p.Checkpoints {
		add(map[string]string{
			"kind": KindCheckpoint, "seq": strconv.Itoa(c.To), "title": fmt.Sprintf("Scenes %d-%d", c.From, c.To), "path": c.Path,
			"from": strconv.Itoa(c.From), "to": strconv.Itoa(c.To), "level": strconv.Itoa(c.Level),
		}, c.Body)
	}
	for _, c := range p.Characters {
		add(map[string]string{"kind": KindCharacter, "seq": strconv.Itoa(c.FirstScene), "title": c.Name, "path": c.Path, "id": c.ID},
			sheet(c.Names(), c.Role, c.Traits, c.Goals, c.Facts, c.Body))
	}
	for _, l := range p.Locations {
		add(map[string]string{"kind": KindLocation, "seq": strconv.Itoa(l.FirstScene), "title": l.Name, "path": l.Path, "id": l.ID},
			sheet(l.Names(), l.Kind, nil, nil, l.Facts, l.Body))
	}
	return out
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

func docID(meta map[string]string, content string) string {
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s=%q\n", k, meta[k])
	}
	h.Write([]byte{0})
	h.Write([]byte(content))
	return hex.EncodeToString(h.Sum(nil)[:16])
}
