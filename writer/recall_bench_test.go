package writer

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/index/words"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/recall"
)

// The recall benchmark of issue 17 (numbers in docs/RECALL.md): does a fact
// planted in the first fifth of a book reach the writer pack of a scene in
// its second half, at 30, 300 and 1,000 scenes, with the default
// configuration and the local embedder?
//
//	go test ./writer/ -run TestRecallBench -v                              # 30 and 300 scenes
//	go test ./writer/ -run TestRecallBench -v -recall.scenes 30,300,1000   # and 1,000
//	go test ./writer/ -run TestRecallBench -v -short                       # 30 scenes
//
// Each fact is a sentence in the prose of one early scene only: no sheet
// pins it and no summary holds it. Three probes ask for each fact, in plans
// that never quote it:
//
//   - words: the plan shares content words with the fact ("Brandt must cross
//     the burning yard despite his terror of fire");
//   - partial: the plan names only part of a description given once in full,
//     without its owner ("A maid finds the little brass heron instrument");
//   - entity: the plan needs a trait, possession, promise, fear, hidden
//     object or secret of a character, or what a place is, and shares no word
//     with the fact beyond the entity's name ("Hester discovers that her most
//     treasured possession has been stolen").
//
// A probe is recalled when the pack holds the fact's key phrase. Noise is
// the recall section's tokens spent on passages that do not hold it, as a
// share of the section's budget (the issue's measure) and of the tokens the
// section holds. The names of the planted entities recur over the whole book (one
// scene in 25), so the planting scene competes with ever more scenes that
// merely mention the same name as the book grows.

var (
	recallScenes = flag.String("recall.scenes", "", "comma-separated book lengths for TestRecallBench (default 30,300; -short: 30)")
	recallSet    = flag.String("recall.set", "issue", "probe set for TestRecallBench: issue (the issue's 16 facts), heldout (rbHeldOut), dev (rbDev), late (rbLate) or blindN (rbBlindN; rbSetNamed lists them)")
)

// rbSet is a probe set: facts, the entity names that recur all through the
// book so that a name alone points at many scenes, and the people and places
// it adds to rcEntities.
type rbSet struct {
	name      string
	facts     []rbFact
	recurring []string
	chars     []*project.Character
	locs      []*project.Location
}

func rbIssueSet() rbSet {
	return rbSet{name: "issue", facts: rbFacts(),
		recurring: []string{"Hester Thorne", "Colonel Brandt", "Mrs. Ashby", "Pike", "Justine", "Clerval", "Wexcombe", "Harrowgate Glen", "Kestrel Hill", "Saltby"}}
}

type rbKind int

const (
	rbWords rbKind = iota
	rbPartial
	rbEntity
)

func (k rbKind) String() string { return [...]string{"words", "partial", "entity"}[k] }

type rbFact struct {
	what  string // possession, fear, promise, hidden, secret, cannot, trait, place
	plant string // a paragraph planted mid-scene; the fact is stated once, here
	key   string // the substring of plant that proves recall
	// asks[k] is the probe of kind k.
	asks [3]string
}

