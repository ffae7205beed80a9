package project

import (
	"bytes"
	"io"
	"time"

	"github.com/storyd/storyd/project/flat"
)

// LoadCacheFile keeps what loading learned about each frontmatter file, so
// the next load parses only files that changed, and does not even read a
// scene file that did not.
const LoadCacheFile = StateDir + "/cache/load.bin"

// OldLoadCacheFile is where storyd kept the load cache in gob before
// version 6; a load that writes the cache removes it.
const OldLoadCacheFile = StateDir + "/cache/load.gob"

// loadCacheVersion changes whenever a cached type's fields or their meaning
// do: a cache of another version is ignored, never misread.
const loadCacheVersion = 7

// rewriteAfter is how many files loads may take the slow way (or drop)
// before the cache is worth rewriting: at least 16, and 1/32 of the files it
// holds, so a tick (a new scene, a few sheets) rewrites the cache (~500
// bytes a file) every several ticks, not on each, at any book length.
const rewriteAfter, rewriteShare = 16, 32

// racySlack is git's "racy" rule with a margin for coarse file timestamps
// (a jiffy on Linux, 2 s on FAT): a file whose mtime is not at least this
// much older than the load that saw it could still change without its size
// or mtime changing, so its entry is not trusted by stat alone.
const racySlack = 3 * time.Second

// LoadCache maps each frontmatter file's path to what it said when the file
// had content hash Hash. A scene file whose size and mtime still match a
// Stable entry is taken from the cache without being read; any other file is
// read and hashed, and parsed only if the cache has no entry for that
// content. The cache can be deleted at any time.
type LoadCache struct {
	Version int
	// Layout is the cached types' fields when the cache was written: a
	// field added to Scene (say) must not read back as zero from a cache
	// written before it existed.
	Layout string
	// Files holds the scenes, the other maps the sheets and summaries.
	Files, Characters, Locations, Checkpoints map[string]entry
	// dirty counts files loads had to parse (or dropped); refreshed counts
	// files read only to refresh an entry's stat (a file a tick wrote,
	// stable now): cheap to read again, so they weigh a quarter.
	dirty, refreshed int
	// base is the checksum of the base file as read or last written
	// (hasBase: there is one); since holds the files whose entries changed
	// after it, and unsaved says one was parsed after the last delta
	// (loaddelta.go). pending is the checksum of the base being written.
	base, pending uint32
	hasBase       bool
	since         map[string]bool
	unsaved       bool
	// began is when the load using the cache began, on the machine's
	// monotonic clock; clock is the load's Files.Now, asked (see now) only
	// when a file's stat is to be judged: it may write a file for its mtime.
	began   time.Time
	clock   func() time.Time
	started time.Time // the racy rule's "now" once asked; zero before
	dec     flat.Decoder
}

// entry is one file as last parsed. What it said is kept encoded (package
// flat) and decoded afresh by each load that takes it: a load decodes each
// file once, straight into what it returns, and what a tick does to a loaded
// value never reaches the cache (nothing to copy).
type entry struct {
	Stamp
	// BodyAt is where a scene's body starts in the file: the body is the rest.
	BodyAt int
	// Meta is a scene's frontmatter (its body, Path and Edited left zero),
	// or a sheet or summary file whole (Path left empty): these files are
	// small and their bodies are in every pack, so one whose stat proves it
	// unchanged is not read at all.
	Meta string
}

// Stamp is what an entry knows of its file: the content hash it was
// parsed from and the file's stat then.
type Stamp struct {
	Hash        string
	Size, Mtime int64 // Mtime in Unix nanoseconds
	// Stable is set when Mtime was racySlack older than the load that
	// stat-ed the file: only then does a matching stat prove the content.
	Stable bool
}

// provenBy says whether stat st proves the file is as stamped.
func (e Stamp) provenBy(st FileStat) bool {
	return st.OK && e.Stable && e.Size == st.Size && e.Mtime == st.Mtime
}

// restamp takes stat st (of a file read and found with e's hash) into e;
// it says whether e changed, counting the change as a refresh.
func (c *LoadCache) restamp(e *Stamp, st FileStat) bool {
	stable := c.stable(st)
	if !st.OK || (e.Size == st.Size && e.Mtime == st.Mtime && e.Stable == stable) {
		return false
	}
	e.Size, e.Mtime, e.Stable = st.Size, st.Mtime, stable
	c.refreshed++
	return true
}

