package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
)

// env is everything a command needs from the process, so tests can run
// commands in-process with their own streams and environment.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	now            func() time.Time
	tty            bool
	// projectFlag: -p/--project is on the command line (not only in
	// STORYD_PROJECT), so a positional directory may not contradict it.
	projectFlag bool
}

// usageError is a command-line mistake (exit 2); hint replaces the
// generic pointer to --help when set.
type usageError struct{ msg, hint string }

func (e *usageError) Error() string { return e.msg }

var (
	badFlagValueRE = regexp.MustCompile(`^invalid value "(.*)" for flag -+([\w-]+): (.*)$`)
	unknownFlagRE  = regexp.MustCompile(`^flag provided but not defined: -+([\w-]+)$`)
)

// flagError words the flag parser's mistakes in storyd's terms: the flag
// as the help spells it, the value, what it should be (not Go's
// strconv/time errors), and the command's own help.
func flagError(_ context.Context, c *cli.Command, err error, _ bool) error {
	help := "run `storyd --help` or `storyd COMMAND --help` for usage"
	if c.Name != "storyd" {
		help = fmt.Sprintf("run `storyd %s --help` for its flags", c.Name)
	}
	if m := unknownFlagRE.FindStringSubmatch(err.Error()); m != nil {
		return &usageError{msg: "unknown flag " + flagSpelling(m[1]), hint: help}
	}
	m := badFlagValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		return &usageError{msg: err.Error(), hint: help}
	}
	flag, value, why := flagSpelling(m[2]), m[1], m[3]
	switch {
	case strings.HasPrefix(why, "strconv.ParseFloat"): // --max-cost takes dollars and cents
		return &usageError{msg: fmt.Sprintf("%s %q is not a number", flag, value), hint: fmt.Sprintf("write digits with a decimal point if needed, e.g. %s 2.50", flag)}
	case strings.HasPrefix(why, "strconv.Parse"):
		return &usageError{msg: fmt.Sprintf("%s %q is not a whole number", flag, value), hint: fmt.Sprintf("write digits, e.g. %s 3", flag)}
	case why == "parse error": // urfave/cli's word for a switch's value (--json=maybe)
		return &usageError{msg: fmt.Sprintf("%s %q is not true or false", flag, value), hint: fmt.Sprintf("give %s alone to turn it on (%s=false to turn it off)", flag, flag)}
	case strings.HasPrefix(why, "time: "):
		return &usageError{msg: fmt.Sprintf("%s %q is not a duration", flag, value), hint: fmt.Sprintf("write a number and a unit, e.g. %s 5m or %s 30s", flag, flag)}
	}
	return &usageError{msg: fmt.Sprintf("%s %q: %s", flag, value, why), hint: help}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	e := &env{stdout: stdout, stderr: stderr, getenv: getenv, now: time.Now, tty: isTTY(stderr), projectFlag: projectFlagGiven(args)}
	app := e.app()
	err := app.Run(ctx, bareWait(args))
	if err == nil {
		return exitOK
	}
	return e.report(err)
}

// bareWait turns a bare --wait (DESIGN.md: --wait[=DURATION]) into an
// effectively unbounded wait, since a duration flag needs a value.
func bareWait(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--wait" || a == "-wait" {
			if i+1 < len(args) {
				if _, err := time.ParseDuration(args[i+1]); err == nil {
					out = append(out, "--wait="+args[i+1]) // --wait 10m
					i++
					continue
				}
			}
			a = "--wait=8760h"
		}
		out = append(out, a)
	}
	return out
}

func isTTY(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (e *env) app() *cli.Command {
	projectFlag := &cli.StringFlag{
		Name: "project", Aliases: []string{"p"}, Value: ".", Usage: "project directory",
		Sources: cli.EnvVars("STORYD_PROJECT"),
	}
	llmFlag := &cli.StringFlag{Name: "llm", Usage: `model provider for this run: "offline" selects the stand-in model`}
	jsonFlag := &cli.BoolFlag{Name: "json", Usage: "machine-readable output"}
	app := &cli.Command{
		Name:      "storyd",
		Version:   version(),
		Usage:     "grow a novel one scene at a time in a directory of markdown files",
		Writer:    e.stdout,
		ErrWriter: e.stderr,
		// Errors are reported once, by run, with hints and exit codes.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		OnUsageError:   flagError,
		Flags:          []cli.Flag{projectFlag},
		// Commands that work on a project take it as -p DIR or as their
		// one argument: `storyd status mynovel`.
		Description: "Exit codes: 0 ok, 1 error, 2 usage, 3 invalid project files, " +
			"75 project locked, model temporarily unavailable or disk full (cron retries later), " +
			"130 stopped by Ctrl-C (SIGTERM: 143; storyd ends by the signal, nothing half-written kept).",
		Commands: []*cli.Command{
			e.initCmd(),
			e.tickCmd(llmFlag),
			e.outlineCmd(llmFlag),
			e.planCmd(jsonFlag, llmFlag),
			e.contextCmd(jsonFlag, llmFlag),
			e.statusCmd(jsonFlag),
			e.validateCmd(),
			e.checkpointCmd(llmFlag),
			e.undoCmd(),
			e.searchCmd(jsonFlag),
			e.reindexCmd(),
			e.exportCmd(),
			e.reportCmd(),
			e.versionCmd(),
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return unknownCommand(c)
			}
			return cli.ShowAppHelp(c)
		},
	}
	for _, c := range app.Commands {
		c.OnUsageError = flagError
		if c.Before == nil && c.Name != "init" && c.Name != "search" && c.Name != "version" {
			c.Before = e.takeProject
			if c.ArgsUsage == "" {
				c.ArgsUsage = "[DIR]"
			}
		}
	}
	return app
}

