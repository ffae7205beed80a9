// Package config holds storyd's configuration: defaults, the three context
// presets of seed 004 (conservative, balanced, aggressive), loading of a
// project's storyd.yaml with a strict decoder, and environment overrides.
//
// Precedence, lowest first: built-in defaults, the preset named in
// storyd.yaml, the explicit fields of storyd.yaml, environment variables,
// command-line flags (applied by the caller).
package config

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/storyd/storyd/textfile"
	"gopkg.in/yaml.v3"
)

// FileName is the configuration file at the root of a project.
const FileName = "storyd.yaml"

// maxFileSize bounds storyd.yaml (the template is under 4 KB): the YAML
// library compares every pair of keys of a section, so a 400 KB section
// took 1.5 s to read.
const maxFileSize = 64 << 10

// Roles are the model calls storyd makes; each can have its own model and limits.
var roleNames = []string{"planner", "writer", "extractor", "checkpoint"}

// RoleNames returns the configurable model roles in a fixed order.
func RoleNames() []string { return append([]string(nil), roleNames...) }

// Config is the whole configuration of a project.
type Config struct {
	Preset     string           `yaml:"preset"`
	LLM        LLM              `yaml:"llm"`
	Generation Generation       `yaml:"generation"`
	Budgets    Budgets          `yaml:"budgets"`
	Retrieval  Retrieval        `yaml:"retrieval"`
	Prices     map[string]Price `yaml:"prices"`

	// lines maps field paths ("generation.checkpoint_interval") to their
	// line in storyd.yaml, for Validate's messages.
	lines map[string]int
	// env maps the field paths an environment variable set to its name:
	// Validate blames the variable, not a line of the file.
	env map[string]string
	// envErr is a variable's value storyd cannot use (EnvError).
	envErr *textfile.Problem
}

// LLM selects the model provider and per-role settings.
type LLM struct {
	// Provider is "openai" (any OpenAI-compatible endpoint) or "offline"
	// (the deterministic stand-in). Empty means openai.
	Provider   string `yaml:"provider"`
	BaseURL    string `yaml:"base_url"`
	APIKeyEnv  string `yaml:"api_key_env"`
	Model      string `yaml:"model"`
	Structured string `yaml:"structured"`
	// Encoding for token counting; empty picks one from the writer's model.
	Encoding       string          `yaml:"encoding"`
	ContextWindow  int             `yaml:"context_window"`
	AttemptTimeout Duration        `yaml:"attempt_timeout"`
	CallTimeout    Duration        `yaml:"call_timeout"`
	TickTimeout    Duration        `yaml:"tick_timeout"`
	MaxRetries     int             `yaml:"max_retries"`
	Roles          map[string]Role `yaml:"roles"`

	// APIKey is read from the environment only, never from the file.
	APIKey string `yaml:"-"`
}

// Role holds the settings of one model role.
type Role struct {
	Model         string   `yaml:"model"`
	MaxTokens     int      `yaml:"max_tokens"`
	Temperature   *float64 `yaml:"temperature"`
	ContextWindow int      `yaml:"context_window"`
}

// Generation holds the shape of the story's memory (seed 004).
type Generation struct {
	FullTextScenesCount int `yaml:"full_text_scenes_count"`
	// FullTextScenesMax lets short scenes add full-text scenes beyond the
	// count while the recent-scenes budget allows (seed 004, phase 3).
	FullTextScenesMax  int `yaml:"full_text_scenes_max"`
	SummaryScenesCount int `yaml:"summary_scenes_count"`
	CheckpointInterval int `yaml:"checkpoint_interval"`
	// RollupSize is how many checkpoints an arc summary rolls up.
	RollupSize        int `yaml:"rollup_size"`
	MaxToolsPerTick   int `yaml:"max_tools_per_tick"`
	PlannerRecent     int `yaml:"planner_recent_scenes"`
	MaxOpenThreads    int `yaml:"max_open_threads"`
	SceneWords        int `yaml:"scene_words"`
	MaxRefreshPerTick int `yaml:"max_refresh_per_tick"`
	// UndoDepth is how many of the latest ticks `storyd undo` can revert;
	// older undo records and cached answers are dropped.
	UndoDepth int `yaml:"undo_depth"`
}

