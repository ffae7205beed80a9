package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

var (
	tokOnce sync.Once
	tok     *prompt.Tokenizer
)

func tokenizer(t testing.TB) *prompt.Tokenizer {
	tokOnce.Do(func() {
		var err error
		if tok, err = prompt.NewTokenizer("cl100k_base"); err != nil {
			t.Fatal(err)
		}
	})
	return tok
}

// recorder is a Model that answers with the offline stand-in and keeps
// every request.
type recorder struct {
	mu   sync.Mutex
	reqs []llm.Request
	next Model
}

func (r *recorder) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return r.next.Complete(ctx, req)
}

func (r *recorder) find(role string, tick int) []llm.Request {
	var out []llm.Request
	for _, q := range r.reqs {
		if q.Role == role && q.Tick == tick {
			out = append(out, q)
		}
	}
	return out
}

func exampleProject(t *testing.T, yaml string) (string, *config.Config) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "p")
	if err := os.CopyFS(dir, os.DirFS("../projects/example")); err != nil {
		t.Fatal(err)
	}
	if yaml != "" {
		if err := os.WriteFile(filepath.Join(dir, "storyd.yaml"), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	return dir, cfg
}

func newAgent(t *testing.T, dir string, cfg *config.Config, m Model) *Agent {
	clock := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	return New(Options{Dir: dir, Config: cfg, Model: m, ModelName: "offline", Tok: tokenizer(t),
		Now: func() time.Time { clock = clock.Add(time.Second); return clock }})
}

func TestThreeCallsPerTickAndCheckpoints(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\ngeneration: {checkpoint_interval: 5}\nretrieval: {enabled: false}\n")
	rec := &recorder{next: offline.Model{}}
	a := newAgent(t, dir, cfg, rec)
	res, err := a.Run(context.Background(), Batch{N: 12}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Ticks) != 12 {
		t.Fatalf("got %d ticks; want 12", len(res.Ticks))
	}
	roles := map[string]int{}
	for _, q := range rec.reqs {
		roles[q.Role]++
		if q.Role == "planner" || q.Role == "extractor" {
			if q.Schema == nil || q.Structured != "json_schema" {
				t.Fatalf("%s request without json_schema", q.Role)
			}
		}
	}
	// 3 calls per tick plus 1 per checkpoint (scenes 5 and 10).
	if roles["planner"] != 12 || roles["writer"] != 12 || roles["extractor"] != 12 || roles["checkpoint"] != 2 {
		t.Fatalf("calls by role: %v; want 12/12/12 and 2 checkpoints", roles)
	}

	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Checkpoints) != 2 || p.Checkpoints[0].From != 1 || p.Checkpoints[0].To != 5 || p.Checkpoints[1].From != 6 || p.Checkpoints[1].To != 10 {
		t.Fatalf("checkpoints: %+v", p.Checkpoints)
	}
	// The writer request for scene 12: full text of 10-11, bullets of 7-9,
	// both checkpoints, and none of scenes 1-9's prose.
	w := rec.find("writer", 12)
	if len(w) != 1 {
		t.Fatalf("got %d writer requests for scene 12", len(w))
	}
	var all strings.Builder
	for _, m := range w[0].Messages {
		all.WriteString(m.Content)
	}
	text := all.String()
	para := func(s *project.Scene) string { return strings.TrimSpace(strings.SplitN(proseOf(t, s), "\n\n", 2)[0]) }
	for _, s := range p.Scenes {
		switch {
		case s.Seq == 10 || s.Seq == 11:
			if !strings.Contains(text, strings.TrimSpace(proseOf(t, s))) {
				t.Errorf("scene %d's full text is missing from the writer pack", s.Seq)
			}
		case s.Seq >= 7 && s.Seq <= 9:
			for _, b := range s.Summary {
				if !strings.Contains(text, b) {
					t.Errorf("scene %d's bullet %q is missing", s.Seq, b)
				}
			}
			if strings.Contains(text, para(s)) {
				t.Errorf("scene %d's prose leaked into the pack", s.Seq)
			}
		case s.Seq <= 6:
			if strings.Contains(text, para(s)) {
				t.Errorf("scene %d's prose leaked into the pack", s.Seq)
			}
		}
	}
	for _, c := range p.Checkpoints {
		first := strings.TrimSpace(strings.SplitN(c.Body, "\n", 2)[0])
		if !strings.Contains(text, first) {
			t.Errorf("checkpoint %d-%d missing from the writer pack", c.From, c.To)
		}
	}
}

