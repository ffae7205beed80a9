package prompt

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestEncodingForModel(t *testing.T) {
	for model, want := range map[string]string{
		"gpt-4o":                 O200K,
		"gpt-4o-mini-2024-07-18": O200K,
		"chatgpt-4o-latest":      O200K,
		"gpt-4.1-nano":           O200K,
		"gpt-5":                  O200K,
		"GPT-5-mini":             O200K,
		"o1-preview":             O200K,
		"o3-mini":                O200K,
		"o4-mini":                O200K,
		"openai/gpt-4o":          O200K,
		"gpt-4":                  CL100K,
		"gpt-4-turbo":            CL100K,
		"gpt-3.5-turbo":          CL100K,
		"llama3.1:8b":            CL100K,
		"qwen2.5":                CL100K,
		"mistral-nemo":           CL100K,
		"":                       CL100K,
	} {
		if got := EncodingForModel(model); got != want {
			t.Errorf("EncodingForModel(%q) = %q; want %q", model, got, want)
		}
	}
}

func TestNewTokenizerUnknownEncoding(t *testing.T) {
	if _, err := NewTokenizer("p50k_base"); err == nil || !strings.Contains(err.Error(), "p50k_base") {
		t.Fatalf("NewTokenizer(p50k_base) error = %v; want an error naming the encoding", err)
	}
}

func TestCountKnownValues(t *testing.T) {
	for _, enc := range []string{CL100K, O200K} {
		tk := tokenizer(t, enc)
		if got := tk.Encoding(); got != enc {
			t.Errorf("Encoding() = %q; want %q", got, enc)
		}
		for text, want := range map[string]int{"": 0, "hello world": 2, "Hello, world!": 4} {
			if got := tk.Count(text); got != want {
				t.Errorf("%s: Count(%q) = %d; want %d", enc, text, got, want)
			}
		}
	}
}

func TestCountSpecialTokensArePlainText(t *testing.T) {
	for _, enc := range []string{CL100K, O200K} {
		tk := tokenizer(t, enc)
		for _, text := range []string{"<|endoftext|>", "a <|endoftext|> b <|endofprompt|> c <|fim_prefix|>"} {
			got := tk.Count(text) // must not panic
			want := rawCount(tk, text)
			if got != want || got < 3 {
				t.Errorf("%s: Count(%q) = %d; want %d (special tokens spelled out, several tokens)", enc, text, got, want)
			}
		}
	}
}

func TestCountMatchesEncoder(t *testing.T) {
	tk := tokenizer(t, CL100K)
	for _, p := range paragraphs(t)[:40] {
		if got, want := tk.Count(p), rawCount(tk, p); got != want {
			t.Fatalf("Count(%.30q...) = %d; want %d", p, got, want)
		}
	}
}

func TestCountCachesByContent(t *testing.T) {
	tk := tokenizer(t, CL100K)
	text, err := corpus()
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat(text, 5)[:400_000]
	first := tk.Count(big)
	if got := tk.encodes.Load(); got != 1 {
		t.Fatalf("encoder calls after first Count = %d; want 1", got)
	}
	// A copy with the same content must hit the cache too: the key is the content.
	again := tk.Count(string([]byte(big)))
	if again != first {
		t.Fatalf("second Count = %d; want %d", again, first)
	}
	if got := tk.encodes.Load(); got != 1 {
		t.Fatalf("encoder calls after second Count = %d; want 1 (cache hit)", got)
	}
	tk.Count(big[:len(big)-1])
	if got := tk.encodes.Load(); got != 2 {
		t.Fatalf("encoder calls after counting a different text = %d; want 2", got)
	}
}

func TestCountConcurrent(t *testing.T) {
	tk := tokenizer(t, CL100K)
	paras := paragraphs(t)[:20]
	want := make([]int, len(paras))
	for i, p := range paras {
		want[i] = rawCount(tk, p)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i, p := range paras {
				if got := tk.Count(p); got != want[i] {
					t.Errorf("Count(paragraph %d) = %d; want %d", i, got, want[i])
				}
			}
		})
	}
	wg.Wait()
}

func TestTruncate(t *testing.T) {
	text, err := corpus()
	if err != nil {
		t.Fatal(err)
	}
	text = text[:20_000]
	for _, enc := range []string{CL100K, O200K} {
		tk := tokenizer(t, enc)
		for _, max := range []int{1, 2, 7, 50, 333, 1000, 3000} {
			got := tk.Truncate(text, max)
			n := rawCount(tk, got)
			if n > max {
				t.Errorf("%s: Truncate(text, %d) counts %d tokens; want <= %d", enc, max, n, max)
			}
			if !strings.HasPrefix(text, got) {
				t.Fatalf("%s: Truncate(text, %d) = %.40q...; want a prefix of text", enc, max, got)
			}
			if rest := text[len(got):]; got != "" && rest != "" {
				if r, _ := utf8.DecodeRuneInString(rest); !unicode.IsSpace(r) {
					t.Errorf("%s: Truncate(text, %d) splits a word: ...%q|%.10q", enc, max, got[max0(len(got)-10):], rest)
				}
			}
			if got != strings.TrimRightFunc(got, unicode.IsSpace) {
				t.Errorf("%s: Truncate(text, %d) ends in whitespace", enc, max)
			}
			// Backing off costs at most one word (plus its punctuation).
			if max >= 50 && n < max-12 {
				t.Errorf("%s: Truncate(text, %d) kept only %d tokens; want close to %d", enc, max, n, max)
			}
		}
	}
}

