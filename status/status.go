package status

import (
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
)

// Status is what `storyd status` reports.
type Status struct {
	Title          string      `json:"title"`
	Scenes         int         `json:"scenes"`
	LastSeq        int         `json:"last_seq"`
	Words          int         `json:"words"`
	TargetWords    int         `json:"target_words,omitempty"`
	Ticks          int         `json:"ticks"`
	Deleted        []int       `json:"deleted,omitempty"`
	Edited         []int       `json:"edited,omitempty"`
	Checkpoints    int         `json:"checkpoints"`
	Arcs           int         `json:"arcs"`
	CheckpointedTo int         `json:"checkpointed_to"`
	NextCheckpoint int         `json:"next_checkpoint"`
	OpenThreads    []ThreadAge `json:"open_threads"`
	OffTarget      []int       `json:"off_target_scenes,omitempty"`
	// Short are the scenes that ended far below their target length
	// (short_of in their frontmatter) and are still that short.
	Short   []int                   `json:"short_scenes,omitempty"`
	Offline int                     `json:"offline_scenes,omitempty"`
	Total   usage.Totals            `json:"total"`
	ByRole  map[string]usage.Totals `json:"by_role"`
	ByTick  map[int]usage.Totals    `json:"by_tick"`
	// UnpricedTicks and UnpricedModels say which paid calls ran without
	// a price (Total.Unpriced counts them); `status --reprice` prices them.
	UnpricedTicks  []int        `json:"unpriced_ticks,omitempty"`
	UnpricedModels []string     `json:"unpriced_models,omitempty"`
	LastRun        *project.Run `json:"last_run,omitempty"`
	// Failures are the recent failed ticks, newest first (at most 5).
	Failures []project.Failure `json:"failures,omitempty"`
	// FailuresUnreadable says why the failure list could not be read
	// (damaged); status goes on without it, and the next failed tick
	// starts it afresh.
	FailuresUnreadable string `json:"failures_unreadable,omitempty"`
	Book               Book   `json:"book"`
	// MachineState is the size in bytes of .storyd/ (index, undo records,
	// response cache, ledger), by top-level entry and in total.
	MachineState     int64            `json:"machine_state_bytes"`
	MachineStateByID map[string]int64 `json:"machine_state_by_entry"`
}

// Book is where the book stands against its outline and target.
type Book struct {
	Beats       int      `json:"beats,omitempty"`
	BeatsDone   int      `json:"beats_done,omitempty"`
	Chapter     string   `json:"chapter,omitempty"`      // heading of the current beat's chapter
	CurrentBeat string   `json:"current_beat,omitempty"` // "b7: text"
	Pace        string   `json:"pace,omitempty"`
	Final       bool     `json:"final_part,omitempty"`
	Complete    bool     `json:"complete"`
	Ending      string   `json:"ending,omitempty"`
	LeftOpen    []string `json:"threads_left_open,omitempty"`
	Unfinished  []string `json:"beats_not_done,omitempty"`
}

func book(p *project.Project) Book {
	g := progress.Of(p)
	b := Book{Beats: g.Beats, BeatsDone: g.Done, Final: g.Final, Complete: g.Complete, Ending: g.Ending}
	if g.Current != nil {
		b.Chapter, b.CurrentBeat, b.Pace = g.Chapter.Heading(), g.Current.ID()+": "+g.Current.Text, g.Pace.String()
	}
	for _, t := range g.LeftOpen {
		b.LeftOpen = append(b.LeftOpen, t.ID+": "+t.Text)
	}
	for _, bt := range g.Unfinished {
		b.Unfinished = append(b.Unfinished, bt.ID()+": "+bt.Text)
	}
	return b
}

// ThreadAge is an open thread and how many scenes ago it was opened.
type ThreadAge struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	Age  int    `json:"age"` // scenes since it opened; -1 when set by hand
	// LastAdvanced is the scene that last opened or advanced it; AtRisk
	// says it has been idle long enough for the planner to be warned.
	LastAdvanced int  `json:"last_advanced,omitempty"`
	AtRisk       bool `json:"at_risk,omitempty"`
}

// Of gathers the status of a loaded project.
func Of(p *project.Project) (*Status, error) {
	s := &Status{Title: p.Story.Title, Scenes: len(p.Scenes), LastSeq: p.NextSeq() - 1, Words: p.Words(),
		TargetWords: p.Story.TargetWords, Ticks: p.State.Ticks, CheckpointedTo: p.CheckpointedTo()}
	s.Deleted = append(append(s.Deleted, p.State.Deleted...), p.Deleted...)
	sceneWords := p.SceneWords()
	for _, sc := range p.Scenes {
		if sc.Edited {
			s.Edited = append(s.Edited, sc.Seq)
		}
		switch {
		case project.FarShort(sc.Words, sc.ShortOf):
			s.Short = append(s.Short, sc.Seq)
		case project.FarShort(sc.Words, sceneWords) || project.FarLong(sc.Words, sceneWords):
			s.OffTarget = append(s.OffTarget, sc.Seq)
		}
		if sc.Model == "offline" {
			s.Offline++
		}
	}
	for _, c := range p.Checkpoints {
		if c.Level == 0 {
			s.Checkpoints++
		} else {
			s.Arcs++
		}
	}
	s.NextCheckpoint = s.CheckpointedTo + p.Config.Generation.CheckpointInterval
	atRisk := progress.AtRisk(p)
	for _, t := range p.OpenThreads() {
		age := -1 // opened by hand: unknown
		if t.Opened > 0 {
			age = s.LastSeq - t.Opened
		}
		s.OpenThreads = append(s.OpenThreads, ThreadAge{ID: t.ID, Text: t.Text, Age: age, LastAdvanced: progress.LastAdvanced(p, t), AtRisk: atRisk(t)})
	}
	s.Book = book(p)
	sort.SliceStable(s.OpenThreads, func(i, j int) bool { return s.OpenThreads[i].Age > s.OpenThreads[j].Age })
	entries, err := agent.ReadLedger(p.Dir)
	if err != nil {
		return nil, err
	}
	s.Total, s.ByRole, s.ByTick = usage.Sum(entries)
	s.UnpricedTicks, s.UnpricedModels = usage.Unpriced(entries)
	if s.LastRun, err = agent.LastRun(p.Dir); err != nil {
		return nil, err
	}
	if s.Failures, err = journal.NewFailuresFile(p.Dir).Read(); err != nil {
		s.FailuresUnreadable = err.Error()
	}
	if s.MachineState, s.MachineStateByID, err = machineState(p.Dir); err != nil {
		return nil, err
	}
	return s, nil
}

// machineState sums the sizes of the files under .storyd/, by top-level
// entry.
func machineState(dir string) (int64, map[string]int64, error) {
	root := filepath.Join(dir, project.StateDir)
	by := map[string]int64{}
	var total int64
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // gone while walking (a concurrent tick), or never there
		}
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		by[top] += info.Size()
		total += info.Size()
		return nil
	})
	return total, by, err
}
