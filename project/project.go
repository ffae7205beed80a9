package project

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/textfile"
	"golang.org/x/sys/unix"
)

// Paths inside a project.
const (
	StoryFile    = "story.md"
	ThreadsFile  = "threads.md"
	GlossaryFile = "glossary.md"
	CharDir      = "characters"
	LocDir       = "locations"
	SceneDir     = "scenes"
	SummaryDir   = "summaries"
	StateDir     = ".storyd"
	// StateFile is storyd's machine state (see State).
	StateFile = ".storyd/state.json"
)

// CheckPath refuses any path that is not a clean relative path inside the
// project's content directories. Model output never reaches here unchecked,
// but this is the last line of defence.
func CheckPath(rel string) error {
	if rel == "" || filepath.IsAbs(rel) || strings.Contains(rel, "\\") || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || rel == ".." {
		return fmt.Errorf("refusing to write %q: not a clean path inside the project", rel)
	}
	top, _, _ := strings.Cut(rel, "/")
	switch top {
	case StoryFile, ThreadsFile, GlossaryFile, outline.File, FactsFile, CharDir, LocDir, SceneDir, SummaryDir, StateDir:
		return nil
	}
	return fmt.Errorf("refusing to write %q: outside the project's files", rel)
}

// Project is a loaded project: a consistent snapshot of its files.
type Project struct {
	Dir         string
	Config      *config.Config
	Story       Story
	Characters  []*Character     // sorted by id
	Locations   []*Location      // sorted by id
	Scenes      []*Scene         // sorted by seq
	Checkpoints []*Checkpoint    // sorted by (From, Level)
	Threads     []Thread         // in file order
	Glossary    []Term           // in file order
	Facts       []Fact           // facts.md: story-level facts storyd extracted
	Outline     *outline.Outline // nil: the project has no outline.md
	State       State

	// Hashes of every file as loaded (relative path -> sha256), so a tick
	// can tell whether a file changed under it before it commits.
	Loaded map[string]string
	// Deleted lists scenes storyd wrote whose files are gone (tombstones to record).
	Deleted []int
	// Renamed maps a scene path storyd wrote to the path a person renamed
	// the unchanged file to (state to update; not an edit, not a deletion).
	Renamed map[string]string
	// Adopted is set when state.json was lost: the files are taken as
	// storyd's own (the next commit records their hashes).
	Adopted bool
}

// Files is what Load reads a project from. Disk reads the directory as it
// is; journal.Load reads it through a committed but not yet applied tick,
// so a reader never sees half a tick. Every command loads through the
// journal.
type Files interface {
	Dir() string
	// Read returns a project file; ok is false if it does not exist.
	Read(rel string) (data []byte, ok bool, err error)
	// List returns the .md files of a directory (relative, sorted) and
	// each one's size and mtime, taken as it was listed, before any read of
	// it (so a change after the stat shows at the next load); a stat is not
	// OK if the file is gone, or when it does not describe what Read
	// returns (a journal's staged file). A load lists its directories on a
	// second goroutine while it reads the rest: List must be safe to call so.
	List(sub string) ([]string, []FileStat)
	// State returns the content of state.json; nil if there is none.
	State() ([]byte, error)
	// Now is the clock the load cache's racy rule compares mtimes with;
	// a load asks it at most once, and only when it reads a file.
	Now() time.Time
}

// FileStat is what a stat says of a file (Mtime in Unix nanoseconds).
type FileStat struct {
	Size, Mtime int64
	OK          bool
}

// LoadCached reads and checks every project file. Any malformed file makes
// it return Problems (all of them) and no project. It takes the files it has
// seen before from cache, and records in it the ones it parses (nil: no
// cache, every file is parsed).
func LoadCached(r Files, cfg *config.Config, cache *LoadCache) (*Project, error) {
	p, _, err := LoadReading(r, cfg, func() *LoadCache { return cache })
	return p, err
}

