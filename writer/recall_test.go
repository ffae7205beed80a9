package writer

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/internal/fixture"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/recall"
	"github.com/storyd/storyd/summarizer"
)

// The pack-level recall benchmark of issue 6 (numbers in docs/RECALL.md).
// A project of corpus scenes gets facts planted in its early scenes: objects
// (in the prose and pinned on a character's sheet), places (in the prose and
// on a location sheet) and promises (in the prose only). Plans for much
// later scenes refer to those facts in other words, and name the entity
// when there is one; a plan counts as recalled when the writer pack built
// for it, at the default configuration and budget, holds the planted fact.
//
//	go test ./writer/ -run TestPackRecall -v          # 300 scenes
//	go test ./writer/ -run TestPackRecall -v -short   # 60 scenes, for CI
//
// Configurations: the recency tiers alone (what the pack held before issue
// 6: the scene's own sheets, no entity selection, no recall); + entity
// selection; + everything the agent does (recall.Recall: anchors and ranked
// passages, issue 17). Recall without entity selection, and issue 6's two
// query constructions over plain index queries, are reported too.

type rcKind int

const (
	rcObject rcKind = iota
	rcPlace
	rcPromise
)

func (k rcKind) String() string { return [...]string{"object", "place", "promise"}[k] }

type rcFact struct {
	kind  rcKind
	plant string // sentence planted as its own paragraph of an early scene
	key   string // substring of plant (and of the pinned fact) that proves recall
	// entity is the id whose sheet pins the fact, pinned its text there.
	entity, pinned string
	// asks refer to the fact in other words, sharing at least one content
	// word or name with it, as a model's plan does.
	asks []string
	// paraphrase shares no content word with the fact (it may share the
	// entity's name): measured, not asserted.
	paraphrase string
}

