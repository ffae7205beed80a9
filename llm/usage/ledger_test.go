package usage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/llmtest"
)

// memLog is an in-memory Appender.
type memLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (m *memLog) Append(line []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.b.Write(line)
	return nil
}

func (m *memLog) bytes() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]byte(nil), m.b.Bytes()...)
}

var fixedNow = func() time.Time { return time.Date(2025, 3, 4, 5, 6, 7, 0, time.FixedZone("X", 3600)) }

func TestLedgerRoundTrip(t *testing.T) {
	next := &countingModel{resp: llm.Response{Content: "x", Model: "gpt-4o-2024-08-06", Latency: 1500 * time.Millisecond,
		Usage: llm.Usage{PromptTokens: 1_000_000, CachedPromptTokens: 400_000, CompletionTokens: 100_000}}}
	log := &memLog{}
	l := &Ledger{Next: next, Out: log, Now: fixedNow, Prices: map[string]Price{"gpt-4o": {InputPerM: 2.5, CachedInputPerM: 1.25, OutputPerM: 10}}}
	r := simpleRequest()
	r.Model = "gpt-4o-latest" // not priced; the served model's prefix is
	if _, err := l.Complete(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	entries, err := ReadLedger(bytes.NewReader(log.bytes()))
	if err != nil {
		t.Fatal(err)
	}
	want := Entry{Time: fixedNow().UTC(), Tick: 7, Role: "writer", Model: "gpt-4o-2024-08-06",
		PromptTokens: 1_000_000, CachedPromptTokens: 400_000, CompletionTokens: 100_000, LatencyMS: 1500,
		CostUSD: 0.6*2.5 + 0.4*1.25 + 0.1*10, Priced: true}
	if len(entries) != 1 {
		t.Fatalf("got %d entries; want 1", len(entries))
	}
	got := entries[0]
	if math.Abs(got.CostUSD-want.CostUSD) > 1e-9 {
		t.Errorf("got cost %v; want %v", got.CostUSD, want.CostUSD)
	}
	got.CostUSD = want.CostUSD
	if !got.Time.Equal(want.Time) {
		t.Errorf("got time %v; want %v", got.Time, want.Time)
	}
	got.Time = want.Time
	if got != want {
		t.Errorf("got %+v; want %+v", got, want)
	}
	if !strings.HasPrefix(string(log.bytes()), `{"time":"2025-03-04T04:06:07Z"`) || !strings.HasSuffix(string(log.bytes()), "}\n") {
		t.Errorf("got line %q; want one JSON line starting with the UTC time", log.bytes())
	}
}

func TestLedgerSkipsFailedCalls(t *testing.T) {
	log := &memLog{}
	l := &Ledger{Next: &countingModel{err: &llm.Error{Kind: llm.KindTimeout}}, Out: log}
	if _, err := l.Complete(context.Background(), simpleRequest()); err == nil {
		t.Fatal("got nil error; want the model's error")
	}
	if len(log.bytes()) != 0 {
		t.Errorf("got ledger %q; want nothing for a failed call", log.bytes())
	}
}

func TestReadLedgerTornLines(t *testing.T) {
	a := `{"time":"2025-01-01T00:00:00Z","tick":1,"role":"writer","model":"m","prompt_tokens":10,"cached_prompt_tokens":0,"completion_tokens":5,"estimated":false,"from_cache":false,"latency_ms":1,"cost_usd":0.5}`
	b := `{"time":"2025-01-01T00:00:01Z","tick":2,"role":"planner","model":"m","prompt_tokens":20,"cached_prompt_tokens":0,"completion_tokens":6,"estimated":false,"from_cache":false,"latency_ms":1,"cost_usd":0.25}`
	tests := []struct {
		name  string
		in    string
		ticks []int
		err   string
	}{
		{"clean", a + "\n" + b + "\n", []int{1, 2}, ""},
		{"torn last line", a + "\n" + b[:40], []int{1}, ""},
		{"torn then appended", a + "\n" + b[:50] + a + "\n" + b + "\n", []int{1, 1, 2}, ""},
		{"blank lines", "\n" + a + "\n\n", []int{1}, ""},
		{"empty", "", nil, ""},
		{"garbage in the middle", a + "\nnot json\n" + b + "\n", nil, "ledger:2:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es, err := ReadLedger(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v; want an error containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var ticks []int
			for _, e := range es {
				ticks = append(ticks, e.Tick)
			}
			if fmt.Sprint(ticks) != fmt.Sprint(tt.ticks) {
				t.Errorf("got ticks %v; want %v", ticks, tt.ticks)
			}
		})
	}
}

