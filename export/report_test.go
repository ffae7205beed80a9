package export

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/storyd/storyd/llm/usage"
)

// fakeReport is an offline-like run of n ticks: four calls per tick, a
// checkpoint every tenth, cache hits, rising strain, threads opening early
// and resolving late. Seeded, so the same n gives the same data.
func fakeReport(n int) ReportData {
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	d := ReportData{Title: "The Gate", Generated: fixedNow, TargetWords: 40000}
	tiers := []string{"normal", "normal", "strain I", "strain II", "strain III"}
	povs := []string{"Mara Vell", "Tom", "The Warden"}
	locs := []string{"The North Gate", "Salt Market", "The Old Mill"}
	for seq := 1; seq <= n; seq++ {
		d.Ticks = append(d.Ticks, TickInfo{
			Seq: seq, Title: fmt.Sprintf("Chapter %d", seq), Words: 900 + rng.IntN(700),
			Strain: tiers[min(len(tiers)-1, seq*len(tiers)/(n+1))], POV: povs[seq%3], Location: locs[(seq/2)%3],
			ThreadsOpened: max(0, 2-seq/10) + rng.IntN(2), ThreadsResolved: seq / 12 * rng.IntN(3),
		})
		ctx := 3000 + seq*250
		for _, role := range []string{"planner", "writer", "extractor"} {
			c := usage.Entry{Tick: seq, Role: role, Model: "gpt-4o-mini", PromptTokens: ctx + rng.IntN(400), CachedPromptTokens: ctx / 2,
				CompletionTokens: 200 + rng.IntN(300), LatencyMS: int64(800 + rng.IntN(2500))}
			if role == "writer" {
				c.CompletionTokens = 1400 + rng.IntN(600)
				c.LatencyMS += 6000
			}
			c.FromCache = rng.IntN(10) == 0
			if c.FromCache {
				c.LatencyMS = 0
			} else {
				c.CostUSD = float64(c.PromptTokens-c.CachedPromptTokens)*0.15e-6 + float64(c.CachedPromptTokens)*0.075e-6 + float64(c.CompletionTokens)*0.6e-6
			}
			d.Calls = append(d.Calls, c)
		}
		if seq%10 == 0 {
			d.Calls = append(d.Calls, usage.Entry{Tick: seq, Role: "checkpoint", Model: "gpt-4o-mini", PromptTokens: 9000,
				CompletionTokens: 600, LatencyMS: 4000, CostUSD: 9000*0.15e-6 + 600*0.6e-6})
		}
	}
	return d
}

