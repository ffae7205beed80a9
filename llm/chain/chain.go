// Package chain builds the model chain a project's commands use from its
// configuration: the usage ledger, then the response cache, then the
// provider (the OpenAI-compatible client or the offline stand-in), and the
// embedder retrieval uses.
package chain

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/llm/usage"
)

// PromptVersion is part of every cache key: bump it when the packs change
// shape so old cached answers are not replayed for new prompts.
const PromptVersion = "storyd-prompts-1"

// ConfigError is a configuration problem the user must fix (a model
// setting, or a command's requirement such as a price for --max-cost).
type ConfigError struct {
	Msg  string
	Hint string
}

func (e *ConfigError) Error() string { return e.Msg }

// ModelSetup is the chain of model layers a project uses.
type ModelSetup struct {
	Model    llm.Completer // Ledger → Cache → provider
	Provider string        // "openai" or "offline"
	BaseURL  string        // for messages
	Client   *llm.OpenAI   // nil for offline; used for embeddings
	// Log receives what the client learns about the endpoint (a refused
	// structured mode or parameter), one warning line each.
	Log io.Writer
}

// OpenModel builds the model chain from the configuration. override is the
// --llm flag ("" or "offline"). The offline stand-in is used only when
// asked for; a missing configuration is an error, never a silent fallback.
func OpenModel(cfg *config.Config, dir, override string, tokenize func(string) int, now func() time.Time) (*ModelSetup, error) {
	provider := cfg.LLM.Provider
	if e := cfg.EnvError(); e != nil && override == "" {
		// The configured provider was asked for, and a variable names one
		// storyd does not know: refuse rather than use the file's.
		return nil, &ConfigError{Msg: e.Error(), Hint: e.Hint}
	}
	if override != "" {
		provider = override
	}
	var base llm.Completer
	setup := &ModelSetup{Provider: provider}
	switch provider {
	case "offline":
		base = offline.Model{}
	case "", "openai":
		setup.Provider = "openai"
		if cfg.LLM.BaseURL == "" && cfg.LLM.APIKey == "" {
			return nil, &ConfigError{
				Msg:  "no model configured: no server address and no API key",
				Hint: "set OPENAI_BASE_URL (or llm.base_url in storyd.yaml) to your server (Ollama, LM Studio, llama.cpp, vLLM, …), or only OPENAI_API_KEY for OpenAI itself; or run with --llm offline for the stand-in model",
			}
		}
		if cfg.LLM.Model == "" {
			for _, r := range config.RoleNames() {
				if cfg.RoleSettings(r).Model == "" {
					return nil, &ConfigError{
						Msg:  fmt.Sprintf("no model name for the %s role", r),
						Hint: "set llm.model in storyd.yaml (or STORYD_MODEL), e.g. gpt-4.1-mini, llama3.1:8b",
					}
				}
			}
		}
		url := cfg.LLM.BaseURL
		if url == "" {
			url = "https://api.openai.com/v1"
		}
		c, err := llm.NewOpenAI(llm.Options{
			BaseURL:        url,
			BaseURLFrom:    cfg.From("llm.base_url"),
			APIKey:         cfg.LLM.APIKey,
			AttemptTimeout: time.Duration(cfg.LLM.AttemptTimeout),
			CallTimeout:    time.Duration(cfg.LLM.CallTimeout),
			MaxRetries:     retries(cfg.LLM.MaxRetries),
			Tokenize:       tokenize,
			Now:            now,
			Quirks:         journal.NewProvidersFile(dir),
			Notice: func(msg string) {
				if setup.Log != nil {
					fmt.Fprintf(setup.Log, "warning: %s\n", msg)
				}
			},
		})
		if err != nil {
			// Not the default (it is valid): a setting the person wrote.
			return nil, &ConfigError{Msg: err.Error(),
				Hint: fmt.Sprintf("the address is set by %s: write it whole, with its scheme, e.g. http://localhost:11434/v1", cfg.From("llm.base_url"))}
		}
		setup.Client, setup.BaseURL, base = c, llm.RedactURLs(url), c
	default:
		return nil, &ConfigError{Msg: fmt.Sprintf("unknown model provider %q", provider), Hint: `use "openai" or "offline"`}
	}
	setup.Model = &usage.Ledger{
		Next:   &usage.Cache{Next: base, Store: journal.NewCacheStore(dir), Provider: setup.Provider, PromptVersion: PromptVersion},
		Out:    journal.NewLedgerFile(dir),
		Prices: usage.PricesFrom(cfg.Prices),
		Now:    now,
	}
	return setup, nil
}

// retries is llm.max_retries as the client's option: 0 written in
// storyd.yaml means none, where the option's 0 means its default (4).
func retries(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// NewEmbedder returns the embedder retrieval uses: the offline local one,
// or an OpenAI-compatible /v1/embeddings model through the same client
// (and retry layer) as chat calls. nil when retrieval is off.
func NewEmbedder(cfg *config.Config, setup *ModelSetup) (index.Embedder, error) {
	if !cfg.Retrieval.Enabled {
		return nil, nil
	}
	if cfg.Retrieval.Embedder != "openai" {
		return index.NewLocalEmbedder(), nil
	}
	if setup.Client == nil || cfg.Retrieval.Model == "" {
		return nil, &ConfigError{
			Msg:  "retrieval.embedder is openai but no embeddings endpoint or model is configured",
			Hint: "set retrieval.model (e.g. nomic-embed-text) and OPENAI_BASE_URL, or use retrieval.embedder: local",
		}
	}
	client, model := setup.Client, cfg.Retrieval.Model
	return index.EmbedFunc("openai:"+model, func(ctx context.Context, texts []string) ([][]float32, error) {
		return client.Embed(ctx, model, texts)
	}), nil
}
