package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/storyd/storyd/llm/schema"
)

// Options configures an OpenAI-compatible client. Zero values mean defaults.
type Options struct {
	BaseURL, APIKey string
	// BaseURLFrom says where BaseURL was set, for a message about its host
	// ("OPENAI_BASE_URL", "storyd.yaml:14 (llm.base_url)"); "" is the
	// default address.
	BaseURLFrom    string
	AttemptTimeout time.Duration // per HTTP attempt; for streams, the longest silence (default 120s)
	CallTimeout    time.Duration // whole call incl. retries (default 10m)
	MaxRetries     int           // default 4; negative means none
	BackoffBase    time.Duration // default 1s, exponential with full jitter
	BackoffMax     time.Duration // default 30s
	RetryAfterCap  time.Duration // default 60s; a longer Retry-After gives up with a Temporary error
	HTTPClient     *http.Client  // optional; its Transport does the actual I/O
	Rand           *rand.Rand    // jitter source; tests seed it
	Sleep          func(ctx context.Context, d time.Duration) error
	Now            func() time.Time
	Tokenize       func(string) int // storyd's tokenizer: estimates missing usage (default len/4) and calibrates
	Quirks         QuirkStore       // where learned endpoint quirks persist; nil = this process only
	Notice         func(string)     // told once when a quirk is learned (a warning line)
}

// OpenAI is a client for OpenAI-compatible chat and embeddings endpoints.
// It is safe for concurrent use.
type OpenAI struct {
	client      *openai.Client
	p           *policy
	callTimeout time.Duration
	tokenize    func(string) int // estimates usage the server did not report
	countTokens func(string) int // storyd's real tokenizer, for calibration; nil = none
	key         string
	baseURL     string // without credentials or query, for messages
	urlFrom     string // Options.BaseURLFrom, for hints
	quirks      *quirkBook
}

// maxMalformedRetries bounds re-sending a call whose 200 answer was not JSON.
const maxMalformedRetries = 2

// embedBatch is how many texts go into one /embeddings request.
const embedBatch = 64

