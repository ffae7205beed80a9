package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/recall"
	"github.com/storyd/storyd/summarizer"
)

// recall gathers what the plan needs from the past: the anchors of its
// entities and the passages of the semantic index (recall.Recall). The
// index and the anchor store are caches: any failure only costs recall,
// never the tick.
func (a *Agent) recall(ctx context.Context, ts *tickState, plan *project.Plan) []project.Snippet {
	if !a.Config.Retrieval.Enabled {
		return nil
	}
	st := ts.stores
	if st == nil {
		st = a.openStores()
	}
	<-st.done
	anchors := st.anchors
	anchors.Sync(ts.p)
	ts.anchors = anchors // kept for the sync after commit
	var ix *index.Index
	if a.Embedder != nil {
		ix = a.syncedIndex(ctx, ts.p, st.index, st.err)
		ts.index = ix // kept for the sync after commit, so nothing is embedded twice
	}
	recent := recentSeqs(ts.p, a.Config.Generation.FullTextScenesMax+a.Config.Generation.SummaryScenesCount)
	snips, err := recall.Recall(ctx, ix, anchors, recall.RecallInput{
		Project: ts.p, Plan: plan, K: a.Config.Retrieval.K,
		Exclude: func(seq int) bool { return recent[seq] },
	})
	if err != nil {
		a.logf("warning: index query: %v", err)
	}
	return snips
}

// stores are recall's anchor store and semantic index, opened in the
// background: neither depends on the project, so a tick reads them while it
// loads the project (on a second core), and recall waits for them (done).
// Under the project lock nothing else writes them meanwhile, so what is
// read does not depend on the timing.
type stores struct {
	done    chan struct{}
	anchors *recall.Anchors
	index   *index.Index // nil without an embedder, or on err
	err     error
}

// openStores starts opening recall's stores; nil when retrieval is off.
func (a *Agent) openStores() *stores {
	if !a.Config.Retrieval.Enabled {
		return nil
	}
	st := &stores{done: make(chan struct{})}
	go func() {
		defer close(st.done)
		st.anchors = recall.OpenAnchors(a.Dir)
		if a.Embedder != nil {
			st.index, st.err = index.OpenIndex(a.Dir, a.Embedder)
		}
	}()
	return st
}

// close closes the index once it is open (st may be nil: retrieval off).
// A tick's index is its own, opened at its start, so the tick closes it:
// the base file stays open while queries may read its columns, no longer.
func (st *stores) close() {
	if st == nil {
		return
	}
	<-st.done
	if st.index != nil {
		st.index.Close()
	}
}

// syncedIndex brings the opened semantic index (or its error) up to date
// with p, or returns nil (the tick then recalls by anchors only).
func (a *Agent) syncedIndex(ctx context.Context, p *project.Project, ix *index.Index, err error) *index.Index {
	if err != nil {
		a.logf("warning: index unavailable: %v", err)
		return nil
	}
	if why := ix.StartedOver(); why != nil {
		a.logf("rebuilding the semantic index from the markdown: %v", why)
	}
	if _, _, err := ix.Sync(ctx, p); err != nil {
		// Mixing in another embedder's vectors would make the index's
		// answers meaningless.
		a.logf("warning: index sync: %v%s", err, llmHint(err, "retrieval"))
		return nil
	}
	return ix
}

