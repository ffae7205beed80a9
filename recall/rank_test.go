package recall

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/storyd/storyd/index"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/recall/anchor"
)

// rankProject is a book of filler scenes where Brandt is named often, his
// fear of fire is stated once (scene 2) and a cave behind a waterfall is
// described once (scene 3).
func rankProject(t *testing.T) *project.Project {
	t.Helper()
	filler := "The morning passed in letters and visits; the rain kept off; the household talked of the harvest and of the new curate, and nobody said anything worth remembering."
	var bodies []string
	for i := 1; i <= 40; i++ {
		b := []string{filler}
		switch i {
		case 2:
			b = append(b, "Colonel Brandt was terrified of fire ever since the barracks burned.")
		case 3:
			b = append(b, "The smugglers met in a limestone cave behind the waterfall.")
		}
		if i%3 == 0 {
			b = append(b, "Colonel Brandt dined with them again and spoke of the weather.")
		}
		if i == 30 {
			// Word for word again: only the first mention tells them apart.
			b = append(b, "The smugglers met in a limestone cave behind the waterfall.")
		}
		bodies = append(bodies, strings.Join(b, "\n\n"))
	}
	p := anchorProject(t, bodies...)
	for _, s := range p.Scenes {
		s.Title = fmt.Sprintf("Chapter %d", s.Seq)
	}
	return p
}