// NewOpenAI returns a client for o.BaseURL (e.g. "https://api.openai.com/v1").
func NewOpenAI(o Options) (*OpenAI, error) {
	if o.BaseURL == "" {
		return nil, errors.New("llm: base URL is empty")
	}
	u, err := url.Parse(o.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("llm: invalid base URL %q: want http(s)://host[/path]", redact(o.BaseURL, o.APIKey))

	}
	p := &policy{
		maxRetries:     o.MaxRetries,
		attemptTimeout: o.AttemptTimeout,
		backoffBase:    o.BackoffBase,
		backoffMax:     o.BackoffMax,
		retryAfterCap:  o.RetryAfterCap,
		now:            o.Now,
		sleep:          o.Sleep,
	}
	if p.maxRetries == 0 {
		p.maxRetries = 4
	} else if p.maxRetries < 0 {
		p.maxRetries = 0
	}
	if p.attemptTimeout <= 0 {
		p.attemptTimeout = 120 * time.Second
	}
	if p.backoffBase <= 0 {
		p.backoffBase = time.Second
	}
	if p.backoffMax <= 0 {
		p.backoffMax = 30 * time.Second
	}
	if p.retryAfterCap <= 0 {
		p.retryAfterCap = 60 * time.Second
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.sleep == nil {
		p.sleep = sleepCtx
	}
	if o.Rand != nil {
		lj := &lockedJitter{f: o.Rand.Int64N}
		p.jitter = lj.int64n
	} else {
		p.jitter = rand.Int64N
	}
	c := &OpenAI{p: p, callTimeout: o.CallTimeout, tokenize: o.Tokenize, countTokens: o.Tokenize, key: o.APIKey, urlFrom: o.BaseURLFrom}
	if c.callTimeout <= 0 {
		c.callTimeout = 10 * time.Minute
	}
	if c.tokenize == nil {
		c.tokenize = func(s string) int { return (len(s) + 3) / 4 }
	}
	base := http.DefaultTransport
	hc := &http.Client{}
	if o.HTTPClient != nil {
		if o.HTTPClient.Transport != nil {
			base = o.HTTPClient.Transport
		}
		hc.CheckRedirect = o.HTTPClient.CheckRedirect
		hc.Jar = o.HTTPClient.Jar
	}
	// No http.Client.Timeout: it would cut long streams; attempts time out in the transport.
	// The query (Azure's api-version, a proxy's api-key) goes after the path
	// of every request: go-openai would append the path after it.
	query := u.Query()
	u.RawQuery, u.Fragment = "", ""
	hc.Transport = &transport{base: base, p: p, key: o.APIKey, query: query}
	cfg := openai.DefaultConfig(o.APIKey)
	cfg.BaseURL = strings.TrimRight(u.String(), "/")
	cfg.HTTPClient = hc
	c.baseURL = strings.TrimRight(cleanURL(u), "/")
	c.quirks = &quirkBook{endpoint: c.baseURL, store: o.Quirks, notice: o.Notice, now: p.now}
	c.client = openai.NewClientWithConfig(cfg)
	return c, nil
}

// Complete sends one chat completion, retrying transient failures. What
// the server refuses for good (a structured mode, an optional parameter) is
// stepped around at once, remembered for this endpoint and model, and said
// once through Options.Notice.
func (c *OpenAI) Complete(ctx context.Context, r Request) (Response, error) {
	if err := c.check(r); err != nil {
		return Response{}, err
	}
	start := c.p.now()
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.callTimeout)
	defer cancel()
	st := &callState{role: r.Role, tick: r.Tick, deadline: start.Add(c.callTimeout), maxTokens: r.MaxTokens, onRetry: r.OnRetry}
	ctx = withCallState(ctx, st)
	malformed := 0
	for {
		q := c.quirks.get(r.Model)
		sent := r
		if r.Schema != nil {
			sent.Structured = effectiveMode(r.Structured, q)
		}
		st.temperature = r.Temperature
		if q.drops(paramTemperature) {
			st.temperature = nil
		}
		req := chatRequest(sent, q)
		var resp Response
		var err error
		if r.Stream {
			resp, err = c.stream(ctx, req, sent)
		} else {
			resp, err = c.chat(ctx, req, sent)
		}
		if err == nil {
			resp.Latency = c.p.now().Sub(start)
			c.learnCounts(sent.Model, req, resp)
			return resp, nil
		}
		var mid *midStreamError
		midStream := errors.As(err, &mid)
		err = c.classify(parent, ctx, err, sent, st)
		var e *Error
		if !errors.As(err, &e) {
			return Response{}, err
		}
		if e.Kind == KindContextLength {
			c.learnOverflow(sent.Model, r.ContextWindow, req, e)
		}
		if c.stepAround(e, sent) {
			if r.Stream && r.OnRestart != nil {
				r.OnRestart()
			}
			continue
		}
		if !e.Temporary() || st.retries >= c.p.maxRetries {
			return Response{}, err
		}
		// Failures after the headers arrived are invisible to the transport; the
		// whole call is sent again, sharing the call's retry budget.
		switch {
		case e.Kind == KindMalformed && malformed < maxMalformedRetries:
			malformed++
		case midStream:
		default:
			return Response{}, err
		}
		wait := c.p.backoff(st.retries)
		if wait > c.p.remaining(ctx, st) {
			return Response{}, err
		}
		st.notifyRetry(c.p.maxRetries, wait, e.Kind.String())
		if serr := c.p.sleep(ctx, wait); serr != nil {
			return Response{}, c.classify(parent, ctx, serr, sent, st)
		}
		st.retries++
		if r.Stream && r.OnRestart != nil {
			r.OnRestart()
		}
	}
}

