package config

import (
	"errors"
	"strings"
	"testing"
)

func TestTemplateParsesAndPresetsApply(t *testing.T) {
	for _, preset := range Presets() {
		yml := strings.NewReplacer("{{provider}}", "offline", "{{model}}", `"offline"`, "preset: balanced", "preset: "+preset).Replace(Template)
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
	var ce *Error
	if !errors.As(err, &ce) || ce.Line != 3 || !strings.Contains(ce.Msg, "providr") || ce.Hint == "" {
		t.Fatalf("got %#v", err)
	}
	_, err = Parse(FileName, []byte("preset: huge\n"))
	if !errors.As(err, &ce) || ce.Line != 1 || !strings.Contains(ce.Hint, "conservative") {
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
}