// LoadReading is LoadCached with the cache that read returns (nil: no
// cache), which it also returns. The directories (~1,450 files to stat at
// 1,000 scenes, a few ms of system calls) are listed on a second goroutine
// while read decodes the cache (~700 KB at 1,000 scenes) and the state
// (~150 KB of JSON) is decoded and story.md read: on a second core, the
// load waits for neither. The racy rule's clock starts before: its "now"
// must not be later than a stat it judges.
func LoadReading(r Files, cfg *config.Config, read func() *LoadCache) (*Project, *LoadCache, error) {
	began := time.Now()
	dirs := []string{CharDir, LocDir, SceneDir, SummaryDir} // in the order the load reads them
	chans := make([]chan listing, len(dirs))
	listed := map[string]chan listing{} // the loader's, not the goroutine's
	for i, sub := range dirs {
		chans[i] = make(chan listing, 1)
		listed[sub] = chans[i]
	}
	go func() {
		for i, sub := range dirs {
			rels, stats := r.List(sub)
			chans[i] <- listing{rels, stats}
		}
	}()
	cache := read()
	l, err := newLoader(r, cfg, cache, began)
	if err != nil {
		return nil, cache, err
	}
	l.listed = listed
	p, err := l.load()
	return p, cache, err
}

// listing is a directory's files and their stats (Files.List).
type listing struct {
	rels  []string
	stats []FileStat
}

// newLoader starts a load of r's project (began: when, for the load
// cache's racy rule): story.md is there, the state read.
func newLoader(r Files, cfg *config.Config, cache *LoadCache, began time.Time) (*loader, error) {
	dir := r.Dir()
	if err := IsProject(dir); err != nil {
		return nil, err
	}
	st, err := readState(r)
	if err != nil {
		return nil, err
	}
	if cache != nil {
		cache.began, cache.clock, cache.started = began, r.Now, time.Time{}
	}
	files := 8 // the lists and story.md, and every file the cache knows
	if cache != nil {
		files += len(cache.Files) + len(cache.Characters) + len(cache.Locations) + len(cache.Checkpoints)
	}
	l := &loader{r: r, cache: cache, p: &Project{Dir: dir, Config: cfg, State: st, Loaded: make(map[string]string, files), Renamed: map[string]string{},
		// Machine state lost while the project has scenes: adopt what is there.
		Adopted: len(st.Hashes) == 0 && st.LastSeq == 0}}
	return l, nil
}

// load runs the loader's steps and the checks of the whole project.
func (l *loader) load() (*Project, error) {
	for _, step := range []func() error{l.story, l.sheets, l.scenes, l.checkpoints, l.lists} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	p := l.p
	p.sort()
	l.add(l.duplicates())
	p.suggestIDs(l.probs)
	p.Deleted = p.deletedScenes()
	if len(l.probs) > 0 {
		return nil, l.probs
	}
	return p, nil
}

// loader is one LoadCached: the project so far and every problem found.
type loader struct {
	r     Files
	cache *LoadCache // nil: parse every scene
	p     *Project
	probs textfile.Problems
	// prev and changed are a Reload's: the project loaded before, and the
	// files written since (nil in a load).
	prev    *Project
	changed map[string]bool
	// listed gives each directory a load's second goroutine lists as it
	// listed it (LoadReading).
	listed map[string]chan listing
}

// add records a problem (or several); other errors become one without a line.
func (l *loader) add(err error) {
	if err == nil {
		return // most calls: before errors.As, whose targets would be allocated
	}
	var pr textfile.Problem
	var prs textfile.Problems
	switch {
	case errors.As(err, &prs):
		l.probs = append(l.probs, prs...)
	case errors.As(err, &pr):
		l.probs = append(l.probs, pr)
	case err != nil:
		l.probs = append(l.probs, textfile.Problem{Msg: err.Error()})
	}
}

// read reads a file and remembers its hash as loaded.
func (l *loader) read(rel string) ([]byte, bool, error) {
	data, ok, err := l.r.Read(rel)
	if ok {
		l.p.Loaded[rel] = Hash(data)
	}
	return data, ok, err
}

