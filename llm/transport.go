package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"regexp"
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

	maxTokens   int // the answer's bound; sizes the body caps
	embedInputs int // texts in an embeddings request (0 for chat)

	onRetry    func(Retry)   // Request.OnRetry
	retries    int           // retries spent so far, across both layers
	htmlPages  int           // 200 answers that were web pages
	retryAfter time.Duration // last Retry-After seen
	errBody    []byte        // body of the last error answer (bounded)
	lastErr    string        // the error body before it, to see a failure repeat
}

// notifyRetry tells the caller, if it asked, that retry st.retries+1 of
// max follows after wait.
func (st *callState) notifyRetry(max int, wait time.Duration, reason string) {
	if st.onRetry != nil {
		st.onRetry(Retry{Attempt: st.retries + 1, Max: max, Wait: wait, Reason: reason})
	}
}

// shortReason is the last part of a transport error ("connection
// refused"), for a progress line.
func shortReason(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return msg
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
// be replayed, times out each attempt, bounds every answer's size, and
// carries the base URL's query string (Azure's api-version, a proxy's key)
// onto every request, where go-openai would glue it in front of the path.
type transport struct {
	base  http.RoundTripper
	p     *policy
	key   string
	query url.Values
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	st := callStateFrom(ctx)
	body, err := t.requestBody(req, st)
	if err != nil {
		return nil, err
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
				return nil, &Error{Kind: KindNotFound, Reason: ReasonHTMLPage, URL: cleanURL(req.URL),
					Message: "the server answers with an HTML page, not an OpenAI-compatible API response: check OPENAI_BASE_URL (it usually ends in /v1)"}
			}
		}
		var wait time.Duration
		switch {
		case err != nil:
			var e *Error
			if (errors.As(err, &e) && !e.Temporary()) || st.retries >= t.p.maxRetries {
				return nil, err
			}
			wait = t.p.backoff(st.retries)
		case retryableStatus(resp.StatusCode):
			if resp.StatusCode == http.StatusTooManyRequests && isQuota(st.errBody) {
				return resp, nil
			}
			if ctxLen, _, _ := contextLength(parseErrorBody(st.errBody)); ctxLen || !worthRetrying(resp.StatusCode, st) {
				return resp, nil
			}
			ra, ok := retryAfter(resp.Header, st.errBody, t.p.now())
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
		reason := ""
		if err == nil {
			resp.Body.Close()
			reason = fmt.Sprintf("HTTP %d", resp.StatusCode)
		} else {
			reason = shortReason(err)
		}
		st.notifyRetry(t.p.maxRetries, wait, reason)
		if serr := t.p.sleep(ctx, wait); serr != nil {
			return nil, serr
		}
		st.retries++
	}
}

// requestBody buffers the request body so it can be replayed, with the exact
// temperature written in.
func (t *transport) requestBody(req *http.Request, st *callState) ([]byte, error) {
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
		return setJSONField(body, "temperature", *st.temperature)
	}
	return body, nil
}

// worthRetrying reports a failure that may clear: not llama.cpp's "does not
// fit" or "too large to process" (sent with a 500), not a missing feature
// (501), and for embeddings not the same error body twice in a row (a
// batch that fails the same way every time).
func worthRetrying(status int, st *callState) bool {
	msg := strings.ToLower(parseErrorBody(st.errBody).msg)
	switch {
	case status == http.StatusNotImplemented, strings.Contains(msg, "too large to process"):
		return false
	case st.embedInputs > 0 && st.lastErr != "" && st.lastErr == string(st.errBody):
		return false
	}
	st.lastErr = string(st.errBody)
	return true
}

// bodyLimit bounds an answer's bytes: generous for what max_tokens allows
// (a token is rarely over 16 bytes, JSON escaping and SSE framing add
// several times that), yet far below a runaway answer.
func bodyLimit(st *callState) int64 {
	if st.embedInputs > 0 {
		return int64(st.embedInputs)*8192*24 + 1<<20
	}
	n := st.maxTokens
	if n <= 0 {
		n = 32768
	}
	return int64(n)*512 + 256<<10
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
	if len(t.query) > 0 {
		q := r.URL.Query()
		for k, vs := range t.query {
			q[k] = vs
		}
		r.URL.RawQuery = q.Encode()
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
	limit := bodyLimit(st)
	st.errBody = nil
	if stream && resp.StatusCode == http.StatusOK && !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		timer.Reset(t.p.attemptTimeout)
		resp.Body = &streamBody{rc: resp.Body, timer: timer, idle: t.p.attemptTimeout, ctx: actx, cancel: cancel, limit: limit}
		return resp, nil
	}
	data, rerr := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	resp.Body.Close()
	timer.Stop()
	timedOut := context.Cause(actx) == errAttemptTimeout
	cancel(nil)
	if rerr != nil {
		return nil, t.connError(req.URL, rerr, timedOut)
	}
	if int64(len(data)) > limit {
		return nil, &Error{Kind: KindTooLarge, URL: cleanURL(req.URL),
			Message: fmt.Sprintf("the answer passed %d bytes, far more than max_tokens %d allows; aborted and nothing kept", limit, st.maxTokens)}
	}
	errorIn200(resp, data)
	if resp.StatusCode >= 400 {
		st.errBody = data[:min(len(data), 16<<10)]
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))
	resp.ContentLength = int64(len(data))
	return resp, nil
}

