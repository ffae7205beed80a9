package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// callState is the per-call information the retry transport needs and go-openai
// cannot carry: storyd headers, the exact temperature, the shared retry budget
// and what the last attempt said. It travels in the request context; one call
// uses it from one goroutine at a time.
type callState struct {
	role        string
	tick        int
	temperature *float64
	deadline    time.Time // by Options.Now

	retries    int           // retries spent so far, across both layers
	htmlPages  int           // 200 answers that were web pages
	retryAfter time.Duration // last Retry-After seen
}

type callStateKey struct{}

func withCallState(ctx context.Context, st *callState) context.Context {
	return context.WithValue(ctx, callStateKey{}, st)
}

func callStateFrom(ctx context.Context) *callState {
	st, _ := ctx.Value(callStateKey{}).(*callState)
	if st == nil {
		st = &callState{}
	}
	return st
}

// errAttemptTimeout is the cancel cause of an attempt whose timer fired.
var errAttemptTimeout = errors.New("attempt timed out")

// errStreamCut marks a stream that ended without "data: [DONE]".
var errStreamCut = errors.New("stream ended before [DONE]")

// policy holds the resolved retry settings shared by both retry points.
type policy struct {
	maxRetries     int
	attemptTimeout time.Duration
	backoffBase    time.Duration
	backoffMax     time.Duration
	retryAfterCap  time.Duration
	now            func() time.Time
	sleep          func(ctx context.Context, d time.Duration) error
	jitter         func(n int64) int64 // uniform in [0, n)
}

// backoff is exponential with full jitter: uniform in [0, min(max, base·2^n)].
func (p *policy) backoff(n int) time.Duration {
	ceil := float64(p.backoffBase) * math.Pow(2, float64(n))
	if ceil > float64(p.backoffMax) {
		ceil = float64(p.backoffMax)
	}
	if ceil < 1 {
		return 0
	}
	return time.Duration(p.jitter(int64(ceil) + 1))
}

// remaining is how much of the call budget is left.
func (p *policy) remaining(ctx context.Context, st *callState) time.Duration {
	left := time.Duration(math.MaxInt64)
	if !st.deadline.IsZero() {
		left = st.deadline.Sub(p.now())
	}
	if d, ok := ctx.Deadline(); ok {
		if l := time.Until(d); l < left {
			left = l
		}
	}
	return left
}

// lockedJitter guards a caller-supplied *rand.Rand, which is not safe for
// concurrent use.
type lockedJitter struct {
	mu sync.Mutex
	f  func(n int64) int64
}

func (l *lockedJitter) int64n(n int64) int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f(n)
}

// transport is the one retry layer for HTTP: it sees statuses and
// Retry-After headers that go-openai hides, buffers request bodies so they can
// be replayed, and times out each attempt.
type transport struct {
	base http.RoundTripper
	p    *policy
	key  string
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	st := callStateFrom(ctx)
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("read request body: %w", err)
		}
		body = b
	}
	if st.temperature != nil {
		patched, err := setJSONField(body, "temperature", *st.temperature)
		if err != nil {
			return nil, err
		}
		body = patched
	}
	stream := req.Header.Get("Accept") == "text/event-stream"
	for {
		resp, err := t.attempt(ctx, req, body, st, stream)
		if err != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err == nil && resp.StatusCode == http.StatusOK && strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			// A web page, not an API. Once may be a proxy's hiccup (the
			// answer is then treated as malformed and retried); twice is a
			// wrong base URL, which no retry or cron run will fix.
			if st.htmlPages++; st.htmlPages > 1 {
				resp.Body.Close()
				return nil, &Error{Kind: KindNotFound, URL: cleanURL(req.URL),
					Message: "the server answers with an HTML page, not an OpenAI-compatible API response: check OPENAI_BASE_URL (it usually ends in /v1)"}
			}
		}
		var wait time.Duration
		switch {
		case err != nil:
			if st.retries >= t.p.maxRetries {
				return nil, err
			}
			wait = t.p.backoff(st.retries)
		case retryableStatus(resp.StatusCode):
			if resp.StatusCode == http.StatusTooManyRequests && isQuota(peekBody(resp)) {
				return resp, nil
			}
			ra, ok := retryAfter(resp.Header, t.p.now())
			st.retryAfter = ra
			if st.retries >= t.p.maxRetries || (ok && ra > t.p.retryAfterCap) {
				return resp, nil
			}
			wait = ra
			if !ok {
				wait = t.p.backoff(st.retries)
			}
		default:
			return resp, nil
		}
		if wait > t.p.remaining(ctx, st) {
			// Waiting would outlive the call: give up now with what we have.
			if err != nil {
				return nil, err
			}
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		if serr := t.p.sleep(ctx, wait); serr != nil {
			return nil, serr
		}
		st.retries++
	}
}