// stamp is the Stamp of a file with hash h and stat st, taken in this load.
func (c *LoadCache) stamp(h string, st FileStat) Stamp {
	return Stamp{Hash: h, Size: st.Size, Mtime: st.Mtime, Stable: c.stable(st)}
}

// NewLoadCache is an empty cache.
func NewLoadCache() *LoadCache {
	return &LoadCache{Version: loadCacheVersion, Layout: cachedLayout(), Files: map[string]entry{}, Characters: map[string]entry{},
		Locations: map[string]entry{}, Checkpoints: map[string]entry{}}
}

// DecodeLoadCache reads a cache written by Encode; damaged data or
// another version yields an empty cache.
func DecodeLoadCache(data []byte) *LoadCache {
	return ReadLoadCache(bytes.NewReader(data), len(data))
}

// ReadLoadCache is DecodeLoadCache of the size bytes r holds (a file),
// read once (flat.ReadSealed).
func ReadLoadCache(r io.Reader, size int) *LoadCache {
	payload, sum, ok := flat.ReadSealed(r, size)
	if !ok {
		return NewLoadCache()
	}
	c := NewLoadCache()
	layout := c.Layout // flat.Layout reflects over eight types: ~45 µs a call
	if err := new(flat.Decoder).Decode(payload, c); err != nil || c.Version != loadCacheVersion || c.Layout != layout {
		return NewLoadCache()
	}
	c.base, c.hasBase = sum, true
	return c
}

// Encode serialises the cache (package flat: exported fields only), with a
// checksum that Decode verifies.
func (c *LoadCache) Encode() ([]byte, error) {
	data, sum := flat.Seal(flat.Append(nil, *c))
	c.pending = sum
	return data, nil
}

// Stat is the stat the cache's entry for file rel records, if it has one:
// after a load, the file's stat as that load saw it.
func (c *LoadCache) Stat(rel string) (FileStat, bool) {
	for _, m := range []map[string]entry{c.Files, c.Characters, c.Locations, c.Checkpoints} {
		if e, ok := m[rel]; ok {
			return FileStat{Size: e.Size, Mtime: e.Mtime, OK: true}, true
		}
	}
	return FileStat{}, false
}

// Stale says whether the cache missed often enough since it was read (or
// last written), or its delta holds enough entries, to be worth writing
// back whole (the delta then starts empty).
func (c *LoadCache) Stale() bool {
	n := max(rewriteAfter, (len(c.Files)+len(c.Characters)+len(c.Locations)+len(c.Checkpoints))/rewriteShare)
	return c.dirty+c.refreshed/4 >= n || len(c.since) >= n
}

// Written records that the cache Encode gave was saved: the new base, no
// change since.
func (c *LoadCache) Written() {
	c.dirty, c.refreshed = 0, 0
	c.base, c.hasBase, c.since, c.unsaved = c.pending, true, nil, false
}

// unchangedScenes returns, for each scene file rels[i], the scene from the
// cache, its body left in the file (read from r on first use), and its
// hash, if stats[i] proves the file unchanged (else nil and ""). The
// entries (~1,000 at 1,000 scenes, ~2 µs each) are decoded half on a
// second goroutine, which only reads the cache, as the first half is on
// this one: on a second core, the load waits for half.
func (c *LoadCache) unchangedScenes(r Files, rels []string, stats []FileStat) ([]*Scene, []string) {
	scenes, hashes := make([]*Scene, len(rels)), make([]string, len(rels))
	decode := func(dec *flat.Decoder, from, to int) {
		for i := from; i < to; i++ {
			scenes[i], hashes[i] = c.unchangedScene(dec, r, rels[i], stats[i])
		}
	}
	half := len(rels) / 2
	done := make(chan struct{})
	go func() {
		defer close(done)
		decode(new(flat.Decoder), half, len(rels)) // a Decoder is not shared
	}()
	decode(&c.dec, 0, half)
	<-done
	return scenes, hashes
}

// unchangedScene is unchangedScenes of one file, decoded with dec.
func (c *LoadCache) unchangedScene(dec *flat.Decoder, r Files, rel string, st FileStat) (*Scene, string) {
	e, ok := c.Files[rel]
	if !ok || !e.provenBy(st) {
		return nil, ""
	}
	s := new(Scene)
	if dec.Decode(e.Meta, s) != nil {
		return nil, ""
	}
	s.Path, s.body = rel, lazyBody(r, rel, e.Hash, e.BodyAt)
	return s, e.Hash
}

