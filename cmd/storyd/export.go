package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/storyd/storyd/agent"
	"github.com/storyd/storyd/export"
	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/project"
)

func (e *env) exportCmd() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "render the manuscript as markdown, HTML or EPUB",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Usage: "md, html or epub", DefaultText: "from -o's extension (.md, .html, .epub); md on standard output"},
			&cli.StringFlag{Name: "o", Aliases: []string{"output"}, Usage: "output file (default: standard output; required for epub)"},
			&cli.StringFlag{Name: "scenes", Usage: "scene ranges, e.g. 1-20,25"},
			&cli.BoolFlag{Name: "with-metadata", Usage: "add POV, location and model per scene; flag stand-in scenes"},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			// Every scene's prose, read under the commit lock: an undo
			// meanwhile cannot leave a scene without its text.
			_, p, err := e.openWith(c, journal.LoadWhole)
			if err != nil {
				return err
			}
			o := export.Options{WithMetadata: c.Bool("with-metadata"), Now: e.now()}
			if spec := c.String("scenes"); spec != "" {
				if o.Scenes, err = export.ParseRange(spec); err != nil {
					return &usageError{msg: "--scenes: " + err.Error()}
				}
				noteAbsent(e.stderr, p, o.Scenes)
			}
			format, err := exportFormat(c.String("format"), c.String("o"))
			if err != nil {
				return err
			}
			var render func(io.Writer) error
			switch format {
			case "md", "markdown":
				render = func(w io.Writer) error { return export.Markdown(w, p, o) }
			case "html":
				render = func(w io.Writer) error { return export.HTML(w, p, o) }
			case "epub":
				if c.String("o") == "" {
					return &usageError{msg: "--format epub needs -o FILE.epub"}
				}
				render = func(w io.Writer) error { return export.EPUB(w, p, o) }
			default:
				return &usageError{msg: fmt.Sprintf("--format %q: use md, html or epub", c.String("format"))}
			}
			return e.output(c.String("o"), render)
		},
	}
}

// noteAbsent says which selected scenes the book does not have, when it
// has some of them (none at all is export's error): a typo in --scenes
// would otherwise pass for a shorter book.
func noteAbsent(w io.Writer, p *project.Project, want []int) {
	have := map[int]bool{}
	for _, s := range p.Scenes {
		have[s.Seq] = true
	}
	var absent []int
	present := false
	for _, n := range want {
		if have[n] {
			present = true
		} else {
			absent = append(absent, n)
		}
	}
	if present && len(absent) > 0 {
		slices.Sort(absent)
		fmt.Fprintf(w, "storyd: note: --scenes names %s, not in the book (deleted, or not written yet); exported the rest\n", scenesText(slices.Compact(absent)))
	}
}

// exportFormat is --format, or the format -o's extension names; a format
// that contradicts the extension is refused rather than writing markdown
// into book.epub.
func exportFormat(flag, out string) (string, error) {
	byExt := map[string]string{".md": "md", ".markdown": "md", ".txt": "md", ".html": "html", ".htm": "html", ".xhtml": "html", ".epub": "epub"}
	ext := strings.ToLower(filepath.Ext(out))
	implied, known := byExt[ext]
	if flag == "markdown" {
		flag = "md"
	}
	switch {
	case flag == "" && known:
		return implied, nil
	case flag == "" && out != "" && out != "-":
		return "", &usageError{msg: fmt.Sprintf("-o %s: cannot tell the format from the extension %q", out, ext),
			hint: "name the file .md, .html or .epub, or add --format md|html|epub"}
	case flag == "":
		return "md", nil
	case known && implied != flag:
		return "", &usageError{msg: fmt.Sprintf("--format %s does not match -o %s (its extension says %s)", flag, out, implied),
			hint: fmt.Sprintf("drop --format to write %s, or name the file %s", implied, strings.TrimSuffix(out, filepath.Ext(out))+"."+flag)}
	}
	return flag, nil
}

// output renders to stdout, or to a file replaced atomically so a failed
// render leaves no half-written file behind.
func (e *env) output(path string, render func(io.Writer) error) error {
	if path == "" || path == "-" {
		return render(e.stdout)
	}
	if err := writeOutput(path, func(b *strings.Builder) error { return render(b) }); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "storyd: wrote %s\n", path)
	return nil
}

func (e *env) reportCmd() *cli.Command {
	return &cli.Command{
		Name:  "report",
		Usage: "an HTML page with charts of the run: words, tokens, cost, latency, strain, threads",
		Flags: []cli.Flag{&cli.StringFlag{Name: "o", Aliases: []string{"output"}, Value: "report.html", Usage: "output file (a relative one is in the current directory, not the project)"}},
		Action: func(ctx context.Context, c *cli.Command) error {
			_, p, err := e.open(c)
			if err != nil {
				return err
			}
			entries, err := agent.ReadLedger(p.Dir)
			if err != nil {
				return err
			}
			strains, err := agent.Strains(p.Dir)
			if err != nil {
				return err
			}
			d := export.ReportFromProject(p, entries, strains)
			d.Generated = e.now()
			return e.output(c.String("o"), func(w io.Writer) error { return export.Report(w, d) })
		},
	}
}
