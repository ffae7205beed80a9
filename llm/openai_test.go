package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/storyd/storyd/llm/llmtest"
)

const testKey = "sk-test-secret-0123456789"

// fake is an OpenAI-compatible test server. handle gets the 0-based number of
// the request being served.
type fake struct {
	mu     sync.Mutex
	n      int
	reqs   []seen
	handle func(w http.ResponseWriter, r *http.Request, n int)
	srv    *httptest.Server
}

type seen struct {
	path   string
	header http.Header
	body   map[string]any
	raw    string
}

func newFake(t testing.TB, handle func(w http.ResponseWriter, r *http.Request, n int)) *fake {
	t.Helper()
	f := &fake{handle: handle}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		f.mu.Lock()
		n := f.n
		f.n++
		f.reqs = append(f.reqs, seen{r.URL.Path, r.Header.Clone(), body, string(raw)})
		f.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(raw))
		f.handle(w, r, n)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

func (f *fake) req(i int) seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reqs[i]
}

// sleeps records the waits the client asked for instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

func newTestClient(t testing.TB, f *fake, s *sleeps, mod func(*Options)) *OpenAI {
	t.Helper()
	o := Options{
		BaseURL:        f.srv.URL + "/v1",
		APIKey:         testKey,
		HTTPClient:     f.srv.Client(),
		Rand:           rand.New(rand.NewPCG(1, 2)),
		Sleep:          s.sleep,
		AttemptTimeout: 5 * time.Second,
		Now:            func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) },
	}
	if mod != nil {
		mod(&o)
	}
	c, err := NewOpenAI(o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func simpleRequest() Request {
	return Request{
		Role: "writer", Tick: 7, Model: "gpt-4o", MaxTokens: 100,
		Messages: []Message{{Role: "system", Content: "You write."}, {Role: "user", Content: "Write about Alice."}},
	}
}

func mustKind(t *testing.T, err error, want Kind) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got error %v (%T); want *Error of kind %v", err, err, want)
	}
	if e.Kind != want {
		t.Fatalf("got kind %v (%v); want %v", e.Kind, err, want)
	}
	if strings.Contains(err.Error(), testKey) {
		t.Fatalf("error %q contains the API key", err)
	}
	return e
}

func TestRetryAfter429ThenSuccess(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 0 {
			w.Header().Set("Retry-After", "1")
			llmtest.APIError(w, 429, "rate_limit_exceeded", "requests", "Rate limit reached")
			return
		}
		llmtest.ChatOK(w, "Hello.", 10, 2)
	})
	s := &sleeps{}
	resp, err := newTestClient(t, f, s, nil).Complete(context.Background(), simpleRequest())
	if err != nil {
		t.Fatal(err)
	}
	if got := f.calls(); got != 2 {
		t.Errorf("got %d requests; want 2", got)
	}
	if w := s.waits(); len(w) != 1 || w[0] < time.Second {
		t.Errorf("got waits %v; want one wait >= 1s", w)
	}
	if resp.Content != "Hello." || resp.Model != "gpt-test-served" || resp.FinishReason != "stop" {
		t.Errorf("got %+v; want content Hello., served model, stop", resp)
	}
	want := Usage{PromptTokens: 10, CachedPromptTokens: 3, CompletionTokens: 2}
	if resp.Usage != want {
		t.Errorf("got usage %+v; want %+v", resp.Usage, want)
	}
}

func TestRetryAfterMillis(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 0 {
			w.Header().Set("retry-after-ms", "250")
			llmtest.APIError(w, 429, "", "requests", "slow down")
			return
		}
		llmtest.ChatOK(w, "ok", 1, 1)
	})
	s := &sleeps{}
	if _, err := newTestClient(t, f, s, nil).Complete(context.Background(), simpleRequest()); err != nil {
		t.Fatal(err)
	}
	if w := s.waits(); len(w) != 1 || w[0] != 250*time.Millisecond {
		t.Errorf("got waits %v; want [250ms]", w)
	}
}

