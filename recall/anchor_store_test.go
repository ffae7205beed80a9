package recall

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/recall/anchor"
)

// anchorProject is a project of scenes with the given bodies and the test
// entities as sheets.
func anchorProject(t *testing.T, bodies ...string) *project.Project {
	t.Helper()
	p := &project.Project{Dir: t.TempDir(), Loaded: map[string]string{}}
	p.Characters = []*project.Character{
		{ID: "c1", Name: "Hester Thorne", Aliases: []string{"Hester", "Miss Thorne"}},
		{ID: "c2", Name: "Colonel Brandt", Aliases: []string{"Brandt"}},
		{ID: "c3", Name: "Mr. Darcy", Aliases: []string{"Darcy"}},
	}
	p.Locations = []*project.Location{
		{ID: "l1", Name: "Wexcombe"},
		{ID: "l2", Name: "Saltby Marshes", Aliases: []string{"the Saltby marshes", "Saltby"}},
	}
	for i, b := range bodies {
		s := (&project.Scene{Seq: i + 1, Path: fmt.Sprintf("scenes/%04d-x.md", i+1)}).SetBody(b)
		p.Scenes = append(p.Scenes, s)
		p.Loaded[s.Path] = project.Hash([]byte(b))
	}
	return p
}

func TestAnchorStoreSync(t *testing.T) {
	p := anchorProject(t, "Colonel Brandt was terrified of fire.", "Brandt owned a grey mare.")
	a := OpenAnchors(p.Dir)
	if !a.Sync(p) || a.Count() != 2 {
		t.Fatalf("after the first sync: %d anchors; want 2", a.Count())
	}
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	// Unchanged scenes are not scanned again: a store that says so is
	// trusted (the scene's hash is what is compared).
	b := OpenAnchors(p.Dir)
	if b.Sync(p) {
		t.Errorf("a second sync of the same project changed the store")
	}
	// An edited scene loses its anchors and is scanned again; a deleted
	// one loses them for good.
	edited := "Colonel Brandt was afraid of the sea."
	p.Scenes[0].SetBody(edited)
	p.Loaded[p.Scenes[0].Path] = project.Hash([]byte(edited))
	b.Sync(p)
	list := b.For("c2")
	if len(list) != 2 || !strings.Contains(list[0].Text, "afraid of the sea") {
		t.Errorf("after the edit: %+v", list)
	}
	p.Scenes = p.Scenes[1:]
	b.Sync(p)
	if list := b.For("c2"); len(list) != 1 || list[0].Kind != anchor.Owns {
		t.Errorf("after the deletion: %+v", list)
	}
	// Extracted facts become anchors and follow the sheet.
	p.Characters[1].Facts = []project.Fact{{Text: "Swore to repay the Ashby debt.", Scene: 2}}
	b.Sync(p)
	list = b.For("c2")
	if len(list) != 2 || !list[1].Extracted || list[1].Kind != anchor.Promised {
		t.Errorf("with an extracted fact: %+v", list)
	}
	p.Characters[1].Facts = nil
	b.Sync(p)
	if len(b.For("c2")) != 1 {
		t.Errorf("the fact left the sheet but not the store: %+v", b.For("c2"))
	}
}

func TestAnchorStoreBounded(t *testing.T) {
	things := strings.Fields("sabre pistol saddle compass telescope snuffbox watch ring locket flask spurs medal map ledger violin chessboard " +
		"lantern razor bible portrait kettle blanket trunk inkstand pipe rosary")
	var bodies []string
	for _, th := range things {
		bodies = append(bodies, fmt.Sprintf("Colonel Brandt owned a %s.", th))
	}
	// A restatement folds into the first statement and counts as a use.
	bodies = append(bodies, "Colonel Brandt still owned that battered old kettle from Spain.")
	p := anchorProject(t, bodies...)
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	list := a.For("c2")
	if len(things) < MaxAnchorsPerEntity+5 {
		t.Fatal("the test needs more things")
	}
	if len(list) != MaxAnchorsPerEntity {
		t.Fatalf("%d anchors; want the bound, %d", len(list), MaxAnchorsPerEntity)
	}
	var texts []string
	for _, x := range list {
		texts = append(texts, x.Text)
		if strings.Contains(x.Text, "kettle") && (x.Text != "Colonel Brandt owned a kettle." || x.Uses != 1) {
			t.Errorf("the restated anchor should keep its first statement and count a use: %+v", x)
		}
	}
	// The least used, least recently stated went first.
	all := strings.Join(texts, " ")
	if strings.Contains(all, "sabre") || !strings.Contains(all, things[len(things)-1]) || strings.Count(all, "kettle") != 1 {
		t.Errorf("eviction order: %v", texts)
	}
	// Use keeps an anchor: mark the oldest survivor used, add more.
	a.Used([]project.Snippet{{Kind: index.KindAnchor, Entity: "c2", Text: list[1].Text}}, 100)
	kept := list[1].Text
	for i := 0; i < 5; i++ {
		a.add(anchor.Anchor{Entity: "c2", Kind: anchor.Owns, Text: fmt.Sprintf("Colonel Brandt owned a hound called Late%d.", i), Seq: 200 + i, Last: 200 + i})
	}
	// Of anchors as little used, a passing moment goes before a promise,
	// however old the promise.
	a.add(anchor.Anchor{Entity: "c2", Kind: anchor.Promised, Text: "Colonel Brandt swore to repay the Ashby debt.", Seq: 1, Last: 1})
	a.add(anchor.Anchor{Entity: "c2", Kind: anchor.Cannot, Text: "Colonel Brandt could not refuse the invitation.", Seq: 300, Last: 300})
	if got := a.For("c2"); got[0].Kind != anchor.Promised || slices.ContainsFunc(got, func(x anchor.Anchor) bool { return x.Kind == anchor.Cannot }) {
		t.Errorf("the promise should outlast the passing moment: %+v", got)
	}
	found := false
	for _, x := range a.For("c2") {
		found = found || x.Text == kept
	}
	if !found {
		t.Errorf("a used anchor was evicted before unused ones")
	}
}