func rcFacts() []rcFact {
	return []rcFact{
		{rcObject, "On the writing desk lay Hester's brass astrolabe engraved with a heron, the only thing her mother had left her.", "astrolabe engraved with a heron",
			"c5", "Owns a brass astrolabe engraved with a heron, her mother's only bequest.",
			[]string{"Hester searches the house for the heron instrument her mother left her.", "Miss Thorne accuses the maid of taking her engraved keepsake."},
			"Hester cannot find the navigational device decorated with the wading bird."},
		{rcObject, "In his coat Colonel Brandt carried a green glass phial of laudanum sealed with cracked red wax.", "phial of laudanum sealed with cracked red wax",
			"c6", "Carries a green glass phial of laudanum sealed with cracked red wax.",
			[]string{"Brandt's laudanum is found empty beside his bed.", "Someone has drunk from the green glass bottle Brandt keeps in his coat."},
			"Brandt discovers his opiate vial drained."},
		{rcObject, "Mrs. Ashby wore a miniature portrait of a girl with a scar above her left eyebrow, and never said who the girl was.", "scar above her left eyebrow",
			"c7", "Wears a miniature of a girl with a scar above her left eyebrow; never says who the girl is.",
			[]string{"The scarred girl in Mrs. Ashby's miniature is recognised at last.", "The widow Ashby's portrait of the girl with the scarred brow goes missing."},
			"Someone finally identifies the child in the widow Ashby's tiny painting."},
		{rcObject, "Pike had hidden the key to the strongroom inside a hollow copy of Fordyce's Sermons.", "hollow copy of Fordyce's Sermons",
			"c8", "Hid the strongroom key inside a hollow copy of Fordyce's Sermons.",
			[]string{"Pike remembers where he hid the strongroom key.", "The hollowed book in the library holds more than sermons, and Pike goes to fetch it."},
			"Pike recalls the secret place of the vault's opener."},
		{rcPlace, "Beyond the marsh lay the drowned chapel at Wexcombe, whose bell could still be heard when the tide turned.", "still be heard when the tide turn",
			"l6", "A drowned chapel; its bell can still be heard when the tide turns.",
			[]string{"They row out at dusk to Wexcombe and listen for the old bell under the water.", "At Wexcombe the bell rings again beneath the waves."},
			"They visit the submerged church at Wexcombe by boat."},
		{rcPlace, "The smugglers met in a limestone cave behind the waterfall at Harrowgate Glen.", "limestone cave behind the waterfall",
			"l7", "The smugglers meet in a limestone cave behind the waterfall.",
			[]string{"The magistrate's men search Harrowgate Glen for the smugglers' hideout.", "A lantern is seen in the cave behind the falls at Harrowgate."},
			"At Harrowgate the excise officers look for the contraband runners' den."},
		{rcPlace, "On Kestrel Hill stood a ruined observatory, its copper dome split open by lightning.", "copper dome split open by lightning",
			"l8", "A ruined observatory stands on the summit, its copper dome split open by lightning.",
			[]string{"They climb Kestrel Hill to the broken observatory.", "On Kestrel Hill, under the split copper dome, they wait out the storm."},
			"They ascend Kestrel Hill to the wrecked star tower."},
		{rcPlace, "The regiment's winter quarters were an abandoned salt works on the Saltby marshes.", "abandoned salt works",
			"l9", "The regiment wintered in an abandoned salt works there.",
			[]string{"The officers return to their old quarters on the Saltby marshes.", "Fog rolls over Saltby where the regiment wintered."},
			"The soldiers go back to the derelict brine factory at Saltby."},
		{rcPromise, "He swore to return the locket by midsummer, and she made him say it twice.", "return the locket by midsummer", "", "",
			[]string{"Midsummer has come and the locket is still not returned.", "She reminds him of his oath about the locket."},
			"She asks him whether he has kept his word about the pendant."},
		{rcPromise, "Before he died, the miller made his son swear never to sell the mill at Aldbrook.", "never to sell the mill at Aldbrook", "", "",
			[]string{"An offer arrives for the Aldbrook mill.", "The miller's son is tempted to sell the mill despite his oath."},
			"A buyer wants the grinding works his late father made him keep."},
		{rcPromise, "Colonel Brandt promised to pay the widow Ashby two hundred pounds a year for as long as she lived.", "two hundred pounds a year for as long as she lived", "", "",
			[]string{"The widow Ashby's annuity from Brandt has stopped arriving.", "Brandt's heir questions the pension he promised the widow."},
			"The bereaved woman's yearly allowance ceases."},
		{rcPromise, "Jane made Elizabeth promise to burn the letters unread if anything happened to her.", "burn the letters unread", "", "",
			[]string{"Elizabeth finds Jane's letters, which she swore to burn, still unopened.", "The unread letters Jane entrusted to Elizabeth turn up in a drawer."},
			"Elizabeth still keeps the correspondence she vowed to destroy."},
	}
}

// rcMentions are short paragraphs naming a planted entity, sprinkled over
// the book so that its name alone does not point at the planting scene.
var rcMentions = map[string]string{
	"c5": "Hester Thorne called that afternoon and stayed to tea.",
	"c6": "Colonel Brandt was spoken of at dinner, not kindly.",
	"c7": "Mrs. Ashby sent her compliments and a basket of pears.",
	"c8": "Pike, the steward, was seen crossing the yard with a ledger.",
	"l6": "Someone mentioned Wexcombe, and the talk turned to the sea.",
	"l7": "The road past Harrowgate Glen was flooded again.",
	"l8": "From the window one could see Kestrel Hill against the clouds.",
	"l9": "A carter came up from the Saltby marshes with news of the fog.",
}

