package prompt

import (
	"unicode"
	"unicode/utf8"
)

// splitCL100K calls f with each piece of text (valid UTF-8) as cl100k_base's
// pattern splits it, without a regular expression engine:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// The alternatives are tried in order at each position, as a backtracking
// engine does (\s is unicode.IsSpace, as in regexp2). It is about ten times
// faster than regexp2 on prose; tests compare every piece with the pattern's
// through tiktoken-go.
func splitCL100K(text string, f func(piece string)) {
	for len(text) > 0 {
		n := cl100kPiece(text)
		f(text[:n])
		text = text[n:]
	}
}

// cl100kPiece is the length in bytes of the piece that opens s (non-empty).
func cl100kPiece(s string) int {
	c, w := utf8.DecodeRuneInString(s)
	if c == '\'' {
		if n := contraction(s[1:]); n > 0 {
			return 1 + n
		}
	}
	if unicode.IsLetter(c) {
		return w + runOf(s[w:], unicode.IsLetter)
	}
	if c != '\r' && c != '\n' && !unicode.IsNumber(c) {
		if d, dw := utf8.DecodeRuneInString(s[w:]); dw > 0 && unicode.IsLetter(d) {
			return w + dw + runOf(s[w+dw:], unicode.IsLetter)
		}
	}
	if unicode.IsNumber(c) {
		n := w
		for k := 1; k < 3; k++ {
			d, dw := utf8.DecodeRuneInString(s[n:])
			if dw == 0 || !unicode.IsNumber(d) {
				break
			}
			n += dw
		}
		return n
	}
	lead := 0
	if d, dw := utf8.DecodeRuneInString(s[1:]); c == ' ' && dw > 0 && isSymbol(d) {
		lead = 1
	}
	if lead == 1 || isSymbol(c) {
		n := lead + runOf(s[lead:], isSymbol)
		for n < len(s) && (s[n] == '\r' || s[n] == '\n') {
			n++
		}
		return n
	}
	// c is whitespace.
	j := runOf(s, unicode.IsSpace)
	for k := j - 1; k >= 0; k-- { // \s*[\r\n]+ ends after the run's last line break
		if s[k] == '\r' || s[k] == '\n' {
			return k + 1
		}
	}
	if j < len(s) { // \s+(?!\S): all but the last space before a non-space
		if _, lw := utf8.DecodeLastRuneInString(s[:j]); j-lw > 0 {
			return j - lw
		}
	}
	return j
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
