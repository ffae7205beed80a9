package llm

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Reasons refine a Kind where the remedy differs.
const (
	ReasonNoSuchHost         = "no such host"        // KindNotFound: the base URL's host does not resolve
	ReasonHTMLPage           = "html page"           // KindNotFound: the base URL serves a web site
	ReasonReasoningExhausted = "reasoning exhausted" // KindEmpty: thinking used all of max_tokens
	ReasonContentFilter      = "content filter"      // KindRefusal: the provider's filter stopped the answer
	ReasonStructured         = "structured output"   // KindBadRequest: no structured mode works
	ReasonNoEmbeddings       = "no embeddings"       // KindNotFound: the server offers no /embeddings
)

// errorBody is what an error answer says, whatever its shape.
type errorBody struct {
	status           int // the status the body names (OpenRouter, llama.cpp, vLLM), 0 if none
	code, typ, msg   string
	nPrompt, nCtx    int    // llama.cpp's exceed_context_size_error counts
	failedGeneration string // Groq's json_validate_failed draft
}

// parseErrorBody reads the error shapes real servers send:
//
//	{"error": {"message", "type", "code", "param", ...}}   OpenAI, Groq, DeepSeek, llama.cpp, OpenRouter, LiteLLM
//	{"error": "text"}                                     LM Studio, Ollama
//	{"object": "error", "message", "type", "code"}        vLLM
//	{"detail": "text"}                                    FastAPI-based servers
//	plain text                                            proxies, Ollama's 404
func parseErrorBody(body []byte) errorBody {
	var raw struct {
		Error   json.RawMessage `json:"error"`
		Object  string          `json:"object"`
		Message json.RawMessage `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &raw) != nil {
		return errorBody{msg: snippet(body)}
	}
	var eb errorBody
	var inner struct {
		Message          json.RawMessage `json:"message"`
		Type             string          `json:"type"`
		Code             json.RawMessage `json:"code"`
		NPrompt          int             `json:"n_prompt_tokens"`
		NCtx             int             `json:"n_ctx"`
		FailedGeneration string          `json:"failed_generation"`
		Metadata         struct {
			Raw json.RawMessage `json:"raw"`
		} `json:"metadata"`
	}
	switch {
	case len(raw.Error) > 0 && raw.Error[0] == '{' && json.Unmarshal(raw.Error, &inner) == nil:
		eb.msg, eb.typ = jsonText(inner.Message), inner.Type
		eb.code, eb.status = jsonCode(inner.Code)
		eb.nPrompt, eb.nCtx, eb.failedGeneration = inner.NPrompt, inner.NCtx, inner.FailedGeneration
		if r := jsonText(inner.Metadata.Raw); r != "" {
			// OpenRouter: the upstream provider's own words.
			eb.msg += ": " + r
		}
	case len(raw.Error) > 0 && raw.Error[0] == '"':
		eb.msg = jsonText(raw.Error)
	case raw.Object == "error" || len(raw.Message) > 0:
		eb.msg, eb.typ = jsonText(raw.Message), raw.Type
		eb.code, eb.status = jsonCode(raw.Code)
	case len(raw.Detail) > 0:
		eb.msg = jsonText(raw.Detail)
	default:
		eb.msg = snippet(body)
	}
	return eb
}

// jsonText returns a JSON string's text, or the raw JSON of anything else.
func jsonText(r json.RawMessage) string {
	var s string
	if json.Unmarshal(r, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(r))
}

// jsonCode returns an error code as text, and as a status when it is one.
func jsonCode(r json.RawMessage) (string, int) {
	s := jsonText(r)
	if s == "null" {
		return "", 0
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 100 && n <= 599 {
		return s, n
	}
	return s, 0
}

var (
	// vLLM: "This model's maximum context length is 16384 tokens. However,
	// you requested 122946 tokens (112946 in the messages, 10000 in the
	// completion)."
	vllmWindowRe = regexp.MustCompile(`maximum context length is (\d+) tokens.*?\((\d+) in the messages`)
	// Anthropic (through LiteLLM, OpenRouter): "prompt is too long: 207889
	// tokens > 200000 maximum".
	tooLongRe = regexp.MustCompile(`prompt is too long: (\d+) tokens > (\d+) maximum`)
)

// contextLength reports an answer that means "the prompt does not fit",
// whatever its status and wording, with the server's counts when it gave them.
func contextLength(eb errorBody) (bool, int, int) {
	if eb.nCtx > 0 {
		return true, eb.nPrompt, eb.nCtx
	}
	s := strings.ToLower(eb.code + " " + eb.typ + " " + eb.msg)
	if m := vllmWindowRe.FindStringSubmatch(eb.msg); m != nil {
		w, _ := strconv.Atoi(m[1])
		p, _ := strconv.Atoi(m[2])
		return true, p, w
	}
	if m := tooLongRe.FindStringSubmatch(eb.msg); m != nil {
		p, _ := strconv.Atoi(m[1])
		w, _ := strconv.Atoi(m[2])
		return true, p, w
	}
	for _, w := range []string{
		"context_length_exceeded", "exceed_context_size", "exceeds the available context size",
		"maximum context length", "context window", "contextwindowexceeded", "context size",
		"context length", "prompt is too long", "input is too long", "too many tokens",
		"exceeds limit of", "too big compared to kv size",
	} {
		if strings.Contains(s, w) {
			return true, 0, 0
		}
	}
	return false, 0, 0
}

// structuredRefused reports a 400/422 that refuses the response_format sent
// (Groq, DeepSeek, LM Studio, vLLM builds without guided decoding), as
// opposed to an answer that failed it (Groq's json_validate_failed).
func structuredRefused(status int, eb errorBody) bool {
	if (status != 400 && status != 422) || eb.code == "json_validate_failed" {
		return false
	}
	s := strings.ToLower(eb.msg + " " + eb.typ)
	for _, w := range []string{"response_format", "response format", "json_schema", "json_object", "structured output", "guided_json", "guided decoding"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// Optional request parameters a server may refuse, and how the refusal is
// recognised in its message.
const (
	paramStreamOptions = "stream_options"
	paramTemperature   = "temperature"
	paramMaxTokens     = "max_tokens"
)

// refusedParam names the optional parameter a 400/422 refuses, if any.
func refusedParam(status int, eb errorBody) string {
	if status != 400 && status != 422 {
		return ""
	}
	s := strings.ToLower(eb.msg)
	switch {
	case strings.Contains(s, "stream_options") || strings.Contains(s, "include_usage"):
		return paramStreamOptions
	case strings.Contains(s, "max_tokens") && strings.Contains(s, "max_completion_tokens"):
		return paramMaxTokens
	case strings.Contains(s, "temperature") && (strings.Contains(s, "unsupported") || strings.Contains(s, "not support") || strings.Contains(s, "only the default")):
		return paramTemperature
	}
	return ""
}

// Hint says what to change for e, naming settings under role (the
// storyd.yaml role whose settings the call used). It never suggests a value
// already in use or a setting that would not help.
func (e *Error) Hint(role string) string {
	switch e.Kind {
	case KindAuth:
		return "check OPENAI_API_KEY (or the variable named by llm.api_key_env): the server rejected the key"
	case KindNotFound:
		return e.notFoundHint()
	case KindContextLength:
		return "the prompt does not fit the model's context: lower budgets in storyd.yaml (or preset: conservative), set llm.context_window, or raise the server's context size"
	case KindQuota:
		return "the account's quota or spend limit is reached; add credit or raise the limit, then run again"
	case KindRateLimit:
		if e.RetryAfter > time.Minute {
			return fmt.Sprintf("the provider's limit resets in about %s; storyd exits 75 so cron tries again later; nothing was committed", e.RetryAfter.Round(time.Second))
		}
		return "the provider is rate limiting; storyd exits 75 so cron tries again later; nothing was committed"
	case KindUnavailable, KindTimeout, KindMalformed:
		if e.Reason == ReasonNoSuchHost {
			return e.noSuchHostHint()
		}
		return fmt.Sprintf("is the server at %s up? this is temporary: storyd exits 75 so cron tries again later; nothing was committed", e.URL)
	case KindEmpty:
		if e.Reason == ReasonReasoningExhausted {
			return fmt.Sprintf("the model spent all of roles.%s.max_tokens (%d) thinking and left no answer: raise roles.%s.max_tokens (to %d or more), or turn the model's thinking off", role, e.MaxTokens, role, 2*max(e.MaxTokens, 512))
		}
		return "the model gave no usable answer; run again, or try another model"
	case KindRefusal:
		if e.Reason == ReasonContentFilter {
			return "the provider's content filter stopped the answer, and nothing was committed; run again, or use a model or provider without that filter"
		}
		return "the model refused; nothing was committed; run again, or try another model"
	case KindTooLarge:
		return fmt.Sprintf("the server did not stop at roles.%s.max_tokens (%d); nothing was kept; check the server's own output limit (Ollama: num_predict; llama.cpp: --n-predict) or use another model", role, e.MaxTokens)
	case KindBadRequest:
		if e.Reason == ReasonStructured {
			return "the server refuses every structured-output mode storyd knows; try a model that follows JSON instructions"
		}
		if e.Status != 0 { // a refusal with no hint of its own left the person with the server's words only
			return fmt.Sprintf("the server refused the request (its words are above) and would refuse it again, so storyd stops (exit 1); nothing was committed: check llm.model against the names the server lists (its /v1/models), and roles.%s's settings", role)
		}
	}
	return ""
}

// noSuchHostHint names where the unresolved address came from.
func (e *Error) noSuchHostHint() string {
	const temp = "storyd exits 75 so cron tries again later; nothing was committed"
	if e.urlFrom == "" {
		return "this is storyd's default address, OpenAI's API (neither OPENAI_BASE_URL nor llm.base_url is set): the network or its DNS is down; " + temp +
			"; a model you run yourself needs its address in OPENAI_BASE_URL or llm.base_url (a new shell or cron may lack the variable)"
	}
	return fmt.Sprintf("the address is set by %s: if the host name is mistyped, correct it there; else the network, its DNS or a VPN is down, and %s", e.urlFrom, temp)
}

func (e *Error) notFoundHint() string {
	switch e.Reason {
	case ReasonNoEmbeddings:
		return fmt.Sprintf("%s offers no embeddings for model %q: start llama.cpp with --embeddings (Ollama: `ollama pull %s`), or set retrieval.embedder: local", e.URL, e.Model, e.Model)
	case ReasonHTMLPage:
		return fmt.Sprintf("%s serves a web page: set %s to the API's address, which usually ends in /v1 (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1)", e.URL, e.urlSetting())
	}
	return fmt.Sprintf("model %q or endpoint %s not found: check llm.model and %s (Ollama: `ollama pull %s`; the URL usually ends in /v1)", e.Model, e.URL, e.urlSetting(), e.Model)
}

// urlSetting names the setting the base URL came from: its variable or
// storyd.yaml's line, or both to choose from for the default address.
func (e *Error) urlSetting() string {
	if e.urlFrom != "" {
		return e.urlFrom
	}
	return "OPENAI_BASE_URL (or llm.base_url)"
}

// StructuredHint suggests what to try after a model kept answering outside
// the schema in mode (as configured): the other structured modes, never
// mode itself (json_schema only "if the server supports it": it is the one
// mode the server enforces), and a stronger model.
func StructuredHint(mode, role string) string {
	mode = effectiveMode(mode, Quirk{})
	var other []string
	for _, m := range structuredOrder {
		switch {
		case m == mode:
		case m == StructuredJSONSchema:
			other = append(other, m+" if the server supports it")
		default:
			other = append(other, m)
		}
	}
	return fmt.Sprintf("the model may not follow JSON schemas well in structured mode %s: set llm.structured: %s (or %s) in storyd.yaml, or choose a stronger %s model (roles.%s.model)",
		mode, other[0], other[1], role, role)
}
