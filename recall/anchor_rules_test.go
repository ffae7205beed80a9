package recall

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/recall/anchor"
)

var update = flag.Bool("update", false, "rewrite testdata/anchor-rules.golden (after bumping anchorsVersion)")

// TestAnchorRulesPinned: a scene is scanned for anchors once, so a store
// keeps what the rules of the storyd that scanned it made of each scene;
// a storyd whose rules (anchor.Find, the store's bounds and folding) make
// other anchors of the same prose must rebuild older stores, which a new
// anchorsVersion does. This pins what the rules make of sixteen chapters
// of Pride and Prejudice, its people and places as sheets, to the version:
// when the rules change it, bump anchorsVersion and run
// go test ./recall/ -run TestAnchorRulesPinned -update. A rule that fires
// on none of these chapters is not seen here (8a4bb0f's reported clause
// was not): its change needs the bump all the same.
func TestAnchorRulesPinned(t *testing.T) {
	got := fmt.Sprintf("version %d\n%x\n", anchorsVersion, anchorRulesSum(t))
	path := filepath.Join("testdata", "anchor-rules.golden")
	old, err := os.ReadFile(path)
	if err != nil && !*update {
		t.Fatal(err)
	}
	if *update {
		if string(old) != got && strings.HasPrefix(string(old), fmt.Sprintf("version %d\n", anchorsVersion)) {
			t.Fatalf("the rules' anchors changed under version %d: bump anchorsVersion first, so that stores built by the old rules are rebuilt", anchorsVersion)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(old) != got {
		t.Errorf("the anchors the rules make of the pinned chapters changed:\n%swas\n%s"+
			"a store scans a scene once, so books scanned by the old rules would keep their anchors: "+
			"bump anchorsVersion (recall/anchor_store.go) and run go test ./recall/ -run TestAnchorRulesPinned -update", got, old)
	}
}

// anchorRulesSum is a hash of the anchor store built from the chapters.
func anchorRulesSum(t *testing.T) [32]byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "writer", "testdata", "pride-ch1-16.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p := &project.Project{Dir: t.TempDir(), Loaded: map[string]string{}}
	for i, c := range [][]string{{"Elizabeth Bennet", "Elizabeth", "Lizzy", "Eliza"}, {"Mr. Darcy", "Darcy"},
		{"Mr. Bingley", "Bingley"}, {"Jane Bennet", "Jane", "Miss Bennet"}, {"Mrs. Bennet"}, {"Mr. Bennet"},
		{"Mr. Collins", "Collins"}, {"Mr. Wickham", "Wickham"}, {"Charlotte Lucas", "Charlotte", "Miss Lucas"},
		{"Miss Bingley", "Caroline Bingley"}} {
		p.Characters = append(p.Characters, &project.Character{ID: fmt.Sprintf("c%d", i+1), Name: c[0], Aliases: c[1:]})
	}
	for i, l := range [][]string{{"Netherfield", "Netherfield Park"}, {"Longbourn"}, {"Meryton"}, {"Lucas Lodge"}} {
		p.Locations = append(p.Locations, &project.Location{ID: fmt.Sprintf("l%d", i+1), Name: l[0], Aliases: l[1:]})
	}
	p.Characters[1].Facts = []project.Fact{{Text: "Mr. Darcy has ten thousand a year and owns Pemberley in Derbyshire.", Scene: 3}}
	var body []string
	words := 0
	flush := func() {
		text := strings.Join(body, "\n\n")
		s := (&project.Scene{Seq: len(p.Scenes) + 1, Path: fmt.Sprintf("scenes/%04d-x.md", len(p.Scenes)+1)}).SetBody(text)
		p.Scenes = append(p.Scenes, s)
		p.Loaded[s.Path] = project.Hash([]byte(text))
		body, words = nil, 0
	}
	for _, para := range strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n\n") {
		if para = strings.Join(strings.Fields(para), " "); para != "" {
			body = append(body, para)
			if words += len(strings.Fields(para)); words >= 1500 {
				flush()
			}
		}
	}
	if len(body) > 0 {
		flush()
	}
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	var out strings.Builder
	for _, e := range anchorEntities(p) {
		for _, x := range a.For(e.ID) {
			fmt.Fprintf(&out, "%s|%s|%d|%d|%d|%v|%v|%s\n", x.Entity, x.Kind, x.Seq, x.Last, x.Uses, x.Extracted, x.Alone, x.Text)
		}
	}
	if testing.Verbose() {
		t.Logf("%d scenes, %d anchors", len(p.Scenes), a.Count())
	}
	return sha256.Sum256([]byte(out.String()))
}

// TestAnchorStoreOfOlderRulesRebuilt: a store written by the rules of
// version 1, as anchors.bin or as the older anchors.json, is not trusted
// for the scenes it scanned: they are scanned again by today's rules.
func TestAnchorStoreOfOlderRulesRebuilt(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		p := anchorProject(t, "Colonel Brandt was terrified of fire.")
		old := OpenAnchors(p.Dir)
		old.Sync(p)
		// What an older rule made of scene 1, beside what today's make.
		stale := anchor.Anchor{Entity: "c1", Kind: anchor.Noted, Text: "Colonel Brandt was terrified of fire.", Seq: 1, Last: 1}
		old.data.ByEntity["c1"] = append(old.data.ByEntity["c1"], stale)
		old.data.Version = 1
		if asJSON {
			js, err := json.Marshal(old.data)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(p.Dir, filepath.FromSlash(oldAnchorsFile))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, js, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if err := old.Save(); err != nil {
			t.Fatal(err)
		}
		a := OpenAnchors(p.Dir)
		a.Sync(p)
		if got := a.For("c1"); len(got) != 0 {
			t.Errorf("json %v: a version 1 store's anchors were kept: %+v", asJSON, got)
		}
		if got := a.For("c2"); len(got) != 1 || got[0].Kind != anchor.Fears {
			t.Errorf("json %v: Brandt's anchors after the rebuild: %+v", asJSON, got)
		}
	}
}
