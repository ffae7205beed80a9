package prompt

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// splitter returns the pre-tokenizer of an encoding, nil for an unknown one:
// the length in bytes of the piece that opens a (non-empty, valid UTF-8)
// text. Both are tiktoken's patterns (as tiktoken-go v0.1.8's encoding.go
// has them) written out by hand: the alternatives tried in order at each
// position, as the backtracking engine tiktoken-go uses (dlclark/regexp2)
// tries them, \s being unicode.IsSpace as there. About six to ten times
// faster than that engine; tests compare every token id with tiktoken-go's.
func splitter(encoding string) func(s string) int {
	switch encoding {
	case CL100K:
		return cl100kPiece
	case O200K:
		return o200kPiece
	}
	return nil
}

// cl100kPiece is the length in bytes of the piece that opens s (non-empty)
// as cl100k_base's pattern splits it:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func cl100kPiece(s string) int {
	if n := suffix(s); n > 0 {
		return n
	}
	c, w := utf8.DecodeRuneInString(s)
	if unicode.IsLetter(c) {
		return w + runOf(s[w:], unicode.IsLetter)
	}
	if c != '\r' && c != '\n' && !unicode.IsNumber(c) {
		if d, dw := utf8.DecodeRuneInString(s[w:]); dw > 0 && unicode.IsLetter(d) {
			return w + dw + runOf(s[w+dw:], unicode.IsLetter)
		}
	}
	if unicode.IsNumber(c) {
		return numbers(s)
	}
	if n := symbols(s, c, "\r\n"); n > 0 {
		return n
	}
	return spaces(s) // c is whitespace
}

// contraction is the length of 's, 't, 're, 've, 'm, 'll or 'd (any case)
// after the apostrophe opening s, or 0.
func contraction(s string) int {
	lower := func(b byte) byte {
		if 'A' <= b && b <= 'Z' {
			return b + 'a' - 'A'
		}
		return b
	}
	if len(s) >= 2 {
		if a, b := lower(s[0]), lower(s[1]); (a == 'r' || a == 'v') && b == 'e' || a == 'l' && b == 'l' {
			return 2
		}
	}
	if len(s) >= 1 {
		switch lower(s[0]) {
		case 's', 't', 'm', 'd':
			return 1
		}
	}
	return 0
}

// isSymbol is [^\s\p{L}\p{N}].
func isSymbol(r rune) bool {
	return !unicode.IsSpace(r) && !unicode.IsLetter(r) && !unicode.IsNumber(r)
}

// symbols is the length of ` ?[^\s\p{L}\p{N}]+` and then any run of the
// bytes in trail opening s (c its first rune), or 0.
func symbols(s string, c rune, trail string) int {
	lead := 0
	if d, dw := utf8.DecodeRuneInString(s[1:]); c == ' ' && dw > 0 && isSymbol(d) {
		lead = 1
	}
	if lead == 0 && !isSymbol(c) {
		return 0
	}
	n := lead + runOf(s[lead:], isSymbol)
	for n < len(s) && strings.IndexByte(trail, s[n]) >= 0 {
		n++
	}
	return n
}

// runOf is the length in bytes of the run of runes in is that opens s.
func runOf(s string, is func(rune) bool) int {
	n := 0
	for n < len(s) {
		r, w := utf8.DecodeRuneInString(s[n:])
		if !is(r) {
			break
		}
		n += w
	}
	return n
}

// o200kPiece is cl100kPiece for o200k_base's pattern:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
func o200kPiece(s string) int {
	c, w := utf8.DecodeRuneInString(s)
	leads := []int{0} // the optional [^\r\n\p{L}\p{N}]: taken first, then not
	if c != '\r' && c != '\n' && !unicode.IsLetter(c) && !unicode.IsNumber(c) {
		leads = []int{w, 0}
	}
	for _, p := range leads { // upper* lower+ suffix?
		if n := upperLower(s[p:]); n > 0 {
			return p + n + suffix(s[p+n:])
		}
	}
	for _, p := range leads { // upper+ lower* suffix?
		if u := runOf(s[p:], isUpperish); u > 0 {
			n := p + u + runOf(s[p+u:], isLowerish)
			return n + suffix(s[n:])
		}
	}
	if unicode.IsNumber(c) {
		return numbers(s)
	}
	if n := symbols(s, c, "\r\n/"); n > 0 {
		return n
	}
	return spaces(s)
}

// upperLower is the length of [upper]*[lower]+ opening s, as a backtracking
// engine matches it (the classes overlap in Lm, Lo and M), or 0.
func upperLower(s string) int {
	a := runOf(s, isUpperish)
	if r, _ := utf8.DecodeRuneInString(s[a:]); a < len(s) && isLowerish(r) {
		return a + runOf(s[a:], isLowerish)
	}
	for k := a; k > 0; { // give back the upper run until a lower rune ends it
		r, size := utf8.DecodeLastRuneInString(s[:k])
		if isLowerish(r) {
			return k
		}
		k -= size
	}
	return 0
}

// suffix is the length of a contraction ('s, 'T, 'll, ...) opening s, or 0.
func suffix(s string) int {
	if s != "" && s[0] == '\'' {
		if n := contraction(s[1:]); n > 0 {
			return 1 + n
		}
	}
	return 0
}

// isUpperish is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}], isLowerish [\p{Ll}\p{Lm}\p{Lo}\p{M}].
func isUpperish(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}
func isLowerish(r rune) bool { return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M) }

// numbers is the length of \p{N}{1,3} opening s.
func numbers(s string) int {
	n := 0
	for k := 0; k < 3; k++ {
		d, dw := utf8.DecodeRuneInString(s[n:])
		if dw == 0 || !unicode.IsNumber(d) {
			break
		}
		n += dw
	}
	return n
}

// spaces is the length of \s*[\r\n]+|\s+(?!\S)|\s+ opening s (which opens
// with whitespace): up to the run's last line break, else all but the last
// space before a non-space, else the whole run.
func spaces(s string) int {
	j := runOf(s, unicode.IsSpace)
	for k := j - 1; k >= 0; k-- {
		if s[k] == '\r' || s[k] == '\n' {
			return k + 1
		}
	}
	if j < len(s) {
		if _, lw := utf8.DecodeLastRuneInString(s[:j]); j-lw > 0 {
			return j - lw
		}
	}
	return j
}