func rankRecall(t *testing.T, p *project.Project, plan *project.Plan, exclude func(int) bool) []project.Snippet {
	t.Helper()
	ix, err := index.OpenIndex(p.Dir, index.NewLocalEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ix.Sync(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	a := OpenAnchors(p.Dir)
	a.Sync(p)
	out, err := Recall(context.Background(), ix, a, RecallInput{Project: p, Plan: plan, K: 3, Exclude: exclude})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRecallAnchorsBeforeNameOnlyPassages(t *testing.T) {
	p := rankProject(t)
	// The plan shares no word with the fact beyond Brandt's name.
	plan := &project.Plan{Title: "Harvest", Intention: "Brandt must carry a lantern into the blazing hayloft.", POV: "c1"}
	got := rankRecall(t, p, plan, nil)
	if len(got) == 0 || got[0].Kind != index.KindAnchor || got[0].Entity != "c2" || !strings.Contains(got[0].Text, "terrified of fire") {
		t.Fatalf("Brandt's fear should come first: %+v", got)
	}
	for _, s := range got[1:] {
		if s.Kind != index.KindAnchor && strings.Contains(s.Text, "Brandt dined") && !strings.Contains(s.Text, "lantern") {
			t.Errorf("a passage that only names Brandt was recalled: %+v", s)
		}
	}
	// The tiers show scene 2: its anchor is left to them.
	got = rankRecall(t, p, plan, func(seq int) bool { return seq == 2 })
	for _, s := range got {
		if s.Seq == 2 {
			t.Errorf("an excluded scene's anchor was recalled: %+v", s)
		}
	}
}

func TestRecallFirstMentionAndOnePerScene(t *testing.T) {
	p := rankProject(t)
	plan := &project.Plan{Title: "Night", Intention: "A lantern is seen in the cave behind the waterfall.",
		Beats: []string{"The excise men search the limestone cave.", "Someone waits behind the waterfall."}, POV: "c1"}
	got := rankRecall(t, p, plan, nil)
	var passages []project.Snippet
	seqs := map[int]bool{}
	for _, s := range got {
		if s.Kind == index.KindAnchor {
			continue
		}
		passages = append(passages, s)
		if seqs[s.Seq] {
			t.Errorf("two passages of scene %d", s.Seq)
		}
		seqs[s.Seq] = true
		if n := len(strings.Fields(s.Text)); n > 2*passageWords+2 {
			t.Errorf("passage of %d words: %q", n, s.Text)
		}
	}
	if len(passages) < 2 || passages[0].Seq != 3 || passages[1].Seq != 30 {
		t.Fatalf("the full description (scene 3) should lead, not its later mention (scene 30): %+v", passages)
	}
	if len(passages) > 3 {
		t.Errorf("%d passages; want at most K = 3", len(passages))
	}
}

func TestBestSentences(t *testing.T) {
	var ss []string
	for i := 0; i < 30; i++ {
		ss = append(ss, fmt.Sprintf("Sentence %d is about nothing in particular at all.", i))
	}
	ss[17] = "The heron astrolabe lay on the desk."
	q := newLexQuery("the heron astrolabe", func(string) float32 { return 1 }, 10, nil)
	got := bestSentences(strings.Join(ss, " "), q, newPlanTerms(nil, []lexQuery{q}))
	if !strings.Contains(got, "heron astrolabe") || len(strings.Fields(got)) > passageWords+2 || !strings.HasPrefix(got, "… ") || !strings.HasSuffix(got, " …") {
		t.Errorf("bestSentences = %q", got)
	}
	// The best sentence's own paragraph first: the sentence before it in
	// its paragraph, not the next paragraph's, when only one more fits.
	fact := "The groom warned the new boy about the master of the house, at length. He will make you a present of it on the spot, whatever it is. " +
		"Last winter a caller praised the heron astrolabe on his desk and rode home with it."
	next := "Among the things the house held that winter were a harp with three strings, a stuffed bear in the hall, and a clock that ran backwards."
	got = bestSentences(fact+"\n\n"+next, q, newPlanTerms(nil, []lexQuery{q}))
	if !strings.Contains(got, "present of it on the spot") || strings.Contains(got, "harp") {
		t.Errorf("bestSentences = %q; want the sentence before the best, in its paragraph, not the next paragraph's", got)
	}
	// A short best sentence and a long one after it in its paragraph,
	// the two past passageWords: the second comes, cut to the passage's
	// length; not when the best sentence is long already.
	short := "The heron astrolabe burned with the barn, and the village blamed the haymakers."
	long := "It was the groom who fired it, with a lantern and a truss of his own straw, because the master had docked his wages in a wet year and let his children go hungry all the winter long."
	got = bestSentences(short+" "+long, q, newPlanTerms(nil, []lexQuery{q}))
	if !strings.Contains(got, "It was the groom who fired it") || len(strings.Fields(got)) > passageWords+1 || !strings.HasSuffix(got, " …") {
		t.Errorf("bestSentences = %q; want the long sentence after the short best one, cut", got)
	}
	longer := "The heron astrolabe burned with the barn on the fourth of November in the great storm of that year, and the whole village, from the parson down to the smallest child, blamed the Irish haymakers."
	if got = bestSentences(longer+" "+long, q, newPlanTerms(nil, []lexQuery{q})); strings.Contains(got, "groom") {
		t.Errorf("bestSentences = %q; want the best sentence alone, half the passage's length or more", got)
	}
}

func TestRecallAnchorByDescription(t *testing.T) {
	p := rankProject(t)
	// Neither Brandt nor his fear is named: the plan shares a rare word
	// with the sentence that stated it.
	plan := &project.Plan{Title: "Rebuilding", Intention: "Carpenters come to rebuild the old barracks.", POV: "c1"}
	got := rankRecall(t, p, plan, nil)
	if len(got) == 0 || got[0].Kind != index.KindAnchor || got[0].Entity != "c2" || !strings.Contains(got[0].Text, "barracks") {
		t.Fatalf("Brandt's anchor should come by its description: %+v", got)
	}
	// Words every scene holds point at no anchor.
	plan = &project.Plan{Title: "Letters", Intention: "The household talks of the harvest.", POV: "c1"}
	for _, s := range rankRecall(t, p, plan, nil) {
		if s.Kind == index.KindAnchor {
			t.Errorf("an anchor without a shared word of weight came: %+v", s)
		}
	}
}

func TestPickDescribedOnePerQueryFirst(t *testing.T) {
	a := func(text string, query int, mass float32) scoredAnchor {
		return scoredAnchor{x: anchor.Anchor{Text: text}, query: query, mass: mass}
	}
	list := []scoredAnchor{a("beat 0, best", 0, 50), a("beat 0, second", 0, 45), a("beat 2, best", 2, 30)}
	var got []string
	for _, s := range pickDescribed(list, 2) {
		got = append(got, s.x.Text)
	}
	if want := "beat 0, best|beat 2, best"; strings.Join(got, "|") != want {
		t.Errorf("picked %q; want %q: each query's best before any query's second", strings.Join(got, "|"), want)
	}
	if n := len(pickDescribed(list, 5)); n != 3 {
		t.Errorf("picked %d of 3 with room for 5", n)
	}
	// Of two holding as much of one beat (one word as rare as another),
	// a promise before a sheet's fact.
	fact := scoredAnchor{x: anchor.Anchor{Text: "Takes in fine sewing.", Kind: anchor.Fact, Extracted: true}, mass: 60}
	promise := scoredAnchor{x: anchor.Anchor{Text: "had promised never to set foot in a playhouse", Kind: anchor.Promised}, mass: 60}
	if got := pickDescribed([]scoredAnchor{fact, promise, a("beat 1", 1, 10)}, 2); got[0].x.Text != promise.x.Text {
		t.Errorf("picked %q first; want the promise, of equal weight, before the sheet's fact", got[0].x.Text)
	}
}

func TestPickKindOrderUnlessPointed(t *testing.T) {
	a := &Anchors{}
	a.reset()
	a.data.ByEntity["c1"] = []anchor.Anchor{
		{Entity: "c1", Kind: anchor.Promised, Text: "Hester promised her father never to marry for money.", Seq: 2},
		{Entity: "c1", Kind: anchor.Cannot, Text: "Hester could not receive comfort from it.", Seq: 5, Uses: 1},
	}
	one := func(string) float32 { return 1 }
	pick := func(query string) string {
		qs := []lexQuery{newLexQuery(query, one, float32(math.Inf(1)), nil)}
		pk := anchorPicker{a: a, exclude: func(int) bool { return false }, queries: qs, terms: newPlanTerms(nil, qs)}
		got := pk.pick("c1", false, 1)
		if len(got) != 1 {
			t.Fatalf("%q: picked %d anchors; want 1", query, len(got))
		}
		return got[0].x.Kind
	}
	// One word of six shared by chance says nothing: the kind order rules.
	if k := pick("receives a proposal from a wealthy young man she does not love"); k != anchor.Promised {
		t.Errorf("a chance shared word chose %s; want the promise", k)
	}
	// One of five, a fifth of the query's weight, does point.
	if k := pick("receives a proposal from a wealthy young man"); k != anchor.Cannot {
		t.Errorf("a fifth of the plan's words chose %s; want the anchor they point at", k)
	}
	if k := pick("receives no comfort"); k != anchor.Cannot {
		t.Errorf("the plan's words chose %s; want the anchor they point at", k)
	}
}

func TestRecallNamedEntitiesShareAnchors(t *testing.T) {
	// Three entities with four facts each, none pointed at by the plan:
	// each gets anchorsPerNamed of its kinds, the first stated first.
	p := anchorProject(t,
		"Colonel Brandt swore to repay the Ashby debt. Brandt hid the deeds in the stable. Brandt was terrified of fire. Brandt owned a grey mare.",
		"Hester Thorne swore to stay at the mill. Hester hid a letter in the clock. Hester was afraid of horses. Hester owned a brass astrolabe.",
		"Darcy swore to find his sister. Darcy hid the ring in the yew. Darcy was afraid of storms. Darcy owned a black hunter.",
		"Brandt was terrified of dogs as well, later on.")
	plan := &project.Plan{Title: "Callers", Intention: "Brandt, Hester and Darcy call on the vicar.", POV: "c1"}
	got := map[string][]string{}
	for _, s := range rankRecall(t, p, plan, nil) {
		if s.Kind == index.KindAnchor {
			got[s.Entity] = append(got[s.Entity], s.Anchor)
		}
	}
	want := strings.Join([]string{anchor.Promised, anchor.Hid, anchor.Fears}[:anchorsPerNamed], " ")
	for _, id := range []string{"c1", "c2", "c3"} {
		if strings.Join(got[id], " ") != want {
			t.Errorf("%s: anchors %v; want %s", id, got[id], want)
		}
	}
}

func TestRecallAnchorByWordForms(t *testing.T) {
	// The book writes "strongroom" once, in Brandt's anchor, and "strong"
	// and "room" elsewhere; Hester's "thunderstorms" once, "thunder"
	// elsewhere.
	p := fillerBook(t, "The room was cold and the tea was strong, and the household slept through the storm at night.", 30, map[int]string{
		3:  "Colonel Brandt hid the deeds in the strongroom.",
		5:  "Hester Thorne was terrified of thunderstorms.",
		20: "Far off, thunder.",
	})
	for _, c := range []struct{ intention, want string }{
		{"The strong room is found open at dawn.", "strongroom"},
		{"Thunder in the night.", "thunderstorms"},
	} {
		plan := &project.Plan{Title: "Night", Intention: c.intention, POV: "c3"}
		got := rankRecall(t, p, plan, nil)
		if !slices.ContainsFunc(got, func(s project.Snippet) bool { return s.Kind == index.KindAnchor && strings.Contains(s.Text, c.want) }) {
			t.Errorf("%q: the anchor holding %q was not recalled: %+v", c.intention, c.want, got)
		}
	}
}

func TestRecallWithoutWordCounts(t *testing.T) {
	// An embedder that is not the local one keeps no word counts: no
	// word forms, the similarity gate; recall still works.
	p := rankProject(t)
	local := index.NewLocalEmbedder()
	emb := index.EmbedFunc("other", func(ctx context.Context, texts []string) ([][]float32, error) { return local.Embed(ctx, texts) })
	ix, err := index.OpenIndex(p.Dir, emb)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ix.Sync(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if ix.Lexical() || ix.Holds("waterfal") {
		t.Fatal("the index keeps word counts for another embedder")
	}
	plan := &project.Plan{Title: "Smugglers", Intention: "A lantern is seen in the cave behind the waterfall.", POV: "c1"}
	got, err := Recall(context.Background(), ix, OpenAnchors(p.Dir), RecallInput{Project: p, Plan: plan, K: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(got, func(s project.Snippet) bool { return strings.Contains(s.Text, "waterfall") }) {
		t.Errorf("the cave was not recalled: %+v", got)
	}
}

func TestRecallNotedSaysMost(t *testing.T) {
	// Nothing but noted sentences is known of Brandt: the plan that names
	// him gets the one whose words are rarest in the book first, and as
	// many as notedUnpointed while his slots have room (the planted fact
	// is not always the one whose words are rarest).
	p := fillerBook(t, "They talked at dinner of the weather and the roads, and the talk moved on.", 20, map[int]string{
		2: "Colonel Brandt was mentioned at dinner, and the talk moved on.",
		4: "Colonel Brandt talked in his sleep of the burning orchards at Talavera.",
	})
	plan := &project.Plan{Title: "Dawn", Intention: "Brandt rides out at dawn.", POV: "c3"}
	got := anchorTexts(rankRecall(t, p, plan, nil), "")
	if len(got) != notedUnpointed || !strings.Contains(got[0], "Talavera") {
		t.Errorf("anchors %q; want the Talavera sentence, then the other", got)
	}
}

func TestRecallNotedFillsFewSlots(t *testing.T) {
	// One fact of a known kind is known of Wexcombe, too few to fill its
	// slots: the noted sentences come after it, the one that tells most
	// first; a second only when it holds a word rare in the book, which
	// the dinner-table mention, every word of it the book's filler, does
	// not.
	p := fillerBook(t, "They talked at dinner of the weather and the roads, and the talk moved on.", 20, map[int]string{
		2: "Wexcombe was a drowned village by then.",
		4: "Wexcombe was talked of at dinner, and the talk moved on.",
		6: "Under Wexcombe's green ran a culvert of Roman brick.",
	})
	plan := &project.Plan{Title: "Dusk", Intention: "Hester walks to Wexcombe.", POV: "c3"}
	got := anchorTexts(rankRecall(t, p, plan, nil), "l1")
	if len(got) != 2 || !strings.Contains(got[0], "drowned") || !strings.Contains(got[1], "culvert") {
		t.Errorf("Wexcombe's anchors %q; want the drowned village, then the culvert", got)
	}
}

func TestRecallNotedLongTellsMost(t *testing.T) {
	// A sentence no shape reads, too long to be kept whole (cut at
	// anchor.MaxWords), tells its fact by words the book uses nowhere
	// else: it comes for the plan naming Brandt before the passing
	// mention of him in common words, however short that is.
	long := "The Gazette's account of the sale ran to a column, and near the foot of it, after the Canalettos and the Sevres, came the line every reader remarked on: lot twelve, a Chinese automaton in the form of a nightingale, from the house of Colonel Brandt, which sings when wound, sold for four hundred guineas to a dealer."
	p := fillerBook(t, "They talked at dinner of the weather and the roads, and the talk moved on.", 20, map[int]string{
		2: "Colonel Brandt was talked of at dinner, and the roads.",
		4: long,
	})
	plan := &project.Plan{Title: "Dawn", Intention: "Brandt rides out at dawn.", POV: "c3"}
	got := anchorTexts(rankRecall(t, p, plan, nil), "c2")
	if len(got) != 1 || !strings.Contains(got[0], "Gazette") {
		t.Errorf("Brandt's anchors %q; want the Gazette's sentence alone", got)
	}
}

func TestRecallNotedLongIsNarration(t *testing.T) {
	// A long sentence about Wexcombe says more by its rare words; it
	// comes where its entity's slots have room for two, else the short
	// one does.
	long := "Wexcombe's green ran with culverts of Roman brick that the abbot's masons had laid, and the sexton's lanterns, the reeve's ledgers, the miller's hounds and the tanner's barrels crowded the verges from Candlemas to Michaelmas every year."
	plan := &project.Plan{Title: "Dusk", Intention: "Hester walks to Wexcombe.", POV: "c3"}
	for _, c := range []struct {
		extra map[int]string
		want  string
	}{
		{map[int]string{}, "culverts"},
		{map[int]string{8: "Wexcombe had a lychgate of black oak."}, "bells"},
	} {
		scenes := map[int]string{
			2: "Wexcombe was a drowned village by then.",
			4: long,
			6: "Wexcombe's church bells rang for every wedding in the valley.",
		}
		maps.Copy(scenes, c.extra)
		p := fillerBook(t, "They talked at dinner of the weather and the roads, and the talk moved on.", 20, scenes)
		got := anchorTexts(rankRecall(t, p, plan, nil), "l1")
		if len(got) == 0 || !strings.Contains(got[len(got)-1], c.want) {
			t.Errorf("Wexcombe's anchors %q; want the last to hold %q", got, c.want)
		}
	}
}

// A passage's coverage of a query is the same bits every time: the
// weights are summed in the query's word order, not a map's random one
// (which differed in the last bits from call to call with a dozen words).
func TestLexQuerySharedSameBitsEveryTime(t *testing.T) {
	idf := func(s string) float32 { return 0.3 + float32(len(s)%7)*0.77 + float32(s[0]%5)*0.131 }
	text := "the heron instrument lay beside the brass locket under the winter lantern near the chapel orchard and regiment cottage"
	q := newLexQuery(text, idf, 2, newLexicon(idf))
	terms := map[string]float32{}
	for t := range q.w {
		terms[t] = 1
	}
	first := q.shared(terms)
	for run := range 200 {
		if got := q.shared(terms); math.Float32bits(got) != math.Float32bits(first) {
			t.Fatalf("call %d: %v; the first %v", run+2, got, first)
		}
	}
}

func TestRecallUnpointedSaysMostOfItsKind(t *testing.T) {
	// Two inabilities of Brandt, none pointed at by the plan: the one whose
	// words are rarer in the book comes, though stated later.
	p := fillerBook(t, "They walked to the house that day and talked of the weather.", 20, map[int]string{
		1: "Colonel Brandt could not walk to the house that day.",
		3: "Colonel Brandt could not read the Portuguese dispatches.",
	})
	plan := &project.Plan{Title: "Evening", Intention: "Brandt rides home.", POV: "c3"}
	got := anchorTexts(rankRecall(t, p, plan, nil), "c2")
	if len(got) == 0 || !strings.Contains(got[0], "Portuguese") {
		t.Errorf("Brandt's anchors %q; want the Portuguese dispatches first", got)
	}
}

// fillerBook is a book of n scenes of filler, scene i with extra[i] after it.
func fillerBook(t *testing.T, filler string, n int, extra map[int]string) *project.Project {
	t.Helper()
	var bodies []string
	for i := 1; i <= n; i++ {
		b := []string{filler}
		if x, ok := extra[i]; ok {
			b = append(b, x)
		}
		bodies = append(bodies, strings.Join(b, "\n\n"))
	}
	return anchorProject(t, bodies...)
}

// anchorTexts lists the texts of the anchors among snips, of entity only
// unless it is "".
func anchorTexts(snips []project.Snippet, entity string) []string {
	var out []string
	for _, s := range snips {
		if s.Kind == index.KindAnchor && (entity == "" || s.Entity == entity) {
			out = append(out, s.Text)
		}
	}
	return out
}

// How much an anchor says is the same bits every time (its words' IDFs
// summed in one order), so that of equals the first stated wins in every run.
func TestAnchorSayingSameBitsEveryTime(t *testing.T) {
	idf := func(s string) float32 { return 0.3 + float32(len(s)%7)*0.77 + float32(s[0]%5)*0.131 }
	pk := anchorPicker{lex: newLexicon(idf)}
	s := scoredAnchor{x: anchor.Anchor{Entity: "c1", Text: "Hester kept the heron instrument, the brass locket, the winter lantern and the chapel key in the orchard cottage of the regiment"}}
	first, firstTells := pk.saying(s), topMean(pk.idfs(s))
	for run := range 200 {
		if got := pk.saying(s); math.Float32bits(got) != math.Float32bits(first) {
			t.Fatalf("call %d: %v; the first %v", run+2, got, first)
		}
		if got := topMean(pk.idfs(s)); math.Float32bits(got) != math.Float32bits(firstTells) {
			t.Fatalf("call %d: tells %v; the first %v", run+2, got, firstTells)
		}
	}
}

// Anchors the plan's words point at, then the best passage, come before
// the anchors it does not point at: a plan naming several people must not
// bury under their unpointed facts the described thing its beat points at
// (the writer takes the first few).
func TestRecallPointedAnchorsFirst(t *testing.T) {
	p := anchorProject(t,
		"Colonel Brandt swore to repay the Ashby debt. Brandt hid the deeds in the stable. Brandt was terrified of fire.",
		"Hester Thorne swore to stay at the mill. Hester hid a letter in the clock. Hester was afraid of horses.",
		"Darcy swore to find his sister. Darcy hid the ring in the yew. Darcy was afraid of storms.",
		"Wexcombe had a drowned chapel whose copper bell rang under the tide.")
	plan := &project.Plan{Title: "Callers", Intention: "Brandt, Hester and Darcy call on the vicar.",
		Beats: []string{"A copper bell tolls under the water."}, POV: "c1"}
	got := rankRecall(t, p, plan, nil)
	first := slices.IndexFunc(got, func(s project.Snippet) bool { return s.Kind == index.KindAnchor && s.Entity != "l1" })
	bell := slices.IndexFunc(got, func(s project.Snippet) bool { return s.Entity == "l1" })
	if bell < 0 || first < 0 || bell > first {
		t.Fatalf("the bell (pointed at) should come before the callers' unpointed facts: %+v", got)
	}
	if passage := slices.IndexFunc(got, func(s project.Snippet) bool { return s.Kind != index.KindAnchor }); passage < 0 || passage > first {
		t.Fatalf("the best passage should come before the callers' unpointed facts: %+v", got)
	}
}

// TestTellingPassageHoldsAPointedAnchor: of the passages picked, the one
// around a sentence the plan's words point at comes with the anchors, for
// the sentences after it.
func TestTellingPassageHoldsAPointedAnchor(t *testing.T) {
	ladle := `"Nobody touches that ladle but me," said Mrs. Nicholls.`
	ps := []project.Snippet{
		{Seq: 112, Text: "Victor broods by the window and will not speak."},
		{Seq: 26, Text: ladle + ` "It was my mother's, and the crown stamped on the bowl is the king's."`},
	}
	if got := tellingPassage(ps, []project.Snippet{{Seq: 26, Kind: index.KindAnchor, Text: ladle}}); got != 1 {
		t.Errorf("tellingPassage = %d; want 1, the passage around the ladle's anchor", got)
	}
	if got := tellingPassage(ps, []project.Snippet{{Seq: 9, Kind: index.KindAnchor, Text: "Pike keeps the accounts."}}); got != 0 {
		t.Errorf("tellingPassage = %d; want 0, the best, when none holds a pointed anchor", got)
	}
	// A long sentence's anchor holds part of it (anchor.Cut): the passage
	// around it holds that part.
	for _, cut := range []string{`"Nobody touches that ladle but …`, `… that ladle but me," said Mrs. Nicholls.`} {
		if got := tellingPassage(ps, []project.Snippet{{Seq: 26, Kind: index.KindAnchor, Text: cut}}); got != 1 {
			t.Errorf("tellingPassage(%q) = %d; want 1, the passage around the part the anchor keeps", cut, got)
		}
	}
}

// An indefinite pronoun in the plan ("everyone", "someone") names no one:
// it points at no anchor that happens to hold it.
func TestRecallIndefinitePointsAtNothing(t *testing.T) {
	p := anchorProject(t,
		"Darcy hid his letters from everyone at Pemberley.",
		"Hester walked to the mill and back, and the talk was of the harvest.",
		"Colonel Brandt was terrified of fire.")
	plan := &project.Plan{Title: "Dinner", Intention: "Hester calls on the vicar.",
		Beats: []string{"Everyone pretends not to listen."}, POV: "c2"}
	for _, s := range rankRecall(t, p, plan, nil) {
		if s.Kind == index.KindAnchor && s.Entity == "c3" {
			t.Errorf("an anchor holding only the plan's \"everyone\" came: %+v", s)
		}
	}
}

// A paragraph's anchor is shown whole (up to anchor.MaxParaWords): it
// comes at two slots' cost, and the fact may be anywhere in it, its last
// words as likely as its rarest ("… and the family had since believed that
// the machine counted out the days of whoever set it going"). It is never
// pointed, whatever words a plan shares with it.
func TestParagraphAnchorShownAndUnpointed(t *testing.T) {
	p := &project.Project{Characters: []*project.Character{{ID: "c1", Name: "Hester Thorne"}}}
	pk := anchorPicker{p: p, lex: newLexicon(func(string) float32 { return 1 })}
	text := strings.Repeat("the sale ran to a column and the talk went on ", 6) + "and at the foot came a Chinese automaton in the form of a nightingale that sings when wound."
	x := anchor.Anchor{Entity: "c1", Kind: anchor.Noted, Text: text, Alone: true, Para: true}
	if got := pk.snippets([]scoredAnchor{{x: x}}); len(got) != 1 || got[0].Text != text || got[0].Title != "Hester Thorne" {
		t.Errorf("snippets %+v; want the paragraph's anchor whole", got)
	}
	if s := (scoredAnchor{x: anchor.Anchor{Kind: anchor.Noted, Para: true}, cov: 1, rare: true}); s.pointed() {
		t.Errorf("a paragraph's anchor is pointed")
	}
}

// A long sentence's anchor (anchor.Anchor.Long) comes whole for an entity
// little is known of (its fact may be in its last words), its first
// anchor.MaxWords words for one with more than scarceAnchors anchors from
// the prose (its sheet's facts apart); Used counts it shown either way.
func TestPickLongWholeOnlyWhenScarce(t *testing.T) {
	long := "Deborah Gambier had buried two husbands and a son, kept the books of the Bell for thirty years, nursed half the parish through the smallpox and sat up all night with a sick lamb as readily as with a sick child, and in all that time nobody had seen her weep."
	if n := len(strings.Fields(long)); n <= anchor.MaxWords || n > anchor.MaxParaWords {
		t.Fatalf("%d words; want past anchor.MaxWords", n)
	}
	x := anchor.Anchor{Entity: "c1", Kind: anchor.Hid, Text: long, Long: true, Seq: 2}
	for _, others := range []int{0, scarceAnchors - 1, scarceAnchors} {
		a := &Anchors{}
		a.reset()
		a.data.ByEntity["c1"] = []anchor.Anchor{x}
		for i := range others {
			a.data.ByEntity["c1"] = append(a.data.ByEntity["c1"], anchor.Anchor{Entity: "c1", Kind: anchor.Noted, Text: "Mrs. Gambier was seen on the road to market " + strconv.Itoa(i), Seq: 3 + i})
		}
		// The sheet's facts are not what the prose has said of her.
		for i := range 2 {
			a.data.ByEntity["c1"] = append(a.data.ByEntity["c1"], anchor.Anchor{Entity: "c1", Kind: anchor.Fact, Text: "Keeps the books of the Bell " + strconv.Itoa(i), Extracted: true, Seq: 1})
		}
		p := &project.Project{Characters: []*project.Character{{ID: "c1", Name: "Deborah Gambier"}}}
		pk := anchorPicker{a: a, p: p, exclude: func(int) bool { return false }, lex: newLexicon(func(string) float32 { return 1 }), terms: newPlanTerms(nil, nil)}
		got := pk.snippets(pk.pick("c1", false, 3))
		want := long
		if others+1 > scarceAnchors {
			want = anchor.CapWords(long, anchor.MaxWords)
		}
		if len(got) == 0 || got[0].Text != want {
			t.Fatalf("%d anchors: got %+v; want first %q", others+1, got, want)
		}
		a.Used(got[:1], 9)
		if u := a.data.ByEntity["c1"][0].Uses; u != 1 {
			t.Errorf("%d anchors: the long anchor shown has %d uses; want 1", others+1, u)
		}
	}
}

// A paragraph's anchor of an entity little is known of is pointed at by
// the plan's words as a sentence is, for a plan not naming the entity:
// for such an entity it is the fact's likeliest place. Of an entity much
// is known of, or for a plan naming it, it is never pointed (its many
// words share some with any plan by chance).
func TestPickParagraphPointedWhenScarce(t *testing.T) {
	para := anchor.Anchor{Entity: "c1", Kind: anchor.Noted, Alone: true, Para: true, Seq: 2,
		Text: "Casebook, 14th June. Mrs. Helewise Kelwick, the attorney's wife. Sound in wind and limb; but she has left written orders for a bell put in her coffin. Prescribed nothing."}
	one := func(string) float32 { return 1 }
	qs := []lexQuery{newLexQuery("an undertaker is asked to fit a bell inside a coffin", one, float32(math.Inf(1)), nil)}
	for _, others := range []int{0, scarceAnchors} {
		a := &Anchors{}
		a.reset()
		a.data.ByEntity["c1"] = []anchor.Anchor{para}
		for i := range others {
			a.data.ByEntity["c1"] = append(a.data.ByEntity["c1"], anchor.Anchor{Entity: "c1", Kind: anchor.Noted, Text: "Mrs. Kelwick was seen on the road to market " + strconv.Itoa(i), Seq: 3 + i})
		}
		pk := anchorPicker{a: a, exclude: func(int) bool { return false }, queries: qs, terms: newPlanTerms(nil, qs), lex: newLexicon(one)}
		described := pk.pick("c1", true, 2)
		if scarce := others+1 <= scarceAnchors; (len(described) == 1 && described[0].x.Para) != scarce {
			t.Errorf("%d anchors: described picks %+v; want the paragraph's anchor only when scarce (%v)", others+1, described, scarce)
		}
		for _, s := range pk.pick("c1", false, 3) {
			if s.x.Para && s.pointed() {
				t.Errorf("%d anchors: the paragraph's anchor pointed for a plan naming its entity", others+1)
			}
		}
	}
}
