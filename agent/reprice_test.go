package agent

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/project"
)

// Reprice prices only the unpriced calls whose model today's table has,
// keeps what priced calls cost when they were made, and leaves a ledger
// that reads back whole.
func TestReprice(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, project.StateDir), 0o755); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var ledger []byte
	for _, e := range []usage.Entry{
		{Time: at, Tick: 1, Role: "writer", Model: "m", PromptTokens: 1_000_000, CostUSD: 5, Priced: true},
		{Time: at, Tick: 2, Role: "writer", Model: "m", PromptTokens: 1_000_000, CompletionTokens: 500_000},
		{Time: at, Tick: 2, Role: "planner", Model: "x", PromptTokens: 10},
		{Time: at, Tick: 3, Role: "writer", Model: "m", PromptTokens: 10, FromCache: true},
	} {
		line, err := e.Line()
		if err != nil {
			t.Fatal(err)
		}
		ledger = append(ledger, line...)
	}
	path := filepath.Join(dir, project.StateDir, "ledger.jsonl")
	if err := os.WriteFile(path, ledger, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Prices = map[string]config.Price{"m": {Input: 2, Output: 10}}
	a := New(Options{Dir: dir, Config: cfg})
	r, err := a.Reprice(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Calls != 1 || len(r.Ticks) != 1 || r.Ticks[0] != 2 || math.Abs(r.CostUSD-7) > 1e-9 || r.Still != 1 || r.StillModels[0] != "x" {
		t.Errorf("Reprice = %+v; want 1 call of tick 2 at $7, 1 left for x", r)
	}
	entries, err := ReadLedger(dir)
	if err != nil || len(entries) != 4 {
		t.Fatalf("ledger after = %d entries, %v", len(entries), err)
	}
	total, _, _ := usage.Sum(entries)
	if math.Abs(total.CostUSD-12) > 1e-9 || total.Unpriced != 1 {
		t.Errorf("totals after = %+v; want $12 (5 kept + 7 repriced), 1 unpriced", total)
	}
	again, err := a.Reprice(context.Background())
	if err != nil || again.Calls != 0 {
		t.Errorf("second Reprice = %+v, %v; want nothing", again, err)
	}
}