// stepAround handles a refusal that a different request avoids: it records
// the change and reports whether the call should be sent again.
func (c *OpenAI) stepAround(e *Error, sent Request) bool {
	switch e.refused {
	case "":
		return false
	case refusedStructured:
		if sent.Schema == nil || sent.Structured == StructuredPrompt {
			return false
		}
		next := structuredOrder[structuredRank(sent.Structured)+1]
		c.quirks.update(sent.Model, func(q *Quirk) { q.Structured = next })
		c.quirks.say(fmt.Sprintf("%s (model %s) %s; storyd uses structured mode %s for it from now on (remembered in .storyd/providers.json; set llm.structured: %s in storyd.yaml to make it explicit)",
			c.baseURL, sent.Model, e.refusal, next, next))
		return true
	default:
		q := c.quirks.get(sent.Model)
		if q.drops(e.refused) {
			return false // refused again without it: something else is wrong
		}
		c.quirks.update(sent.Model, func(q *Quirk) { q.Drop = append(q.Drop, e.refused) })
		c.quirks.say(fmt.Sprintf("%s (model %s) refuses the optional parameter %s; storyd leaves it out from now on (remembered in .storyd/providers.json)", c.baseURL, sent.Model, e.refused))
		return true
	}
}

// learnOverflow keeps the window a server reported with a context
// overflow, with the role's configured window (setting), and the ratio of
// its prompt count to storyd's.
func (c *OpenAI) learnOverflow(model string, setting int, req openai.ChatCompletionRequest, e *Error) {
	if e.Window > 0 {
		at := c.quirks.clock().Unix()
		c.quirks.update(model, func(q *Quirk) { q.Window, q.WindowSetting, q.WindowAt = e.Window, &setting, at })
	}
	if e.PromptTokens > 0 && c.countTokens != nil {
		c.quirks.calibrate(model, e.PromptTokens, c.promptTokens(req))
	}
}

func (c *OpenAI) promptTokens(req openai.ChatCompletionRequest) int {
	n := 0
	for _, m := range req.Messages {
		n += c.countTokens(m.Content) + 4 // per-message overhead of the chat format
	}
	return n
}

// learnCounts calibrates the model's token ratio from the server's own
// count of a prompt.
func (c *OpenAI) learnCounts(model string, req openai.ChatCompletionRequest, resp Response) {
	if resp.Usage.Estimated || resp.Usage.PromptTokens == 0 || c.countTokens == nil {
		return
	}
	c.quirks.calibrate(model, resp.Usage.PromptTokens, c.promptTokens(req))
}

func (c *OpenAI) check(r Request) error {
	bad := func(msg string) error { return &Error{Kind: KindBadRequest, Model: r.Model, Message: msg} }
	switch {
	case r.Model == "":
		return bad("no model given")
	case len(r.Messages) == 0:
		return bad("no messages")
	}
	switch r.Structured {
	case "", StructuredJSONSchema, StructuredJSONObject, StructuredPrompt:
	default:
		return bad(fmt.Sprintf("unknown structured mode %q", r.Structured))
	}
	if r.Schema != nil && !json.Valid(r.Schema.Schema) {
		return bad("schema is not valid JSON")
	}
	return nil
}

// usesCompletionTokens reports models that reject max_tokens.
func usesCompletionTokens(model string) bool {
	for _, p := range []string{"gpt-5", "gpt-6", "o1", "o3", "o4"} {
		if strings.HasPrefix(model, p) {
			return true
		}
	}
	return false
}

var schemaNameRe = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

