package index

import (
	"regexp"
	"strings"
	"unicode"
)

// Prose chunks are paragraph-aligned and hold chunkMin to chunkMax words:
// long enough to carry a fact with its context, short enough that a
// snippet in the writer's pack does not crowd out others.
const (
	chunkMin = 120
	chunkMax = 200
)

// span is a byte range [start, end) of a text.
type span struct{ start, end int }

// chunkProse splits a scene body into chunks of whole paragraphs (a
// paragraph longer than chunkMax is split at sentence ends) and returns
// them as byte ranges of body, so that the index can keep a chunk's place
// in the scene file instead of a copy of its text.
func chunkProse(body string) []span {
	var pieces []span
	for _, p := range paragraphSpans(body) {
		pieces = append(pieces, splitLong(body, p)...)
	}
	var chunks []span
	var words []int
	cur, curWords := span{-1, -1}, 0
	flush := func() {
		if cur.start >= 0 {
			chunks = append(chunks, cur)
			words = append(words, curWords)
		}
		cur, curWords = span{-1, -1}, 0
	}
	for _, p := range pieces {
		w := len(strings.Fields(body[p.start:p.end]))
		if curWords >= chunkMin || (curWords > 0 && curWords+w > chunkMax) {
			flush()
		}
		if cur.start < 0 {
			cur.start = p.start
		}
		cur.end = p.end
		curWords += w
	}
	flush()
	// A short tail joins the chunk before it rather than stand alone.
	if n := len(chunks); n >= 2 && words[n-1] < chunkMin/2 && words[n-2]+words[n-1] <= chunkMax+chunkMin/2 {
		chunks[n-2].end = chunks[n-1].end
		chunks = chunks[:n-1]
	}
	return chunks
}

// paragraphSpans are the paragraphs of text (runs of non-blank lines),
// each from its first non-space byte to its last.
func paragraphSpans(text string) []span {
	var out []span
	cur := span{-1, -1}
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
			if cur.start < 0 {
				cur.start = at + lead
			}
			cur.end = at + lead + len(t)
		} else if cur.start >= 0 {
			out = append(out, cur)
			cur = span{-1, -1}
		}
		at = end + 1
	}
	if cur.start >= 0 {
		out = append(out, cur)
	}
	return out
}

// paragraphs splits text at blank lines and joins each paragraph's lines.
func paragraphs(text string) []string {
	var out []string
	for _, p := range paragraphSpans(text) {
		lines := strings.Split(strings.ReplaceAll(text[p.start:p.end], "\r\n", "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimSpace(l)
		}
		out = append(out, strings.Join(lines, " "))
	}
	return out
}

var sentenceEnd = regexp.MustCompile(`[.!?]["'”’)\]]*\s+`)

// splitLong splits paragraph p of text, if it has more than chunkMax
// words, into pieces of whole sentences (a sentence longer than chunkMax
// is cut between words). Pieces are byte ranges of text.
func splitLong(text string, p span) []span {
	para := text[p.start:p.end]
	if len(strings.Fields(para)) <= chunkMax {
		return []span{p}
	}
	sentences := sentenceSpans(para)
	var out []span
	cur, curWords := span{-1, -1}, 0
	emit := func(s span) {
		if s = trimSpan(para, s); s.end > s.start {
			out = append(out, span{p.start + s.start, p.start + s.end})
		}
	}
	for _, s := range sentences {
		words := wordStarts(para, s)
		for len(words) > chunkMax {
			if curWords > 0 {
				emit(cur)
				cur, curWords = span{-1, -1}, 0
			}
			emit(span{words[0], words[chunkMax]})
			s.start = words[chunkMax]
			words = words[chunkMax:]
		}
		if curWords+len(words) > chunkMax && curWords > 0 {
			emit(cur)
			cur, curWords = span{-1, -1}, 0
		}
		if cur.start < 0 {
			cur.start = s.start
		}
		cur.end = s.end
		curWords += len(words)
	}
	if curWords > 0 {
		emit(cur)
	}
	return out
}

// sentenceSpans splits para at sentence ends ("Mr. Darcy" ends none);
// each span runs to the start of the next, spaces included.
func sentenceSpans(para string) []span {
	var out []span
	last := 0
	for _, m := range sentenceEnd.FindAllStringIndex(para, -1) {
		if isAbbrev(para[last:m[0]]) {
			continue
		}
		out = append(out, span{last, m[1]})
		last = m[1]
	}
	if last < len(para) {
		out = append(out, span{last, len(para)})
	}
	return out
}

// wordStarts are the offsets in text of the words of s.
func wordStarts(text string, s span) []int {
	var out []int
	in := false
	for i, r := range text[s.start:s.end] {
		sp := unicode.IsSpace(r)
		if !sp && !in {
			out = append(out, s.start+i)
		}
		in = !sp
	}
	return out
}

// trimSpan drops the spaces at both ends of s.
func trimSpan(text string, s span) span {
	t := strings.TrimLeftFunc(text[s.start:s.end], unicode.IsSpace)
	s.start = s.end - len(t)
	s.end = s.start + len(strings.TrimRightFunc(t, unicode.IsSpace))
	return s
}

// isAbbrev reports whether text ends in a title whose period ends no
// sentence ("Mr. Bingley").
func isAbbrev(text string) bool {
	i := strings.LastIndexAny(text, " \n\t")
	switch text[i+1:] {
	case "Mr", "Mrs", "Ms", "Dr", "St", "Col", "Capt", "Rev", "M":
		return true
	}
	return false
}