func TestReport(t *testing.T) {
	d := fakeReport(30)
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	elems := parseXML(t, "report", b.Bytes())
	count := map[string]int{}
	for _, e := range elems {
		count[e]++
	}
	if count["svg"] != 9 {
		t.Errorf("svg charts = %d; want 9", count["svg"])
	}
	if count["script"] != 0 || strings.Contains(doc, "http://www.w3.org/1999/xlink") || strings.Contains(doc, "https://") {
		t.Error("report has scripts or external references; want a self-contained page")
	}
	// The writer bars of tick 30 and one strain cell per tick.
	for _, want := range []string{"<title>tick 30 · writer: ", "<title>tick 30 · strain III</title>", "<title>tick 1 · normal</title>",
		"<title>tick 10 · checkpoint: ", ">Chapter 30<", "Mara Vell", "Salt Market", "generated 2025-03-14 06:30 UTC",
		"gpt-4o-mini (93 calls)", "<th>Role</th>"} {
		if !strings.Contains(doc, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	words := 0
	for _, tk := range d.Ticks {
		words += tk.Words
	}
	if want := fmt.Sprintf(`<div class="v">%s</div><div class="k">words of 40,000`, commas(words)); !strings.Contains(doc, want) {
		t.Errorf("report lacks total words tile %q", want)
	}
	// A table row per tick, in order.
	var rows []string
	for i := 1; i <= 30; i++ {
		rows = append(rows, fmt.Sprintf(`<tr><td class="n">%d</td><td>Chapter %d</td>`, i, i))
	}
	inOrder(t, "scene table", doc, rows...)

	if path := os.Getenv("STORYD_WRITE_REPORT"); path != "" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
	}
}

func TestReportNoTicks(t *testing.T) {
	var b bytes.Buffer
	if err := Report(&b, ReportData{Title: "Empty"}); err != nil {
		t.Fatal(err)
	}
	parseXML(t, "empty report", b.Bytes())
	if doc := b.String(); !strings.Contains(doc, "No ticks yet") || strings.Contains(doc, "<svg") {
		t.Errorf("empty report: want a 'No ticks yet' note and no charts:\n%s", doc)
	}
}

func TestReportZeroCostAndUnknownStrain(t *testing.T) {
	d := ReportData{Title: "Offline", Ticks: []TickInfo{{Seq: 1, Words: 300}, {Seq: 2, Words: 310, Strain: "weird"}},
		Calls: []usage.Entry{{Tick: 1, Role: "writer", Model: "offline", PromptTokens: 100, CompletionTokens: 400},
			{Tick: 3, Role: "planner", Model: "offline", PromptTokens: 50}, {Role: "embed", PromptTokens: 5}}}
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	parseXML(t, "report", b.Bytes())
	doc := b.String()
	for _, want := range []string{"none recorded", "<title>tick 2 · weird</title>", "<title>tick 1 · unknown</title>",
		"(no scene: the tick failed)", "1 call(s) not tied to a tick"} {
		if !strings.Contains(doc, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

func TestReportFromProject(t *testing.T) {
	p := writeProject(t, 3)
	calls := []usage.Entry{{Tick: 1, Role: "writer", PromptTokens: 10}}
	d := ReportFromProject(p, calls, map[int]string{2: "strain I"})
	if d.Title != p.Story.Title || d.TargetWords != 5000 || len(d.Calls) != 1 || !d.Generated.IsZero() {
		t.Errorf("ReportFromProject header = %q, %d, %d calls, %v", d.Title, d.TargetWords, len(d.Calls), d.Generated)
	}
	if d.SceneWords != p.SceneWords() || d.SceneWords == 0 {
		t.Errorf("SceneWords = %d; want the project's %d", d.SceneWords, p.SceneWords())
	}
	if len(d.Ticks) != 3 {
		t.Fatalf("ticks = %d; want 3", len(d.Ticks))
	}
	got := d.Ticks[1]
	want := TickInfo{Seq: 2, Title: "Chapter 2", Words: p.Scenes[1].Words, Strain: "strain I", POV: "Mara Vell",
		Location: "The North Gate", ThreadsOpened: 1}
	if got != want {
		t.Errorf("tick 2 = %+v; want %+v", got, want)
	}
	calls[0].Tick = 99
	if d.Calls[0].Tick != 1 {
		t.Error("ReportFromProject shares the caller's calls slice; want a copy")
	}
}

func TestNiceAxis(t *testing.T) {
	for _, c := range []struct{ v, top, step float64 }{
		{0, 0, 0}, {1, 1, 0.25}, {7, 8, 2}, {9.5, 10, 2.5}, {1234, 1500, 500}, {48000, 60000, 20000}, {0.0031, 0.004, 0.001},
	} {
		top, step := niceAxis(c.v)
		if diff(top, c.top) > 1e-12 || diff(step, c.step) > 1e-12 {
			t.Errorf("niceAxis(%v) = %v, %v; want %v, %v", c.v, top, step, c.top, c.step)
		}
	}
}

func diff(a, b float64) float64 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{commas(0), "0"}, {commas(999), "999"}, {commas(1000), "1,000"}, {commas(-1234567), "-1,234,567"},
		{compact(950), "950"}, {compact(1500), "1.5k"}, {compact(2e6), "2M"}, {compact(0.25), "0.25"},
		{seconds(0.5), "0.5 s"}, {seconds(42), "42 s"}, {seconds(300), "5.0 min"},
	} {
		if c.got != c.want {
			t.Errorf("got %q; want %q", c.got, c.want)
		}
	}
}

func BenchmarkReport(b *testing.B) {
	for _, n := range []int{30, 1000} {
		d := fakeReport(n)
		b.Run(fmt.Sprintf("%d-ticks", n), func(b *testing.B) {
			for b.Loop() {
				if err := Report(io.Discard, d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The report's numbers, worked out by hand for a small run: a cache hit is
// counted as a call but its tokens and cost are not (it was paid for before,
// as in storyd status), and every chart of the page is present in order.
func TestReportTotalsByHand(t *testing.T) {
	d := ReportData{Title: "Hand <sums>", TargetWords: 2000,
		Ticks: []TickInfo{{Seq: 1, Title: "One", Words: 500, ThreadsOpened: 2}, {Seq: 2, Title: "Two", Words: 700, ThreadsResolved: 1}},
		Calls: []usage.Entry{
			{Tick: 1, Role: "planner", Model: "m", PromptTokens: 1000, CachedPromptTokens: 400, CompletionTokens: 100, CostUSD: 0.5, LatencyMS: 2000},
			{Tick: 1, Role: "writer", Model: "m", PromptTokens: 3000, CompletionTokens: 900, CostUSD: 1.5, LatencyMS: 6000},
			{Tick: 2, Role: "writer", Model: "m", PromptTokens: 3000, CompletionTokens: 900, FromCache: true},
			{Tick: 2, Role: "writer", Model: "n", PromptTokens: 2000, CompletionTokens: 800, CostUSD: 1, LatencyMS: 4000},
		}}
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	parseXML(t, "report", b.Bytes())
	doc := b.String()
	tile := func(v, k string) string { return `<div class="v">` + v + `</div><div class="k">` + k }
	inOrder(t, "totals", doc, "<title>Hand &lt;sums&gt;: run report</title>", "models: m (3 calls), n (1 call)",
		tile("1,200", "words of 2,000 (60%)"), `<span style="width: 60.0%">`, tile("2", "scenes"),
		tile("4", "model calls (1 from cache)"), tile("6,000", "prompt tokens (400 cached)"), tile("1,800", "completion tokens"),
		tile("$3.00", "cost"), tile("12 s", "model time"), tile("3,900", "tokens per tick"))
	var captions []string
	for _, c := range []string{"Writer context strain per tick", "Words written per tick", "Manuscript length",
		"Prompt tokens per tick, by role", "Completion tokens per tick, by role", "Prompt cache: cached vs uncached prompt tokens",
		"Cost per tick (USD), by role", "Model latency per tick, by role", "Story threads over time (cumulative)"} {
		captions = append(captions, "<figcaption>"+c+"</figcaption>")
	}
	inOrder(t, "charts", doc, captions...)
	inOrder(t, "tables", doc,
		`<tr><td>planner</td><td class="n">1</td><td class="n">0</td><td class="n">1,000</td><td class="n">400</td><td class="n">100</td><td class="n">$0.50</td><td class="n">2 s</td></tr>`,
		`<tr><td>writer</td><td class="n">3</td><td class="n">1</td><td class="n">5,000</td><td class="n">0</td><td class="n">1,700</td><td class="n">$2.50</td><td class="n">5 s</td></tr>`,
		`<tr><td class="n">1</td><td>One</td><td class="n">500</td><td></td><td></td><td>unknown</td><td class="n">2</td><td class="n">0</td><td class="n">4,000</td><td class="n">1,000</td><td class="n">$2.00</td></tr>`,
		`<tr><td class="n">2</td><td>Two</td><td class="n">700</td><td></td><td></td><td>unknown</td><td class="n">0</td><td class="n">1</td><td class="n">2,000</td><td class="n">800</td><td class="n">$1.00</td></tr>`)
	if strings.Contains(doc, "ZgotmplZ") {
		t.Error("a style value was rejected by html/template")
	}
}

// Undone, deleted and failed ticks each say which they were; a redrafted
// scene says its cost includes the undone drafts.
func TestReportUndoneTicks(t *testing.T) {
	d := ReportData{Title: "Undo", Ticks: []TickInfo{{Seq: 1, Title: "One", Words: 300}, {Seq: 4, Title: "Four", Words: 300}},
		Undone: map[int]int{2: 1, 4: 2}, Deleted: []int{3},
		Calls: []usage.Entry{{Tick: 1, Role: "writer"}, {Tick: 2, Role: "writer"}, {Tick: 3, Role: "writer"}, {Tick: 4, Role: "writer"}, {Tick: 5, Role: "writer"}}}
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	parseXML(t, "report", b.Bytes())
	inOrder(t, "scene table", b.String(), `<td class="n">1</td><td>One</td>`, `<td class="n">2</td><td>(undone)</td>`,
		`<td class="n">3</td><td>(deleted by hand)</td>`, `<td class="n">4</td><td>Four (redrafted: undone 2 times before;`,
		`<td class="n">5</td><td>(no scene: the tick failed)</td>`)
}

// The words chart carries the scene target as a dashed line, and a book
// past its target says at which scene it passed it; one short of it does not.
func TestReportTargets(t *testing.T) {
	d := ReportData{Title: "Targets", TargetWords: 1000, SceneWords: 400,
		Ticks: []TickInfo{{Seq: 1, Words: 450}, {Seq: 2, Words: 500}, {Seq: 3, Words: 380}}}
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	parseXML(t, "report", b.Bytes())
	doc := b.String()
	inOrder(t, "words chart", doc, "<figcaption>Words written per tick</figcaption>", `stroke-dasharray="6 4"`,
		"<title>scene target 400</title>", `<li><i class="dash"`, "scene target 400</li>", "<figcaption>Manuscript length</figcaption>")
	if want := `<p class="notice">The book passed its target of 1,000 words at scene 3: it has 1,330 words (133% of the target).</p>`; !strings.Contains(doc, want) {
		t.Errorf("report lacks %q", want)
	}
	d.Ticks = d.Ticks[:2]
	b.Reset()
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `class="notice"`) {
		t.Error("a book short of its target has a 'passed its target' notice")
	}
}

// Calls made without a price say "unpriced", not $0, in the tiles, the
// tables and the cost chart's caption; a priced tick keeps its cost.
func TestReportUnpriced(t *testing.T) {
	d := ReportData{Title: "Prices", Ticks: []TickInfo{{Seq: 1, Title: "One", Words: 300}, {Seq: 2, Title: "Two", Words: 300}},
		Calls: []usage.Entry{{Tick: 1, Role: "writer", Model: "m", PromptTokens: 100, CompletionTokens: 50},
			{Tick: 2, Role: "writer", Model: "m", PromptTokens: 100, CompletionTokens: 50, CostUSD: 1, Priced: true}}}
	var b bytes.Buffer
	if err := Report(&b, d); err != nil {
		t.Fatal(err)
	}
	parseXML(t, "report", b.Bytes())
	doc := b.String()
	inOrder(t, "unpriced", doc, `<div class="v">$1.00 &#43; 1 unpriced call</div><div class="k">cost`,
		"<figcaption>Cost per tick (USD), by role; 1 unpriced call is not in it</figcaption>",
		`<td class="n">$1.00 &#43; 1 unpriced call</td>`,
		`<td class="n">1</td><td>One</td>`, `<td class="n">unpriced</td></tr>`,
		`<td class="n">2</td><td>Two</td>`, `<td class="n">$1.00</td></tr>`)
}