func TestRetryAfterBeyondCapGivesUp(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("Retry-After", "3600")
		llmtest.APIError(w, 429, "", "requests", "come back later")
	})
	s := &sleeps{}
	_, err := newTestClient(t, f, s, nil).Complete(context.Background(), simpleRequest())
	e := mustKind(t, err, KindRateLimit)
	if !e.Temporary() || e.RetryAfter != time.Hour {
		t.Errorf("got temporary=%v retryAfter=%v; want true, 1h", e.Temporary(), e.RetryAfter)
	}
	if f.calls() != 1 || len(s.waits()) != 0 {
		t.Errorf("got %d requests, waits %v; want 1 request, no wait", f.calls(), s.waits())
	}
}

func TestRetryAfterBeyondCallBudgetGivesUp(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("Retry-After", "30")
		llmtest.APIError(w, 503, "", "server_error", "overloaded")
	})
	s := &sleeps{}
	c := newTestClient(t, f, s, func(o *Options) { o.CallTimeout = 10 * time.Second })
	_, err := c.Complete(context.Background(), simpleRequest())
	e := mustKind(t, err, KindUnavailable)
	if e.RetryAfter != 30*time.Second || f.calls() != 1 {
		t.Errorf("got retryAfter %v after %d requests; want 30s after 1", e.RetryAfter, f.calls())
	}
}

func TestServerErrorsThenSuccess(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n < 3 {
			llmtest.APIError(w, 500, "", "server_error", "boom")
			return
		}
		llmtest.ChatOK(w, "fine", 5, 5)
	})
	s := &sleeps{}
	resp, err := newTestClient(t, f, s, nil).Complete(context.Background(), simpleRequest())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != "fine" || f.calls() != 4 {
		t.Errorf("got %q after %d requests; want fine after 4", resp.Content, f.calls())
	}
	w := s.waits()
	if len(w) != 3 {
		t.Fatalf("got waits %v; want 3", w)
	}
	for i, d := range w {
		if ceil := time.Second << i; d < 0 || d > ceil {
			t.Errorf("wait %d = %v; want within [0, %v]", i, d, ceil)
		}
	}
}

func TestRetriesExhausted(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.WriteHeader(529)
		io.WriteString(w, "overloaded")
	})
	s := &sleeps{}
	_, err := newTestClient(t, f, s, func(o *Options) { o.MaxRetries = 2 }).Complete(context.Background(), simpleRequest())
	e := mustKind(t, err, KindUnavailable)
	if e.Status != 529 || f.calls() != 3 || !strings.Contains(e.Message, "overloaded") {
		t.Errorf("got status %d after %d requests, message %q; want 529 after 3, body in message", e.Status, f.calls(), e.Message)
	}
}

func TestHungAttemptTimesOutAndRetries(t *testing.T) {
	hung := make(chan bool, 1) // whether the client gave up on the hung attempt
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 0 {
			select {
			case <-r.Context().Done():
				hung <- true
			case <-time.After(time.Minute): // a safety valve, not a measure
				hung <- false
			}
			return
		}
		llmtest.ChatOK(w, "awake", 1, 1)
	})
	s := &sleeps{}
	resp, err := newTestClient(t, f, s, func(o *Options) { o.AttemptTimeout = 50 * time.Millisecond }).Complete(context.Background(), simpleRequest())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != "awake" || f.calls() != 2 {
		t.Errorf("got %q after %d requests; want awake after 2", resp.Content, f.calls())
	}
	if !<-hung {
		t.Error("the hung attempt ran until the server gave up; the attempt timeout did not fire")
	}
}

func TestHungEveryAttemptIsTimeout(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		<-r.Context().Done()
	})
	s := &sleeps{}
	_, err := newTestClient(t, f, s, func(o *Options) { o.AttemptTimeout = 20 * time.Millisecond; o.MaxRetries = 1 }).
		Complete(context.Background(), simpleRequest())
	e := mustKind(t, err, KindTimeout)
	// Count the client's retries, not the server's arrivals: on a loaded
	// machine a 20 ms attempt can end before its request reaches the server.
	if w := s.waits(); !e.Temporary() || len(w) != 1 {
		t.Errorf("got temporary=%v after %d retries; want true after 1", e.Temporary(), len(w))
	}
}

