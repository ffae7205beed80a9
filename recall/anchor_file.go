package recall

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/flat"
	"github.com/storyd/storyd/recall/anchor"
)

// AnchorsFile is the anchor store: a cache next to the index, rebuilt from
// the prose and the entity sheets when it is missing or unreadable (only
// the use counts are lost then). It is a log of records (flat.AppendRecord)
// in package flat's encoding: the first holds the whole store with its
// types' layout, each later one what a save changed (scenes scanned or no
// longer, names, the entity lists that differ, an anchor whose use count
// changed told by its place and counts), so a tick appends ~0.4-1 KB at
// 1,000 scenes, not the whole store (~94 KB, rewritten every tick before
// the log: use counts change every tick). Reading stops at the first
// record that is cut or damaged, an older store the next sync brings up
// to date; the next save cuts the log there before it appends. Once the
// changes hold half as many bytes as the whole, or 16 records, the store
// is written whole again (maxChangeRecords).
const AnchorsFile = project.StateDir + "/index/anchors.log"

// wholeAnchorsFile is the store before the log, the whole store sealed
// with a CRC-32C and rewritten at every save: read when there is no log
// (its use counts carry over), removed when the log is written whole.
const wholeAnchorsFile = project.StateDir + "/index/anchors.bin"

// oldAnchorsFile is the store as JSON, before anchors.bin: read when there
// is neither, taken if its version is today's (none is now: they were all
// written at version 1, so the book is rescanned), and removed likewise.
const oldAnchorsFile = project.StateDir + "/index/anchors.json"

// anchorsRecord is a record of AnchorsFile.
type anchorsRecord struct {
	// Layout is the whole record's layout of the types (flat.Layout); ""
	// in the others.
	Layout string
	Whole  bool
	// Data is the whole store, or what changed: Version, and the scenes
	// and names set since the record before.
	Data anchorsData
	// Unscanned are the scenes no longer scanned since the record before.
	Unscanned []int
	// Lists are the entities' lists that changed since the record before.
	Lists []anchorList
}

// anchorList is an entity's anchors in a record of changes: each either
// an anchor of the list before, by its place there, with its use count
// and last scene now (what a tick changes most), or a new one. A list of
// ~16 anchors whose uses a pack counted takes ~80 bytes, not ~1.5 KB.
type anchorList struct {
	Entity string
	Nil    bool // the list is nil (none was ever set), not empty
	// From holds, for each anchor, 1 + its place in the list before, or
	// 0 for the next of New.
	From       []int
	Uses, Last []int // for each anchor From names, in order
	New        []anchor.Anchor
}

// anchorsFile is what wholeAnchorsFile holds.
type anchorsFile struct {
	Layout string
	Data   anchorsData
}

// anchorsLayout is the layout of the types the log holds (flat.Layout).
func anchorsLayout() string {
	return flat.Layout(anchorsRecord{}, anchorsData{}, anchor.Anchor{})
}

// OpenAnchors loads the project's anchor store; a missing, unreadable or
// foreign file gives an empty store, which the caller's Sync fills.
func OpenAnchors(projectDir string) *Anchors {
	a := &Anchors{path: filepath.Join(projectDir, filepath.FromSlash(AnchorsFile))}
	a.reset()
	data, err := os.ReadFile(a.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !a.openWhole(filepath.Join(projectDir, filepath.FromSlash(wholeAnchorsFile))) {
			a.openOld(filepath.Join(projectDir, filepath.FromSlash(oldAnchorsFile)))
		}
	case err != nil || !a.replay(data):
		a.dirty = true // written whole
	}
	return a
}

// replay reads the log's records into the store up to the first that is
// cut, damaged or out of place, and reports whether the first held a store
// this storyd wrote (if not, the store is left as it was).
func (a *Anchors) replay(data []byte) bool {
	var dec flat.Decoder
	layout := ""
	for a.logLen < len(data) {
		payload, n, ok := flat.NextRecord(data[a.logLen:])
		var r anchorsRecord
		if !ok || dec.Decode(string(payload), &r) != nil {
			break
		}
		if a.logLen == 0 {
			if layout = anchorsLayout(); !r.Whole || r.Layout != layout || !r.Data.valid() {
				return false
			}
			a.data, a.wholeLen = r.Data, n
		} else if r.Whole || r.Layout != "" || r.Data.Version != a.data.Version || len(r.Data.ByEntity) != 0 || !a.data.apply(&r) {
			break
		}
		if a.logLen > 0 {
			a.changeRecords++
		}
		a.logLen += n
	}
	if a.logLen == 0 {
		return false
	}
	a.disk = a.data.clone()
	return true
}

