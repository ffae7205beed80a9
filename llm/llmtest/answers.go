package llmtest

import (
	"fmt"
	"net/http"
)

// ChatOK answers a chat completion as an OpenAI-compatible server does, with
// the usage given (3 of the prompt tokens reported as cached).
func ChatOK(w http.ResponseWriter, content string, prompt, completion int) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"id":"x","object":"chat.completion","model":"gpt-test-served","choices":[{"index":0,"message":{"role":"assistant","content":%q},"finish_reason":"stop"}],"usage":{"prompt_tokens":%d,"completion_tokens":%d,"total_tokens":%d,"prompt_tokens_details":{"cached_tokens":3}}}`,
		content, prompt, completion, prompt+completion)
}

// APIError fails a call as an OpenAI-compatible server does: status and an
// OpenAI-style error body.
func APIError(w http.ResponseWriter, status int, code, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"message":%q,"type":%q,"code":%q,"param":null}}`, msg, typ, code)
}
