package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/status"
	"github.com/storyd/storyd/textfile"
)

func (e *env) statusCmd(jsonFlag cli.Flag) *cli.Command {
	return &cli.Command{
		Name:  "status",
		Usage: "scenes, words, checkpoints, threads, tokens and cost, the last failed ticks",
		Flags: []cli.Flag{jsonFlag,
			&cli.BoolFlag{Name: "reprice", Usage: "price the calls made while prices: lacked their model at today's prices (rewrites .storyd/ledger.jsonl; takes the project lock)"},
			repriceWait()},
		Action: func(ctx context.Context, c *cli.Command) error {
			cfg, p, err := e.open(c)
			if err != nil {
				return err
			}
			if c.Bool("reprice") {
				a := agent.New(agent.Options{Dir: p.Dir, Config: cfg, Now: e.now, Log: &prefixWriter{w: e.stderr}, LockWait: c.Duration("wait")})
				r, err := a.Reprice(ctx)
				if err != nil {
					return err
				}
				printRepriced(e.stderr, r)
			} else if c.IsSet("wait") {
				return &usageError{msg: "--wait goes with --reprice: status alone takes no lock"}
			}
			s, err := status.Of(p)
			if err != nil {
				return err
			}
			if c.Bool("json") {
				data, _ := json.MarshalIndent(s, "", "  ")
				fmt.Fprintln(e.stdout, string(data))
				return nil
			}
			printStatus(e.stdout, s)
			return nil
		},
	}
}

// printRepriced says what --reprice changed.
func printRepriced(w io.Writer, r usage.Repriced) {
	if r.Calls > 0 {
		fmt.Fprintf(w, "storyd: repriced %s of %s (%s) at today's prices: %s\n",
			calls(r.Calls), sceneList(r.Ticks), strings.Join(r.Models, ", "), config.USD(r.CostUSD))
	} else {
		fmt.Fprintln(w, "storyd: nothing to reprice")
	}
	if r.Still > 0 {
		verb := "stay"
		if r.Still == 1 {
			verb = "stays"
		}
		fmt.Fprintf(w, "storyd: %s %s unpriced: prices: in storyd.yaml has no price for %s\n", calls(r.Still), verb, strings.Join(r.StillModels, ", "))
		fmt.Fprintf(w, "storyd: hint: add it under prices: in storyd.yaml (e.g. %s: {input: 0.40, output: 1.60}, US dollars per million tokens) and run `storyd status --reprice` again\n", r.StillModels[0])
	}
}

// calls is "1 call" or "N calls".
func calls(n int) string { return count(n, "call") }

// count is "1 noun" or "N nouns", for the nouns the CLI counts (call, tick,
// scene, character, location: plural in -s; summary: -ies).
func count(n int, noun string) string {
	return strconv.Itoa(n) + " " + textfile.Noun(n, noun)
}

// sceneList names the ticks calls belong to: "scenes 1-3, 7", with
// tick 0 as the calls made outside a tick (storyd outline, say).
func sceneList(ticks []int) string {
	scenes := slices.DeleteFunc(slices.Clone(ticks), func(t int) bool { return t == 0 })
	switch {
	case len(scenes) == 0:
		return "no scene (made outside a tick)"
	case len(scenes) < len(ticks):
		return scenesText(scenes) + " and outside a tick"
	}
	return scenesText(scenes)
}

// scenesText is "scene 3" or "scenes 1-3, 7".
func scenesText(seqs []int) string {
	if len(seqs) == 1 {
		return fmt.Sprintf("scene %d", seqs[0])
	}
	return "scenes " + project.SeqRanges(seqs)
}