// apply sets what a record of changes holds, and reports whether it
// could: a list naming places the list before does not have is damage
// (d is then unchanged).
func (d *anchorsData) apply(r *anchorsRecord) bool {
	lists := make([][]anchor.Anchor, len(r.Lists))
	for i, c := range r.Lists {
		var ok bool
		if lists[i], ok = c.of(d.ByEntity[c.Entity]); !ok {
			return false
		}
	}
	for i, c := range r.Lists {
		d.ByEntity[c.Entity] = lists[i]
	}
	if d.Scenes != nil { // the copy of the file's store holds none (Anchors.disk)
		maps.Copy(d.Scenes, r.Data.Scenes)
		for _, seq := range r.Unscanned {
			delete(d.Scenes, seq)
		}
	}
	maps.Copy(d.Names, r.Data.Names)
	return true
}

// of returns the list c makes of the list before, a new array.
func (c *anchorList) of(before []anchor.Anchor) ([]anchor.Anchor, bool) {
	if c.Nil {
		return nil, len(c.From) == 0 && len(c.New) == 0 && len(c.Uses) == 0 && len(c.Last) == 0
	}
	list := make([]anchor.Anchor, 0, len(c.From))
	held, added := 0, 0
	for _, from := range c.From {
		switch {
		case from == 0 && added < len(c.New):
			list = append(list, c.New[added])
			added++
		case from > 0 && from <= len(before) && held < len(c.Uses) && held < len(c.Last):
			x := before[from-1]
			x.Uses, x.Last = c.Uses[held], c.Last[held]
			list = append(list, x)
			held++
		default:
			return nil, false
		}
	}
	return list, added == len(c.New) && held == len(c.Uses) && held == len(c.Last)
}

// listChange returns the record of list where the file held before.
func listChange(id string, before, list []anchor.Anchor) anchorList {
	c := anchorList{Entity: id, Nil: list == nil}
	for _, x := range list {
		j := slices.IndexFunc(before, func(y anchor.Anchor) bool {
			y.Uses, y.Last = x.Uses, x.Last
			return y == x
		})
		if j < 0 {
			c.From, c.New = append(c.From, 0), append(c.New, x)
			continue
		}
		c.From, c.Uses, c.Last = append(c.From, j+1), append(c.Uses, x.Uses), append(c.Last, x.Last)
	}
	return c
}

// clone copies d but its scenes (Anchors.disk), the lists in one array
// (Sync and Used change d's in place).
func (d *anchorsData) clone() *anchorsData {
	n := 0
	for _, list := range d.ByEntity {
		n += len(list)
	}
	all := make([]anchor.Anchor, 0, n)
	c := &anchorsData{Version: d.Version, Names: maps.Clone(d.Names), ByEntity: make(map[string][]anchor.Anchor, len(d.ByEntity))}
	for id, list := range d.ByEntity {
		if list == nil {
			c.ByEntity[id] = nil
			continue
		}
		all = append(all, list...)
		c.ByEntity[id] = all[len(all)-len(list) : len(all) : len(all)]
	}
	return c
}

// openWhole takes the store from its whole file (before the log), if there
// is a good one.
func (a *Anchors) openWhole(path string) bool {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	var f anchorsFile
	payload, _, ok := flat.Unseal(data)
	if err == nil && ok && flat.Unmarshal(payload, &f) == nil && f.Layout == flat.Layout(anchorsFile{}, anchorsData{}, anchor.Anchor{}) && f.Data.valid() {
		a.data = f.Data
	}
	a.dirty = true // written anew as the log, the old file removed
	return true
}

// openOld takes the store from its JSON file, if there is a good one.
func (a *Anchors) openOld(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var d anchorsData
	if json.Unmarshal(data, &d) == nil && d.valid() {
		a.data = d
	}
	a.dirty = true // written anew as the log, the old file removed
}

// valid says whether d is a store this storyd wrote.
func (d *anchorsData) valid() bool {
	return d.Version == anchorsVersion && d.Scenes != nil && d.ByEntity != nil && d.Names != nil
}