// chatRequest translates a Request. Temperature is not set here: the
// transport writes it into the body so that 0 survives omitempty.
func chatRequest(r Request, q Quirk) openai.ChatCompletionRequest {
	msgs := append([]Message(nil), r.Messages...)
	req := openai.ChatCompletionRequest{Model: r.Model}
	if usesCompletionTokens(r.Model) || q.drops(paramMaxTokens) {
		req.MaxCompletionTokens = r.MaxTokens
	} else {
		//lint:ignore SA1019 OpenAI-compatible servers (Ollama, vLLM, llama.cpp) read max_tokens, not max_completion_tokens
		req.MaxTokens = r.MaxTokens
	}
	if r.Schema != nil {
		switch r.Structured {
		case StructuredJSONObject:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
			msgs = appendToLastUser(msgs, "\n\nAnswer with a JSON object that validates against this JSON Schema:\n"+string(r.Schema.Schema))
		case StructuredPrompt:
			msgs = appendToLastUser(msgs, "\n\nAnswer with JSON only (no prose, no code fences) that validates against this JSON Schema:\n"+string(r.Schema.Schema))
		default:
			name := schemaNameRe.ReplaceAllString(r.Schema.Name, "_")
			if name == "" {
				name = "answer"
			}
			if len(name) > 64 {
				name = name[:64]
			}
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{
				Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
				JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
					Name:   name,
					Schema: r.Schema.Schema,
					Strict: true,
				},
			}
		}
	}
	for _, m := range msgs {
		req.Messages = append(req.Messages, openai.ChatCompletionMessage{Role: m.Role, Content: m.Content})
	}
	if r.Stream {
		req.Stream = true
		if !q.drops(paramStreamOptions) {
			req.StreamOptions = &openai.StreamOptions{IncludeUsage: true}
		}
	}
	return req
}

func appendToLastUser(msgs []Message, text string) []Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			msgs[i].Content += text
			return msgs
		}
	}
	return append(msgs, Message{Role: "user", Content: strings.TrimSpace(text)})
}

func (c *OpenAI) chat(ctx context.Context, req openai.ChatCompletionRequest, r Request) (Response, error) {
	res, err := c.client.CreateChatCompletion(ctx, req)
	if err != nil {
		return Response{}, err
	}
	if len(res.Choices) == 0 {
		return Response{}, &Error{Kind: KindMalformed, URL: c.chatURL(), Message: "answer has no choices"}
	}
	ch := res.Choices[0]
	u := Usage{PromptTokens: res.Usage.PromptTokens, CompletionTokens: res.Usage.CompletionTokens}
	if d := res.Usage.PromptTokensDetails; d != nil {
		u.CachedPromptTokens = d.CachedTokens
	}
	a := answer{model: res.Model, content: ch.Message.Content, reasoning: len(ch.Message.ReasoningContent),
		refusal: ch.Message.Refusal, finish: string(ch.FinishReason), usage: u,
		estimate: res.Usage.PromptTokens == 0 && res.Usage.CompletionTokens == 0}
	return c.finish(r, a)
}

// midStreamError marks a failure after a stream started.
type midStreamError struct{ err error }

func (m *midStreamError) Error() string { return m.err.Error() }
func (m *midStreamError) Unwrap() error { return m.err }

