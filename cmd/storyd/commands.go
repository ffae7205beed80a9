package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
	"github.com/storyd/storyd/undo"
	"github.com/storyd/storyd/validate"
)

func (e *env) initCmd() *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "create a new project directory",
		ArgsUsage: "DIR",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "title", Value: "Untitled", Usage: "the story's title"},
			&cli.StringFlag{Name: "genre", Usage: "genre, e.g. gothic mystery"},
			&cli.StringFlag{Name: "tone", Usage: "tone, e.g. wry, melancholy"},
			&cli.StringFlag{Name: "pov", Value: "third person limited", Usage: "point of view"},
			&cli.StringFlag{Name: "premise", Usage: "one-paragraph premise"},
			&cli.StringFlag{Name: "llm", Usage: `"offline" writes a storyd.yaml that uses the stand-in model`},
			&cli.StringFlag{Name: "model", Usage: "model name for storyd.yaml (e.g. gpt-4.1-mini, llama3.1:8b)"},
			&cli.StringFlag{Name: "base-url", Usage: "your server's address for storyd.yaml's llm.base_url (e.g. http://localhost:11434/v1 for Ollama)"},
			&cli.BoolFlag{Name: "from-example", Usage: "copy the example project (offline stand-in model) instead of starting empty"},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			if c.Args().Len() != 1 {
				return &usageError{msg: "init takes one argument: the new project's directory"}
			}
			if c.Bool("from-example") {
				for _, f := range []string{"title", "genre", "tone", "pov", "premise", "llm", "model", "base-url"} {
					if c.IsSet(f) {
						return &usageError{msg: fmt.Sprintf("--from-example copies the example as it is; --%s does not apply", f)}
					}
				}
				return initFromExample(c.Args().First(), e)
			}
			return initProject(c.Args().First(), initOptions{
				title: c.String("title"), genre: c.String("genre"), tone: c.String("tone"), pov: c.String("pov"),
				premise: c.String("premise"), provider: c.String("llm"), model: c.String("model"), baseURL: c.String("base-url"),
			}, e)
		},
	}
}

func (e *env) tickCmd(llmFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:  "tick",
		Usage: "advance the story by one scene (or more)",
		Flags: []cli.Flag{
			llmFlag,
			&cli.IntFlag{Name: "n", Usage: "number of ticks to run (beside --to-tick or --until-words: at most this many, 0 for no cap)", DefaultText: "1 when no --to-tick or --until-words is given"},
			&cli.IntFlag{Name: "to-tick", DefaultText: "no limit", Usage: "run until scene K exists (re-running does only what is missing)"},
			&cli.IntFlag{Name: "until-words", DefaultText: "no limit", Usage: "run until the manuscript has W words"},
			&cli.IntFlag{Name: "max-tokens", DefaultText: "no limit", Usage: "stop before the run's tokens would exceed this"},
			&cli.FloatFlag{Name: "max-cost", DefaultText: "no limit", Usage: "stop before the run's cost would exceed this (US dollars, from prices: in storyd.yaml; a model without a price there is refused)"},
			&cli.IntFlag{Name: "max-failures", Value: 3, Usage: "give up (exit 75) after this many failed ticks in a row"},
			waitFlag(),
			&cli.BoolFlag{Name: "dry-run", Usage: "call no model: print the planner pack the tick would send"},
			&cli.BoolFlag{Name: "continue-past-end", Usage: "go on writing after the book is complete (its last outline beat is done, or its target reached)"},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			for _, f := range []string{"n", "to-tick", "until-words", "max-tokens", "max-failures"} {
				if c.Int(f) < 0 {
					return &usageError{msg: fmt.Sprintf("%s must not be negative", flagSpelling(f))}
				}
			}
			if c.Float("max-cost") < 0 {
				return &usageError{msg: "--max-cost must not be negative"}
			}
			if c.IsSet("n") && c.Int("n") == 0 && c.Int("to-tick") == 0 && c.Int("until-words") == 0 {
				// Alone, -n 0 would run one tick (the default), not none.
				return &usageError{msg: "-n 0 runs no tick", hint: "give -n 1 or more; -n 0 means no cap only beside --to-tick or --until-words"}
			}
			cfg, err := config.Load(projectDir(c), e.getenv)
			if err != nil {
				return err
			}
			if c.Bool("dry-run") {
				return e.printPlannerPack(c, cfg, false, false)
			}
			a, err := e.newAgent(c, cfg, c.String("llm"))
			if err != nil {
				return err
			}
			a.ContinuePastEnd = c.Bool("continue-past-end")
			if a.ModelName != "offline" {
				e.warnStandIn(projectDir(c), cfg)
			}
			b := agent.Batch{
				N: int(c.Int("n")), ToTick: int(c.Int("to-tick")), UntilWords: int(c.Int("until-words")),
				MaxTokens: int(c.Int("max-tokens")), MaxCost: c.Float("max-cost"), MaxFailures: int(c.Int("max-failures")),
				Wait: c.Duration("wait"),
			}
			view := newProgressView(e)
			a.Progress, a.Log = view.event, &prefixWriter{w: view}
			res, err := a.Run(ctx, b, view.tickDone)
			view.close()
			if res != nil && res.Complete {
				if len(res.Ticks) > 0 {
					fmt.Fprintf(e.stdout, "run: %s, tokens %d in / %d out, cost %s\n", count(len(res.Ticks), "scene"), res.TokensIn, res.TokensOut, res.Cost.CostText())
				}
				fmt.Fprintln(e.stdout, res.Stopped)
				fmt.Fprintln(e.stdout, "to write on: storyd tick --continue-past-end, raise target_words in story.md, or add beats to outline.md")
			} else if res != nil && len(res.Ticks) > 0 {
				fmt.Fprintf(e.stdout, "run: %s, tokens %d in / %d out, cost %s", count(len(res.Ticks), "scene"), res.TokensIn, res.TokensOut, res.Cost.CostText())
				if res.Stopped != "" {
					fmt.Fprintf(e.stdout, " (%s)", res.Stopped)
				}
				fmt.Fprintln(e.stdout)
			} else if res != nil && res.Stopped != "" {
				fmt.Fprintf(e.stdout, "nothing to do: %s\n", res.Stopped)
			}
			return err
		},
	}
}

