package project

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/storyd/storyd/textfile"
)

// threads.md format (hand-editable):
//
//	# Threads
//
//	## Open
//	- t3: Who sent the unsigned letter? (opened 4)
//
//	## Resolved
//	- t1: The locked room (opened 1, resolved 7)
//
// Lines outside the two lists (prose notes, blank lines) are kept out of
// the model's view but are not errors.
var threadLineRE = regexp.MustCompile(`^- t\d+:`)

// ThreadSection names the list a "## " heading opens: "open" for "## Open"
// or "## Open threads", "resolved" likewise, "" for any other heading.
func ThreadSection(heading string) string {
	h := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(heading), "##")))
	switch {
	case strings.HasPrefix(h, "open"):
		return "open"
	case strings.HasPrefix(h, "resolved"):
		return "resolved"
	}
	return ""
}

// ThreadLine reads one thread's list line (trimmed), as written in either
// list: "- tN: text", then optionally " (opened S)", " (opened S, resolved
// R)" or " (resolved R)". By hand rather than by a regular expression: a
// book of 1,000 scenes has hundreds of threads, parsed on every load.
func ThreadLine(t string) (Thread, bool) {
	rest, ok := strings.CutPrefix(t, "- t")
	n := 0
	for n < len(rest) && '0' <= rest[n] && rest[n] <= '9' {
		n++
	}
	if !ok || n == 0 || !strings.HasPrefix(rest[n:], ": ") {
		return Thread{}, false
	}
	th := Thread{ID: "t" + rest[:n]}
	text := strings.TrimRight(rest[n+2:], " \t\n\f\r")
	if i := strings.LastIndex(text, " ("); i > 0 && strings.HasSuffix(text, ")") {
		if opened, resolved, ok := threadScenes(text[i+2 : len(text)-1]); ok {
			text, th.Opened, th.Resolved = text[:i], opened, resolved
		}
	}
	// The text is one line; all blank, it must still start the line's tail.
	if strings.Contains(text, "\n") || (text == "" && (len(rest) == n+2 || rest[n+2] == '\n')) {
		return Thread{}, false
	}
	th.Text = strings.TrimSpace(text)
	return th, true
}

// threadScenes reads what a thread line's parentheses hold: "opened S",
// "opened S, resolved R" or "resolved R". Parentheses that name no scene
// ("opened 0", or a number too long for an int) stay part of the text:
// RenderThreads writes no suffix for them, so reading them as one would
// make the next read take the text's own "(opened 0)" as the suffix.
func threadScenes(s string) (opened, resolved int, ok bool) {
	num := func(s string) (int, bool) {
		for i := range len(s) {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
		}
		n, err := strconv.Atoi(s)
		return n, s != "" && err == nil
	}
	defer func() { ok = ok && (opened > 0 || resolved > 0) }()
	if r, ok := strings.CutPrefix(s, "resolved "); ok {
		resolved, ok = num(r)
		return 0, resolved, ok
	}
	o, ok := strings.CutPrefix(s, "opened ")
	if !ok {
		return 0, 0, false
	}
	o, r, both := strings.Cut(o, ", resolved ")
	if opened, ok = num(o); !ok {
		return 0, 0, false
	}
	if both {
		resolved, ok = num(r)
	}
	return opened, resolved, ok
}

// ParseThreads reads threads.md.
func ParseThreads(path string, data []byte) ([]Thread, error) {
	if probs := textfile.Check(path, data); len(probs) > 0 {
		return nil, probs
	}
	data = bytes.TrimPrefix(data, textfile.BOM) // an editor's byte-order mark is not part of the first line
	var out []Thread
	var probs textfile.Problems
	type idless struct { // a list line with no id, told the next free one
		prob int
		text string
	}
	var noID []idless
	section := ""
	seen := map[string]int{}
	for i, line := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "## "):
			section = ThreadSection(t)
			continue
		case !strings.HasPrefix(t, "- "):
			continue
		case section == "":
			if threadLineRE.MatchString(t) {
				probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: fmt.Sprintf("thread %q is outside the Open and Resolved lists", t),
					Hint: "move it under \"## Open\" or \"## Resolved\""})
			}
			continue
		}
		th, ok := ThreadLine(t)
		if !ok {
			if hasID := len(t) > 3 && strings.HasPrefix(t, "- t") && '0' <= t[3] && t[3] <= '9'; !hasID {
				noID = append(noID, idless{len(probs), strings.TrimSpace(t[2:])})
			}
			probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: fmt.Sprintf("cannot read thread %q", t),
				Hint: "write threads as \"- t3: what is unresolved (opened 4)\""})
			continue
		}
		if th.Text == "" {
			// A thread with no text would render to a line that reads back as nothing.
			probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: fmt.Sprintf("thread %s says nothing", th.ID),
				Hint: "write threads as \"- t3: what is unresolved (opened 4)\""})
			continue
		}
		if section == "resolved" && th.Resolved == 0 {
			th.Resolved = -1 // resolved by hand, scene unknown
		}
		if section == "open" && th.Resolved > 0 {
			th.Resolved = 0
		}
		if prev, ok := seen[th.ID]; ok {
			probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: fmt.Sprintf("duplicate thread id %s (also on line %d)", th.ID, prev)})
			continue
		}
		seen[th.ID] = i + 1
		out = append(out, th)
	}
	next := NextThreadID(out)
	for _, l := range noID {
		probs[l.prob].Hint = fmt.Sprintf("give it an id, the next free one: \"- %s: %s\" (\"(opened 4)\" after it is optional)", next, l.text)
		next = "t" + plusOne(next[1:])
	}
	if len(probs) > 0 {
		return out, probs
	}
	return out, nil
}

