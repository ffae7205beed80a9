package config

import (
	"fmt"
	"strings"
)

// RenderTemplate is the storyd.yaml that `storyd init` writes for a
// provider, model and server address ("" leaves the address commented out,
// for OPENAI_BASE_URL or OpenAI's API).
func RenderTemplate(provider, model, baseURL string) string {
	base := "# base_url: http://localhost:11434/v1   # or set OPENAI_BASE_URL"
	if baseURL != "" {
		base = fmt.Sprintf("base_url: %q   # OPENAI_BASE_URL, when set, wins", baseURL)
	}
	return strings.NewReplacer("{{provider}}", provider, "{{model}}", fmt.Sprintf("%q", model), "{{base_url}}", base).Replace(Template)
}

// Template is the commented storyd.yaml that `storyd init` writes. Every
// field is shown with its default so a user can see what can be changed.
const Template = `# storyd configuration. Every field is optional; shown values are the defaults
# of the "balanced" preset. Precedence: defaults < preset < this file <
# environment (OPENAI_BASE_URL, OPENAI_API_KEY, STORYD_LLM, STORYD_MODEL) < flags.

# conservative | balanced | aggressive: how much of the story so far the writer
# sees. Sets the generation counts and token budgets below; fields you set here
# win over the preset.
preset: balanced

llm:
  # "openai" talks to any OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio,
  # llama.cpp, vLLM, OpenRouter). "offline" is the deterministic stand-in model
  # that writes placeholder prose with no setup and no network.
  provider: {{provider}}
  {{base_url}}
  api_key_env: OPENAI_API_KEY             # the key is read from this variable, never from this file
  model: {{model}}
  # How JSON answers are requested: json_schema | json_object | prompt (older local servers).
  structured: json_schema
  # encoding: cl100k_base                 # token counting; default picked from the model name
  # context_window: 8192                  # refuse packs that would not fit (Ollama's default is small)
  attempt_timeout: 2m0s                   # one HTTP attempt (for streams: the longest silence)
  call_timeout: 10m0s                     # one model call, retries included
  tick_timeout: 30m0s                     # a whole tick; a tick that times out exits 75
  max_retries: 4
  roles:
    planner:    {max_tokens: 1000}
    writer:     {max_tokens: 3000}
    extractor:  {max_tokens: 2000}
    checkpoint: {max_tokens: 500}
    # writer: {model: gpt-4.1, max_tokens: 3000, temperature: 0.9, context_window: 128000}

generation:
  # These four and the budgets below come from the preset; uncomment to override.
  # full_text_scenes_count: 2    # latest scenes given in full to the writer
  # full_text_scenes_max: 4      # short scenes may add more full-text scenes while the budget allows
  # summary_scenes_count: 3      # scenes before those, as bullet summaries
  # checkpoint_interval: 10      # a checkpoint summary every N ticks
  rollup_size: 5               # checkpoints rolled into one arc summary when history outgrows its budget
  max_tools_per_tick: 3        # new characters/locations the planner may create per tick
  planner_recent_scenes: 3
  max_open_threads: 8          # open threads shown to the planner (the rest are counted, not listed)
  scene_words: 400             # target length of one scene (story.md's scene_words wins)
  max_refresh_per_tick: 2      # hand-edited scenes re-summarised per tick
  undo_depth: 200              # ticks storyd undo can revert; older undo records and cached answers are dropped

# Token budgets (tiktoken counts) per role pack and per writer section.
# Values shown are the balanced preset's; uncomment to override.
budgets:
  # writer: 7000
  # planner: 3500
  # extractor: 4000
  # checkpoint: 4000
  # bible: 1000
  # glossary: 500
  # history: 1200
  # cast: 1000
  # retrieval: 800
  # summaries: 700
  # recent: 2800
  # plan: 500

retrieval:
  enabled: true
  embedder: local              # local (offline, deterministic) | openai (/v1/embeddings)
  # model: nomic-embed-text
  k: 3

# Prices in US dollars per million tokens, per model, for the cost ledger.
prices: {}
#  gpt-4.1-mini: {input: 0.40, cached_input: 0.10, output: 1.60}
`
