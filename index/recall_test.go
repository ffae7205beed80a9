package index

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/storyd/storyd/internal/fixture"
	"github.com/storyd/storyd/project"
)

// The recall benchmark of issue 6: plant facts in early scenes of a project
// built from the shared corpus, then ask for them from much later scenes in
// other words, the way a scene plan refers back to them. A query counts as
// recalled when one of its top-K snippets holds the planted sentence.
//
//	go test ./index/ -run TestIndexRecall -v           # 300 scenes
//	go test ./index/ -run TestIndexRecall -v -short    # 60 scenes, for CI

type ixFact struct {
	plant string // sentence planted as its own paragraph
	key   string // substring of plant that proves recall
	// queries refer to the fact in other words, sharing at least one
	// content word or word form, as a plan written by a model does.
	queries []string
	// paraphrases share no content word: no lexical embedder finds these;
	// measured, not asserted.
	paraphrases []string
}

func ixFacts() []ixFact {
	return []ixFact{
		{"On the writing desk lay a brass astrolabe engraved with a heron, the only thing her mother had left her.", "brass astrolabe engraved with a heron",
			[]string{"She searches the house for the heron instrument her mother left her.", "Who has taken the engraved astrolabe from the desk?"},
			[]string{"The navigational device decorated with the wading bird has gone missing."}},
		{"Beyond the marsh lay the drowned chapel at Wexcombe, whose bell could still be heard when the tide turned.", "drowned chapel at Wexcombe",
			[]string{"They row out at dusk to the chapel under the water.", "At Wexcombe the old bell rings again beneath the waves."},
			[]string{"They visit the submerged church by boat."}},
		{"He swore to return the locket by midsummer, and she made him say it twice.", "return the locket by midsummer",
			[]string{"Midsummer has come and the locket is still not returned.", "She reminds him of his oath about the locket."},
			[]string{"She asks him whether he has kept his word about the pendant."}},
		{"The key to the strongroom was hidden inside a hollow copy of Fordyce's Sermons.", "hollow copy of Fordyce",
			[]string{"She remembers where the strongroom key was hidden.", "The hollowed book in the library holds more than sermons."},
			[]string{"She recalls the secret place of the vault's opener."}},
		{"The smugglers met in a limestone cave behind the waterfall at Harrowgate Glen.", "limestone cave behind the waterfall",
			[]string{"The magistrate's men search Harrowgate for the smugglers' hideout.", "A lantern is seen in the cave behind the falls."},
			[]string{"The excise officers look for the contraband runners' den."}},
		{"Colonel Brandt promised to pay the widow Ashby two hundred pounds a year for as long as she lived.", "widow Ashby two hundred pounds",
			[]string{"The widow Ashby's annuity has stopped arriving.", "Brandt's pension to the widow is questioned by his heir."},
			[]string{"The bereaved woman's yearly allowance ceases."}},
		{"In her reticule she carried a green glass phial of laudanum sealed with cracked red wax.", "phial of laudanum sealed with cracked red wax",
			[]string{"The laudanum phial with the broken seal is found empty.", "Someone has drunk from the green glass phial."},
			[]string{"The opiate vial is discovered drained."}},
		{"Miss Thorne had been born in Calcutta, a fact she concealed from everyone in the county.", "born in Calcutta",
			[]string{"A letter from Calcutta threatens to expose Miss Thorne.", "Miss Thorne's birthplace is finally revealed."},
			[]string{"Her Indian origins come to light at the assembly."}},
		{"On Kestrel Hill stood a ruined observatory, its copper dome split open by lightning.", "ruined observatory",
			[]string{"They climb Kestrel Hill to the broken observatory.", "Under the split copper dome they wait for the storm."},
			[]string{"They ascend to the wrecked star tower above the valley."}},
		{"Before he died, the miller made his son swear never to sell the mill at Aldbrook.", "never to sell the mill at Aldbrook",
			[]string{"An offer arrives for the Aldbrook mill.", "The son is tempted to sell the mill despite his oath."},
			[]string{"A buyer wants the grinding works his late father made him keep."}},
		{"She kept a miniature portrait of a girl with a scar above her left eyebrow, and never said who the girl was.", "scar above her left eyebrow",
			[]string{"The scarred girl in the miniature is recognised at last.", "He finds the portrait of the girl with the scarred brow."},
			[]string{"He finally identifies the child in the tiny painting."}},
		{"The regiment's winter quarters were an abandoned salt works on the Saltby marshes.", "abandoned salt works",
			[]string{"The officers return to their quarters at the old salt works.", "Fog rolls over the Saltby marshes where the regiment wintered."},
			[]string{"The soldiers go back to the derelict brine factory."}},
	}
}

type ixRecallSetup struct {
	dir     string
	planted map[int]int // fact -> seq
	asks    []ixAsk
}

type ixAsk struct {
	fact   int
	seq    int    // the scene being planned
	intent string // the plan's intention
	// names is what a plan adds about its people and place; they occur
	// all over the corpus.
	names  string
	boost  Boosts
	phrase bool // a paraphrase without shared words
}