// attempt sends one request. Non-stream bodies are read completely inside the
// attempt, so a cut or hung body is retried here like a failed connection.
// Stream bodies are handed back with an idle timeout instead.
func (t *transport) attempt(ctx context.Context, req *http.Request, body []byte, st *callState, stream bool) (*http.Response, error) {
	actx, cancel := context.WithCancelCause(ctx)
	timer := time.AfterFunc(t.p.attemptTimeout, func() { cancel(errAttemptTimeout) })
	r := req.Clone(actx)
	if body != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	}
	if st.role != "" {
		r.Header.Set("X-Storyd-Role", st.role)
	}
	r.Header.Set("X-Storyd-Tick", strconv.Itoa(st.tick))

	resp, err := t.base.RoundTrip(r)
	if err != nil {
		timer.Stop()
		timedOut := context.Cause(actx) == errAttemptTimeout
		cancel(nil)
		return nil, t.connError(req.URL, err, timedOut)
	}
	if stream && resp.StatusCode == http.StatusOK {
		timer.Reset(t.p.attemptTimeout)
		resp.Body = &streamBody{rc: resp.Body, timer: timer, idle: t.p.attemptTimeout, ctx: actx, cancel: cancel}
		return resp, nil
	}
	data, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	timer.Stop()
	timedOut := context.Cause(actx) == errAttemptTimeout
	cancel(nil)
	if rerr != nil {
		return nil, t.connError(req.URL, rerr, timedOut)
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))
	resp.ContentLength = int64(len(data))
	return resp, nil
}

// connError turns a transport failure into an Error naming the endpoint.
func (t *transport) connError(u *url.URL, err error, timedOut bool) *Error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	e := &Error{Kind: KindUnavailable, URL: cleanURL(u), err: err}
	if timedOut {
		e.Kind = KindTimeout
		e.Message = fmt.Sprintf("no answer from %s within %s", e.URL, t.p.attemptTimeout)
	} else {
		e.Message = fmt.Sprintf("cannot reach %s: %s", e.URL, redact(err.Error(), t.key))
	}
	return e
}

// streamBody adds an idle timeout to an SSE body and reports a stream that
// ends without "data: [DONE]" as cut: go-openai would return io.EOF either way.
type streamBody struct {
	rc     io.ReadCloser
	timer  *time.Timer
	idle   time.Duration
	ctx    context.Context
	cancel context.CancelCauseFunc

	line []byte // current line, up to a small limit
	done bool   // "[DONE]" seen
}

func (b *streamBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		b.timer.Reset(b.idle)
		b.scan(p[:n])
	}
	if err == io.EOF && !b.done {
		b.scan([]byte{'\n'})
		if !b.done {
			return n, errStreamCut
		}
	}
	if err != nil && err != io.EOF && context.Cause(b.ctx) == errAttemptTimeout {
		return n, errAttemptTimeout
	}
	return n, err
}

func (b *streamBody) scan(p []byte) {
	for _, c := range p {
		if c == '\n' {
			l := bytes.TrimSpace(b.line)
			if bytes.HasPrefix(l, []byte("data:")) && string(bytes.TrimSpace(l[5:])) == "[DONE]" {
				b.done = true
			}
			b.line = b.line[:0]
			continue
		}
		if len(b.line) < 32 { // only short lines can be "data: [DONE]"
			b.line = append(b.line, c)
		} else {
			b.line = append(b.line[:31], 'x')
		}
	}
}

func (b *streamBody) Close() error {
	b.timer.Stop()
	b.cancel(nil)
	return b.rc.Close()
}

func retryableStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooManyRequests, 529:
		return true
	}
	return code >= 500
}

// peekBody returns a buffered response body without consuming it.
func peekBody(resp *http.Response) []byte {
	data, _ := io.ReadAll(resp.Body)
	resp.Body = io.NopCloser(bytes.NewReader(data))
	return data
}

// isQuota recognises spend-limit 429s, which look like rate limits but will
// not clear by waiting.
func isQuota(body []byte) bool {
	var er struct {
		Error struct {
			Code    any    `json:"code"`
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &er) == nil {
		code, _ := er.Error.Code.(string)
		return quotaText(code, er.Error.Type, er.Error.Message)
	}
	return quotaText("", "", string(body))
}

func quotaText(code, typ, msg string) bool {
	if code == "insufficient_quota" || typ == "insufficient_quota" {
		return true
	}
	m := strings.ToLower(msg)
	return strings.Contains(m, "quota") || strings.Contains(m, "billing")
}

// retryAfter reads retry-after-ms, then Retry-After (seconds or HTTP date).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// setJSONField sets one top-level field of a JSON object body. go-openai
// drops a 0 temperature (omitempty on a float32), so the exact value is
// written here instead.
func setJSONField(body []byte, name string, v any) ([]byte, error) {
	if len(body) == 0 {
		return body, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("set %s: %w", name, err)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("set %s: %w", name, err)
	}
	m[name] = raw
	return json.Marshal(m)
}

// cleanURL drops credentials and the query from a URL used in messages.
func cleanURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	c.RawQuery = ""
	c.Fragment = ""
	return c.String()
}

// redact removes the API key from text shown to people.
func redact(s, key string) string {
	if len(key) < 4 {
		return s
	}
	return strings.ReplaceAll(s, key, "[redacted]")
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
