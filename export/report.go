package export

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/progress"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/textfile"
)

// TickInfo is what one tick produced.
type TickInfo struct {
	Seq             int
	Title           string // optional; shown in the scene table
	Words           int
	Strain          string // the writer pack's strain tier: "normal", "strain I" … "strain III"
	POV, Location   string // display names
	ThreadsOpened   int
	ThreadsResolved int
	// Tension is the extractor's 0–10 reading of the scene and Intended the
	// outline's for its chapter; nil when unknown.
	Tension, Intended *int
}

// ReportData is everything the run report shows.
type ReportData struct {
	Title       string
	Generated   time.Time     // zero: not shown
	Calls       []usage.Entry // the usage ledger
	Ticks       []TickInfo
	TargetWords int // 0: no target line
	// SceneWords is the target length of a scene: a line on the words per
	// tick chart (0: none).
	SceneWords int
	// Complete says why the book is complete ("" while it is not).
	Complete string
	// Undone counts the undos of each seq, Deleted lists the scenes a
	// person deleted: a tick without a scene says which it was.
	Undone  map[int]int
	Deleted []int
}

// ReportFromProject fills ReportData from a project's scenes (in seq order),
// the ledger's calls and the strain tier of each tick's writer pack (by
// seq; a missing tick shows as unknown). POV and location ids become names.
// Thread counts come from each scene's threads_opened / threads_resolved.
// Generated is left zero for the caller, which owns the clock.
func ReportFromProject(p *project.Project, calls []usage.Entry, strains map[int]string) ReportData {
	d := ReportData{Title: p.Story.Title, TargetWords: p.Story.TargetWords, SceneWords: p.SceneWords(), Calls: slices.Clone(calls),
		Undone: maps.Clone(p.State.Redrafts), Deleted: slices.Concat(p.State.Deleted, p.Deleted)}
	for _, s := range p.Scenes {
		d.Ticks = append(d.Ticks, TickInfo{
			Seq:             s.Seq,
			Title:           sceneTitle(s),
			Words:           s.Words,
			Strain:          strains[s.Seq],
			POV:             characterName(p, s.POV),
			Location:        locationName(p, s.Location),
			ThreadsOpened:   len(s.ThreadsOpened),
			ThreadsResolved: len(s.ThreadsResolved),
			Tension:         s.Tension,
			Intended:        intendedTension(p, s),
		})
	}
	slices.SortStableFunc(d.Ticks, func(a, b TickInfo) int { return a.Seq - b.Seq })
	if g := progress.Of(p); g.Complete {
		d.Complete = g.Ending
	}
	return d
}

// intendedTension is the tension the outline gives the scene's chapter.
func intendedTension(p *project.Project, s *project.Scene) *int {
	if p.Outline == nil {
		return nil
	}
	if c := p.Outline.Chapter(s.Chapter); c != nil && c.Tension >= 0 {
		return &c.Tension
	}
	return nil
}

// roleColors are fixed for storyd's own roles so reports compare at a glance;
// other roles take the spare colours in name order.
var roleColors = map[string]string{
	"planner":    "#4e79a7",
	"writer":     "#f28e2b",
	"extractor":  "#59a14f",
	"checkpoint": "#b07aa1",
}

var spareColors = []string{"#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac", "#e15759"}

var roleOrder = []string{"planner", "writer", "extractor", "checkpoint"}

type tier struct {
	level int // 0..3, 4 = unknown
	name  string
}

var strainColors = []string{"#59a14f", "#edc948", "#f28e2b", "#e15759", "#c8c8c8"}

var strainNames = []string{"normal", "strain I", "strain II", "strain III", "unknown"}

// strainLevel reads a tier name as prompt.Tier.String() writes it.
func strainLevel(s string) tier {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "normal":
		return tier{0, "normal"}
	case "strain i", "i", "1":
		return tier{1, "strain I"}
	case "strain ii", "ii", "2":
		return tier{2, "strain II"}
	case "strain iii", "iii", "3":
		return tier{3, "strain III"}
	case "":
		return tier{4, "unknown"}
	}
	return tier{4, s}
}

