package agent

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/storyd/storyd/llm/offline"
)

// The pack fingerprints are the last tick's: a preview (storyd plan, or
// context, which asks the planner) leaves them alone, or `context --role
// planner --explain` would compare the next pack with itself.
func TestPreviewKeepsTheTicksPrefix(t *testing.T) {
	dir, cfg := exampleProject(t, "llm: {provider: offline}\nretrieval: {enabled: false}\n")
	a := newAgent(t, dir, cfg, offline.Model{})
	if _, err := a.Run(context.Background(), Batch{N: 2}, nil); err != nil {
		t.Fatal(err)
	}
	ticked, err := os.ReadFile(packPrefixPath(dir, "planner"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.WriterPack(context.Background()); err != nil { // asks the planner too
		t.Fatal(err)
	}
	if now, _ := os.ReadFile(packPrefixPath(dir, "planner")); !bytes.Equal(now, ticked) {
		t.Error("a preview replaced the last tick's planner fingerprint")
	}
}