func (c *OpenAI) stream(ctx context.Context, req openai.ChatCompletionRequest, r Request) (Response, error) {
	s, err := c.client.CreateChatCompletionStream(ctx, req)
	if err != nil {
		return Response{}, err
	}
	defer s.Close()
	think := &thinkFilter{delta: r.OnDelta, restart: r.OnRestart}
	var a answer
	var refusal strings.Builder
	var usage *openai.Usage
	limit := answerLimit(r.MaxTokens)
	for {
		chunk, err := s.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			if a.finish != "" && errors.Is(err, errStreamCut) {
				// The answer is complete; only the trailer (usage, [DONE]) is
				// missing. Paying for the whole scene again is not worth it.
				break
			}
			return Response{}, &midStreamError{err}
		}
		if chunk.Model != "" {
			a.model = chunk.Model
		}
		if chunk.Usage != nil {
			usage = chunk.Usage
		}
		if len(chunk.Choices) == 0 {
			continue // Azure's content-filter preamble, usage-only chunks
		}
		ch := chunk.Choices[0]
		think.write(ch.Delta.Content)
		a.reasoning += len(ch.Delta.ReasoningContent)
		refusal.WriteString(ch.Delta.Refusal)
		if ch.FinishReason != "" {
			a.finish = string(ch.FinishReason)
		}
		if think.all.Len()+a.reasoning > limit {
			return Response{}, &Error{Kind: KindTooLarge, URL: c.chatURL(), MaxTokens: r.MaxTokens,
				Message: fmt.Sprintf("the answer passed %d bytes, far more than max_tokens %d allows; aborted and nothing kept", limit, r.MaxTokens)}
		}
	}
	if a.finish == "error" {
		// vLLM and OpenRouter end a failed generation this way: the
		// prose so far is incomplete, so the call is sent again.
		return Response{}, &midStreamError{&Error{Kind: KindUnavailable, URL: c.chatURL(), Message: "the server ended the answer with finish_reason error"}}
	}
	a.content, a.refusal = think.all.String(), refusal.String()
	if usage != nil {
		a.usage = Usage{PromptTokens: usage.PromptTokens, CompletionTokens: usage.CompletionTokens}
		if usage.PromptTokensDetails != nil {
			a.usage.CachedPromptTokens = usage.PromptTokensDetails.CachedTokens
		}
	}
	a.estimate = usage == nil || (usage.PromptTokens == 0 && usage.CompletionTokens == 0)
	return c.finish(r, a)
}

// answer is a model's answer as received, before it is checked.
type answer struct {
	model, content, refusal, finish string
	reasoning                       int // bytes of reasoning sent beside content
	usage                           Usage
	estimate                        bool // the server reported no usage
}

// answerLimit bounds an answer's text: max_tokens at a generous 32 bytes
// per token, plus room for a short answer's overhead.
func answerLimit(maxTokens int) int {
	if maxTokens <= 0 {
		maxTokens = 32768
	}
	return maxTokens*32 + 16<<10
}

// finish checks an answer and completes its usage: the model's thinking is
// removed, a cut or filtered answer is an error, a JSON answer is extracted.
func (c *OpenAI) finish(r Request, a answer) (Response, error) {
	model := a.model
	if model == "" {
		model = r.Model
	}
	fail := func(kind Kind, reason, msg string) (Response, error) {
		return Response{}, &Error{Kind: kind, Reason: reason, URL: c.chatURL(), Model: r.Model, MaxTokens: r.MaxTokens, Message: msg}
	}
	if a.refusal != "" {
		return fail(KindRefusal, "", a.refusal)
	}
	if len(a.content)+a.reasoning > answerLimit(r.MaxTokens) {
		return fail(KindTooLarge, "", fmt.Sprintf("the answer has %d bytes, far more than max_tokens %d allows; nothing kept", len(a.content)+a.reasoning, r.MaxTokens))
	}
	content, _ := stripReasoning(a.content)
	switch a.finish {
	case "content_filter":
		return fail(KindRefusal, ReasonContentFilter, "the provider's content filter stopped the answer (finish_reason content_filter)")
	case "error":
		// vLLM and OpenRouter end a failed generation this way.
		return fail(KindUnavailable, "", "the server ended the answer with finish_reason error")
	}
	if r.Schema != nil {
		content = schema.ExtractJSON(content)
		if r.Structured == StructuredJSONSchema && strings.TrimSpace(content) != "" && !json.Valid([]byte(content)) && a.finish != "length" {
			// The server took response_format json_schema and ignored it:
			// the schema was never in the prompt, so say it there.
			return Response{}, &Error{Kind: KindBadRequest, URL: c.chatURL(), Model: r.Model, refused: refusedStructured,
				refusal: "accepts response_format json_schema but ignores it", Message: "the answer is not JSON although json_schema was asked for"}
		}
	}
	if strings.TrimSpace(content) == "" {
		if a.finish == "length" {
			// Whatever ate max_tokens (thinking, sent inline, beside the
			// answer or not at all), the remedy is the same.
			return fail(KindEmpty, ReasonReasoningExhausted, fmt.Sprintf("the model thought until max_tokens (%d) ran out and gave no answer (finish_reason length)", r.MaxTokens))
		}
		msg := "the model returned no text"
		if a.finish != "" {
			msg += " (finish_reason " + a.finish + ")"
		}
		return fail(KindEmpty, "", msg)
	}
	u := a.usage
	if a.estimate {
		u = Usage{CompletionTokens: c.tokenize(content), Estimated: true}
		for _, m := range r.Messages {
			u.PromptTokens += c.tokenize(m.Content)
		}
	}
	return Response{Content: content, FinishReason: a.finish, Model: model, Usage: u}, nil
}