func TestReaskOnInvalidJSONThenFail(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	bad := &badPlanner{n: 2, next: offline.Model{}}
	a := newAgent(t, dir, cfg, bad)
	if _, err := a.Tick(context.Background()); err != nil {
		t.Fatalf("two invalid answers then a valid one: %v", err)
	}
	if bad.calls != 3 {
		t.Fatalf("planner asked %d times; want 3", bad.calls)
	}
	if !strings.Contains(bad.last.Messages[len(bad.last.Messages)-1].Content, "That answer is invalid") {
		t.Fatal("the re-ask does not carry the validation error")
	}
	bad2 := &badPlanner{n: 99, next: offline.Model{}}
	a = newAgent(t, dir, cfg, bad2)
	_, err := a.Tick(context.Background())
	if _, ok := err.(*InvalidAnswerError); !ok {
		t.Fatalf("got %v; want InvalidAnswerError", err)
	}
	if bad2.calls != 3 {
		t.Fatalf("planner asked %d times; want 3 (2 re-asks)", bad2.calls)
	}
	p, _ := journal.Load(dir, cfg)
	if len(p.Scenes) != 1 {
		t.Fatalf("a failed tick wrote something: %d scenes", len(p.Scenes))
	}
}

type badPlanner struct {
	n, calls int
	last     llm.Request
	next     Model
}

func (b *badPlanner) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	if r.Role == "planner" {
		b.calls++
		b.last = r
		if b.calls <= b.n {
			return llm.Response{Content: `{"title": 7}`, FinishReason: "stop"}, nil
		}
	}
	return b.next.Complete(ctx, r)
}

func TestSceneRoundTripsThroughHandEdit(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, &recorder{next: offline.Model{}})
	if _, err := a.Run(context.Background(), Batch{N: 2}, nil); err != nil {
		t.Fatal(err)
	}
	p, _ := journal.Load(dir, cfg)
	s := p.Scenes[0]
	path := filepath.Join(dir, s.Path)
	orig, _ := os.ReadFile(path)
	edited := strings.Replace(string(orig), "title: ", "title: Renamed ", 1) + "\nA hand-written ending.\n"
	os.WriteFile(path, []byte(edited), 0o644)
	if _, err := a.Run(context.Background(), Batch{N: 1}, nil); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(path)
	if string(after) != edited {
		t.Fatal("storyd rewrote a hand-edited scene")
	}
	p, _ = journal.Load(dir, cfg)
	if p.Scenes[0].Edited || !strings.HasPrefix(p.Scenes[0].Title, "Renamed ") {
		t.Fatalf("edited scene: edited=%v title=%q", p.Scenes[0].Edited, p.Scenes[0].Title)
	}
	if len(p.State.Derived[1].Summary) == 0 {
		t.Fatal("the edited scene's summary was not refreshed")
	}
}

func TestFullDiskLeavesPreviousStateIntact(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, &recorder{next: offline.Model{}})
	if _, err := a.Run(context.Background(), Batch{N: 2}, nil); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	// 0 stands for the commit record, the last write before the commit point.
	for _, failAt := range []int{1, 2, 3, 0} {
		n := 0
		a.fs = &journal.FaultFS{Fail: func(op, path string) error {
			if op != "create" {
				return nil
			}
			n++
			if n == failAt || (failAt == 0 && strings.HasPrefix(filepath.Base(path), ".commit.json")) {
				return syscall.ENOSPC
			}
			return nil
		}}
		_, err := a.Tick(context.Background())
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("write %d failing: got %v; want ENOSPC", failAt, err)
		}
		if after := snapshot(t, dir); !maps.Equal(before, after) {
			t.Fatalf("write %d failing changed the project:\nbefore %v\nafter  %v", failAt, before, after)
		}
		if _, err := os.Stat(filepath.Join(dir, ".storyd/journal")); !os.IsNotExist(err) {
			t.Fatalf("write %d failing left the journal behind", failAt)
		}
	}
	a.fs = nil
	res, err := a.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Seq != 3 {
		t.Fatalf("the tick after the full disk made scene %d; want 3", res.Seq)
	}
}