func TestNoRetryStatuses(t *testing.T) {
	tests := []struct {
		name   string
		status int
		code   string
		typ    string
		msg    string
		want   Kind
	}{
		{"auth", 401, "invalid_api_key", "invalid_request_error", "Incorrect API key provided: " + testKey, KindAuth},
		{"forbidden", 403, "", "", "no access", KindAuth},
		{"model", 404, "model_not_found", "invalid_request_error", "The model `gpt-9` does not exist", KindNotFound},
		{"quota", 429, "insufficient_quota", "insufficient_quota", "You exceeded your current quota, please check your plan and billing details.", KindQuota},
		{"quota by message", 429, "", "requests", "Monthly spend limit reached; see billing", KindQuota},
		{"context", 400, "context_length_exceeded", "invalid_request_error", "This model's maximum context length is 8192 tokens.", KindContextLength},
		{"context by message", 400, "", "", "This model's maximum context length is 4096 tokens", KindContextLength},
		{"bad request", 400, "", "invalid_request_error", "bad field", KindBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
				llmtest.APIError(w, tt.status, tt.code, tt.typ, tt.msg)
			})
			s := &sleeps{}
			r := simpleRequest()
			r.Model = "gpt-9"
			_, err := newTestClient(t, f, s, nil).Complete(context.Background(), r)
			e := mustKind(t, err, tt.want)
			if f.calls() != 1 || len(s.waits()) != 0 {
				t.Errorf("got %d requests, waits %v; want 1 request, no retry", f.calls(), s.waits())
			}
			if e.Temporary() {
				t.Errorf("got Temporary() true; want false")
			}
			if e.Status != tt.status || e.Model != "gpt-9" {
				t.Errorf("got status %d model %q; want %d gpt-9", e.Status, e.Model, tt.status)
			}
			if tt.want == KindNotFound && !strings.Contains(e.Error(), `"gpt-9"`) {
				t.Errorf("got %q; want the model named", e.Error())
			}
			if h := e.Hint("writer"); h == "" {
				t.Errorf("%s: no hint", tt.name)
			}
		})
	}
}