// rcEntities are the project's characters and locations: the four of the
// scenes' points of view, people and places of the corpus, and the
// entities that pin planted facts (with a few facts of their own, so the
// planted one is not alone on the sheet).
func rcEntities() ([]*project.Character, []*project.Location) {
	c := func(id, name string, aliases []string, role, body string, facts ...string) *project.Character {
		ch := &project.Character{ID: id, Name: name, Aliases: aliases, Role: role, Body: body,
			Traits: []string{"proud", "quick to judge"}, Goals: []string{"keep the family's good name"}}
		for i, f := range facts {
			ch.Facts = append(ch.Facts, project.Fact{Text: f, Scene: 1 + i})
		}
		return ch
	}
	l := rbLocation
	bio := "Raised in the country and educated mostly by books and by watching people, with more wit than patience and a habit of deciding too early what others mean."
	chars := []*project.Character{
		c("c1", "Elizabeth Bennet", []string{"Elizabeth", "Lizzy", "Eliza"}, "protagonist", bio, "Second of five sisters.", "Walks everywhere, whatever the weather.", "Refused Mr. Collins."),
		c("c2", "Fitzwilliam Darcy", []string{"Darcy", "Mr. Darcy"}, "love interest", bio, "Master of Pemberley.", "Guardian of his sister Georgiana.", "Slighted Elizabeth at the Meryton assembly."),
		c("c3", "Victor Frankenstein", []string{"Victor", "Frankenstein"}, "protagonist", bio, "Studied natural philosophy at Ingolstadt.", "Keeps his work secret from everyone."),
		c("c4", "Henry Clerval", []string{"Clerval", "Henry"}, "friend", bio, "Victor's oldest friend.", "Loves languages and travel."),
		c("c5", "Hester Thorne", []string{"Miss Thorne", "Hester"}, "a new neighbour", "A quiet woman of thirty who reads late and rides badly.", "Lives alone at the end of the lane.", "Writes letters she never sends."),
		c("c6", "Colonel Brandt", []string{"Brandt"}, "retired officer", "A heavy man with a soldier's back and a gambler's hands.", "Served in the Peninsula.", "Owes money to half the county."),
		c("c7", "Agnes Ashby", []string{"Mrs. Ashby", "the widow Ashby"}, "a widow", "Widowed young; keeps a small house and a large cat.", "Lost her husband at sea.", "Grows pears against the south wall."),
		c("c8", "Jonah Pike", []string{"Pike"}, "the steward", "Thin, exact, unloved by the servants.", "Keeps the household accounts.", "Has served the family for twenty years."),
		c("c9", "Jane Bennet", []string{"Jane"}, "sister", bio, "Eldest of the Bennet sisters.", "Thinks well of everyone."),
		c("c10", "Charles Bingley", []string{"Bingley", "Mr. Bingley"}, "neighbour", bio, "Has taken Netherfield Park.", "Easily persuaded by his friends."),
		c("c11", "George Wickham", []string{"Wickham", "Mr. Wickham"}, "officer", bio, "Son of old Mr. Darcy's steward.", "Charming and in debt."),
		c("c12", "Justine Moritz", []string{"Justine"}, "servant", bio, "Taken into the Frankenstein household as a girl."),
	}
	locs := []*project.Location{
		l("l1", "Longbourn", nil, "house", "The Bennets' house near Meryton, entailed away from the daughters.", "The library is Mr. Bennet's refuge."),
		l("l2", "Netherfield", []string{"Netherfield Park"}, "house", "A large house let to Mr. Bingley.", "Three miles from Longbourn."),
		l("l3", "Geneva", nil, "city", "Victor's home city on the lake.", "The family house looks over the water."),
		l("l4", "Ingolstadt", nil, "university town", "Where Victor studied.", "His lodgings had a workshop at the top of the house."),
		l("l5", "Pemberley", nil, "estate", "Mr. Darcy's estate in Derbyshire.", "The house stands beyond a valley, across a stream."),
		l("l6", "Wexcombe", []string{"the drowned chapel"}, "drowned village", "A village lost to the sea a century ago.", "Reached by boat at high water."),
		l("l7", "Harrowgate Glen", []string{"Harrowgate"}, "glen", "A steep wooded valley with a stream and a mill race.", "The path floods every spring."),
		l("l8", "Kestrel Hill", nil, "hill", "A bare hill above the valley, struck by every storm.", "Shepherds will not graze it."),
		l("l9", "Saltby Marshes", []string{"Saltby", "the Saltby marshes"}, "marsh", "Flat reed beds cut by tidal creeks.", "Fog lies there most mornings."),
		l("l10", "Meryton", nil, "town", "The market town near Longbourn.", "A regiment of militia is quartered there."),
		l("l11", "Rosings", []string{"Rosings Park"}, "estate", "Lady Catherine de Bourgh's house in Kent."),
	}
	return chars, locs
}

