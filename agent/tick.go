// Package agent runs the tick: the only place where the phases, the files
// and the model meet (DESIGN.md §3). Everything a tick writes is staged in
// the tick journal and committed at one point; every paid answer is
// cached first, so a killed tick re-run replays what it already paid for.
package agent

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/planner"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/project/inplace"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/recall"
	"github.com/storyd/storyd/summarizer"
	"github.com/storyd/storyd/validate"
	"github.com/storyd/storyd/writer"
)

// Agent advances one project. Build it with New; its Options are read,
// not changed, while it runs.
type Agent struct {
	Options
	// failpoint and fs are the crash and disk-full tests' hooks
	// (FaultsFromEnv): nil in a normal run.
	failpoint func(string)
	fs        journal.FS
	// pos is the running tick's place in its batch, for Progress, and the
	// scene it writes (0 until it knows), for the failure list.
	pos struct{ n, of, seq int }
	// files is the load cache, kept between the loads of one process (a
	// tick loads before and after its commit).
	files *project.LoadCache
	// counts are the token counts as read at the start of the run.
	counts []byte
	// ledgerAt is the ledger's size when the run began: the run's usage
	// is read from there.
	ledgerAt int64
	// fitSaid is fitToServer's last warning, said once a process;
	// windowSaid is set once it warned of a configured window's cut.
	fitSaid    string
	windowSaid bool
}

// loadProject loads the project through the journal with the agent's
// load cache (read from .storyd/ on first use).
func (a *Agent) loadProject() (*project.Project, error) {
	if a.files == nil {
		p, cache, err := journal.LoadReading(a.Dir, a.Config)
		a.files = cache
		return p, err
	}
	return journal.LoadCached(a.Dir, a.Config, a.files)
}

// reload is loadProject after this process's own commits since p was
// loaded, which wrote only the files in wrote, the last one state st
// (journal.Reload).
func (a *Agent) reload(p *project.Project, wrote []string, st project.State) (*project.Project, error) {
	if a.files == nil {
		return a.loadProject()
	}
	return journal.Reload(p, a.files, wrote, st)
}

// TickResult describes one committed tick.
type TickResult struct {
	Seq         int
	Title       string
	Path        string
	Words       int
	TargetWords int
	TokensIn    int
	TokensOut   int
	Calls       int
	Cached      int
	Elapsed     time.Duration
	Strain      prompt.Tier
	Checkpoint  string // path of a checkpoint written after the tick, if any
	Offline     bool   // written by the offline stand-in model
	Refreshed   []int  // hand-edited scenes re-summarised this tick
	Tombstoned  []int  // deleted scenes recorded this tick
}

// InvalidAnswerError says the model kept answering outside the schema.
type InvalidAnswerError struct {
	Role string
	Err  error
	// Fingerprint identifies the request (role, model, structured mode,
	// messages): a second failure with the same one is not bad luck.
	Fingerprint string
	// Structured is the structured mode asked for, so that the hint does
	// not suggest it again.
	Structured string
}

func (e *InvalidAnswerError) Error() string {
	return fmt.Sprintf("the %s's answer stayed invalid after 2 re-asks: %v", e.Role, e.Err)
}

// ContextLengthError is the server's refusal of a prompt too long for the
// model, with the numbers of the pack storyd sent.
type ContextLengthError struct {
	Role                    string
	Pack, MaxTokens, Budget int
	Err                     error
}

func (e *ContextLengthError) Error() string {
	return fmt.Sprintf("the model's context is too small for the %s call: a pack of %d tokens (budget %d) plus max_tokens %d: %v",
		e.Role, e.Pack, e.Budget, e.MaxTokens, e.Err)
}

func (e *ContextLengthError) Unwrap() error { return e.Err }

// ReportedWindow is the window the server said with its refusal (0: none).
func (e *ContextLengthError) ReportedWindow() int {
	var me *llm.Error
	if errors.As(e.Err, &me) {
		return me.Window
	}
	return 0
}