// Save writes the store if it changed: what changed since the last save,
// appended to the log, or the whole store when there is no log to append
// to, or the changes since the whole came to half its size (or to
// minLogChanges) or to maxChangeRecords records.
//
// A cache (see AnchorsFile): written every tick without fsyncs; after a
// power cut the log's torn end is cut, and the scenes its lost records
// scanned are scanned again (only their use counts are lost).
func (a *Anchors) Save() error {
	if !a.dirty {
		return nil
	}
	rec, whole := a.nextRecord()
	var err error
	switch {
	case whole:
		err = journal.WriteFileUnsynced(a.path, rec, 0o644)
		for _, old := range []string{wholeAnchorsFile, oldAnchorsFile} {
			os.Remove(filepath.Join(filepath.Dir(a.path), filepath.Base(old)))
		}
	case len(rec) > 0:
		err = journal.AppendLog(a.path, int64(a.logLen), rec, false)
	}
	if err != nil {
		a.disk = nil // what the file holds is unknown: the next save writes it whole
		return fmt.Errorf("save anchors: %w", err)
	}
	switch {
	case whole:
		a.logLen, a.wholeLen, a.changeRecords = 0, len(rec), 0
	case len(rec) > 0:
		a.changeRecords++
	}
	a.logLen += len(rec)
	a.dirty = false
	return nil
}

// minLogChanges is the most bytes of changes a log of a small store
// holds before it is written whole: half a store of a few KB is a tick's
// changes or two. maxChangeRecords is the most records of changes it
// holds: an open reads each for ~8 µs of CPU (at 1,000 scenes), a whole
// write costs ~1.3 ms, so a whole write every 16 ticks costs about what
// the reads save (~80 µs a tick each), and a tick writes ~6 KB on
// average (the whole ~94 KB, 16 records of ~0.4-1 KB).
const (
	minLogChanges    = 16 << 10
	maxChangeRecords = 16
)

// nextRecord returns what the next save writes, and moves a.disk up to
// date: the record of the changes since the last save, to append to the
// log (nil: none), or, when whole, the whole store as the log's only
// record.
func (a *Anchors) nextRecord() (rec []byte, whole bool) {
	rec, ok := a.changes()
	if changed := a.logLen + len(rec) - a.wholeLen; ok && changed <= max(a.wholeLen/2, minLogChanges) &&
		(len(rec) == 0 || a.changeRecords < maxChangeRecords) {
		return rec, false
	}
	payload := flat.Append(nil, anchorsRecord{Layout: anchorsLayout(), Whole: true, Data: a.data})
	a.disk, a.rescanned = a.data.clone(), nil
	return flat.AppendRecord(make([]byte, 0, flat.RecordHeader+len(payload)), payload), true
}

// changes returns the record of what changed since the last save (nil if
// nothing did) and moves a.disk up to date, or false when the changes
// cannot be told as a record (the version changed, an entity went).
func (a *Anchors) changes() ([]byte, bool) {
	disk := a.disk
	if disk == nil || disk.Version != a.data.Version || !hasAllKeys(a.data.Names, disk.Names) || !hasAllKeys(a.data.ByEntity, disk.ByEntity) {
		return nil, false
	}
	r := anchorsRecord{Data: anchorsData{Version: a.data.Version}}
	slices.Sort(a.rescanned)
	for _, seq := range slices.Compact(a.rescanned) {
		if h, ok := a.data.Scenes[seq]; ok {
			mapSet(&r.Data.Scenes, seq, h)
		} else {
			r.Unscanned = append(r.Unscanned, seq)
		}
	}
	a.rescanned = nil
	for id, names := range a.data.Names {
		if old, ok := disk.Names[id]; !ok || old != names {
			mapSet(&r.Data.Names, id, names)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(a.data.ByEntity)) {
		list := a.data.ByEntity[id]
		if old, ok := disk.ByEntity[id]; !ok || (old == nil) != (list == nil) || !slices.Equal(old, list) {
			r.Lists = append(r.Lists, listChange(id, old, list))
		}
	}
	if r.Data.Scenes == nil && r.Unscanned == nil && r.Data.Names == nil && r.Lists == nil {
		return nil, true
	}
	disk.apply(&r)
	payload := flat.Append(nil, r)
	return flat.AppendRecord(make([]byte, 0, flat.RecordHeader+len(payload)), payload), true
}

// hasAllKeys reports whether m has every key of old.
func hasAllKeys[K comparable, V any](m, old map[K]V) bool {
	for k := range old {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// mapSet sets (*m)[k], making the map first if need be.
func mapSet[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}