type rcAsk struct {
	fact int
	seq  int // the scene being planned
	// plan refers to the fact in its intention, or (every other lexical
	// ask) in a beat under a general intention.
	plan   *project.Plan
	ask    string // the words referring to the fact
	phrase bool   // a paraphrase sharing no content word with the fact
}

type rcProject struct {
	dir     string
	p       *project.Project
	made    map[string]int // checkpoint path -> the last scene when it was written
	planted map[int]int    // fact -> seq
	asks    []rcAsk
}

// rcBuild writes a project of n corpus scenes with the facts planted over
// its first fifth, checkpoints and roll-ups as the agent leaves them, and
// plans asking for the facts over its second half, each lexical ask twice.
func rcBuild(t testing.TB, tok *prompt.Tokenizer, cfg *config.Config, n int) *rcProject {
	t.Helper()
	facts := rcFacts()
	chars, locs := rcEntities()
	rp := &rcProject{planted: map[int]int{}}
	book := rcBook{n: n, chars: chars, locs: locs, mid: map[int][]string{}, tail: map[int][]string{}}
	for f := range facts {
		seq := 2 + f*(n/5)/len(facts)
		rp.planted[f] = seq
		book.mid[seq] = append(book.mid[seq], facts[f].plant)
		if id := facts[f].entity; id != "" {
			fact := project.Fact{Text: facts[f].pinned, Scene: seq}
			for _, c := range chars {
				if c.ID == id {
					c.Facts = append(c.Facts, fact)
				}
			}
			for _, l := range locs {
				if l.ID == id {
					l.Facts = append(l.Facts, fact)
				}
			}
		}
	}
	for id, text := range rcMentions {
		h := 0
		for _, r := range id {
			h = h*31 + int(r)
		}
		for j := 1; j <= 4; j++ {
			seq := 1 + (h+j*n/4)%n
			book.tail[seq] = append(book.tail[seq], text)
		}
	}
	rp.dir, rp.p, rp.made = rcWrite(t, tok, cfg, book)
	rp.asks = rcAsks(n)
	return rp
}

// rcBook is a scripted book: n corpus scenes, the project's entities, and
// paragraphs added to scenes by seq (mid: in the middle of the scene, where
// no summary sees them; tail: at its end).
type rcBook struct {
	n         int
	chars     []*project.Character
	locs      []*project.Location
	mid, tail map[int][]string
}

