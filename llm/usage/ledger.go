package usage

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
)

// Entry is one line of the usage ledger.
type Entry struct {
	Time               time.Time `json:"time"`
	Tick               int       `json:"tick"`
	Role               string    `json:"role"`
	Model              string    `json:"model"`
	PromptTokens       int       `json:"prompt_tokens"`
	CachedPromptTokens int       `json:"cached_prompt_tokens"`
	CompletionTokens   int       `json:"completion_tokens"`
	Estimated          bool      `json:"estimated"`
	FromCache          bool      `json:"from_cache"`
	LatencyMS          int64     `json:"latency_ms"`
	CostUSD            float64   `json:"cost_usd"`
	// Priced says the price table had the model when the call was made
	// (or repriced): a paid call without it cost an unknown amount, not
	// $0. Ledgers older than the field read as priced when they have a
	// cost, and the stand-in's calls are free.
	Priced bool `json:"priced,omitempty"`
}

// Line is the entry as one ledger line, newline included.
func (e Entry) Line() ([]byte, error) {
	line, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("llm: ledger: %w", err)
	}
	return append(line, '\n'), nil
}

// Unpriced reports a paid call whose cost is unknown: the price table had
// no price for its model.
func (e Entry) Unpriced() bool {
	return !e.FromCache && !e.Priced && e.CostUSD == 0 && e.Model != offline.ModelName
}

// Appender appends one line durably. Package journal implements it with
// O_APPEND and fsync.
type Appender interface {
	Append(line []byte) error
}

// Price is a model's price in USD per million tokens. A zero
// CachedInputPerM means cached input costs the same as input.
type Price struct {
	InputPerM, CachedInputPerM, OutputPerM float64
}

// PricesFrom is storyd.yaml's price table as the ledger reads it.
func PricesFrom(table map[string]config.Price) map[string]Price {
	prices := make(map[string]Price, len(table))
	for m, p := range table {
		prices[m] = Price{InputPerM: p.Input, CachedInputPerM: p.CachedInput, OutputPerM: p.Output}
	}
	return prices
}

// Ledger records the usage of every successful call as one JSON line.
type Ledger struct {
	Next   llm.Completer
	Out    Appender
	Prices map[string]Price // by model name; a served "gpt-4o-2024-08-06" also matches "gpt-4o"
	Now    func() time.Time
}

// Complete asks Next and appends an Entry for a successful answer.
func (l *Ledger) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	resp, err := l.Next.Complete(ctx, r)
	if err != nil {
		return resp, err
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	model := resp.Model
	if model == "" {
		model = r.Model
	}
	e := Entry{
		Time:               now().UTC(),
		Tick:               r.Tick,
		Role:               r.Role,
		Model:              model,
		PromptTokens:       resp.Usage.PromptTokens,
		CachedPromptTokens: resp.Usage.CachedPromptTokens,
		CompletionTokens:   resp.Usage.CompletionTokens,
		Estimated:          resp.Usage.Estimated,
		FromCache:          resp.FromCache,
		LatencyMS:          resp.Latency.Milliseconds(),
	}
	if !resp.FromCache {
		if p, ok := PriceOf(l.Prices, r.Model, resp.Model); ok {
			e.CostUSD, e.Priced = p.Cost(resp.Usage), true
		}
	}
	line, err := e.Line()
	if err != nil {
		return llm.Response{}, err
	}
	if err := l.Out.Append(line); err != nil {
		return llm.Response{}, fmt.Errorf("llm: ledger: %w", err)
	}
	return resp, nil
}

// PriceOf finds a call's price: the requested model's, else the served
// model's, else the longest model name the served one starts with
// ("gpt-4o-2024-08-06" is priced as "gpt-4o").
func PriceOf(prices map[string]Price, requested, served string) (Price, bool) {
	if p, ok := prices[requested]; ok {
		return p, true
	}
	if p, ok := prices[served]; ok {
		return p, true
	}
	best, found := "", false
	for name := range prices {
		if strings.HasPrefix(served, name) && len(name) > len(best) {
			best, found = name, true
		}
	}
	return prices[best], found
}

