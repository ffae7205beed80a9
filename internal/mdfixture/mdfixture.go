// Package mdfixture writes small storyd projects as a person would type
// them, raw markdown and frontmatter, for the tests of package project's
// parser and of package journal above it. It imports nothing of storyd, so
// project's own in-package tests can use it; internal/fixture, which sits
// above project, builds projects through project's renderers instead.
package mdfixture

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// WriteFiles writes files (path relative to dir: content), creating
// directories as needed.
func WriteFiles(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for rel, content := range files {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Age sets the mtime of every file in dir's directories (*/*.md) an hour
// back: past the load cache's racy window, so that their stat proves them
// unchanged and a cached load reads a scene's body only on first use.
func Age(tb testing.TB, dir string) {
	tb.Helper()
	old := time.Now().Add(-time.Hour)
	paths, _ := filepath.Glob(filepath.Join(dir, "*", "*.md"))
	for _, p := range paths {
		if err := os.Chtimes(p, old, old); err != nil {
			tb.Fatal(err)
		}
	}
}

// Story is a minimal story.md.
const Story = "---\ntitle: Test\n---\n\nBible.\n"

// Scene is a scene file numbered seq, with Ann (c1) at the house (l1).
func Scene(seq int, title, body string) string {
	n := strconv.Itoa(seq)
	return "---\nid: s" + n + "\nseq: " + n + "\ntitle: " + title + "\npov: c1\nlocation: l1\ncharacters: [c1]\nsummary:\n  - something happens\nthreads_opened: []\nthreads_resolved: []\nwords: 2\nmodel: offline\ncreated: 2026-01-01T00:00:00Z\n---\n\n" + body + "\n"
}

// Project writes a two-scene project (one character, one location, an open
// and a resolved thread, one glossary term) in a temporary directory and
// returns the directory.
func Project(tb testing.TB) string {
	dir := tb.TempDir()
	WriteFiles(tb, dir, map[string]string{
		"story.md":                  Story,
		"characters/c1-ann.md":      "---\nid: c1\nname: Ann\n---\nAnn.\n",
		"locations/l1-the-house.md": "---\nid: l1\nname: The House\n---\nA house.\n",
		"scenes/0001-one.md":        Scene(1, "One", "First scene."),
		"scenes/0002-two.md":        Scene(2, "Two", "Second scene."),
		"threads.md":                "# Threads\n\n## Open\n- t1: Who? (opened 1)\n\n## Resolved\n- t2: Done (opened 1, resolved 2)\n",
		"glossary.md":               "# Glossary\n\n- **Glimmer**: a light (scene 1)\n",
	})
	return dir
}
