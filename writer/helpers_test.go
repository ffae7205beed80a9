package writer

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/fixture"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

func tokenizer(tb testing.TB) *prompt.Tokenizer { return fixture.Tokenizer(tb) }

// fixedTime keeps rendered frontmatter stable.
var fixedTime = time.Date(2025, 11, 8, 9, 0, 0, 0, time.UTC)

var corpusParagraphs = sync.OnceValues(func() ([]string, error) {
	b, err := os.ReadFile("testdata/pride-ch1-16.txt")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out, nil
})

// corpusScenes cuts the corpus into n scene bodies of about words words
// each (whole paragraphs), cycling through the text when it runs out.
func corpusScenes(tb testing.TB, n, words int) []string {
	tb.Helper()
	paras, err := corpusParagraphs()
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	next := 0
	for i := 0; i < n; i++ {
		var body []string
		w := 0
		for w < words {
			p := paras[next%len(paras)]
			next++
			body = append(body, p)
			w += len(strings.Fields(p))
		}
		out = append(out, strings.Join(body, "\n\n"))
	}
	return out
}

// book describes a project to write to disk.
type book struct {
	story       project.Story
	characters  []*project.Character
	locations   []*project.Location
	scenes      []*project.Scene
	checkpoints []*project.Checkpoint
	threads     []project.Thread
	glossary    []project.Term
}

func baseFixture() *book {
	return &book{
		story: project.Story{
			Title: "The Heron Gate", Genre: "literary mystery", Tone: "quiet, wry", POV: "close third person",
			Tense: "past", Premise: "A ferry keeper's daughter finds the gate her mother swore was only a story.",
			TargetWords: 80000, SceneWords: 400,
			Style:  []string{"Concrete sensory detail over abstraction.", "Dialogue carries subtext; no speeches."},
			Pinned: []project.Fact{{Text: "The gate opens only at low tide."}, {Text: "Mara cannot swim.", Scene: 3}},
			Body:   "The river town of Wend, late autumn. The heron is an omen nobody admits believing in.",
		},
		characters: []*project.Character{
			{ID: "c1", Name: "Mara Quill", Aliases: []string{"Mara"}, Role: "protagonist", Traits: []string{"stubborn", "observant"},
				Goals: []string{"find out what happened to her mother"}, Relationships: []project.Relationship{{With: "c2", Is: "distrusts him"}},
				Facts: []project.Fact{{Text: "Carries her mother's brass key."}}, Body: "Nineteen, ferry keeper's daughter."},
			{ID: "c2", Name: "Tobias Venn", Role: "antagonist", Traits: []string{"charming"}, Body: "The harbour master."},
			{ID: "c3", Name: "Old Ada", Role: "mentor", Body: "Keeps the lighthouse."},
		},
		locations: []*project.Location{
			{ID: "l1", Name: "The Ferry Landing", Kind: "dock", Body: "Tarred planks, a bell on a post."},
			{ID: "l2", Name: "Heron Gate", Kind: "ruin", Body: "Two stone pillars in the mudflats."},
		},
		threads: []project.Thread{
			{ID: "t1", Text: "Who rang the ferry bell at midnight?", Opened: 1},
			{ID: "t2", Text: "What does the brass key open?", Opened: 2},
		},
		glossary: []project.Term{
			{Term: "low-water mark", Definition: "the line the river reaches at the lowest tide", Scene: 2},
			{Term: "heron-sign", Definition: "a chalk mark of a bird, left on doors", Scene: 4},
		},
	}
}

// addScenes appends scenes with the given bodies and two-bullet summaries
// carrying unique markers (SUMMARY-Snn-...), seq from first.
func (f *book) addScenes(first int, bodies []string) {
	for i, body := range bodies {
		seq := first + i
		f.scenes = append(f.scenes, (&project.Scene{
			ID: fmt.Sprintf("s%d", seq), Seq: seq, Title: fmt.Sprintf("Tide %d", seq), POV: "c1", Location: "l1",
			Characters: []string{"c1", "c2"},
			Summary:    []string{fmt.Sprintf("SUMMARY-S%02d-A Mara crosses the landing at dusk.", seq), fmt.Sprintf("SUMMARY-S%02d-B Mara waits.", seq)},
			Words:      len(strings.Fields(body)), Model: "offline", Created: fixedTime,
		}).SetBody(body))
	}
}

// addCheckpoints writes a level-0 checkpoint per interval of scenes up to last.
func (f *book) addCheckpoints(interval, last int) {
	for from := 1; from+interval-1 <= last; from += interval {
		to := from + interval - 1
		f.checkpoints = append(f.checkpoints, &project.Checkpoint{From: from, To: to, Model: "offline", Created: fixedTime,
			Body: fmt.Sprintf("- CHECKPOINT-%d-%d Mara keeps watch over the landing.\n- Venn makes another offer.", from, to)})
	}
}

