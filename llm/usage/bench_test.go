package usage

import (
	"strings"
	"testing"
)

func BenchmarkCacheKey100KB(b *testing.B) {
	r := simpleRequest()
	r.Messages[1].Content = strings.Repeat("word ", 20000)
	for b.Loop() {
		CacheKey("openai", "v1", r)
	}
}
