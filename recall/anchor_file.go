package recall

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/flat"
	"github.com/storyd/storyd/recall/anchor"
)

// AnchorsFile is the anchor store: a cache next to the index, rebuilt from
// the prose and the entity sheets when it is missing or unreadable (only
// the use counts are lost then). It is package flat's encoding of the
// store with its types' layout, sealed with a CRC-32C: at 1,000 scenes
// (~1,000 scene hashes, ~270 anchors; 93 KB) read in ~0.3 ms of CPU and
// written in ~0.8, where JSON (117 KB) took ~2 and ~1.
const AnchorsFile = project.StateDir + "/index/anchors.bin"

// oldAnchorsFile is the store as JSON, before anchors.bin: read when there
// is no anchors.bin, taken if its version is today's (none is now: they
// were all written at version 1, so the book is rescanned), and removed by
// the first save.
const oldAnchorsFile = project.StateDir + "/index/anchors.json"

// anchorsFile is what AnchorsFile holds.
type anchorsFile struct {
	Layout string
	Data   anchorsData
}

// anchorsLayout is the layout of the types the file holds (flat.Layout).
func anchorsLayout() string { return flat.Layout(anchorsFile{}, anchorsData{}, anchor.Anchor{}) }

// OpenAnchors loads the project's anchor store; a missing, unreadable or
// foreign file gives an empty store, which the caller's Sync fills.
func OpenAnchors(projectDir string) *Anchors {
	a := &Anchors{path: filepath.Join(projectDir, filepath.FromSlash(AnchorsFile))}
	a.reset()
	data, err := os.ReadFile(a.path)
	if errors.Is(err, fs.ErrNotExist) {
		a.openOld(filepath.Join(projectDir, filepath.FromSlash(oldAnchorsFile)))
		return a
	}
	var f anchorsFile
	payload, _, ok := flat.Unseal(data)
	if err != nil || !ok || flat.Unmarshal(payload, &f) != nil || f.Layout != anchorsLayout() || !f.Data.valid() {
		a.dirty = true
		return a
	}
	a.data = f.Data
	return a
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
	a.old, a.dirty = path, true // written anew, the old file removed
}

// valid says whether d is a store this storyd wrote.
func (d *anchorsData) valid() bool {
	return d.Version == anchorsVersion && d.Scenes != nil && d.ByEntity != nil && d.Names != nil
}

// Save writes the store if it changed.
func (a *Anchors) Save() error {
	if !a.dirty {
		return nil
	}
	data, _ := flat.Seal(flat.Append(nil, anchorsFile{Layout: anchorsLayout(), Data: a.data}))
	// A cache (see AnchorsFile): after a power cut a torn file is rebuilt,
	// losing only the use counts, so it is written every tick without fsyncs.
	if err := journal.WriteFileUnsynced(a.path, data, 0o644); err != nil {
		return fmt.Errorf("save anchors: %w", err)
	}
	if a.old != "" {
		os.Remove(a.old)
	}
	a.old, a.dirty = "", false
	return nil
}