// errorIn200 gives an error object sent with status 200 (OpenRouter's
// "Provider returned error", llama.cpp's errors on some builds, a JSON error
// where a stream was asked for) the status it stands for, so that it is
// retried or reported like any other error answer.
func errorIn200(resp *http.Response, data []byte) {
	if resp.StatusCode != http.StatusOK || !isErrorObject(data) {
		return
	}
	var v struct {
		Choices json.RawMessage `json:"choices"`
		Data    json.RawMessage `json:"data"`
	}
	if json.Unmarshal(data, &v) == nil && (len(v.Choices) > 2 || len(v.Data) > 2) {
		return // an answer that also carries an "error": null-ish member
	}
	status := parseErrorBody(data).status
	if status < 400 || status > 599 {
		status = http.StatusBadGateway
	}
	resp.StatusCode = status
	resp.Status = fmt.Sprintf("%d %s", status, http.StatusText(status))
}

// connError turns a transport failure into an Error naming the endpoint.
func (t *transport) connError(u *url.URL, err error, timedOut bool) *Error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	e := &Error{Kind: KindUnavailable, URL: cleanURL(u), err: err}
	var dns *net.DNSError
	switch {
	case timedOut:
		e.Kind = KindTimeout
		e.Message = fmt.Sprintf("no answer from %s within %s", e.URL, t.p.attemptTimeout)
	case errors.As(err, &dns) && dns.IsNotFound:
		// Unavailable, as any server storyd cannot reach: a resolver, a
		// network or a VPN that is down (a LAN or tailnet name of a local
		// model's server) says "no such host" as a typo does, and only the
		// person can tell them apart; the hint names where the address
		// came from, to correct a typo there.
		e.Reason = ReasonNoSuchHost
		e.Message = fmt.Sprintf("cannot reach %s: the host %q could not be resolved (no such host)", e.URL, u.Hostname())
	default:
		e.Message = fmt.Sprintf("cannot reach %s: %s", e.URL, redact(err.Error(), t.key))
	}
	return e
}

func retryableStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooManyRequests, 529:
		return true
	}
	return code >= 500
}

// isQuota recognises spend-limit 429s, which look like rate limits but will
// not clear by waiting.
func isQuota(body []byte) bool {
	eb := parseErrorBody(body)
	return quotaText(eb.code, eb.typ, eb.msg)
}

// quotaText recognises an exhausted quota, credit or budget. Bare words like
// "billing" are not enough: Groq's per-day rate limit links to its billing
// page, and that limit clears by itself.
func quotaText(code, typ, msg string) bool {
	if code == "insufficient_quota" || typ == "insufficient_quota" {
		return true
	}
	m := strings.ToLower(msg)
	for _, w := range []string{"exceeded your current quota", "insufficient_quota", "insufficient credits", "insufficient balance", "credit balance is too low", "budget has been exceeded", "spend limit"} {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// retryAfter reads retry-after-ms, then Retry-After (seconds or HTTP date),
// then the x-ratelimit-reset-* headers of a limit that is used up (OpenAI,
// Groq: "7.66s", "2m59.56s"), then the wait the error message names (Groq:
// "Please try again in 9m38.016s").
func retryAfter(h http.Header, body []byte, now time.Time) (time.Duration, bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	if v := strings.TrimSpace(h.Get("Retry-After")); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
			return time.Duration(s * float64(time.Second)), true
		}
		if t, err := http.ParseTime(v); err == nil {
			return max(t.Sub(now), 0), true
		}
	}
	var reset time.Duration
	found := false
	for _, kind := range []string{"tokens", "requests"} {
		d, err := time.ParseDuration(strings.TrimSpace(h.Get("X-Ratelimit-Reset-" + kind)))
		if err != nil || strings.TrimSpace(h.Get("X-Ratelimit-Remaining-"+kind)) != "0" {
			continue
		}
		reset, found = max(reset, d), true
	}
	if found {
		return reset, true
	}
	if m := tryAgainRe.FindStringSubmatch(parseErrorBody(body).msg); m != nil {
		if d, err := time.ParseDuration(m[1]); err == nil {
			return d, true
		}
	}
	return 0, false
}

var tryAgainRe = regexp.MustCompile(`(?i)try again in ((?:[0-9.]+(?:h|ms|m|s))+)`)

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
	if len(key) >= 4 {
		s = strings.ReplaceAll(s, key, "[redacted]")
	}
	return RedactURLs(s)
}

var (
	urlRe        = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)
	secretParams = regexp.MustCompile(`(?i)(key|token|secret|sig|signature|password|passwd|pwd|auth|credential|code)`)
)

// RedactURLs replaces the credentials in every URL in s (the user part, and
// the values of query parameters that look like keys: Azure's and some
// proxies' ?api-key=, signed URLs' sig=) with "[redacted]". Every URL storyd
// prints or stores passes through it.
func RedactURLs(s string) string {
	return urlRe.ReplaceAllStringFunc(s, func(raw string) string {
		u, err := url.Parse(raw)
		if err != nil {
			return raw
		}
		changed := false
		if u.User != nil {
			u.User = url.User("[redacted]")
			changed = true
		}
		if u.RawQuery != "" {
			parts := strings.Split(u.RawQuery, "&")
			for i, p := range parts {
				k, _, ok := strings.Cut(p, "=")
				if ok && secretParams.MatchString(k) {
					parts[i] = k + "=[redacted]"
					changed = true
				}
			}
			u.RawQuery = strings.Join(parts, "&")
		}
		if !changed {
			return raw
		}
		out := u.String()
		return strings.NewReplacer("%5Bredacted%5D", "[redacted]").Replace(out)
	})
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
