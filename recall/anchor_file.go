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
// longer, names, the entity lists that differ), so a tick writes a few KB,
// not the whole store (~93 KB at 1,000 scenes, rewritten every tick before
// the log: use counts change every tick). Reading stops at the first record
// that is cut or damaged, an older store the next sync brings up to date;
// the next save cuts the log there before it appends. Once the changes
// hold half as many bytes as the whole, the store is written whole again:
// a tick writes ~3 times its changes on average, an open reads at most 1.5
// times the store.
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
	// Data is the whole store, or what changed: Version, and the scenes,
	// names and entity lists set since the record before.
	Data anchorsData
	// Unscanned are the scenes no longer scanned since the record before.
	Unscanned []int
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
		} else if r.Whole || r.Layout != "" || r.Data.Version != a.data.Version {
			break
		} else {
			a.data.apply(&r)
		}
		a.logLen += n
	}
	if a.logLen == 0 {
		return false
	}
	a.disk = a.data.clone()
	return true
}

// apply sets what a record of changes holds.
func (d *anchorsData) apply(r *anchorsRecord) {
	maps.Copy(d.Scenes, r.Data.Scenes)
	for _, seq := range r.Unscanned {
		delete(d.Scenes, seq)
	}
	maps.Copy(d.Names, r.Data.Names)
	maps.Copy(d.ByEntity, r.Data.ByEntity)
}

// clone copies d, its lists too (Sync and Used change them in place).
func (d *anchorsData) clone() *anchorsData {
	c := &anchorsData{Version: d.Version, Scenes: maps.Clone(d.Scenes), Names: maps.Clone(d.Names),
		ByEntity: make(map[string][]anchor.Anchor, len(d.ByEntity))}
	for id, list := range d.ByEntity {
		c.ByEntity[id] = slices.Clone(list)
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
// to or the changes since the whole came to half its size (or to
// minLogChanges).
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
	if whole {
		a.logLen, a.wholeLen = 0, len(rec)
	}
	a.logLen += len(rec)
	a.dirty = false
	return nil
}

// minLogChanges is the most bytes of changes a log of a small store
// holds before it is written whole: half a store of a few KB is a tick's
// changes or two.
const minLogChanges = 16 << 10

// nextRecord returns what the next save writes, and moves a.disk up to
// date: the record of the changes since the last save, to append to the
// log (nil: none), or, when whole, the whole store as the log's only
// record.
func (a *Anchors) nextRecord() (rec []byte, whole bool) {
	rec, ok := a.changes()
	if changed := a.logLen + len(rec) - a.wholeLen; ok && changed <= max(a.wholeLen/2, minLogChanges) {
		return rec, false
	}
	payload := flat.Append(nil, anchorsRecord{Layout: anchorsLayout(), Whole: true, Data: a.data})
	a.disk = a.data.clone()
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
	for seq, h := range a.data.Scenes {
		if old, ok := disk.Scenes[seq]; !ok || old != h {
			mapSet(&r.Data.Scenes, seq, h)
		}
	}
	for seq := range disk.Scenes {
		if _, ok := a.data.Scenes[seq]; !ok {
			r.Unscanned = append(r.Unscanned, seq)
		}
	}
	slices.Sort(r.Unscanned)
	for id, names := range a.data.Names {
		if old, ok := disk.Names[id]; !ok || old != names {
			mapSet(&r.Data.Names, id, names)
		}
	}
	for id, list := range a.data.ByEntity {
		if old, ok := disk.ByEntity[id]; !ok || (old == nil) != (list == nil) || !slices.Equal(old, list) {
			mapSet(&r.Data.ByEntity, id, list)
		}
	}
	if r.Data.Scenes == nil && r.Unscanned == nil && r.Data.Names == nil && r.Data.ByEntity == nil {
		return nil, true
	}
	disk.apply(&r)
	for id, list := range r.Data.ByEntity {
		disk.ByEntity[id] = slices.Clone(list)
	}
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
