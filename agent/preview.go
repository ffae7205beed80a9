package agent

import (
	"context"

	"github.com/storyd/storyd/planner"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/writer"
)

// PlannerPack builds the pack the next tick's planner call sends, sized
// like the tick's. It calls no model and writes nothing.
func (a *Agent) PlannerPack() (*prompt.Pack, error) {
	defer a.fitToServer()()
	p, err := a.loadProject()
	if err != nil {
		return nil, err
	}
	return planner.Build(a.Tok, p, a.Config, p.NextSeq())
}

// Plan asks the planner for the next scene's plan without writing anything
// to the project. The answer is cached, so the next tick reuses it for free.
func (a *Agent) Plan(ctx context.Context) (*project.Plan, *project.Project, error) {
	defer a.fitToServer()() // the tick's packs, or it would not reuse the plan
	p, err := a.loadProject()
	if err != nil {
		return nil, nil, err
	}
	ts := newTickState(p)
	ts.preview = true
	plan, err := a.plan(ctx, ts)
	return plan, p, err
}

// WriterPack builds the writer pack the next tick would send, with the plan
// the planner gives (see Plan). New entities the plan creates are applied
// in memory only.
func (a *Agent) WriterPack(ctx context.Context) (*prompt.Pack, error) {
	defer a.fitToServer()() // the budgets the tick would use
	plan, p, err := a.Plan(ctx)
	if err != nil {
		return nil, err
	}
	ts := &tickState{res: &TickResult{}, p: p, seq: p.NextSeq(), stores: a.openStores()}
	defer ts.stores.close()
	created, err := a.applyPlan(ts, nil, plan)
	if err != nil {
		return nil, err
	}
	recalled := a.recall(ctx, ts, plan)
	return writer.Build(a.Tok, writer.Input{Project: p, Config: a.Config, Plan: plan, Seq: ts.seq, Created: created, Recalled: recalled})
}