// sums is the report's arithmetic, done by usage.Sum: token counts and cost
// cover paid calls only (a cache hit was paid for before), as in status.
type sums struct {
	all    usage.Totals
	byRole map[string]usage.Totals
	roles  []string // storyd's roles in pipeline order, then the rest
	ticks  []tickSums
	models map[string]int // calls per model, cache hits included
	words  int
	// unticked counts the calls not tied to a tick (totals only).
	unticked int
}

// tickSums is everything known about one tick, calls included.
type tickSums struct {
	info    TickInfo
	hasInfo bool // a scene exists (else the tick failed or its scene was deleted)
	all     usage.Totals
	byRole  map[string]usage.Totals
}

// sum totals the report's data: one tickSums per tick seen in either the
// scenes or the calls, in seq order.
func sum(d ReportData) sums {
	calls := slices.Clone(d.Calls)
	byTick := map[int][]usage.Entry{}
	s := sums{models: map[string]int{}}
	for i := range calls {
		if calls[i].Role == "" {
			calls[i].Role = "other"
		}
		if m := calls[i].Model; m != "" {
			s.models[m]++
		}
		if t := calls[i].Tick; t > 0 {
			byTick[t] = append(byTick[t], calls[i])
		} else {
			s.unticked++
		}
	}
	s.all, s.byRole, _ = usage.Sum(calls)
	s.roles = sortRoles(s.byRole)
	info := map[int]TickInfo{}
	for _, t := range d.Ticks {
		s.words += t.Words
		if t.Seq > 0 {
			info[t.Seq] = t
			if _, ok := byTick[t.Seq]; !ok {
				byTick[t.Seq] = nil // a tick without calls still has a row
			}
		}
	}
	for _, seq := range slices.Sorted(maps.Keys(byTick)) {
		var t tickSums
		if t.info, t.hasInfo = info[seq]; !t.hasInfo {
			t.info.Seq = seq
		}
		t.all, t.byRole, _ = usage.Sum(byTick[seq])
		s.ticks = append(s.ticks, t)
	}
	return s
}

//go:embed report.tmpl
var reportTmpl string

var reportPage = template.Must(template.New("report").Parse(reportTmpl))

// page is what report.tmpl shows; every number is formatted here.
type page struct {
	Title, Generated, Models string
	Tiles                    []tile
	Unticked                 int
	Notices                  []string
	Strain                   figure
	Charts                   []figure
	Roles                    []roleRow
	Scenes                   []sceneRow
}

type tile struct {
	Value, Label string
	Bar          template.CSS // width of the progress bar; empty: none
}

type figure struct {
	Wide    bool
	Caption string
	SVG     template.HTML // drawn by svg.go, which escapes its text
	Legend  []legendItem
}

type legendItem struct {
	Name   string
	Color  template.CSS
	Dashed bool
}

type roleRow struct {
	Role                                            string
	Calls, CacheHits                                int
	Prompt, CachedPrompt, Completion, Cost, Latency string
}

type sceneRow struct {
	Seq                          int
	Title, Words, POV, Location  string
	Strain                       string
	Opened, Resolved             int
	TokensIn, TokensOut, CostUSD string
}

// Report writes the run report: a self-contained HTML page (inline CSS and
// SVG, no scripts, no network) with totals, per-tick charts and a per-scene
// table. It is also well-formed XML.
func Report(w io.Writer, d ReportData) error {
	s := sum(d)
	pg := page{Title: strings.TrimSpace(d.Title), Models: modelList(s.models), Unticked: s.unticked,
		Tiles: tiles(d, s), Notices: notices(d, s)}
	if pg.Title == "" {
		pg.Title = "Untitled"
	}
	if !d.Generated.IsZero() {
		pg.Generated = d.Generated.UTC().Format("2006-01-02 15:04 UTC")
	}
	if len(s.ticks) > 0 {
		pg.Strain, pg.Charts = charts(d, s)
		pg.Roles = roleRows(s)
		pg.Scenes = sceneRows(d, s)
	}
	return reportPage.Execute(w, pg)
}