func TestSumExcludesCacheHits(t *testing.T) {
	es := []Entry{
		{Tick: 1, Role: "planner", PromptTokens: 100, CompletionTokens: 10, CostUSD: 1},
		{Tick: 1, Role: "writer", PromptTokens: 200, CachedPromptTokens: 50, CompletionTokens: 20, CostUSD: 2},
		{Tick: 2, Role: "writer", PromptTokens: 200, CompletionTokens: 20, FromCache: true},
		{Tick: 2, Role: "planner", PromptTokens: 1, CompletionTokens: 2, CostUSD: 0.5},
	}
	total, byRole, byTick := Sum(es)
	if want := (Totals{Calls: 3, CacheHits: 1, PromptTokens: 301, CachedPromptTokens: 50, CompletionTokens: 32, CostUSD: 3.5}); total != want {
		t.Errorf("got total %+v; want %+v", total, want)
	}
	if want := (Totals{Calls: 1, CacheHits: 1, PromptTokens: 200, CachedPromptTokens: 50, CompletionTokens: 20, CostUSD: 2}); byRole["writer"] != want {
		t.Errorf("got writer %+v; want %+v", byRole["writer"], want)
	}
	if want := (Totals{Calls: 1, CacheHits: 1, PromptTokens: 1, CompletionTokens: 2, CostUSD: 0.5}); byTick[2] != want {
		t.Errorf("got tick 2 %+v; want %+v", byTick[2], want)
	}
}

