package prompt_test

import (
	"slices"
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"

	"github.com/storyd/storyd/internal/fixture"
	"github.com/storyd/storyd/prompt"
)

// storyd's tokenizer must give exactly tiktoken's token ids: token budgets
// and the prefix-share report are only as good as the counts. The
// reference is tiktoken-go with the offline loader, the library storyd used
// before it embedded its own tables.

var references = sync.OnceValues(func() (map[string]*tiktoken.Tiktoken, error) {
	tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
	out := map[string]*tiktoken.Tiktoken{}
	for _, enc := range []string{prompt.CL100K, prompt.O200K} {
		tk, err := tiktoken.GetEncoding(enc)
		if err != nil {
			return nil, err
		}
		out[enc] = tk
	}
	return out, nil
})

// pair returns storyd's tokenizer and the reference for enc.
func pair(tb testing.TB, enc string) (*prompt.Tokenizer, *tiktoken.Tiktoken) {
	tb.Helper()
	refs, err := references()
	if err != nil {
		tb.Fatal(err)
	}
	tk, err := prompt.NewTokenizer(enc)
	if err != nil {
		tb.Fatal(err)
	}
	return tk, refs[enc]
}

// edgeCases are texts where a pre-tokenizer or a merge could go wrong.
var edgeCases = []string{
	"", " ", "  ", "\n", "\n\n\n", " \n \n", "\r\n\r\n", "\t\t x", "a  b   c    d", "hello   \n  world", "abc   ", "   abc",
	"x" + strings.Repeat(" ", 40) + "y", strings.Repeat(" ", 500) + "x", strings.Repeat("\n", 70),
	"naïve café déjà vu", "吾輩は猫である。名前はまだ無い。", "👩‍👩‍👧‍👦 family 🎉🎉", "e\u0301 combining", "مرحبا بالعالم", "नमस्ते दुनिया", "안녕하세요 세계", "Привет, мир!",
	"<|endoftext|>", "a <|endoftext|> b <|endofprompt|> c <|fim_prefix|>x<|fim_suffix|>y<|fim_middle|>",
	"I'M HE'S they're We'VE you'll she'd", "'ſ 'K 'ſt", "don't Don'T DON'T",
	"1234567 3.14159 1,000,000 ١٢٣٤ ５６７", "Hello/World\n/path/to/file", "CamelCaseWord HTTPServer iPhone", "x/\n\n/y",
	"abc \xff\xfe def", "\xc3", "\xed\xa0\x80 surrogate", "trailing \xe2\x82",
	strings.Repeat("a", 1000), strings.Repeat("!", 300), strings.Repeat("ab", 400), strings.Repeat("🎉", 100),
	"“Quoted,” she said — and ‘then’… left.", "tab\tseparated\tvalues\n", "\u00a0non-breaking\u2009thin\u3000ideographic",
	"a\u00a0\u00a0b", "\u3000\u3000x", "\t\n \u00a0 x", "line\u2028sep\u2029para\u0085nel", "x \u00a0\n\u00a0 y", " \r\n\t\r \n", "'", "'x", "x'", "''s", "'\n",
	"ǅungla ǈ Ǉ ǉ", "ʰʲʷ modifierʰ", "ÀÉÎ àéî ÀÉÎàéî", "A\u0301B\u0301c", "\u0301\u0301A", "HE'S She'LL THEY'RE iPhone's",
	"CamelCase'S XMLHttpRequest", "a/b/c\n/d//\r\n/", "!/\n", "中文English混合", "Ａｂｃ ＡＢＣ", " \u0301X", "'\u0301", "ǅ'd",
	"١٢٣٤٥ ٦", "Ⅻ ⅷ ½¾", "\u0301abc", "x\u0301\u0301", " \u0301", "!\u0301a", "a1b2c3", "1\u00a02", "$100.00!!!\n\n\n", " !\r\r\n", "(a)", " (a)",
}

func allBytes() string {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return string(b)
}

func TestTokensMatchTiktokenEdgeCases(t *testing.T) {
	for _, enc := range []string{prompt.CL100K, prompt.O200K} {
		tk, ref := pair(t, enc)
		for _, text := range append(edgeCases, allBytes()) {
			got, want := prompt.Tokens(tk, text), ref.EncodeOrdinary(text)
			if !slices.Equal(got, want) {
				t.Errorf("%s: tokens of %q = %v; tiktoken-go: %v", enc, text, got, want)
			}
			if n := tk.Count(text); n != len(want) {
				t.Errorf("%s: Count(%q) = %d; tiktoken-go: %d", enc, text, n, len(want))
			}
		}
	}
}

func TestTokensMatchTiktokenCorpus(t *testing.T) {
	for _, name := range []string{fixture.PrideAndPrejudice, fixture.Frankenstein} {
		text := fixture.Text(t, name)
		for _, enc := range []string{prompt.CL100K, prompt.O200K} {
			tk, ref := pair(t, enc)
			got, want := prompt.Tokens(tk, text), ref.EncodeOrdinary(text)
			if i := firstDiff(got, want); i >= 0 {
				t.Errorf("%s, %s: %d tokens, tiktoken-go %d; first difference at token %d: %v vs %v",
					name, enc, len(got), len(want), i, got[i:min(i+5, len(got))], want[i:min(i+5, len(want))])
			}
		}
	}
}

// firstDiff is the first index where a and b differ, -1 if they are equal.
func firstDiff(a, b []int) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func FuzzTokensMatchTiktoken(f *testing.F) {
	for _, text := range edgeCases {
		f.Add(text)
	}
	cl, clRef := pair(f, prompt.CL100K)
	o, oRef := pair(f, prompt.O200K)
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := prompt.Tokens(cl, text), clRef.EncodeOrdinary(text); !slices.Equal(got, want) {
			t.Fatalf("cl100k tokens of %q = %v; tiktoken-go: %v", text, got, want)
		}
		if got, want := prompt.Tokens(o, text), oRef.EncodeOrdinary(text); !slices.Equal(got, want) {
			t.Fatalf("o200k tokens of %q = %v; tiktoken-go: %v", text, got, want)
		}
	})
}