// RenderThreads writes threads.md.
func RenderThreads(ts []Thread) []byte {
	var b strings.Builder
	b.WriteString("# Threads\n\nOpen story threads. Edit freely: keep the \"- tN: text (opened S)\" shape.\n\n## Open\n")
	for _, t := range ts {
		if t.Resolved == 0 {
			fmt.Fprintf(&b, "- %s: %s%s\n", t.ID, t.Text, ThreadSuffix(t))
		}
	}
	b.WriteString("\n## Resolved\n")
	for _, t := range ts {
		if t.Resolved != 0 {
			fmt.Fprintf(&b, "- %s: %s%s\n", t.ID, t.Text, ThreadSuffix(t))
		}
	}
	return []byte(b.String())
}

// ThreadSuffix is the end of a thread's line: " (opened S)" or
// " (opened S, resolved R)".
func ThreadSuffix(t Thread) string {
	switch {
	case t.Opened > 0 && t.Resolved > 0:
		return fmt.Sprintf(" (opened %d, resolved %d)", t.Opened, t.Resolved)
	case t.Opened > 0:
		return fmt.Sprintf(" (opened %d)", t.Opened)
	case t.Resolved > 0:
		return fmt.Sprintf(" (resolved %d)", t.Resolved)
	}
	return ""
}

// NextThreadID returns an unused thread id: one past the greatest number
// of an id, in decimal digits, as a hand-written id may have more than an
// int holds ("t9223372036854775807" came back as "t-9223372036854775808",
// a line the next load refused; a bigger one was skipped, so its number
// came back twice).
func NextThreadID(ts []Thread) string {
	top := ""
	for _, t := range ts {
		d := strings.TrimLeft(strings.TrimPrefix(t.ID, "t"), "0")
		if strings.Trim(d, "0123456789") == "" && (len(d) > len(top) || len(d) == len(top) && d > top) {
			top = d
		}
	}
	return "t" + plusOne(top)
}

// plusOne returns decimal digits d plus one ("" is 0).
func plusOne(d string) string {
	b := []byte(d)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// glossary.md format: "- **Term**: definition (scene 3)".
// A "(scene N)" that names no scene (0, or too long a number) stays part of
// the definition: RenderGlossary writes none for it, so the next read would
// take the definition's own "(scene …)" as the suffix.
var termRE = regexp.MustCompile(`^- \*\*(.+?)\*\*:\s*(.+?)(?: \(scene (0*[1-9]\d{0,8})\))?\s*$`)

// ParseGlossary reads glossary.md.
func ParseGlossary(path string, data []byte) ([]Term, error) {
	if probs := textfile.Check(path, data); len(probs) > 0 {
		return nil, probs
	}
	data = bytes.TrimPrefix(data, textfile.BOM) // an editor's byte-order mark is not part of the first line
	var out []Term
	var probs textfile.Problems
	for i, line := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "- ") {
			continue
		}
		m := termRE.FindStringSubmatch(t)
		if m == nil {
			probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: fmt.Sprintf("cannot read glossary entry %q", t),
				Hint: "write entries as \"- **Term**: one-line definition (scene 3)\""})
			continue
		}
		term := Term{Term: strings.TrimSpace(m[1]), Definition: strings.TrimSpace(m[2])}
		if term.Term == "" {
			// A blank term would render as "- ****:", which reads back as nothing.
			probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: "glossary entry without a term",
				Hint: "write entries as \"- **Term**: one-line definition (scene 3)\""})
			continue
		}
		if term.Definition == "" {
			// Blank only after Go's trim (a no-break space: the pattern's \s is
			// ASCII), it would render as "- **Term**:  (scene 3)", which reads
			// back with "(scene 3)" as the definition.
			probs = append(probs, textfile.Problem{Path: path, Line: i + 1, Msg: fmt.Sprintf("glossary entry %q has no definition", term.Term),
				Hint: "write entries as \"- **Term**: one-line definition (scene 3)\""})
			continue
		}
		term.Scene, _ = strconv.Atoi(m[3])
		out = append(out, term)
	}
	if len(probs) > 0 {
		return out, probs
	}
	return out, nil
}

// RenderGlossary writes glossary.md.
func RenderGlossary(ts []Term) []byte {
	var b strings.Builder
	b.WriteString("# Glossary\n\nCoined terms of the story. Edit freely: keep the \"- **Term**: definition (scene N)\" shape.\n\n")
	for _, t := range ts {
		fmt.Fprintf(&b, "- **%s**: %s", t.Term, t.Definition)
		if t.Scene > 0 {
			fmt.Fprintf(&b, " (scene %d)", t.Scene)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}