// snapshot hashes every project file outside .storyd.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() && rel == ".storyd" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			data, _ := os.ReadFile(path)
			out[rel] = project.Hash(data)
		}
		return nil
	})
	state, _ := os.ReadFile(filepath.Join(dir, ".storyd/state.json"))
	out["state.json"] = project.Hash(state)
	return out
}

func TestHistoryRollsUpAndStaysBounded(t *testing.T) {
	// Tiny history budget and checkpoints every 2 ticks: roll-ups must keep
	// the summaries the writer sees inside the budget.
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\ngeneration: {checkpoint_interval: 2, rollup_size: 3}\nbudgets: {history: 300}\n")
	a := newAgent(t, dir, cfg, &recorder{next: offline.Model{}})
	if _, err := a.Run(context.Background(), Batch{N: 30}, nil); err != nil {
		t.Fatal(err)
	}
	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	arcs := 0
	for _, c := range p.Checkpoints {
		if c.Level > 0 {
			arcs++
		}
	}
	if arcs == 0 {
		t.Fatalf("no arc summaries after 30 ticks with a 300-token history budget (%d checkpoints)", len(p.Checkpoints))
	}
	view := p.HistoryView()
	covered := 0
	for i, c := range view {
		if i > 0 && c.From != view[i-1].To+1 {
			t.Fatalf("history view has a gap or overlap: %d-%d after %d-%d", c.From, c.To, view[i-1].From, view[i-1].To)
		}
		covered = c.To
	}
	if view[0].From != 1 || covered != p.State.CheckpointedTo {
		t.Fatalf("history view covers %d-%d; want 1-%d", view[0].From, covered, p.State.CheckpointedTo)
	}
	if len(view) >= len(p.Checkpoints) {
		t.Fatalf("history view has %d items for %d summaries: roll-ups did not replace anything", len(view), len(p.Checkpoints))
	}
}

func TestContextWindowRefusedBeforeAnyCall(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline, context_window: 2000}\nretrieval: {enabled: false}\n")
	rec := &recorder{next: offline.Model{}}
	a := newAgent(t, dir, cfg, rec)
	_, err := a.Tick(context.Background())
	var cw *ContextWindowError
	if !errors.As(err, &cw) {
		t.Fatalf("got %v; want ContextWindowError", err)
	}
	if cw.Window != 2000 || cw.Pack+cw.MaxTokens <= 2000 {
		t.Fatalf("error numbers: %+v", cw)
	}
	if len(rec.reqs) != 0 {
		t.Fatalf("%d requests sent; want none", len(rec.reqs))
	}
}

// lengthWriter cuts the writer's first answer at "max_tokens" and answers
// the continuation with the rest of the scene.
type lengthWriter struct {
	calls []llm.Request
	next  Model
}

func (l *lengthWriter) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	if r.Role != "writer" {
		return l.next.Complete(ctx, r)
	}
	l.calls = append(l.calls, r)
	if len(l.calls) == 1 {
		return llm.Response{Content: "The lamp guttered as Maren climbed", FinishReason: "length"}, nil
	}
	return llm.Response{Content: "the last of the eighty-one steps.\n\nShe did not look back.", FinishReason: "stop"}, nil
}

func TestWriterContinuesAfterLength(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	lw := &lengthWriter{next: offline.Model{}}
	a := newAgent(t, dir, cfg, lw)
	if _, err := a.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(lw.calls) != 2 {
		t.Fatalf("%d writer calls; want 2 (one continuation)", len(lw.calls))
	}
	last := lw.calls[1].Messages
	if last[len(last)-2].Role != "assistant" || !strings.Contains(last[len(last)-1].Content, "Continue the scene") {
		t.Fatalf("the continuation does not carry the cut answer: %+v", last[len(last)-2:])
	}
	p, _ := journal.Load(dir, cfg)
	if got := strings.TrimSpace(proseOf(t, p.Scenes[0])); got != "The lamp guttered as Maren climbed the last of the eighty-one steps.\n\nShe did not look back." {
		t.Fatalf("scene body %q", got)
	}
}

