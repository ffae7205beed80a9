package agent

import (
	"context"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/usage"
)

// Reprice applies today's price table (storyd.yaml prices:) to the
// ledger's unpriced calls (usage.RepriceLedger) and, when that changed
// anything, replaces the ledger atomically. It holds the project lock, so
// no tick appends meanwhile, and the ledger's own lock (LedgerFile.Rewrite)
// from the read to the rename, for the calls of storyd plan and context,
// which take no project lock.
func (a *Agent) Reprice(ctx context.Context) (usage.Repriced, error) {
	lock, err := a.Lock(ctx, a.LockWait)
	if err != nil {
		return usage.Repriced{}, err
	}
	defer lock.Release()
	var r usage.Repriced
	err = journal.NewLedgerFile(a.Dir).Rewrite(func(old []byte) (data []byte, changed bool, err error) {
		data, r, err = usage.RepriceLedger(old, usage.PricesFrom(a.Config.Prices))
		return data, r.Calls > 0, err
	})
	return r, err
}