// ContextWindowError refuses a pack that would not fit the model's window.
type ContextWindowError struct {
	Role                    string
	Pack, MaxTokens, Window int
	Budget                  bool // Pack is the role's budget, not a built pack
}

func (e *ContextWindowError) Error() string {
	what := "pack of"
	if e.Budget {
		what = "budget of"
	}
	return fmt.Sprintf("%s %s %d tokens plus max_tokens %d exceeds the model's context window of %d",
		e.Role, what, e.Pack, e.MaxTokens, e.Window)
}

// redraftNote is appended to every prompt of a scene redone after an undo,
// so it is asked for afresh instead of replayed from the response cache.
func redraftNote(n, seq int) string {
	return fmt.Sprintf("\n\n(Draft %d of scene %d: an earlier draft was discarded; write a different one.)", n+1, seq)
}

func (a *Agent) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

func (a *Agent) logf(format string, args ...any) {
	if a.Log != nil {
		fmt.Fprintf(a.Log, format+"\n", args...)
	}
}

func (a *Agent) fail(name string) {
	if a.failpoint != nil {
		a.failpoint(name)
	}
}

// tickState is what one tick accumulates before it commits.
type tickState struct {
	res   *TickResult
	p     *project.Project
	st    project.State // the state the tick commits
	seq   int
	nonce string
	index *index.Index // opened by recall, saved after commit
	// anchors is opened by recall and saved after commit, with the
	// anchors the writer pack used.
	anchors     *recall.Anchors
	usedAnchors []project.Snippet
	wrote       []string // the project files the commit wrote
	stores      *stores  // recall's, opening since the tick began (nil: recall opens them)
	// preview is set for storyd plan and context: they ask the planner
	// without the lock, and leave the last tick's pack fingerprints alone.
	preview bool
}

func newTickState(p *project.Project) *tickState {
	seq := p.NextSeq()
	ts := &tickState{res: &TickResult{Seq: seq}, p: p, st: p.State.Clone(), seq: seq}
	if n := p.State.Redrafts[seq]; n > 0 {
		ts.nonce = redraftNote(n, seq)
	}
	return ts
}

// Tick runs one tick on its own: it takes the project lock (failing at
// once with *journal.LockedError while another run holds it) and finishes
// a killed tick's journal first. Run does both once for its whole batch.
func (a *Agent) Tick(ctx context.Context) (*TickResult, error) {
	lock, err := a.Lock(ctx, 0)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	if err := a.recover(); err != nil {
		return nil, err
	}
	return a.tick(ctx, nil)
}

// recover finishes or discards the journal a killed tick left (call it
// with the lock held, before the first tick).
func (a *Agent) recover() error {
	rec, err := journal.Recover(a.Dir)
	if err != nil {
		return fmt.Errorf("recovering the journal of a killed tick: %w", err)
	}
	if rec != "" {
		a.logf("journal of a killed tick %s", rec)
	}
	return nil
}

// tick runs the phases of one tick, in order, on p as the caller loaded it
// under the lock (nil: tick loads it). The caller holds the lock and has
// recovered the journal.
func (a *Agent) tick(ctx context.Context, p *project.Project) (*TickResult, error) {
	defer a.fitToServer()()
	start := a.now()
	stores := a.openStores() // while the project loads
	defer stores.close()
	ts, err := a.load(p)
	if err != nil {
		return nil, err
	}
	ts.stores = stores
	a.pos.seq = ts.seq
	ctx, cancel := a.withTickTimeout(ctx)
	defer cancel()
	tx, err := journal.Begin(ts.p, ts.seq)
	if err != nil {
		return nil, err
	}
	tx.Failpoint, tx.FS = a.failpoint, a.fs
	tx.HistoryDepth = a.Config.Generation.UndoDepth
	defer tx.Abort() // a no-op once the tick has committed
	a.fail("after-begin")
	if err := a.reconcile(ctx, ts); err != nil {
		return nil, err
	}
	plan, created, err := a.planScene(ctx, ts, tx)
	if err != nil {
		return nil, err
	}
	prose, err := a.write(ctx, ts, tx, plan, created)
	if err != nil {
		return nil, err
	}
	ex, err := a.extract(ctx, ts, plan, prose)
	if err != nil {
		return nil, err
	}
	if err := a.commit(ts, tx, plan, prose, ex); err != nil {
		return nil, err
	}
	// Failures after the commit do not undo the scene; the next tick retries them.
	if err := a.afterCommit(ctx, ts); err != nil {
		a.logf("warning: after scene %d: %v", ts.seq, err)
	}
	ts.res.Elapsed = a.now().Sub(start)
	a.logTick(ts.res)
	return ts.res, nil
}