// Budgets are token budgets per role and per writer-pack section.
type Budgets struct {
	Writer     int `yaml:"writer"`
	Planner    int `yaml:"planner"`
	Extractor  int `yaml:"extractor"`
	Checkpoint int `yaml:"checkpoint"`
	// Section budgets of the writer pack.
	Bible     int `yaml:"bible"`
	Glossary  int `yaml:"glossary"`
	History   int `yaml:"history"`
	Cast      int `yaml:"cast"`
	Retrieval int `yaml:"retrieval"`
	Summaries int `yaml:"summaries"`
	Recent    int `yaml:"recent"`
	Plan      int `yaml:"plan"`
}

// Retrieval configures the semantic index.
type Retrieval struct {
	Enabled  bool   `yaml:"enabled"`
	Embedder string `yaml:"embedder"` // local | openai
	Model    string `yaml:"model"`
	K        int    `yaml:"k"`
}

// Price is a model's price in US dollars per million tokens.
type Price struct {
	Input       float64 `yaml:"input"`
	CachedInput float64 `yaml:"cached_input"`
	Output      float64 `yaml:"output"`
}

// Duration is a time.Duration written as "90s" or "2m" in YAML.
type Duration time.Duration

// UnmarshalYAML accepts Go duration strings.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %q is not a duration (try \"90s\" or \"2m\")", n.Line, n.Value)
	}
	*d = Duration(v)
	return nil
}

// MarshalYAML writes the Go duration string.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// Presets are the three context shapes of seed 004.
var presetNames = []string{"conservative", "balanced", "aggressive"}

// Default returns the balanced configuration.
func Default() *Config {
	c := &Config{
		Preset: "balanced",
		LLM: LLM{
			Provider:       "",
			APIKeyEnv:      "OPENAI_API_KEY",
			Structured:     "json_schema",
			AttemptTimeout: Duration(120 * time.Second),
			CallTimeout:    Duration(10 * time.Minute),
			TickTimeout:    Duration(30 * time.Minute),
			MaxRetries:     4,
			Roles: map[string]Role{
				"planner":    {MaxTokens: 1000},
				"writer":     {MaxTokens: 3000},
				"extractor":  {MaxTokens: 2000},
				"checkpoint": {MaxTokens: 500},
			},
		},
		Retrieval: Retrieval{Enabled: true, Embedder: "local", K: 3},
		Prices:    map[string]Price{},
	}
	applyPreset(c, "balanced")
	return c
}

func applyPreset(c *Config, name string) {
	g := &c.Generation
	g.MaxToolsPerTick = 3
	g.PlannerRecent = 3
	g.MaxOpenThreads = 8
	g.SceneWords = 400
	g.MaxRefreshPerTick = 2
	g.UndoDepth = 200
	g.RollupSize = 5
	switch name {
	case "conservative":
		g.FullTextScenesCount, g.SummaryScenesCount, g.CheckpointInterval = 1, 2, 20
		c.Budgets = Budgets{Writer: 4000, Planner: 2500, Extractor: 3000, Checkpoint: 3000,
			Bible: 600, Glossary: 250, History: 700, Cast: 600, Retrieval: 300, Summaries: 400, Recent: 1400, Plan: 400}
	case "aggressive":
		g.FullTextScenesCount, g.SummaryScenesCount, g.CheckpointInterval = 3, 5, 5
		c.Budgets = Budgets{Writer: 12000, Planner: 5000, Extractor: 5000, Checkpoint: 5000,
			Bible: 1500, Glossary: 800, History: 2000, Cast: 1500, Retrieval: 1500, Summaries: 1200, Recent: 4500, Plan: 600}
	default: // balanced
		g.FullTextScenesCount, g.SummaryScenesCount, g.CheckpointInterval = 2, 3, 10
		c.Budgets = Budgets{Writer: 7000, Planner: 3500, Extractor: 4000, Checkpoint: 4000,
			Bible: 1000, Glossary: 500, History: 1200, Cast: 1000, Retrieval: 800, Summaries: 700, Recent: 2800, Plan: 500}
	}
	g.FullTextScenesMax = 2 * g.FullTextScenesCount
}