func TestMalformedJSON(t *testing.T) {
	t.Run("always", func(t *testing.T) {
		f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"choices": [ {"message": `)
		})
		s := &sleeps{}
		_, err := newTestClient(t, f, s, nil).Complete(context.Background(), simpleRequest())
		e := mustKind(t, err, KindMalformed)
		if !e.Temporary() || f.calls() != 1+maxMalformedRetries {
			t.Errorf("got temporary=%v after %d requests; want true after %d", e.Temporary(), f.calls(), 1+maxMalformedRetries)
		}
	})
	t.Run("once", func(t *testing.T) {
		f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n == 0 {
				io.WriteString(w, `<html>proxy hiccup</html>`)
				return
			}
			llmtest.ChatOK(w, "recovered", 1, 1)
		})
		resp, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), simpleRequest())
		if err != nil || resp.Content != "recovered" {
			t.Fatalf("got %q, %v; want recovered", resp.Content, err)
		}
	})
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &sleeps{}
	c, err := NewOpenAI(Options{BaseURL: "http://" + addr + "/v1", APIKey: testKey, Sleep: s.sleep, MaxRetries: 2, Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), simpleRequest())
	e := mustKind(t, err, KindUnavailable)
	wantURL := "http://" + addr + "/v1/chat/completions"
	if !strings.Contains(e.Error(), wantURL) {
		t.Errorf("got %q; want it to name %s", e.Error(), wantURL)
	}
	if len(s.waits()) != 2 {
		t.Errorf("got waits %v; want 2 retries", s.waits())
	}
}

func TestNewOpenAIRejectsBadBaseURL(t *testing.T) {
	for _, u := range []string{"", "localhost:11434", "ftp://x/v1", "http://"} {
		if _, err := NewOpenAI(Options{BaseURL: u}); err == nil {
			t.Errorf("NewOpenAI(%q): got no error; want one", u)
		}
	}
}

func TestCallerCancelIsNotAModelError(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) { <-r.Context().Done() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := newTestClient(t, f, &sleeps{}, nil).Complete(ctx, simpleRequest())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v; want context.DeadlineExceeded", err)
	}
	var e *Error
	if errors.As(err, &e) {
		t.Errorf("got *Error %v; want the caller's context error", e)
	}
}

func TestHeadersAndAuthorization(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) { llmtest.ChatOK(w, "x", 1, 1) })
	r := simpleRequest()
	r.Role, r.Tick = "planner", 42
	if _, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	h := f.req(0).header
	for k, want := range map[string]string{"X-Storyd-Role": "planner", "X-Storyd-Tick": "42", "Authorization": "Bearer " + testKey} {
		if got := h.Get(k); got != want {
			t.Errorf("header %s: got %q; want %q", k, got, want)
		}
	}
	if p := f.req(0).path; p != "/v1/chat/completions" {
		t.Errorf("got path %q; want /v1/chat/completions", p)
	}
}

func TestJSONSchemaBody(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		llmtest.ChatOK(w, "```json\n{\"pov\":\"alice\"}\n```", 1, 1)
	})
	schema := `{"type":"object","properties":{"pov":{"type":"string","enum":["alice","carol"]}},"required":["pov"],"additionalProperties":false}`
	r := simpleRequest()
	r.Schema = &Schema{Name: "plan", Schema: json.RawMessage(schema)}
	resp, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != `{"pov":"alice"}` {
		t.Errorf("got content %q; want the fence stripped", resp.Content)
	}
	var got, want any
	b, _ := json.Marshal(f.req(0).body["response_format"])
	json.Unmarshal(b, &got)
	json.Unmarshal([]byte(`{"type":"json_schema","json_schema":{"name":"plan","strict":true,"schema":`+schema+`}}`), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got response_format %s; want %v", b, want)
	}
	if msgs := f.req(0).body["messages"].([]any); len(msgs) != 2 || strings.Contains(fmt.Sprint(msgs), "JSON Schema") {
		t.Errorf("got messages %v; want them unchanged in json_schema mode", msgs)
	}
}

func TestJSONObjectAndPromptModes(t *testing.T) {
	schema := `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`
	for _, mode := range []string{StructuredJSONObject, StructuredPrompt} {
		t.Run(mode, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) { llmtest.ChatOK(w, `{"a":"b"}`, 1, 1) })
			r := simpleRequest()
			r.Schema = &Schema{Name: "x", Schema: json.RawMessage(schema)}
			r.Structured = mode
			if _, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), r); err != nil {
				t.Fatal(err)
			}
			body := f.req(0).body
			rf, has := body["response_format"]
			if mode == StructuredJSONObject && !reflect.DeepEqual(rf, map[string]any{"type": "json_object"}) {
				t.Errorf("got response_format %v; want {type: json_object}", rf)
			}
			if mode == StructuredPrompt && has {
				t.Errorf("got response_format %v; want none", rf)
			}
			msgs := body["messages"].([]any)
			last := msgs[len(msgs)-1].(map[string]any)["content"].(string)
			if !strings.HasPrefix(last, "Write about Alice.") || !strings.Contains(last, schema) {
				t.Errorf("got last message %q; want the schema appended", last)
			}
			if mode == StructuredPrompt && !strings.Contains(last, "JSON only") {
				t.Errorf("got last message %q; want 'JSON only'", last)
			}
			if r.Messages[1].Content != "Write about Alice." {
				t.Errorf("the caller's messages were modified: %q", r.Messages[1].Content)
			}
		})
	}
}

