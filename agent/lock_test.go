package agent

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/journal"
)

// A command that waits for another run's lock says so once, then gives up
// with *journal.LockedError when the wait is over.
func TestLockAnnouncesWaitOnce(t *testing.T) {
	dir := t.TempDir()
	held, err := journal.AcquireLock(context.Background(), dir, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	var log bytes.Buffer
	a := New(Options{Dir: dir, Log: &log})
	_, err = a.Lock(context.Background(), 300*time.Millisecond)
	var locked *journal.LockedError
	if !errors.As(err, &locked) || locked.Waited != 300*time.Millisecond {
		t.Fatalf("got %v; want *journal.LockedError that waited 300ms (its hint says so)", err)
	}
	if n := strings.Count(log.String(), "waiting for the project lock"); n != 1 {
		t.Fatalf("announced %d times; want 1:\n%s", n, log.String())
	}
	log.Reset()
	if _, err := a.Lock(context.Background(), 0); !errors.As(err, &locked) || locked.Waited != 0 || log.Len() != 0 {
		t.Fatalf("without --wait: %v, log %q; want LockedError and no announcement", err, log.String())
	}
}