// withTickTimeout bounds one tick, model calls included (TickTimeout).
func (a *Agent) withTickTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if a.TickTimeout > 0 {
		return context.WithTimeout(ctx, a.TickTimeout)
	}
	return context.WithCancel(ctx)
}

// load reads the project (unless the caller has: p) and refuses, before
// anything is paid for, broken references and packs that cannot fit a
// model's window.
func (a *Agent) load(p *project.Project) (*tickState, error) {
	if p == nil {
		var err error
		if p, err = a.loadProject(); err != nil {
			return nil, err
		}
	}
	if probs := validate.Project(p); len(probs) > 0 {
		return nil, probs
	}
	if err := a.checkEnding(p); err != nil {
		return nil, err
	}
	if err := a.checkWindows(); err != nil {
		return nil, err
	}
	return newTickState(p), nil
}

// reconcile takes in what a person did since the last tick: hand-edited
// scenes get a fresh derived summary (bounded per tick), renamed, adopted
// and deleted scenes are recorded. The files themselves are never touched.
func (a *Agent) reconcile(ctx context.Context, ts *tickState) error {
	if err := a.refreshEdited(ctx, ts); err != nil {
		return err
	}
	ts.res.Tombstoned = ts.p.Reconcile(&ts.st).Tombstoned
	return nil
}

// planScene asks for the plan and applies its entity actions.
func (a *Agent) planScene(ctx context.Context, ts *tickState, tx *journal.Tx) (*project.Plan, []string, error) {
	plan, err := a.plan(ctx, ts)
	if err != nil {
		return nil, nil, err
	}
	a.fail("after-plan")
	created, err := a.applyPlan(ts, tx, plan)
	return plan, created, err
}

// commit stages the scene and the extraction's updates and commits them
// with the new state.
func (a *Agent) commit(ts *tickState, tx *journal.Tx, plan *project.Plan, prose string, ex *project.Extraction) error {
	scene, err := a.stageScene(ts, tx, plan, prose, ex)
	if err != nil {
		return err
	}
	if err := a.stageOutline(ts, tx, plan, &ts.st); err != nil {
		return err
	}
	ts.st.LastSeq = max(ts.st.LastSeq, ts.seq)
	ts.st.Ticks++
	if err := tx.Commit(ts.st, true); err != nil {
		return err
	}
	ts.wrote = tx.Paths()
	a.fail("after-commit")
	ts.res.Title, ts.res.Path, ts.res.Words = scene.Title, scene.Path, scene.Words
	ts.res.Offline = a.ModelName == "offline"
	ts.res.TargetWords = ts.p.SceneWords()
	return nil
}

// call sends one request and accounts for it.
func (a *Agent) call(ctx context.Context, ts *tickState, req llm.Request) (llm.Response, error) {
	rs := a.Config.RoleSettings(ConfigRole(req.Role))
	req = a.decorate(ts, req)
	packTokens := func() int {
		n := 0
		for _, m := range req.Messages {
			n += a.Tok.Count(m.Content) + 4 // per-message overhead of the chat format
		}
		return n
	}
	if rs.ContextWindow > 0 {
		if n := a.serverCount(req.Model, packTokens()); n+req.MaxTokens > rs.ContextWindow {
			return llm.Response{}, &ContextWindowError{Role: req.Role, Pack: n, MaxTokens: req.MaxTokens, Window: rs.ContextWindow}
		}
	}
	phase := phaseOf(req.Role)
	a.emit(ts, Event{Phase: phase})
	req.OnRetry = func(r llm.Retry) { a.emit(ts, Event{Phase: phase, Retry: &r}) }
	resp, err := a.Model.Complete(ctx, req)
	var me *llm.Error
	if errors.As(err, &me) && me.Kind == llm.KindContextLength {
		// The server's window is smaller than storyd was told: say how big
		// the prompt was and which settings bound it.
		return resp, &ContextLengthError{Role: req.Role, Pack: packTokens(), MaxTokens: req.MaxTokens,
			Budget: a.Config.Budget(ConfigRole(req.Role)), Err: err}
	}
	if err != nil {
		return resp, err
	}
	ts.res.Calls++
	if resp.FromCache {
		ts.res.Cached++
	} else {
		ts.res.TokensIn += resp.Usage.PromptTokens
		ts.res.TokensOut += resp.Usage.CompletionTokens
	}
	return resp, nil
}

