package main

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/prompt"
)

// A batch of 20 ticks against a server that fails 30% of requests at
// random (seeded) commits every scene exactly once, and the ledger's totals
// equal the usage of the answers the server delivered.
func TestFlakyServerBatch(t *testing.T) {
	f := &fakeServer{dir: t.TempDir(), flaky: 0.3, rng: rand.New(rand.NewPCG(42, 7))}
	srv := httptest.NewServer(f)
	defer srv.Close()
	dir := copyExample(t)
	cfg, err := config.Load(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.LLM.Provider, cfg.LLM.Model, cfg.Retrieval.Enabled = "openai", "fake-model", false
	tok, err := prompt.NewTokenizer("cl100k_base")
	if err != nil {
		t.Fatal(err)
	}
	client, err := llm.NewOpenAI(llm.Options{
		BaseURL: srv.URL + "/v1", APIKey: "test-key", MaxRetries: 8,
		BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond,
		Rand: rand.New(rand.NewPCG(1, 2)),
	})
	if err != nil {
		t.Fatal(err)
	}
	model := &usage.Ledger{
		Next: &usage.Cache{Next: client, Store: journal.NewCacheStore(dir), Provider: "openai", PromptVersion: chain.PromptVersion},
		Out:  journal.NewLedgerFile(dir),
	}
	a := agent.New(agent.Options{Dir: dir, Config: cfg, Model: model, ModelName: "fake-model", Tok: tok})
	res, err := a.Run(context.Background(), agent.Batch{N: 20, MaxFailures: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Ticks) != 20 {
		t.Fatalf("%d ticks; want 20", len(res.Ticks))
	}
	if n := checkProject(t, dir); n != 20 {
		t.Fatalf("%d scenes; want 20", n)
	}
	entries, err := agent.ReadLedger(dir)
	if err != nil {
		t.Fatal(err)
	}
	total, _, _ := usage.Sum(entries)
	if total.PromptTokens != f.deliveredIn || total.CompletionTokens != f.deliveredOut {
		t.Fatalf("ledger %d in / %d out; the server delivered %d / %d", total.PromptTokens, total.CompletionTokens, f.deliveredIn, f.deliveredOut)
	}
	if f.requested <= total.Calls {
		t.Fatalf("%d requests for %d paid calls: the server failed nothing", f.requested, total.Calls)
	}
	t.Logf("%d requests, %d paid calls, %d scenes", f.requested, total.Calls, len(res.Ticks))
}
