package llm

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/storyd/storyd/llm/llmtest"
)

// OnRetry hears of every wait, from both retry layers, before it starts:
// the progress line shows a countdown instead of silence.
func TestOnRetryHearsEveryWait(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		switch n {
		case 0:
			llmtest.APIError(w, 503, "unavailable", "server_error", "overloaded")
		case 1:
			sse(w, delta("Partial ")) // the stream dies mid-way
		default:
			sse(w, delta("Whole."), finishChunk, usageChunk, "[DONE]")
		}
	})
	r := simpleRequest()
	r.Stream = true
	var got []Retry
	r.OnRetry = func(x Retry) { got = append(got, x) }
	s := &sleeps{}
	if _, err := newTestClient(t, f, s, func(o *Options) { o.MaxRetries = 4 }).Complete(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	waits := s.waits()
	if len(got) != 2 || len(waits) != 2 {
		t.Fatalf("got notices %+v for waits %v; want 2 of each", got, waits)
	}
	want := []Retry{{Attempt: 1, Max: 4, Wait: waits[0], Reason: "HTTP 503"}, {Attempt: 2, Max: 4, Wait: waits[1], Reason: KindUnavailable.String()}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v; want %+v", got, want)
	}
}