func TestAnchorStoreCorruptFile(t *testing.T) {
	p := anchorProject(t, "Colonel Brandt was terrified of fire.")
	path := filepath.Join(p.Dir, filepath.FromSlash(AnchorsFile))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	if a.Count() != 1 {
		t.Fatalf("a corrupt store is rebuilt: got %d anchors", a.Count())
	}
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	if b := OpenAnchors(p.Dir); b.Sync(p) || b.Count() != 1 {
		t.Errorf("the rebuilt store did not load back")
	}
}

func TestNotedAnchorsBoundedFirstKept(t *testing.T) {
	things := strings.Fields("siege sabre mare regiment bugle cannon harbour")
	var bodies []string
	for i := 0; i < maxNoted+3; i++ {
		bodies = append(bodies, fmt.Sprintf("Colonel Brandt talked in his sleep of the %s.", things[i]))
	}
	p := anchorProject(t, bodies...)
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	list := a.For("c2")
	if len(list) != maxNoted {
		t.Fatalf("%d noted anchors; want %d", len(list), maxNoted)
	}
	for i, x := range list {
		if x.Kind != anchor.Noted || x.Seq != i+1 {
			t.Errorf("anchor %d: %+v; want the first stated, noted", i, x)
		}
	}
}

// The store reads back as saved, use counts and all; a store an older
// storyd saved as JSON is taken (its use counts carry over) and replaced
// by the first save.
func TestAnchorStoreFileAndTheOldJSON(t *testing.T) {
	p := anchorProject(t, "Colonel Brandt was terrified of fire.", "Brandt owned a grey mare.")
	p.Characters[1].Facts = []project.Fact{{Text: "Swore to repay the Ashby debt.", Scene: 2}}
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	a.Used([]project.Snippet{{Kind: index.KindAnchor, Entity: "c2", Text: a.For("c2")[0].Text}}, 7)
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	if b := OpenAnchors(p.Dir); !reflect.DeepEqual(b.data, a.data) || b.dirty {
		t.Fatalf("read back as\n%+v\nwant\n%+v", b.data, a.data)
	}
	old := filepath.Join(p.Dir, filepath.FromSlash(oldAnchorsFile))
	js, err := json.Marshal(a.data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(old, js, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(p.Dir, filepath.FromSlash(AnchorsFile))); err != nil {
		t.Fatal(err)
	}
	b := OpenAnchors(p.Dir)
	if !reflect.DeepEqual(b.data, a.data) {
		t.Fatalf("the old JSON store read as\n%+v\nwant\n%+v", b.data, a.data)
	}
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the old JSON store is still there: %v", err)
	}
	if c := OpenAnchors(p.Dir); !reflect.DeepEqual(c.data, a.data) || c.Sync(p) {
		t.Errorf("the store saved from the old one read back as\n%+v", c.data)
	}
}

// At most maxNotedSpoken of an entity's noted places go to its own lines
// of dialogue: the narration stated after them still finds a place.
func TestNotedAnchorsSpokenBounded(t *testing.T) {
	things := strings.Fields("siege sabre mare regiment bugle cannon harbour")
	var bodies []string
	for i := 0; i < maxNoted+1; i++ {
		bodies = append(bodies, fmt.Sprintf("“I remember the %s well enough,” said Colonel Brandt.", things[i]))
	}
	bodies = append(bodies, "Colonel Brandt talked in his sleep of the drowned ferry.")
	p := anchorProject(t, bodies...)
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	var seqs []int
	for _, x := range a.For("c2") {
		seqs = append(seqs, x.Seq)
	}
	if want := []int{1, 2, maxNoted + 2}; !slices.Equal(seqs, want) {
		t.Errorf("noted anchors from scenes %v; want %v (two lines, then the narration)", seqs, want)
	}
}