// Cost is what u costs at p, in USD.
func (p Price) Cost(u llm.Usage) float64 {
	cached := p.CachedInputPerM
	if cached == 0 {
		cached = p.InputPerM
	}
	uncached := u.PromptTokens - u.CachedPromptTokens
	if uncached < 0 {
		uncached = 0
	}
	return (float64(uncached)*p.InputPerM + float64(u.CachedPromptTokens)*cached + float64(u.CompletionTokens)*p.OutputPerM) / 1e6
}

// entryStart begins every ledger line; it lets ReadLedger recover a line
// appended after a torn one.
var entryStart = []byte(`{"time":`)

// ReadLedger parses a ledger. A torn last line (a crash mid-append) is
// skipped, and so is a torn fragment that a later append continued on the
// same line; anything else malformed is an error naming the line.
func ReadLedger(r io.Reader) ([]Entry, error) {
	br := bufio.NewReader(r)
	var out []Entry
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("llm: ledger: %w", err)
		}
		terminated := err == nil
		line = bytes.TrimSpace(line)
		if len(line) > 0 {
			var e Entry
			perr := json.Unmarshal(line, &e)
			if perr != nil {
				if i := bytes.LastIndex(line, entryStart); i > 0 {
					perr = json.Unmarshal(line[i:], &e)
				}
			}
			switch {
			case perr == nil:
				out = append(out, e)
			case !terminated:
				// torn last line: the crash happened mid-append
			default:
				return nil, fmt.Errorf("llm: ledger:%d: %v", n, perr)
			}
		}
		if !terminated {
			return out, nil
		}
	}
}

// Totals adds up ledger entries. Calls and token counts cover paid calls
// only; CacheHits counts answers served from the cache.
type Totals struct {
	Calls              int     `json:"calls"`
	CacheHits          int     `json:"cache_hits"`
	PromptTokens       int     `json:"prompt_tokens"`
	CachedPromptTokens int     `json:"cached_prompt_tokens"`
	CompletionTokens   int     `json:"completion_tokens"`
	CostUSD            float64 `json:"cost_usd"`
	LatencyMS          int64   `json:"latency_ms"` // model time of the paid calls
	// Unpriced counts the paid calls whose model had no price: CostUSD
	// leaves them out (see Entry.Unpriced).
	Unpriced int `json:"unpriced_calls,omitempty"`
}

// CostText is the cost as people read it: "$0.12"; "unpriced" when no paid
// call had a price; "$0.12 + 3 unpriced calls" when some had none.
func (t Totals) CostText() string {
	switch {
	case t.Unpriced == 0:
		return config.USD(t.CostUSD)
	case t.Unpriced == t.Calls && t.CostUSD == 0:
		return "unpriced"
	case t.Unpriced == 1:
		return config.USD(t.CostUSD) + " + 1 unpriced call"
	}
	return fmt.Sprintf("%s + %d unpriced calls", config.USD(t.CostUSD), t.Unpriced)
}

func (t *Totals) add(e Entry) {
	if e.FromCache {
		t.CacheHits++ // paid for before; counting the tokens again would double them
		return
	}
	t.Calls++
	t.PromptTokens += e.PromptTokens
	t.CachedPromptTokens += e.CachedPromptTokens
	t.CompletionTokens += e.CompletionTokens
	t.CostUSD += e.CostUSD
	t.LatencyMS += e.LatencyMS
	if e.Unpriced() {
		t.Unpriced++
	}
}

// Sum totals entries overall, by role and by tick.
func Sum(entries []Entry) (total Totals, byRole map[string]Totals, byTick map[int]Totals) {
	byRole = map[string]Totals{}
	byTick = map[int]Totals{}
	for _, e := range entries {
		total.add(e)
		r := byRole[e.Role]
		r.add(e)
		byRole[e.Role] = r
		t := byTick[e.Tick]
		t.add(e)
		byTick[e.Tick] = t
	}
	return total, byRole, byTick
}

// Forget passes through to the next layer when it can forget (a Cache).
func (l *Ledger) Forget(r llm.Request) error {
	if f, ok := l.Next.(interface{ Forget(llm.Request) error }); ok {
		return f.Forget(r)
	}
	return nil
}
