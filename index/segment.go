package index

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/storyd/storyd/journal"
)

// Incremental storage: the base file is rewritten only now and then. In
// between, each Save appends a segment file next to it holding what
// changed since the last save: the sources added or replaced (with their
// documents and vectors) and the paths of sources removed. Opening the
// index applies the segments to the base in order. Segments are written
// atomically, and applying them is idempotent (a source replaces any of
// the same path), so a crash between writing a new base and deleting the
// segments it absorbed only replays them to the same result. Compaction
// writes a new base once the segments hold half as many bytes as the base,
// or maxSegments of them exist, so a tick writes about what it changed and
// the files stay about the size of the index. Every open replays every
// segment (~40-90 µs each at 1,000 scenes: its word counts into the
// document counts, its vectors checked) and every query scores each
// segment's block apart, while a compaction costs ~60-80 ms of CPU there
// (a 20 MB base): at 50 segments the two come to ~1-2 ms a tick each, on
// average; at 200 the replays alone came to ~9 ms.
const (
	segPrefix   = "seg-"
	segSuffix   = ".bin"
	maxSegments = 50
	legacyFile  = "index.gob"
)

// segmentFiles lists the segment files next to the base, oldest first,
// with the number of the last. (Their sizes come from reading them: a
// stat each would be a system call each, ~50 a tick.)
func segmentFiles(base string) (paths []string, last int, err error) {
	dir := filepath.Dir(base)
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	type seg struct {
		n    int
		path string
	}
	var segs []seg
	for _, e := range ents {
		num, ok := strings.CutPrefix(e.Name(), segPrefix)
		num, ok2 := strings.CutSuffix(num, segSuffix)
		n, err := strconv.Atoi(num)
		if !ok || !ok2 || err != nil || n <= 0 || e.IsDir() {
			continue
		}
		segs = append(segs, seg{n, filepath.Join(dir, e.Name())})
	}
	sort.Slice(segs, func(i, j int) bool { return segs[i].n < segs[j].n })
	for _, s := range segs {
		paths = append(paths, s.path)
		last = s.n
	}
	return paths, last, nil
}

func segmentPath(base string, n int) string {
	return filepath.Join(filepath.Dir(base), fmt.Sprintf("%s%06d%s", segPrefix, n, segSuffix))
}

// applySegments replays the segment files on the loaded base and returns
// their total size.
func (ix *Index) applySegments(paths []string) (size int64, err error) {
	for _, path := range paths {
		seg, n, err := readSegment(path, ix.emb.Name())
		if err != nil {
			return 0, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		size += n
		if ix.dims != 0 && seg.dims != ix.dims {
			return 0, fmt.Errorf("%s: %d dimensions; the index has %d", filepath.Base(path), seg.dims, ix.dims)
		}
		ix.dims = seg.dims
		for _, key := range seg.removed {
			if s := ix.sources[key]; s != nil {
				if err := ix.drop(s); err != nil {
					return 0, err
				}
			}
		}
		for _, s := range seg.sources {
			if err := ix.put(s); err != nil {
				return 0, err
			}
		}
	}
	return size, nil
}

// saveSegment writes what changed since the last save as the next segment.
func (ix *Index) saveSegment() error {
	c := contents{embedder: ix.emb.Name(), dims: ix.dims}
	for _, key := range slices.Sorted(maps.Keys(ix.added)) {
		c.sources = append(c.sources, ix.sources[key])
	}
	c.removed = slices.Sorted(maps.Keys(ix.removed))
	data, err := encode(segMagic, c)
	if err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	ix.lastSeg++
	if err := journal.WriteFileAtomic(segmentPath(ix.path, ix.lastSeg), data, 0o644); err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	ix.segs++
	ix.segBytes += int64(len(data))
	return nil
}

// saveBase writes the whole index as the new base and deletes the
// segments it absorbed.
func (ix *Index) saveBase() error {
	c := contents{embedder: ix.emb.Name(), dims: ix.dims, df: ix.df}
	for _, key := range slices.Sorted(maps.Keys(ix.sources)) {
		c.sources = append(c.sources, ix.sources[key])
	}
	data, err := encode(indexMagic, c)
	if err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	if err := journal.WriteFileAtomic(ix.path, data, 0o644); err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	paths, _, err := segmentFiles(ix.path)
	if err != nil {
		return err
	}
	// legacyFile is where storyd kept the whole index before segments.
	for _, p := range append(paths, filepath.Join(filepath.Dir(ix.path), legacyFile)) {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("save index: %w", err)
		}
	}
	ix.baseBytes, ix.segs, ix.segBytes, ix.lastSeg = int64(len(data)), 0, 0, 0
	return nil
}

// compactDue says whether the next save should write a new base.
func (ix *Index) compactDue() bool {
	return ix.full || ix.segs >= maxSegments || ix.segBytes*2 > ix.baseBytes
}