func (l *loader) story() error {
	if l.kept(StoryFile) {
		l.p.Story = l.prev.Story
		return nil
	}
	data, ok, err := l.read(StoryFile)
	if err != nil || !ok {
		return err
	}
	s := &l.p.Story
	body, err := textfile.ParseFrontmatter(StoryFile, data, s)
	l.add(err)
	s.Body, s.Path = body, StoryFile
	if err == nil && strings.TrimSpace(s.Title) == "" {
		l.add(textfile.Problem{Path: StoryFile, Line: keyLine(data, "title"), Msg: "title is empty", Hint: "give the story a title: in the frontmatter"})
	}
	return nil
}

// file is a frontmatter file of one of the project's directories.
type file[T any] interface {
	*T
	setSource(body, path string)
	setPath(path string)
	path() string
}

// loadDir parses every file of a directory, taking those the cache (if
// cached is not nil) has seen from it: without reading them when their stat
// proves them unchanged. A file check refuses is left out, with its problem
// recorded.
func loadDir[T any, PT file[T]](l *loader, sub string, cached map[string]entry, prev []PT, check func(v PT, rel string, data []byte) error) ([]PT, error) {
	out := unchanged(l, prev)
	seen := map[string]bool{}
	rels, stats := l.list(sub)
	for i, rel := range rels {
		seen[rel] = true
		st := stats[i]
		var v PT
		var data []byte
		if cached != nil {
			var h string
			if v, h = unchangedFile[T, PT](l.cache, cached, rel, st); v != nil {
				l.p.Loaded[rel] = h
			}
		}
		if v == nil {
			var err error
			if data, _, err = l.read(rel); err != nil {
				return nil, err
			}
			if cached != nil {
				v = lookupFile[T, PT](l.cache, cached, rel, l.p.Loaded[rel], st)
			}
		}
		if v == nil {
			v = PT(new(T))
			body, err := textfile.ParseFrontmatter(rel, data, v)
			if err != nil {
				v = nil
				l.add(err)
			} else {
				v.setSource(body, rel)
			}
			if cached != nil {
				storeFile(l.cache, cached, rel, v, l.p.Loaded[rel], st)
			}
			if v == nil {
				continue
			}
		}
		err := check(v, rel, data)
		if err != nil && data == nil { // taken from the cache: read the file for the problem's line
			data, _, _ = l.r.Read(rel)
			err = check(v, rel, data)
		}
		if err != nil {
			l.add(err)
			continue
		}
		out = append(out, v)
	}
	if cached != nil {
		l.keepSeen(cached, seen)
	}
	return out, nil
}

// cacheOf is one directory's part of the cache; nil without a cache.
func cacheOf(c *LoadCache, part func(*LoadCache) map[string]entry) map[string]entry {
	if c == nil {
		return nil
	}
	return part(c)
}

func (c *Character) setSource(body, path string)  { c.Body, c.Path = body, path }
func (l *Location) setSource(body, path string)   { l.Body, l.Path = body, path }
func (c *Checkpoint) setSource(body, path string) { c.Body, c.Path = body, path }

func (c *Character) setPath(path string)  { c.Path = path }
func (l *Location) setPath(path string)   { l.Path = path }
func (c *Checkpoint) setPath(path string) { c.Path = path }

func (c *Character) path() string  { return c.Path }
func (l *Location) path() string   { return l.Path }
func (c *Checkpoint) path() string { return c.Path }

// sheets loads the character and location sheets. A sheet with a bad id or
// name is kept, so that duplicates are reported too.
func (l *loader) sheets() error {
	var err error
	prev := l.earlier()
	l.p.Characters, err = loadDir(l, CharDir, cacheOf(l.cache, func(c *LoadCache) map[string]entry { return c.Characters }), prev.Characters, func(c *Character, rel string, data []byte) error {
		l.add(checkEntity(rel, c.ID, c.Name, data))
		return nil
	})
	if err != nil {
		return err
	}
	l.p.Locations, err = loadDir(l, LocDir, cacheOf(l.cache, func(c *LoadCache) map[string]entry { return c.Locations }), prev.Locations, func(x *Location, rel string, data []byte) error {
		l.add(checkEntity(rel, x.ID, x.Name, data))
		return nil
	})
	return err
}

