package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/storyd/storyd/journal"
	"github.com/storyd/storyd/llm/usage"
	"github.com/storyd/storyd/textfile"
)

// A tick that failed on many invalid project files is one line in the
// failure list status shows (and in .storyd/failures.json), naming the
// first problem and where to see them all, not every problem of the
// book.
func TestFailureTextOfManyProblems(t *testing.T) {
	var probs textfile.Problems
	for i := 1; i <= 300; i++ {
		probs = append(probs, textfile.Problem{Path: fmt.Sprintf("scenes/%04d-x.md", i), Line: 3, Msg: "seq must be a positive number"})
	}
	reason, hint := failureText(probs)
	if want := "300 problems in project files, the first scenes/0001-x.md:3: seq must be a positive number"; reason != want {
		t.Errorf("reason = %q; want %q", reason, want)
	}
	if !strings.Contains(hint, "storyd validate") {
		t.Errorf("hint = %q; want it to point at storyd validate", hint)
	}
	one := textfile.Problems{probs[0]}
	if reason, _ := failureText(one); reason != probs[0].Error() {
		t.Errorf("one problem: reason = %q; want %q", reason, probs[0].Error())
	}
}

// One call and one scene read in the singular in what --reprice and the
// unpriced line say.
func TestRepricedSingular(t *testing.T) {
	var b strings.Builder
	printRepriced(&b, usage.Repriced{Calls: 1, Ticks: []int{2}, Models: []string{"m"}, CostUSD: 0.5, Still: 1, StillModels: []string{"x"}})
	want := "storyd: repriced 1 call of scene 2 (m) at today's prices: $0.50\nstoryd: 1 call stays unpriced: prices: in storyd.yaml has no price for x\n" +
		"storyd: hint: add it under prices: in storyd.yaml (e.g. x: {input: 0.40, output: 1.60}, US dollars per million tokens) and run `storyd status --reprice` again\n"
	if b.String() != want {
		t.Errorf("printRepriced said:\n%s\nwant:\n%s", b.String(), want)
	}
	if got := sceneList([]int{0, 4, 5}); got != "scenes 4-5 and outside a tick" {
		t.Errorf("sceneList = %q", got)
	}
}

// A run that waited with --wait and still found the project held is not
// told to add --wait: it is told to wait longer.
func TestLockedHintAfterAWait(t *testing.T) {
	since := time.Date(2026, 11, 24, 7, 41, 1, 0, time.UTC)
	notices, code := exitFor(&journal.LockedError{PID: 7, Since: since, Waited: 2 * time.Second})
	if code != exitTempFail || !strings.Contains(notices[0].hint, "still held the project after --wait=2s") {
		t.Errorf("after a wait: exit %d, hint %q", code, notices[0].hint)
	}
	notices, code = exitFor(&journal.LockedError{PID: 7, Since: since})
	if code != exitTempFail || !strings.Contains(notices[0].hint, "add --wait") {
		t.Errorf("without a wait: exit %d, hint %q", code, notices[0].hint)
	}
}
