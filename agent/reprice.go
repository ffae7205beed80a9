package agent

import (
	"context"
	"slices"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
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

// Repriced says what Reprice changed.
type Repriced struct {
	Calls   int      // unpriced calls it priced
	Ticks   []int    // the ticks they belong to, ascending (0: calls outside a tick)
	Models  []string // the models it priced
	CostUSD float64  // what those calls cost at today's prices
	// Still counts the calls left unpriced: today's table has no price
	// for StillModels either.
	Still       int
	StillModels []string
}

// Reprice applies today's price table (storyd.yaml prices:) to the
// recorded token counts of the ledger's unpriced calls, the ones made
// while the table lacked their model. Calls priced when they were made
// keep the price they were made at. The ledger is rewritten atomically
// under the project lock, and only when something changed.
func (a *Agent) Reprice(ctx context.Context) (*Repriced, error) {
	lock, err := a.Lock(ctx, a.LockWait)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	entries, err := ReadLedger(a.Dir)
	if err != nil {
		return nil, err
	}
	prices := ledgerPrices(a.Config)
	r := &Repriced{}
	for i := range entries {
		e := &entries[i]
		if !e.Unpriced() {
			continue
		}
		p, ok := usage.PriceOf(prices, e.Model, e.Model)
		if !ok {
			r.Still++
			r.StillModels = addOnce(r.StillModels, e.Model)
			continue
		}
		e.CostUSD = p.Cost(llm.Usage{PromptTokens: e.PromptTokens, CachedPromptTokens: e.CachedPromptTokens, CompletionTokens: e.CompletionTokens})
		e.Priced = true
		r.Calls++
		r.CostUSD += e.CostUSD
		r.Models = addOnce(r.Models, e.Model)
		if !slices.Contains(r.Ticks, e.Tick) {
			r.Ticks = append(r.Ticks, e.Tick)
		}
	}
	slices.Sort(r.Ticks)
	slices.Sort(r.Models)
	slices.Sort(r.StillModels)
	if r.Calls == 0 {
		return r, nil
	}
	var data []byte
	for _, e := range entries {
		line, err := e.Line()
		if err != nil {
			return nil, err
		}
		data = append(data, line...)
	}
	return r, journal.NewLedgerFile(a.Dir).Replace(data)
}

func addOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
