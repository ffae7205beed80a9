package export

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Chart geometry, in SVG user units (the SVG scales to its container).
const (
	chartW      = 560
	chartH      = 220
	padLeft     = 58
	padRight    = 14
	padTop      = 14
	padBottom   = 30
	maxXLabels  = 15
	stripW      = 1140
	stripHeight = 66
)

// series is one named, coloured sequence of values, one per x.
type series struct {
	name, color string
	vals        []float64
	dashed      bool // a reference line (in line charts), drawn without dots
}

// chart is the shared frame of the bar and line charts.
type chart struct {
	label string // aria-label
	xs    []int  // tick seqs, left to right
	fmtY  func(float64) string
	w     int // viewBox width; 0 means chartW
}

func (c chart) width() int {
	if c.w > 0 {
		return c.w
	}
	return chartW
}

func (c chart) plotW() float64 { return float64(c.width() - padLeft - padRight) }
func (c chart) plotH() float64 { return chartH - padTop - padBottom }
func (c chart) band() float64  { return c.plotW() / float64(max(1, len(c.xs))) }
func (c chart) xMid(i int) float64 {
	return padLeft + c.band()*(float64(i)+0.5)
}

// yOf maps a value to its SVG y for an axis running 0..top.
func (c chart) yOf(v, top float64) float64 {
	return padTop + c.plotH()*(1-v/top)
}

// open writes the SVG start tag, the y grid with labels and the x labels,
// and returns the axis top (0 when there is nothing to draw).
func (c chart) open(b *strings.Builder, maxV float64) float64 {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s">`+"\n",
		c.width(), chartH, html.EscapeString(c.label))
	top, step := niceAxis(maxV)
	if top > 0 {
		for v := 0.0; v <= top+step/2; v += step {
			y := c.yOf(v, top)
			fmt.Fprintf(b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`+"\n", padLeft, y, c.width()-padRight, y)
			fmt.Fprintf(b, `<text class="ylab" x="%d" y="%.1f">%s</text>`+"\n", padLeft-6, y+4, html.EscapeString(c.fmtY(v)))
		}
	}
	base := chartH - padBottom
	fmt.Fprintf(b, `<line class="axis" x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", padLeft, base, c.width()-padRight, base)
	every := labelEvery(len(c.xs))
	for i, x := range c.xs {
		if i%every == 0 {
			fmt.Fprintf(b, `<text class="xlab" x="%.1f" y="%d">%d</text>`+"\n", c.xMid(i), base+16, x)
		}
	}
	if top == 0 {
		fmt.Fprintf(b, `<text class="empty" x="%.1f" y="%.1f">none recorded</text>`+"\n",
			padLeft+c.plotW()/2, padTop+c.plotH()/2)
	}
	return top
}

// stackedBars draws one bar per x, its segments stacked in series order;
// dashed series are reference lines drawn over the bars, not stacked.
func (c chart) stackedBars(all []series) string {
	var b strings.Builder
	var ss, refs []series
	for _, s := range all {
		if s.dashed {
			refs = append(refs, s)
		} else {
			ss = append(ss, s)
		}
	}
	maxV := 0.0
	for i := range c.xs {
		sum := 0.0
		for _, s := range ss {
			sum += s.vals[i]
		}
		maxV = max(maxV, sum)
		for _, r := range refs {
			maxV = max(maxV, r.vals[i])
		}
	}
	top := c.open(&b, maxV)
	if top > 0 {
		w := c.band() * 0.72
		for i, x := range c.xs {
			acc := 0.0
			for _, s := range ss {
				v := s.vals[i]
				if v <= 0 {
					continue
				}
				y0, y1 := c.yOf(acc, top), c.yOf(acc+v, top)
				acc += v
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>tick %d · %s: %s</title></rect>`+"\n",
					c.xMid(i)-w/2, y1, w, y0-y1, s.color, x, html.EscapeString(s.name), html.EscapeString(c.fmtY(v)))
			}
		}
		for _, r := range refs {
			c.polyline(&b, r, top)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// polyline draws one series as a line across the plot; dashed ones are
// reference lines.
func (c chart) polyline(b *strings.Builder, s series, top float64) {
	var pts []string
	for i, v := range s.vals {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", c.xMid(i), c.yOf(v, top)))
	}
	dash := ""
	if s.dashed {
		dash = ` stroke-dasharray="6 4"`
	}
	fmt.Fprintf(b, `<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"><title>%s</title></polyline>`+"\n",
		s.color, dash, strings.Join(pts, " "), html.EscapeString(s.name))
}

// lines draws each series as a polyline with a dot per x (dots are left
// out past 60 points, where they would merge).
func (c chart) lines(ss []series) string {
	var b strings.Builder
	maxV := 0.0
	for _, s := range ss {
		for _, v := range s.vals {
			maxV = max(maxV, v)
		}
	}
	top := c.open(&b, maxV)
	if top > 0 {
		for _, s := range ss {
			c.polyline(&b, s, top)
			if s.dashed || len(s.vals) > 60 {
				continue
			}
			for i, v := range s.vals {
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"><title>tick %d · %s: %s</title></circle>`+"\n",
					c.xMid(i), c.yOf(v, top), s.color, c.xs[i], html.EscapeString(s.name), html.EscapeString(c.fmtY(v)))
			}
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// strainStrip draws one coloured cell per tick for its strain tier, as a
// full-width band (stripW wide) aligned with nothing else.
func strainStrip(xs []int, tiers []string) string {
	c := chart{xs: xs, w: stripW}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="strain tier per tick">`+"\n", stripW, stripHeight)
	every := labelEvery(len(xs))
	for i, x := range xs {
		t := strainLevel(tiers[i])
		w := c.band() - 2
		fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="28" rx="2" fill="%s"><title>tick %d · %s</title></rect>`+"\n",
			c.xMid(i)-w/2, padTop, max(w, 1), strainColors[t.level], x, html.EscapeString(t.name))
		if i%every == 0 {
			fmt.Fprintf(&b, `<text class="xlab" x="%.1f" y="%d">%d</text>`+"\n", c.xMid(i), padTop+44, x)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// labelEvery thins x labels to at most maxXLabels.
func labelEvery(n int) int { return max(1, int(math.Ceil(float64(n)/maxXLabels))) }

// niceAxis returns an axis top ≥ v and a round step (1, 2, 2.5 or 5 × 10^k)
// giving four to five grid lines; both are 0 when v ≤ 0.
func niceAxis(v float64) (top, step float64) {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, 0
	}
	raw := v / 4
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step = 10 * mag
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	return math.Ceil(v/step-1e-9) * step, step
}