func TestTemperatureAndMaxTokens(t *testing.T) {
	zero, warm := 0.0, 0.7
	tests := []struct {
		model    string
		temp     *float64
		wantTemp any // nil = absent
		tokenKey string
		noKey    string
	}{
		{"gpt-4o", &zero, 0.0, "max_tokens", "max_completion_tokens"},
		{"gpt-4o", &warm, 0.7, "max_tokens", "max_completion_tokens"},
		{"gpt-4o", nil, nil, "max_tokens", "max_completion_tokens"},
		{"gpt-5-mini", nil, nil, "max_completion_tokens", "max_tokens"},
		{"o3-mini", nil, nil, "max_completion_tokens", "max_tokens"},
		{"gpt-5", &zero, 0.0, "max_completion_tokens", "max_tokens"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%v", tt.model, tt.wantTemp), func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) { llmtest.ChatOK(w, "x", 1, 1) })
			r := simpleRequest()
			r.Model, r.Temperature = tt.model, tt.temp
			if _, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), r); err != nil {
				t.Fatal(err)
			}
			body := f.req(0).body
			got, has := body["temperature"]
			if tt.wantTemp == nil && has {
				t.Errorf("got temperature %v; want none", got)
			}
			if tt.wantTemp != nil && (!has || got != tt.wantTemp) {
				t.Errorf("got temperature %v (present %v) in %s; want %v", got, has, f.req(0).raw, tt.wantTemp)
			}
			if body[tt.tokenKey] != 100.0 {
				t.Errorf("got %s = %v; want 100", tt.tokenKey, body[tt.tokenKey])
			}
			if _, has := body[tt.noKey]; has {
				t.Errorf("got %s set; want it absent", tt.noKey)
			}
		})
	}
}

func TestRefusalAndEmpty(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 0 {
			io.WriteString(w, `{"model":"m","choices":[{"message":{"role":"assistant","content":"","refusal":"I can't help with that."},"finish_reason":"stop"}]}`)
			return
		}
		io.WriteString(w, `{"model":"m","choices":[{"message":{"role":"assistant","content":"  "},"finish_reason":"length"}]}`)
	})
	c := newTestClient(t, f, &sleeps{}, nil)
	_, err := c.Complete(context.Background(), simpleRequest())
	if e := mustKind(t, err, KindRefusal); !strings.Contains(e.Message, "can't help") {
		t.Errorf("got %q; want the refusal text", e.Message)
	}
	_, err = c.Complete(context.Background(), simpleRequest())
	if e := mustKind(t, err, KindEmpty); !strings.Contains(e.Message, "length") {
		t.Errorf("got %q; want the finish reason mentioned", e.Message)
	}
}

func TestUsageMissingIsEstimated(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		io.WriteString(w, `{"model":"m","choices":[{"message":{"role":"assistant","content":"one two three"},"finish_reason":"stop"}]}`)
	})
	words := func(s string) int { return len(strings.Fields(s)) }
	resp, err := newTestClient(t, f, &sleeps{}, func(o *Options) { o.Tokenize = words }).Complete(context.Background(), simpleRequest())
	if err != nil {
		t.Fatal(err)
	}
	want := Usage{PromptTokens: 2 + 3, CompletionTokens: 3, Estimated: true}
	if resp.Usage != want {
		t.Errorf("got usage %+v; want %+v", resp.Usage, want)
	}
}

// sse writes server-sent events, flushing each.
func sse(w http.ResponseWriter, events ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	fl := w.(http.Flusher)
	for _, e := range events {
		fmt.Fprintf(w, "data: %s\n\n", e)
		fl.Flush()
	}
}

func delta(s string) string {
	return fmt.Sprintf(`{"id":"c","object":"chat.completion.chunk","model":"gpt-test-served","choices":[{"index":0,"delta":{"content":%q},"finish_reason":null}]}`, s)
}

const finishChunk = `{"id":"c","object":"chat.completion.chunk","model":"gpt-test-served","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`
const usageChunk = `{"id":"c","object":"chat.completion.chunk","model":"gpt-test-served","choices":[],"usage":{"prompt_tokens":11,"completion_tokens":3,"total_tokens":14,"prompt_tokens_details":{"cached_tokens":8}}}`