func (c *OpenAI) chatURL() string { return c.baseURL + "/chat/completions" }

// classify turns any failure into an *Error, except a cancellation by the
// caller, which is returned as the context's error.
func (c *OpenAI) classify(parent, ctx context.Context, err error, r Request, st *callState) error {
	if perr := parent.Err(); perr != nil {
		return fmt.Errorf("llm: %w", perr)
	}
	e := c.classifyErr(ctx, err, r.Model, st)
	if e.Model == "" {
		e.Model = r.Model
	}
	e.Role, e.MaxTokens, e.urlFrom = r.Role, r.MaxTokens, c.urlFrom
	if e.Kind == KindTimeout || e.Kind == KindUnavailable {
		e.RetryAfter = st.retryAfter
	}
	return e
}

func (c *OpenAI) classifyErr(ctx context.Context, err error, model string, st *callState) *Error {
	var e *Error
	if errors.As(err, &e) {
		ce := *e
		return &ce
	}
	mk := func(kind Kind, msg string) *Error {
		return &Error{Kind: kind, URL: c.chatURL(), Model: model, Message: msg, err: err}
	}
	var se *streamEventError
	var ae *openai.APIError
	var re *openai.RequestError
	switch {
	case ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded):
		e := mk(KindTimeout, fmt.Sprintf("call did not finish within %s", c.callTimeout))
		e.err = context.DeadlineExceeded
		return e
	case errors.Is(err, errStreamCut):
		return mk(KindUnavailable, "the stream was cut off before it ended")
	case errors.Is(err, errAttemptTimeout):
		return mk(KindTimeout, fmt.Sprintf("the stream was silent for %s", c.p.attemptTimeout))
	case errors.As(err, &se):
		// An error sent inside a 200 stream: a server hiccup unless it
		// says otherwise (a context overflow, a limit).
		eb := parseErrorBody(se.body)
		e := c.statusError(eb.status, eb, model, st)
		if e.Kind == KindUnknown || e.Kind == KindBadRequest {
			e.Kind = KindUnavailable
		}
		e.err = err
		return e
	case errors.As(err, &re):
		// Before APIError: go-openai wraps an empty one in a RequestError
		// when the body's "error" is a string (LM Studio, Ollama).
		e := c.statusError(re.HTTPStatusCode, parseErrorBody(re.Body), model, st)
		e.err = err
		return e
	case errors.As(err, &ae):
		eb := parseErrorBody(st.errBody)
		if st.errBody == nil {
			code, _ := ae.Code.(string)
			eb = errorBody{code: code, typ: ae.Type, msg: ae.Message}
		}
		e := c.statusError(ae.HTTPStatusCode, eb, model, st)
		e.err = err
		return e
	case errors.Is(err, openai.ErrChatCompletionInvalidModel) || isValidatorError(err):
		return &Error{Kind: KindBadRequest, Model: model, Message: redact(err.Error(), c.key), err: err}
	case errors.Is(err, openai.ErrTooManyEmptyStreamMessages):
		return mk(KindMalformed, err.Error())
	}
	var syn *json.SyntaxError
	var te *json.UnmarshalTypeError
	if errors.As(err, &syn) || errors.As(err, &te) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return mk(KindMalformed, "the server's answer is not valid JSON: "+err.Error())
	}
	var me *midStreamError
	if errors.As(err, &me) {
		// Any other read failure inside a stream is a broken connection.
		return mk(KindUnavailable, "the stream broke: "+redact(me.err.Error(), c.key))
	}
	return mk(KindUnknown, redact(err.Error(), c.key))
}

