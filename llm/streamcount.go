package llm

import (
	"strings"
	"time"
)

// StreamCount counts what a streamed answer has delivered so far, chunk
// by chunk, for a progress display (words, tokens, and when the stream's
// first chunk came, so a rate is measured from the stream's own start).
// A word split across two chunks counts once.
type StreamCount struct {
	Words, Tokens int
	Start         time.Time
	midWord       bool // the last chunk ended inside a word
}

// Add counts chunk, which came at now; count (nil: tokens are not
// counted) counts its tokens.
func (c *StreamCount) Add(chunk string, now time.Time, count func(string) int) {
	if chunk == "" {
		return
	}
	if c.Start.IsZero() {
		c.Start = now
	}
	n := len(strings.Fields(chunk))
	if c.midWord && n > 0 && !startsWithSpace(chunk) {
		n-- // the first word of this chunk continues the last one
	}
	c.Words += n
	c.midWord = !endsWithSpace(chunk)
	if count != nil {
		c.Tokens += count(chunk)
	}
}

func startsWithSpace(s string) bool { return strings.TrimLeft(s, " \t\r\n") != s }
func endsWithSpace(s string) bool   { return strings.TrimRight(s, " \t\r\n") != s }
