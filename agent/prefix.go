package agent

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// packPrefixPath is where a tick keeps the fingerprint of the pack it sent
// for a role (writer, planner, extractor), so that `context --explain` can
// say how much of the next pack a provider's prompt cache could reuse.
func packPrefixPath(dir, role string) string {
	return filepath.Join(dir, project.StateDir, "prefix-"+role+".txt")
}

// savePrefix records the pack's fingerprint. It is advice only: a failure
// is logged, never fatal, and one lost to a crash only makes the next
// explain compare with an older pack; so it is not synced (three times a
// tick).
func (a *Agent) savePrefix(pack *prompt.Pack) {
	if err := journal.WriteFileUnsynced(packPrefixPath(a.Dir, pack.Role), pack.Fingerprint(), 0o644); err != nil {
		a.logf("warning: keeping the %s pack's fingerprint: %v", pack.Role, err)
	}
}

// PrefixShare reports how many bytes at the start of pack are identical to
// the last tick's pack of the same role in the project at dir, and the
// pack's size; ok is false when no tick has recorded one yet.
func PrefixShare(dir string, pack *prompt.Pack) (shared, total int, ok bool, err error) {
	prev, err := os.ReadFile(packPrefixPath(dir, pack.Role))
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	shared, total = pack.SharedPrefix(prev)
	return shared, total, true, nil
}