// checkWindows refuses, before any call is paid for, a configuration
// whose pack budget plus max_tokens cannot fit a role's context window
// (servers such as Ollama would silently truncate the prompt instead).
func (a *Agent) checkWindows() error {
	for _, role := range config.RoleNames() {
		rs := a.Config.RoleSettings(role)
		if rs.ContextWindow > 0 && a.Config.Budget(role)+rs.MaxTokens > rs.ContextWindow {
			return &ContextWindowError{Role: role, Pack: a.Config.Budget(role), MaxTokens: rs.MaxTokens, Window: rs.ContextWindow, Budget: true}
		}
	}
	return nil
}

// decorate fills in the role's settings and the redraft note.
func (a *Agent) decorate(ts *tickState, req llm.Request) llm.Request {
	rs := a.Config.RoleSettings(ConfigRole(req.Role))
	req.Tick = ts.seq
	if req.Model == "" {
		req.Model = rs.Model
	}
	if req.MaxTokens == 0 {
		req.MaxTokens = rs.MaxTokens
	}
	if req.Temperature == nil {
		req.Temperature = rs.Temperature
	}
	req.ContextWindow = rs.ContextWindow
	if req.Schema != nil && req.Structured == "" {
		req.Structured = a.Config.LLM.Structured
	}
	if ts.nonce != "" && len(req.Messages) > 0 {
		req.Messages = slices.Clone(req.Messages)
		last := &req.Messages[len(req.Messages)-1]
		last.Content += ts.nonce
	}
	return req
}

// ConfigRole maps a call's role to the storyd.yaml role whose settings it
// uses: roll-ups use the checkpoint role's, refreshes the extractor's, the
// outline draft the planner's.
func ConfigRole(role string) string {
	switch role {
	case "outline":
		return "planner"
	case "rollup":
		return "checkpoint"
	case "refresh":
		return "extractor"
	}
	return role
}

// callJSON asks for a JSON answer, parsed and checked by parse, and
// re-asks at most twice with the validation error before failing the tick.
func callJSON[T any](ctx context.Context, a *Agent, ts *tickState, role string, pack *prompt.Pack, schema llm.Schema, parse func(string) (T, error)) (T, error) {
	var zero T
	msgs := toMessages(pack)
	maxTokens := a.Config.RoleSettings(ConfigRole(role)).MaxTokens
	var last error
	var sent []llm.Request
	for attempt := 0; attempt <= 2; attempt++ {
		req := llm.Request{Role: role, Messages: msgs, Schema: &schema, MaxTokens: maxTokens}
		sent = append(sent, req)
		resp, err := a.call(ctx, ts, req)
		if err != nil {
			return zero, err
		}
		if resp.FinishReason == "length" {
			last = fmt.Errorf("the answer was cut off at max_tokens %d", maxTokens)
			maxTokens *= 2 // a JSON answer cut short cannot be continued: ask again with room
		} else {
			v, err := parse(resp.Content)
			if err == nil {
				return v, nil
			}
			last = err
		}
		a.logf("warning: scene %d: %s answer invalid (%v); asking again", ts.seq, role, last)
		msgs = append(slices.Clone(msgs),
			llm.Message{Role: "assistant", Content: resp.Content},
			llm.Message{Role: "user", Content: "That answer is invalid: " + last.Error() + "\nAnswer again with only the corrected JSON object, matching the schema."})
	}
	// The whole exchange failed: forget its answers, or a re-run would
	// replay the same invalid ones from the cache forever. (A run killed
	// mid-exchange keeps them, and replays its way to the same point.)
	for _, req := range sent {
		a.forget(ts, req)
	}
	first := a.decorate(ts, sent[0])
	return zero, &InvalidAnswerError{Role: role, Err: last, Fingerprint: fingerprint(first), Structured: first.Structured}
}

