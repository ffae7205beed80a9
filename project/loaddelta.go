package project

import (
	"slices"

	"github.com/storyd/storyd/project/flat"
)

// LoadDeltaFile holds what loads changed in the load cache since its base
// (LoadCacheFile) was written: rewriting the base (~700 KB at 1,000 scenes)
// waits until 1/32 of its entries changed, and without the delta every
// process would parse again each file parsed since.
const LoadDeltaFile = StateDir + "/cache/load-delta.bin"

// loadDelta is a delta file's content.
type loadDelta struct {
	Base  uint32    // the checksum of the base it applies to
	Cache LoadCache // the entries changed since the base, Version and Layout as its
	Gone  []string  // the entries dropped since the base
}

// touch records that file rel's entry changed since the base; parsed says
// the change cost a parse (or a drop), which is worth a delta file.
func (c *LoadCache) touch(rel string, parsed bool) {
	if c.since == nil {
		c.since = map[string]bool{}
	}
	c.since[rel] = true
	c.unsaved = c.unsaved || parsed
}

// Delta encodes the entries changed since the base was written, with a
// checksum; nil when no file was parsed since the last delta, or no base
// is known.
func (c *LoadCache) Delta() []byte {
	if !c.unsaved || !c.hasBase {
		return nil
	}
	d := loadDelta{Base: c.base, Cache: *NewLoadCache()}
	for rel := range c.since {
		if e, ok := c.Files[rel]; ok {
			d.Cache.Files[rel] = e
		} else if e, ok := c.Characters[rel]; ok {
			d.Cache.Characters[rel] = e
		} else if e, ok := c.Locations[rel]; ok {
			d.Cache.Locations[rel] = e
		} else if e, ok := c.Checkpoints[rel]; ok {
			d.Cache.Checkpoints[rel] = e
		} else {
			d.Gone = append(d.Gone, rel)
		}
	}
	slices.Sort(d.Gone)
	data, _ := flat.Seal(flat.Append(nil, d))
	return data
}

// DeltaWritten records that Delta's data was saved.
func (c *LoadCache) DeltaWritten() { c.unsaved = false }

// Apply takes in a delta written for this cache's base (Delta); any other
// data, damaged or written for another base, is ignored.
func (c *LoadCache) Apply(data []byte) {
	payload, _, ok := flat.Unseal(data)
	var d loadDelta
	if !ok || !c.hasBase || flat.Unmarshal(payload, &d) != nil || d.Base != c.base ||
		d.Cache.Version != loadCacheVersion || d.Cache.Layout != c.Layout { // a base's is cachedLayout()
		return
	}
	merge(c, c.Files, d.Cache.Files)
	merge(c, c.Characters, d.Cache.Characters)
	merge(c, c.Locations, d.Cache.Locations)
	merge(c, c.Checkpoints, d.Cache.Checkpoints)
	for _, rel := range d.Gone {
		delete(c.Files, rel)
		delete(c.Characters, rel)
		delete(c.Locations, rel)
		delete(c.Checkpoints, rel)
		c.touch(rel, false)
	}
}

// merge puts a delta's entries (src) into the cache's (dst), as changed
// since the base.
func merge[V any](c *LoadCache, dst, src map[string]V) {
	for rel, e := range src {
		dst[rel] = e
		c.touch(rel, false)
	}
}
