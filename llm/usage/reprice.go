package usage

import (
	"bytes"
	"slices"

	"github.com/storyd/storyd/llm"
)

// Repriced says what Reprice changed.
type Repriced struct {
	Calls   int      // unpriced calls it priced
	Ticks   []int    // the ticks they belong to, ascending (0: calls outside a tick)
	Models  []string // the models it priced
	CostUSD float64  // what those calls cost at the prices given
	// Still counts the calls left unpriced: prices has nothing for
	// StillModels either.
	Still       int
	StillModels []string
}

// Reprice prices, in place, the unpriced entries whose model prices has,
// at the recorded token counts. Entries priced when they were made keep
// the price they were made at.
func Reprice(entries []Entry, prices map[string]Price) Repriced {
	var r Repriced
	for i := range entries {
		e := &entries[i]
		if !e.Unpriced() {
			continue
		}
		p, ok := PriceOf(prices, e.Model, e.Model)
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
		r.Ticks = addOnce(r.Ticks, e.Tick)
	}
	slices.Sort(r.Ticks)
	slices.Sort(r.Models)
	slices.Sort(r.StillModels)
	return r
}

// RepriceLedger is Reprice over a whole ledger's bytes: the ledger as it
// reads after the repricing (a torn last line dropped), and what changed.
func RepriceLedger(ledger []byte, prices map[string]Price) ([]byte, Repriced, error) {
	entries, err := ReadLedger(bytes.NewReader(ledger))
	if err != nil {
		return nil, Repriced{}, err
	}
	r := Reprice(entries, prices)
	data, err := Lines(entries)
	return data, r, err
}

// Lines renders entries as a whole ledger, one line each.
func Lines(entries []Entry) ([]byte, error) {
	var data []byte
	for _, e := range entries {
		line, err := e.Line()
		if err != nil {
			return nil, err
		}
		data = append(data, line...)
	}
	return data, nil
}

// Unpriced lists the ticks and the models of the unpriced calls among
// entries, ascending: what `storyd status` tells to add to prices:.
func Unpriced(entries []Entry) (ticks []int, models []string) {
	for _, e := range entries {
		if e.Unpriced() {
			ticks = addOnce(ticks, e.Tick)
			models = addOnce(models, e.Model)
		}
	}
	slices.Sort(ticks)
	slices.Sort(models)
	return ticks, models
}

func addOnce[T comparable](list []T, v T) []T {
	if slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}
