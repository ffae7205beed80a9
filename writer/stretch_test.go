package writer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
)

// Between two checkpoints, consecutive ticks' packs share everything up to
// the end of the bullet summaries (or, on a tick where the summaries' start
// steps on, up to them), whatever the plans: different POV, setting, cast
// and beats each tick, naming different terms coined during the stretch,
// and facts learned during the stretch.
func TestConsecutivePacksSharePrefix(t *testing.T) {
	cfg := presetConfig(t, "balanced", "generation:\n  checkpoint_interval: 10\n") // summaries 3
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 28, 330))
	f.addCheckpoints(10, 20)
	f.characters[1].Facts = []project.Fact{{Text: "Venn owes the bank a fortune.", Scene: 22}}
	f.story.Pinned = append(f.story.Pinned, project.Fact{Text: "The ferry bell is cracked.", Scene: 23})
	f.glossary = append(f.glossary, project.Term{Term: "gull-stair", Definition: "the steps cut in the quay wall", Scene: 21},
		project.Term{Term: "brine-lamp", Definition: "a lantern burning fish oil", Scene: 22})
	p := f.load(t, cfg)
	plans := map[int]*project.Plan{}
	for seq := 23; seq <= 28; seq++ {
		plan := testPlan()
		if seq%2 == 0 {
			plan.POV, plan.Location, plan.Cast = "c2", "l1", []string{"c3"}
			plan.Beats = []string{fmt.Sprintf("Venn counts the money for the %d time by the brine-lamp; Old Ada watches.", seq)}
		}
		plans[seq] = plan
	}
	// Scenes 21 on form the stretch; the summaries hold 18-20 at scene 23
	// and grow by one each tick until, at scene 26, they step on to 21-23.
	steps := map[int]bool{26: true}
	var prev *prompt.Pack
	for seq := 23; seq <= 28; seq++ {
		pack := build(t, Input{Project: p, Config: cfg, Plan: plans[seq], Seq: seq})
		if prev != nil {
			shared, total := pack.SharedPrefix(prev.Fingerprint())
			// Up to the end of the previous pack's summaries, the section
			// after them: its scene cast.
			until := "## Characters and places in this scene"
			if steps[seq] {
				until = "## Earlier scenes (summaries)"
			}
			want := len(prev.Messages[0].Content) + strings.Index(prev.Messages[1].Content, until)
			if shared < want {
				t.Errorf("scene %d: %d of %d bytes shared with scene %d's pack; want at least %d (up to %q)",
					seq, shared, total, seq-1, want, until)
			}
		}
		user := pack.Messages[1].Content
		// The front is what stood before scene 21; the tail has what came since.
		inOrder(t, user, "- Pinned: The gate opens", "### Tobias Venn (c2)\nRole: antagonist", "## The story so far",
			"## Terms and facts for this scene", "- **gull-stair**", "- **brine-lamp**", "- Pinned: The ferry bell is cracked.",
			"## Earlier scenes (summaries)", "## Recent scenes (full text)", "## Scene")
		if seq%2 == 0 {
			inOrder(t, user, "## Characters and places in this scene", "### Old Ada (c3)", "## Recent scenes (full text)", "## Point of view",
				"### Tobias Venn (c2) — point of view, sheet above\nFacts since scene 21:\n- Venn owes the bank a fortune.")
		}
		prev = pack
	}
}

// The summaries grow from the stretch's first scene, keep at least
// summary_scenes_count scenes, step on in multiples of it when they
// outgrow their budget, and never hold more than checkpoint_interval.
func TestSummaryStart(t *testing.T) {
	var live []*project.Scene
	for seq := 1; seq <= 40; seq++ {
		live = append(live, &project.Scene{Seq: seq})
	}
	g := presetConfig(t, "balanced", "generation:\n  checkpoint_interval: 10\n").Generation // summaries 3
	always := func(int) bool { return true }
	cases := []struct {
		base, recentStart int
		fits              func(int) bool
		want              int
	}{
		{1, 2, always, 0},    // too few scenes: from the first
		{21, 20, always, 17}, // just after a checkpoint: a step of 3 back from scene 21
		{21, 22, always, 17}, // still 3 at least
		{21, 23, always, 20}, // from the stretch's first scene
		{21, 29, always, 20}, // grown to 9
		{21, 31, always, 23}, // 11 > checkpoint_interval: one step on
		{21, 29, func(s int) bool { return s >= 26 }, 26}, // over budget: steps of 3
		{1, 30, always, 21}, // no checkpoint yet: bounded all the same
	}
	for _, c := range cases {
		if got := summaryStart(g, live, c.base, c.recentStart, c.fits); got != c.want {
			t.Errorf("summaryStart(base %d, recent from index %d) = %d; want %d", c.base, c.recentStart, got, c.want)
		}
	}
}

// This scene's terms come before the summaries while they are every
// candidate (their text depends on the files alone), after them when the
// budget made the plan's names choose among them.
func TestTermsBeforeSummariesOnlyWhenComplete(t *testing.T) {
	f := baseFixture()
	f.addScenes(1, markedScenes(t, 1, 24, 330))
	f.addCheckpoints(10, 20)
	f.glossary = append(f.glossary, project.Term{Term: "gull-stair", Definition: "the steps cut in the quay wall", Scene: 21},
		project.Term{Term: "brine-lamp", Definition: "a lantern burning fish oil", Scene: 22})
	for _, c := range []struct {
		extra string
		order []string
	}{
		{"", []string{"## Terms and facts for this scene", "- **gull-stair**", "- **brine-lamp**", "## Earlier scenes (summaries)"}},
		{"budgets:\n  glossary: 90\n", []string{"## Earlier scenes (summaries)", "## Terms and facts for this scene", "- **brine-lamp**"}},
	} {
		cfg := presetConfig(t, "balanced", "generation:\n  checkpoint_interval: 10\n"+c.extra)
		plan := testPlan()
		plan.Beats = append(plan.Beats, "Mara lights the brine-lamp.")
		user := build(t, Input{Project: f.load(t, cfg), Config: cfg, Plan: plan, Seq: 24}).Messages[1].Content
		inOrder(t, user, c.order...)
		if c.extra != "" && strings.Contains(user, "gull-stair") {
			t.Errorf("with %q the unnamed gull-stair should not fit:\n%s", c.extra, user)
		}
	}
}