// rcWrite writes the book as a project (scenes, entity sheets, glossary,
// and the checkpoints and roll-ups the agent would have left) and loads it.
// made maps each checkpoint's path to the scene after which it was written.
func rcWrite(t testing.TB, tok *prompt.Tokenizer, cfg *config.Config, book rcBook) (string, *project.Project, map[string]int) {
	t.Helper()
	dir, n := t.TempDir(), book.n
	made := map[string]int{}
	put := func(rel string, data []byte, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if err := journal.WriteFileAtomic(filepath.Join(dir, rel), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	story := project.Story{Title: "Two Households", Genre: "historical", Tone: "wry, then dark", POV: "close third person", Tense: "past",
		Premise:    "Two families, one in Hertfordshire and one in Geneva, whose secrets meet on the coast.",
		SceneWords: 400, Style: []string{"Concrete detail over abstraction.", "Dialogue carries subtext."},
		Body: "The novel moves between the Bennets of Longbourn and the Frankensteins of Geneva. " +
			"The coast between Wexcombe and the Saltby marshes is where their stories cross."}
	data, err := story.Render()
	put(project.StoryFile, data, err)
	for _, c := range book.chars {
		data, err := c.Render()
		put(project.CharacterPath(c.ID, c.Name), data, err)
	}
	for _, l := range book.locs {
		data, err := l.Render()
		put(project.LocationPath(l.ID, l.Name), data, err)
	}
	put(project.GlossaryFile, project.RenderGlossary([]project.Term{
		{Term: "the entail", Definition: "the law that passes Longbourn to Mr. Collins, not the daughters", Scene: 3},
		{Term: "natural philosophy", Definition: "the science Victor studies", Scene: 4},
	}), nil)

	povs := []string{"c1", "c2", "c3", "c4"}
	scenes := fixture.Scenes(t, n)
	var all []*project.Scene
	for i, paras := range scenes {
		seq := i + 1
		body := append([]string(nil), paras...)
		if extra := book.mid[seq]; len(extra) > 0 {
			mid := len(body) / 2
			body = append(body[:mid:mid], append(append([]string(nil), extra...), body[mid:]...)...)
		}
		body = append(body, book.tail[seq]...)
		s := (&project.Scene{ID: fmt.Sprintf("s%04d", seq), Seq: seq, Title: fmt.Sprintf("Chapter %d", seq), POV: povs[i%4],
			Location: fmt.Sprintf("l%d", i%5+1), Characters: []string{povs[i%4], povs[(i+1)%4]}, Summary: []string{fixture.Summary(paras[0])},
			Model: "offline", Created: fixedTime}).SetBody(strings.Join(body, "\n\n"))
		s.Words = len(strings.Fields(prose(s)))
		data, err := s.Render()
		put(project.ScenePath(seq, s.Title), data, err)
		all = append(all, s)
	}

	// Checkpoints every checkpoint_interval scenes and at most one roll-up
	// after each, as agent.Checkpoint does, with the deterministic summaries.
	view := &project.Project{Scenes: all}
	g := cfg.Generation
	for to := g.CheckpointInterval; to <= n; to += g.CheckpointInterval {
		c := &project.Checkpoint{From: to - g.CheckpointInterval + 1, To: to, Model: "fallback", Created: fixedTime}
		c.Body = summarizer.FallbackCheckpoint(view, c.From, c.To)
		c.Path = project.CheckpointPath(c)
		view.Checkpoints = append(view.Checkpoints, c)
		made[c.Path] = to
		hv := view.HistoryView()
		total := 0
		for _, h := range hv {
			total += tok.Count(h.Body)
		}
		if total <= cfg.Budgets.History {
			continue
		}
		byLevel := map[int][]*project.Checkpoint{}
		for _, h := range hv {
			byLevel[h.Level] = append(byLevel[h.Level], h)
		}
		for level := 0; level < len(hv); level++ {
			if group := byLevel[level]; len(group) > g.RollupSize {
				group = group[:g.RollupSize]
				arc := &project.Checkpoint{From: group[0].From, To: group[len(group)-1].To, Level: level + 1, Model: "fallback", Created: fixedTime,
					Body: summarizer.FallbackRollup(group)}
				arc.Path = project.CheckpointPath(arc)
				view.Checkpoints = append(view.Checkpoints, arc)
				made[arc.Path] = to
				break
			}
		}
	}
	for _, c := range view.Checkpoints {
		data, err := c.Render()
		put(c.Path, data, err)
	}

	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatalf("journal.Load: %v", err)
	}
	if len(p.Scenes) != n {
		t.Fatalf("loaded %d scenes; want %d", len(p.Scenes), n)
	}
	return dir, p, made
}

// rcPlan is the k-th plan of a recall benchmark, for the scene in the
// second half of an n-scene book that k maps to. It refers to a fact by ask,
// in its intention, or (inBeat) in a beat under a general intention, beside
// a title, a POV, a location, one cast member and beats about other things.
func rcPlan(n, k int, ask string, inBeat bool) (int, *project.Plan) {
	titles := []string{"A Wet Evening", "Morning Calls", "The Road Home", "What the Servants Knew", "A Quiet Dinner", "After the Ball", "Fog"}
	beats := []string{
		"Elizabeth and Mr. Darcy exchange cold civilities over tea.",
		"Rain keeps the household indoors until evening.",
		"Victor broods by the window while Clerval talks of travel.",
		"A carriage is heard on the gravel, and everyone pretends not to listen.",
		"Supper is late; tempers are short.",
	}
	intents := []string{
		"A long evening in which nobody says what they mean.",
		"The household gathers after a difficult week.",
		"An ordinary day that turns on one discovery.",
	}
	povs := []string{"c1", "c2", "c3", "c4"}
	plan := &project.Plan{Title: titles[k%len(titles)], Intention: ask,
		POV: povs[k%4], Location: fmt.Sprintf("l%d", k%5+1), Cast: []string{povs[(k+1)%4]},
		Beats: []string{beats[k%len(beats)], beats[(k+2)%len(beats)]}}
	if inBeat {
		plan.Intention = intents[k%len(intents)]
		plan.Beats = []string{beats[k%len(beats)], ask, beats[(k+2)%len(beats)]}
	}
	return n/2 + 1 + (k*7)%(n/2), plan
}

// rcAsks are the plans of the issue 6 benchmark, for scenes in the second
// half of an n-scene book: each lexical ask twice, the second time in a beat.
func rcAsks(n int) []rcAsk {
	var out []rcAsk
	k := 0
	for f, fact := range rcFacts() {
		var asks []string
		for _, a := range fact.asks {
			asks = append(asks, a, a) // each lexical ask at two scenes
		}
		for j, ask := range append(asks, fact.paraphrase) {
			seq, plan := rcPlan(n, k, ask, j%2 == 1)
			out = append(out, rcAsk{fact: f, seq: seq, plan: plan, ask: ask, phrase: j == len(asks)})
			k++
		}
	}
	return out
}

// snapshot is the project as the agent sees it when it plans scene seq:
// the scenes before it and the summaries written by then.
func (rp *rcProject) snapshot(seq int) *project.Project {
	p := *rp.p
	p.Scenes = nil
	for _, s := range rp.p.Scenes {
		if s.Seq < seq {
			p.Scenes = append(p.Scenes, s)
		}
	}
	p.Checkpoints = nil
	for _, c := range rp.p.Checkpoints {
		if rp.made[c.Path] < seq {
			p.Checkpoints = append(p.Checkpoints, c)
		}
	}
	return &p
}

// rcPlanQuery and rcRecall are the agent's first query construction.
func rcPlanQuery(p *project.Project, plan *project.Plan) string {
	parts := []string{plan.Title, plan.Intention}
	parts = append(parts, plan.Beats...)
	for _, id := range plan.ThreadsAdvanced {
		for _, t := range p.Threads {
			if t.ID == id {
				parts = append(parts, t.Text)
			}
		}
	}
	return strings.Join(parts, "\n")
}

func rcRecall(t testing.TB, ix *index.Index, cfg *config.Config, p *project.Project, plan *project.Plan, text string) []project.Snippet {
	t.Helper()
	// The agent excludes its newest FullTextScenesMax+SummaryScenesCount
	// scenes; the index here also holds the scenes after the one planned,
	// which the agent's would not have yet.
	n := cfg.Generation.FullTextScenesMax + cfg.Generation.SummaryScenesCount
	cutoff := p.Scenes[max(len(p.Scenes)-n, 0)].Seq
	snips, err := ix.Query(context.Background(), index.Query{
		Text:    text,
		K:       cfg.Retrieval.K,
		Exclude: func(seq int) bool { return seq >= cutoff },
		Boost:   index.Boosts{POV: plan.POV, Location: plan.Location, Cast: plan.Cast, Threads: plan.ThreadsAdvanced, Weight: index.DefaultBoostWeight},
	})
	if err != nil {
		t.Fatal(err)
	}
	return snips
}

// rcRecallPerSentence is issue 6's query construction: one query for the
// title, intention and threads, one per beat, results interleaved.
func rcRecallPerSentence(t testing.TB, ix *index.Index, cfg *config.Config, p *project.Project, plan *project.Plan) []project.Snippet {
	t.Helper()
	n := cfg.Generation.FullTextScenesMax + cfg.Generation.SummaryScenesCount
	cutoff := p.Scenes[max(len(p.Scenes)-n, 0)].Seq
	snips, err := rcQueryEach(ix, recall.PlanQueries(p, plan), index.Query{
		K:       cfg.Retrieval.K,
		Exclude: func(seq int) bool { return seq >= cutoff },
		Boost:   index.Boosts{POV: plan.POV, Location: plan.Location, Cast: plan.Cast, Threads: plan.ThreadsAdvanced, Weight: index.DefaultBoostWeight},
	})
	if err != nil {
		t.Fatal(err)
	}
	return snips
}

// rcQueryEach runs q once per text and interleaves the results: every
// query's best snippet, then every query's second, and so on, one snippet
// per scene, up to q.K (what the agent did in issue 6).
func rcQueryEach(ix *index.Index, texts []string, q index.Query) ([]project.Snippet, error) {
	var lists [][]project.Snippet
	for _, t := range texts {
		q.Text = t
		res, err := ix.Query(context.Background(), q)
		if err != nil {
			return nil, err
		}
		lists = append(lists, res)
	}
	seen := map[int]bool{}
	var out []project.Snippet
	for r := 0; len(out) < q.K; r++ {
		more := false
		for _, l := range lists {
			if r < len(l) {
				more = true
				if !seen[l[r].Seq] && len(out) < q.K {
					seen[l[r].Seq] = true
					out = append(out, l[r])
				}
			}
		}
		if !more {
			break
		}
	}
	return out, nil
}

// buildNoMentions builds the pack as it was before entity selection: the
// same spec with only the scene's own sheets (no sheets that names in the
// plan or the recent scenes brought in, nor the front's cast of the last
// stretch). Production code has no such switch; the test removes them.
func buildNoMentions(t testing.TB, tok *prompt.Tokenizer, in Input) *prompt.Pack {
	t.Helper()
	spec, _, err := buildSpec(tok, in)
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]bool{"character " + in.Plan.POV: true, "location " + in.Plan.Location: true}
	for _, id := range append(append([]string(nil), in.Plan.Cast...), in.Created...) {
		own["character "+id], own["location "+id] = true, true
	}
	for i := range spec.Sections {
		if name := spec.Sections[i].Name; name != SecCast && name != SecSceneCast {
			continue
		}
		var keep []prompt.Item
		for _, it := range spec.Sections[i].Items {
			if own[it.Key] {
				keep = append(keep, it)
			}
		}
		spec.Sections[i].Items = keep
	}
	pack, err := tok.Build(spec)
	if err != nil {
		t.Fatal(err)
	}
	return pack
}

