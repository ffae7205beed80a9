package llm

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"
)

// QuirkStore keeps what storyd learned about endpoints between runs (in a
// project, .storyd/providers.json). Load returns nil, nil when there is
// nothing yet; Save replaces the whole record atomically.
type QuirkStore interface {
	Load() ([]byte, error)
	Save(data []byte) error
}

// Quirk is what one endpoint and model turned out to need. The zero value
// means "as configured".
type Quirk struct {
	// Structured is the structured mode that works when the configured one
	// was refused (json_schema → json_object → prompt); "" = as configured.
	Structured string `json:"structured,omitempty"`
	// Drop lists optional request parameters the server refused.
	Drop []string `json:"drop,omitempty"`
	// TokenRatio is the server's prompt tokens per storyd-counted token
	// (Llama, Qwen, Mistral and Gemma tokenizers count 10-30% more on prose).
	TokenRatio float64 `json:"token_ratio,omitempty"`
	// Window is the context window the server reported (llama.cpp's n_ctx,
	// vLLM's "maximum context length"); WindowSetting, the context_window
	// storyd.yaml gave the role then (0: none; nil in records from before
	// it was kept, which keep their window).
	// WindowAt is when (Unix seconds; 0 in older records): a window
	// reported over a day ago is tested again (see Calibration).
	Window        int   `json:"window,omitempty"`
	WindowSetting *int  `json:"window_setting,omitempty"`
	WindowAt      int64 `json:"window_at,omitempty"`
}

// windowRetest is how long a reported window is used before the packs are
// sized without it again, to find whether the server's window grew.
const windowRetest = 24 * time.Hour

func (q Quirk) drops(param string) bool { return slices.Contains(q.Drop, param) }

// quirkFile is the stored form: endpoint (without credentials) → model → Quirk.
type quirkFile struct {
	Version   int                         `json:"version"`
	Endpoints map[string]map[string]Quirk `json:"endpoints"`
}

// quirkBook is the client's memory of quirks for its one endpoint.
type quirkBook struct {
	mu       sync.Mutex
	endpoint string
	store    QuirkStore
	notice   func(string)
	now      func() time.Time // nil: time.Now
	loaded   bool
	file     quirkFile
	stored   map[string]float64 // model → token ratio as last read or written
	seen     map[string]float64 // model → highest ratio observed by this process
}

func (b *quirkBook) load() {
	if b.loaded {
		return
	}
	b.loaded = true
	b.file = quirkFile{Version: 1, Endpoints: map[string]map[string]Quirk{}}
	b.stored, b.seen = map[string]float64{}, map[string]float64{}
	defer b.keepStored()
	if b.store == nil {
		return
	}
	data, err := b.store.Load()
	if err != nil || data == nil {
		if err != nil {
			b.say(fmt.Sprintf("provider memory unreadable (%v); starting afresh", err))
		}
		return
	}
	var f quirkFile
	if err := json.Unmarshal(data, &f); err != nil || f.Endpoints == nil {
		b.say("provider memory (.storyd/providers.json) is damaged; starting afresh")
		return
	}
	b.file = f
}

// get returns what is known about model at this endpoint.
func (b *quirkBook) get(model string) Quirk {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.load()
	return b.file.Endpoints[b.endpoint][model]
}

// update changes model's quirk and stores the record.
func (b *quirkBook) update(model string, f func(*Quirk)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.change(model, f)
	b.save()
}

// change applies f to model's quirk in memory (b.mu held) and returns it.
func (b *quirkBook) change(model string, f func(*Quirk)) Quirk {
	b.load()
	m := b.file.Endpoints[b.endpoint]
	if m == nil {
		m = map[string]Quirk{}
		b.file.Endpoints[b.endpoint] = m
	}
	q := m[model]
	f(&q)
	m[model] = q
	return q
}

