package journal

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/storyd/storyd/project"
)

// CacheStore keeps model responses under .storyd/cache/, one file per key,
// written atomically before the response is used.
type CacheStore struct{ Dir string }

// NewCacheStore returns the project's response cache.
func NewCacheStore(projectDir string) *CacheStore {
	return &CacheStore{Dir: filepath.Join(projectDir, project.StateDir, "cache")}
}

var keyRE = regexp.MustCompile(`^[0-9a-f]{16,128}$`)

func (c *CacheStore) path(key string) (string, error) {
	if !keyRE.MatchString(key) {
		return "", errors.New("cache key must be hex")
	}
	return filepath.Join(c.Dir, key[:2], key+".json"), nil
}

// Get returns a cached response; an entry that fails its checksum is a miss.
func (c *CacheStore) Get(key string) ([]byte, bool, error) {
	p, err := c.path(key)
	if err != nil {
		return nil, false, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) || err == nil && len(data) == 0 {
		return nil, false, nil // an empty file: a power cut before Put's sync
	}
	if err != nil {
		return nil, false, err
	}
	data, _, err = unseal(p, data)
	if err != nil {
		// Changed on disk: not storyd's answer. A miss: asked again and
		// overwritten (`validate --deep` lists such entries).
		return nil, false, nil
	}
	return data, true, nil
}

// Put stores a response atomically, sealed with its checksum, and durably
// before it returns: the answer is paid for. The temp file is made in the
// cache's top directory, not in the answer's shard, so that cleanTemps
// finds a crash's leftover without listing 256 shards. It is renamed into
// place before it is fsynced, and the file and its shard are then synced
// at once (one round, where WriteFileAtomic takes two): a reader sees the
// whole answer or none, and a power cut before the sync leaves none, or a
// file that fails its seal, which Get takes as a miss, as it would the lost
// answer.
func (c *CacheStore) Put(key string, data []byte) error {
	p, err := c.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := writeTemp(OS{}, c.Dir, p, seal(data), 0o644, false)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncAll([]string{p, filepath.Dir(p)})
}

// LedgerFile is .storyd/ledger.jsonl: one usage record per model call,
// appended and fsynced. A crash can tear only the last line, which the
// reader skips. The agent's tick log is one too.
type LedgerFile struct {
	Path string
	// Unsynced appends without fsyncs: for a record whose last lines a
	// power cut may lose at no cost (the tick log: a report's strain
	// tiers), not for the ledger (what was paid).
	Unsynced bool
}

// NewLedgerFile returns the project's usage ledger.
func NewLedgerFile(projectDir string) *LedgerFile {
	return &LedgerFile{Path: filepath.Join(projectDir, project.StateDir, "ledger.jsonl")}
}

// Append writes one line. It holds the ledger's flock while it writes,
// and writes to the file the path names once it holds it: a Rewrite
// replaces the file, and a line appended to the replaced one would be lost
// (storyd plan and context call the model without the project lock).
func (l *LedgerFile) Append(line []byte) error {
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o755); err != nil {
		return err
	}
	f, err := l.openLocked()
	if err != nil {
		return err
	}
	if len(line) == 0 || line[len(line)-1] != '\n' {
		line = append(line, '\n')
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	if !l.Unsynced {
		if err := f.Sync(); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close() // releases the flock
}

// openLocked opens the ledger for appending and takes its flock, again if
// a Rewrite replaced the file while it waited.
func (l *LedgerFile) openLocked() (*os.File, error) {
	for {
		f, err := os.OpenFile(l.Path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			f.Close()
			return nil, err
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(l.Path)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return f, nil
		}
		f.Close()
		if err1 != nil {
			return nil, err1
		}
	}
}

// Rewrite replaces the ledger with what fn makes of its contents (a
// repricing), atomically; fn returns changed false to leave it as it is.
// It holds the ledger's flock from the read to the rename, so an Append
// meanwhile waits and then goes to the new file.
func (l *LedgerFile) Rewrite(fn func(old []byte) (data []byte, changed bool, err error)) error {
	f, err := os.Open(l.Path)
	if errors.Is(err, os.ErrNotExist) {
		data, changed, err := fn(nil)
		if err != nil || !changed {
			return err
		}
		return WriteFileAtomic(l.Path, data, 0o644)
	}
	if err != nil {
		return err
	}
	defer f.Close() // releases the flock, after the rename
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	old, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	data, changed, err := fn(old)
	if err != nil || !changed {
		return err
	}
	return WriteFileAtomic(l.Path, data, 0o644)
}

// Open opens the ledger for reading; a missing ledger reads as empty.
func (l *LedgerFile) Open() (*os.File, error) {
	f, err := os.Open(l.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return f, err
}

// Delete removes a cached response; a missing one is not an error.
func (c *CacheStore) Delete(key string) error {
	p, err := c.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// ProvidersFile is .storyd/providers.json: what storyd learned about the
// model endpoints it talks to (a structured mode or parameter a server
// refuses, its token-count ratio). It is a cache: deleting it costs one
// refused call again, nothing more.
type ProvidersFile struct{ Path string }

// NewProvidersFile returns the project's provider memory.
func NewProvidersFile(projectDir string) *ProvidersFile {
	return &ProvidersFile{Path: filepath.Join(projectDir, project.StateDir, "providers.json")}
}

// Load returns the record, or nil when there is none.
func (p *ProvidersFile) Load() ([]byte, error) {
	data, err := os.ReadFile(p.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// Save replaces the record atomically.
func (p *ProvidersFile) Save(data []byte) error {
	return WriteFileAtomic(p.Path, data, 0o644)
}

// FailuresFile is .storyd/failures.json: the last few failed ticks,
// newest first, for `storyd status`.
type FailuresFile struct{ Path string }

// NewFailuresFile returns the project's failure list.
func NewFailuresFile(projectDir string) *FailuresFile {
	return &FailuresFile{Path: filepath.Join(projectDir, project.StateDir, "failures.json")}
}

// Read returns the list, newest first; none when there is no file.
func (f *FailuresFile) Read() ([]project.Failure, error) {
	data, err := os.ReadFile(f.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []project.Failure
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("%s: %v", f.Path, err)
	}
	return list, nil
}

// Add puts a failure at the head of the list and keeps the newest keep,
// so the file stays bounded. A damaged list is started afresh (the error
// says so): it only ever informs status.
func (f *FailuresFile) Add(fail project.Failure, keep int) error {
	old, rerr := f.Read()
	list := append([]project.Failure{fail}, old...)
	if len(list) > keep {
		list = list[:keep]
	}
	data, _ := json.MarshalIndent(list, "", "  ")
	if err := WriteFileAtomic(f.Path, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return rerr
}

// Prune removes cached answers written before t (the undo horizon: no
// re-run or undo can ask for them again), and the temp files an older
// storyd's killed writes left in the shards (Put no longer writes there;
// cleanTemps does not look). The token-count files beside the answers are
// not touched.
func (c *CacheStore) Prune(t time.Time) (removed int, err error) {
	subs, err := os.ReadDir(c.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	for _, sub := range subs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		dir := filepath.Join(c.Dir, sub.Name())
		ents, err := os.ReadDir(dir)
		if err != nil {
			return removed, err
		}
		for _, e := range ents {
			info, err := e.Info()
			answer := keyRE.MatchString(strings.TrimSuffix(e.Name(), ".json"))
			if err != nil || !(answer || isTemp(e.Name())) || !info.ModTime().Before(t) {
				continue
			}
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
				return removed, err
			}
			removed++
		}
	}
	return removed, nil
}