func isValidatorError(err error) bool {
	for _, v := range []error{
		openai.ErrReasoningModelMaxTokensDeprecated, openai.ErrReasoningModelLimitationsLogprobs,
		openai.ErrReasoningModelLimitationsOther, openai.ErrReasoningSamplingUnsupported,
		openai.ErrReasoningEffortUnsupported, openai.ErrReasoningToolsRequireResponses,
	} {
		if errors.Is(err, v) {
			return true
		}
	}
	return false
}

// statusError maps an HTTP status and what the error body says to an
// Error. This is the one place statuses and provider wordings are
// interpreted. A status of 0 is an error sent inside a stream.
func (c *OpenAI) statusError(status int, eb errorBody, model string, st *callState) *Error {
	msg := redact(eb.msg, c.key)
	e := &Error{Status: status, URL: c.chatURL(), Model: model, Message: msg}
	if status == 0 {
		status = eb.status
	}
	lower := strings.ToLower(eb.code + " " + eb.typ + " " + eb.msg)
	ctxLen, prompt, window := contextLength(eb)
	switch {
	case status == 401 || (status == 403 && !strings.Contains(lower, "moderation") && !strings.Contains(lower, "flagged")):
		e.Kind = KindAuth
	case status == 403:
		e.Kind, e.Reason = KindRefusal, ReasonContentFilter // OpenRouter's moderation
	case status == 404 || eb.code == "model_not_found":
		e.Kind = KindNotFound
		e.Message = fmt.Sprintf("model %q or the endpoint does not exist (does the base URL end in /v1?)", model)
		if msg != "" {
			e.Message += ": " + msg
		}
	case ctxLen:
		// Before the 5xx family: llama.cpp says it with a 500.
		e.Kind, e.PromptTokens, e.Window = KindContextLength, prompt, window
	case status == 402 || quotaText(eb.code, eb.typ, eb.msg):
		e.Kind = KindQuota
	case status == 429:
		e.Kind = KindRateLimit
		e.RetryAfter = st.retryAfter
	case status == 408:
		e.Kind = KindTimeout
	case status == 409 || status == 529 || status >= 500:
		e.Kind = KindUnavailable
		e.RetryAfter = st.retryAfter
	case eb.code == "json_validate_failed":
		// Groq checked the model's JSON and it failed: ask again.
		e.Kind = KindMalformed
	case structuredRefused(status, eb):
		e.Kind, e.refused, e.refusal = KindBadRequest, refusedStructured, fmt.Sprintf("refuses its response_format (%q)", snippet([]byte(msg)))
	case refusedParam(status, eb) != "":
		e.Kind, e.refused = KindBadRequest, refusedParam(status, eb)
	case status >= 400:
		e.Kind = KindBadRequest
	default:
		e.Kind = KindUnknown
	}
	return e
}

