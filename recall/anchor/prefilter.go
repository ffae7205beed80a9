package anchor

import (
	"regexp/syntax"
	"slices"
	"strings"
)

// relationStarts are, for each of anchorRelations, the literals one of
// which starts every match of its pattern (after its \b or ^), or nil
// when no such list was found (the pattern is always run). Most names a
// sentence holds are followed by no relation, and relationOf ran every
// pattern after each (~12 regexps a name, most of anchor.Find's cost, a
// cost that grows with the cast a book names): a text holding none of a
// pattern's starts cannot match it, so the pattern is not run.
var relationStarts = func() [][]string {
	out := make([][]string, len(anchorRelations))
	for i, r := range anchorRelations {
		if re, err := syntax.Parse(r.re.String(), syntax.Perl); err == nil {
			out[i], _ = matchStarts(re)
		}
	}
	return out
}()

// mayMatch reports whether text holds one of starts, or starts is nil.
func mayMatch(starts []string, text string) bool {
	return starts == nil || slices.ContainsFunc(starts, func(s string) bool { return strings.Contains(text, s) })
}

// matchStarts returns literals one of which starts every match of re;
// false when it cannot tell (a match may start with a class of
// characters, may be empty, or is case folded).
func matchStarts(re *syntax.Regexp) ([]string, bool) {
	starts, _ := literalPrefixes(re)
	if len(starts) == 0 || slices.Contains(starts, "") {
		return nil, false
	}
	// A start holding another is redundant: a text holding "would never "
	// holds "never ".
	var kept []string
	for _, s := range starts {
		if !slices.ContainsFunc(starts, func(t string) bool { return t != s && strings.Contains(s, t) }) && !slices.Contains(kept, s) {
			kept = append(kept, s)
		}
	}
	return kept, true
}

// maxStarts bounds the literals literalPrefixes spells out, maxClass the
// letters of a class it spells out.
const (
	maxStarts = 256
	maxClass  = 4
)

// literalPrefixes returns strings one of which starts every match of re
// (nil: none known), and whether they are its whole matches, so that what
// follows re extends them: "w(ore|ears)" is "wore" or "wears".
func literalPrefixes(re *syntax.Regexp) (out []string, whole bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpBeginText, syntax.OpBeginLine:
		return []string{""}, true // no text
	case syntax.OpCharClass: // a few letters, each a literal: "carrie[ds]"
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(out) == maxClass {
					return nil, false
				}
				out = append(out, string(r))
			}
		}
		return out, true
	case syntax.OpCapture:
		return literalPrefixes(re.Sub[0])
	case syntax.OpQuest:
		sub, w := literalPrefixes(re.Sub[0])
		if sub == nil {
			return nil, false
		}
		return append(sub, ""), w
	case syntax.OpAlternate:
		whole = true
		for _, sub := range re.Sub {
			s, w := literalPrefixes(sub)
			if s == nil {
				return nil, false
			}
			out, whole = append(out, s...), whole && w
		}
		return out, whole
	case syntax.OpConcat:
		out, whole = []string{""}, true
		for _, sub := range re.Sub {
			s, w := literalPrefixes(sub)
			if s == nil || len(out)*len(s) > maxStarts {
				return out, false
			}
			var next []string
			for _, a := range out {
				for _, b := range s {
					next = append(next, a+b)
				}
			}
			out = next
			if !w {
				return out, false
			}
		}
		return out, true
	}
	return nil, false
}
