package project

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/textfile"
)

func TestLoadOrdersBySeqNotFileName(t *testing.T) {
	dir := mdfixture.Project(t)
	// A file whose name says 0001 but whose seq is 3.
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0001-late.md": mdfixture.Scene(3, "Late", "Third.")})
	p, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, s := range p.Scenes {
		got = append(got, s.Seq)
	}
	if len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("got seqs %v; want [1 2 3]", got)
	}
	if p.NextSeq() != 4 {
		t.Fatalf("got NextSeq %d; want 4", p.NextSeq())
	}
	if len(p.OpenThreads()) != 1 || p.Threads[1].Resolved != 2 {
		t.Fatalf("threads parsed wrong: %+v", p.Threads)
	}
	if len(p.Glossary) != 1 || p.Glossary[0].Scene != 1 {
		t.Fatalf("glossary parsed wrong: %+v", p.Glossary)
	}
}

func TestLoadRejectsBadFrontmatter(t *testing.T) {
	cases := []struct {
		name, content, want, hint string
	}{
		{"unknown field", "---\nid: s3\nseq: 3\ntitle: X\npovv: c1\n---\nx\n", `scenes/0003-x.md:5: unknown key "povv"`, `did you mean "pov"?`},
		{"missing", "just prose\n", "scenes/0003-x.md:1: missing frontmatter", ""},
		{"no seq", "---\nid: s3\ntitle: X\n---\nx\n", "scenes/0003-x.md:2: seq must be a positive number", ""},        // where it would go
		{"seq 0", "---\nid: s3\ntitle: X\nseq: 0\n---\nx\n", "scenes/0003-x.md:4: seq must be a positive number", ""}, // at its line
		{"unterminated", "---\nid: s3\nseq: 3\n", "scenes/0003-x.md:1: unterminated frontmatter", ""},
		{"bad yaml", "---\nid: s3\nseq: [\n---\nx\n", "scenes/0003-x.md:3: did not find", ""},
		{"colon in a value", "---\nid: s3\nseq: 3\ntitle: Dawn: the return\n---\nx\n", `scenes/0003-x.md:4: a second ": " on this line`, `put quotes around a value that contains ": " (title: "Dawn: the return"), or indent the key under the one it belongs to`},
		{"colon on the first line", "---\ntitle: Dawn: the return\nseq: 3\n---\nx\n", `scenes/0003-x.md:2: a second ": " on this line`, ""},
		{"unclosed quote", "---\nid: s3\nseq: 3\ntitle: \"Dawn\n---\nx\n", `scenes/0003-x.md:4: a quoted value opened on this line is not closed`, ""},
		// Values of the wrong kind, in the file's words (not "cannot unmarshal !!str into int").
		{"bad type", "---\nid: s3\nseq: three\ntitle: X\n---\nx\n", `scenes/0003-x.md:3: seq: "three" is not a whole number`, "write digits, e.g. seq: 4"},
		{"text for a list", "---\nid: s3\nseq: 3\ntitle: X\ncharacters: c1\n---\nx\n", `scenes/0003-x.md:5: characters: expected a list, found "c1"`, ""},
		{"list for a number", "---\nid: s3\nseq: 3\ntitle: X\nwords: [1]\n---\nx\n", `scenes/0003-x.md:5: words: expected a single value, found a list`, "write it on the key's line, e.g. words: 4"},
		{"list for a pointer", "---\nid: s3\nseq: 3\ntitle: X\ntension:\n  - 1\n---\nx\n", `scenes/0003-x.md:6: tension: expected a single value, found a list`, ""},
		{"not a date", "---\nid: s3\nseq: 3\ntitle: X\ncreated: yesterday\n---\nx\n", `scenes/0003-x.md:5: created: "yesterday" is not a date and time`, "write it as storyd does, e.g. created: 2026-01-31T09:00:00Z"},
		{"a section for a text", "---\nid: s3\nseq: 3\ntitle:\n  en: X\n---\nx\n", `scenes/0003-x.md:5: title: expected a single value, found a section of keys`, ""},
		{"bom", "\xef\xbb\xbf---\nid: s3\nseq: 3\ntitle: X\npovv: c1\n---\nx\n", `scenes/0003-x.md:5: unknown key "povv"`, ""},
		{"key twice", "---\nid: s3\nseq: 3\ntitle: X\nseq: 4\n---\nx\n", `scenes/0003-x.md:5: "seq" is given twice`, "keep one of the two lines: storyd cannot tell which one you meant"},
		// YAML breaks lines at LS as well, a file's line count does not.
		{"line separators", "---\nid: s3\nseq: 3\u2028\u2028title: X\npovv: c1\n---\nx\n", `scenes/0003-x.md:4: unknown key "povv"`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := mdfixture.Project(t)
			mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0003-x.md": c.content})
			_, err := LoadCached(Disk(dir), config.Default(), nil)
			var probs textfile.Problems
			if !errors.As(err, &probs) {
				t.Fatalf("got %v; want textfile.Problems", err)
			}
			if !strings.HasPrefix(probs[0].Error(), c.want) {
				t.Fatalf("got %q; want prefix %q", probs[0].Error(), c.want)
			}
			if c.hint != "" && probs[0].Hint != c.hint {
				t.Fatalf("got hint %q; want %q", probs[0].Hint, c.hint)
			}
		})
	}
}