// ixBuildRecallProject writes a project of n scenes with the facts planted
// in scenes spread over the first fifth, and plans asking for them spread
// over the last half.
func ixBuildRecallProject(t testing.TB, n int) ixRecallSetup {
	t.Helper()
	dir := t.TempDir()
	ixWriteStory(t, dir)
	facts := ixFacts()
	scenes := fixture.Scenes(t, n)
	setup := ixRecallSetup{dir: dir, planted: map[int]int{}}
	plantAt := map[int]int{}
	for f := range facts {
		seq := 2 + f*(n/5)/len(facts)
		setup.planted[f], plantAt[seq] = seq, f
	}
	povs := []string{"c1", "c2", "c3", "c4"}
	names := []string{"Elizabeth", "Mr. Darcy", "Victor", "Clerval"}
	for i, paras := range scenes {
		seq := i + 1
		if f, ok := plantAt[seq]; ok {
			mid := len(paras) / 2
			paras = append(paras[:mid:mid], append([]string{facts[f].plant}, paras[mid:]...)...)
		}
		ixWriteScene(t, dir, (&project.Scene{Seq: seq, Title: fmt.Sprintf("Scene %d", seq), POV: povs[i%4], Location: fmt.Sprintf("l%d", i%5+1),
			Characters: []string{povs[i%4], povs[(i+1)%4]}, Summary: []string{fixture.Summary(paras[0])}}).SetBody(strings.Join(paras, "\n\n")))
	}
	k := 0
	for f, fact := range facts {
		for j, q := range append(append([]string(nil), fact.queries...), fact.paraphrases...) {
			// The plan adds the scene's people and place, as the agent's
			// query does; they also appear all over the corpus.
			seq := n/2 + (k*7)%(n/2)
			setup.asks = append(setup.asks, ixAsk{fact: f, seq: seq, intent: q, phrase: j >= len(fact.queries),
				names: fmt.Sprintf("POV: %s. Cast: %s, %s. Location: the drawing room.", names[k%4], names[k%4], names[(k+1)%4]),
				boost: Boosts{POV: povs[k%4], Cast: []string{povs[k%4], povs[(k+1)%4]}, Location: fmt.Sprintf("l%d", k%5+1)}})
			k++
		}
	}
	return setup
}

type ixRecall struct{ hit, total int }

func (r ixRecall) String() string {
	return fmt.Sprintf("%d/%d = %.0f%%", r.hit, r.total, 100*float64(r.hit)/float64(max(r.total, 1)))
}

func (r ixRecall) rate() float64 { return float64(r.hit) / float64(max(r.total, 1)) }

func TestIndexRecall(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	setup := ixBuildRecallProject(t, n)
	p := ixLoad(t, setup.dir)
	if len(p.Scenes) != n {
		t.Fatalf("got %d scenes; want %d", len(p.Scenes), n)
	}
	facts := ixFacts()
	const recent = 5 // full_text_scenes_count 2 + summary_scenes_count 3

	// Recency tiers only: the writer sees the last five scenes.
	var recency ixRecall
	for _, a := range setup.asks {
		if a.phrase {
			continue
		}
		recency.total++
		for _, s := range p.Scenes {
			if s.Seq >= a.seq-recent && s.Seq < a.seq && strings.Contains(ixBody(t, s), facts[a.fact].key) {
				recency.hit++
				break
			}
		}
	}

	ix := ixOpen(t, setup.dir, NewLocalEmbedder())
	if _, _, err := ix.Sync(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	// Three ways an agent can phrase the query from a plan: the intention
	// alone; with POV, cast and location as words of the query; or with
	// them as metadata boosts (DefaultBoostWeight).
	styles := []string{"intention", "intention + names in text", "intention + boosts"}
	ks := []int{1, 3, 5}
	type counts struct{ lexical, para map[int]*ixRecall }
	got := map[string]counts{}
	for _, style := range styles {
		c := counts{map[int]*ixRecall{}, map[int]*ixRecall{}}
		for _, k := range ks {
			c.lexical[k], c.para[k] = &ixRecall{}, &ixRecall{}
		}
		got[style] = c
		for _, a := range setup.asks {
			q := Query{Text: a.intent, K: ks[len(ks)-1], Exclude: func(seq int) bool { return seq >= a.seq-recent }}
			switch style {
			case styles[1]:
				q.Text += " " + a.names
			case styles[2]:
				q.Boost = a.boost
			}
			res := ixQuery(t, ix, q)
			rank := -1
			for i, s := range res {
				if strings.Contains(s.Text, facts[a.fact].key) {
					rank = i
					break
				}
			}
			for _, k := range ks {
				r := c.lexical[k]
				if a.phrase {
					r = c.para[k]
				}
				r.total++
				if rank >= 0 && rank < k {
					r.hit++
				}
			}
			if rank < 0 && !a.phrase && style == styles[0] {
				t.Logf("missed (fact in scene %d, plan for scene %d): %s", setup.planted[a.fact], a.seq, a.intent)
			}
		}
	}
	t.Logf("%d scenes, %d documents, %d facts, %d plans sharing a word with the fact, %d paraphrases sharing none",
		n, ix.Count(), len(facts), got[styles[0]].lexical[5].total, got[styles[0]].para[5].total)
	t.Logf("recency tiers only (last %d scenes): %v", recent, recency)
	for _, style := range styles {
		for _, k := range ks {
			t.Logf("local embeddings, %s, top %d: %v (paraphrases: %v)", style, k, got[style].lexical[k], got[style].para[k])
		}
	}
	local := got[styles[0]].lexical[5]
	if recency.hit != 0 {
		t.Errorf("recency tiers: got %v; want 0 (every fact is older than the tiers)", recency)
	}
	if local.rate() < 0.9 {
		t.Errorf("local embeddings, intention, top 5: got recall %v; want >= 90%%", local)
	}
	// Names and boosts cost recall but must not wipe it out.
	for _, style := range styles[1:] {
		if r := got[style].lexical[5]; r.rate() < 0.5 {
			t.Errorf("local embeddings, %s, top 5: got recall %v; want >= 50%%", style, r)
		}
	}
}