// scenes loads the scene files: from the cache without reading them when
// their stat proves them unchanged (the body is read on first use), else
// read and hashed, and parsed unless the cache has that content.
func (l *loader) scenes() error {
	seen := map[string]bool{}
	rels, stats := l.list(SceneDir)
	var unchanged []*Scene
	var hashes []string
	if l.cache != nil {
		unchanged, hashes = l.cache.unchangedScenes(l.r, rels, stats)
	}
	for i, rel := range rels {
		seen[rel] = true
		st := stats[i]
		if i < len(unchanged) && unchanged[i] != nil {
			s := unchanged[i]
			l.p.Loaded[rel] = hashes[i]
			l.add(l.p.markEdited(s))
			l.p.Scenes = append(l.p.Scenes, s)
			continue
		}
		data, _, err := l.read(rel)
		if err != nil {
			return err
		}
		h := l.p.Loaded[rel]
		var s *Scene
		if l.cache != nil {
			s = l.cache.lookup(rel, data, h, st)
		}
		if s == nil {
			s = l.parseScene(rel, data)
			if l.cache != nil {
				l.cache.store(rel, s, data, h, st)
			}
			if s == nil {
				continue
			}
		}
		l.add(l.p.markEdited(s))
		l.p.Scenes = append(l.p.Scenes, s)
	}
	if l.cache != nil {
		l.keepSeen(l.cache.Files, seen)
	}
	return nil
}

// parseScene parses a scene file; nil (with its problem recorded) if it is
// malformed.
func (l *loader) parseScene(rel string, data []byte) *Scene {
	s := new(Scene)
	body, err := textfile.ParseFrontmatter(rel, data, s)
	if err != nil {
		l.add(err)
		return nil
	}
	s.setFileBody(body, data)
	s.Path = rel
	// Empty lists as nil, the form the scene cache gives them back in.
	for _, list := range []*[]string{&s.Characters, &s.Summary, &s.ThreadsOpened, &s.ThreadsResolved} {
		if len(*list) == 0 {
			*list = nil
		}
	}
	if s.Seq < 1 {
		l.add(textfile.Problem{Path: rel, Line: keyLine(data, "seq"), Msg: "seq must be a positive number", Hint: "scenes are ordered by seq, starting at 1"})
		return nil
	}
	return s
}

// markEdited tells a scene storyd wrote from one a person edited, renamed
// or wrote, and takes a refreshed summary from the state. It fails only when
// it must count an edited scene's words and its prose cannot be read.
func (p *Project) markEdited(s *Scene) error {
	st, h := &p.State, p.Loaded[s.Path]
	if want, ok := st.Hashes[s.Path]; ok && want != h {
		s.Edited = true
	} else if !ok && p.Adopted {
		// No state.json (deleted, or a fresh clone): adopt the file as
		// it is; only a scene without a summary needs one made.
		s.Edited = len(s.Summary) == 0
	} else if !ok {
		s.Edited = true // a scene storyd did not write: treat as a hand edit
		for old, oh := range st.Hashes {
			if oh == h && strings.HasPrefix(old, SceneDir+"/") && old != s.Path {
				if _, err := os.Lstat(filepath.Join(p.Dir, old)); errors.Is(err, os.ErrNotExist) {
					s.Edited = false // the same file, renamed by hand
					p.Renamed[old] = s.Path
				}
			}
		}
	}
	if s.Words == 0 || s.Edited {
		body, err := s.Body()
		if err != nil {
			return err
		}
		s.Words = len(strings.Fields(body)) // the frontmatter's count is stale after an edit
	}
	if d, ok := st.Derived[s.Seq]; ok && d.Hash == h {
		s.Summary = d.Summary
		s.Edited = false
	}
	return nil
}