// flagSpelling is a flag as its help shows it: -n, --to-tick.
func flagSpelling(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// waitFlag is --wait[=DURATION] of every command that takes the project
// lock (bareWait turns a bare --wait into a long duration).
func waitFlag() cli.Flag {
	return &cli.DurationFlag{Name: "wait", DefaultText: "none: exit 75 at once if another run holds the project",
		Usage: "wait this long for a running storyd to finish with the project (bare --wait: as long as it takes)"}
}

func progressLine(t *agent.TickResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "scene %d %q · %d words", t.Seq, t.Title, t.Words)
	switch {
	case project.FarShort(t.Words, t.TargetWords):
		fmt.Fprintf(&b, " (target %d: short, under half; short_of: %d in its frontmatter)", t.TargetWords, t.TargetWords)
	case project.FarLong(t.Words, t.TargetWords):
		fmt.Fprintf(&b, " (target %d: long, over twice)", t.TargetWords)
	case t.TargetWords > 0:
		fmt.Fprintf(&b, " (target %d)", t.TargetWords)
	}
	fmt.Fprintf(&b, " · tokens %d in / %d out", t.TokensIn, t.TokensOut)
	if t.Cached > 0 {
		fmt.Fprintf(&b, " · %d/%d answers from cache", t.Cached, t.Calls)
	}
	fmt.Fprintf(&b, " · %.1fs · memory: %s", t.Elapsed.Seconds(), t.Strain) // "· normal ·" alone said nothing
	if t.Offline {
		b.WriteString(" · offline stand-in")
	}
	if t.Checkpoint != "" {
		fmt.Fprintf(&b, " · wrote %s", t.Checkpoint)
	}
	if len(t.Refreshed) > 0 {
		fmt.Fprintf(&b, " · re-summarised edited scenes %v", t.Refreshed)
	}
	return b.String()
}

func (e *env) printPlannerPack(c *cli.Command, cfg *config.Config, explain, asJSON bool) error {
	dir := projectDir(c)
	if err := project.IsProject(dir); err != nil {
		return err
	}
	tok, err := newTokenizer(cfg)
	if err != nil {
		return err
	}
	o := agent.Options{Dir: dir, Config: cfg, Tok: tok}
	// What the tick learned about the server sizes its packs; with no
	// model configured the pack is shown as storyd.yaml sizes it.
	if setup, err := chain.OpenModel(cfg, dir, c.String("llm"), tok.Count, e.now); err == nil && setup.Client != nil {
		o.Calibration = setup.Client.Calibration
	}
	pack, err := agent.New(o).PlannerPack()
	if err != nil {
		return err
	}
	if err := e.printPack(pack, explain, asJSON); err != nil || !explain || asJSON {
		return err
	}
	return e.printPrefixShare(projectDir(c), pack)
}

