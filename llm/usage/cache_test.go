package usage

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/storyd/storyd/llm"
)

// memStore is an in-memory Store.
type memStore struct {
	mu   sync.Mutex
	m    map[string][]byte
	puts int
	err  error
}

func (s *memStore) Get(key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[key]
	return b, ok, nil
}

func (s *memStore) Put(key string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	if s.m == nil {
		s.m = map[string][]byte{}
	}
	s.m[key] = append([]byte(nil), data...)
	s.puts++
	return nil
}

// countingModel answers with a fixed response and counts calls.
type countingModel struct {
	calls int
	resp  llm.Response
	err   error
}

func (c *countingModel) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	c.calls++
	return c.resp, c.err
}

func TestCacheMissThenHit(t *testing.T) {
	next := &countingModel{resp: llm.Response{Content: "The answer.", FinishReason: "length", Model: "gpt-x", Usage: llm.Usage{PromptTokens: 10, CompletionTokens: 5}}}
	store := &memStore{}
	c := &Cache{Next: next, Store: store, Provider: "openai", PromptVersion: "v1"}
	r := simpleRequest()

	first, err := c.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if first.FromCache || store.puts != 1 {
		t.Errorf("first call: FromCache=%v puts=%d; want false, 1", first.FromCache, store.puts)
	}
	var deltas []string
	r.OnDelta = func(s string) { deltas = append(deltas, s) }
	r.Tick, r.Role = 99, "other" // neither is part of the key
	second, err := c.Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if next.calls != 1 {
		t.Errorf("got %d model calls; want 1", next.calls)
	}
	want := first
	want.FromCache = true
	if second != want {
		t.Errorf("got %+v; want %+v", second, want)
	}
	if len(deltas) != 1 || deltas[0] != "The answer." {
		t.Errorf("got deltas %q; want the full content once", deltas)
	}
}

func TestCacheDoesNotCacheErrors(t *testing.T) {
	next := &countingModel{err: &llm.Error{Kind: llm.KindUnavailable}}
	store := &memStore{}
	c := &Cache{Next: next, Store: store}
	for i := 0; i < 2; i++ {
		if _, err := c.Complete(context.Background(), simpleRequest()); err == nil {
			t.Fatal("got nil error; want the model's error")
		}
	}
	if next.calls != 2 || store.puts != 0 {
		t.Errorf("got %d calls, %d puts; want 2, 0", next.calls, store.puts)
	}
}

func TestCachePutFailureIsAnError(t *testing.T) {
	boom := errors.New("disk full")
	c := &Cache{Next: &countingModel{resp: llm.Response{Content: "x"}}, Store: &memStore{err: boom}}
	if _, err := c.Complete(context.Background(), simpleRequest()); !errors.Is(err, boom) {
		t.Errorf("got %v; want the store's error", err)
	}
}

func TestCacheCorruptEntryIsAMiss(t *testing.T) {
	next := &countingModel{resp: llm.Response{Content: "fresh"}}
	store := &memStore{m: map[string][]byte{}}
	c := &Cache{Next: next, Store: store, Provider: "p"}
	store.m[CacheKey("p", "", simpleRequest())] = []byte(`{"content":`)
	resp, err := c.Complete(context.Background(), simpleRequest())
	if err != nil || resp.Content != "fresh" || resp.FromCache {
		t.Errorf("got %+v, %v; want a fresh answer", resp, err)
	}
}

func TestCacheKey(t *testing.T) {
	base := simpleRequest()
	key := CacheKey("openai", "v1", base)
	if len(key) != 64 {
		t.Fatalf("got key %q; want 64 hex digits", key)
	}
	zero, one := 0.0, 1.0
	same := []func(r *llm.Request){
		func(r *llm.Request) { r.Role = "planner" },
		func(r *llm.Request) { r.Tick = 8 },
		func(r *llm.Request) { r.Stream = true },
		func(r *llm.Request) { r.OnDelta = func(string) {} },
	}
	for i, mod := range same {
		r := simpleRequest()
		mod(&r)
		if got := CacheKey("openai", "v1", r); got != key {
			t.Errorf("same-answer change %d altered the key", i)
		}
	}
	schema := &llm.Schema{Name: "s", Schema: json.RawMessage(`{"type":"string"}`)}
	differ := []func(r *llm.Request){
		func(r *llm.Request) { r.Model = "gpt-5" },
		func(r *llm.Request) { r.Temperature = &zero },
		func(r *llm.Request) { r.Temperature = &one },
		func(r *llm.Request) { r.MaxTokens = 101 },
		func(r *llm.Request) { r.Messages[1].Content += "!" },
		func(r *llm.Request) { r.Messages[1].Role = "assistant" },
		func(r *llm.Request) { r.Schema = schema },
		func(r *llm.Request) { r.Schema = schema; r.Structured = llm.StructuredPrompt },
	}
	seen := map[string]int{key: -1}
	for i, mod := range differ {
		r := simpleRequest()
		mod(&r)
		k := CacheKey("openai", "v1", r)
		if j, dup := seen[k]; dup {
			t.Errorf("change %d gives the same key as %d", i, j)
		}
		seen[k] = i
	}
	if CacheKey("offline", "v1", base) == key || CacheKey("openai", "v2", base) == key {
		t.Errorf("provider or prompt version does not alter the key")
	}
	// Schema whitespace does not matter; the default structured mode equals json_schema.
	a, b := simpleRequest(), simpleRequest()
	a.Schema = &llm.Schema{Name: "s", Schema: json.RawMessage(`{"type": "string"}`)}
	b.Schema = &llm.Schema{Name: "s", Schema: json.RawMessage(`{"type":"string"}`)}
	b.Structured = llm.StructuredJSONSchema
	if CacheKey("p", "", a) != CacheKey("p", "", b) {
		t.Errorf("equivalent schema requests got different keys")
	}
}