func (l *loader) checkpoints() error {
	var err error
	l.p.Checkpoints, err = loadDir(l, SummaryDir, cacheOf(l.cache, func(c *LoadCache) map[string]entry { return c.Checkpoints }), l.earlier().Checkpoints, func(c *Checkpoint, rel string, data []byte) error {
		if c.From < 1 || c.To < c.From {
			return textfile.Problem{Path: rel, Line: keyLine(data, "from"), Msg: fmt.Sprintf("bad range from %d to %d", c.From, c.To), Hint: "from and to are scene seq numbers, from <= to"}
		}
		return nil
	})
	return err
}

// lists loads threads.md, glossary.md, facts.md and outline.md.
func (l *loader) lists() error {
	prev := l.earlier()
	if err := loadList(l, ThreadsFile, ParseThreads, &l.p.Threads, prev.Threads); err != nil {
		return err
	}
	if err := loadList(l, GlossaryFile, ParseGlossary, &l.p.Glossary, prev.Glossary); err != nil {
		return err
	}
	if err := loadList(l, FactsFile, ParseFacts, &l.p.Facts, prev.Facts); err != nil {
		return err
	}
	return loadList(l, outline.File, outline.Parse, &l.p.Outline, prev.Outline)
}

// loadList parses a single-file list into *dst; a missing file leaves it
// zero. A reload takes prev for a file not written since the earlier load.
func loadList[T any](l *loader, rel string, parse func(string, []byte) (T, error), dst *T, prev T) error {
	if l.kept(rel) {
		*dst = prev
		return nil
	}
	data, ok, err := l.read(rel)
	if err != nil || !ok {
		return err
	}
	v, err := parse(rel, data)
	l.add(err)
	*dst = v
	return nil
}

func (p *Project) sort() {
	sort.Slice(p.Characters, func(i, j int) bool { return p.Characters[i].ID < p.Characters[j].ID })
	sort.Slice(p.Locations, func(i, j int) bool { return p.Locations[i].ID < p.Locations[j].ID })
	sort.SliceStable(p.Scenes, func(i, j int) bool { return p.Scenes[i].Seq < p.Scenes[j].Seq })
	sort.Slice(p.Checkpoints, func(i, j int) bool {
		a, b := p.Checkpoints[i], p.Checkpoints[j]
		if a.From != b.From {
			return a.From < b.From
		}
		return a.Level < b.Level
	})
}

// deletedScenes are the scenes storyd wrote whose files are gone: deleted
// by hand, to be recorded as tombstones.
func (p *Project) deletedScenes() []int {
	var out []int
	for rel := range p.State.Hashes {
		if _, renamed := p.Renamed[rel]; renamed {
			continue
		}
		if strings.HasPrefix(rel, SceneDir+"/") && p.Loaded[rel] == "" {
			if seq := seqFromPath(rel); seq > 0 && !p.hasSeq(seq) {
				out = append(out, seq)
			}
		}
	}
	sort.Ints(out)
	return out
}

// suggestIDs gives each "missing id" problem the next free id of its
// kind, distinct when several files lack one.
func (p *Project) suggestIDs(probs textfile.Problems) {
	for i := range probs {
		if probs[i].Msg != errMissingID {
			continue
		}
		prefix, kind := "c", "character"
		if strings.HasPrefix(probs[i].Path, LocDir+"/") {
			prefix, kind = "l", "location"
		}
		id, why := p.fileNameID(probs[i].Path, prefix), "the id its file name starts with"
		if id == "" {
			id, why = p.NextID(prefix), "the next free "+kind+" id"
		}
		probs[i].Hint = fmt.Sprintf("add \"id: %s\" to the frontmatter: %s", id, why)
		p.Characters = append(p.Characters, &Character{ID: id}) // reserved for the next suggestion
	}
}

