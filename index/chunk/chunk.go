// Package chunk splits the index's prose: a scene body into chunks of
// whole paragraphs (byte ranges of the body, so that the index keeps a
// chunk's place in the scene file rather than a copy of its text), text
// into paragraphs, a paragraph into sentences.
package chunk

import (
	"regexp"
	"strings"
	"unicode"
)

// Prose chunks are paragraph-aligned and hold Min to Max words:
// long enough to carry a fact with its context, short enough that a
// snippet in the writer's pack does not crowd out others.
const (
	Min = 120
	Max = 200
)

// Span is a byte range [Start, End) of a text.
type Span struct{ Start, End int }

// Prose splits a scene body into chunks of whole paragraphs (a
// paragraph longer than Max is split at sentence ends) and returns
// them as byte ranges of body, so that the index can keep a chunk's place
// in the scene file instead of a copy of its text.
func Prose(body string) []Span {
	var pieces []Span
	for _, p := range paragraphSpans(body) {
		pieces = append(pieces, splitLong(body, p)...)
	}
	var chunks []Span
	var words []int
	cur, curWords := Span{-1, -1}, 0
	flush := func() {
		if cur.Start >= 0 {
			chunks = append(chunks, cur)
			words = append(words, curWords)
		}
		cur, curWords = Span{-1, -1}, 0
	}
	for _, p := range pieces {
		w := len(strings.Fields(body[p.Start:p.End]))
		if curWords >= Min || (curWords > 0 && curWords+w > Max) {
			flush()
		}
		if cur.Start < 0 {
			cur.Start = p.Start
		}
		cur.End = p.End
		curWords += w
	}
	flush()
	// A short tail joins the chunk before it rather than stand alone.
	if n := len(chunks); n >= 2 && words[n-1] < Min/2 && words[n-2]+words[n-1] <= Max+Min/2 {
		chunks[n-2].End = chunks[n-1].End
		chunks = chunks[:n-1]
	}
	return chunks
}

// paragraphSpans are the paragraphs of text (runs of non-blank lines),
// each from its first non-space byte to its last.
func paragraphSpans(text string) []Span {
	var out []Span
	cur := Span{-1, -1}
	for at := 0; at < len(text); {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		line := text[at:end]
		if t := strings.TrimSpace(line); t != "" {
			lead := strings.Index(line, t)
			if cur.Start < 0 {
				cur.Start = at + lead
			}
			cur.End = at + lead + len(t)
		} else if cur.Start >= 0 {
			out = append(out, cur)
			cur = Span{-1, -1}
		}
		at = end + 1
	}
	if cur.Start >= 0 {
		out = append(out, cur)
	}
	return out
}

// Paragraphs splits text at blank lines and joins each paragraph's lines.
func Paragraphs(text string) []string {
	var out []string
	for _, p := range paragraphSpans(text) {
		lines := strings.Split(strings.ReplaceAll(text[p.Start:p.End], "\r\n", "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimSpace(l)
		}
		out = append(out, strings.Join(lines, " "))
	}
	return out
}

var sentenceEnd = regexp.MustCompile(`[.!?]["'”’)\]]*\s+`)

// splitLong splits paragraph p of text, if it has more than Max
// words, into pieces of whole sentences (a sentence longer than Max
// is cut between words). Pieces are byte ranges of text.
func splitLong(text string, p Span) []Span {
	para := text[p.Start:p.End]
	if len(strings.Fields(para)) <= Max {
		return []Span{p}
	}
	sentences := sentenceSpans(para)
	var out []Span
	cur, curWords := Span{-1, -1}, 0
	emit := func(s Span) {
		if s = trimSpan(para, s); s.End > s.Start {
			out = append(out, Span{p.Start + s.Start, p.Start + s.End})
		}
	}
	for _, s := range sentences {
		words := wordStarts(para, s)
		for len(words) > Max {
			if curWords > 0 {
				emit(cur)
				cur, curWords = Span{-1, -1}, 0
			}
			emit(Span{words[0], words[Max]})
			s.Start = words[Max]
			words = words[Max:]
		}
		if curWords+len(words) > Max && curWords > 0 {
			emit(cur)
			cur, curWords = Span{-1, -1}, 0
		}
		if cur.Start < 0 {
			cur.Start = s.Start
		}
		cur.End = s.End
		curWords += len(words)
	}
	if curWords > 0 {
		emit(cur)
	}
	return out
}

// sentenceSpans splits para at sentence ends ("Mr. Darcy" ends none);
// each Span runs to the start of the next, spaces included.
func sentenceSpans(para string) []Span {
	var out []Span
	last := 0
	for _, m := range sentenceEnd.FindAllStringIndex(para, -1) {
		if isAbbrev(para[last:m[0]]) {
			continue
		}
		out = append(out, Span{last, m[1]})
		last = m[1]
	}
	if last < len(para) {
		out = append(out, Span{last, len(para)})
	}
	return out
}

// wordStarts are the offsets in text of the words of s.
func wordStarts(text string, s Span) []int {
	var out []int
	in := false
	for i, r := range text[s.Start:s.End] {
		sp := unicode.IsSpace(r)
		if !sp && !in {
			out = append(out, s.Start+i)
		}
		in = !sp
	}
	return out
}

// trimSpan drops the spaces at both ends of s.
func trimSpan(text string, s Span) Span {
	t := strings.TrimLeftFunc(text[s.Start:s.End], unicode.IsSpace)
	s.Start = s.End - len(t)
	s.End = s.Start + len(strings.TrimRightFunc(t, unicode.IsSpace))
	return s
}

// isAbbrev reports whether text ends in a title, an initial or letters
// with periods whose period ends no sentence ("Mr. Bingley", "M.
// Clerval", "by J. Rowley of London", "P.S. The grove is sold", "N.B.
// The floors sink"), a quotation or bracket opening before it ("“Mr.
// Bingley's,” said the boy"). "I" is a word, not an initial ("… than I.
// Then …").
func isAbbrev(text string) bool {
	i := strings.LastIndexAny(text, " \n\t")
	switch w := strings.TrimLeft(text[i+1:], "\"'“‘(["); w {
	case "Mr", "Mrs", "Ms", "Dr", "St", "Col", "Capt", "Rev":
		return true
	case "I":
		return false
	default:
		if len(w) == 1 {
			return w[0] >= 'A' && w[0] <= 'Z'
		}
		for _, part := range strings.Split(w, ".") {
			if len(part) != 1 || !unicode.IsLetter(rune(part[0])) {
				return false
			}
		}
		return true
	}
}

// Sentences splits a paragraph at sentence ends ("Mr. Darcy" ends none).
func Sentences(p string) []string {
	var out []string
	for _, sp := range sentenceSpans(p) {
		if s := strings.TrimSpace(p[sp.Start:sp.End]); s != "" {
			out = append(out, s)
		}
	}
	return out
}