// Load reads dir/storyd.yaml (a missing file means defaults) and applies the
// environment (getenv is os.Getenv in production, a map in tests).
func Load(dir string, getenv func(string) string) (*Config, error) {
	// Messages name the file relative to the project, like every other
	// project file's.
	path := FileName
	f, err := os.Open(filepath.Join(dir, FileName))
	if errors.Is(err, os.ErrNotExist) {
		c := Default()
		c.applyEnv(getenv)
		return c, c.Validate(path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One byte past the bound, for Parse to refuse.
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	return parseValid(path, data, getenv)
}

// parseValid parses data, applies the environment and validates the
// values, telling every problem at once in the file's order: the values
// that do not fit, an unknown preset, and what Validate refuses of the
// values read (those that did not fit stay the preset's, which it takes).
func parseValid(path string, data []byte, getenv func(string) string) (*Config, error) {
	c, err := parseSafe(path, data)
	probs := textfile.ProblemsIn(err)
	if c == nil || err != nil && len(probs) == 0 {
		return nil, err
	}
	c.applyEnv(getenv)
	if probs = append(probs, textfile.ProblemsIn(c.Validate(path))...); len(probs) == 0 {
		return c, nil
	}
	// A variable's, with no line, first (as Validate orders its own).
	slices.SortStableFunc(probs, func(a, b textfile.Problem) int { return cmp.Compare(a.Line, b.Line) })
	return nil, probs.Err()
}

// Parse decodes a storyd.yaml strictly: unknown keys, values of the wrong
// kind and indentation slips are errors with their line and a hint.
func Parse(path string, data []byte) (*Config, error) {
	c, err := parseSafe(path, data)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// parseSafe is parse, with a panic of the YAML library told at line 1.
func parseSafe(path string, data []byte) (c *Config, err error) {
	var lib error
	defer func() {
		if lib != nil {
			c, err = nil, textfile.Problem{Path: path, Line: 1, Msg: lib.Error(), Hint: "compare with the commented storyd.yaml that `storyd init` writes"}
		}
	}()
	defer textfile.YAMLPanic(&lib) // runs first
	return parse(path, data)
}

// parse is Parse, which also returns the configuration read when the
// problems are values that do not fit or an unknown preset (nil when the
// file cannot be read as a whole), for Validate to go on with.
func parse(path string, data []byte) (*Config, error) {
	if len(data) > maxFileSize {
		return nil, textfile.Problem{Path: path, Line: 1, Msg: fmt.Sprintf("more than %d KB: storyd reads a storyd.yaml of at most that", maxFileSize>>10),
			Hint: "storyd.yaml holds settings only (the one `storyd init` writes is under 4 KB): is it the right file?"}
	}
	if e := checkText(path, data); e != nil {
		return nil, e
	}
	// YAML's line numbers, turned into the file's before any message or
	// c.lines holds one.
	yl := textfile.NewYAMLLines(data)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(path, data, err, yl)
	}
	if m := textfile.KeyTwiceMisfit(&doc); m != nil {
		return nil, textfile.Problem{Path: path, Line: yl.FileLine(m.Line), Msg: m.Msg, Hint: m.Hint}
	}
	lines := map[string]int{}
	var ps textfile.Problems
	if len(doc.Content) > 0 {
		for _, m := range shape(lines).All(&doc, reflect.TypeOf(Config{})) {
			ps = append(ps, textfile.Problem{Path: path, Line: yl.FileLine(m.Line), Msg: m.Msg, Hint: m.Hint})
		}
	}
	for field, l := range lines {
		lines[field] = yl.FileLine(l)
	}
	var head struct {
		Preset string `yaml:"preset"`
	}
	if err := doc.Decode(&head); err != nil && len(doc.Content) > 0 && len(ps) == 0 {
		return nil, decodeError(path, err, yl, &doc)
	}
	c := Default()
	c.lines = lines
	if head.Preset != "" {
		if slices.Contains(presetNames, head.Preset) {
			applyPreset(c, head.Preset)
		} else { // the rest is read over the default preset's values
			ps = append(ps, textfile.Problem{Path: path, Line: lines["preset"], Msg: fmt.Sprintf("unknown preset %q", head.Preset),
				Hint: "use one of: " + strings.Join(presetNames, ", ")})
		}
	}
	// From the tree parsed above, not from the bytes again: the shape check
	// has refused every key Config has no field for, as the decoder's
	// KnownFields would. An empty file means defaults. With values that do
	// not fit, the decoder's complaint about them is theirs, told above.
	if len(doc.Content) > 0 {
		if err := doc.Decode(c); err != nil && len(ps) == 0 {
			return nil, decodeError(path, err, yl, &doc)
		}
	}
	if len(ps) > 0 {
		slices.SortStableFunc(ps, func(a, b textfile.Problem) int { return cmp.Compare(a.Line, b.Line) })
		return c, ps.Err()
	}
	return c, nil
}

// decodeError reports what the shape check did not foresee, without the Go type
// names the YAML library puts in its messages.
func decodeError(path string, err error, yl textfile.YAMLLines, doc *yaml.Node) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		err = errors.New(te.Errors[0])
	}
	e := textfile.Problem{Path: path, Msg: err.Error(), Hint: "compare with the commented storyd.yaml that `storyd init` writes"}
	e.Line, e.Msg = yl.Message(e.Msg)
	if e.Line == 0 {
		// The decoder names no line for a merge ("<<:") of what is not a
		// section ("map merge requires map…"): the first merge's, else 1.
		e.Line = max(1, yl.FileLine(mergeLine(doc)))
	}
	e.Msg = goTypeRE.ReplaceAllString(e.Msg, "")
	return e
}

