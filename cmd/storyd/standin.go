package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/undo"
)

// standInScenes counts the scenes the offline stand-in wrote: all of them,
// and how many of the newest ticks in a row are its (what undo can take
// back without touching a real model's scenes).
func standInScenes(p *project.Project) (all, trailing int) {
	run := true
	for i := len(p.Scenes) - 1; i >= 0; i-- {
		off := p.Scenes[i].Model == "offline"
		if off {
			all++
		}
		if run && off {
			trailing++
		} else {
			run = false
		}
	}
	return all, trailing
}

// warnStandIn warns, once for each new batch of stand-in scenes, that a
// real model is about to inherit placeholder prose as canon.
func (e *env) warnStandIn(dir string, cfg *config.Config) {
	p, err := journal.Load(dir, cfg)
	if err != nil {
		return // the tick reports problems with the project itself
	}
	all, trailing := standInScenes(p)
	if all == 0 {
		return
	}
	marker := filepath.Join(dir, project.StateDir, "stand-in-warned")
	if data, err := os.ReadFile(marker); err == nil {
		if n, _ := strconv.Atoi(strings.TrimSpace(string(data))); n >= all {
			return
		}
	}
	were, them := "were", "them"
	if all == 1 {
		were, them = "was", "it"
	}
	fmt.Fprintf(e.stderr, "storyd: warning: %s of this project %s written by the offline stand-in (placeholder prose); the model will take %s as the story so far\n", count(all, "scene"), were, them)
	switch {
	case trailing == 1:
		e.hint("`storyd undo --all-offline` takes back the newest stand-in tick first")
	case trailing > 1:
		e.hint("`storyd undo --all-offline` takes back the %d newest stand-in ticks first", trailing)
	}
	journal.WriteFileAtomic(marker, []byte(strconv.Itoa(all)+"\n"), 0o644)
}

// undoAllOffline undoes the newest ticks as long as the stand-in wrote them.
func (e *env) undoAllOffline(ctx context.Context, a *agent.Agent, discard bool) ([]undo.Result, error) {
	p, err := journal.Load(a.Dir, a.Config)
	if err != nil {
		return nil, err
	}
	all, trailing := standInScenes(p)
	if trailing == 0 {
		fmt.Fprintln(e.stdout, "the newest scene is not the stand-in's: nothing to undo")
		return nil, nil
	}
	undone, err := a.Undo(ctx, trailing, discard)
	if err == nil && all > trailing {
		fmt.Fprintf(e.stderr, "storyd: note: %d older stand-in scenes lie under a real model's scenes and were kept\n", all-trailing)
	}
	return undone, err
}
