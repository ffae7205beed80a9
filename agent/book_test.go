package agent

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
)

// bookProject is the example project with a small target and a hand-written
// outline of 4 beats in 2 chapters.
func bookProject(t *testing.T, outlineText string) (string, *Agent, *recorder) {
	t.Helper()
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	story := filepath.Join(dir, project.StoryFile)
	data, err := os.ReadFile(story)
	if err != nil {
		t.Fatal(err)
	}
	data = regexp.MustCompile(`(?m)^target_words: \d+$`).ReplaceAll(data, []byte("target_words: 2400"))
	if err := os.WriteFile(story, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if outlineText != "" {
		if err := os.WriteFile(filepath.Join(dir, outline.File), []byte(outlineText), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recorder{next: offline.Model{}}
	return dir, newAgent(t, dir, cfg, rec), rec
}

const fourBeats = "# Outline\r\n\r\n### Chapter 1: Ledger\r\n- [ ] Maren finds the three ships\r\n- [ ] The inspector lands\r\n\r\n" +
	"### Chapter 2: Answer\r\n- [ ] Maren reads the last entry\r\n- [ ] She chooses\r\n"

func load(t *testing.T, a *Agent) *project.Project {
	t.Helper()
	p, err := journal.Load(a.Dir, a.Config)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Hand edits between ticks: beats added, removed and reordered. The next
// plan serves the first open beat of the edited file, the check-off lands
// on that beat's line, and the person's lines and CRLF endings stay.
func TestHandEditedOutlineIsFollowed(t *testing.T) {
	dir, a, rec := bookProject(t, fourBeats)
	ctx := context.Background()
	for len(load(t, a).Outline.Beats) > 0 && load(t, a).Outline.DoneCount() == 0 {
		if _, err := a.Run(ctx, Batch{N: 1}, nil); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, outline.File)
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "- [x] Maren finds the three ships (scene ") || !strings.Contains(string(data), "\r\n") {
		t.Fatalf("first beat not checked in place:\n%q", data)
	}
	// Reorder chapter 2 before the open beat of chapter 1, add a beat, remove one.
	edited := strings.Replace(string(data), "- [ ] The inspector lands\r\n", "", 1)
	edited = strings.Replace(edited, "- [ ] Maren reads the last entry\r\n- [ ] She chooses\r\n",
		"- [ ] She chooses\r\n- [ ] A storm cuts the island off\r\n- [ ] Maren reads the last entry\r\n", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	before := len(rec.reqs)
	if _, err := a.Run(ctx, Batch{N: 1}, nil); err != nil {
		t.Fatal(err)
	}
	var plan llm.Request
	for _, r := range rec.reqs[before:] {
		if r.Role == "planner" {
			plan = r
		}
	}
	last := plan.Messages[len(plan.Messages)-1].Content
	if !strings.Contains(last, "She chooses   <- the current beat") || strings.Contains(last, "The inspector lands") {
		t.Fatalf("the planner does not follow the edited outline:\n%s", last)
	}
	p := load(t, a)
	if s := p.Scenes[len(p.Scenes)-1]; s.Chapter != 2 {
		t.Errorf("scene %d serves a chapter-2 beat but records chapter %d", s.Seq, s.Chapter)
	}
	after, _ := os.ReadFile(path)
	if got := regexp.MustCompile(`- \[.\] (She chooses|A storm cuts the island off|Maren reads the last entry)`).FindAllString(string(after), -1); len(got) != 3 ||
		!strings.HasSuffix(got[0], "She chooses") {
		t.Errorf("edited beats lost or reordered: %q", got)
	}
	// Everything but the one checked line is the person's, byte for byte.
	if strings.Count(string(after), "\r\n") != strings.Count(edited, "\r\n") {
		t.Errorf("line endings changed:\n%q", after)
	}
}

// The end of the book: once the last beat is checked, a tick calls no model
// and says the book is complete; the run reports it without an error.
func TestCompleteBookCallsNoModel(t *testing.T) {
	_, a, rec := bookProject(t, fourBeats)
	res, err := a.Run(context.Background(), Batch{N: 40}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := load(t, a)
	g := progress.Of(p)
	if !res.Complete || !g.Complete || g.Done != 4 {
		t.Fatalf("after %d ticks: complete %v, %d of 4 beats (%s)", len(res.Ticks), res.Complete, g.Done, res.Stopped)
	}
	if r := float64(p.Words()) / 2400; r < 0.8 || r > 1.3 {
		t.Errorf("finished at %.0f%% of the target; want 80-130%%", 100*r)
	}
	for _, th := range p.OpenThreads() {
		if !strings.Contains(res.Stopped, th.ID) {
			t.Errorf("open thread %s is not listed as left open: %s", th.ID, res.Stopped)
		}
	}
	calls := len(rec.reqs)
	_, err = a.tick(context.Background(), nil)
	var done *BookCompleteError
	if !errors.As(err, &done) || len(rec.reqs) != calls {
		t.Fatalf("tick on a complete book: %v, %d model calls", err, len(rec.reqs)-calls)
	}
	a.ContinuePastEnd = true
	if _, err := a.Run(context.Background(), Batch{N: 1}, nil); err != nil || len(rec.reqs) == calls {
		t.Fatalf("--continue-past-end: %v, %d calls", err, len(rec.reqs)-calls)
	}
}

// Without an outline the book ends at its target once every thread is
// resolved, and never runs more than a tenth past it.
func TestNoOutlineEndsAtTheTarget(t *testing.T) {
	_, a, _ := bookProject(t, "")
	res, err := a.Run(context.Background(), Batch{N: 40}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := load(t, a)
	if !res.Complete || p.Words() < 2400 || p.Words() > 2400+2400/10+p.SceneWords()*2 {
		t.Fatalf("no outline: complete %v at %d words after %d ticks (%s)", res.Complete, p.Words(), len(res.Ticks), res.Stopped)
	}
	for _, s := range p.Scenes {
		if s.Chapter != 0 {
			t.Errorf("scene %d records chapter %d without an outline", s.Seq, s.Chapter)
		}
	}
}
