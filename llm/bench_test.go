package llm

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func BenchmarkOfflinePlan(b *testing.B) {
	r := planRequest("Plan the storm.")
	for b.Loop() {
		if _, err := (Offline{}).Complete(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOfflineProse1500Words(b *testing.B) {
	r := Request{Role: "writer", MaxTokens: 4000, Messages: []Message{
		{Role: "system", Content: strings.Repeat("Style rules for the novel about the harbour town. ", 200)},
		{Role: "user", Content: "Scene plan: Alice confronts Dmitri on the ferry. Write about 1500 words."}}}
	for b.Loop() {
		if _, err := (Offline{}).Complete(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidatePlan(b *testing.B) {
	resp, err := Offline{}.Complete(context.Background(), planRequest(""))
	if err != nil {
		b.Fatal(err)
	}
	doc := []byte(resp.Content)
	for b.Loop() {
		if err := Validate(json.RawMessage(planSchema), doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCacheKey100KB(b *testing.B) {
	r := simpleRequest()
	r.Messages[1].Content = strings.Repeat("word ", 20000)
	for b.Loop() {
		CacheKey("openai", "v1", r)
	}
}

// BenchmarkCompleteLoopback measures the client's own overhead (request
// building, retry transport, decoding) against a loopback fake server.
func BenchmarkCompleteLoopback(b *testing.B) {
	f := newFake(b, func(w http.ResponseWriter, r *http.Request, n int) { chatOK(w, "ok", 1, 1) })
	c := newTestClient(b, f, &sleeps{}, nil)
	r := simpleRequest()
	for b.Loop() {
		if _, err := c.Complete(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}
