package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/project"
)

// Load reads and checks every project file (see project.LoadCached). A
// committed but not yet applied tick journal (a killed tick's) is read
// through, so a reader never sees a half-applied tick.
//
// Load holds the commit lock shared while it reads, so a commit applied
// meanwhile (an undo, a tick) is seen whole or not at all: frontmatter,
// hashes and the sheets. A scene's body that the load cache let it skip is
// read on first use, after the lock is gone; LoadWhole reads those too.
func Load(dir string, cfg *config.Config) (*project.Project, error) {
	p, _, err := LoadReading(dir, cfg)
	return p, err
}

// LoadReading is Load that returns the load cache it read (ReadLoadCache),
// for the caller to keep between loads (LoadCached, Reload): the cache is
// read while the project's directories are listed (project.LoadReading).
func LoadReading(dir string, cfg *config.Config) (*project.Project, *project.LoadCache, error) {
	unlock, err := lockCommit(dir, false)
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	return loadLocked(newReader(dir), cfg, func() *project.LoadCache { return ReadLoadCache(dir) })
}

// LoadWhole is Load for readers that use every scene's prose (export):
// it reads the bodies too while it holds the commit lock, so an undo or a
// tick committed after it returns cannot leave a scene's frontmatter from
// before it with prose from after it, or with none (a deleted file).
func LoadWhole(dir string, cfg *config.Config) (*project.Project, error) {
	unlock, err := lockCommit(dir, false)
	if err != nil {
		return nil, err
	}
	defer unlock()
	p, _, err := loadLocked(newReader(dir), cfg, func() *project.LoadCache { return ReadLoadCache(dir) })
	if err != nil {
		return nil, err
	}
	for _, s := range p.Scenes {
		if _, err := s.Body(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// LoadCached is Load with a load cache (project.LoadCached) that the caller
// keeps between loads; it is written back to .storyd/ when enough changed.
// A cache must not be shared by concurrent loads.
func LoadCached(dir string, cfg *config.Config, cache *project.LoadCache) (*project.Project, error) {
	unlock, err := lockCommit(dir, false)
	if err != nil {
		return nil, err
	}
	defer unlock()
	p, _, err := loadLocked(newReader(dir), cfg, func() *project.LoadCache { return cache })
	return p, err
}

// Reload loads p's project again after commits of the caller's own that
// changed only the files in changed, the last of them committing state st
// (taken as it is, not read back from state.json): project.Reload, which
// takes every other file from p as its load found it, so that a reload at
// 1,000 scenes lists no directory and stats and reads only what the
// commits wrote. cache is the one p was loaded with.
func Reload(p *project.Project, cache *project.LoadCache, changed []string, st project.State) (*project.Project, error) {
	unlock, err := lockCommit(p.Dir, false)
	if err != nil {
		return nil, err
	}
	defer unlock()
	r := &known{reader: newReader(p.Dir), state: st}
	q, err := project.Reload(r, p, changed, cache)
	if err == nil {
		saveLoadCache(p.Dir, cache)
	}
	return q, err
}

// known is a reader that holds the state a commit wrote.
type known struct {
	*reader
	state project.State
}

// StateValue is the state the caller's last commit wrote (project.StateHolder).
func (k *known) StateValue() project.State { return k.state }

// loadLocked loads from r with the load cache read returns
// (project.LoadReading), for a caller that holds the commit lock.
func loadLocked(r project.Files, cfg *config.Config, read func() *project.LoadCache) (*project.Project, *project.LoadCache, error) {
	p, cache, err := project.LoadReading(r, cfg, read)
	if err != nil {
		return p, cache, err
	}
	saveLoadCache(r.Dir(), cache)
	return p, cache, nil
}

// saveLoadCache writes the load cache back when loads changed it enough,
// else its delta, if it has one.
func saveLoadCache(dir string, cache *project.LoadCache) {
	// A cache: losing a write only costs a later load some parsing, so no
	// fsyncs (a file a power cut leaves torn fails its checksum).
	if cache.Stale() {
		if data, err := cache.Encode(); err == nil && WriteFileUnsynced(filepath.Join(dir, project.LoadCacheFile), data, 0o644) == nil {
			cache.Written()
			os.Remove(filepath.Join(dir, project.LoadDeltaFile))    // written for the old base
			os.Remove(filepath.Join(dir, project.OldLoadCacheFile)) // an older storyd's, if any
		}
	} else if data := cache.Delta(); data != nil && WriteFileUnsynced(filepath.Join(dir, project.LoadDeltaFile), data, 0o644) == nil {
		cache.DeltaWritten()
	}
}

// ReadLoadCache reads the load cache, its base and its delta; missing or
// damaged, it is empty (a damaged delta alone is ignored).
func ReadLoadCache(dir string) *project.LoadCache {
	var c *project.LoadCache
	if f, err := os.Open(filepath.Join(dir, project.LoadCacheFile)); err == nil {
		if fi, err := f.Stat(); err == nil {
			c = project.ReadLoadCache(f, int(fi.Size()))
		}
		f.Close()
	}
	if c == nil {
		c = project.NewLoadCache()
	}
	if delta, err := os.ReadFile(filepath.Join(dir, project.LoadDeltaFile)); err == nil {
		c.Apply(delta)
	}
	return c
}

// reader reads project files, seeing a committed journal's staged files in
// place of the targets they will replace.
type reader struct {
	project.Disk
	overlay  map[string]string // rel path -> absolute staged file ("" = deleted)
	stateJS  []byte
	stateErr error // the staged state.json could not be read (not: is gone)
}

func newReader(dir string) *reader {
	r := &reader{Disk: project.Disk(dir), overlay: map[string]string{}}
	if rec, err := readCommit(dir); err == nil && rec != nil {
		for _, op := range rec.Ops {
			staged := filepath.Join(dir, journalDir, op.Staged)
			if op.Delete {
				r.overlay[op.Path] = ""
			} else if _, err := os.Stat(staged); err == nil {
				r.overlay[op.Path] = staged
			}
		}
		r.stateJS = rec.State
		if rec.StateStaged != "" {
			// Gone only when already renamed into place, where Disk reads
			// it; any other failure must not pair the new files with the
			// old state (storyd's own scene would read as a hand edit).
			data, err := os.ReadFile(filepath.Join(dir, journalDir, rec.StateStaged))
			switch {
			case err == nil:
				r.stateJS = data
			case errors.Is(err, os.ErrNotExist):
				r.stateJS = nil
			default:
				r.stateErr = fmt.Errorf("reading the committed tick's state: %w", err)
			}
		}
	}
	return r
}

// Read returns rel as the committed tick leaves it.
func (r *reader) Read(rel string) ([]byte, bool, error) {
	o, ok := r.overlay[rel]
	if !ok {
		return r.Disk.Read(rel)
	}
	if o == "" {
		return nil, false, nil
	}
	data, err := os.ReadFile(o)
	if errors.Is(err, os.ErrNotExist) {
		// Renamed into place since the overlay was read: read the target.
		return r.Disk.Read(rel)
	}
	return data, err == nil, err
}

// Stat is the disk's, except for a file the journal stages: not OK, so
// that the loader reads it.
func (r *reader) Stat(rel string) project.FileStat {
	if _, ok := r.overlay[rel]; ok {
		return project.FileStat{}
	}
	return r.Disk.Stat(rel)
}

// ClockFile is written for its mtime, the filesystem's "now", by a load
// that has a file's stat to judge (at most once a load).
const ClockFile = project.StateDir + "/cache/clock"

// Now is the earlier of the machine's clock and the filesystem's (the mtime
// ClockFile gets when written now), so that the load cache's racy rule
// holds on a filesystem whose clock lags the machine's (a network server).
func (r *reader) Now() time.Time {
	now := time.Now()
	f, err := os.OpenFile(filepath.Join(r.Dir(), ClockFile), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return now // no .storyd/cache yet, or read-only: the machine's clock
	}
	defer f.Close()
	if _, err := f.Write([]byte("\n")); err != nil {
		return now
	}
	if fi, err := f.Stat(); err == nil && fi.ModTime().Before(now) {
		return fi.ModTime()
	}
	return now
}

// List returns the .md files of a directory (relative, sorted) and their
// stats, overlay included: a file the journal stages has a stat that is
// not OK, so that the loader reads it.
func (r *reader) List(sub string) ([]string, []project.FileStat) {
	list, stats := r.Disk.List(sub)
	if len(r.overlay) == 0 {
		return list, stats // sorted
	}
	set := map[string]project.FileStat{}
	for i, rel := range list {
		set[rel] = stats[i]
	}
	for rel, o := range r.overlay {
		if filepath.Dir(rel) == sub && filepath.Ext(rel) == ".md" {
			if o == "" {
				delete(set, rel)
			} else {
				set[rel] = project.FileStat{}
			}
		}
	}
	out := make([]string, 0, len(set))
	for rel := range set {
		out = append(out, rel)
	}
	sort.Strings(out)
	outStats := make([]project.FileStat, len(out))
	for i, rel := range out {
		outStats[i] = set[rel]
	}
	return out, outStats
}

// State returns the committed tick's state.json, or the one on disk.
func (r *reader) State() ([]byte, error) {
	if r.stateErr != nil {
		return nil, r.stateErr
	}
	if r.stateJS != nil {
		return r.stateJS, nil
	}
	return r.Disk.State()
}