// usedAnchors are the recalled anchors the built pack holds.
func usedAnchors(recalled []project.Snippet, pack *prompt.Pack) []project.Snippet {
	var out []project.Snippet
	for _, s := range recalled {
		if s.Kind != project.SnippetAnchor {
			continue
		}
		for _, m := range pack.Messages {
			if strings.Contains(m.Content, prompt.OneLine(s.Text)) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// recentSeqs are the seqs of the newest n live scenes: the recency tiers,
// which retrieval must not repeat.
func recentSeqs(p *project.Project, n int) map[int]bool {
	out := map[int]bool{}
	for i := len(p.Scenes) - 1; i >= 0 && len(out) < n; i-- {
		out[p.Scenes[i].Seq] = true
	}
	return out
}

// afterCommit updates the index and writes due checkpoint summaries and
// roll-ups. Each is its own small journal commit; a crash between them is
// caught up by the next tick.
func (a *Agent) afterCommit(ctx context.Context, ts *tickState) error {
	p, err := a.reload(ts.p, ts.wrote, ts.st)
	if err != nil {
		return err
	}
	// The index and the anchor store are separate files, each a cache of
	// p (which neither changes): the index is synced on a second core.
	indexed := make(chan error, 1)
	go func() { indexed <- syncIndex(ctx, ts.index, p) }()
	if an := ts.anchors; an != nil {
		// The new scene's anchors are found now, at commit, without a model call.
		an.Sync(p)
		an.Used(ts.usedAnchors, ts.seq)
		if err := an.Save(); err != nil {
			a.logf("warning: saving the anchors: %v", err)
		}
	}
	if err := <-indexed; err != nil {
		a.logf("warning: %v", err)
	}
	a.pruneCache(ts.seq)
	a.fail("before-checkpoint")
	path, err := a.Checkpoint(ctx, ts, p, false)
	if err != nil {
		return err
	}
	ts.res.Checkpoint = path
	return nil
}

// syncIndex brings the tick's index (nil: none) up to date with p and
// saves it.
func syncIndex(ctx context.Context, ix *index.Index, p *project.Project) error {
	if ix == nil {
		return nil
	}
	if _, _, err := ix.Sync(ctx, p); err != nil {
		return fmt.Errorf("index sync: %w", err)
	}
	if err := ix.Save(); err != nil {
		return fmt.Errorf("saving the index: %w", err)
	}
	return nil
}

// Checkpoint writes the due checkpoint summary (or, with force, one for
// everything since the last checkpoint) and at most one roll-up. It
// returns the path written, if any.
func (a *Agent) Checkpoint(ctx context.Context, ts *tickState, p *project.Project, force bool) (string, error) {
	if ts == nil {
		ts = &tickState{res: &TickResult{}, p: p, seq: p.NextSeq() - 1}
	}
	interval := a.Config.Generation.CheckpointInterval
	last := p.NextSeq() - 1
	from := p.CheckpointedTo() + 1
	to := from - 1 + interval
	if force {
		to = last
	}
	var written string
	if to <= last && from <= to {
		c := &project.Checkpoint{From: from, To: to, Created: a.now().UTC().Truncate(time.Second)}
		pack, err := summarizer.BuildCheckpoint(a.Tok, p, a.Config, from, to)
		c.Body, c.Model, err = a.summarise(ctx, ts, "checkpoint", pack, err, func() string { return summarizer.FallbackCheckpoint(p, from, to) })
		if err != nil {
			return "", fmt.Errorf("checkpoint %d-%d postponed to the next tick: %w", from, to, err)
		}
		c.Path = project.CheckpointPath(c)
		st, err := a.commitSummary(p, c, func(st *project.State) { st.CheckpointedTo = to })
		if err != nil {
			return "", err
		}
		written = c.Path
		if p, err = a.reload(p, []string{c.Path}, st); err != nil {
			return written, err
		}
	}
	if err := a.rollup(ctx, ts, p); err != nil {
		return written, err
	}
	return written, nil
}

// summarise asks the model for a summary from a built pack. When the model
// cannot do it (a permanent error, an empty answer, a pack that does not
// build) the deterministic summary stands in: a checkpoint is never lost to
// a model. A temporary error or an interruption returns the error instead,
// so the summary is asked for again on the next tick rather than settled
// for good with the fallback. It returns the body and the model to record.
func (a *Agent) summarise(ctx context.Context, ts *tickState, role string, pack *prompt.Pack, err error, fallback func() string) (string, string, error) {
	body := ""
	if err == nil {
		var resp llm.Response
		if resp, err = a.call(ctx, ts, llm.Request{Role: role, Messages: toMessages(pack)}); err == nil {
			body = summarizer.CleanSummary(resp.Content)
		}
	}
	var me *llm.Error
	if ctx.Err() != nil || (errors.As(err, &me) && me.Temporary()) {
		return "", "", err
	}
	if err != nil || strings.TrimSpace(body) == "" {
		a.logf("warning: %s summary: model failed (%v); using the deterministic one", role, err)
		return fallback(), "fallback", nil
	}
	return body, a.ModelName, nil
}

// commitSummary commits summary c (at a free path, set in c) and returns
// the state committed with it.
func (a *Agent) commitSummary(p *project.Project, c *project.Checkpoint, update func(*project.State)) (project.State, error) {
	st := p.State.Clone()
	update(&st)
	tx, err := journal.Begin(p, p.NextSeq()-1)
	if err != nil {
		return st, err
	}
	tx.Failpoint, tx.FS = a.failpoint, a.fs
	data, err := c.Render()
	if err != nil {
		tx.Abort()
		return st, err
	}
	c.Path = tx.FreePath(c.Path) // never over a summary a person wrote
	if err := tx.Write(c.Path, data); err != nil {
		tx.Abort()
		return st, err
	}
	return st, tx.Commit(st, false)
}

// rollup keeps the history bounded. While the summaries the writer would
// see exceed budgets.history, the oldest summaries (at most rollup_size) of
// the lowest level that has at least two besides the newest summary are
// rolled into one arc summary a level up; when every level has only one,
// the two oldest are merged a level above both. The newest summary stays
// detailed. At most maxRollups model calls per tick bound the work; the
// next tick continues.
func (a *Agent) rollup(ctx context.Context, ts *tickState, p *project.Project) error {
	const maxRollups = 3
	size := a.Config.Generation.RollupSize
	for done := 0; done < maxRollups; done++ {
		view := p.HistoryView()
		total := 0
		for _, c := range view {
			total += a.Tok.Count(c.Body)
		}
		if total <= a.Config.Budgets.History || len(view) < 3 {
			return nil
		}
		newest := view[len(view)-1]
		var group []*project.Checkpoint
		for level := 0; group == nil; level++ {
			var eligible []*project.Checkpoint
			maxLevel := 0
			for _, c := range view {
				maxLevel = max(maxLevel, c.Level)
				if c.Level == level && c != newest {
					eligible = append(eligible, c)
				}
			}
			if len(eligible) >= 2 {
				group = eligible[:min(size, len(eligible))]
			} else if level >= maxLevel {
				// One summary per level. Merging across levels only pays while
				// the view holds more than rollup_size+1 summaries; fewer, and
				// long, summaries are the budget's to trim, not worth
				// re-summarising the whole past at every checkpoint.
				if len(view) <= size+1 {
					return nil
				}
				group = view[:2]
			}
		}
		level := 0
		for _, c := range group {
			level = max(level, c.Level+1)
		}
		arc := &project.Checkpoint{From: group[0].From, To: group[len(group)-1].To, Level: level, Created: a.now().UTC().Truncate(time.Second)}
		pack, err := summarizer.BuildRollup(a.Tok, p, a.Config, group)
		arc.Body, arc.Model, err = a.summarise(ctx, ts, "rollup", pack, err, func() string { return summarizer.FallbackRollup(group) })
		if err != nil {
			return fmt.Errorf("arc %d-%d postponed to the next tick: %w", arc.From, arc.To, err)
		}
		arc.Path = project.CheckpointPath(arc)
		st, err := a.commitSummary(p, arc, func(*project.State) {})
		if err != nil {
			return err
		}
		if p, err = a.reload(p, []string{arc.Path}, st); err != nil {
			return err
		}
	}
	return nil
}

// CheckpointNow is `storyd checkpoint`: it takes the lock and writes the due
// checkpoint summary (with force, one for everything since the last).
func (a *Agent) CheckpointNow(ctx context.Context, force bool) (string, error) {
	lock, err := a.lockRecovered(ctx)
	if err != nil {
		return "", err
	}
	defer lock.Release()
	p, err := a.loadProject()
	if err != nil {
		return "", err
	}
	return a.Checkpoint(ctx, nil, p, force)
}

// llmHint is "; hint: …" for a model error that has one.
func llmHint(err error, role string) string {
	var e *llm.Error
	if errors.As(err, &e) {
		if h := e.Hint(role); h != "" {
			return "; hint: " + h
		}
	}
	return ""
}