// projectDir is -p/--project, given before or after the subcommand.
func projectDir(c *cli.Command) string {
	return c.Root().String("project")
}

// open loads the configuration and the project.
func (e *env) open(c *cli.Command) (*config.Config, *project.Project, error) {
	return e.openWith(c, journal.Load)
}

// openWith is open through the given journal loader.
func (e *env) openWith(c *cli.Command, load func(string, *config.Config) (*project.Project, error)) (*config.Config, *project.Project, error) {
	dir := projectDir(c)
	cfg, err := config.Load(dir, e.getenv)
	if err != nil {
		return nil, nil, err
	}
	if ee := cfg.EnvError(); ee != nil {
		// Left out of cfg: these commands call no model, so only say so.
		fmt.Fprintf(e.stderr, "storyd: warning: %s (a command that calls the model stops on it)\n", ee.Error())
		e.hint("%s", ee.Hint)
	}
	p, err := load(dir, cfg)
	if err != nil {
		return nil, nil, err
	}
	return cfg, p, nil
}

// newAgent builds the agent with its model chain; llmOverride is --llm.
func (e *env) newAgent(c *cli.Command, cfg *config.Config, llmOverride string) (*agent.Agent, error) {
	dir := projectDir(c)
	if err := project.IsProject(dir); err != nil {
		return nil, err
	}
	if llmOverride != "" && llmOverride != "offline" && llmOverride != "openai" {
		return nil, &usageError{msg: fmt.Sprintf("--llm %q: use \"offline\" or \"openai\"", llmOverride)}
	}
	tok, err := newTokenizer(cfg)
	if err != nil {
		return nil, err
	}
	setup, err := chain.OpenModel(cfg, dir, llmOverride, tok.Count, e.now)
	if err != nil {
		return nil, err
	}
	name := cfg.RoleSettings("writer").Model
	if setup.Provider == "offline" {
		name = "offline"
	}
	o := agent.Options{
		Dir: dir, Config: cfg, Model: setup.Model, ModelName: name, Tok: tok, Now: e.now,
		Log: &prefixWriter{w: e.stderr}, TickTimeout: time.Duration(cfg.LLM.TickTimeout), Explain: failureText,
	}
	setup.Log = o.Log
	if setup.Client != nil {
		o.Calibration = setup.Client.Calibration
	}
	o.Embedder, err = chain.NewEmbedder(cfg, setup)
	if err != nil {
		return nil, err
	}
	return agent.New(o, agent.FaultsFromEnv(e.getenv)), nil
}

func newTokenizer(cfg *config.Config) (*prompt.Tokenizer, error) {
	enc := cfg.LLM.Encoding
	if enc == "" {
		enc = prompt.EncodingForModel(cfg.RoleSettings("writer").Model)
	}
	return prompt.NewTokenizer(enc)
}

// prefixWriter prefixes each line with "storyd: ".
type prefixWriter struct{ w io.Writer }

func (p *prefixWriter) Write(b []byte) (int, error) {
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if line != "" {
			fmt.Fprint(p.w, "storyd: "+line)
		}
	}
	return len(b), nil
}

func (e *env) errorf(format string, args ...any) {
	// A key in OPENAI_BASE_URL must not reach a cron log.
	fmt.Fprint(e.stderr, "storyd: error: "+llm.RedactURLs(fmt.Sprintf(format, args...))+"\n")
}

func (e *env) hint(format string, args ...any) {
	fmt.Fprintf(e.stderr, "storyd: hint: "+format+"\n", args...)
}

// report prints what exitFor says about err and returns its exit code.
func (e *env) report(err error) int {
	notices, code := exitFor(err)
	for _, n := range notices {
		e.errorf("%s", n.msg)
		if n.hint != "" {
			e.hint("%s", n.hint)
		}
	}
	return code
}

// unknownCommand refuses a command storyd does not have, with the one it
// likely meant ("tik": tick).
func unknownCommand(c *cli.Command) error {
	name := c.Args().First()
	var names []string
	for _, sub := range c.Commands {
		names = append(names, sub.Name)
	}
	if k := textfile.Closest(name, names); k != "" {
		return &usageError{msg: fmt.Sprintf("unknown command %q", name), hint: fmt.Sprintf("did you mean `storyd %s`? `storyd --help` lists the commands", k)}
	}
	return &usageError{msg: fmt.Sprintf("unknown command %q", name)}
}
