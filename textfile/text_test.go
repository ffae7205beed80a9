package textfile

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanTextRemovesControlsAndEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"Night\x00fall":                     "Nightfall",
		"\x1b[31mred\x1b[0m text":           "red text",
		"title\x1b]0;pwned\x07 here":        "title here",
		"a\r\nb\rc":                         "a\nb\nc",
		"tab\tand\nnewline stay":            "tab\tand\nnewline stay",
		"bad \xff\xfe utf8":                 "bad \uFFFD utf8",
		"bidi \u202egnp.exe":                "bidi gnp.exe",
		"c1 \u009b31m":                      "c1 31m",
		"plain — “quotes” and émigré":       "plain — “quotes” and émigré",
		"del\x7f bell\x07 backspace\x08 ff": "del bell backspace ff",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q; want %q", in, got, want)
		}
		if len(Check("x", []byte(Clean(in)))) != 0 {
			t.Errorf("Clean(%q) still fails Check", in)
		}
	}
}

func TestCheckTextReportsTheLine(t *testing.T) {
	data := []byte("---\ntitle: ok\nname: Bad\xffName\n---\n\nfine\nnul\x00here\x00twice\n\x1b[2J\n")
	probs := Check("scenes/0001-x.md", data)
	want := []string{
		"scenes/0001-x.md:3: byte 0xFF at column 10 is not UTF-8",
		"scenes/0001-x.md:7: control character NUL at column 4",
		"scenes/0001-x.md:8: control character ESC (a terminal escape) at column 1",
	}
	if len(probs) != len(want) {
		t.Fatalf("got %v; want %v", probs, want)
	}
	for i, p := range probs {
		if p.Error() != want[i] {
			t.Errorf("problem %d: %q; want %q", i, p.Error(), want[i])
		}
	}
	if p := Check("a.md", []byte("\uFEFFcrlf\r\nfile\r\n")); len(p) != 0 {
		t.Fatalf("a BOM and CRLF are fine: %v", p)
	}
}

// FuzzCleanText: whatever the model sends, the cleaned text passes the
// file check, is valid UTF-8 and is stable under a second cleaning.
func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"Night\x00fall", "\x1b[31mred", "\x1b]0;t\x07", "a\r\nb", "\xff\xfe", "\u202e", "ok"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		if !utf8.ValidString(c) || strings.ContainsRune(c, '\r') {
			t.Fatalf("Clean(%q) = %q: not clean UTF-8", s, c)
		}
		if p := Check("x", []byte(c)); len(p) > 0 {
			t.Fatalf("Clean(%q) = %q: %v", s, c, p)
		}
		if Clean(c) != c {
			t.Fatalf("Clean is not stable on %q", s)
		}
	})
}

// ProblemsIn finds the problems an error holds, however it was wrapped.
func TestProblemsIn(t *testing.T) {
	p := Problem{Path: "a.md", Line: 2, Msg: "x"}
	for _, c := range []struct {
		err  error
		want int
	}{
		{nil, 0},
		{errors.New("other"), 0},
		{p, 1},
		{fmt.Errorf("loading: %w", p), 1},
		{Problems{p, p}, 2},
		{fmt.Errorf("loading: %w", Problems{p, p, p}), 3},
	} {
		if got := len(ProblemsIn(c.err)); got != c.want {
			t.Errorf("%v: %d problems; want %d", c.err, got, c.want)
		}
	}
}

// Noun agrees with its count, for every count storyd writes.
func TestNoun(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{{1, "call", "call"}, {0, "call", "calls"}, {2, "summary", "summaries"}, {1, "summary", "summary"}, {3, "token", "tokens"}} {
		if got := Noun(c.n, c.noun); got != c.want {
			t.Errorf("Noun(%d, %q) = %q; want %q", c.n, c.noun, got, c.want)
		}
	}
}
