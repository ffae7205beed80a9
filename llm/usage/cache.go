package usage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/storyd/storyd/llm"
)

// Store keeps cached responses. Package journal implements it with atomic
// files under .storyd/cache/.
type Store interface {
	Get(key string) ([]byte, bool, error)
	Put(key string, data []byte) error
}

// Cache answers a request it has seen before from Store, so a killed tick
// that is re-run does not pay twice. Errors are never cached.
type Cache struct {
	Next          llm.Completer
	Store         Store
	Provider      string // e.g. "openai", "offline"; part of the key
	PromptVersion string // bump to invalidate answers to older prompts
}

// cacheEntry is what Store holds.
type cacheEntry struct {
	Content      string    `json:"content"`
	FinishReason string    `json:"finish_reason"`
	Model        string    `json:"model"`
	Usage        llm.Usage `json:"usage"`
}

// Complete returns the stored answer for r, or asks Next and stores its
// answer before returning it.
func (c *Cache) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	key := CacheKey(c.Provider, c.PromptVersion, r)
	data, ok, err := c.Store.Get(key)
	if err != nil {
		return llm.Response{}, fmt.Errorf("llm: cache: %w", err)
	}
	if ok {
		var e cacheEntry
		// A corrupt entry is treated as a miss and overwritten below.
		if json.Unmarshal(data, &e) == nil && e.Content != "" {
			if r.OnDelta != nil {
				r.OnDelta(e.Content)
			}
			return llm.Response{Content: e.Content, FinishReason: e.FinishReason, Model: e.Model, Usage: e.Usage, FromCache: true}, nil
		}
	}
	resp, err := c.Next.Complete(ctx, r)
	if err != nil {
		return llm.Response{}, err
	}
	data, err = json.Marshal(cacheEntry{resp.Content, resp.FinishReason, resp.Model, resp.Usage})
	if err != nil {
		return llm.Response{}, fmt.Errorf("llm: cache: %w", err)
	}
	if err := c.Store.Put(key, data); err != nil {
		// Without the entry a re-run would pay again; fail like any other disk error.
		return llm.Response{}, fmt.Errorf("llm: cache: %w", err)
	}
	return resp, nil
}

// CacheKey is the hex SHA-256 of the canonical JSON of everything that
// shapes an answer: provider, model, temperature, max tokens, messages,
// schema, structured mode and prompt version. It never includes the API key
// or endpoint, nor the role, tick or streaming flag.
func CacheKey(provider, promptVersion string, r llm.Request) string {
	structured := r.Structured
	var schema any
	if r.Schema != nil {
		if structured == "" {
			structured = llm.StructuredJSONSchema
		}
		var buf bytes.Buffer
		body := json.RawMessage(r.Schema.Schema)
		if json.Compact(&buf, r.Schema.Schema) == nil {
			body = buf.Bytes()
		}
		schema = struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		}{r.Schema.Name, body}
	} else {
		structured = ""
	}
	msgs := r.Messages
	if msgs == nil {
		msgs = []llm.Message{}
	}
	b, _ := json.Marshal(struct {
		V             int           `json:"v"`
		Provider      string        `json:"provider"`
		Model         string        `json:"model"`
		Temperature   *float64      `json:"temperature"`
		MaxTokens     int           `json:"max_tokens"`
		Messages      []llm.Message `json:"messages"`
		Schema        any           `json:"schema"`
		Structured    string        `json:"structured"`
		PromptVersion string        `json:"prompt_version"`
	}{1, provider, r.Model, r.Temperature, r.MaxTokens, msgs, schema, structured, promptVersion})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Forget removes the stored answer to r, if any. The caller uses it for an
// answer that failed validation: replaying it on a re-run would fail the
// same way forever. Stores that cannot delete make it a no-op.
func (c *Cache) Forget(r llm.Request) error {
	d, ok := c.Store.(interface{ Delete(key string) error })
	if !ok {
		return nil
	}
	return d.Delete(CacheKey(c.Provider, c.PromptVersion, r))
}