// mergeLine is the YAML line of doc's first merge key ("<<"), 0 if none.
func mergeLine(n *yaml.Node) int {
	for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Tag == "!!merge" {
			return k.Line
		}
	}
	for _, c := range n.Content {
		if l := mergeLine(c); l > 0 {
			return l
		}
	}
	return 0
}

// goTypeRE matches " into config.Budgets"-like tails and "in type …".
var goTypeRE = regexp.MustCompile(` (into|in type) [\w.*\[\]]+`)

func (c *Config) applyEnv(getenv func(string) string) {
	if getenv == nil {
		return
	}
	c.env = map[string]string{}
	for _, o := range []struct {
		name, field string
		to          *string
		check       func(string) (string, string)
	}{
		{"OPENAI_BASE_URL", "llm.base_url", &c.LLM.BaseURL, nil},
		{"STORYD_LLM", "llm.provider", &c.LLM.Provider, providerProblem},
		{"STORYD_MODEL", "llm.model", &c.LLM.Model, nil},
	} {
		v := getenv(o.name)
		if v == "" {
			continue
		}
		if o.check != nil {
			if msg, hint := o.check(v); msg != "" {
				c.envErr = &textfile.Problem{Path: o.name, Msg: o.field + ": " + msg, Hint: hint + "; or unset " + o.name + " to use storyd.yaml's " + o.field}
				continue
			}
		}
		*o.to, c.env[o.field] = v, o.name
	}
	keyEnv := c.LLM.APIKeyEnv
	if keyEnv == "" {
		keyEnv = "OPENAI_API_KEY"
	}
	c.LLM.APIKey = getenv(keyEnv)
}

