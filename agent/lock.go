package agent

import (
	"context"
	"errors"
	"time"

	"github.com/storyd/storyd/journal"
)

// Lock takes the project lock for a command that changes the project,
// waiting up to wait for another run to finish (0: fail at once with
// *journal.LockedError, exit 75). A wait is announced once on the log, so a
// queued cron run is not mistaken for a hung one.
func (a *Agent) Lock(ctx context.Context, wait time.Duration) (*journal.Lock, error) {
	lock, err := journal.AcquireLock(ctx, a.Dir, 0, a.now())
	var locked *journal.LockedError
	if wait <= 0 || !errors.As(err, &locked) {
		return lock, err
	}
	a.logf("waiting for the project lock: %s…", locked.Error())
	return journal.AcquireLock(ctx, a.Dir, wait, a.now())
}

// lockRecovered takes the project's lock (waiting up to LockWait) and
// finishes a killed run's committed journal, for the commands that change
// the project outside a tick (undo, checkpoint, outline). The caller
// releases the lock.
func (a *Agent) lockRecovered(ctx context.Context) (*journal.Lock, error) {
	lock, err := a.Lock(ctx, a.LockWait)
	if err != nil {
		return nil, err
	}
	if _, err := journal.Recover(a.Dir); err != nil {
		lock.Release()
		return nil, err
	}
	return lock, nil
}
