package llm

import (
	"testing"
	"time"
)

// Words split across chunks count once; the start is the first chunk's.
func TestStreamCountJoinsSplitWords(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)
	var c StreamCount
	for i, chunk := range []string{"", "The light", "house kee", "per waited", " by the ", "lamp.\n\nThen"} {
		c.Add(chunk, t0.Add(time.Duration(i)*time.Second), func(s string) int { return 1 })
	}
	// The lighthouse keeper waited by the lamp. Then
	if c.Words != 8 || c.Tokens != 5 || !c.Start.Equal(t0.Add(time.Second)) {
		t.Errorf("words %d, tokens %d, start %v; want 8, 5, the second chunk's", c.Words, c.Tokens, c.Start)
	}
}
