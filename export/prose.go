package export

import (
	"bytes"
	"html"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// unicodePunct makes the typographer emit characters instead of its default
// named entities (&ldquo; …), which are not defined in XHTML and so break
// EPUB chapters parsed as XML.
var unicodePunct = map[extension.TypographicPunctuation]string{
	extension.LeftSingleQuote:  "‘",
	extension.RightSingleQuote: "’",
	extension.LeftDoubleQuote:  "“",
	extension.RightDoubleQuote: "”",
	extension.EnDash:           "–",
	extension.EmDash:           "—",
	extension.Ellipsis:         "…",
	extension.LeftAngleQuote:   "«",
	extension.RightAngleQuote:  "»",
	extension.Apostrophe:       "’",
}

// renderProse renders a scene body to an XHTML fragment (valid HTML too).
// idPrefix keeps footnote ids unique when several scenes share a document;
// shift moves the body's own headings below the scene heading.
func renderProse(body, idPrefix string, shift int) (string, error) {
	md := goldmark.New(
		goldmark.WithExtensions(
			extension.NewTypographer(extension.WithTypographicSubstitutions(unicodePunct)),
			extension.NewFootnote(
				extension.WithFootnoteIDPrefix(idPrefix),
				extension.WithFootnoteBacklinkHTML("↩\uFE0E"),
			),
		),
		goldmark.WithParserOptions(
			parser.WithASTTransformers(util.Prioritized(headingShift(shift), 100)),
		),
		// XHTML output (self-closed void elements) is also valid HTML, so
		// one renderer serves both formats. No WithUnsafe: raw HTML in prose
		// is shown as text by escapeRawHTML below.
		goldmark.WithRendererOptions(
			ghtml.WithXHTML(),
			renderer.WithNodeRenderers(util.Prioritized(escapeRawHTML{}, 100)),
		),
	)
	var b bytes.Buffer
	if err := md.Convert([]byte(separateBreaks(body)), &b); err != nil {
		return "", err
	}
	// Goldmark's footnote ids contain a colon ("fn:1"), which EPUB
	// checkers reject in XHTML ids; use a dash.
	colon := regexp.MustCompile(`((?:id|href)="#?` + regexp.QuoteMeta(idPrefix) + `fn(?:ref\d*)?):`)
	return colon.ReplaceAllString(b.String(), "$1-"), nil
}

// headingShift demotes headings inside a scene body by n levels (at most
// h6), so they nest under the scene's own heading.
type headingShift int

func (n headingShift) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	if n == 0 {
		return
	}
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := node.(*ast.Heading); ok && entering {
			h.Level = min(6, h.Level+int(n))
		}
		return ast.WalkContinue, nil
	})
}

// escapeRawHTML renders raw HTML in prose as visible, escaped text. Goldmark's
// safe mode would drop it silently ("raw HTML omitted"), losing words a writer
// typed; passing it through (WithUnsafe) would let a model inject markup.
type escapeRawHTML struct{}

func (escapeRawHTML) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, renderRawInline)
	reg.Register(ast.KindHTMLBlock, renderRawBlock)
}

func renderRawInline(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		segs := node.(*ast.RawHTML).Segments
		for i := range segs.Len() {
			seg := segs.At(i)
			_, _ = w.WriteString(html.EscapeString(string(seg.Value(src))))
		}
	}
	return ast.WalkSkipChildren, nil
}

func renderRawBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	var b bytes.Buffer
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	if n.HasClosure() {
		b.Write(n.ClosureLine.Value(src))
	}
	_, _ = w.WriteString(`<p class="raw">`)
	_, _ = w.WriteString(html.EscapeString(string(bytes.TrimRight(b.Bytes(), "\n"))))
	_, _ = w.WriteString("</p>\n")
	return ast.WalkSkipChildren, nil
}