// A key given twice is refused before the YAML decoder sees it: the
// decoder writes an error for every equal pair of keys at every alias, and
// this 7 KB sheet took it 49 s (the work grows with the cube of its size).
func TestFrontmatterKeyTwiceIsRefusedFirst(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nid: c9\nname: X\nrelationships:\n  - &r {" + strings.Repeat("with: c1, ", 400) + "with: c1}\n")
	b.WriteString(strings.Repeat("  - *r\n", 399))
	b.WriteString("---\nBody.\n")
	var c Character
	_, err := textfile.ParseFrontmatter("characters/c9-x.md", []byte(b.String()), &c)
	if err == nil || err.Error() != `characters/c9-x.md:5: "relationships.with" is given twice` {
		t.Fatalf("got %v", err)
	}
}

func TestLoadDetectsEditsAndDeletions(t *testing.T) {
	dir, st := projectWithGoneScene(t)
	st.LastSeq = 3
	writeState(t, dir, st)
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0002-two.md": mdfixture.Scene(2, "Two", "Edited by hand.")})
	p, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Scenes[0].Edited || !p.Scenes[1].Edited {
		t.Fatalf("edited flags: got %v %v; want false true", p.Scenes[0].Edited, p.Scenes[1].Edited)
	}
	if len(p.Deleted) != 1 || p.Deleted[0] != 3 {
		t.Fatalf("got deleted %v; want [3]", p.Deleted)
	}
	if p.NextSeq() != 4 {
		t.Fatalf("a deleted scene keeps its number: got NextSeq %d; want 4", p.NextSeq())
	}
}

// projectWithGoneScene is mdfixture's project with a state that knows
// its two scenes by hash and a third, scenes/0003-gone.md, that is no
// longer on disk. The caller sets LastSeq and writes the state.
func projectWithGoneScene(t *testing.T) (string, State) {
	dir := mdfixture.Project(t)
	st := NewState()
	for _, rel := range []string{"scenes/0001-one.md", "scenes/0002-two.md"} {
		data, _ := os.ReadFile(filepath.Join(dir, rel))
		st.Hashes[rel] = Hash(data)
	}
	st.Hashes["scenes/0003-gone.md"] = "deadbeef"
	return dir, st
}

func writeState(t *testing.T, dir string, st State) {
	t.Helper()
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	mdfixture.WriteFiles(t, dir, map[string]string{StateFile: string(data)})
}

func TestDuplicateSeqIsAProblem(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0009-dup.md": mdfixture.Scene(2, "Dup", "x")})
	_, err := LoadCached(Disk(dir), config.Default(), nil)
	if err == nil || !strings.Contains(err.Error(), "duplicate seq 2") {
		t.Fatalf("got %v; want duplicate seq error", err)
	}
}

func TestSlugAndCheckPath(t *testing.T) {
	for in, want := range map[string]string{
		"The Gate":                "the-gate",
		"../../etc/passwd":        "etc-passwd",
		"Ünïcödé ☃":               "n-c-d",
		"":                        "untitled",
		strings.Repeat("ab ", 40): strings.TrimSuffix(strings.Repeat("ab-", 13), "-"),
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q; want %q", in, got, want)
		}
	}
	for _, bad := range []string{"/etc/passwd", "../x.md", "scenes/../../x", "x.md", "", "scenes/a\\b.md"} {
		if CheckPath(bad) == nil {
			t.Errorf("CheckPath(%q) accepted; want refusal", bad)
		}
	}
	if err := CheckPath("scenes/0001-a.md"); err != nil {
		t.Error(err)
	}
}