func TestContextLengthErrorCarriesNumbers(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, failing{err: &llm.Error{Kind: llm.KindContextLength, Status: 400, Message: "maximum context length is 4096 tokens"}})
	_, err := a.Tick(context.Background())
	var ce *ContextLengthError
	if !errors.As(err, &ce) || ce.Role != "planner" || ce.Pack <= 0 || ce.Budget != cfg.Budgets.Planner || ce.MaxTokens != 1000 {
		t.Fatalf("got %#v", err)
	}
	p, _ := journal.Load(dir, cfg)
	if len(p.Scenes) != 0 {
		t.Fatal("a failed tick wrote a scene")
	}
}

type failing struct{ err error }

func (f failing) Complete(context.Context, llm.Request) (llm.Response, error) {
	return llm.Response{}, f.err
}

func TestHistoryKeepsTheOpeningUnderATinyBudget(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\ngeneration: {checkpoint_interval: 2, rollup_size: 3}\nbudgets: {history: 150}\n")
	a := newAgent(t, dir, cfg, &recorder{next: offline.Model{}})
	if _, err := a.Run(context.Background(), Batch{N: 40}, nil); err != nil {
		t.Fatal(err)
	}
	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	view := p.HistoryView()
	if view[0].From != 1 {
		t.Fatalf("history view starts at scene %d", view[0].From)
	}
	total := 0
	for _, c := range view {
		total += tokenizer(t).Count(c.Body)
	}
	// Roll-ups run at most 3 per tick; after 40 ticks the view must be
	// within a few summaries of the budget, never an unbounded list.
	if len(view) > 4 {
		t.Fatalf("history view has %d summaries (%d tokens) for a 150-token budget", len(view), total)
	}
}

// editDuring saves threads.md by hand while the writer is working.
type editDuring struct {
	dir  string
	next Model
	done bool
}

func (e *editDuring) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	if r.Role == "writer" && !e.done {
		e.done = true
		path := filepath.Join(e.dir, "threads.md")
		data, _ := os.ReadFile(path)
		os.WriteFile(path, append(data, []byte("\nA note I typed while the tick ran.\n")...), 0o644)
	}
	return e.next.Complete(ctx, r)
}

func TestEditDuringTickAbortsAndTheRerunIsFree(t *testing.T) {
	// The extraction always touches threads.md in this test: it resolves t1.
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	cache := &usage.Cache{Next: offline.Model{}, Store: journal.NewCacheStore(dir), Provider: "offline", PromptVersion: chain.PromptVersion}
	resolving := &resolveT1{next: cache}
	ed := &editDuring{dir: dir, next: resolving}
	a := newAgent(t, dir, cfg, ed)
	_, err := a.Tick(context.Background())
	var ee *journal.EditedError
	if !errors.As(err, &ee) || ee.Path != "threads.md" {
		t.Fatalf("got %v; want EditedError for threads.md", err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "threads.md"))
	if !strings.Contains(string(data), "A note I typed while the tick ran.") {
		t.Fatal("the edit made during the tick was overwritten")
	}
	if p, _ := journal.Load(dir, cfg); len(p.Scenes) != 0 {
		t.Fatal("the aborted tick wrote a scene")
	}
	// The re-run replays every paid answer from the cache (the planner and
	// writer prompts do not include threads.md's note).
	counter := &recorder{next: resolving}
	a.Model = counter
	res, err := a.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Cached < 2 {
		t.Fatalf("re-run: %d of %d answers from the cache; want the plan and the prose at least", res.Cached, res.Calls)
	}
	data, _ = os.ReadFile(filepath.Join(dir, "threads.md"))
	if !strings.Contains(string(data), "A note I typed while the tick ran.") || !strings.Contains(string(data), "- t1: What happened to the three ships") {
		t.Fatalf("threads.md after the re-run:\n%s", data)
	}
}

// resolveT1 makes every extraction resolve thread t1.
type resolveT1 struct{ next Model }

