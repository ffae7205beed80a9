package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"

	"github.com/storyd/storyd/config"
)

// Every command's --help works and every flag says what it does.
func TestEveryCommandHasHelp(t *testing.T) {
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: func(string) string { return "" }}
	app := e.app()
	names := []string{""}
	for _, c := range app.Commands {
		names = append(names, c.Name)
		if c.Usage == "" {
			t.Errorf("storyd %s has no usage line", c.Name)
		}
		for _, f := range c.Flags {
			if df, ok := f.(cli.DocGenerationFlag); ok && df.GetUsage() == "" {
				t.Errorf("storyd %s --%s has no help text", c.Name, f.Names()[0])
			}
		}
	}
	for _, name := range names {
		args := []string{"storyd", "--help"}
		if name != "" {
			args = []string{"storyd", name, "--help"}
		}
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, &out, &errb, func(string) string { return "" }); code != 0 || !strings.Contains(out.String(), "USAGE") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out.String(), errb.String())
		}
		if strings.Contains(out.String(), "(default: 0)") {
			t.Errorf("%v shows a meaningless (default: 0):\n%s", args, out.String())
		}
	}
}

// readmeCommands returns the storyd command lines of README.md: lines of
// its code blocks and inline code spans that run storyd (as `storyd …` or
// `go run ./cmd/storyd …`), split at "&&".
func readmeCommands(t *testing.T) []string {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var spans []string
	inBlock := false
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "```") {
			inBlock = !inBlock
			continue
		}
		if inBlock {
			spans = append(spans, l)
			continue
		}
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(l, -1) {
			spans = append(spans, m[1])
		}
	}
	re := regexp.MustCompile(`^\s*(?:go run \./cmd/storyd|(?:\S*/)?storyd)(\s.*)?$`)
	var cmds []string
	for _, s := range spans {
		for _, part := range strings.Split(s, "&&") {
			if m := re.FindStringSubmatch(part); m != nil {
				cmds = append(cmds, strings.TrimSpace(m[1]))
			}
		}
	}
	return cmds
}

// The README's commands are the binary's: a synopsis line ("[…]") names
// only flags the command has, and every example command line parses.
func TestReadmeCommandsParse(t *testing.T) {
	cmds := readmeCommands(t)
	if len(cmds) < 15 {
		t.Fatalf("found %d storyd commands in README.md; want at least 15: %q", len(cmds), cmds)
	}
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: func(string) string { return "" }}
	for _, line := range cmds {
		line, _, _ = strings.Cut(line, " #")
		line, _, _ = strings.Cut(line, " >") // shell redirections are not storyd's
		if strings.Contains(line, "[") || strings.Contains(line, "(or ") {
			checkSynopsis(t, e.app(), line)
			continue
		}
		app := e.app()
		for _, c := range app.Commands {
			c.Action = func(context.Context, *cli.Command) error { return nil } // parse only; Before checks the arguments
		}
		app.Action = func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return &usageError{msg: "unknown command " + c.Args().First()}
			}
			return nil
		}
		args := append([]string{"storyd"}, shellWords(line)...)
		if err := app.Run(context.Background(), bareWait(args)); err != nil {
			t.Errorf("README: `storyd %s` does not parse: %v", line, err)
		}
	}
}

func checkSynopsis(t *testing.T, app *cli.Command, line string) {
	words := strings.Fields(line)
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.Name == words[0] {
			cmd = c
		}
	}
	if cmd == nil && !strings.HasPrefix(words[0], "[") {
		t.Errorf("README synopsis %q: no command %q", line, words[0])
		return
	}
	has := map[string]bool{"project": true, "p": true, "help": true, "h": true, "version": true}
	if cmd != nil {
		for _, f := range cmd.Flags {
			for _, n := range f.Names() {
				has[n] = true
			}
		}
	}
	for _, m := range regexp.MustCompile(`(?:^|[\s\[|])--?([a-z][a-z-]*)`).FindAllStringSubmatch(line, -1) {
		if !has[m[1]] {
			t.Errorf("README synopsis %q: storyd %s has no flag %q", line, words[0], m[1])
		}
	}
}

// shellWords splits a command line like sh does for the simple quoting the
// README uses.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quote, in := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// The README's exit-code table and the help text name exactly the codes
// exitFor returns.
func TestReadmeExitCodes(t *testing.T) {
	want := []int{exitOK, exitError, exitUsage, exitInvalid, exitTempFail, exitInterrupted}
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(data), "## Exit codes\n")
	table, _, _ = strings.Cut(table, "\n## ")
	var readme []int
	for _, m := range regexp.MustCompile(`(?m)^\| (\d+) \|`).FindAllStringSubmatch(table, -1) {
		n, _ := strconv.Atoi(m[1])
		readme = append(readme, n)
	}
	if !slices.Equal(readme, want) {
		t.Errorf("README's exit-code table lists %v; the binary has %v", readme, want)
	}
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: func(string) string { return "" }}
	var help []int
	for _, m := range regexp.MustCompile(`(?:: |, )(\d+) `).FindAllStringSubmatch(e.app().Description, -1) {
		n, _ := strconv.Atoi(m[1])
		help = append(help, n)
	}
	if !slices.Equal(help, want) {
		t.Errorf("the help text's exit codes are %v; the binary has %v", help, want)
	}
}

// Every flag a command takes is in its line of the README's Commands
// synopsis: what `storyd COMMAND --help` offers, the README names too.
func TestReadmeSynopsisNamesEveryFlag(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(data), "## Commands\n\n```\n")
	block, _, _ = strings.Cut(block, "```")
	synopsis := map[string]string{}
	var cmd string
	for _, l := range strings.Split(block, "\n") {
		if rest, ok := strings.CutPrefix(l, "storyd "); ok {
			cmd = strings.Fields(rest)[0]
		}
		synopsis[cmd] += " " + l
	}
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: func(string) string { return "" }}
	for _, c := range e.app().Commands {
		if c.Name == "help" {
			continue
		}
		line, ok := synopsis[c.Name]
		if !ok {
			t.Errorf("README's Commands block has no line for storyd %s", c.Name)
			continue
		}
		for _, f := range c.Flags {
			name := f.Names()[0]
			if name == "help" {
				continue
			}
			dash := "--"
			if len(name) == 1 {
				dash = "-"
			}
			if !regexp.MustCompile(`[\s\[|]` + dash + regexp.QuoteMeta(name) + `\b`).MatchString(line) {
				t.Errorf("README's synopsis of storyd %s does not name %s%s (storyd %s --help does)", c.Name, dash, name, c.Name)
			}
		}
	}
}

// Every storyd.yaml snippet of the README loads: a key or value storyd
// does not take would stop the person who copies it (exit 3).
func TestReadmeYAMLLoads(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) < 4 {
		t.Fatalf("found %d yaml blocks in README.md; want the providers' 4 at least", len(blocks))
	}
	for _, b := range blocks {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "storyd.yaml"), []byte(b[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := config.Load(dir, func(string) string { return "" }); err != nil {
			t.Errorf("README's storyd.yaml snippet does not load: %v\n%s", err, b[1])
		}
	}
}