// EnvError is the environment variable whose value storyd cannot use
// (STORYD_LLM=ofline), nil if none. Load leaves the value out and
// succeeds, so that what calls no model (status, validate, undo) still
// runs; the model's setup refuses to start on it, and validate reports it.
func (c *Config) EnvError() *textfile.Problem { return c.envErr }

// From says where a field's value was set, for messages about it: the
// environment variable ("OPENAI_BASE_URL"), the line of storyd.yaml
// ("storyd.yaml:14 (llm.base_url)"), or "" for the default.
func (c *Config) From(field string) string {
	if name := c.env[field]; name != "" {
		return name
	}
	if l := c.line(field); l > 0 {
		return fmt.Sprintf("%s:%d (%s)", FileName, l, field)
	}
	return ""
}

// line is the file line of field, else of the nearest key holding it: a
// value reached through an alias ("planner: *w") has no line of its own
// (Shape walks an alias's target once), and the alias's key is where it is
// used. 0 when the file does not set it.
func (c *Config) line(field string) int {
	for {
		if l := c.lines[field]; l > 0 {
			return l
		}
		i := strings.LastIndexByte(field, '.')
		if i < 0 {
			return 0
		}
		field = field[:i]
	}
}

// CheckEnv is EnvError for the environment alone, when storyd.yaml itself
// could not be read.
func CheckEnv(getenv func(string) string) *textfile.Problem {
	c := Default()
	c.applyEnv(getenv)
	return c.envErr
}

func providerProblem(v string) (msg, hint string) {
	switch v {
	case "", "openai", "offline":
		return "", ""
	}
	return fmt.Sprintf("unknown provider %q", v), `use "openai" (any OpenAI-compatible endpoint) or "offline"`
}

// Validate checks values that the decoder cannot.
func (c *Config) Validate(path string) error {
	var es textfile.Problems
	bad := func(field, msg, hint string) {
		if name := c.env[field]; name != "" {
			es = append(es, textfile.Problem{Path: name, Msg: fmt.Sprintf("%s: %s", field, msg), Hint: hint})
			return
		}
		es = append(es, textfile.Problem{Path: path, Line: c.line(field), Msg: fmt.Sprintf("%s: %s", field, msg), Hint: hint})
	}
	if msg, hint := providerProblem(c.LLM.Provider); msg != "" {
		bad("llm.provider", msg, hint)
	}
	// The file's address, when a model uses it (a variable's is refused by
	// the model's setup only, so that the commands calling none still run).
	if c.LLM.Provider != "offline" && c.LLM.BaseURL != "" && c.env["llm.base_url"] == "" {
		if msg, hint := BaseURLProblem(c.LLM.BaseURL); msg != "" {
			bad("llm.base_url", msg, hint)
		}
	}
	switch c.LLM.Structured {
	case "json_schema", "json_object", "prompt":
	default:
		bad("llm.structured", fmt.Sprintf("unknown mode %q", c.LLM.Structured), "use json_schema, json_object or prompt")
	}
	// The first unknown role in the file, not in the map's random order.
	roles := slices.Sorted(maps.Keys(c.LLM.Roles))
	slices.SortStableFunc(roles, func(a, b string) int {
		return cmp.Compare(c.lines["llm.roles."+a], c.lines["llm.roles."+b])
	})
	for _, name := range roles {
		if !slices.Contains(roleNames, name) {
			hint := "roles are: " + strings.Join(roleNames, ", ")
			if s := textfile.Closest(name, roleNames); s != "" {
				hint = fmt.Sprintf("did you mean %q? roles are: %s", s, strings.Join(roleNames, ", "))
			}
			bad("llm.roles."+name, fmt.Sprintf("unknown role %q", name), hint)
		}
	}
	g := c.Generation
	for _, m := range []struct {
		field    string
		v, least int
		hint     string
	}{
		{"full_text_scenes_count", g.FullTextScenesCount, 1, "the writer needs at least the latest scene in full"},
		{"full_text_scenes_max", g.FullTextScenesMax, g.FullTextScenesCount, "it may not be below full_text_scenes_count"},
		{"summary_scenes_count", g.SummaryScenesCount, 0, "0 gives no bullet summaries"},
		{"checkpoint_interval", g.CheckpointInterval, 1, "1 writes a checkpoint summary after every tick; 10 is the balanced preset's"},
		{"rollup_size", g.RollupSize, 2, "an arc summary rolls up at least 2 checkpoints"},
		{"max_tools_per_tick", g.MaxToolsPerTick, 0, "0 lets the planner create no characters or locations"},
		{"undo_depth", g.UndoDepth, 1, "storyd undo can revert this many of the latest ticks; 200 is the default"},
	} {
		if m.v < m.least && m.field == "full_text_scenes_max" && c.lines["generation."+m.field] == 0 {
			// The preset's maximum, below a count the file raised: the
			// count's line is the one to change, or a line to add.
			bad("generation.full_text_scenes_count", fmt.Sprintf("%d is above the preset's full_text_scenes_max, %d", m.least, m.v),
				fmt.Sprintf("set full_text_scenes_max too, to %d or more", m.least))
			continue
		}
		if m.v < m.least {
			bad("generation."+m.field, fmt.Sprintf("%d is too small: the least is %d", m.v, m.least), m.hint)
		}
	}
	if c.Retrieval.Embedder != "local" && c.Retrieval.Embedder != "openai" {
		bad("retrieval.embedder", fmt.Sprintf("unknown embedder %q", c.Retrieval.Embedder), "use local or openai")
	}
	for _, role := range roleNames {
		if c.Budget(role) <= 0 {
			bad("budgets."+role, fmt.Sprintf("%d: a role's budget must be positive", c.Budget(role)), "remove the line to use the preset's budget")
		}
	}
	// In the file's order (a variable's, with no line, first).
	slices.SortStableFunc(es, func(a, b textfile.Problem) int { return cmp.Compare(a.Line, b.Line) })
	return es.Err()
}