func max0(n int) int {
	if n < 0 {
		return 0
	}
	return n
}

func TestTruncateEdges(t *testing.T) {
	tk := tokenizer(t, CL100K)
	if got := tk.Truncate("short text", 100); got != "short text" {
		t.Errorf("Truncate(fitting text) = %q; want it unchanged", got)
	}
	if got := tk.Truncate("short text", 0); got != "" {
		t.Errorf("Truncate(text, 0) = %q; want empty", got)
	}
	if got := tk.Truncate("Unbelievably long first word", 1); got != "" {
		t.Errorf("Truncate(text, 1) = %q; want empty: the first word does not fit and must not be split", got)
	}
	// No whitespace at all: cut at a token boundary, never inside a character.
	cjk := strings.Repeat("吾輩は猫である。名前はまだ無い。", 20)
	got := tk.Truncate(cjk, 10)
	if got == "" || !utf8.ValidString(got) || !strings.HasPrefix(cjk, got) || rawCount(tk, got) > 10 {
		t.Errorf("Truncate(cjk, 10) = %q (%d tokens); want a valid non-empty prefix of <= 10 tokens", got, rawCount(tk, got))
	}
	special := strings.Repeat("<|endoftext|> word ", 50)
	if got := tk.Truncate(special, 20); rawCount(tk, got) > 20 || !strings.HasPrefix(special, got) {
		t.Errorf("Truncate(special, 20) = %q; want a prefix of <= 20 tokens", got)
	}
	invalid := "abc \xff\xfe def ghi jkl mno pqr stu vwx"
	if got := tk.Truncate(invalid, 4); !utf8.ValidString(got) || rawCount(tk, got) > 4 {
		t.Errorf("Truncate(invalid utf-8, 4) = %q; want valid UTF-8 of <= 4 tokens", got)
	}
}

func TestCountsSurviveExportImport(t *testing.T) {
	a := tokenizer(t, CL100K)
	text := "The lamp room smelled of paraffin and brass polish. " + t.Name()
	want := a.Count(text)
	data := a.ExportCounts()

	b, err := NewTokenizer(CL100K)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.ImportCounts(data); err != nil {
		t.Fatal(err)
	}
	before := b.encodes.Load()
	if got := b.Count(text); got != want || b.encodes.Load() != before {
		t.Fatalf("imported count %d (encoder calls +%d); want %d from the cache", got, b.encodes.Load()-before, want)
	}
	o, err := NewTokenizer(O200K)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.ImportCounts(data); err == nil {
		t.Fatal("o200k accepted cl100k counts")
	}
	if err := b.ImportCounts(data[:len(data)-3]); err == nil {
		t.Fatal("damaged counts accepted")
	}
	// A power cut can zero a page of the unsynced file: a count run into
	// it would read as 0 tokens, still well formed.
	zeroed := bytes.Clone(data)
	zeroed[len(zeroed)-5] = 0 // the last entry's count (the checksum follows)
	if err := b.ImportCounts(zeroed); err == nil {
		t.Fatal("a zeroed count accepted")
	}
}

func TestExportCountsKeepsWhatWasUsed(t *testing.T) {
	a := tokenizer(t, CL100K)
	for _, text := range []string{"one text", "another text", "a third"} {
		a.Count(text)
	}
	b := tokenizer(t, CL100K)
	if err := b.ImportCounts(a.ExportCounts()); err != nil {
		t.Fatal(err)
	}
	b.Count("another text") // from the import
	b.Count("a new text")   // counted now
	c := tokenizer(t, CL100K)
	if err := c.ImportCounts(b.ExportCounts()); err != nil {
		t.Fatal(err)
	}
	if len(c.cache) != 2 {
		t.Errorf("re-exported %d counts; want 2: the one used and the new one, not the two left unused", len(c.cache))
	}
	for _, text := range []string{"another text", "a new text"} {
		key := sha256.Sum256([]byte(text))
		if _, ok := c.cache[key]; !ok {
			t.Errorf("count of %q was not exported", text)
		}
	}
	// Same counts, same bytes (the agent skips rewriting an unchanged file).
	c.Count("a new text")
	c.Count("another text")
	if first, again := c.ExportCounts(), c.ExportCounts(); !bytes.Equal(first, again) || !bytes.Equal(first, b.ExportCounts()) {
		t.Error("exports of the same counts differ")
	}
}
