package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storyd/storyd/textfile"
)

func TestTemplateParsesAndPresetsApply(t *testing.T) {
	for _, preset := range presetNames {
		yml := strings.Replace(RenderTemplate("offline", "offline", ""), "preset: balanced", "preset: "+preset, 1)
		c, err := Parse(FileName, []byte(yml))
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		want := Default()
		applyPreset(want, preset)
		if c.Budgets != want.Budgets || c.Generation.CheckpointInterval != want.Generation.CheckpointInterval {
			t.Errorf("preset %s in the template: got budgets %+v; want %+v", preset, c.Budgets, want.Budgets)
		}
	}
}

func TestExplicitFieldsWinOverPreset(t *testing.T) {
	c, err := Parse(FileName, []byte("preset: aggressive\ngeneration:\n  full_text_scenes_count: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Generation.FullTextScenesCount != 1 || c.Generation.SummaryScenesCount != 5 || c.Budgets.Writer != 12000 {
		t.Fatalf("got %+v %+v", c.Generation, c.Budgets)
	}
}

func TestUnknownFieldHasLine(t *testing.T) {
	_, err := Parse(FileName, []byte("preset: balanced\nllm:\n  providr: offline\n"))
	ce, ok := first(err)
	if !ok || ce.Line != 3 || !strings.Contains(ce.Msg, "providr") || ce.Hint == "" {
		t.Fatalf("got %#v", err)
	}
	_, err = Parse(FileName, []byte("preset: huge\n"))
	if ce, ok = first(err); !ok || ce.Line != 1 || !strings.Contains(ce.Hint, "conservative") {
		t.Fatalf("got %#v", err)
	}
}

func TestEnvOverrides(t *testing.T) {
	env := map[string]string{"OPENAI_BASE_URL": "http://x/v1", "OPENAI_API_KEY": "k", "STORYD_MODEL": "m", "STORYD_LLM": "offline"}
	c := Default()
	c.applyEnv(func(k string) string { return env[k] })
	if c.LLM.BaseURL != "http://x/v1" || c.LLM.APIKey != "k" || c.LLM.Model != "m" || c.LLM.Provider != "offline" {
		t.Fatalf("got %+v", c.LLM)
	}
	if c.RoleSettings("writer").Model != "m" || c.RoleSettings("writer").MaxTokens != 3000 {
		t.Fatalf("role settings: %+v", c.RoleSettings("writer"))
	}
	// A bad value from the environment names its variable, not the file,
	// and is left out: loading succeeds (status, validate and undo call no
	// model), the file's value stays, and EnvError keeps the problem.
	env["STORYD_LLM"] = "ofline"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte("llm:\n  provider: openai\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return env[k] }
	c, err := Load(dir, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if c.LLM.Provider != "openai" {
		t.Errorf("provider %q; want the file's, openai", c.LLM.Provider)
	}
	for _, e := range []*textfile.Problem{c.EnvError(), CheckEnv(getenv)} {
		if e == nil || e.Error() != `STORYD_LLM: llm.provider: unknown provider "ofline"` || !strings.Contains(e.Hint, "unset STORYD_LLM") {
			t.Errorf("got %v", e)
		}
	}
	env["STORYD_LLM"] = "offline"
	if c, err := Load(dir, getenv); err != nil || c.EnvError() != nil || CheckEnv(getenv) != nil {
		t.Errorf("a good STORYD_LLM: %v, %v", err, c.EnvError())
	}
}

// From names where a value was set, for messages about it.
func TestFrom(t *testing.T) {
	c, err := Parse(FileName, []byte("preset: balanced\nllm:\n  base_url: http://gpu-box:8080/v1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.From("llm.base_url"); got != "storyd.yaml:3 (llm.base_url)" {
		t.Errorf("from the file: %q", got)
	}
	c.applyEnv(func(k string) string { return map[string]string{"OPENAI_BASE_URL": "http://x/v1"}[k] })
	if got := c.From("llm.base_url"); got != "OPENAI_BASE_URL" {
		t.Errorf("from the environment: %q", got)
	}
	if got := Default().From("llm.base_url"); got != "" {
		t.Errorf("the default: %q", got)
	}
}

// Every storyd.yaml mistake names its own line, the field in the file's
// words (never a Go type) and a hint.
func TestParseErrorsNameLineFieldAndHint(t *testing.T) {
	long := "preset: balanced\nllm:\n  provider: offline\n" + strings.Repeat("  # a comment\n", 30) +
		"  model: x\n generation:\n  rollup_size: 5\n"
	for _, c := range []struct {
		name, yml string
		line      int
		msg, hint string
	}{
		{"misindented key far below its block", long, 35, "indentation", "two spaces"},
		{"deeper than a value", "budgets:\n  writer: 3000\n    planner: 4\n", 3, "deeper", "indent"},
		{"word for a number", "llm:\n  provider: offline\n  max_retries: four\n", 3, `llm.max_retries: "four" is not a whole number`, "max_retries: 4"},
		{"unknown top-level key", "presett: balanced\n", 1, `unknown key "presett"`, `did you mean "preset"?`},
		{"unknown nested key, nothing close", "llm:\n  colour: red\n", 2, `unknown key "llm.colour"`, "keys under llm: provider"},
		{"zero interval", "generation:\n  checkpoint_interval: 0\n", 2, "generation.checkpoint_interval: 0 is too small", "checkpoint summary"},
		{"tab indentation", "llm:\n  provider: offline\n\tmodel: x\n", 3, "tab", "spaces"},
		{"binary content", "preset: balanced\nllm:\n  model: \x00\x01\x02\n", 3, "control character NUL at column 10", "plain UTF-8 text"},
		{"a C1 control (NEL: YAML would break the line there)", "llm:\n  model: a\u0085b\n", 2, "control character U+0085", "plain UTF-8 text"},
		{"a bidirectional override", "llm:\n  model: \u202ex\n", 2, "control character U+202E", "plain UTF-8 text"},
		{"not UTF-8", "preset: balanced\n\xff\xfe\n", 2, "byte 0xFF at column 1 is not UTF-8", "UTF-8"},
		{"bad duration", "llm:\n  tick_timeout: 30\n", 2, `llm.tick_timeout: "30" is not a duration`, "90s"},
		{"list for a number", "retrieval:\n  k: [1, 2]\n", 2, "retrieval.k: expected a single value, found a list", "k: 4"},
		{"bad price", "prices:\n  m: {input: cheap}\n", 2, `prices.m.input: "cheap" is not a number`, "0.4"},
		{"a section as a price's name", "prices:\n {}:\n", 2, "prices: a name must be plain text, found a section", "plain text before the colon"},
		{"a list as a role's name", "llm:\n  roles:\n    [writer]: {}\n", 3, "roles: a name must be plain text, found a list", "under roles:"},
		{"unknown role", "llm:\n  roles:\n    writter: {max_tokens: 10}\n", 3, `unknown role "writter"`, `did you mean "writer"?`},
		{"section for a value", "llm: offline\n", 1, `llm: expected a section`, "under llm:"},
		{"count above the preset's maximum", "preset: balanced\ngeneration:\n  full_text_scenes_count: 5\n", 3, "full_text_scenes_count: 5 is above the preset's full_text_scenes_max, 4", "set full_text_scenes_max too"},
		{"the first unknown role in the file", "llm:\n  roles:\n    zz: {}\n    writer: {}\n    aa: {}\n    mm: {}\n", 3, `unknown role "zz"`, "roles are"},
		{"unclosed brace", "llm:\n  roles:\n    planner: {max_tokens: 1000}\n    writer: {max_tokens: 3000\n    extractor: {max_tokens: 2000}\n", 4, `a "{" opened on this line is not closed`, `close it with "}"`},
		// YAML breaks lines at a lone "\r" and at LS, a file's line count does not.
		{"unknown key after a lone CR", "llm:\n  provider: offline\r  colour: red\n", 2, `unknown key "llm.colour"`, "keys under llm"},
		{"value after line separators", "llm:\u2028\u2028  provider: offline\n  roles:\n    writter: {}\n", 3, `unknown role "writter"`, "did you mean"},
		{"syntax error after a lone CR", "preset: balanced\r\"00\r0\n", 1, "a quoted value opened on this line is not closed", "the quote it starts with"},
		{"wrong kind after a CRLF and a CR", "llm:\r\n  provider: offline\r  max_retries: four\n", 2, `"four" is not a whole number`, "max_retries: 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := Parse(FileName, []byte(c.yml))
			if err == nil {
				err = cfg.Validate(FileName)
			}
			ce, ok := first(err)
			if !ok {
				t.Fatalf("got %v; want a textfile.Problem", err)
			}
			if ce.Line != c.line || !strings.Contains(ce.Msg, c.msg) || !strings.Contains(ce.Hint, c.hint) {
				t.Fatalf("got line %d %q hint %q; want line %d, %q, hint with %q", ce.Line, ce.Msg, ce.Hint, c.line, c.msg, c.hint)
			}
			if strings.Contains(ce.Msg+ce.Hint, "config.") || strings.Contains(ce.Msg, "!!") {
				t.Fatalf("message leaks Go or YAML internals: %q", ce.Msg)
			}
		})
	}
}

// The work of reading a storyd.yaml is bounded by its size, which is
// bounded: a section of repeated keys behind many aliases is refused
// before the YAML library compares every pair of keys at every alias.
func TestParseWorkIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("llm:\n  roles:\n    r0: &r {" + strings.Repeat("model: x, ", 2000) + "model: x}\n")
	for i := 1; i < 2000; i++ {
		fmt.Fprintf(&b, "    r%d: *r\n", i)
	}
	_, err := Parse(FileName, []byte(b.String()))
	ce, ok := first(err)
	if !ok || ce.Line != 3 || ce.Msg != `"llm.roles.r0.model" is given twice` || ce.Hint == "" {
		t.Fatalf("got %v", err)
	}
	big := "prices:\n" + strings.Repeat("  m: {input: 1}\n", maxFileSize/16)
	if _, err := Parse(FileName, []byte(big)); err == nil {
		t.Fatalf("a %d-byte file parses", len(big))
	} else if ce, ok = first(err); !ok || ce.Line != 1 || !strings.Contains(ce.Msg, "at most") {
		t.Fatalf("a %d-byte file: got %v", len(big), err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir, nil); !errors.As(err, &ce) || !strings.Contains(ce.Msg, "at most") {
		t.Fatalf("Load of a %d-byte file: got %v", len(big), err)
	}
}

func TestUSDShowsEnoughDigits(t *testing.T) {
	for v, want := range map[float64]string{0: "$0", 0.004: "$0.004", 0.0123456: "$0.0123", 0.5: "$0.50", 0.25: "$0.25",
		2: "$2.00", 12.345: "$12.35", 0.000012: "$0.000012", 0.1: "$0.10", 0.105: "$0.105"} {
		if got := USD(v); got != want {
			t.Errorf("USD(%v) = %q; want %q", v, got, want)
		}
	}
}

// Every mistake of the file is told at once, in its order: each value's
// (a key that does not fit hides none of the others), then, once they all
// fit, each value Validate refuses.
func TestParseTellsEveryMistake(t *testing.T) {
	for _, c := range []struct {
		yml  string
		want []string
	}{
		{"llm:\n  max_retries: four\n  colour: red\ngeneration:\n  rollup_size: x\n", []string{
			`storyd.yaml:2: llm.max_retries: "four" is not a whole number`, `storyd.yaml:3: unknown key "llm.colour"`,
			`storyd.yaml:5: generation.rollup_size: "x" is not a whole number`}},
		{"retrieval:\n  embedder: nope\nllm:\n  structured: xml\n  roles:\n    writter: {}\n", []string{
			`storyd.yaml:2: retrieval.embedder: unknown embedder "nope"`, `storyd.yaml:4: llm.structured: unknown mode "xml"`,
			`storyd.yaml:6: llm.roles.writter: unknown role "writter"`}},
		// An unknown preset beside values that do not fit and values
		// Validate refuses: all of them, the rest read over the defaults.
		{"preset: balancd\nllm:\n  max_retries: four\n  structured: xml\ngeneration:\n  checkpoint_interval: 0\n", []string{
			`storyd.yaml:1: unknown preset "balancd"`, `storyd.yaml:3: llm.max_retries: "four" is not a whole number`,
			`storyd.yaml:4: llm.structured: unknown mode "xml"`, `storyd.yaml:6: generation.checkpoint_interval: 0 is too small: the least is 1`}},
	} {
		err := parseAndValidate([]byte(c.yml))
		var es textfile.Problems
		if !errors.As(err, &es) {
			t.Fatalf("%q: %v; want textfile.Problems", c.yml, err)
		}
		var got []string
		for _, e := range es {
			got = append(got, e.Error())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q:\n%s\nwant\n%s", c.yml, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// first is the first problem err holds.
func first(err error) (textfile.Problem, bool) {
	ps := textfile.ProblemsIn(err)
	if len(ps) == 0 {
		return textfile.Problem{}, false
	}
	return ps[0], true
}