// A paid call without a price is unpriced, not free: the totals count it
// apart and say so; a ledger line older than the priced field reads as
// priced when it has a cost, and the stand-in's calls are never unpriced.
func TestUnpricedCalls(t *testing.T) {
	next := &countingModel{resp: llm.Response{Content: "x", Model: "local-llama", Usage: llm.Usage{PromptTokens: 10, CompletionTokens: 5}}}
	log := &memLog{}
	l := &Ledger{Next: next, Out: log, Now: fixedNow, Prices: map[string]Price{"gpt-4o": {InputPerM: 1}}}
	r := simpleRequest()
	r.Model = "local-llama"
	if _, err := l.Complete(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	old := `{"time":"2025-01-01T00:00:00Z","tick":1,"role":"writer","model":"gpt-4o","prompt_tokens":10,"completion_tokens":5,"from_cache":false,"cost_usd":0.5}` + "\n" +
		`{"time":"2025-01-01T00:00:00Z","tick":1,"role":"planner","model":"gpt-4o","prompt_tokens":10,"completion_tokens":5,"from_cache":false,"cost_usd":0}` + "\n" +
		`{"time":"2025-01-01T00:00:00Z","tick":1,"role":"planner","model":"offline","prompt_tokens":10,"completion_tokens":5,"from_cache":false,"cost_usd":0}` + "\n"
	entries, err := ReadLedger(strings.NewReader(old + string(log.bytes())))
	if err != nil {
		t.Fatal(err)
	}
	var unpriced []bool
	for _, e := range entries {
		unpriced = append(unpriced, e.Unpriced())
	}
	if want := []bool{false, true, false, true}; !slices.Equal(unpriced, want) {
		t.Errorf("unpriced = %v; want %v", unpriced, want)
	}
	if ticks, models := Unpriced(entries); !slices.Equal(ticks, []int{1, 7}) || !slices.Equal(models, []string{"gpt-4o", "local-llama"}) {
		t.Errorf("Unpriced = %v, %v; want [1 7], [gpt-4o local-llama]", ticks, models)
	}
	total, _, _ := Sum(entries)
	if total.Unpriced != 2 || total.CostText() != "$0.50 + 2 unpriced calls" {
		t.Errorf("total = %+v, %q", total, total.CostText())
	}
	if got := (Totals{Calls: 2, Unpriced: 2}).CostText(); got != "unpriced" {
		t.Errorf("all unpriced: %q", got)
	}
	if got := (Totals{Calls: 2, Unpriced: 1, CostUSD: 0.004}).CostText(); got != "$0.004 + 1 unpriced call" {
		t.Errorf("one unpriced: %q", got)
	}
	if got := (Totals{Calls: 2, CacheHits: 3}).CostText(); got != "$0" {
		t.Errorf("offline or cached: %q", got)
	}
}

func TestChainRecordsCacheHitsAtNoCost(t *testing.T) {
	log := &memLog{}
	next := &countingModel{resp: llm.Response{Content: "x", Model: "m", Usage: llm.Usage{PromptTokens: 1000, CompletionTokens: 1000}}}
	l := &Ledger{Next: &Cache{Next: next, Store: &memStore{}, Provider: "p"}, Out: log, Now: fixedNow, Prices: map[string]Price{"gpt-4o": {InputPerM: 1, OutputPerM: 1}}}
	r := simpleRequest()
	for i := 0; i < 2; i++ {
		if _, err := l.Complete(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	es, err := ReadLedger(bytes.NewReader(log.bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].FromCache || !es[1].FromCache || es[1].CostUSD != 0 || es[0].CostUSD != 0.002 {
		t.Fatalf("got %+v; want a paid entry (0.002 USD) then a free cache hit", es)
	}
	total, _, _ := Sum(es)
	if total.PromptTokens != 1000 || total.Calls != 1 || total.CacheHits != 1 {
		t.Errorf("got %+v; want the tokens of the paid call only", total)
	}
}

// TestFlakyServerBatch runs 20 concurrent calls against a server that fails
// 30% of requests in assorted ways. Whether a request fails depends only on
// (seed, call, attempt), so the run is deterministic despite concurrency.
func TestFlakyServerBatch(t *testing.T) {
	var mu sync.Mutex
	attempts := map[string]int{}
	failures := 0
	modes := map[uint64]bool{}
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		call := r.Header.Get("X-Storyd-Tick")
		mu.Lock()
		a := attempts[call]
		attempts[call]++
		mu.Unlock()
		h := sha256.Sum256([]byte(fmt.Sprintf("seed-2/%s/%d", call, a)))
		roll := binary.BigEndian.Uint64(h[:8])
		if roll%100 < 30 {
			mu.Lock()
			failures++
			modes[roll%5] = true
			mu.Unlock()
			switch roll % 5 {
			case 0:
				llmtest.APIError(w, 500, "", "server_error", "boom")
			case 1:
				w.Header().Set("Retry-After", "0")
				llmtest.APIError(w, 429, "rate_limit_exceeded", "requests", "slow down")
			case 2:
				w.WriteHeader(503)
			case 3: // drop the connection
				conn, _, err := w.(http.Hijacker).Hijack()
				if err == nil {
					conn.Close()
				}
			default: // a truncated body
				w.Header().Set("Content-Length", "500")
				io.WriteString(w, `{"choices":[`)
			}
			return
		}
		tick, _ := strconv.Atoi(call)
		llmtest.ChatOK(w, "answer "+call, 100+tick, 10+tick)
	}))
	t.Cleanup(srv.Close)
	c, err := llm.NewOpenAI(llm.Options{
		BaseURL: srv.URL + "/v1", APIKey: "sk-test-secret", HTTPClient: srv.Client(), MaxRetries: 10,
		Rand:           rand.New(rand.NewPCG(1, 2)),
		Sleep:          func(ctx context.Context, d time.Duration) error { return ctx.Err() },
		AttemptTimeout: 5 * time.Second,
		Now:            fixedNow,
	})
	if err != nil {
		t.Fatal(err)
	}
	log := &memLog{}
	l := &Ledger{Next: c, Out: log, Now: fixedNow, Prices: map[string]Price{"gpt-4o": {InputPerM: 1, OutputPerM: 2}}}

	var wg sync.WaitGroup
	resps := make([]llm.Response, 20)
	errs := make([]error, 20)
	for i := range resps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := simpleRequest()
			r.Tick = i + 1
			resps[i], errs[i] = l.Complete(context.Background(), r)
		}()
	}
	wg.Wait()
	var want Totals
	for i, err := range errs {
		if err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
		if got := resps[i].Content; got != fmt.Sprintf("answer %d", i+1) {
			t.Errorf("call %d: got %q", i+1, got)
		}
		want.Calls++
		want.PromptTokens += resps[i].Usage.PromptTokens
		want.CachedPromptTokens += resps[i].Usage.CachedPromptTokens
		want.CompletionTokens += resps[i].Usage.CompletionTokens
	}
	if len(modes) != 5 {
		t.Fatalf("only failure modes %v were injected; want all 5 (change the seed)", modes)
	}
	es, err := ReadLedger(bytes.NewReader(log.bytes()))
	if err != nil {
		t.Fatal(err)
	}
	total, _, byTick := Sum(es)
	want.CostUSD = total.CostUSD
	if total != want {
		t.Errorf("got ledger totals %+v; want %+v", total, want)
	}
	wantCost := (float64(want.PromptTokens-want.CachedPromptTokens)*1 + float64(want.CachedPromptTokens)*1 + float64(want.CompletionTokens)*2) / 1e6
	if math.Abs(total.CostUSD-wantCost) > 1e-12 {
		t.Errorf("got cost %v; want %v", total.CostUSD, wantCost)
	}
	if len(byTick) != 20 {
		t.Errorf("got %d ticks in the ledger; want 20", len(byTick))
	}
	t.Logf("%d requests, %d injected failures", requests.Load(), failures)
}

// simpleRequest is a small writer call.
func simpleRequest() llm.Request {
	return llm.Request{
		Role: "writer", Tick: 7, Model: "gpt-4o", MaxTokens: 100,
		Messages: []llm.Message{{Role: "system", Content: "You write."}, {Role: "user", Content: "Write about Alice."}},
	}
}
