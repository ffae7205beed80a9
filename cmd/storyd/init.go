package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

type initOptions struct {
	title, genre, tone, pov, premise, provider, model, baseURL string
}

// initProject creates a complete project. It refuses a directory that
// already holds files, so it never overwrites anything.
func initProject(dir string, o initOptions, e *env) error {
	if err := refuseNonEmpty(dir); err != nil {
		return err
	}
	provider := "openai"
	switch o.provider {
	case "", "openai":
	case "offline":
		provider = "offline"
	default:
		return &usageError{msg: fmt.Sprintf("--llm %q: use \"offline\" or \"openai\"", o.provider)}
	}
	if o.baseURL != "" {
		if msg, hint := config.BaseURLProblem(o.baseURL); msg != "" {
			return &usageError{msg: "--base-url " + msg, hint: hint}
		}
	}
	model := o.model
	if provider == "offline" && model == "" {
		model = "offline"
	}
	yml := config.RenderTemplate(provider, model, o.baseURL)
	if _, err := config.Parse(config.FileName, []byte(yml)); err != nil {
		return fmt.Errorf("internal error: the storyd.yaml template does not parse: %w", err)
	}
	skel, err := project.Skeleton(project.Story{Title: o.title, Genre: o.genre, Tone: o.tone, POV: o.pov, Premise: o.premise})
	if err != nil {
		return err
	}
	for _, f := range skel {
		if f.Data == nil {
			if err := os.MkdirAll(filepath.Join(dir, f.Path), 0o755); err != nil {
				return err
			}
		}
	}
	if err := journal.WriteFileAtomic(filepath.Join(dir, config.FileName), []byte(yml), 0o644); err != nil {
		return err
	}
	for _, f := range skel {
		if f.Data != nil {
			if err := journal.WriteFileAtomic(filepath.Join(dir, f.Path), f.Data, 0o644); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(e.stdout, "created %s\n", dir)
	fmt.Fprintf(e.stdout, "next: edit %s, add characters/ and locations/ (or let the planner create them), then `storyd tick -p %s`\n",
		filepath.Join(dir, project.StoryFile), dir)
	if provider == "openai" && (model == "" || o.baseURL == "") {
		fmt.Fprintf(e.stdout, "set %s in %s, or run with --llm offline\n", missingSetup(model, o.baseURL), filepath.Join(dir, config.FileName))
	}
	return nil
}

// missingSetup names what a new project's model still needs.
func missingSetup(model, baseURL string) string {
	server := "llm.base_url (or OPENAI_BASE_URL; for OpenAI itself, only OPENAI_API_KEY)"
	switch {
	case model == "" && baseURL == "":
		return "llm.model and " + server
	case model == "":
		return "llm.model"
	}
	return server
}

// refuseNonEmpty is init's one rule, with or without --from-example: a
// directory that already holds files is refused, never written into; the
// hint points at the project when it is one (a second run of the README's
// first command), else at a new directory.
func refuseNonEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("%s already exists and is not empty; storyd init never overwrites files", dir)
	if _, err := os.Stat(filepath.Join(dir, project.StoryFile)); err == nil {
		return &hintedError{msg: msg, hint: fmt.Sprintf("it holds a storyd project already: continue it with `storyd tick %s`, or remove the directory to start over", dir)}
	}
	return &hintedError{msg: msg, hint: "choose a new directory"}
}