// RoleSettings returns the effective model settings for a role.
func (c *Config) RoleSettings(role string) Role {
	r := c.LLM.Roles[role]
	if r.Model == "" {
		r.Model = c.LLM.Model
	}
	if r.MaxTokens == 0 {
		r.MaxTokens = Default().LLM.Roles[role].MaxTokens
	}
	if r.MaxTokens == 0 {
		r.MaxTokens = 1000
	}
	if r.ContextWindow == 0 {
		r.ContextWindow = c.LLM.ContextWindow
	}
	return r
}

// Budget returns the total token budget of a role's pack.
func (c *Config) Budget(role string) int {
	switch role {
	case "writer":
		return c.Budgets.Writer
	case "planner":
		return c.Budgets.Planner
	case "extractor":
		return c.Budgets.Extractor
	default:
		return c.Budgets.Checkpoint
	}
}

// PriceFor finds a model's price; ok is false when none is configured.
func (c *Config) PriceFor(model string) (Price, bool) {
	p, ok := c.Prices[model]
	return p, ok
}

// USD formats an amount of money with enough digits to be told apart from
// zero: cents from a dollar up, three significant digits below it
// ($0.004, $0.0123), since small models cost fractions of a cent a call.
func USD(v float64) string {
	a := math.Abs(v)
	switch {
	case v == 0:
		return "$0"
	case a >= 1:
		return fmt.Sprintf("$%.2f", v)
	}
	prec := 3 + int(math.Floor(-math.Log10(a))) // 3 significant digits
	prec = min(prec, 9)
	s := strconv.FormatFloat(v, 'f', prec, 64)
	s = strings.TrimRight(s, "0")
	if i := strings.IndexByte(s, '.'); len(s)-i-1 < 2 {
		s += strings.Repeat("0", 2-(len(s)-i-1))
	}
	return "$" + s
}
