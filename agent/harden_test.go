package agent

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
	"github.com/storyd/storyd/textfile"
	"github.com/storyd/storyd/validate"
)

// hostile wraps a model and salts every text it returns with a NUL, a
// terminal escape (colour, window title, screen clear) and a bidi override.
type hostile struct{ next Model }

const salt = "\x00\x1b[31m\x1b]0;pwned\x07\u202e\x1b[2J"

// salted are the JSON keys whose values become prose, titles, names or
// summaries in the project's files.
var salted = map[string]bool{"title": true, "name": true, "description": true, "role": true, "intention": true,
	"summary": true, "threads_opened": true, "term": true, "definition": true, "fact": true}

func (h hostile) Complete(ctx context.Context, r llm.Request) (llm.Response, error) {
	resp, err := h.next.Complete(ctx, r)
	if err != nil {
		return resp, err
	}
	if r.Schema == nil {
		resp.Content = "Night" + salt + "fall came.\x00 " + resp.Content + "\x1b[2J"
		return resp, nil
	}
	var v any
	if err := json.Unmarshal([]byte(resp.Content), &v); err != nil {
		return resp, nil
	}
	out, _ := json.Marshal(salt1(v, false))
	resp.Content = string(out)
	return resp, nil
}

func salt1(v any, on bool) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = salt1(x, salted[k])
		}
	case []any:
		for i, x := range t {
			t[i] = salt1(x, on)
		}
	case string:
		if on && t != "" {
			return t[:len(t)/2] + salt + t[len(t)/2:]
		}
	}
	return v
}

// Model output with NUL bytes and terminal escapes is cleaned before it
// is committed: no project file holds a control character afterwards, and
// the project validates. (Before: a title became "Night\x00fall".)
func TestModelControlCharactersNeverReachTheFiles(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, hostile{next: offline.Model{}})
	res, err := a.Run(context.Background(), Batch{N: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Ticks) != 3 {
		t.Fatalf("%d ticks; want 3", len(res.Ticks))
	}
	files := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		data, _ := os.ReadFile(path)
		if probs := textfile.Check(path, data); len(probs) > 0 {
			t.Errorf("%v", probs)
		}
		files++
		return nil
	})
	p, err := journal.Load(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if probs := validate.Project(p); len(probs) > 0 {
		t.Fatal(probs)
	}
	last := p.Scenes[len(p.Scenes)-1]
	if !strings.HasPrefix(proseOf(t, last), "Nightfall came.") {
		t.Fatalf("scene body starts %q; want the prose without its control characters", proseOf(t, last)[:40])
	}
	t.Logf("%d files checked; last title %q", files, last.Title)
}