func printStatus(w io.Writer, s *status.Status) {
	fmt.Fprintf(w, "%s\n", s.Title)
	fmt.Fprintf(w, "scenes:      %d (last seq %d, %s)\n", s.Scenes, s.LastSeq, count(s.Ticks, "tick"))
	if s.TargetWords > 0 {
		fmt.Fprintf(w, "words:       %d of %d (%.0f%%)\n", s.Words, s.TargetWords, 100*float64(s.Words)/float64(s.TargetWords))
	} else {
		fmt.Fprintf(w, "words:       %d\n", s.Words)
	}
	printBook(w, s.Book)
	if len(s.Deleted) > 0 {
		fmt.Fprintf(w, "deleted:     scenes %v (stay deleted)\n", s.Deleted)
	}
	if len(s.Edited) > 0 {
		fmt.Fprintf(w, "hand edits:  scenes %v (summaries refreshed on the next tick)\n", s.Edited)
	}
	if len(s.Short) > 0 {
		fmt.Fprintf(w, "short:       scenes %v ended under half their target length (short_of in their frontmatter): lengthen them by hand, or undo and tick again\n", s.Short)
	}
	if len(s.OffTarget) > 0 {
		fmt.Fprintf(w, "off length:  scenes %v (under half or over twice the target scene length)\n", s.OffTarget)
	}
	if s.Offline > 0 {
		fmt.Fprintf(w, "stand-in:    %s written by the offline model\n", count(s.Offline, "scene"))
	}
	covered := "none yet"
	if s.CheckpointedTo > 0 {
		covered = fmt.Sprintf("scenes 1-%d covered", s.CheckpointedTo)
	}
	fmt.Fprintf(w, "checkpoints: %d (+%s), %s, next after scene %d\n", s.Checkpoints, count(s.Arcs, "arc"), covered, s.NextCheckpoint)
	printThreads(w, s.OpenThreads)
	fmt.Fprintf(w, "machine:     .storyd/ holds %s (%s)\n", bytesText(s.MachineState), stateParts(s.MachineStateByID))
	printUsage(w, s)
	if s.LastRun != nil {
		fmt.Fprintf(w, "last run:    %s, %s, %s", s.LastRun.Finished.Local().Format(time.DateTime), count(s.LastRun.Ticks, "tick"), s.LastRun.Outcome)
		if s.LastRun.Error != "" {
			fmt.Fprintf(w, ": %s", s.LastRun.Error)
		} else if s.LastRun.Stopped != "" {
			fmt.Fprintf(w, " (%s)", s.LastRun.Stopped) // "0 ticks, ok" alone reads like a silent failure
		}
		fmt.Fprintln(w)
	}
	printFailures(w, s.Failures)
	if s.FailuresUnreadable != "" {
		fmt.Fprintf(w, "failures:    unreadable (%s); the next failed tick starts the list afresh\n", s.FailuresUnreadable)
	}
}

// printThreads lists the five oldest open threads.
func printThreads(w io.Writer, threads []status.ThreadAge) {
	fmt.Fprintf(w, "threads:     %d open\n", len(threads))
	for i, t := range threads {
		if i == 5 {
			fmt.Fprintf(w, "  … %d more\n", len(threads)-5)
			break
		}
		age := "  set by hand"
		if t.Age >= 0 {
			age = fmt.Sprintf("%3d scenes old", t.Age)
			if t.Age == 1 {
				age = "  1 scene old "
			}
		}
		risk := ""
		if t.AtRisk {
			risk = fmt.Sprintf("  (at risk: idle since scene %d)", t.LastAdvanced)
		}
		fmt.Fprintf(w, "  %-4s %s  %s%s\n", t.ID, age, t.Text, risk)
	}
}