// fileNameID is the id a sheet's file name starts with ("c2" for
// characters/c2-tobias-wren.md, as storyd names them) when no other sheet
// has it: scenes may still refer to that id, and the next free one would
// leave them pointing at nobody.
func (p *Project) fileNameID(rel, prefix string) string {
	id, _, _ := strings.Cut(path.Base(rel), "-")
	n := strings.TrimPrefix(id, prefix)
	if n == id || n == "" || strings.Trim(n, "0123456789") != "" || p.Character(id) != nil || p.Location(id) != nil {
		return ""
	}
	return id
}

// NotProjectError says the directory holds no story.md, or is not there
// at all (NoDir).
type NotProjectError struct {
	Dir   string
	NoDir bool
}

func (e *NotProjectError) Error() string {
	if e.NoDir {
		return fmt.Sprintf("%s is not a storyd project (no such directory)", e.Dir)
	}
	return fmt.Sprintf("%s is not a storyd project (no %s)", e.Dir, StoryFile)
}

// IsProject is nil when dir holds a story.md, else a *NotProjectError (a
// permission error as it is: the project may be there).
func IsProject(dir string) error {
	_, err := os.Stat(filepath.Join(dir, StoryFile))
	if err == nil || errors.Is(err, os.ErrPermission) {
		return err
	}
	_, derr := os.Stat(dir)
	return &NotProjectError{Dir: dir, NoDir: errors.Is(derr, os.ErrNotExist)}
}

var idRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// errMissingID marks an entity file without an id; LoadCached fills in the
// hint once every id in use is known.
const errMissingID = "missing id"

func checkEntity(rel, id, name string, data []byte) error {
	if strings.TrimSpace(id) == "" {
		return textfile.Problem{Path: rel, Line: keyLine(data, "id"), Msg: errMissingID}
	}
	if !idRE.MatchString(id) {
		return textfile.Problem{Path: rel, Line: keyLine(data, "id"), Msg: fmt.Sprintf("id %q must be lowercase letters, digits and dashes", id), Hint: "ids look like c1 or l2"}
	}
	if strings.TrimSpace(name) == "" {
		return textfile.Problem{Path: rel, Line: keyLine(data, "name"), Msg: "name is empty",
			Hint: "write the name the story uses after \"name:\""}
	}
	return nil
}

// keyLine is the line of a frontmatter key, for a problem with its value;
// without the key, the block's first line, where it would go.
func keyLine(data []byte, key string) int {
	return max(textfile.FieldLine(data, key), 2)
}

// duplicates are ids and seqs given twice, at their lines (the files are
// read again for those only).
func (l *loader) duplicates() textfile.Problems {
	var out textfile.Problems
	at := func(rel, key string) int {
		data, _, _ := l.r.Read(rel)
		return keyLine(data, key)
	}
	p := l.p
	seen := map[string]string{}
	for _, c := range p.Characters {
		if prev, ok := seen[c.ID]; ok {
			out = append(out, textfile.Problem{Path: c.Path, Line: at(c.Path, "id"), Msg: fmt.Sprintf("duplicate id %q (also in %s)", c.ID, prev)})
		}
		seen[c.ID] = c.Path
	}
	for _, x := range p.Locations {
		if prev, ok := seen[x.ID]; ok {
			out = append(out, textfile.Problem{Path: x.Path, Line: at(x.Path, "id"), Msg: fmt.Sprintf("duplicate id %q (also in %s)", x.ID, prev)})
		}
		seen[x.ID] = x.Path
	}
	for i := 1; i < len(p.Scenes); i++ {
		if p.Scenes[i].Seq == p.Scenes[i-1].Seq {
			out = append(out, textfile.Problem{Path: p.Scenes[i].Path, Line: at(p.Scenes[i].Path, "seq"), Msg: fmt.Sprintf("duplicate seq %d (also in %s)", p.Scenes[i].Seq, p.Scenes[i-1].Path),
				Hint: "each scene needs its own seq; give one of them the next free number"})
		}
	}
	return out
}