func tiles(d ReportData, s sums) []tile {
	words := tile{Value: commas(s.words), Label: "words"}
	if d.TargetWords > 0 {
		pct := 100 * float64(s.words) / float64(d.TargetWords)
		words.Label = fmt.Sprintf("words of %s (%.0f%%)", commas(d.TargetWords), pct)
		words.Bar = template.CSS(fmt.Sprintf("width: %.1f%%", min(pct, 100)))
	}
	prompt := "prompt tokens"
	if s.all.CachedPromptTokens > 0 {
		prompt = fmt.Sprintf("prompt tokens (%s cached)", compact(float64(s.all.CachedPromptTokens)))
	}
	ts := []tile{words}
	if d.Complete != "" {
		ts = append(ts, tile{Value: "complete", Label: d.Complete})
	}
	ts = append(ts, []tile{
		{Value: strconv.Itoa(len(d.Ticks)), Label: "scenes"},
		{Value: commas(s.all.Calls + s.all.CacheHits), Label: fmt.Sprintf("model calls (%d from cache)", s.all.CacheHits)},
		{Value: commas(s.all.PromptTokens), Label: prompt},
		{Value: commas(s.all.CompletionTokens), Label: "completion tokens"},
		{Value: s.all.CostText(), Label: "cost"},
		{Value: seconds(float64(s.all.LatencyMS) / 1000), Label: "model time"},
	}...)
	if len(s.ticks) > 0 && s.all.Calls > 0 {
		perTick := (s.all.PromptTokens + s.all.CompletionTokens) / len(s.ticks)
		ts = append(ts, tile{Value: commas(perTick), Label: "tokens per tick"})
	}
	return ts
}

// notices are the report's sentences above the charts: the tick at which
// the manuscript passed its target.
func notices(d ReportData, s sums) []string {
	if d.TargetWords <= 0 || s.words < d.TargetWords {
		return nil
	}
	words, at := 0, 0
	for _, t := range d.Ticks {
		if words += t.Words; words >= d.TargetWords {
			at = t.Seq
			break
		}
	}
	return []string{fmt.Sprintf("The book passed its target of %s words at scene %d: it has %s words (%.0f%% of the target).",
		commas(d.TargetWords), at, commas(s.words), 100*float64(s.words)/float64(d.TargetWords))}
}

