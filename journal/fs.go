package journal

import (
	"io"
	"os"
	"path/filepath"
)

// FS is every file operation that changes the disk during a commit: the
// staged writes, the commit record, the renames into place, the directory
// fsyncs, state.json and the journal's removal. Tests inject an I/O error
// at each of them in turn (as SQLite's tests do) and check that the
// project ends up as before the commit or as after it, never between.
type FS interface {
	CreateTemp(dir, pattern string) (File, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	RemoveAll(name string) error
	MkdirAll(name string, perm os.FileMode) error
	// Sync makes durable what was written to each of paths: a file's
	// data, a directory's entries (a rename). They are synced at once, not
	// one after another: the filesystem's journal commits them together.
	Sync(paths ...string) error
}

// File is a temp file being written by WriteFileAtomic.
type File interface {
	io.Writer
	Name() string
	Sync() error
	Chmod(os.FileMode) error
	Close() error
}

// OS is the real file system.
type OS struct{}

func (OS) CreateTemp(dir, pattern string) (File, error) { return os.CreateTemp(dir, pattern) }
func (OS) Rename(oldpath, newpath string) error         { return os.Rename(oldpath, newpath) }
func (OS) Remove(name string) error                     { return os.Remove(name) }
func (OS) RemoveAll(name string) error                  { return os.RemoveAll(name) }
func (OS) MkdirAll(name string, perm os.FileMode) error { return os.MkdirAll(name, perm) }
func (OS) Sync(paths ...string) error                   { return syncAll(paths) }

// FaultFS is the real file system with a hook before every operation:
// when Fail returns an error, the operation fails with it (wrapped in a
// *os.PathError) and changes nothing. op is one of create, write, sync,
// chmod, close, rename, remove, removeall, mkdir (sync: a temp file's, or
// one of FS.Sync's paths). Tests and the soak script use it to fail each
// write and fsync of a commit in turn.
type FaultFS struct {
	Fail func(op, path string) error
}

func (f *FaultFS) check(op, path string) error {
	if err := f.Fail(op, path); err != nil {
		return &os.PathError{Op: op, Path: path, Err: err}
	}
	return nil
}

func (f *FaultFS) CreateTemp(dir, pattern string) (File, error) {
	if err := f.check("create", filepath.Join(dir, pattern)); err != nil {
		return nil, err
	}
	file, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f}, nil
}

func (f *FaultFS) Rename(oldpath, newpath string) error {
	if err := f.check("rename", newpath); err != nil {
		return err
	}
	return os.Rename(oldpath, newpath)
}

func (f *FaultFS) Remove(name string) error {
	if err := f.check("remove", name); err != nil {
		return err
	}
	return os.Remove(name)
}

func (f *FaultFS) RemoveAll(name string) error {
	if err := f.check("removeall", name); err != nil {
		return err
	}
	return os.RemoveAll(name)
}

func (f *FaultFS) MkdirAll(name string, perm os.FileMode) error {
	if err := f.check("mkdir", name); err != nil {
		return err
	}
	return os.MkdirAll(name, perm)
}

// Sync asks Fail about each path in turn, from this goroutine (a Fail
// need not be safe for concurrent use), before any is synced.
func (f *FaultFS) Sync(paths ...string) error {
	for _, p := range paths {
		if err := f.check("sync", p); err != nil {
			return err
		}
	}
	return syncAll(paths)
}

type faultFile struct {
	*os.File
	fs *FaultFS
}

func (f *faultFile) Write(p []byte) (int, error) {
	if err := f.fs.check("write", f.Name()); err != nil {
		return 0, err
	}
	return f.File.Write(p)
}

func (f *faultFile) Sync() error {
	if err := f.fs.check("sync", f.Name()); err != nil {
		return err
	}
	return f.File.Sync()
}

func (f *faultFile) Chmod(mode os.FileMode) error {
	if err := f.fs.check("chmod", f.Name()); err != nil {
		return err
	}
	return f.File.Chmod(mode)
}

func (f *faultFile) Close() error {
	if err := f.fs.check("close", f.Name()); err != nil {
		f.File.Close() // the descriptor is released either way
		return err
	}
	return f.File.Close()
}