func (p *Project) hasSeq(seq int) bool {
	for _, s := range p.Scenes {
		if s.Seq == seq {
			return true
		}
	}
	return false
}

var seqPathRE = regexp.MustCompile(`^scenes/(\d+)-`)

func seqFromPath(rel string) int {
	m := seqPathRE.FindStringSubmatch(rel)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// Character returns the character with id, or nil.
func (p *Project) Character(id string) *Character {
	for _, c := range p.Characters {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Location returns the location with id, or nil.
func (p *Project) Location(id string) *Location {
	for _, l := range p.Locations {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// NextSeq is the seq of the scene the next tick makes. Deleted scenes keep
// their numbers (no renumbering).
func (p *Project) NextSeq() int {
	n := p.State.LastSeq
	for _, s := range p.Scenes {
		n = max(n, s.Seq)
	}
	return n + 1
}

// OpenThreads returns the threads not yet resolved, oldest first.
func (p *Project) OpenThreads() []Thread {
	var out []Thread
	for _, t := range p.Threads {
		if t.Resolved == 0 {
			out = append(out, t)
		}
	}
	return out
}

// Words is the total word count of the scenes.
func (p *Project) Words() int {
	n := 0
	for _, s := range p.Scenes {
		n += s.Words
	}
	return n
}

// SeqRanges writes ascending seqs compactly for people: "1-3, 7, 9-10"
// (the shape --scenes takes).
func SeqRanges(seqs []int) string {
	var parts []string
	for i := 0; i < len(seqs); {
		j := i
		for j+1 < len(seqs) && seqs[j+1] == seqs[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", seqs[i], seqs[j]))
		} else {
			parts = append(parts, strconv.Itoa(seqs[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// FarShort reports a scene far below its target length: under half of
// it. The one rule for the tick line, a scene's short_of field and status.
func FarShort(words, target int) bool { return target > 0 && 2*words < target }

// FarLong reports a scene over twice its target length.
func FarLong(words, target int) bool { return target > 0 && words > 2*target }

// SceneWords is the intended length of a scene: story.md's scene_words,
// else storyd.yaml's generation.scene_words, else 400.
func (p *Project) SceneWords() int {
	switch {
	case p.Story.SceneWords > 0:
		return p.Story.SceneWords
	case p.Config != nil && p.Config.Generation.SceneWords > 0:
		return p.Config.Generation.SceneWords
	}
	return 400
}

// FindCharacter resolves an id, name or alias (ignoring case and
// surrounding space) to a character's id. Ids are tried first, so a name
// that happens to equal another character's id cannot shadow it.
func (p *Project) FindCharacter(s string) (string, bool) {
	return findNamed(s, len(p.Characters), func(i int) (string, []string) {
		return p.Characters[i].ID, p.Characters[i].Names()
	})
}

// FindLocation is FindCharacter for locations.
func (p *Project) FindLocation(s string) (string, bool) {
	return findNamed(s, len(p.Locations), func(i int) (string, []string) {
		return p.Locations[i].ID, p.Locations[i].Names()
	})
}

// FindOpenThread resolves an id (ignoring case) to an open thread's id.
func (p *Project) FindOpenThread(s string) (string, bool) {
	open := p.OpenThreads()
	return findNamed(s, len(open), func(i int) (string, []string) { return open[i].ID, nil })
}

func findNamed(s string, n int, at func(i int) (id string, names []string)) (string, bool) {
	key := strings.TrimSpace(s)
	if key == "" {
		return "", false
	}
	for i := range n {
		if id, _ := at(i); strings.EqualFold(id, key) {
			return id, true
		}
	}
	for i := range n {
		id, names := at(i)
		for _, name := range names {
			if strings.EqualFold(strings.TrimSpace(name), key) {
				return id, true
			}
		}
	}
	return "", false
}

// Disk is the project directory as it is on disk, without a journal.
type Disk string

// Dir is the project directory.
func (d Disk) Dir() string { return string(d) }

// Read returns a project file; ok is false if it does not exist.
func (d Disk) Read(rel string) ([]byte, bool, error) {
	data, err := os.ReadFile(filepath.Join(string(d), rel))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	return data, err == nil, err
}

// List returns the .md files of a directory (relative, sorted) and their
// stats, each taken through the open directory (fstatat: no path to walk,
// no os.FileInfo to make): a load at 1,000 scenes stats ~1,450 files.
func (d Disk) List(sub string) ([]string, []FileStat) {
	f, err := os.Open(filepath.Join(string(d), sub))
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	entries, _ := f.ReadDir(-1)
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	rels, stats := make([]string, len(names)), make([]FileStat, len(names))
	fd := int(f.Fd())
	var st unix.Stat_t
	for i, name := range names {
		rels[i] = sub + "/" + name
		if unix.Fstatat(fd, name, &st, 0) == nil && uint32(st.Mode)&unix.S_IFMT == unix.S_IFREG {
			stats[i] = FileStat{Size: st.Size, Mtime: unix.TimespecToNsec(st.Mtim), OK: true}
		}
	}
	return rels, stats
}

// Stat returns a regular file's size and mtime.
func (d Disk) Stat(rel string) FileStat {
	fi, err := os.Stat(filepath.Join(string(d), rel))
	if err != nil || !fi.Mode().IsRegular() {
		return FileStat{}
	}
	return FileStat{Size: fi.Size(), Mtime: fi.ModTime().UnixNano(), OK: true}
}

// Now is the machine's clock (journal's reader also asks the filesystem's).
func (d Disk) Now() time.Time { return time.Now() }

// State returns the content of state.json; nil if there is none.
func (d Disk) State() ([]byte, error) {
	data, _, err := d.Read(StateFile)
	return data, err
}

// StateHolder is a Files that already holds the state decoded: a reload
// after the caller's own commit (journal.Reload) saves decoding ~150 KB of
// JSON (the hashes of every file, at 1,000 scenes) again.
type StateHolder interface {
	StateValue() State
}

func readState(r Files) (State, error) {
	if h, ok := r.(StateHolder); ok {
		return h.StateValue().Clone(), nil
	}
	data, err := r.State()
	if err != nil {
		return State{}, err
	}
	st := NewState()
	if data == nil {
		return st, nil
	}
	if err := st.Decode(data); err != nil {
		return State{}, stateProblem(data, err)
	}
	if st.Hashes == nil {
		st.Hashes = map[string]string{}
	}
	if st.Derived == nil {
		st.Derived = map[int]Derived{}
	}
	return st, nil
}

// HistoryView returns the summaries that together cover the story's past
// with the fewest items: an arc (or higher-level roll-up) replaces the
// checkpoints it covers. Sorted by From.
func (p *Project) HistoryView() []*Checkpoint {
	var out []*Checkpoint
	for _, c := range p.Checkpoints {
		covered := false
		for _, o := range p.Checkpoints {
			if o != c && o.Level > c.Level && o.From <= c.From && o.To >= c.To {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, c)
		}
	}
	return out
}

// CheckpointedTo is the last seq covered by a checkpoint summary: from
// state.json, or from the summaries on disk when the state was lost (a
// fresh clone of a novel's repository has no .storyd/).
func (p *Project) CheckpointedTo() int {
	n := p.State.CheckpointedTo
	for _, c := range p.Checkpoints {
		if c.Level == 0 {
			n = max(n, c.To)
		}
	}
	return n
}

// StretchStart is the first scene of the stretch scene seq belongs to: the
// first after the last one a checkpoint summary covers (1 when none does),
// and at most seq. The writer's and the planner's packs show the book as it
// stood then at their front, the same text until the next checkpoint (the
// packs' prefix, for prompt caches), so both must agree on it.
func (p *Project) StretchStart(seq int) int {
	return min(p.CheckpointedTo(), seq-1) + 1
}

// Hash is the content hash storyd keeps of what it last wrote.
func Hash(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}