func (e *env) printPack(pack *prompt.Pack, explain, asJSON bool) error {
	switch {
	case asJSON:
		type out struct {
			Messages []prompt.Message `json:"messages"`
			Explain  json.RawMessage  `json:"explain"`
		}
		ex, err := pack.ExplainJSON()
		if err != nil {
			return err
		}
		data, err := json.MarshalIndent(out{Messages: pack.Messages, Explain: ex}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, string(data))
	case explain:
		fmt.Fprintln(e.stdout, strings.TrimRight(pack.Explain(), "\n"))
	default:
		for _, m := range pack.Messages {
			fmt.Fprintf(e.stdout, "===== %s =====\n%s\n", m.Role, m.Content)
		}
	}
	return nil
}

// printPrefixShare closes --explain with the share of the pack identical to
// the last tick's from the start: what a provider's prompt cache can reuse.
func (e *env) printPrefixShare(dir string, pack *prompt.Pack) error {
	shared, total, ok, err := agent.PrefixShare(dir, pack)
	switch {
	case err != nil:
		return err
	case !ok || total == 0:
		fmt.Fprintln(e.stdout, "prefix: no earlier tick's pack to compare with")
	default:
		fmt.Fprintf(e.stdout, "prefix: %d%% of the pack (%d of %d bytes) is identical to the last tick's from the start\n",
			100*shared/total, shared, total)
	}
	return nil
}

func (e *env) planCmd(jsonFlag, llmFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:  "plan",
		Usage: "ask the planner for the next scene's plan and print it (cached: the next tick reuses it)",
		Flags: []cli.Flag{jsonFlag, llmFlag},
		Action: func(ctx context.Context, c *cli.Command) error {
			cfg, err := config.Load(projectDir(c), e.getenv)
			if err != nil {
				return err
			}
			a, err := e.newAgent(c, cfg, c.String("llm"))
			if err != nil {
				return err
			}
			plan, p, err := a.Plan(ctx)
			if err != nil {
				return err
			}
			if !c.Bool("json") {
				printPlan(e.stdout, p, plan)
				return nil
			}
			data, _ := json.MarshalIndent(plan, "", "  ")
			fmt.Fprintln(e.stdout, string(data))
			return nil
		},
	}
}

func (e *env) contextCmd(jsonFlag, llmFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:  "context",
		Usage: "print the exact messages the next tick would send",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "role", Value: "writer", Usage: "planner or writer"},
			&cli.BoolFlag{Name: "explain", Usage: "a table of sections: tokens/budget, what was trimmed and why, strain"},
			jsonFlag, llmFlag,
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			cfg, err := config.Load(projectDir(c), e.getenv)
			if err != nil {
				return err
			}
			switch c.String("role") {
			case "planner":
				return e.printPlannerPack(c, cfg, c.Bool("explain"), c.Bool("json"))
			case "writer":
			default:
				return &usageError{msg: fmt.Sprintf("--role %q: use planner or writer", c.String("role"))}
			}
			a, err := e.newAgent(c, cfg, c.String("llm"))
			if err != nil {
				return err
			}
			// The writer pack depends on the plan: it comes from the planner
			// (cached, so the next tick reuses the same plan for free).
			fmt.Fprintln(e.stderr, "storyd: note: the writer pack follows the planner's plan for the next scene (cached; the next tick reuses it)")
			pack, err := a.WriterPack(ctx)
			if err != nil {
				return err
			}
			if err := e.printPack(pack, c.Bool("explain"), c.Bool("json")); err != nil || !c.Bool("explain") || c.Bool("json") {
				return err
			}
			return e.printPrefixShare(a.Dir, pack)
		},
	}
}

