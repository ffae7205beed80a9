package agent

import (
	"context"
	"errors"
	"slices"
	"strings"
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
	a.Calibration = func(string, int) (float64, int) { return 1.25, window }
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
	a := New(Options{Config: cfg, Calibration: func(string, int) (float64, int) { return 1, 0 }})
	restore := a.fitToServer()
	if a.Config != cfg {
		t.Errorf("budgets changed with nothing learned")
	}
	restore()
}

// storyd context, plan and tick --dry-run size their packs like the tick: what
// --explain shows is what the tick sends, and the tick reuses the plan
// they paid for. A window the server reported is said once a process.
func TestPreviewSizedLikeTheTickAndTheCutSaidOnce(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	rec := &recorder{next: offline.Model{}}
	a := newAgent(t, dir, cfg, rec)
	var log strings.Builder
	a.Log = &log
	a.Calibration = func(string, int) (float64, int) { return 1, 4096 }
	pp, err := a.PlannerPack() // tick --dry-run, context --role planner
	if err != nil {
		t.Fatal(err)
	}
	if want := int(float64(4096-cfg.RoleSettings("planner").MaxTokens) * 0.95); pp.Budget != want || a.Config != cfg {
		t.Fatalf("planner pack budget %d, want %d (the tick's)", pp.Budget, want)
	}
	pack, err := a.WriterPack(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := int(float64(4096-cfg.RoleSettings("writer").MaxTokens) * 0.95)
	if pack.Budget != want || a.Config != cfg {
		t.Fatalf("writer pack budget %d, want %d (the tick's); config restored: %v", pack.Budget, want, a.Config == cfg)
	}
	if _, err := a.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := rec.find("planner", 1); len(r) != 2 || !slices.Equal(r[0].Messages, r[1].Messages) {
		t.Errorf("the tick's planner request differs from the preview's (%d requests): its cached plan would not be reused", len(r))
	}
	var sent []llm.Message
	for _, m := range pack.Messages {
		sent = append(sent, llm.Message{Role: m.Role, Content: m.Content})
	}
	if r := rec.find("writer", 1); len(r) != 1 || !slices.Equal(r[0].Messages, sent) {
		t.Errorf("the tick's writer request differs from the pack the preview explained")
	}
	if n := strings.Count(log.String(), "the server reported a window of 4096 tokens"); n != 1 {
		t.Errorf("window warning said %d times, want once:\n%s", n, log.String())
	}
}

// overflowsOnce refuses the first writer call as too long for a window of
// 4096 (a server's overflow), which it then reports through Calibration,
// as the model client does; every refusal when always is set.
type overflowsOnce struct {
	next    Model
	always  bool
	refused int
}

func (o *overflowsOnce) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	if r.Role == "writer" && (o.refused == 0 || o.always) {
		o.refused++
		return llm.Response{}, &llm.Error{Kind: llm.KindContextLength, Role: r.Role, Window: 4096, Message: "the request exceeds the available context size"}
	}
	return o.next.Complete(ctx, r)
}

func (o *overflowsOnce) calibration(string, int) (float64, int) {
	if o.refused > 0 {
		return 1, 4096
	}
	return 1, 0
}

// An overflow whose server said its window is done again at once, with the
// packs cut to that window (once a run): the run goes on instead of
// failing for cron to run it again. A second one ends the run as before.
func TestOverflowWithAWindowRedoesTheTick(t *testing.T) {
	for _, always := range []bool{false, true} {
		dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
		m := &overflowsOnce{next: offline.Model{}, always: always}
		a := newAgent(t, dir, cfg, m)
		a.Calibration = m.calibration
		var log strings.Builder
		a.Log = &log
		res, err := a.Run(context.Background(), Batch{N: 2}, nil)
		if !always {
			if err != nil || len(res.Ticks) != 2 || m.refused != 1 || !strings.Contains(log.String(), "the tick is done again with its packs cut to the server's window of 4096 tokens") {
				t.Fatalf("one overflow: %v, %d ticks, %d refusals\n%s", err, len(res.Ticks), m.refused, log.String())
			}
			continue
		}
		var cl *ContextLengthError
		if !errors.As(err, &cl) || m.refused != 2 || len(res.Ticks) != 0 {
			t.Fatalf("overflows every time: %v after %d refusals, %d ticks", err, m.refused, len(res.Ticks))
		}
	}
}