// write renders the book into a new project directory.
func (f *book) write(tb testing.TB) string {
	tb.Helper()
	d := fixture.NewDir(tb)
	d.Story(f.story)
	d.Characters(f.characters...)
	d.Locations(f.locations...)
	d.Scenes(f.scenes...)
	d.Checkpoints(f.checkpoints...)
	d.Threads(f.threads...)
	d.Glossary(f.glossary...)
	return d.Path
}

// load writes the book and loads it as storyd would.
func (f *book) load(tb testing.TB, cfg *config.Config) *project.Project {
	tb.Helper()
	p, err := journal.Load(f.write(tb), cfg)
	if err != nil {
		tb.Fatalf("journal.Load: %v", err)
	}
	return p
}

// presetConfig parses a storyd.yaml naming the preset, plus extra YAML.
func presetConfig(tb testing.TB, preset, extra string) *config.Config {
	tb.Helper()
	cfg, err := config.Parse("storyd.yaml", []byte("preset: "+preset+"\n"+extra))
	if err != nil {
		tb.Fatalf("config.Parse: %v", err)
	}
	return cfg
}

func testPlan() *project.Plan {
	return &project.Plan{
		Title: "The Bell at Low Water", Intention: "Mara follows the heron-sign to the gate and finds Venn already there.",
		POV: "c1", Location: "l2", Cast: []string{"c2"}, ThreadsAdvanced: []string{"t2"},
		Beats: []string{"Mara finds the chalk heron on her door.", "At the gate, Venn is waiting with a lantern.", "The key fits, but the tide turns."},
	}
}

// content joins a pack's messages for assertions.
func content(p *prompt.Pack) string {
	var b strings.Builder
	for _, m := range p.Messages {
		b.WriteString(m.Content)
		b.WriteString("\n")
	}
	return b.String()
}

// bigProject builds an in-memory project of n corpus scenes of about words
// words, with a checkpoint every 10 scenes and arcs rolling up every 5
// checkpoints except the newest 5, as the agent would leave it. It does not
// touch the disk, so the 2,000-scene case stays fast.
func bigProject(tb testing.TB, cfg *config.Config, n, words int) *project.Project {
	tb.Helper()
	f := baseFixture()
	for i := 0; i < 40; i++ {
		f.glossary = append(f.glossary, project.Term{Term: fmt.Sprintf("Wend word %d", i), Definition: "a river-town term, used in passing", Scene: i + 1})
	}
	for i := 0; i < 30; i++ {
		f.threads = append(f.threads, project.Thread{ID: fmt.Sprintf("t%d", i+3), Text: fmt.Sprintf("Open question number %d", i+3), Opened: i + 1})
	}
	bodies := corpusScenes(tb, n, words)
	for i := range bodies {
		bodies[i] = fmt.Sprintf("BODY-%d. %s", i+1, bodies[i])
	}
	f.addScenes(1, bodies)
	const interval, rollup = 10, 5
	var cps []*project.Checkpoint
	for from := 1; from+interval-1 <= n; from += interval {
		to := from + interval - 1
		// Seed 004: a checkpoint is ~100-200 words.
		var lines []string
		for s := from; s < from+6; s++ {
			lines = append(lines, fmt.Sprintf("- Scene %d: %s", s, opening(strings.TrimPrefix(bodies[s-1], fmt.Sprintf("BODY-%d. ", s)), 22)))
		}
		cps = append(cps, &project.Checkpoint{From: from, To: to, Body: strings.Join(lines, "\n")})
	}
	all := append([]*project.Checkpoint(nil), cps...)
	for i := 0; i+rollup <= len(cps)-rollup; i += rollup {
		group := cps[i : i+rollup]
		lines := []string{fmt.Sprintf("- ARC-%d-%d Mara's long watch over the river, Venn's slow campaign.", group[0].From, group[rollup-1].To)}
		for _, c := range group {
			first, _, _ := strings.Cut(c.Body, "\n")
			lines = append(lines, first)
		}
		all = append(all, &project.Checkpoint{From: group[0].From, To: group[rollup-1].To, Level: 1, Body: strings.Join(lines, "\n")})
	}
	p := &project.Project{Config: cfg, Story: f.story, Characters: f.characters, Locations: f.locations,
		Scenes: f.scenes, Threads: f.threads, Glossary: f.glossary}
	// Sorted by (From, Level) as journal.Load leaves them.
	slices.SortStableFunc(all, func(a, b *project.Checkpoint) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.Level, b.Level))
	})
	p.Checkpoints = all
	return p
}
