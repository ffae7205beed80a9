// Package llm talks to language models for storyd.
//
// Start with Completer: everything that answers a Request implements it. The
// intended chain is
//
//	usage.Ledger{Next: &usage.Cache{Next: openAIClient or offline.Model{}}}
//
// NewOpenAI builds the client for any OpenAI-compatible endpoint (the only place
// go-openai is used; its types never leave this package), with its one retry
// layer, stream normaliser and provider quirks. The layers around it live in
// packages of their own: llm/schema builds and checks structured answers (and
// sits below llm: the client uses its ExtractJSON), llm/offline is the
// deterministic stand-in model, and llm/usage holds the response cache and the
// usage ledger.
package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Message is one chat message. Role is "system", "user" or "assistant".
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Schema is a strict JSON Schema object the answer must follow.
type Schema struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
}

// Structured modes: how a JSON answer is asked for.
const (
	StructuredJSONSchema = "json_schema" // response_format json_schema, strict (default)
	StructuredJSONObject = "json_object" // response_format json_object + schema in the prompt
	StructuredPrompt     = "prompt"      // schema and "JSON only" in the prompt; no response_format
)

// Request is a provider-neutral chat completion request.
type Request struct {
	Role        string // storyd role: planner|writer|extractor|checkpoint|rollup (header X-Storyd-Role)
	Tick        int    // seq of the scene being made (header X-Storyd-Tick)
	Model       string
	Messages    []Message
	MaxTokens   int
	Temperature *float64 // nil = provider default; 0 is sent as 0
	Schema      *Schema  // nil => prose answer
	Structured  string   // StructuredJSONSchema (default) | StructuredJSONObject | StructuredPrompt
	Stream      bool     // stream the answer (writer)
	// ContextWindow is the window storyd.yaml gives the role (0: none),
	// kept beside a window the server reports: see Calibration.
	ContextWindow int

	// OnDelta is called with each streamed chunk (progress / journal).
	OnDelta func(text string) `json:"-"`
	// OnRestart is called before a streamed call is retried from scratch after
	// the stream died mid-way: text already given to OnDelta must be dropped.
	OnRestart func() `json:"-"`
	// OnRetry is called before the client waits to retry a failed attempt
	// (progress display: a countdown instead of silence).
	OnRetry func(Retry) `json:"-"`
}

// Retry describes a wait before the next attempt of a call.
type Retry struct {
	Attempt int           // the retry about to be made, from 1
	Max     int           // llm.max_retries
	Wait    time.Duration // how long the client waits first
	Reason  string        // what failed: "HTTP 503", "connection refused", …
}

// Usage is the token usage of one call. Estimated is set when the server did
// not report it and it was counted locally.
type Usage struct {
	PromptTokens       int  `json:"prompt_tokens"`
	CachedPromptTokens int  `json:"cached_prompt_tokens,omitempty"`
	CompletionTokens   int  `json:"completion_tokens"`
	Estimated          bool `json:"estimated,omitempty"`
}

// Response is a model's answer.
type Response struct {
	Content      string        `json:"content"`
	FinishReason string        `json:"finish_reason"` // "stop", "length", ...
	Model        string        `json:"model"`
	Usage        Usage         `json:"usage"`
	Latency      time.Duration `json:"-"`
	FromCache    bool          `json:"-"`
}

// Completer answers requests. OpenAI, offline.Model, usage.Cache and
// usage.Ledger implement it.
type Completer interface {
	Complete(ctx context.Context, r Request) (Response, error)
}

// Kind classifies an Error.
type Kind int

// Error kinds. Temporary ones (RateLimit, Unavailable, Timeout, Malformed) are
// worth trying again later; the others need a person to change something.
const (
	KindUnknown       Kind = iota
	KindAuth               // 401/403
	KindNotFound           // 404: model or endpoint
	KindContextLength      // the prompt does not fit the model's context
	KindQuota              // quota or spend limit reached; retrying will not help
	KindRateLimit          // 429
	KindUnavailable        // 5xx, 529, connection refused, DNS, stream cut
	KindTimeout            // attempt or call timeout, 408
	KindBadRequest         // other 4xx, invalid request
	KindMalformed          // unparseable answer from the server
	KindEmpty              // empty answer
	KindRefusal            // the model refused
	KindTooLarge           // the answer passed its size bound; asking again would pay for it again
)

var kindNames = [...]string{
	KindUnknown:       "unknown error",
	KindAuth:          "authentication failed",
	KindNotFound:      "not found",
	KindContextLength: "context length exceeded",
	KindQuota:         "quota exceeded",
	KindRateLimit:     "rate limited",
	KindUnavailable:   "unavailable",
	KindTimeout:       "timeout",
	KindBadRequest:    "bad request",
	KindMalformed:     "malformed response",
	KindEmpty:         "empty answer",
	KindRefusal:       "refusal",
	KindTooLarge:      "answer too large",
}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("kind(%d)", int(k))
	}
	return kindNames[k]
}

// Error is the one error type returned for failed model calls. It never
// contains the API key.
type Error struct {
	Kind       Kind
	Status     int    // HTTP status, 0 if none
	URL        string // endpoint, without credentials or query
	Model      string
	Role       string // the request's storyd role, for the hint
	Message    string
	RetryAfter time.Duration // server-requested wait, if any
	Reason     string        // a finer cause within Kind (Reason* constants), for the hint
	MaxTokens  int           // the request's max_tokens, for the hint

	// PromptTokens and Window are the server's own counts when it said
	// them (llama.cpp's exceed_context_size_error, vLLM's message).
	PromptTokens, Window int

	err     error  // underlying cause, for errors.Is (e.g. context.DeadlineExceeded)
	urlFrom string // where the base URL was set (Options.BaseURLFrom), for hints
	refused string // what the server refused that a changed request avoids (refusedStructured or a param)
	refusal string // the refusal in a few words, for the notice
}

// refusedStructured marks a refused (or ignored) structured mode.
const refusedStructured = "response_format"

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("llm: ")
	b.WriteString(e.Kind.String())
	var ctx []string
	if e.Status != 0 {
		ctx = append(ctx, fmt.Sprintf("HTTP %d", e.Status))
	}
	if e.Model != "" {
		ctx = append(ctx, "model "+e.Model)
	}
	if e.URL != "" && !strings.Contains(e.Message, e.URL) {
		ctx = append(ctx, e.URL)
	}
	if len(ctx) > 0 {
		b.WriteString(" (" + strings.Join(ctx, ", ") + ")")
	}
	if e.Message != "" {
		b.WriteString(": " + RedactURLs(e.Message))
	}
	if e.RetryAfter > 0 {
		b.WriteString(fmt.Sprintf("; retry after %s", e.RetryAfter))
	}
	return b.String()
}

// Temporary reports whether trying again later may succeed.
func (e *Error) Temporary() bool {
	switch e.Kind {
	case KindRateLimit, KindUnavailable, KindTimeout, KindMalformed:
		return true
	}
	return false
}

func (e *Error) Unwrap() error { return e.err }
