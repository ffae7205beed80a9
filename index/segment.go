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
	"github.com/storyd/storyd/project/flat"
)

// Incremental storage: the base file is rewritten only now and then. In
// between, each Save appends a segment to the log next to it
// (segments.log) holding what changed since the last save: the sources
// added or replaced (with their documents and vectors) and the paths of
// sources removed. Opening the index applies the segments to the base in
// order. A segment is a record of the log: its length and CRC-32C, then the
// segment's bytes (the same layout as a base). A save appends one and
// fsyncs the log; a crash during it leaves a torn record at the end, and
// opening stops at the first record that is cut or fails its checksum:
// what comes before is an older, consistent index (whole sources, each
// with the fingerprint it was built from), which the next Sync brings up to
// date like any stale one, and the next save cuts the log there before it
// appends. Applying segments is idempotent (a source replaces any of the
// same path), so a crash between writing a new base and deleting the log it
// absorbed only replays it to the same result. Compaction writes a new base
// once the segments hold half as many bytes as the base, or maxSegments of
// them exist (at once when one save's segment alone would: after an upgrade
// rebuilt every source), so a tick writes about what it changed and the
// files stay about the size of the index. Every open replays every segment
// (~25 µs each at 1,000 scenes: its word counts into the document counts,
// its vectors checked) and every query scores each segment's block apart,
// while a compaction costs ~45-70 ms of CPU there (a 20 MB base): at 50
// segments the two come to ~1-1.5 ms a tick each, on average; at 200 the
// replays alone came to ~9 ms. One log is one file to open and read a tick,
// where a file per segment was up to 50 (storyd before the log wrote
// seg-NNNNNN.bin files: they are replayed before the log, and the next
// compaction removes them).
const (
	logFile     = "segments.log"
	segPrefix   = "seg-"
	segSuffix   = ".bin"
	maxSegments = 50
	legacyFile  = "index.gob"
)

// segmentFiles lists the segment files an older storyd left next to the
// base, oldest first. (Their sizes come from reading them: a stat each
// would be a system call each.)
func segmentFiles(base string) (paths []string, err error) {
	dir := filepath.Dir(base)
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
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
	}
	return paths, nil
}

// applySegments replays the segment files on the loaded base and returns
// their total size.
func (ix *Index) applySegments(paths []string) (size int64, err error) {
	for _, path := range paths {
		seg, n, err := readSegment(path, ix.emb.Name())
		if err == nil {
			err = ix.apply(seg)
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		size += n
	}
	return size, nil
}

// applyLog replays the log's segments on the loaded base, up to the first
// record that is cut or fails its checksum, and returns the length of what
// it replayed and how many segments that held.
func (ix *Index) applyLog() (size int64, n int, err error) {
	data, err := readWhole(ix.logPath())
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	off := 0
	for {
		rec, l, ok := flat.NextRecord(data[off:])
		if !ok {
			break
		}
		seg, err := parseFile(rec, segMagic, ix.emb.Name())
		if err == nil {
			err = ix.apply(seg)
		}
		if err != nil {
			return 0, 0, fmt.Errorf("%s at %d: %w", logFile, off, err)
		}
		off += l
		n++
	}
	return int64(off), n, nil
}

func (ix *Index) logPath() string { return filepath.Join(filepath.Dir(ix.path), logFile) }

// apply applies one segment.
func (ix *Index) apply(seg contents) error {
	if ix.dims != 0 && seg.dims != ix.dims {
		return fmt.Errorf("%d dimensions; the index has %d", seg.dims, ix.dims)
	}
	ix.dims = seg.dims
	for _, key := range seg.removed {
		if s := ix.sources[key]; s != nil {
			if err := ix.drop(s); err != nil {
				return err
			}
		}
	}
	for _, s := range seg.sources {
		if err := ix.put(s); err != nil {
			return err
		}
	}
	return nil
}

// saveSegment appends what changed since the last save to the log, as
// its next segment.
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
	rec := flat.AppendRecord(make([]byte, 0, flat.RecordHeader+len(data)), data)
	if int64(len(rec))*2 > ix.baseBytes {
		// Alone it makes compactDue's half of the base (after an upgrade
		// rebuilt every source, it is the whole index): the next save
		// would compact it, and each open until then replay it.
		return ix.saveBase()
	}
	if err := journal.AppendLog(ix.logPath(), ix.logLen, rec, true); err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	ix.logLen += int64(len(rec))
	ix.segs++
	ix.segBytes += int64(len(rec))
	return nil
}

// saveBase writes the whole index as the new base and deletes the
// segments it absorbed.
func (ix *Index) saveBase() error {
	c := contents{embedder: ix.emb.Name(), dims: ix.dims, df: ix.df}
	for _, key := range ix.order {
		c.sources = append(c.sources, ix.sources[key])
	}
	data, err := encode(indexMagic, c)
	if err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	if err := journal.WriteFileAtomic(ix.path, data, 0o644); err != nil {
		return fmt.Errorf("save index: %w", err)
	}
	paths, err := segmentFiles(ix.path)
	if err != nil {
		return err
	}
	// legacyFile is where storyd kept the whole index before segments.
	for _, p := range append(paths, ix.logPath(), filepath.Join(filepath.Dir(ix.path), legacyFile)) {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("save index: %w", err)
		}
	}
	ix.baseBytes, ix.segs, ix.segBytes, ix.logLen = int64(len(data)), 0, 0, 0
	return nil
}

// compactDue says whether the next save should write a new base.
func (ix *Index) compactDue() bool {
	return ix.full || ix.segs >= maxSegments || ix.segBytes*2 > ix.baseBytes
}