// charts draws the strain strip and the per-tick charts.
func charts(d ReportData, s sums) (figure, []figure) {
	xs := make([]int, len(s.ticks))
	tiers := make([]string, len(s.ticks))
	seen := map[int]bool{}
	for i, t := range s.ticks {
		xs[i], tiers[i] = t.info.Seq, t.info.Strain
		seen[strainLevel(tiers[i]).level] = true
	}
	var strainLegend []series
	for lvl, name := range strainNames {
		if seen[lvl] {
			strainLegend = append(strainLegend, series{name: name, color: strainColors[lvl]})
		}
	}
	col := func(f func(t tickSums) float64) []float64 {
		out := make([]float64, len(s.ticks))
		for i, t := range s.ticks {
			out[i] = f(t)
		}
		return out
	}
	byRole := func(f func(usage.Totals) float64) []series {
		var ss []series
		for i, r := range s.roles {
			ss = append(ss, series{name: r, color: roleColor(r, i), vals: col(func(t tickSums) float64 { return f(t.byRole[r]) })})
		}
		return ss
	}
	c := func(label string, fmtY func(float64) string) chart { return chart{label, xs, fmtY, 0} }

	wordsPer := col(func(t tickSums) float64 { return float64(t.info.Words) })
	perTick := []series{{name: "words", color: "#4e79a7", vals: wordsPer}}
	if d.SceneWords > 0 {
		perTick = append(perTick, series{name: "scene target " + commas(d.SceneWords), color: "#999999",
			vals: col(func(tickSums) float64 { return float64(d.SceneWords) }), dashed: true})
	}
	cum := []series{{name: "words so far", color: "#4e79a7", vals: cumulative(wordsPer)}}
	if d.TargetWords > 0 {
		target := make([]float64, len(xs))
		for i := range target {
			target[i] = float64(d.TargetWords)
		}
		cum = append(cum, series{name: "target " + commas(d.TargetWords), color: "#999999", vals: target, dashed: true})
	}
	cached := col(func(t tickSums) float64 { return float64(t.all.CachedPromptTokens) })
	uncached := col(func(t tickSums) float64 { return float64(t.all.PromptTokens - t.all.CachedPromptTokens) })
	pc := []series{{name: "cached by the provider", color: "#59a14f", vals: cached}, {name: "not cached", color: "#bab0ac", vals: uncached}}
	ps := byRole(func(t usage.Totals) float64 { return float64(t.PromptTokens) })
	cs := byRole(func(t usage.Totals) float64 { return float64(t.CompletionTokens) })
	cost := byRole(func(t usage.Totals) float64 { return t.CostUSD })
	lat := byRole(func(t usage.Totals) float64 { return float64(t.LatencyMS) / 1000 })
	th := threadSeries(col(func(t tickSums) float64 { return float64(t.info.ThreadsOpened) }),
		col(func(t tickSums) float64 { return float64(t.info.ThreadsResolved) }))

	figs := []figure{
		fig(false, "Words written per tick", c("words written per tick", compact).stackedBars(perTick), perTick),
		fig(false, "Manuscript length", c("cumulative words", compact).lines(cum), cum),
		fig(false, "Prompt tokens per tick, by role", c("prompt tokens per tick by role", compact).stackedBars(ps), ps),
		fig(false, "Completion tokens per tick, by role", c("completion tokens per tick by role", compact).stackedBars(cs), cs),
		fig(false, "Prompt cache: cached vs uncached prompt tokens", c("cached prompt tokens per tick", compact).stackedBars(pc), pc),
		fig(false, costCaption(s.all), c("cost per tick", config.USD).stackedBars(cost), cost),
		fig(false, "Model latency per tick, by role", c("latency per tick", seconds).stackedBars(lat), lat),
		fig(false, "Story threads over time (cumulative)", c("threads opened and resolved", compact).lines(th), th),
	}
	if ts := tensionSeries(s.ticks); len(ts) > 0 {
		figs = append(figs, fig(false, "Tension per scene, beside the outline's intended shape",
			c("tension per scene", compact).lines(ts), ts))
	}
	return fig(true, "Writer context strain per tick", strainStrip(xs, tiers), strainLegend), figs
}

// costCaption titles the cost chart, saying what it leaves out.
func costCaption(all usage.Totals) string {
	switch {
	case all.Unpriced == 1:
		return "Cost per tick (USD), by role; 1 unpriced call is not in it"
	case all.Unpriced > 1:
		return fmt.Sprintf("Cost per tick (USD), by role; %d unpriced calls are not in it", all.Unpriced)
	}
	return "Cost per tick (USD), by role"
}

// tensionSeries is the extractor's tension per scene and, where the outline
// gives its chapters one, the intended tension as a dashed reference; nil
// when no scene has a tension. An unknown value repeats the one before.
func tensionSeries(ticks []tickSums) []series {
	actual, intended := make([]float64, len(ticks)), make([]float64, len(ticks))
	anyActual, anyIntended := false, false
	for i, t := range ticks {
		switch {
		case t.info.Tension != nil && t.hasInfo:
			actual[i], anyActual = float64(*t.info.Tension), true
		case i > 0:
			actual[i] = actual[i-1]
		}
		switch {
		case t.info.Intended != nil && t.hasInfo:
			intended[i], anyIntended = float64(*t.info.Intended), true
		case i > 0:
			intended[i] = intended[i-1]
		}
	}
	if !anyActual {
		return nil
	}
	out := []series{{name: "tension (extractor)", color: "#e15759", vals: actual}}
	if anyIntended {
		out = append(out, series{name: "intended (outline)", color: "#999999", vals: intended, dashed: true})
	}
	return out
}

// threadSeries are the cumulative opened, resolved and still open threads.
func threadSeries(openedPer, resolvedPer []float64) []series {
	opened, resolved := cumulative(openedPer), cumulative(resolvedPer)
	open := make([]float64, len(opened))
	for i := range open {
		open[i] = max(0, opened[i]-resolved[i]) // hand-set threads can resolve more than scenes opened
	}
	return []series{{name: "opened", color: "#e15759", vals: opened}, {name: "resolved", color: "#59a14f", vals: resolved},
		{name: "still open", color: "#4e79a7", vals: open, dashed: true}}
}