// snippet shortens a non-JSON error body for a message.
func snippet(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// Embed returns one embedding per text from the /embeddings endpoint, in
// order, sending at most 64 texts per request. An input the server finds
// too large (llama.cpp: "input (N tokens) is too large to process") is
// split: a batch into halves, a single text into halves whose embeddings are
// averaged. A missing endpoint or an error that repeats is not retried.
func (c *OpenAI) Embed(ctx context.Context, model string, texts []string) ([][]float32, error) {
	if model == "" {
		return nil, &Error{Kind: KindBadRequest, Message: "no embedding model given"}
	}
	start := c.p.now()
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.callTimeout)
	defer cancel()
	out := make([][]float32, 0, len(texts))
	for i := 0; i < len(texts); i += embedBatch {
		vecs, err := c.embedSplit(parent, ctx, start, model, texts[i:min(i+embedBatch, len(texts))], 0)
		if err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// maxEmbedSplits bounds how often one text is halved for a server whose
// batch is too small.
const maxEmbedSplits = 6

func (c *OpenAI) embedSplit(parent, ctx context.Context, start time.Time, model string, batch []string, depth int) ([][]float32, error) {
	vecs, err := c.embedOnce(parent, ctx, start, model, batch)
	var e *Error
	if err == nil || !errors.As(err, &e) || e.refused != refusedEmbedSize || depth >= maxEmbedSplits {
		return vecs, err
	}
	if depth == 0 {
		c.quirks.say(fmt.Sprintf("%s (model %s) refuses long embedding inputs (%q); storyd splits them: raise the server's physical batch size (llama.cpp: --ubatch-size and --batch-size) to embed them whole",
			c.baseURL+"/embeddings", model, snippet([]byte(e.Message))))
	}
	if len(batch) > 1 {
		h := len(batch) / 2
		a, err := c.embedSplit(parent, ctx, start, model, batch[:h], depth+1)
		if err != nil {
			return nil, err
		}
		b, err := c.embedSplit(parent, ctx, start, model, batch[h:], depth+1)
		return append(a, b...), err
	}
	words := strings.Fields(batch[0])
	if len(words) < 2 {
		return nil, err
	}
	h := len(words) / 2
	halves, err := c.embedSplit(parent, ctx, start, model, []string{strings.Join(words[:h], " "), strings.Join(words[h:], " ")}, depth+1)
	if err != nil {
		return nil, err
	}
	avg := make([]float32, len(halves[0]))
	for i := range avg {
		if i < len(halves[1]) {
			avg[i] = (halves[0][i] + halves[1][i]) / 2
		}
	}
	return [][]float32{avg}, nil
}

// refusedEmbedSize marks an embedding input longer than the server's batch.
const refusedEmbedSize = "embedding input size"

func (c *OpenAI) embedOnce(parent, ctx context.Context, start time.Time, model string, batch []string) ([][]float32, error) {
	st := &callState{role: "embed", deadline: start.Add(c.callTimeout), embedInputs: len(batch)}
	res, err := c.client.CreateEmbeddings(withCallState(ctx, st), openai.EmbeddingRequestStrings{Input: batch, Model: openai.EmbeddingModel(model)})
	if err != nil {
		err = c.classify(parent, ctx, err, Request{Model: model, Role: "embed"}, st)
		var e *Error
		if errors.As(err, &e) {
			e.URL = strings.Replace(e.URL, "/chat/completions", "/embeddings", 1)
			switch {
			case e.Status == 501 || (e.Kind == KindNotFound && e.Reason == ""):
				// llama.cpp without --embeddings, a server without the route.
				e.Kind, e.Reason = KindNotFound, ReasonNoEmbeddings
			case strings.Contains(strings.ToLower(e.Message), "too large to process"):
				e.Kind, e.refused = KindBadRequest, refusedEmbedSize
			}
		}
		return nil, err
	}
	if len(res.Data) != len(batch) {
		return nil, &Error{Kind: KindMalformed, URL: c.baseURL + "/embeddings", Model: model,
			Message: fmt.Sprintf("got %d embeddings for %d texts", len(res.Data), len(batch))}
	}
	data := append([]openai.Embedding(nil), res.Data...)
	sort.SliceStable(data, func(a, b int) bool { return data[a].Index < data[b].Index })
	out := make([][]float32, 0, len(batch))
	for j, d := range data {
		if d.Index != j || len(d.Embedding) == 0 {
			return nil, &Error{Kind: KindMalformed, URL: c.baseURL + "/embeddings", Model: model,
				Message: fmt.Sprintf("embedding %d is missing or empty", j)}
		}
		out = append(out, d.Embedding)
	}
	return out, nil
}