type rcCount struct{ hit, total int }

func (c *rcCount) add(ok bool) {
	c.total++
	if ok {
		c.hit++
	}
}

func (c rcCount) rate() float64 { return float64(c.hit) / float64(max(c.total, 1)) }

func (c rcCount) String() string {
	return fmt.Sprintf("%d/%d = %3.0f%%", c.hit, c.total, 100*c.rate())
}

func TestPackRecall(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	tok := tokenizer(t)
	cfg := config.Default()
	rp := rcBuild(t, tok, cfg, n)
	facts := rcFacts()

	anchors := recall.OpenAnchors(rp.dir)
	anchors.Sync(rp.p)
	ix, err := index.OpenIndex(rp.dir, index.NewLocalEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ix.Sync(context.Background(), rp.p); err != nil {
		t.Fatal(err)
	}

	const (
		cfgRecency = iota
		cfgEntities
		cfgAll
		cfgEmbedOnly
		cfgEach
		cfgJoined
	)
	configs := []string{"recency tiers only", "+ entity selection", "+ anchors and ranked passages (everything on)",
		"everything on, no entity selection", "issue 6: one query per sentence, interleaved", "issue 6, first: one joined query"}
	type row struct {
		kind   [3]rcCount
		all    rcCount
		phrase rcCount
	}
	rows := make([]row, len(configs))
	var maxTokens, over int
	var tiers [4]int
	for _, a := range rp.asks {
		fact := facts[a.fact]
		p := rp.snapshot(a.seq)
		if strings.Contains(planText(Input{Project: p, Config: cfg, Plan: a.plan, Seq: a.seq}), fact.key) {
			t.Fatalf("the plan for scene %d quotes the fact %q", a.seq, fact.key)
		}
		base := Input{Project: p, Config: cfg, Plan: a.plan, Seq: a.seq}
		withRecall, each, joined := base, base, base
		withRecall.Recalled = rbRecall(t, ix, anchors, cfg, p, a.plan)
		each.Recalled = rcRecallPerSentence(t, ix, cfg, p, a.plan)
		joined.Recalled = rcRecall(t, ix, cfg, p, a.plan, rcPlanQuery(p, a.plan))
		packs := []*prompt.Pack{
			buildNoMentions(t, tok, base),
			build(t, base),
			build(t, withRecall),
			buildNoMentions(t, tok, withRecall),
			build(t, each),
			build(t, joined),
		}
		for i, pack := range packs {
			if pack.Tokens > pack.Budget {
				over++
				t.Errorf("%s, scene %d: pack = %d tokens; want <= %d", configs[i], a.seq, pack.Tokens, pack.Budget)
			}
			maxTokens = max(maxTokens, pack.Tokens)
			hit := strings.Contains(content(pack), fact.key)
			if a.phrase {
				rows[i].phrase.add(hit)
				continue
			}
			rows[i].kind[fact.kind].add(hit)
			rows[i].all.add(hit)
			if i == cfgAll {
				tiers[pack.Tier]++
				if !hit {
					t.Logf("missed with everything on (%s planted in scene %d, plan for scene %d, %s, retrieval %s): %s",
						fact.kind, rp.planted[a.fact], a.seq, pack.Tier, sectionNote(pack, SecRetrieval), a.ask)
				}
			}
		}
	}

	t.Logf("%d scenes, %d checkpoints and arcs, %d index documents, %d facts (4 objects, 4 places, 4 promises); "+
		"default config (preset %s, writer budget %d, retrieval k %d)",
		n, len(rp.p.Checkpoints), ix.Count(), len(facts), cfg.Preset, cfg.Budget("writer"), cfg.Retrieval.K)
	t.Logf("%d plans sharing a word or name with their fact, %d paraphrases sharing none (measured, not asserted)",
		rows[0].all.total, rows[0].phrase.total)
	t.Logf("%-46s  %-13s  %-13s  %-13s  %-13s  %s", "configuration", "objects", "places", "promises", "all", "paraphrases")
	for i, r := range rows {
		t.Logf("%-46s  %-13v  %-13v  %-13v  %-13v  %v", configs[i], r.kind[rcObject], r.kind[rcPlace], r.kind[rcPromise], r.all, r.phrase)
	}
	t.Logf("packs: largest %d of %d tokens, %d over budget; strain with everything on: %d normal, %d strain I, %d strain II, %d strain III",
		maxTokens, cfg.Budget("writer"), over, tiers[prompt.Normal], tiers[prompt.StrainI], tiers[prompt.StrainII], tiers[prompt.StrainIII])

	if r := rows[cfgRecency].all; r.hit != 0 {
		t.Errorf("recency tiers only: got %v; want 0 (every fact is older than the tiers)", r)
	}
	for _, k := range []rcKind{rcObject, rcPlace} {
		if r := rows[cfgEntities].kind[k]; r.rate() < 0.9 {
			t.Errorf("entity selection, %ss: got %v; want >= 90%%", k, r)
		}
	}
	// Issue 6's target: >= 90% with everything on (the agent's recall.Recall).
	// The issue 6 rows record what the earlier constructions reached.
	if r := rows[cfgAll].all; r.rate() < 0.9 {
		t.Errorf("everything on: got %v; want >= 90%%", r)
	}
}

// sectionNote is a section's kept/dropped items, for miss reports.
func sectionNote(p *prompt.Pack, name string) string {
	for _, s := range p.Sections {
		if s.Name == name {
			return fmt.Sprintf("%d kept, %d dropped", s.Items, s.Dropped)
		}
	}
	return "absent"
}