func cumulative(v []float64) []float64 {
	out := make([]float64, len(v))
	acc := 0.0
	for i, x := range v {
		acc += x
		out[i] = acc
	}
	return out
}

func fig(wide bool, caption, svg string, legend []series) figure {
	f := figure{Wide: wide, Caption: caption, SVG: template.HTML(svg)}
	for _, s := range legend {
		f.Legend = append(f.Legend, legendItem{Name: s.name, Color: template.CSS(s.color), Dashed: s.dashed})
	}
	return f
}

func roleRows(s sums) []roleRow {
	var rows []roleRow
	for _, r := range s.roles {
		t := s.byRole[r]
		rows = append(rows, roleRow{Role: r, Calls: t.Calls + t.CacheHits, CacheHits: t.CacheHits,
			Prompt: commas(t.PromptTokens), CachedPrompt: commas(t.CachedPromptTokens), Completion: commas(t.CompletionTokens),
			Cost: t.CostText(), Latency: seconds(float64(t.LatencyMS) / 1000 / float64(max(1, t.Calls)))})
	}
	return rows
}

func sceneRows(d ReportData, s sums) []sceneRow {
	var rows []sceneRow
	for _, t := range s.ticks {
		i := t.info
		r := sceneRow{Seq: i.Seq, Title: i.Title, Words: commas(i.Words), POV: i.POV, Location: i.Location,
			Strain: strainLevel(i.Strain).name, Opened: i.ThreadsOpened, Resolved: i.ThreadsResolved,
			TokensIn: commas(t.all.PromptTokens), TokensOut: commas(t.all.CompletionTokens), CostUSD: t.all.CostText()}
		undone := d.Undone[i.Seq]
		switch {
		case !t.hasInfo && slices.Contains(d.Deleted, i.Seq):
			r.Title, r.Strain = "(deleted by hand)", ""
		case !t.hasInfo && undone > 0:
			r.Title, r.Strain = "(undone)", ""
		case !t.hasInfo:
			r.Title, r.Strain = "(no scene: the tick failed)", ""
		case undone > 0:
			r.Title += fmt.Sprintf(" (redrafted: undone %s before; the tokens and cost include the undone drafts)", times(undone))
		}
		rows = append(rows, r)
	}
	return rows
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// sortRoles puts storyd's roles first in pipeline order, then the rest by name.
func sortRoles(set map[string]usage.Totals) []string {
	var out []string
	for _, r := range roleOrder {
		if _, ok := set[r]; ok {
			out = append(out, r)
		}
	}
	var rest []string
	for r := range set {
		if !slices.Contains(roleOrder, r) {
			rest = append(rest, r)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

func roleColor(role string, i int) string {
	if c, ok := roleColors[role]; ok {
		return c
	}
	return spareColors[i%len(spareColors)]
}

func modelList(m map[string]int) string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		names[i] = fmt.Sprintf("%s (%d %s)", n, m[n], textfile.Noun(m[n], "call"))
	}
	return strings.Join(names, ", ")
}

// commas formats n with thousands separators.
func commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// compact formats an axis value: 950, 1.2k, 3.4M.
func compact(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e6:
		return trimZero(fmt.Sprintf("%.1f", v/1e6)) + "M"
	case a >= 1e3:
		return trimZero(fmt.Sprintf("%.1f", v/1e3)) + "k"
	case a == math.Trunc(a):
		return strconv.Itoa(int(v))
	}
	return trimZero(fmt.Sprintf("%.2f", v))
}

func trimZero(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func seconds(v float64) string {
	switch {
	case v == 0:
		return "0 s"
	case v >= 3600:
		return fmt.Sprintf("%.1f h", v/3600)
	case v >= 120:
		return fmt.Sprintf("%.1f min", v/60)
	case v >= 10:
		return fmt.Sprintf("%.0f s", v)
	}
	return trimZero(fmt.Sprintf("%.2f", v)) + " s"
}
