package journal

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/storyd/storyd/project"

	"github.com/gofrs/flock"
)

// Lock is the project lock: flock on .storyd/lock. The file is never
// deleted (deleting a flock'd file lets a second process lock a new inode).
type Lock struct {
	fl   *flock.Flock
	path string
}

// LockedError says another storyd holds the project (exit 75: try later).
type LockedError struct {
	PID   int
	Since time.Time
	// Waited is how long this run waited for the lock (--wait), 0 if not.
	Waited time.Duration
}

func (e *LockedError) Error() string {
	if e.PID == 0 {
		return "project locked by another storyd"
	}
	// Not "tick": undo, reindex, checkpoint, a search saving the index hold it too.
	return fmt.Sprintf("project in use by another storyd (pid %d) since %s", e.PID, e.Since.Format(time.RFC3339))
}

// AcquireLock takes the project lock. With wait 0 it fails at once with a
// *LockedError; otherwise it retries until wait has passed or ctx ends.
func AcquireLock(ctx context.Context, dir string, wait time.Duration, now time.Time) (*Lock, error) {
	if err := os.MkdirAll(filepath.Join(dir, project.StateDir), 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, project.StateDir, "lock")
	fl := flock.New(path)
	ok, err := fl.TryLock()
	if err != nil {
		return nil, err
	}
	if !ok && wait > 0 {
		wctx, cancel := context.WithTimeout(ctx, wait)
		ok, err = fl.TryLockContext(wctx, 200*time.Millisecond)
		cancel()
		if err != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	if !ok {
		e := readLockInfo(path)
		e.Waited = wait
		return nil, e
	}
	// Who holds it and since when, for the message a second process prints:
	// one fixed-size write at offset 0, so a reader never sees half of it.
	info := fmt.Sprintf("%-63s\n", fmt.Sprintf("%d %s", os.Getpid(), now.UTC().Format(time.RFC3339)))
	if f, err := os.OpenFile(path, os.O_WRONLY, 0o644); err == nil {
		f.WriteAt([]byte(info), 0)
		f.Close()
	}
	return &Lock{fl: fl, path: path}, nil
}

// readLockInfo reads who holds the lock. The holder writes it just after
// locking, so a reader that comes in between waits briefly for it.
func readLockInfo(path string) *LockedError {
	e := &LockedError{}
	for try := 0; try < 10; try++ {
		data, _ := os.ReadFile(path)
		f := strings.Fields(string(data))
		if len(f) == 2 {
			e.PID, _ = strconv.Atoi(f[0])
			e.Since, _ = time.Parse(time.RFC3339, f[1])
			if e.PID > 0 {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return e
}

// Release unlocks; the lock file stays.
func (l *Lock) Release() error { return l.fl.Unlock() }

// commitLockFile serialises readers with the apply of a commit. The
// project lock cannot: a tick holds it for minutes of model calls, and
// readers (export, validate, status) must not wait for those. The apply
// holds this one exclusively, from the commit record until the journal is
// gone (milliseconds); Load holds it shared. So a reader sees the state
// before a commit or after it, never the files half-renamed, and a killed
// writer releases it with its process.
const commitLockFile = "commit.lock"

// lockCommit takes the commit lock, shared for a reader. A reader of a
// project without .storyd/ (nothing was ever committed) or on a read-only
// disk reads without it: there is no writer to wait for.
func lockCommit(dir string, exclusive bool) (unlock func(), err error) {
	sd := filepath.Join(dir, project.StateDir)
	if !exclusive {
		if _, err := os.Stat(sd); err != nil {
			return func() {}, nil
		}
	} else if err := os.MkdirAll(sd, 0o755); err != nil {
		return nil, err
	}
	fl := flock.New(filepath.Join(sd, commitLockFile))
	if exclusive {
		err = fl.Lock()
	} else {
		err = fl.RLock()
	}
	if err != nil {
		if !exclusive && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
			return func() {}, nil
		}
		return nil, fmt.Errorf("commit lock: %w", err)
	}
	return func() { fl.Unlock() }, nil
}