func TestStreaming(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		sse(w, delta("Once "), delta("upon "), delta("a time."), finishChunk, usageChunk, "[DONE]")
	})
	r := simpleRequest()
	r.Stream = true
	var got []string
	r.OnDelta = func(s string) { got = append(got, s) }
	resp, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Once ", "upon ", "a time."}; !reflect.DeepEqual(got, want) {
		t.Errorf("got deltas %q; want %q", got, want)
	}
	if resp.Content != "Once upon a time." || resp.FinishReason != "stop" {
		t.Errorf("got %q / %q; want the joined text / stop", resp.Content, resp.FinishReason)
	}
	if want := (Usage{PromptTokens: 11, CachedPromptTokens: 8, CompletionTokens: 3}); resp.Usage != want {
		t.Errorf("got usage %+v; want %+v", resp.Usage, want)
	}
	body := f.req(0).body
	if body["stream"] != true || !reflect.DeepEqual(body["stream_options"], map[string]any{"include_usage": true}) {
		t.Errorf("got stream=%v stream_options=%v; want true, include_usage", body["stream"], body["stream_options"])
	}
	if h := f.req(0).header.Get("X-Storyd-Role"); h != "writer" {
		t.Errorf("got role header %q; want writer", h)
	}
}

func TestStreamUsageMissingIsEstimated(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		sse(w, delta("a b c d"), finishChunk, "[DONE]")
	})
	r := simpleRequest()
	r.Stream = true
	resp, err := newTestClient(t, f, &sleeps{}, func(o *Options) { o.Tokenize = func(s string) int { return len(strings.Fields(s)) } }).
		Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Usage{PromptTokens: 5, CompletionTokens: 4, Estimated: true}); resp.Usage != want {
		t.Errorf("got usage %+v; want %+v", resp.Usage, want)
	}
}

func TestStreamCutIsRetriedWhole(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 0 {
			sse(w, delta("Partial "), delta("text"))
			return // the connection ends without finish_reason or [DONE]
		}
		sse(w, delta("Whole "), delta("text."), finishChunk, usageChunk, "[DONE]")
	})
	r := simpleRequest()
	r.Stream = true
	var log []string
	r.OnDelta = func(s string) { log = append(log, s) }
	r.OnRestart = func() { log = append(log, "<restart>") }
	s := &sleeps{}
	resp, err := newTestClient(t, f, s, nil).Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Partial ", "text", "<restart>", "Whole ", "text."}; !reflect.DeepEqual(log, want) {
		t.Errorf("got %q; want %q", log, want)
	}
	if resp.Content != "Whole text." || f.calls() != 2 || len(s.waits()) != 1 {
		t.Errorf("got %q after %d requests and waits %v; want the second answer after 2 and one wait", resp.Content, f.calls(), s.waits())
	}
}

func TestStreamSilentIsRetried(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 0 {
			sse(w, delta("Stuck "))
			<-r.Context().Done()
			return
		}
		sse(w, delta("Done."), finishChunk, "[DONE]")
	})
	r := simpleRequest()
	r.Stream = true
	restarts := 0
	r.OnRestart = func() { restarts++ }
	resp, err := newTestClient(t, f, &sleeps{}, func(o *Options) { o.AttemptTimeout = 50 * time.Millisecond }).Complete(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != "Done." || restarts != 1 {
		t.Errorf("got %q with %d restarts; want Done. with 1", resp.Content, restarts)
	}
}

func TestStreamErrorStatusNotRetried(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		llmtest.APIError(w, 401, "invalid_api_key", "", "bad key")
	})
	r := simpleRequest()
	r.Stream = true
	_, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), r)
	mustKind(t, err, KindAuth)
	if f.calls() != 1 {
		t.Errorf("got %d requests; want 1", f.calls())
	}
}