func rbFacts() []rbFact {
	return []rbFact{
		{"possession", "Hester Thorne owned a brass astrolabe engraved with a heron, the only thing her mother had left her.", "astrolabe engraved with a heron",
			[3]string{"Hester searches the house for the brass astrolabe her mother left her.", "A maid finds the little brass heron instrument under a chair.", "Hester discovers that her most treasured possession has been stolen."}},
		{"fear", "Colonel Brandt was terrified of fire ever since the barracks at Badajoz burned around him.", "terrified of fire",
			[3]string{"Brandt must cross the burning yard despite his terror of fire.", "An old soldier talks of the night the barracks at Badajoz burned.", "Brandt has to carry a lantern into the blazing hayloft to save the horses."}},
		{"promise", "Jonah Pike promised the dying housekeeper that he would look after her grandson Tobias.", "look after her grandson Tobias",
			[3]string{"Pike keeps his word to the dying housekeeper about her grandson.", "Young Tobias runs away from the kitchen in tears.", "Pike is offered a post in London, far from the estate."}},
		{"hidden", "Mrs. Ashby hid her late husband's letters under a loose board beneath the kitchen hearth.", "loose board beneath the kitchen hearth",
			[3]string{"The widow Ashby lifts the loose board where her husband's letters lie.", "Workmen come to mend the kitchen hearth.", "Mrs. Ashby fears the bailiffs will search every room."}},
		{"secret", "Justine Moritz knew the secret of the locked room at the top of the tower: the old baron had died there by his own hand.", "died there by his own hand",
			[3]string{"Justine reveals the secret of the old baron's death in the locked room.", "The locked room at the top of the tower is opened at last.", "Justine is questioned by the magistrate about what she saw as a girl."}},
		{"cannot", "Henry Clerval could not read music, though he sang every evening.", "could not read music",
			[3]string{"Clerval is asked to read the music for the evening's singing.", "Someone who sings every evening is handed a sheet of notes.", "Clerval is given the score of a new sonata and asked to play it for the company."}},
		{"trait", "Jane Bennet never lied, not even to spare a friend's feelings.", "never lied",
			[3]string{"Jane is begged to lie to spare her friend's feelings.", "A friend's feelings are at stake in a careless remark.", "Lady Catherine demands that Jane answer for her sister's conduct."}},
		{"possession", "Wickham carried a silver snuffbox with a false bottom that held a forged promissory note.", "snuffbox with a false bottom",
			[3]string{"Wickham's silver snuffbox and the forged note inside it are found.", "The silver snuffbox turns up at the inn.", "Wickham's pockets are searched by the officers."}},
		{"place", "Wexcombe was a drowned village, and its chapel bell could still be heard when the tide turned.", "still be heard when the tide turned",
			[3]string{"At Wexcombe they listen for the drowned chapel bell as the tide turns.", "A bell is heard under the water at dusk.", "The party rows out to Wexcombe at dusk."}},
		{"place", "Harrowgate Glen was where the smugglers met, in a limestone cave behind the waterfall.", "limestone cave behind the waterfall",
			[3]string{"The magistrate's men search Harrowgate Glen for the smugglers' cave.", "A lantern is seen behind the waterfall.", "The excise officers ride into Harrowgate Glen before dawn."}},
		{"place", "Kestrel Hill was crowned by a ruined observatory, its copper dome split open by lightning.", "copper dome split open by lightning",
			[3]string{"They climb Kestrel Hill to the ruined observatory and its split dome.", "Children play under the broken copper dome.", "A storm catches the walkers on Kestrel Hill."}},
		{"promise", "Bingley spoke little of his father. He had sworn at the old man's deathbed that he would never gamble again.", "never gamble again",
			[3]string{"Bingley is tempted to gamble, despite what he swore at his father's deathbed.", "Someone recalls the old man's deathbed and what was sworn there.", "Mr. Bingley is invited to a card party at the officers' mess."}},
		{"fear", "Elizabeth Bennet had been afraid of horses since she was thrown as a child.", "afraid of horses",
			[3]string{"Elizabeth must face the horses she has been afraid of since childhood.", "A child is thrown in the lane, and Elizabeth remembers.", "Elizabeth has to ride to Netherfield alone at night."}},
		{"hidden", "Darcy had buried his sister's diary beneath the old yew behind the chapel.", "buried his sister's diary beneath the old yew",
			[3]string{"Darcy digs up the diary he buried beneath the yew.", "The old yew behind the chapel is felled by the storm.", "Darcy hears that the gardeners are to clear the grounds."}},
		{"secret", "Hester had learned, and told no one, that the steward had been forging the accounts for years.", "forging the accounts",
			[3]string{"Hester confronts the steward about the forged accounts.", "The accounts are examined, and the forgery comes to light.", "Miss Thorne is asked to witness the signing of the estate's books."}},
		{"place", "The Saltby marshes hid the wreck of a Dutch frigate that sank with the regiment's pay chest.", "Dutch frigate that sank with the regiment's pay chest",
			[3]string{"Treasure hunters search Saltby for the wreck of the Dutch frigate and its pay chest.", "A chest of coins is dragged from the mud.", "A low tide uncovers something strange on the Saltby marshes."}},
	}
}