func (e *env) validateCmd() *cli.Command {
	return &cli.Command{
		Name:  "validate",
		Usage: "check every project file; report problems as path:line: message (exit 3 if any)",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "deep", Usage: "also verify storyd's machine state against the files (journal, state.json hashes, undo records, cache checksums) and say what --repair would do (exit 1 if anything needs it)"},
			&cli.BoolFlag{Name: "repair", Usage: "with --deep: do the repairs (takes the project lock)"},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			if c.Bool("repair") && !c.Bool("deep") {
				return &usageError{msg: "--repair needs --deep"}
			}
			p, probs, err := e.validateLoad(c)
			if err != nil {
				return err
			}
			for _, w := range validate.Warnings(p) {
				fmt.Fprintf(e.stderr, "storyd: warning: %s\n", w.Error())
				if w.Hint != "" {
					e.hint("%s", w.Hint)
				}
			}
			if probs = append(probs, validate.Project(p)...); len(probs) > 0 {
				return probs
			}
			if c.Bool("deep") {
				return e.deepCheck(ctx, c, p)
			}
			if err := journal.CheckReadable(p.Dir); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "ok: %s\n", projectCounts(p))
			return nil
		},
	}
}

// validateLoad loads the project for validate, which lists every problem
// it can find: a storyd.yaml it cannot read (its mistakes: every value's,
// or the first that stops the YAML parser) and a
// variable storyd cannot use are problems among the project files', which
// are then read with the default configuration (loading them uses none of
// its settings). Project files that do not load return their problems
// with those; err is what stops validate altogether (no project here).
func (e *env) validateLoad(c *cli.Command) (*project.Project, textfile.Problems, error) {
	dir := projectDir(c)
	var probs textfile.Problems
	cfg, err := config.Load(dir, e.getenv)
	switch {
	case textfile.ProblemsIn(err) != nil:
		probs = append(probs, textfile.ProblemsIn(err)...)
		cfg = config.Default()
		if ee := config.CheckEnv(e.getenv); ee != nil {
			probs = append(probs, *ee)
		}
	case err != nil:
		return nil, nil, err
	case cfg.EnvError() != nil:
		probs = append(probs, *cfg.EnvError())
	}
	p, err := journal.Load(dir, cfg)
	switch {
	case textfile.ProblemsIn(err) != nil:
		return nil, nil, append(probs, textfile.ProblemsIn(err)...)
	case err != nil:
		return nil, nil, err
	}
	return p, probs, nil
}

// machineStateError says `validate --deep` found repairs to make (exit 1).
type machineStateError struct{ n int }

func (e *machineStateError) Error() string {
	return fmt.Sprintf("%s in storyd's machine state (.storyd/)", count(e.n, "problem"))
}

// deepCheck prints what journal.Check found and, with --repair, fixes it.
func (e *env) deepCheck(ctx context.Context, c *cli.Command, p *project.Project) error {
	findings := journal.Check(p.Dir, p)
	if c.Bool("repair") {
		lock, err := journal.AcquireLock(ctx, p.Dir, 0, e.now())
		if err != nil {
			return err
		}
		defer lock.Release()
	}
	damaged := 0
	for _, f := range findings {
		if f.Repair == "" {
			fmt.Fprintf(e.stdout, "note: %s: %s\n", f.Path, f.Problem)
			continue
		}
		if c.Bool("repair") {
			if err := f.Fix(); err != nil {
				return fmt.Errorf("repairing %s: %w", f.Path, err)
			}
			fmt.Fprintf(e.stdout, "repaired: %s: %s: %s\n", f.Path, f.Problem, f.Repair)
			continue
		}
		damaged++
		fmt.Fprintf(e.stdout, "damaged: %s: %s\n  repair: %s\n", f.Path, f.Problem, f.Repair)
	}
	if damaged > 0 {
		return &machineStateError{n: damaged}
	}
	fmt.Fprintf(e.stdout, "ok: %s; machine state verified\n", projectCounts(p))
	return nil
}

// projectCounts is what `validate` found: "3 scenes, 1 character, ...".
func projectCounts(p *project.Project) string {
	return strings.Join([]string{count(len(p.Scenes), "scene"), count(len(p.Characters), "character"),
		count(len(p.Locations), "location"), count(len(p.Checkpoints), "summary")}, ", ")
}

// lockingAgent is the agent of a command that takes the project's lock
// for one model call of its own (checkpoint, outline): the project's
// configuration, --llm, and --wait for the lock.
func (e *env) lockingAgent(c *cli.Command) (*agent.Agent, error) {
	cfg, err := config.Load(projectDir(c), e.getenv)
	if err != nil {
		return nil, err
	}
	a, err := e.newAgent(c, cfg, c.String("llm"))
	if err != nil {
		return nil, err
	}
	a.LockWait = c.Duration("wait")
	return a, nil
}