// Sentences no shape read (naming the entity alone) are bounded apart
// from the noted ones, the first kept: however many come first, the
// sentences a shape read still find their places.
func TestAloneAnchorsBoundedApart(t *testing.T) {
	things := strings.Fields("watch sabre mare bugle cannon harbour compass saddle")
	givers := strings.Fields("commander sergeant surgeon chaplain quartermaster bishop major colonel")
	places := strings.Fields("Lisbon Oporto Cadiz Gibraltar Malta Corunna Vigo Badajoz")
	var bodies []string
	for i := 0; i < maxAlone+2; i++ {
		bodies = append(bodies, fmt.Sprintf("A silver %s had been left to Colonel Brandt by the %s at %s.", things[i], givers[i], places[i]))
	}
	for i := 0; i < maxNoted; i++ {
		bodies = append(bodies, fmt.Sprintf("Colonel Brandt talked in his sleep of the %s.", things[i]))
	}
	p := anchorProject(t, bodies...)
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	var alone, noted []int
	for _, x := range a.For("c2") {
		if x.Alone {
			alone = append(alone, x.Seq)
		} else if x.Kind == anchor.Noted {
			noted = append(noted, x.Seq)
		}
	}
	var wantAlone, wantNoted []int
	for i := range maxAlone {
		wantAlone = append(wantAlone, i+1)
	}
	for i := range maxNoted {
		wantNoted = append(wantNoted, maxAlone+3+i)
	}
	if !slices.Equal(alone, wantAlone) || !slices.Equal(noted, wantNoted) {
		t.Errorf("alone from scenes %v, noted from %v; want %v and %v", alone, noted, wantAlone, wantNoted)
	}
}

// A store's memo of its facts' kinds changes nothing it holds: synced
// through sheets that change (facts that restate one another, so an
// entity is set again at every sync), the store equals one synced without
// a memo at each step.
func TestAnchorFactKindsMemo(t *testing.T) {
	p := anchorProject(t, "Colonel Brandt was terrified of fire.", "Brandt owned a grey mare.")
	memo, fresh := OpenAnchors(p.Dir), OpenAnchors(p.Dir)
	steps := [][]project.Fact{
		{{Text: "Swore to repay the Ashby debt.", Scene: 2}, {Text: "Swore  to repay the Ashby debt again.", Scene: 2}},
		{{Text: "Swore to repay the Ashby debt.", Scene: 2}, {Text: "Owned a grey mare called Sal.", Scene: 1}},
		{{Text: "Owned a grey mare called Sal.", Scene: 1}, {Text: "Was terrified of fire.", Scene: 1}},
	}
	for i, facts := range steps {
		p.Characters[1].Facts = facts
		for range 2 {
			memo.Sync(p)
			fresh.kinds = nil // no memo: every fact classified anew
			fresh.Sync(p)
			if !reflect.DeepEqual(memo.data, fresh.data) {
				t.Fatalf("step %d: with the memo\n%+v\nwithout\n%+v", i, memo.data.ByEntity, fresh.data.ByEntity)
			}
		}
	}
}

// sameAnchors says whether a and b hold the same anchors (extracted or
// not, scene, text), in any order; kinds and counts are not compared: the
// comparison factsHeld stands for.
func sameAnchors(a, b []anchor.Anchor) bool {
	if len(a) != len(b) {
		return false
	}
	type key struct {
		extracted bool
		seq       int
		text      string
	}
	n := make(map[key]int, len(a))
	for i := range a {
		n[key{a[i].Extracted, a[i].Seq, a[i].Text}]++
		n[key{b[i].Extracted, b[i].Seq, b[i].Text}]--
	}
	for _, c := range n {
		if c != 0 {
			return false
		}
	}
	return true
}

// factsHeld is sameAnchors of an entity's anchors and the anchors its sheet
// makes (its scene anchors kept, its facts in place of the extracted ones),
// over seeded random lists with repeats, in any order.
func TestFactsHeldAsSameAnchors(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	texts := []string{"Owned a mare.", "Swore an oath.", "Owned  a mare.", ""}
	for range 2000 {
		var old []anchor.Anchor
		for range rng.IntN(8) {
			old = append(old, anchor.Anchor{Text: texts[rng.IntN(3)], Seq: 1 + rng.IntN(2), Extracted: rng.IntN(2) == 0})
		}
		var facts []project.Fact
		var want []anchor.Anchor
		for _, x := range old {
			if !x.Extracted {
				want = append(want, x)
			}
		}
		for range rng.IntN(6) {
			f := project.Fact{Text: texts[rng.IntN(len(texts))], Scene: 1 + rng.IntN(2)}
			facts = append(facts, f)
			if text := anchor.CapWords(f.Text, anchor.MaxWords); text != "" {
				want = append(want, anchor.Anchor{Text: text, Seq: f.Scene, Extracted: true})
			}
		}
		if got, same := factsHeld(old, facts), sameAnchors(old, want); got != same {
			t.Fatalf("factsHeld(%+v, %+v) = %v; sameAnchors says %v", old, facts, got, same)
		}
	}
}

