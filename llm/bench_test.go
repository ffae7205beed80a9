package llm

import (
	"context"
	"net/http"
	"testing"

	"github.com/storyd/storyd/llm/llmtest"
)

// BenchmarkCompleteLoopback measures the client's own overhead (request
// building, retry transport, decoding) against a loopback fake server.
func BenchmarkCompleteLoopback(b *testing.B) {
	f := newFake(b, func(w http.ResponseWriter, r *http.Request, n int) { llmtest.ChatOK(w, "ok", 1, 1) })
	c := newTestClient(b, f, &sleeps{}, nil)
	r := simpleRequest()
	for b.Loop() {
		if _, err := c.Complete(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}