func (e *env) checkpointCmd(llmFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:  "checkpoint",
		Usage: "write the due checkpoint summary (--force: one for everything since the last)",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "force", Usage: "summarise everything since the last checkpoint now, even before checkpoint_interval ticks"}, llmFlag, waitFlag()},
		Action: func(ctx context.Context, c *cli.Command) error {
			a, err := e.lockingAgent(c)
			if err != nil {
				return err
			}
			path, err := a.CheckpointNow(ctx, c.Bool("force"))
			if err != nil {
				return err
			}
			if path == "" {
				fmt.Fprintln(e.stdout, "no checkpoint due (use --force to summarise everything since the last one)")
			} else {
				fmt.Fprintln(e.stdout, "wrote", path)
			}
			return nil
		},
	}
}

func (e *env) undoCmd() *cli.Command {
	return &cli.Command{
		Name:  "undo",
		Usage: "remove the last ticks' scenes and revert what they changed",
		Flags: []cli.Flag{&cli.IntFlag{Name: "ticks", Value: 1, Usage: "how many ticks to undo"},
			&cli.BoolFlag{Name: "all-offline", Usage: "undo the newest ticks for as long as the offline stand-in wrote them"},
			&cli.BoolFlag{Name: "discard-edits", Usage: "undo even a scene edited or deleted by hand since its tick, keeping a copy of each edited file under .storyd/conflicts/"},
			waitFlag()},
		Action: func(ctx context.Context, c *cli.Command) error {
			cfg, err := config.Load(projectDir(c), e.getenv)
			if err != nil {
				return err
			}
			if c.Int("ticks") < 1 {
				return &usageError{msg: "--ticks must be at least 1"}
			}
			a := agent.New(agent.Options{Dir: projectDir(c), Config: cfg, Now: e.now, Log: &prefixWriter{w: e.stderr}, LockWait: c.Duration("wait")}, agent.FaultsFromEnv(e.getenv))
			var undone []undo.Result
			if c.Bool("all-offline") {
				if c.IsSet("ticks") {
					return &usageError{msg: "--all-offline and --ticks: give one"}
				}
				undone, err = e.undoAllOffline(ctx, a, c.Bool("discard-edits"))
			} else {
				undone, err = a.Undo(ctx, int(c.Int("ticks")), c.Bool("discard-edits"))
			}
			for _, r := range undone {
				fmt.Fprintf(e.stdout, "undid scene %d\n", r.Seq)
				for _, s := range r.Saved {
					fmt.Fprintf(e.stdout, "  your edited %s is kept as %s\n", strings.TrimPrefix(s, undo.SavedDir(r.Seq)+"/"), s)
				}
			}
			return err
		},
	}
}

func (e *env) searchCmd(jsonFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:      "search",
		Usage:     "search the story's index",
		ArgsUsage: "QUERY",
		Flags:     []cli.Flag{&cli.IntFlag{Name: "k", Value: 5, Usage: "results"}, jsonFlag},
		Action: func(ctx context.Context, c *cli.Command) error {
			if c.Args().Len() == 0 {
				return &usageError{msg: "search needs a QUERY"}
			}
			cfg, p, err := e.open(c)
			if err != nil {
				return searchMisread(c, e.projectFlag, err)
			}
			// search runs beside a tick without waiting for it: with the lock
			// it recovers (cleaning a killed reindex's temp files) and saves
			// the synced index; without it, a tick owns .storyd/ and the
			// index is synced in memory only.
			lock, err := journal.AcquireLock(ctx, p.Dir, 0, e.now())
			var locked *journal.LockedError
			if err != nil && !errors.As(err, &locked) {
				return err
			}
			if lock != nil {
				defer lock.Release()
				// A rolled-forward journal changed the project loaded above.
				if rec, err := journal.Recover(p.Dir); err != nil {
					return err
				} else if rec != "" {
					if cfg, p, err = e.open(c); err != nil {
						return err
					}
				}
			}
			ix, err := e.openIndex(ctx, c, cfg, p, lock != nil)
			if err != nil {
				return err
			}
			snips, err := ix.Query(ctx, index.Query{Text: strings.Join(c.Args().Slice(), " "), K: int(c.Int("k"))})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				data, _ := json.MarshalIndent(snips, "", "  ")
				fmt.Fprintln(e.stdout, string(data))
				return nil
			}
			for _, s := range snips {
				fmt.Fprintf(e.stdout, "%.3f  scene %d: %s (%s)\n  %s\n", s.Score, s.Seq, s.Title, s.Kind, clip(s.Text, 240))
			}
			return nil
		},
	}
}