func TestEmbedBatches(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		var req struct {
			Input []string `json:"input"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		if n == 1 { // one transient failure inside the batch sequence
			w.WriteHeader(502)
			return
		}
		type item struct {
			Object    string    `json:"object"`
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var data []item
		// Reverse order: the client must sort by index.
		for i := len(req.Input) - 1; i >= 0; i-- {
			var v float32
			fmt.Sscanf(req.Input[i], "text %f", &v)
			data = append(data, item{"embedding", i, []float32{v, 1}})
		}
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "nomic"})
	})
	texts := make([]string, 130)
	for i := range texts {
		texts[i] = fmt.Sprintf("text %d", i)
	}
	vecs, err := newTestClient(t, f, &sleeps{}, nil).Embed(context.Background(), "nomic", texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != 130 {
		t.Fatalf("got %d vectors; want 130", len(vecs))
	}
	for i, v := range vecs {
		if v[0] != float32(i) {
			t.Fatalf("vector %d = %v; want first component %d", i, v, i)
		}
	}
	if f.calls() != 4 { // 3 batches + 1 retry
		t.Errorf("got %d requests; want 4", f.calls())
	}
	for i := 0; i < f.calls(); i++ {
		q := f.req(i)
		if q.path != "/v1/embeddings" || q.header.Get("X-Storyd-Role") != "embed" {
			t.Errorf("request %d: path %q role %q; want /v1/embeddings, embed", i, q.path, q.header.Get("X-Storyd-Role"))
		}
	}
	if n := len(f.req(0).body["input"].([]any)); n != 64 {
		t.Errorf("got first batch of %d; want 64", n)
	}
}

func TestEmbedNotFound(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		llmtest.APIError(w, 404, "", "", "model not found")
	})
	_, err := newTestClient(t, f, &sleeps{}, nil).Embed(context.Background(), "nomic", []string{"a"})
	e := mustKind(t, err, KindNotFound)
	if !strings.Contains(e.Error(), "/v1/embeddings") || !strings.Contains(e.Error(), `"nomic"`) {
		t.Errorf("got %q; want the embeddings URL and model named", e.Error())
	}
}

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		h    map[string]string
		want time.Duration
		ok   bool
	}{
		{map[string]string{"Retry-After": "2"}, 2 * time.Second, true},
		{map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond, true},
		{map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second, true},
		{map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0, true},
		{map[string]string{"Retry-After-Ms": "20", "Retry-After": "9"}, 20 * time.Millisecond, true},
		{map[string]string{"Retry-After": "soon"}, 0, false},
		{map[string]string{}, 0, false},
		{map[string]string{"X-Ratelimit-Reset-Tokens": "7.66s", "X-Ratelimit-Remaining-Tokens": "0", "X-Ratelimit-Reset-Requests": "2m59.56s", "X-Ratelimit-Remaining-Requests": "14370"}, 7660 * time.Millisecond, true},
		{map[string]string{"X-Ratelimit-Reset-Tokens": "7.66s", "X-Ratelimit-Remaining-Tokens": "12"}, 0, false},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.h {
			h.Set(k, v)
		}
		got, ok := retryAfter(h, nil, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tt.h, got, ok, tt.want, tt.ok)
		}
	}
}

func TestErrorNeverShowsKey(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.WriteHeader(400)
		io.WriteString(w, "bad header Authorization: Bearer "+testKey)
	})
	_, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), simpleRequest())
	e := mustKind(t, err, KindBadRequest)
	if !strings.Contains(e.Message, "[redacted]") {
		t.Errorf("got %q; want the key replaced by [redacted]", e.Message)
	}
}

func TestHTMLPageIsAWrongBaseURLNotATransientFault(t *testing.T) {
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<html><body>Welcome to nginx!</body></html>"))
	}))
	defer srv.Close()
	c, err := NewOpenAI(Options{BaseURL: srv.URL, APIKey: "k", BackoffBase: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), Request{Role: "writer", Model: "m", Messages: []Message{{Role: "user", Content: "hi"}}})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindNotFound || e.Temporary() || !strings.Contains(e.Message, "OPENAI_BASE_URL") {
		t.Fatalf("got %v; want a permanent not-found error naming OPENAI_BASE_URL", err)
	}
	if calls != 2 {
		t.Fatalf("%d requests; want 2 (one retry for a proxy's hiccup, then give up)", calls)
	}
}

func TestTransientStatusesAreRetried(t *testing.T) {
	for _, status := range []int{408, 409, 502, 503, 504, 529} {
		f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n == 0 {
				llmtest.APIError(w, status, "", "transient", "try again")
				return
			}
			llmtest.ChatOK(w, "fine", 5, 5)
		})
		resp, err := newTestClient(t, f, &sleeps{}, nil).Complete(context.Background(), simpleRequest())
		if err != nil || resp.Content != "fine" || f.calls() != 2 {
			t.Errorf("status %d: got %q, %v after %d requests; want fine after 2", status, resp.Content, err, f.calls())
		}
	}
}