// lookup returns the scene of file rel with content data (hash h) from the
// cache, or nil; st is the file's stat taken before it was read.
func (c *LoadCache) lookup(rel string, data []byte, h string, st FileStat) *Scene {
	e, ok := c.Files[rel]
	if !ok || e.Hash != h || e.BodyAt < 0 || e.BodyAt > len(data) {
		return nil
	}
	s := new(Scene)
	if c.dec.Decode(e.Meta, s) != nil {
		return nil
	}
	if c.restamp(&e.Stamp, st) {
		c.Files[rel] = e
		c.touch(rel, false)
	}
	s.Path = rel
	s.body = &sceneBody{text: string(data[e.BodyAt:]), at: e.BodyAt}
	return s
}

// stable applies the racy rule to a stat taken during this load.
func (c *LoadCache) stable(st FileStat) bool {
	return st.OK && st.Mtime < c.now().Add(-racySlack).UnixNano()
}

// now is the clock when the load began. A load that finds every file as
// its stat says never asks: a reader of an unchanged project writes
// nothing for it. Asked later, the clock is taken back by the time since
// the load began, so it judges every stat as of the load's start.
func (c *LoadCache) now() time.Time {
	if c.started.IsZero() {
		c.started = c.clock().Add(-time.Since(c.began))
	}
	return c.started
}

// store records scene file rel as parsed from data (hash h, stat st taken
// before the read); s is nil if the file is malformed. A body that is not
// the file's tail as is (a BOM, CRLF line ends) is not cached: such a file
// is simply parsed each time.
func (c *LoadCache) store(rel string, s *Scene, data []byte, h string, st FileStat) {
	c.dirty++
	at := -1
	if s != nil {
		_, at, _ = s.BodyAt() // parsed from data: no read, no error
	}
	c.touch(rel, true)
	if at < 0 || !st.OK {
		delete(c.Files, rel)
		return
	}
	meta := *s
	meta.body, meta.Path, meta.Edited = nil, "", false
	c.Files[rel] = entry{Stamp: c.stamp(h, st), BodyAt: at, Meta: string(flat.Append(nil, meta))}
}

// keep drops the entries of files that are gone from a directory.
func keep(c *LoadCache, m map[string]entry, paths map[string]bool) {
	for rel := range m {
		if !paths[rel] {
			delete(m, rel)
			c.dirty++
			c.touch(rel, true)
		}
	}
}

// unchangedFile returns file rel from m if its stat proves it unchanged.
func unchangedFile[T any, PT file[T]](c *LoadCache, m map[string]entry, rel string, st FileStat) (PT, string) {
	e, ok := m[rel]
	if !ok || !e.provenBy(st) {
		return nil, ""
	}
	v := PT(new(T))
	if c.dec.Decode(e.Meta, v) != nil {
		return nil, ""
	}
	v.setPath(rel)
	return v, e.Hash
}

// lookupFile returns the file rel with content hash h from m, or nil; st
// is its stat taken before it was read.
func lookupFile[T any, PT file[T]](c *LoadCache, m map[string]entry, rel, h string, st FileStat) PT {
	e, ok := m[rel]
	if !ok || e.Hash != h {
		return nil
	}
	v := PT(new(T))
	if c.dec.Decode(e.Meta, v) != nil {
		return nil
	}
	if c.restamp(&e.Stamp, st) {
		m[rel] = e
		c.touch(rel, false)
	}
	v.setPath(rel)
	return v
}

// storeFile records file rel as parsed (content hash h, stat st taken
// before the read) into m; v is nil if the file is malformed.
func storeFile[T any, PT file[T]](c *LoadCache, m map[string]entry, rel string, v PT, h string, st FileStat) {
	c.dirty++
	c.touch(rel, true)
	if v == nil || !st.OK {
		delete(m, rel)
		return
	}
	meta := *v
	PT(&meta).setPath("")
	m[rel] = entry{Stamp: c.stamp(h, st), Meta: string(flat.Append(nil, meta))}
}

// cachedLayout is the layout of the types the cache holds (flat.Layout).
func cachedLayout() string {
	return flat.Layout(Stamp{}, entry{}, Scene{}, Character{}, Location{}, Checkpoint{}, Relationship{}, Fact{})
}