// A name or alias edited empties the store, which is then what a store
// built from nothing holds; a new sheet does not.
func TestAnchorStoreRenameRebuilds(t *testing.T) {
	p := anchorProject(t, "Colonel Brandt was terrified of fire.", "Hester Thorne owned a grey mare.")
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	use := []project.Snippet{{Kind: index.KindAnchor, Entity: "c2", Text: a.For("c2")[0].Text}}
	a.Used(use, 5)
	p.Characters = append(p.Characters, &project.Character{ID: "c4", Name: "Ned Marlow"})
	a.Sync(p)
	if got := a.For("c2")[0].Uses; got != 1 {
		t.Errorf("a new sheet emptied the store: uses %d; want 1", got)
	}
	p.Characters[1].Aliases = []string{"Brandt", "the Colonel"}
	a.Sync(p)
	b := OpenAnchors(t.TempDir())
	b.Sync(p)
	if !reflect.DeepEqual(a.data, b.data) {
		t.Errorf("after a rename\n%+v\nwant a rebuild's\n%+v", a.data, b.data)
	}
}

// A sheet whose facts restate one another is set again at every sync (its
// facts never equal the folded anchors), but that is not a use: the folded
// anchor's count stays where the packs left it, and a sync that changes
// nothing leaves the store clean (no rewrite of anchors.bin each tick).
func TestSheetRestatingItselfIsNoUse(t *testing.T) {
	p := anchorProject(t, "Colonel Brandt was terrified of fire.", "Brandt owned a grey mare.")
	p.Characters[1].Facts = []project.Fact{
		{Text: "Swore to repay the Ashby debt.", Scene: 2},
		{Text: "Swore  to repay the Ashby debt again.", Scene: 2},
	}
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	id := p.Characters[1].ID
	uses := func() int {
		for _, x := range a.data.ByEntity[id] {
			if x.Extracted {
				return x.Uses
			}
		}
		t.Fatalf("no extracted anchor of %s: %+v", id, a.data.ByEntity[id])
		return 0
	}
	first := uses()
	for i := range 3 {
		a.dirty = false
		a.Sync(p)
		if got := uses(); got != first {
			t.Fatalf("sync %d: the restated fact's uses %d; want %d (a sync is no use)", i+2, got, first)
		}
		if a.dirty {
			t.Fatalf("sync %d changed nothing but left the store dirty", i+2)
		}
	}
}

// A sync that finds as many scenes as it scanned may still find one gone
// and another new, or two of one seq: the scanned scenes are compared one
// by one then, and what went loses its anchors.
func TestAnchorSyncCountsAreNotEnough(t *testing.T) {
	bodies := []string{"Colonel Brandt was terrified of fire.", "Brandt owned a grey mare.", "Hester hid the letter under the hearth."}
	for name, change := range map[string]func(p *project.Project){
		"one gone, one new": func(p *project.Project) {
			s := (&project.Scene{Seq: 4, Path: "scenes/0004-x.md"}).SetBody("Mr. Darcy swore to repay the debt.")
			p.Loaded[s.Path] = project.Hash([]byte("Mr. Darcy swore to repay the debt."))
			p.Scenes = append(p.Scenes[1:], s)
		},
		"two of one seq": func(p *project.Project) {
			s := (&project.Scene{Seq: 2, Path: "scenes/0002-y.md"}).SetBody(bodies[1])
			p.Loaded[s.Path] = p.Loaded[p.Scenes[1].Path]
			p.Scenes = []*project.Scene{p.Scenes[1], s, p.Scenes[2]}
		},
	} {
		p := anchorProject(t, bodies...)
		a := OpenAnchors(p.Dir)
		a.Sync(p)
		change(p)
		a.Sync(p)
		want := map[int]bool{}
		for _, s := range p.Scenes {
			want[s.Seq] = true
		}
		for seq := range a.data.Scenes {
			if !want[seq] {
				t.Errorf("%s: scene %d is gone but still scanned", name, seq)
			}
		}
		for _, list := range a.data.ByEntity {
			for _, x := range list {
				if !want[x.Seq] {
					t.Errorf("%s: an anchor of scene %d, which is gone: %+v", name, x.Seq, x)
				}
			}
		}
	}
}
