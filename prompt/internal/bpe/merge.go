package bpe

import "math"

// none marks a pair that is not a token (tiktoken's "no rank").
const none = math.MaxInt

// part is a token boundary of a piece being merged: where the part starts,
// and the rank of the pair it forms with the next part (none if none).
type part struct{ start, rank int }

// Encode appends the tokens of piece, one pre-tokenized piece of text, to
// out: the whole piece if it is a token, else tiktoken's byte-pair merge
// (repeatedly merge the adjacent pair of lowest rank, leftmost first).
func (t *Table) Encode(piece string, out []int) []int {
	if r, ok := t.Rank(piece); ok {
		return append(out, r)
	}
	var buf [64]part
	parts := t.merge(piece, buf[:0])
	for i := 0; i+1 < len(parts); i++ {
		r, _ := t.Rank(piece[parts[i].start:parts[i+1].start])
		out = append(out, r)
	}
	return out
}

// Count is len(Encode(piece, nil)) without building the tokens.
func (t *Table) Count(piece string) int {
	if _, ok := t.Rank(piece); ok {
		return 1
	}
	var buf [64]part
	return len(t.merge(piece, buf[:0])) - 1
}

// merge returns the boundaries of piece's tokens (len(piece) is the last):
// tiktoken's bytePairMerge, step for step, so ties resolve as there.
func (t *Table) merge(piece string, parts []part) []part {
	for i := 0; i <= len(piece); i++ {
		parts = append(parts, part{i, none})
	}
	// pairRank is the rank of parts i..i+skip+1 merged into one token.
	pairRank := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := t.Rank(piece[parts[i].start:parts[i+skip+2].start]); ok {
				return r
			}
		}
		return none
	}
	for i := 0; i+2 < len(parts); i++ {
		parts[i].rank = pairRank(i, 0)
	}
	for len(parts) > 1 {
		low, at := none, -1
		for i := 0; i+1 < len(parts); i++ {
			if parts[i].rank < low {
				low, at = parts[i].rank, i
			}
		}
		if at < 0 {
			break
		}
		parts[at].rank = pairRank(at, 1)
		if at > 0 {
			parts[at-1].rank = pairRank(at-1, 1)
		}
		parts = append(parts[:at+1], parts[at+2:]...)
	}
	return parts
}