func (r *resolveT1) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	resp, err := r.next.Complete(ctx, req)
	if err != nil || req.Role != "extractor" {
		return resp, err
	}
	var ex map[string]any
	if json.Unmarshal([]byte(resp.Content), &ex) == nil {
		ex["threads_resolved"] = []string{"t1"}
		data, _ := json.Marshal(ex)
		resp.Content = string(data)
	}
	return resp, nil
}

func TestOverBudgetFailsBeforeAnyCall(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\nbudgets: {planner: 150}\n")
	rec := &recorder{next: offline.Model{}}
	a := newAgent(t, dir, cfg, rec)
	_, err := a.Tick(context.Background())
	var ob *prompt.OverBudgetError
	if !errors.As(err, &ob) || ob.Role != "planner" || ob.Budget != 150 || !strings.Contains(err.Error(), "150") {
		t.Fatalf("got %v; want an OverBudgetError naming the planner pack and its numbers", err)
	}
	if len(rec.reqs) != 0 {
		t.Fatalf("%d requests sent; want none", len(rec.reqs))
	}
}

func TestBatchStopsAtWordsAndTokens(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, &recorder{next: offline.Model{}})
	res, err := a.Run(context.Background(), Batch{UntilWords: 1000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := journal.Load(dir, cfg)
	if p.Words() < 1000 || p.Words()-p.Scenes[len(p.Scenes)-1].Words >= 1000 {
		t.Fatalf("--until-words 1000 stopped at %d words (%d ticks)", p.Words(), len(res.Ticks))
	}
	// --max-tokens: never passes the cap, judged by the costliest tick. The
	// limit reads the ledger, as in production.
	a.Model = &usage.Ledger{Next: offline.Model{}, Out: journal.NewLedgerFile(dir), Now: a.Now}
	res, err = a.Run(context.Background(), Batch{N: 50, MaxTokens: 20000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.TokensIn+res.TokensOut > 20000 || len(res.Ticks) == 0 || len(res.Ticks) == 50 {
		t.Fatalf("--max-tokens 20000: %d ticks, %d tokens (%s)", len(res.Ticks), res.TokensIn+res.TokensOut, res.Stopped)
	}
}

func TestUndoRestoresTheWholeTree(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\ngeneration: {checkpoint_interval: 3}\n")
	a := newAgent(t, dir, cfg, &opensThread{next: offline.Model{}}) // every tick changes threads.md
	if _, err := a.Run(context.Background(), Batch{N: 2}, nil); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	delete(before, "state.json")
	if _, err := a.Run(context.Background(), Batch{N: 3}, nil); err != nil {
		t.Fatal(err)
	}
	undone, err := a.Undo(context.Background(), 3, false)
	if err != nil || len(undone) != 3 {
		t.Fatalf("undo: %v %v", undone, err)
	}
	after := snapshot(t, dir)
	delete(after, "state.json")
	if !maps.Equal(before, after) {
		for k := range after {
			if before[k] != after[k] {
				t.Errorf("%s differs after undo", k)
			}
		}
		for k := range before {
			if _, ok := after[k]; !ok {
				t.Errorf("%s missing after undo", k)
			}
		}
	}
}

func TestLostMachineStateAdoptsTheProject(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\ngeneration: {checkpoint_interval: 5}\n")
	a := newAgent(t, dir, cfg, &recorder{next: offline.Model{}})
	if _, err := a.Run(context.Background(), Batch{N: 6}, nil); err != nil {
		t.Fatal(err)
	}
	// A fresh clone of the novel's repository: .storyd/ is git-ignored.
	if err := os.RemoveAll(filepath.Join(dir, ".storyd")); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{next: offline.Model{}}
	a.Model = rec
	res, err := a.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Seq != 7 || len(res.Refreshed) != 0 || res.Checkpoint != "" {
		t.Fatalf("after losing .storyd: scene %d, refreshed %v, checkpoint %q; want scene 7, no refresh, no checkpoint", res.Seq, res.Refreshed, res.Checkpoint)
	}
	if n := len(rec.reqs); n != 3 {
		t.Fatalf("%d calls; want the tick's 3", n)
	}
	// Later ticks do not take the adopted scenes for hand edits either.
	for i := 0; i < 2; i++ {
		res, err := a.Tick(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Refreshed) != 0 {
			t.Fatalf("tick %d re-summarised adopted scenes %v", res.Seq, res.Refreshed)
		}
	}
	p, _ := journal.Load(dir, cfg)
	if p.CheckpointedTo() != 5 || len(p.Checkpoints) != 1 { // the next is due after scene 10
		t.Fatalf("checkpoints after losing .storyd: %d, covered to %d", len(p.Checkpoints), p.CheckpointedTo())
	}
}

// opensThread makes every extraction open a thread and pin a fact on c1,
// so every tick changes threads.md and a character sheet.
type opensThread struct{ next Model }

func (o *opensThread) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	resp, err := o.next.Complete(ctx, req)
	if err != nil || req.Role != "extractor" {
		return resp, err
	}
	var ex map[string]any
	if json.Unmarshal([]byte(resp.Content), &ex) == nil {
		ex["threads_opened"] = []string{fmt.Sprintf("A question raised in scene %d", req.Tick)}
		ex["facts"] = []map[string]string{{"entity": "c1", "fact": fmt.Sprintf("Maren learned something in scene %d.", req.Tick)}}
		data, _ := json.Marshal(ex)
		resp.Content = string(data)
	}
	return resp, nil
}

// cutPlanner cuts the planner's first answer at max_tokens.
type cutPlanner struct {
	reqs []llm.Request
	next Model
}

func (c *cutPlanner) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	if r.Role == "planner" {
		c.reqs = append(c.reqs, r)
		if len(c.reqs) == 1 {
			return llm.Response{Content: `{"title": "The Cu`, FinishReason: "length"}, nil
		}
	}
	return c.next.Complete(ctx, r)
}

func TestJSONCutAtMaxTokensIsAskedAgainWithRoom(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	cp := &cutPlanner{next: offline.Model{}}
	a := newAgent(t, dir, cfg, cp)
	if _, err := a.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(cp.reqs) != 2 || cp.reqs[1].MaxTokens != 2*cp.reqs[0].MaxTokens {
		t.Fatalf("planner asked %d times, max_tokens %v; want twice, the second with double the limit", len(cp.reqs), []int{cp.reqs[0].MaxTokens})
	}
	if !strings.Contains(cp.reqs[1].Messages[len(cp.reqs[1].Messages)-1].Content, "cut off at max_tokens") {
		t.Fatal("the re-ask does not say why")
	}
}

// proseOf is s's prose; a failed read fails the test.
func proseOf(t *testing.T, s *project.Scene) string {
	t.Helper()
	body, err := s.Body()
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// namesake makes the first plan create a person and a place with the same
// name and set the scene there from their point of view.
type namesake struct{ next Model }

func (n *namesake) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	resp, err := n.next.Complete(ctx, req)
	if err != nil || req.Role != "planner" {
		return resp, err
	}
	var plan map[string]any
	if json.Unmarshal([]byte(resp.Content), &plan) == nil {
		plan["new_characters"] = []map[string]string{{"name": "Bethel", "role": "ferryman", "description": "A ferryman."}}
		plan["new_locations"] = []map[string]string{{"name": "Bethel", "description": "A river town."}}
		plan["pov"], plan["location"], plan["cast"] = "Bethel", "Bethel", []string{"Bethel"}
		data, _ := json.Marshal(plan)
		resp.Content = string(data)
	}
	return resp, nil
}

// A pov resolved to the place made the next tick stop at exit 3 on a scene
// storyd wrote itself ("pov \"l1\" is not a character id").
func TestNewPersonAndPlaceMayShareAName(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, &namesake{next: offline.Model{}})
	if _, err := a.Run(context.Background(), Batch{N: 1}, nil); err != nil {
		t.Fatal(err)
	}
	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Scenes[len(p.Scenes)-1]
	c, _ := p.FindCharacter("Bethel")
	l, _ := p.FindLocation("Bethel")
	if s.POV != c || s.Location != l || !strings.HasPrefix(c, "c") || !strings.HasPrefix(l, "l") {
		t.Fatalf("pov %q, location %q; Bethel is %q and %q", s.POV, s.Location, c, l)
	}
}
