package project

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/storyd/storyd/textfile"
)

// threadRE is the regular expression ThreadLine replaced, kept as its
// reference.
// Parentheses that name no scene (all zero, or a number too long for an
// int) are part of the text.
var threadRE = regexp.MustCompile(`^- (t\d+): (.+?)( \((?:opened (\d+)(?:, resolved (\d+))?|resolved (\d+))\))?\s*$`)

func threadLineByRE(t string) (Thread, bool) {
	m := threadRE.FindStringSubmatch(t)
	if m == nil {
		return Thread{}, false
	}
	th := Thread{ID: m[1], Text: strings.TrimSpace(m[2])}
	var errO, errR error
	if m[4] != "" {
		th.Opened, errO = strconv.Atoi(m[4])
	}
	if m[5]+m[6] != "" {
		th.Resolved, errR = strconv.Atoi(m[5] + m[6])
	}
	if m[3] != "" && (errO != nil || errR != nil || th.Opened == 0 && th.Resolved == 0) {
		th = Thread{ID: m[1], Text: strings.TrimSpace(m[2] + m[3])}
	}
	return th, true
}

// ThreadLine reads every line as the regular expression it replaced did:
// lines assembled from the pieces thread lines (and near misses) are made of.
func TestThreadLineAsTheRegexp(t *testing.T) {
	pieces := []string{"- t", "- ", "t", "1", "42", "007", ": ", ":", " ", "  ", "x", "The locked room", "é",
		" (", "(", ")", "opened ", "opened", "resolved ", ", resolved ", ",", "3", "12", "\t", "\r",
		"99999999999999999999", "0", "00", "\n", "\f", "(opened 2)", " (opened 0)", " (opened 1)", " (opened 1, resolved 7)", " (resolved 4)"}
	r := rand.New(rand.NewPCG(1, 2))
	lines := []string{"- t1: Who rang the bell? (opened 1)", "- t2: Done (opened 1, resolved 2)", "- t3: Gone (resolved 5)",
		"- t4: A (b) (opened 2)", "- t5: (opened 3)", "- t6:  (opened 3)", "- t7: x (opened 1) ", "- t8: x (opened 1)) ",
		"- t9: x (opened , resolved 2)", "- t10: x (opened 1, resolved )", "- t11:", "- t12: ", "- t: x", "-t1: x"}
	for range 20000 {
		var b strings.Builder
		for n := r.IntN(8); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		lines = append(lines, b.String(), "- t"+strconv.Itoa(r.IntN(30))+": "+b.String())
	}
	for _, line := range lines {
		got, gok := ThreadLine(line)
		want, wok := threadLineByRE(line)
		if got != want || gok != wok {
			t.Errorf("ThreadLine(%q) = %+v, %v; the regexp gives %+v, %v", line, got, gok, want, wok)
		}
	}
}

// FuzzThreadLineAsTheRegexp: any line reads as the regular expression
// ThreadLine replaced reads it (threads.md is a person's file).
func FuzzThreadLineAsTheRegexp(f *testing.F) {
	for _, line := range []string{"- t1: Who rang the bell? (opened 1)", "- t2: Done (opened 1, resolved 2)", "- t3: Gone (resolved 5)",
		"- t4: A (b) (opened 2)", "- t5: (opened 3)", "- t7: x (opened 1) ", "- t9: x (opened , resolved 2)", "- t11:", "-t1: x"} {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got, gok := ThreadLine(line)
		want, wok := threadLineByRE(line)
		if got != want || gok != wok {
			t.Errorf("ThreadLine(%q) = %+v, %v; the regexp gives %+v, %v", line, got, gok, want, wok)
		}
	})
}

// A thread written by hand without an id is told the id to give it, the
// next free ones in order; a line with an id that does not read is told
// the shape.
func TestThreadWithoutIDIsToldTheNextFree(t *testing.T) {
	data := []byte("# Threads\n\n## Open\n- t1: Who wrote the letter?\n- Who sent the unsigned letter?\n- tide and time\n- t7 no colon\n\n## Resolved\n- t4: The ship. (opened 1, resolved 3)\n")
	_, err := ParseThreads("threads.md", data)
	probs, ok := err.(textfile.Problems)
	if !ok || len(probs) != 3 {
		t.Fatalf("got %v; want three problems", err)
	}
	want := []string{
		`give it an id, the next free one: "- t5: Who sent the unsigned letter?" ("(opened 4)" after it is optional)`,
		`give it an id, the next free one: "- t6: tide and time" ("(opened 4)" after it is optional)`,
		`write threads as "- t3: what is unresolved (opened 4)"`,
	}
	for i, p := range probs {
		if p.Hint != want[i] {
			t.Errorf("line %d: hint %q; want %q", p.Line, p.Hint, want[i])
		}
	}
}

// The next id is one past the greatest id's number in decimal digits: a
// hand-written id past an int came back as "t-9223372036854775808" (a line
// the next load refused), and one bigger still was skipped (its number
// came back twice).
func TestNextThreadIDPastAnInt(t *testing.T) {
	for _, c := range []struct {
		ids  []string
		want string
	}{
		{nil, "t1"},
		{[]string{"t0"}, "t1"},
		{[]string{"t4", "t099", "t12"}, "t100"},
		{[]string{"t9223372036854775807"}, "t9223372036854775808"},
		{[]string{"t99999999999999999999", "t9223372036854775807"}, "t100000000000000000000"},
	} {
		var ts []Thread
		for _, id := range c.ids {
			ts = append(ts, Thread{ID: id})
		}
		if got := NextThreadID(ts); got != c.want {
			t.Errorf("NextThreadID(%v) = %s; want %s", c.ids, got, c.want)
		}
	}
}

// A byte-order mark (Notepad's UTF-8) is not part of the first line: it
// hid threads.md's first heading (its threads were "outside the lists")
// and glossary.md's first entry (not read at all).
func TestListsAfterAByteOrderMark(t *testing.T) {
	ts, err := ParseThreads("threads.md", []byte("\ufeff## Open\r\n- t1: a (opened 1)\r\n"))
	if err != nil || len(ts) != 1 || ts[0].Opened != 1 {
		t.Errorf("threads: %+v, %v", ts, err)
	}
	gs, err := ParseGlossary("glossary.md", []byte("\ufeff- **a**: b\n"))
	if err != nil || len(gs) != 1 || gs[0].Term != "a" {
		t.Errorf("glossary: %+v, %v", gs, err)
	}
}
