package agent

import (
	"context"
	"testing"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
)

// A server that reported a window just big enough for the last writer pack
// as storyd counts it, and that counts 25% more tokens than storyd: the
// next tick's packs are built small enough to fit it, counted its way,
// without the user changing storyd.yaml.
func TestPacksSizedForTheServersWindowAndTokenizer(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	rec := &recorder{next: offline.Model{}}
	a := newAgent(t, dir, cfg, rec)
	if _, err := a.Run(context.Background(), Batch{N: 6}, nil); err != nil {
		t.Fatal(err)
	}
	count := func(r llm.Request) int {
		n := 0
		for _, m := range r.Messages {
			n += a.Tok.Count(m.Content) + 4
		}
		return n
	}
	last := rec.find("writer", 6)[0]
	window := count(last) + last.MaxTokens
	a.Calibration = func(model string) (float64, int) { return 1.25, window }
	userWriter := cfg.Budgets.Writer
	if _, err := a.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a.Config != cfg || cfg.Budgets.Writer != userWriter {
		t.Fatalf("the user's configuration was changed: writer budget %d; want %d", cfg.Budgets.Writer, userWriter)
	}
	r := rec.find("writer", 7)[0]
	if server := float64(count(r)) * 1.25; int(server)+r.MaxTokens > window {
		t.Errorf("writer pack: %d tokens, %.0f as the server counts, + max_tokens %d > window %d", count(r), server, r.MaxTokens, window)
	}
}

func TestNothingLearnedLeavesBudgetsAlone(t *testing.T) {
	_, cfg := exampleProject(t, "llm: {provider: offline}\n")
	a := New(Options{Config: cfg, Calibration: func(string) (float64, int) { return 1, 0 }})
	restore := a.fitToServer()
	if a.Config != cfg {
		t.Errorf("budgets changed with nothing learned")
	}
	restore()
}
