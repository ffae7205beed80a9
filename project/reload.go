package project

import (
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"time"
)

// Stater is Files that stats a file it does not list.
type Stater interface {
	Files
	Stat(rel string) FileStat
}

// Reload is LoadCached after commits of the caller's own since prev was
// loaded (from r, with cache), which wrote or deleted only the files in
// changed; r holds the state the last of them committed (StateHolder).
// Any other file is taken from prev as its load found it (the parsed file,
// its hash, a scene's prose read or not), so that a reload lists no
// directory and stats and reads only what the commits wrote: a scene is
// marked again (from the cache) only when what the state says of it
// changed. The caller holds the project lock, so only a person can have
// changed another file meanwhile: the next load sees that edit, as it
// would had it come just after the reload.
func Reload(r Stater, prev *Project, changed []string, cache *LoadCache) (*Project, error) {
	l, err := newLoader(r, prev.Config, cache, time.Now())
	if err != nil {
		return nil, err
	}
	l.prev, l.changed, l.p.Loaded = prev, map[string]bool{}, maps.Clone(prev.Loaded)
	for _, rel := range changed {
		l.changed[rel] = true
		delete(l.p.Loaded, rel) // read again, if it is still there
	}
	return l.load()
}

// earlier is a reload's earlier load; empty in a load.
func (l *loader) earlier() *Project {
	if l.prev == nil {
		return &Project{}
	}
	return l.prev
}

// kept says whether a reload takes file rel from the earlier load.
func (l *loader) kept(rel string) bool { return l.prev != nil && !l.changed[rel] }

// unchanged are a reload's files of vs, the earlier load's, not written since.
func unchanged[PT interface{ path() string }](l *loader, vs []PT) []PT {
	var out []PT
	for _, v := range vs {
		if l.kept(v.path()) {
			out = append(out, v)
		}
	}
	return out
}

// list returns the files of directory sub to load, with their stats: in a
// load every file; in a reload those written since that are there now,
// and for the scenes the ones to mark again, after taking the others from
// the earlier load. Sorted.
func (l *loader) list(sub string) (rels []string, stats []FileStat) {
	if l.prev == nil {
		if c, ok := l.listed[sub]; ok {
			delete(l.listed, sub) // a directory is listed once a load
			x := <-c
			return x.rels, x.stats
		}
		return l.r.List(sub)
	}
	for rel := range l.changed {
		if filepath.Dir(rel) == sub && filepath.Ext(rel) == ".md" {
			rels = append(rels, rel)
		}
	}
	if sub == SceneDir {
		was, now := l.prev.State, l.p.State
		for _, s := range l.prev.Scenes {
			d, ok := now.Derived[s.Seq]
			e, had := was.Derived[s.Seq]
			switch {
			case !l.kept(s.Path):
			case l.prev.Adopted == l.p.Adopted && now.Hashes[s.Path] != "" && now.Hashes[s.Path] == was.Hashes[s.Path] &&
				ok == had && d.Hash == e.Hash && slices.Equal(d.Summary, e.Summary):
				l.p.Scenes = append(l.p.Scenes, s) // marking it again would give what it is
			default:
				rels = append(rels, s.Path)
			}
		}
	}
	sort.Strings(rels)
	var out []string
	for _, rel := range rels {
		st, ok := l.cache.Stat(rel) // the earlier load proved or refreshed it
		if !ok || l.changed[rel] {
			st = l.r.(Stater).Stat(rel)
		}
		if st.OK || !l.changed[rel] { // else deleted
			out, stats = append(out, rel), append(stats, st)
		}
	}
	return out, stats
}

// keepSeen drops the cache's entries of files that are gone: in a load,
// those it did not see; in a reload, the changed ones it did not (the
// earlier load dropped any other).
func (l *loader) keepSeen(m map[string]entry, seen map[string]bool) {
	if l.prev == nil {
		keep(l.cache, m, seen)
		return
	}
	for rel := range l.changed {
		if _, ok := m[rel]; ok && !seen[rel] {
			delete(m, rel)
			l.cache.dirty++
			l.cache.touch(rel, true)
		}
	}
}
