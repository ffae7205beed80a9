package agent

import (
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
// anything, replaces the ledger atomically under the project lock, so no
// tick appends meanwhile.
func (a *Agent) Reprice(ctx context.Context) (usage.Repriced, error) {
	lock, err := a.Lock(ctx, a.LockWait)
	if err != nil {
		return usage.Repriced{}, err
	}
	defer lock.Release()
	entries, err := ReadLedger(a.Dir)
	if err != nil {
		return usage.Repriced{}, err
	}
	r := usage.Reprice(entries, ledgerPrices(a.Config))
	if r.Calls == 0 {
		return r, nil
	}
	data, err := usage.Lines(entries)
	if err != nil {
		return usage.Repriced{}, err
	}
	return r, journal.NewLedgerFile(a.Dir).Replace(data)
}
