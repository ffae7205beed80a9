package textfile

import "strings"

// BadIndent finds the first line whose indentation fits no open block of
// a YAML file written in block style, for the message after the parser
// failed (yaml.v3 names the line where the enclosing block began, in its
// grammar's words: "did not find expected key"): a key deeper than the
// line above, which already has its value; a key or a list entry between
// two enclosing levels. It returns the file's line (0: none found), what is
// wrong and a hint. The text of block scalars ("|", ">") and lines that
// are neither a key nor a list entry (a value continued, a flow
// collection's) are not checked: a heuristic for files that failed.
func BadIndent(data []byte) (line int, msg, hint string) {
	type block struct {
		ind int
		seq bool // a list's entries, else a mapping's keys
	}
	open := []block{{0, false}}
	opens := false    // the line above is "key:" (or "-") and opens a block
	blockScalar := -1 // inside a "|" or ">" value: lines deeper than this are text
	for i, raw := range strings.Split(string(data), "\n") {
		l := strings.TrimRight(raw, " \r")
		t := strings.TrimLeft(l, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		ind := len(l) - len(t)
		if blockScalar >= 0 && ind > blockScalar {
			continue
		}
		blockScalar = -1
		entry := t == "-" || strings.HasPrefix(t, "- ")
		val, key := keyValue(t)
		if !entry && !key {
			continue
		}
		top := open[len(open)-1]
		switch {
		case opens && (ind > top.ind || entry && ind == top.ind && !top.seq):
			// A list may sit at its key's own indentation.
			open = append(open, block{ind, entry})
		case ind > top.ind:
			return i + 1, "this line is indented deeper than the line above, which already has its value", indentHint
		default:
			for len(open) > 1 {
				b := open[len(open)-1]
				if b.ind < ind || b.ind == ind && (b.seq == entry) {
					break
				}
				open = open[:len(open)-1] // closed by this line
			}
			if b := open[len(open)-1]; b.ind != ind || b.seq != entry {
				if entry {
					return i + 1, "this list entry's indentation matches no list above", indentHint
				}
				return i + 1, "this line's indentation matches no enclosing section", indentHint
			}
		}
		opens = false
		if entry {
			rest := strings.TrimLeft(t[1:], " ")
			if rest == "" {
				opens = true // the entry's content follows, deeper
				continue
			}
			// "- with: c2": a mapping whose keys sit where "with" does.
			if val, key = keyValue(rest); !key {
				continue
			}
			open = append(open, block{ind + len(t) - len(rest), false})
		}
		opens = val == ""
		if strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">") {
			blockScalar = ind
		}
	}
	return 0, "", ""
}

const indentHint = `indent each key two spaces more than the key it belongs to and keys of one section alike; a list's entries alike, each "- " under its key`

// keyValue reads a line as "key: value" (or "key:"), the value without a
// comment; key is false for a line that is no key (a quoted or flow value,
// a value continued).
func keyValue(t string) (val string, key bool) {
	if t == "" || strings.ContainsRune(`"'[{`, rune(t[0])) {
		return "", false
	}
	if i := strings.Index(t, " #"); i >= 0 {
		t = t[:i]
	}
	k, v, ok := strings.Cut(t, ": ")
	if !ok {
		k, ok = strings.CutSuffix(t, ":")
	}
	if !ok || strings.TrimSpace(k) == "" {
		return "", false
	}
	return strings.TrimSpace(v), true
}