func TestFindEntitiesAndSceneWords(t *testing.T) {
	p := &Project{
		Characters: []*Character{{ID: "c1", Name: "Mara Quill", Aliases: []string{"Mara"}}, {ID: "c2", Name: "c1"}},
		Locations:  []*Location{{ID: "l1", Name: "The Heron Gate"}},
		Threads:    []Thread{{ID: "t1", Text: "open"}, {ID: "t2", Text: "done", Resolved: 3}},
	}
	for _, tc := range []struct {
		find func(string) (string, bool)
		in   string
		want string
	}{
		{p.FindCharacter, " MARA ", "c1"},
		{p.FindCharacter, "c1", "c1"}, // ids win over a name equal to an id
		{p.FindCharacter, "nobody", ""},
		{p.FindCharacter, "", ""},
		{p.FindLocation, "the heron gate", "l1"},
		{p.FindOpenThread, "T1", "t1"},
		{p.FindOpenThread, "t2", ""}, // resolved
	} {
		if got, ok := tc.find(tc.in); got != tc.want || ok != (tc.want != "") {
			t.Errorf("find(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	if got := p.SceneWords(); got != 400 {
		t.Errorf("SceneWords without settings = %d; want 400", got)
	}
	p.Config = &config.Config{}
	p.Config.Generation.SceneWords = 900
	if got := p.SceneWords(); got != 900 {
		t.Errorf("SceneWords from storyd.yaml = %d; want 900", got)
	}
	p.Story.SceneWords = 250
	if got := p.SceneWords(); got != 250 {
		t.Errorf("SceneWords from story.md = %d; want 250", got)
	}
}

func TestSkeletonLoads(t *testing.T) {
	dir := t.TempDir()
	skel, err := Skeleton(Story{Title: "New"})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range skel {
		if f.Data == nil {
			if err := os.MkdirAll(filepath.Join(dir, f.Path), 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		files[f.Path] = string(f.Data)
	}
	mdfixture.WriteFiles(t, dir, files)
	p, err := LoadCached(Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Story.Title != "New" || p.Story.Tense != "past" || p.SceneWords() != 400 || len(p.Scenes) != 0 {
		t.Fatalf("got story %+v; want the title given and storyd's defaults", p.Story)
	}
	// init's note to the person is no story bible; once the person writes
	// anything, all of it is.
	if p.Story.Body == "" || p.Story.Bible() != "" {
		t.Errorf("body %q, bible %q; want init's note kept in the file and out of the prompts", p.Story.Body, p.Story.Bible())
	}
	p.Story.Body += "Salt is money on the road.\n"
	if b := p.Story.Bible(); !strings.HasSuffix(b, "Salt is money on the road.") || !strings.HasPrefix(b, "Write here") {
		t.Errorf("an edited body's bible is %q; want all of it", b)
	}
}

// "Far below its target" is under half of it; "far above" over twice; no
// target, no verdict.
func TestFarShortAndLong(t *testing.T) {
	for _, c := range []struct {
		words, target int
		short, long   bool
	}{{199, 400, true, false}, {200, 400, false, false}, {800, 400, false, false}, {801, 400, false, true}, {0, 0, false, false}, {5, 0, false, false}} {
		if got := FarShort(c.words, c.target); got != c.short {
			t.Errorf("FarShort(%d, %d) = %v", c.words, c.target, got)
		}
		if got := FarLong(c.words, c.target); got != c.long {
			t.Errorf("FarLong(%d, %d) = %v", c.words, c.target, got)
		}
	}
}

func TestSeqRanges(t *testing.T) {
	for _, c := range []struct {
		seqs []int
		want string
	}{{nil, ""}, {[]int{4}, "4"}, {[]int{2, 4}, "2, 4"}, {[]int{1, 2, 3, 7, 9, 10}, "1-3, 7, 9-10"}} {
		if got := SeqRanges(c.seqs); got != c.want {
			t.Errorf("SeqRanges(%v) = %q; want %q", c.seqs, got, c.want)
		}
	}
}

// Disk.List gives a directory's .md files, sorted, each with the size and
// mtime os.Stat gives (through a symlink too); not a directory, not a
// dot-file; a file that is not regular has a stat that is not OK.
func TestDiskListStats(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0003-b.md": "x", "scenes/.0004-hidden.md": "y", "scenes/notes.txt": "z"})
	if err := os.Mkdir(filepath.Join(dir, "scenes", "0005-dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("0003-b.md", filepath.Join(dir, "scenes", "0006-link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("0005-dir.md", filepath.Join(dir, "scenes", "0007-dirlink.md")); err != nil {
		t.Fatal(err)
	}
	rels, stats := Disk(dir).List(SceneDir)
	want := []string{"scenes/0001-one.md", "scenes/0002-two.md", "scenes/0003-b.md", "scenes/0006-link.md", "scenes/0007-dirlink.md"}
	if strings.Join(rels, " ") != strings.Join(want, " ") || len(stats) != len(rels) {
		t.Fatalf("listed %q (%d stats); want %q", rels, len(stats), want)
	}
	for i, rel := range rels {
		fi, err := os.Stat(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		want := FileStat{Size: fi.Size(), Mtime: fi.ModTime().UnixNano(), OK: fi.Mode().IsRegular()}
		if !want.OK {
			want = FileStat{}
		}
		if stats[i] != want {
			t.Errorf("%s: stat %+v; want %+v", rel, stats[i], want)
		}
	}
	if rels, stats := Disk(dir).List("nowhere"); rels != nil || stats != nil {
		t.Errorf("a missing directory lists %q", rels)
	}
}

// Every value the decoder refuses is a problem at its line, in the file's
// words; a value it takes (2.5 truncated into tension) is not blamed for
// another's refusal.
func TestFrontmatterReportsEachRefusedValue(t *testing.T) {
	data := "---\nid: s3\nseq: three\ntitle: X\ntension: 2.5\nwords: many\nsummary: [a]\n---\nx\n"
	var s Scene
	_, err := textfile.ParseFrontmatter("scenes/0003-x.md", []byte(data), &s)
	var probs textfile.Problems
	if !errors.As(err, &probs) {
		t.Fatalf("got %v; want problems", err)
	}
	var got []string
	for _, p := range probs {
		got = append(got, p.Error())
	}
	want := []string{`scenes/0003-x.md:3: seq: "three" is not a whole number`, `scenes/0003-x.md:6: words: "many" is not a whole number`}
	if !slices.Equal(got, want) {
		t.Errorf("got %q; want %q", got, want)
	}
}

// A sheet's or scene's id, name and seq problems are at the key's own
// line, not at line 2 or 3 of every file: a sheet may open with its name.
func TestEntityProblemsAtTheKeyLine(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{
		"characters/c2-bo.md":  "---\nname: Bo\nrole: a friend\nid: c1\n---\nBo.\n",
		"characters/c3-cy.md":  "---\nrole: x\nid: c3\nname: \"\"\n---\nCy.\n",
		"locations/l2-yard.md": "---\nname: Yard\nkind: a yard\nid: L 2\n---\nA yard.\n",
		"scenes/0009-x.md": "---\nid: s9\ntitle: X\nseq: 2\npov: c1\nlocation: l1\ncharacters: [c1]\nsummary: [a]\nthreads_opened: []\n" +
			"threads_resolved: []\nwords: 2\nmodel: offline\ncreated: 2026-01-01T00:00:00Z\n---\n\nx\n",
	})
	_, err := LoadCached(Disk(dir), config.Default(), nil)
	var got []string
	for _, p := range textfile.ProblemsIn(err) {
		got = append(got, p.Error())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		`characters/c2-bo.md:4: duplicate id "c1"`,
		`characters/c3-cy.md:4: name is empty`,
		`locations/l2-yard.md:4: id "L 2" must be lowercase letters`,
		`scenes/0009-x.md:4: duplicate seq 2`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
}

// A state.json storyd cannot read is told in JSON's words, at its line,
// not in Go's ("cannot unmarshal string into Go struct field State.last_seq
// of type int").
func TestStateProblemInTheFilesWords(t *testing.T) {
	for data, want := range map[string]string{
		`{"version":1,"last_seq":"x","ticks":1}`:      `.storyd/state.json:1: unreadable machine state: last_seq holds a JSON string where storyd keeps a number`,
		"{\"version\":1,\n\"last_seq\":3 x}":          `.storyd/state.json:2: unreadable machine state: not valid JSON: invalid character 'x' after object key:value pair`,
		`{"version":1,"last_seq":3,"hashes":{"a":5}}`: `.storyd/state.json:1: unreadable machine state: hashes`,
	} {
		dir := mdfixture.Project(t)
		mdfixture.WriteFiles(t, dir, map[string]string{StateFile: data})
		_, err := LoadCached(Disk(dir), config.Default(), nil)
		ps := textfile.ProblemsIn(err)
		if len(ps) != 1 || !strings.HasPrefix(ps[0].Error(), want) || strings.Contains(ps[0].Msg, "Go struct") {
			t.Errorf("%q: got %v; want %q", data, err, want)
		}
	}
}
