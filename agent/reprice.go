package agent

import (
	"bytes"
	"context"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/usage"
)

// ledgerPrices is storyd.yaml's price table as the ledger reads it.
func ledgerPrices(cfg *config.Config) map[string]usage.Price {
	prices := map[string]usage.Price{}
	for m, p := range cfg.Prices {
		prices[m] = usage.Price{InputPerM: p.Input, CachedInputPerM: p.CachedInput, OutputPerM: p.Output}
	}
	return prices
}

// Reprice applies today's price table (storyd.yaml prices:) to the
// ledger's unpriced calls (usage.Reprice) and, when that changed
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
	err = journal.NewLedgerFile(a.Dir).Rewrite(func(old []byte) ([]byte, bool, error) {
		entries, err := usage.ReadLedger(bytes.NewReader(old))
		if err != nil {
			return nil, false, err
		}
		if r = usage.Reprice(entries, ledgerPrices(a.Config)); r.Calls == 0 {
			return nil, false, nil
		}
		data, err := usage.Lines(entries)
		return data, true, err
	})
	if err != nil {
		return usage.Repriced{}, err
	}
	return r, nil
}
