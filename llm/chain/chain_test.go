package chain

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm"
)

// TestMaxRetriesZeroRetriesNone: llm.max_retries: 0 in storyd.yaml means
// no retry, as the person wrote it, not the client's default of four (its
// Options take 0 for "unset").
func TestMaxRetriesZeroRetriesNone(t *testing.T) {
	for _, tc := range []struct {
		retries, calls int
	}{{0, 1}, {-1, 1}, {1, 2}} {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			w.Header().Set("Retry-After", "0")
			http.Error(w, "busy", http.StatusServiceUnavailable)
		}))
		cfg := config.Default()
		cfg.LLM.Provider, cfg.LLM.BaseURL, cfg.LLM.APIKey, cfg.LLM.Model = "openai", srv.URL+"/v1", "k", "m"
		cfg.LLM.MaxRetries = tc.retries
		setup, err := OpenModel(cfg, t.TempDir(), "", nil, func() time.Time { return time.Unix(0, 0) })
		if err != nil {
			t.Fatal(err)
		}
		// Long enough for one retry's backoff, short of four.
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
		_, err = setup.Client.Complete(ctx, llm.Request{Role: "writer", Model: "m", Messages: []llm.Message{{Role: "user", Content: "hi"}}, MaxTokens: 5})
		cancel()
		srv.Close()
		if err == nil {
			t.Fatalf("max_retries %d: a server answering 503 gave no error", tc.retries)
		}
		if got := int(calls.Load()); got != tc.calls {
			t.Errorf("max_retries %d: %d requests, want %d", tc.retries, got, tc.calls)
		}
	}
}