// fingerprint identifies a request by what decides its answer.
func fingerprint(req llm.Request) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", req.Role, req.Model, req.Structured)
	for _, m := range req.Messages {
		fmt.Fprintf(h, "%s\x00%s\x00", m.Role, m.Content)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// forget drops an answer from the response cache.
func (a *Agent) forget(ts *tickState, req llm.Request) {
	f, ok := a.Model.(interface{ Forget(llm.Request) error })
	if !ok {
		return
	}
	// call() decorated the request; forget the same one it sent.
	if err := f.Forget(a.decorate(ts, req)); err != nil {
		a.logf("warning: cache: %v", err)
	}
}

func toMessages(p *prompt.Pack) []llm.Message {
	out := make([]llm.Message, len(p.Messages))
	for i, m := range p.Messages {
		out[i] = llm.Message{Role: m.Role, Content: m.Content}
	}
	return out
}

func (a *Agent) plan(ctx context.Context, ts *tickState) (*project.Plan, error) {
	maxTools := a.Config.Generation.MaxToolsPerTick
	pack, err := planner.Build(a.Tok, ts.p, a.Config, ts.seq)
	if err != nil {
		return nil, err
	}
	a.warnPack(ts, pack)
	if !ts.preview {
		a.savePrefix(pack)
	}
	return callJSON(ctx, a, ts, "planner", pack, planner.Schema(ts.p, maxTools), func(s string) (*project.Plan, error) {
		return planner.Parse(ts.p, s, maxTools)
	})
}

func (a *Agent) warnPack(ts *tickState, pack *prompt.Pack) {
	for _, w := range pack.Warnings {
		a.logf("warning: scene %d: %s pack: %s", ts.seq, pack.Role, w)
	}
}

// applyPlan creates the plan's new characters and locations (staged in tx;
// in memory only when tx is nil) and resolves the plan's names to ids.
// Names come from the model: they only ever become a restricted slug in a
// file name.
func (a *Agent) applyPlan(ts *tickState, tx *journal.Tx, plan *project.Plan) ([]string, error) {
	p := ts.p
	var created []string
	// lower-case name -> id, one map per kind: a new person and a new place may share a name
	chars, locs := map[string]string{}, map[string]string{}
	for _, nc := range plan.NewCharacters {
		c := &project.Character{ID: p.NextID("c"), Name: strings.TrimSpace(nc.Name), Role: nc.Role, FirstScene: ts.seq, Body: nc.Description}
		var err error
		if c.Path, err = stageNew(tx, project.CharacterPath(c.ID, c.Name), c.Render); err != nil {
			return nil, err
		}
		p.Characters = append(p.Characters, c)
		chars[strings.ToLower(c.Name)] = c.ID
		created = append(created, c.ID)
	}
	for _, nl := range plan.NewLocations {
		l := &project.Location{ID: p.NextID("l"), Name: strings.TrimSpace(nl.Name), FirstScene: ts.seq, Body: nl.Description}
		var err error
		if l.Path, err = stageNew(tx, project.LocationPath(l.ID, l.Name), l.Render); err != nil {
			return nil, err
		}
		p.Locations = append(p.Locations, l)
		locs[strings.ToLower(l.Name)] = l.ID
		created = append(created, l.ID)
	}
	resolve := func(names map[string]string, s string) string {
		if id, ok := names[strings.ToLower(strings.TrimSpace(s))]; ok {
			return id
		}
		return s
	}
	plan.POV = resolve(chars, plan.POV)
	plan.Location = resolve(locs, plan.Location)
	for i := range plan.Cast {
		plan.Cast[i] = resolve(chars, plan.Cast[i])
	}
	if plan.POV != "" && !slices.Contains(plan.Cast, plan.POV) {
		plan.Cast = append([]string{plan.POV}, plan.Cast...)
	}
	return created, nil
}

// stageNew stages a new entity sheet at a free path and returns the path
// (rendered only, when tx is nil).
func stageNew(tx *journal.Tx, path string, render func() ([]byte, error)) (string, error) {
	data, err := render()
	if err != nil || tx == nil {
		return path, err
	}
	path = tx.FreePath(path)
	return path, tx.Write(path, data)
}

// write asks for the scene's prose, streamed into the journal.
func (a *Agent) write(ctx context.Context, ts *tickState, tx *journal.Tx, plan *project.Plan, created []string) (string, error) {
	recalled := a.recall(ctx, ts, plan)
	pack, err := writer.Build(a.Tok, writer.Input{Project: ts.p, Config: a.Config, Plan: plan, Seq: ts.seq, Created: created, Recalled: recalled})
	if err != nil {
		return "", err
	}
	ts.usedAnchors = usedAnchors(recalled, pack)
	a.warnPack(ts, pack)
	a.savePrefix(pack)
	partial := tx.Partial()
	defer func() {
		if err := partial.Close(); err != nil {
			a.logf("warning: scene %d: streaming to the journal: %v", ts.seq, err)
		}
	}()
	var sc llm.StreamCount
	var count func(string) int
	if a.Tok != nil {
		count = a.Tok.Count
	}
	req := llm.Request{
		Role: "writer", Messages: toMessages(pack), Stream: true,
		OnDelta: func(s string) {
			partial.Write(s)
			sc.Add(s, a.now(), count)
			a.emit(ts, Event{Phase: "writing", Words: sc.Words, Tokens: sc.Tokens, StreamStart: sc.Start})
		},
		OnRestart: func() {
			sc = llm.StreamCount{}
			partial.Restart()
		},
	}
	resp, err := a.call(ctx, ts, req)
	if err != nil {
		return "", err
	}
	prose := resp.Content
	if resp.FinishReason == "length" {
		// One bounded continuation completes a scene cut at max_tokens (seed 004's segments).
		cont := append(slices.Clone(req.Messages),
			llm.Message{Role: "assistant", Content: prose},
			llm.Message{Role: "user", Content: "Continue the scene exactly where it stopped and bring it to its end. Write only the continuation."})
		req.Messages = cont
		r2, err := a.call(ctx, ts, req)
		if err != nil {
			return "", err
		}
		prose = strings.TrimRight(prose, " ") + joinSep(prose, r2.Content) + r2.Content
		if r2.FinishReason == "length" {
			a.logf("warning: scene %d: the continuation was cut off at max_tokens too; the scene may end mid-sentence (raise roles.writer.max_tokens)", ts.seq)
		}
	}
	prose = writer.Clean(prose)
	if strings.TrimSpace(prose) == "" {
		return "", &llm.Error{Kind: llm.KindEmpty, Message: "the writer returned no prose"}
	}
	ts.res.Strain = pack.Tier
	a.fail("after-write")
	return prose, nil
}

func joinSep(a, b string) string {
	if strings.HasSuffix(a, "\n") || strings.HasPrefix(b, "\n") || strings.HasPrefix(b, " ") {
		return ""
	}
	return " "
}

func (a *Agent) extract(ctx context.Context, ts *tickState, plan *project.Plan, prose string) (*project.Extraction, error) {
	pack, err := summarizer.BuildExtract(a.Tok, ts.p, a.Config, plan, ts.seq, prose)
	if err != nil {
		return nil, err
	}
	a.warnPack(ts, pack)
	a.savePrefix(pack)
	ex, err := callJSON(ctx, a, ts, "extractor", pack, summarizer.ExtractSchema(ts.p), ts.parseExtract)
	if err != nil {
		return nil, err
	}
	a.fail("after-extract")
	return ex, nil
}

// stageScene stages the scene file and the memory updates the extraction
// asks for. Files a person may have written (threads, glossary, entity
// sheets) are changed in place, line by line, never re-rendered.
func (a *Agent) stageScene(ts *tickState, tx *journal.Tx, plan *project.Plan, prose string, ex *project.Extraction) (*project.Scene, error) {
	p := ts.p
	all := slices.Clone(p.Threads)
	var newThreads []project.Thread
	var opened, resolved []string
	for _, text := range ex.ThreadsOpened {
		th := project.Thread{ID: project.NextThreadID(all), Text: prompt.OneLine(text), Opened: ts.seq}
		all = append(all, th)
		newThreads = append(newThreads, th)
		opened = append(opened, th.ID)
	}
	res := map[string]int{}
	for _, id := range ex.ThreadsResolved {
		for _, t := range p.Threads {
			if t.ID == id && t.Resolved == 0 && res[id] == 0 {
				res[id] = ts.seq
				resolved = append(resolved, id)
			}
		}
	}
	if len(newThreads)+len(res) > 0 {
		if err := tx.Edit(project.ThreadsFile, inplace.Edit{OpenThreads: newThreads, ResolveThreads: res}); err != nil {
			return nil, err
		}
	}
	var terms []project.Term
	for _, t := range ex.Glossary {
		term := project.Term{Term: prompt.OneLine(t.Term), Definition: prompt.OneLine(t.Definition), Scene: ts.seq}
		if term.Term != "" && !hasTerm(p.Glossary, term.Term) && !hasTerm(terms, term.Term) {
			terms = append(terms, term)
		}
	}
	if len(terms) > 0 {
		if err := tx.Edit(project.GlossaryFile, inplace.Edit{Terms: terms}); err != nil {
			return nil, err
		}
	}
	if err := a.stageFacts(ts, tx, ex.Facts); err != nil {
		return nil, err
	}

	cast := ex.Characters
	if len(cast) == 0 {
		cast = plan.Cast
	}
	s := (&project.Scene{
		ID: fmt.Sprintf("s%04d", ts.seq), Seq: ts.seq, Title: prompt.OneLine(plan.Title), POV: plan.POV, Location: plan.Location,
		Characters: cast, Summary: ex.Summary, ThreadsOpened: nonNil(opened), ThreadsResolved: nonNil(resolved),
		Words: len(strings.Fields(prose)), Model: a.ModelName, Created: a.now().UTC().Truncate(time.Second),
		Chapter: chapterOf(p, plan), Tension: ex.Tension,
	}).SetBody(prose)
	if target := p.SceneWords(); project.FarShort(s.Words, target) {
		s.ShortOf = target
	}
	s.Path = tx.FreePath(project.ScenePath(s.Seq, s.Title))
	data, err := s.Render()
	if err != nil {
		return nil, err
	}
	if err := tx.Write(s.Path, data); err != nil {
		return nil, err
	}
	return s, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func hasTerm(ts []project.Term, term string) bool {
	for _, t := range ts {
		if strings.EqualFold(t.Term, strings.TrimSpace(term)) {
			return true
		}
	}
	return false
}

// stageFacts pins extracted facts on entity sheets (story-level ones in
// facts.md, which storyd owns), appended
// to the file's facts list in place: comments, key order and the
// description a person wrote stay as they are.
func (a *Agent) stageFacts(ts *tickState, tx *journal.Tx, facts []project.FactUpdate) error {
	p := ts.p
	if err := moveMachinePinned(p, tx); err != nil {
		return err
	}
	type target struct {
		key   string
		known []project.Fact
		add   []project.Fact
	}
	byPath := map[string]*target{}
	var order []string
	for _, f := range facts {
		var path, key string
		var known []project.Fact
		switch {
		case f.Entity == "story":
			// Into the file storyd owns; story.md's pinned: list is people's.
			path, key, known = project.FactsFile, "facts", append(slices.Clone(p.Story.Pinned), p.Facts...)
		case p.Character(f.Entity) != nil:
			c := p.Character(f.Entity)
			path, key, known = c.Path, "facts", c.Facts
		case p.Location(f.Entity) != nil:
			l := p.Location(f.Entity)
			path, key, known = l.Path, "facts", l.Facts
		default:
			continue
		}
		t := byPath[path]
		if t == nil {
			t = &target{key: key, known: known}
			byPath[path] = t
			order = append(order, path)
		}
		text := prompt.OneLine(f.Fact)
		dup := text == ""
		for _, k := range append(slices.Clone(t.known), t.add...) {
			dup = dup || strings.EqualFold(k.Text, text)
		}
		if !dup {
			t.add = append(t.add, project.Fact{Text: text, Scene: ts.seq})
		}
	}
	if t := byPath[project.FactsFile]; t != nil && len(t.add) > 0 {
		if err := startFacts(p, tx); err != nil {
			return err
		}
	}
	for _, path := range order {
		t := byPath[path]
		if len(t.add) == 0 {
			continue
		}
		if err := tx.Edit(path, inplace.Edit{FactsKey: t.key, Facts: t.add}); err != nil {
			return err
		}
	}
	return nil
}

// startFacts creates facts.md when the project has none yet.
func startFacts(p *project.Project, tx *journal.Tx) error {
	if _, ok := p.Loaded[project.FactsFile]; ok {
		return nil
	}
	if _, ok := tx.Written(project.FactsFile); ok {
		return nil
	}
	return tx.Write(project.FactsFile, []byte(project.FactsTemplate))
}

// moveMachinePinned moves the facts earlier versions appended to story.md's
// pinned: list (those with a scene number) to facts.md, once: story.md
// loses only those entries, in place; what people pinned stays.
func moveMachinePinned(p *project.Project, tx *journal.Tx) error {
	moved := p.MachinePinned()
	if len(moved) == 0 {
		return nil
	}
	var add []project.Fact
	for _, f := range moved {
		if !slices.ContainsFunc(p.Facts, func(k project.Fact) bool { return strings.EqualFold(k.Text, f.Text) }) {
			add = append(add, f)
		}
	}
	if err := startFacts(p, tx); err != nil {
		return err
	}
	if len(add) > 0 {
		if err := tx.Edit(project.FactsFile, inplace.Edit{FactsKey: "facts", Facts: add}); err != nil {
			return err
		}
	}
	if err := tx.Edit(project.StoryFile, inplace.Edit{FactsKey: "pinned", DropDatedFacts: true}); err != nil {
		return err
	}
	p.Facts = append(p.Facts, add...)
	p.Story.Pinned = slices.DeleteFunc(slices.Clone(p.Story.Pinned), func(f project.Fact) bool { return f.Scene > 0 })
	return nil
}

// refreshEdited re-summarises hand-edited scenes, a bounded number per tick.
func (a *Agent) refreshEdited(ctx context.Context, ts *tickState) error {
	limit := a.Config.Generation.MaxRefreshPerTick
	for _, s := range ts.p.Scenes {
		if !s.Edited || limit == 0 {
			continue
		}
		limit--
		plan := &project.Plan{Title: s.Title, POV: s.POV, Location: s.Location, Cast: s.Characters}
		body, err := s.Body()
		if err != nil {
			return err
		}
		pack, err := summarizer.BuildExtract(a.Tok, ts.p, a.Config, plan, s.Seq, body)
		if err != nil {
			return err
		}
		ex, err := callJSON(ctx, a, ts, "refresh", pack, summarizer.ExtractSchema(ts.p), ts.parseExtract)
		if err != nil {
			return fmt.Errorf("refreshing the summary of hand-edited %s: %w", s.Path, err)
		}
		ts.st.Derived[s.Seq] = project.Derived{Hash: ts.p.Loaded[s.Path], Summary: ex.Summary}
		s.Summary, s.Edited = ex.Summary, false
		ts.res.Refreshed = append(ts.res.Refreshed, s.Seq)
	}
	return nil
}

func (ts *tickState) parseExtract(answer string) (*project.Extraction, error) {
	return summarizer.ParseExtract(ts.p, answer)
}
