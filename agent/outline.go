package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/chain"
	"github.com/storyd/storyd/outline"
	"github.com/storyd/storyd/planner"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/textfile"
)

// DraftOutline is `storyd outline`: one planner-model call drafts
// outline.md from story.md and target_words. An existing outline is the
// person's and is only replaced with force.
func (a *Agent) DraftOutline(ctx context.Context, force bool) (*outline.Outline, error) {
	lock, err := a.lockRecovered(ctx)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	path := filepath.Join(a.Dir, outline.File)
	if _, err := os.Stat(path); err == nil && !force {
		return nil, &chain.ConfigError{Msg: outline.File + " already exists",
			Hint: "edit it by hand, or run `storyd outline --force` to replace it with a new draft"}
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	p, err := a.loadProject()
	if err != nil {
		return nil, err
	}
	if p.Story.TargetWords <= 0 {
		return nil, textfile.Problem{Path: project.StoryFile, Line: 1, Msg: "no target_words: the outline is sized from the book's length",
			Hint: "add e.g. \"target_words: 60000\" to story.md's frontmatter"}
	}
	ts := &tickState{res: &TickResult{}, p: p, seq: p.NextSeq()}
	pack, err := planner.BuildOutline(a.Tok, p, a.Config)
	if err != nil {
		return nil, err
	}
	a.warnPack(ts, pack)
	o, err := callJSON(ctx, a, ts, "outline", pack, planner.OutlineSchema(p), func(s string) (*outline.Outline, error) {
		return planner.ParseOutline(p, s)
	})
	if err != nil {
		return nil, err
	}
	if err := journal.WriteFileAtomic(path, outline.Render(o), 0o644); err != nil {
		return nil, fmt.Errorf("writing %s: %w", outline.File, err)
	}
	return o, nil
}