// save stores the record (b.mu held).
func (b *quirkBook) save() {
	if b.store == nil {
		return
	}
	data, err := json.MarshalIndent(b.file, "", "  ")
	if err == nil {
		err = b.store.Save(append(data, '\n'))
	}
	if err != nil {
		b.say(fmt.Sprintf("cannot save provider memory: %v", err))
		return
	}
	b.keepStored()
}

// keepStored notes the token ratios the store now holds.
func (b *quirkBook) keepStored() {
	for model, q := range b.file.Endpoints[b.endpoint] {
		b.stored[model] = q.TokenRatio
	}
}

func (b *quirkBook) clock() time.Time {
	if b.now == nil {
		return time.Now()
	}
	return b.now()
}

func (b *quirkBook) say(msg string) {
	if b.notice != nil {
		b.notice(msg)
	}
}

// calibrate folds one observation of the server's prompt count against
// storyd's into the model's ratio. It moves fast upwards (an overflow costs
// a failed tick) and slowly downwards.
//
// Every call observes a ratio, and roles' prompts differ in how the server
// counts them (a schema, the chat template), so the ratio moves on most
// calls; it is stored (an atomic write, two fsyncs) only when it matters
// to the next process: at once when it rose by more than 1% (sizing packs
// with a lower ratio could overflow the window), and when it fell by more
// than 1% while no call of this process saw a ratio near the stored one (a
// high ratio left by an odd prompt wears off; the dip between a schema
// call and a prose call is not stored every tick). What is not stored is
// still used by this process.
func (b *quirkBook) calibrate(model string, server, ours int) {
	if server <= 0 || ours < 64 {
		return // too small to say anything about prose
	}
	r := float64(server) / float64(ours)
	if r < 0.5 || r > 4 {
		return // not the same prompt (a proxy adding a system prompt, a cache)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	q := b.change(model, func(q *Quirk) {
		switch {
		case q.TokenRatio == 0 || r > q.TokenRatio:
			q.TokenRatio = r
		default:
			q.TokenRatio = 0.8*q.TokenRatio + 0.2*r
		}
		q.TokenRatio = math.Round(q.TokenRatio*1000) / 1000
	})
	b.seen[model] = max(b.seen[model], r)
	stored := b.stored[model]
	if q.TokenRatio > stored*1.01 || (q.TokenRatio < stored*0.99 && b.seen[model] < stored*0.99) {
		b.save()
	}
}

// Calibration returns what storyd learned about model's token counts at
// this endpoint: the server's tokens per storyd token (1 when unknown) and
// the context window the server reported (0 when unknown). The tick sizes
// its packs with them. A server's window only goes up when its operator
// restarts it with a bigger one, which packs cut to the old window never
// test: so a reported window holds only while storyd.yaml's
// context_window for the role (setting) is what it was then (changing it
// is how a person tells storyd), and for a day: then the packs are sized
// without it once more, and a server still that small refuses one call,
// reports its window again, and the run redoes the tick (agent.Run).
func (c *OpenAI) Calibration(model string, setting int) (ratio float64, window int) {
	q := c.quirks.get(model)
	if q.TokenRatio <= 0 {
		q.TokenRatio = 1
	}
	if q.WindowSetting != nil && *q.WindowSetting != setting || c.quirks.clock().Sub(time.Unix(q.WindowAt, 0)) >= windowRetest {
		q.Window = 0
	}
	return q.TokenRatio, q.Window
}

// structuredOrder is the fallback chain of structured modes.
var structuredOrder = []string{StructuredJSONSchema, StructuredJSONObject, StructuredPrompt}

func structuredRank(mode string) int {
	if mode == "" {
		return 0
	}
	return slices.Index(structuredOrder, mode)
}

// effectiveMode is the structured mode to send: the configured one, or
// the one learned to work if that is further down the chain.
func effectiveMode(configured string, q Quirk) string {
	if configured == "" {
		configured = StructuredJSONSchema
	}
	if q.Structured != "" && structuredRank(q.Structured) > structuredRank(configured) {
		return q.Structured
	}
	return configured
}
