package llm

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// FuzzStreamDone: the SSE body wrapper sees "data: [DONE]" however the
// stream is cut into reads, reports a stream without it as cut, and never
// claims a [DONE] the stream does not hold.
func FuzzStreamDone(f *testing.F) {
	for _, s := range []string{
		"data: {\"choices\":[]}\n\ndata: [DONE]\n\n",
		"data: {\"choices\":[]}\n\n",
		"data:[DONE]",
		"data: [DONE]\r\n",
		": keep-alive\n\ndata: [DONE]\n",
		"data: {\"x\": \"data: [DONE]\"}\n",
		"data: " + strings.Repeat("x", 100) + "\ndata: [DONE]\n",
		"",
	} {
		f.Add([]byte(s), uint8(1))
		f.Add([]byte(s), uint8(7))
	}
	f.Fuzz(func(t *testing.T, stream []byte, chunk uint8) {
		ctx, cancel := context.WithCancelCause(context.Background())
		b := &streamBody{rc: io.NopCloser(&chunked{r: bytes.NewReader(stream), n: int(chunk%64) + 1}),
			timer: time.NewTimer(time.Hour), idle: time.Hour, ctx: ctx, cancel: cancel, limit: 1 << 20}
		defer b.Close()
		_, err := io.ReadAll(b)
		strict, lenient := false, false
		for _, line := range strings.Split(string(stream), "\n") {
			strict = strict || strings.TrimSuffix(line, "\r") == "data: [DONE]"
			l := strings.TrimSpace(line)
			lenient = lenient || strings.HasPrefix(l, "data:") && strings.TrimSpace(l[5:]) == "[DONE]"
		}
		cut := errors.Is(err, errStreamCut)
		var event *streamEventError
		if errors.As(err, &event) {
			return // an error object in the stream ends it before any [DONE]
		}
		if err != nil && !cut {
			t.Fatalf("unexpected error %v", err)
		}
		if strict && cut {
			t.Fatalf("%q read in chunks of %d: reported cut despite data: [DONE]", stream, chunk%64+1)
		}
		if !lenient && !cut {
			t.Fatalf("%q: not reported cut without data: [DONE]", stream)
		}
	})
}

// chunked returns at most n bytes per Read, like a network connection.
type chunked struct {
	r io.Reader
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(p) > c.n {
		p = p[:c.n]
	}
	return c.r.Read(p)
}