// searchMisread turns "not a project" into a usage error when the first
// word of the query is a project directory: `storyd search mynovel ships`
// reads like every other command's `storyd CMD DIR`, but search's arguments
// are all query, so the project was never looked at.
func searchMisread(c *cli.Command, projectFlag bool, err error) error {
	var np *project.NotProjectError
	args := c.Args().Slice()
	if projectFlag || len(args) < 2 || !errors.As(err, &np) {
		return err
	}
	if st, serr := os.Stat(filepath.Join(args[0], "story.md")); serr != nil || !st.Mode().IsRegular() {
		return err
	}
	return &usageError{
		msg:  fmt.Sprintf("%s is not a storyd project, and %s (the first word of the query) is one: search takes every argument as the query", projectDir(c), args[0]),
		hint: fmt.Sprintf("give the project with -p: `storyd search -p %s %s`", args[0], strings.Join(args[1:], " ")),
	}
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// openIndex opens the project's index, synced with its files. Only an
// OpenAI-compatible embedder needs the model configuration.
func (e *env) openIndex(ctx context.Context, c *cli.Command, cfg *config.Config, p *project.Project, save bool) (*index.Index, error) {
	emb := index.NewLocalEmbedder()
	if cfg.Retrieval.Embedder == "openai" {
		setup, err := chain.OpenModel(cfg, projectDir(c), "", nil, e.now)
		if err != nil {
			return nil, err
		}
		if emb, err = chain.NewEmbedder(cfg, setup); err != nil {
			return nil, err
		}
	}
	ix, err := index.OpenIndex(p.Dir, emb)
	if err != nil {
		return nil, err
	}
	if _, _, err := ix.Sync(ctx, p); err != nil {
		return nil, err
	}
	if !save {
		return ix, nil
	}
	return ix, ix.Save()
}

func (e *env) reindexCmd() *cli.Command {
	return &cli.Command{
		Name:  "reindex",
		Usage: "rebuild the semantic index from the markdown",
		Flags: []cli.Flag{waitFlag()},
		Action: func(ctx context.Context, c *cli.Command) error {
			a := agent.New(agent.Options{Dir: projectDir(c), Now: e.now, Log: &prefixWriter{w: e.stderr}})
			lock, err := a.Lock(ctx, c.Duration("wait"))
			if err != nil {
				return err
			}
			defer lock.Release()
			// A killed tick's journal first, and a killed reindex's temp files.
			if _, err := journal.Recover(projectDir(c)); err != nil {
				return err
			}
			cfg, p, err := e.open(c)
			if err != nil {
				return err
			}
			if err := index.Remove(p.Dir); err != nil {
				return err
			}
			ix, err := e.openIndex(ctx, c, cfg, p, true)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "indexed %s\n", count(ix.Count(), "document"))
			return nil
		},
	}
}

// writeOutput writes a file atomically: a failed export leaves no file.
func writeOutput(path string, render func(w *strings.Builder) error) error {
	var b strings.Builder
	if err := render(&b); err != nil {
		return err
	}
	return journal.WriteFileAtomic(path, []byte(b.String()), 0o644)
}

func (e *env) outlineCmd(llmFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:  "outline",
		Usage: "draft outline.md (parts, chapters, beats) from story.md and target_words: one model call",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "force", Usage: "replace an existing outline.md"}, llmFlag, waitFlag()},
		Action: func(ctx context.Context, c *cli.Command) error {
			a, err := e.lockingAgent(c)
			if err != nil {
				return err
			}
			o, err := a.DraftOutline(ctx, c.Bool("force"))
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "wrote %s: %s, %s, %s (edit it freely; storyd ticks the beats as scenes complete them)\n",
				outline.File, count(len(o.Parts), "part"), count(len(o.Chapters), "chapter"), count(len(o.Beats), "beat"))
			return nil
		},
	}
}
