package journal

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// WriteFileAtomic replaces path with data so that a reader, or the file
// after a crash, holds either the old or the new content, never a mix:
// temp file in the same directory, write, fsync, close, rename, fsync the
// directory (restic's local backend Save). The temp file is removed on error.
//
// Not github.com/google/renameio: its WriteFile renames into place but does
// not fsync the directory, so after a power cut the rename itself can be
// lost while the journal believes the file is in place.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return writeAtomic(OS{}, path, data, perm)
}

// WriteFileUnsynced replaces path with data by a rename, never torn, but
// without WriteFileAtomic's fsyncs: for what storyd can do without after a
// power cut (a rebuildable cache, advice), written every tick. The temp
// file's name is unique, as WriteFileAtomic's: loads under the shared
// commit lock (two commands at once) may write the same cache, and with
// one fixed name they wrote into each other's temp file. Recover and
// Check sweep one a crash left like any interrupted write's.
func WriteFileUnsynced(path string, data []byte, perm os.FileMode) (err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// writeAtomic is WriteFileAtomic through fsys.
func writeAtomic(fsys FS, path string, data []byte, perm os.FileMode) error {
	return writeAtomicVia(fsys, filepath.Dir(path), path, data, perm)
}

// writeAtomicVia is writeAtomic with the temp file in directory tmpDir, on
// the same filesystem as path (a rename between directories is as atomic).
// Only path's directory is fsynced: a crash may leave the temp file's
// entry, which cleanTemps removes.
func writeAtomicVia(fsys FS, tmpDir, path string, data []byte, perm os.FileMode) error {
	if err := fsys.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := writeTemp(fsys, tmpDir, path, data, perm, true)
	if err != nil {
		return err
	}
	if err := fsys.Rename(tmp, path); err != nil {
		fsys.Remove(tmp)
		return err
	}
	return fsys.Sync(filepath.Dir(path))
}

// writeTemp writes data to a new temp file in directory dir named after
// path, and returns its name; synced says to fsync it before it is closed.
// The temp file is removed on error.
func writeTemp(fsys FS, dir, path string, data []byte, perm os.FileMode, synced bool) (tmp string, err error) {
	f, err := fsys.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			f.Close()
			fsys.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if synced {
		if err = f.Sync(); err != nil {
			return "", fmt.Errorf("sync %s: %w", path, err)
		}
	}
	if err = f.Chmod(perm); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// syncAll fsyncs each of paths (a file's data, a directory's entries), on
// a goroutine each when there are several: ext4 (and most journaling
// filesystems) then commits them in one journal transaction, where one
// after another each waited for its own. The first error, in paths' order,
// is returned.
func syncAll(paths []string) error {
	if len(paths) == 1 {
		return syncPath(paths[0])
	}
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Go(func() { errs[i] = syncPath(p) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// syncPath makes what was written to a file, or a directory's entries,
// durable.
func syncPath(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	return nil
}

// AppendLog writes rec at offset at of the log at path (a file of records
// appended one after another), cutting whatever follows what the caller
// read of it (a torn record a crash left). synced says to fsync the log,
// and a new log's directory, for a log that must survive a power cut; a
// cache's log goes without.
func AppendLog(path string, at int64, rec []byte, synced bool) (err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if info.Size() != at {
		if err := f.Truncate(at); err != nil {
			return err
		}
	}
	if _, err := f.WriteAt(rec, at); err != nil {
		return err
	}
	if !synced {
		return nil
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if at == 0 {
		return OS{}.Sync(filepath.Dir(path))
	}
	return nil
}