// rbMentions are filler sentences naming an entity; the planted entities'
// names recur in one scene in 25, so a name alone points at many scenes.
var rbMentions = [...]string{
	"%s was mentioned at dinner, and the talk moved on.",
	"Someone had seen %s on the road that morning.",
	"A letter came, and %s was in it, though only in passing.",
	"Nobody could say what %s would think of it.",
}

// rbProbe is one plan asking for one fact.
type rbProbe struct {
	fact int
	kind rbKind
	seq  int
	plan *project.Plan
	// shared are the content stems the probe shares with its plant,
	// beyond names (rbShared).
	shared []string
}

// rbShared returns the content stems ask shares with plant: the words
// recall's lexical score counts (index/words: stopwords dropped, Snowball
// stems after the irregular pasts), less names, i.e. each capitalized word
// of an entity's name or alias and each recurring name ("Colonel", "Brandt",
// "Park"; not "drowned" of the alias "the drowned chapel"). Compounds and
// derivations recall joins through the book's vocabulary ("thatcher" and
// "thatch") are not counted: the rule reads the two texts only. A partial
// probe with none is a paraphrase, which the issue leaves to an embeddings
// endpoint.
func rbShared(ask, plant string, names map[string]bool) []string {
	var stems words.Stems
	in := map[string]bool{}
	for _, s := range words.Terms(plant, stems) {
		in[s] = !names[s]
	}
	var out []string
	for _, s := range words.Terms(ask, stems) {
		if in[s] && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// rbNames are the stems of the capitalized words of every entity's name
// and aliases and of the recurring names: what rbShared leaves out.
func rbNames(chars []*project.Character, locs []*project.Location, recurring []string) map[string]bool {
	names := map[string]bool{}
	add := func(name string) {
		for _, w := range strings.Fields(name) {
			if r := []rune(w); len(r) > 0 && unicode.IsUpper(r[0]) {
				for _, s := range words.Terms(w, nil) {
					names[s] = true
				}
			}
		}
	}
	for _, ch := range chars {
		add(ch.Name)
		for _, a := range ch.Aliases {
			add(a)
		}
	}
	for _, l := range locs {
		add(l.Name)
		for _, a := range l.Aliases {
			add(a)
		}
	}
	for _, n := range recurring {
		add(n)
	}
	return names
}

type rbBook struct {
	facts   []rbFact
	dir     string
	p       *project.Project
	made    map[string]int
	planted map[int]int // fact -> seq
	probes  []rbProbe
}

// rbBuild writes a book of n corpus scenes with the facts planted over its
// first fifth, names recurring over all of it, and plans asking for the
// facts in its second half.
func rbBuild(t testing.TB, tok *prompt.Tokenizer, cfg *config.Config, n int, set rbSet) *rbBook {
	t.Helper()
	facts := set.facts
	chars, locs := rcEntities()
	chars, locs = append(chars, set.chars...), append(locs, set.locs...)
	book := rcBook{n: n, chars: chars, locs: locs, mid: map[int][]string{}, tail: map[int][]string{}}
	b := &rbBook{facts: facts, planted: map[int]int{}}
	for f := range facts {
		seq := 2 + f*(n/5)/len(facts)
		b.planted[f] = seq
		book.mid[seq] = append(book.mid[seq], facts[f].plant)
	}
	for i, name := range set.recurring {
		for j := 0; j < max(n/25, 4); j++ {
			seq := 1 + (i*7+j*25+j*j)%n
			book.tail[seq] = append(book.tail[seq], fmt.Sprintf(rbMentions[(i+j)%len(rbMentions)], name))
		}
	}
	b.dir, b.p, b.made = rcWrite(t, tok, cfg, book)

	names := rbNames(chars, locs, set.recurring)
	k := 0
	for f, fact := range facts {
		for kind, ask := range fact.asks {
			// Every other plan asks in a beat under a general intention.
			seq, plan := rcPlan(n, k, ask, k%2 == 1)
			b.probes = append(b.probes, rbProbe{fact: f, kind: rbKind(kind), seq: seq, plan: plan,
				shared: rbShared(ask, fact.plant, names)})
			k++
		}
	}
	return b
}

// snapshot is the project as the agent sees it when it plans scene seq.
func (b *rbBook) snapshot(seq int) *project.Project {
	rp := &rcProject{p: b.p, made: b.made}
	return rp.snapshot(seq)
}

// rbResult is one book length's measurement.
type rbResult struct {
	scenes, docs        int
	anchors             int
	kind                [3]rcCount
	all                 rcCount
	noise, used, budget int // recall-section tokens: not helping, all, the section budget summed over packs
	packs, over, maxTok int
	misses              []string

	// byShare splits each kind: [0] the probes sharing a content stem
	// with their plant beyond names (rbShared), [1] those sharing none.
	byShare  [3][2]rcCount
	unshared []string // the words and partial probes sharing none, as kind/what: ask
}

func (r rbResult) noiseShare() float64 { return float64(r.noise) / float64(max(r.used, 1)) }

// rbMeasure builds every probe's writer pack the way the agent does and
// checks whether the fact reached it.
func rbMeasure(t testing.TB, tok *prompt.Tokenizer, cfg *config.Config, n int, set rbSet) rbResult {
	t.Helper()
	b := rbBuild(t, tok, cfg, n, set)
	facts := b.facts
	ix, err := index.OpenIndex(b.dir, index.NewLocalEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ix.Sync(context.Background(), b.p); err != nil {
		t.Fatal(err)
	}
	anchors := recall.OpenAnchors(b.dir)
	anchors.Sync(b.p)
	res := rbResult{scenes: n, docs: ix.Count(), anchors: anchors.Count()}
	for _, pr := range b.probes {
		fact := facts[pr.fact]
		p := b.snapshot(pr.seq)
		in := Input{Project: p, Config: cfg, Plan: pr.plan, Seq: pr.seq}
		if strings.Contains(planText(in), fact.key) {
			t.Fatalf("the plan for scene %d quotes the fact %q", pr.seq, fact.key)
		}
		in.Recalled = rbRecall(t, ix, anchors, cfg, p, pr.plan)
		pack := build(t, in)
		res.packs++
		res.maxTok = max(res.maxTok, pack.Tokens)
		if pack.Tokens > pack.Budget {
			res.over++
		}
		text := content(pack)
		hit := strings.Contains(text, fact.key)
		res.kind[pr.kind].add(hit)
		res.all.add(hit)
		share := 0
		if len(pr.shared) == 0 {
			share = 1
			if pr.kind != rbEntity { // an entity probe shares none by design
				res.unshared = append(res.unshared, fmt.Sprintf("%s/%s: %s", pr.kind, fact.what, askOf(fact, pr.kind)))
			}
		}
		res.byShare[pr.kind][share].add(hit)
		if !hit {
			res.misses = append(res.misses, fmt.Sprintf("%s/%s planted in scene %d, plan for scene %d: %s",
				pr.kind, fact.what, b.planted[pr.fact], pr.seq, askOf(fact, pr.kind)))
		}
		noise, used := recallNoise(tok, in, pack, text, fact.key)
		res.noise += noise
		res.used += used
		res.budget += cfg.Budgets.Retrieval
	}
	return res
}

// rbRecall is the agent's recall (agent.recall): recall.Recall over the
// index and the anchor store, without the newest scenes the tiers show.
func rbRecall(t testing.TB, ix *index.Index, anchors *recall.Anchors, cfg *config.Config, p *project.Project, plan *project.Plan) []project.Snippet {
	t.Helper()
	n := cfg.Generation.FullTextScenesMax + cfg.Generation.SummaryScenesCount
	cutoff := p.Scenes[max(len(p.Scenes)-n, 0)].Seq
	snips, err := recall.Recall(context.Background(), ix, anchors, recall.RecallInput{
		Project: p, Plan: plan, K: cfg.Retrieval.K, Exclude: func(seq int) bool { return seq >= cutoff }})
	if err != nil {
		t.Fatal(err)
	}
	return snips
}

func askOf(f rbFact, k rbKind) string { return f.asks[k] }

// recallNoise counts the tokens of the recall section's passages in the
// pack: those that do not hold key, and all of them.
func recallNoise(tok *prompt.Tokenizer, in Input, pack *prompt.Pack, text, key string) (noise, used int) {
	spec, _, err := buildSpec(tok, in)
	if err != nil {
		panic(err)
	}
	var items []prompt.Item
	for _, sec := range spec.Sections {
		if sec.Name == SecRetrieval {
			items = sec.Items
		}
	}
	for _, it := range items {
		if !strings.Contains(text, it.Text) {
			continue // trimmed away
		}
		n := tok.Count(it.Text)
		used += n
		if !strings.Contains(it.Text, key) {
			noise += n
		}
	}
	return noise, used
}

// rbCharacter is a probe set's person: a sheet whose facts (not the
// planted one) are dated scene 1, 2, … in the order given.
func rbCharacter(id, name string, aliases []string, role, body string, traits []string, facts ...string) *project.Character {
	ch := &project.Character{ID: id, Name: name, Aliases: aliases, Role: role, Body: body, Traits: traits}
	for i, f := range facts {
		ch.Facts = append(ch.Facts, project.Fact{Text: f, Scene: 1 + i})
	}
	return ch
}

// rbLocation is a probe set's place or object: a sheet whose facts (not
// the planted one) are dated scene 1, 2, … in the order given.
func rbLocation(id, name string, aliases []string, kind, body string, facts ...string) *project.Location {
	loc := &project.Location{ID: id, Name: name, Aliases: aliases, Kind: kind, Body: body}
	for i, f := range facts {
		loc.Facts = append(loc.Facts, project.Fact{Text: f, Scene: 1 + i})
	}
	return loc
}

// rbSetNamed returns the probe set of that name (-recall.set).
func rbSetNamed(name string) (rbSet, error) {
	var names []string
	for _, set := range []func() rbSet{rbIssueSet, rbHeldOut, rbDev, rbLate, rbBlind2, rbBlind3, rbBlind4, rbBlind5, rbBlind6, rbBlind7, rbBlind8, rbBlind9, rbBlind10, rbBlind11, rbBlind12, rbBlind13, rbBlind14, rbBlind15, rbBlind16, rbBlind17, rbBlind18, rbBlind19, rbBlind20, rbBlind21, rbBlind22, rbBlind23, rbBlind24, rbBlind25, rbBlind26, rbBlind27, rbBlind28} {
		s := set()
		if s.name == name {
			return s, nil
		}
		names = append(names, s.name)
	}
	return rbSet{}, fmt.Errorf("-recall.set: %q is not %s or %s", name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

func TestRecallBench(t *testing.T) {
	sizes := []int{30, 300}
	if testing.Short() {
		sizes = []int{30}
	}
	if *recallScenes != "" {
		sizes = nil
		for _, f := range strings.Split(*recallScenes, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 20 {
				t.Fatalf("-recall.scenes: %q is not a book length of at least 20 scenes", f)
			}
			sizes = append(sizes, n)
		}
	}
	set, err := rbSetNamed(*recallSet)
	if err != nil {
		t.Fatal(err)
	}
	tok := tokenizer(t)
	cfg := config.Default()
	t.Logf("default config: preset %s, writer budget %d, retrieval budget %d, retrieval k %d; local embedder; probe set %s: %d facts, 3 probes each",
		cfg.Preset, cfg.Budget("writer"), cfg.Budgets.Retrieval, cfg.Retrieval.K, set.name, len(set.facts))
	t.Logf("%-7s %-6s %-7s  %-13s  %-13s  %-13s  %-13s  %-22s  %s", "scenes", "docs", "anchors", "words", "partial", "entity", "all", "noise (of used/budget)", "packs")
	var results []rbResult
	for _, n := range sizes {
		r := rbMeasure(t, tok, cfg, n, set)
		results = append(results, r)
		t.Logf("%-7d %-6d %-7d  %-13v  %-13v  %-13v  %-13v  %3.0f%% / %3.0f%%             largest %d of %d, %d over",
			n, r.docs, r.anchors, r.kind[rbWords], r.kind[rbPartial], r.kind[rbEntity], r.all,
			100*r.noiseShare(), 100*float64(r.noise)/float64(max(r.budget, 1)), r.maxTok, cfg.Budget("writer"), r.over)
	}
	rbLogByShare(t, results)
	for _, r := range results {
		for _, m := range r.misses {
			t.Logf("missed at %d scenes: %s", r.scenes, m)
		}
		if r.over > 0 {
			t.Errorf("%d scenes: %d packs over budget", r.scenes, r.over)
		}
		// What issue 17 reached, kept from sliding back: shared words and
		// inference through an entity at >= 90% at every length, all kinds
		// together too, and no more than half the recall budget spent on
		// passages that do not help. Partial descriptions alone are
		// measured, not asserted (see docs/RECALL.md for why the local
		// embedder misses some).
		for _, k := range []rbKind{rbWords, rbEntity} {
			if c := r.kind[k]; c.rate() < 0.9 {
				t.Errorf("%d scenes, %s: recall %v; want >= 90%%", r.scenes, k, c)
			}
		}
		if r.all.rate() < 0.9 {
			t.Errorf("%d scenes: recall %v; want >= 90%%", r.scenes, r.all)
		}
		if share := float64(r.noise) / float64(max(r.budget, 1)); share > 0.5 {
			t.Errorf("%d scenes: noise %.0f%% of the recall budget; want <= 50%%", r.scenes, 100*share)
		}
	}
}

// rbLogByShare logs recall per kind for the probes that share a content
// stem with their plant beyond names and for those that share none
// (paraphrases: the local embedder's limit), and lists the words and
// partial probes that share none once.
func rbLogByShare(t *testing.T, results []rbResult) {
	if len(results) == 0 {
		return
	}
	r0 := results[0]
	t.Logf("probes sharing a content stem with their plant beyond names: words %d/%d, partial %d/%d, entity %d/%d",
		r0.byShare[rbWords][0].total, r0.kind[rbWords].total, r0.byShare[rbPartial][0].total, r0.kind[rbPartial].total,
		r0.byShare[rbEntity][0].total, r0.kind[rbEntity].total)
	t.Logf("%-7s  %-13s  %-13s  %-13s  %-13s  %-13s  %-13s", "scenes", "words shared", "words none", "partial shared", "partial none", "entity shared", "entity none")
	for _, r := range results {
		t.Logf("%-7d  %-13v  %-13v  %-14v  %-13v  %-13v  %-13v", r.scenes,
			r.byShare[rbWords][0], r.byShare[rbWords][1], r.byShare[rbPartial][0], r.byShare[rbPartial][1],
			r.byShare[rbEntity][0], r.byShare[rbEntity][1])
	}
	for _, u := range r0.unshared {
		t.Logf("shares no content stem with its plant: %s", u)
	}
}

// BenchmarkRecall measures the agent's recall for one plan at 1,000 scenes
// (3,700 index documents), against issue 6's construction over the same
// index, and the anchor store's sync: a full scan, and the per-tick check
// of an up-to-date store (docs/RECALL.md).
//
//	go test ./writer/ -run '^$' -bench BenchmarkRecall -benchtime 48x
func BenchmarkRecall(b *testing.B) {
	tok := tokenizer(b)
	cfg := config.Default()
	book := rbBuild(b, tok, cfg, 1000, rbIssueSet())
	ix, err := index.OpenIndex(book.dir, index.NewLocalEmbedder())
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := ix.Sync(context.Background(), book.p); err != nil {
		b.Fatal(err)
	}
	anchors := recall.OpenAnchors(book.dir)
	anchors.Sync(book.p)
	if err := anchors.Save(); err != nil {
		b.Fatal(err)
	}
	b.Run("recall.Recall", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			pr := book.probes[i%len(book.probes)]
			rbRecall(b, ix, anchors, cfg, book.snapshot(pr.seq), pr.plan)
		}
	})
	b.Run("issue6", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			pr := book.probes[i%len(book.probes)]
			rcRecallPerSentence(b, ix, cfg, book.snapshot(pr.seq), pr.plan)
		}
	})
	b.Run("anchors-rebuild", func(b *testing.B) {
		for b.Loop() {
			recall.OpenAnchors(b.TempDir()).Sync(book.p)
		}
	})
	b.Run("anchors-open-sync", func(b *testing.B) {
		for b.Loop() {
			recall.OpenAnchors(book.dir).Sync(book.p)
		}
	})
}