// printUsage prints tokens and cost in total, by role and for the last
// five ticks; calls made without a price say "unpriced", not $0.
func printUsage(w io.Writer, s *status.Status) {
	fmt.Fprintf(w, "tokens:      %d prompt (%d cached) / %d completion in %s, cost %s\n",
		s.Total.PromptTokens, s.Total.CachedPromptTokens, s.Total.CompletionTokens, calls(s.Total.Calls), s.Total.CostText())
	roles := make([]string, 0, len(s.ByRole))
	for r := range s.ByRole {
		roles = append(roles, r)
	}
	sort.Strings(roles)
	for _, r := range roles {
		t := s.ByRole[r]
		fmt.Fprintf(w, "  %-10s %8d in %8d out %4d %-5s  %s\n", r, t.PromptTokens, t.CompletionTokens, t.Calls, textfile.Noun(t.Calls, "call"), t.CostText())
	}
	ticks := make([]int, 0, len(s.ByTick))
	for k := range s.ByTick {
		if k > 0 {
			ticks = append(ticks, k)
		}
	}
	sort.Ints(ticks)
	if len(ticks) > 5 {
		ticks = ticks[len(ticks)-5:]
	}
	for _, k := range ticks {
		t := s.ByTick[k]
		// Calls are paid before a scene exists (a plan asked for by
		// `storyd context`, a failed tick) and stay in the ledger when
		// it is undone: a row past the last scene says so.
		gone := ""
		if k > s.LastSeq {
			gone = "  (not in the book: undone, failed or only planned)"
		}
		fmt.Fprintf(w, "  scene %-4d %8d in %8d out %4d %-5s  %s%s\n", k, t.PromptTokens, t.CompletionTokens, t.Calls, textfile.Noun(t.Calls, "call"), t.CostText(), gone)
	}
	if s.Total.Unpriced > 0 {
		fmt.Fprintf(w, "unpriced:    %s of %s ran while prices: had no price for %s; add it (0 for a model you run yourself) and run `storyd status --reprice`\n",
			calls(s.Total.Unpriced), sceneList(s.UnpricedTicks), strings.Join(s.UnpricedModels, ", "))
	}
}

// printFailures lists the recent failed ticks, newest first.
func printFailures(w io.Writer, fs []project.Failure) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(w, "failures:    the last %d, newest first\n", len(fs))
	for _, f := range fs {
		tick := "before a scene"
		if f.Tick > 0 {
			tick = fmt.Sprintf("scene %d", f.Tick)
		}
		fmt.Fprintf(w, "  %s  %s: %s\n", f.Time.Local().Format(time.DateTime), tick, f.Reason)
		if f.Hint != "" {
			fmt.Fprintf(w, "    hint: %s\n", f.Hint)
		}
	}
}

// printBook prints where the book stands in its outline, and its ending.
func printBook(w io.Writer, b status.Book) {
	if b.Beats > 0 {
		fmt.Fprintf(w, "outline:     %d of %d beats done", b.BeatsDone, b.Beats)
		if b.CurrentBeat != "" {
			fmt.Fprintf(w, "; %s, beat %s (%s)", b.Chapter, b.CurrentBeat, b.Pace)
		}
		if b.Final {
			fmt.Fprint(w, "; final part")
		}
		fmt.Fprintln(w)
	}
	if !b.Complete {
		return
	}
	fmt.Fprintf(w, "complete:    the book is complete: %s\n", b.Ending)
	for _, t := range b.LeftOpen {
		fmt.Fprintf(w, "  left open: %s\n", t)
	}
	for _, bt := range b.Unfinished {
		fmt.Fprintf(w, "  not done:  %s\n", bt)
	}
}

// bytesText is a size for people: 12.3 MB, 456 KB, 789 B.
func bytesText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// stateParts lists the biggest entries of .storyd/ first.
func stateParts(by map[string]int64) string {
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if by[names[i]] != by[names[j]] {
			return by[names[i]] > by[names[j]]
		}
		return names[i] < names[j]
	})
	parts := make([]string, 0, 4)
	for i, n := range names {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, n+" "+bytesText(by[n]))
	}
	return strings.Join(parts, ", ")
}

// repriceWait is --wait as status has it: it only queues --reprice, since
// plain status takes no lock.
func repriceWait() cli.Flag {
	f := waitFlag().(*cli.DurationFlag)
	f.Usage = "with --reprice: " + f.Usage
	return f
}
