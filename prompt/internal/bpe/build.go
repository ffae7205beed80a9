package bpe

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
)

// Build makes a blob (see the package comment) from a .tiktoken file: one
// "base64(token) rank" line per mergeable token. It is what go generate
// runs; the tokenizer itself never parses a .tiktoken file.
func Build(tiktoken []byte) ([]byte, error) {
	var tokens [][]byte
	for i, line := range bytes.Split(tiktoken, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		b64, num, ok := bytes.Cut(line, []byte(" "))
		tok, err := base64.StdEncoding.DecodeString(string(b64))
		rank, err2 := strconv.Atoi(string(num))
		if !ok || err != nil || err2 != nil || len(tok) == 0 {
			return nil, fmt.Errorf("bpe: line %d: want \"base64 rank\"", i+1)
		}
		if rank != len(tokens) {
			return nil, fmt.Errorf("bpe: line %d: rank %d, want %d (ranks must run 0..n-1 in order)", i+1, rank, len(tokens))
		}
		tokens = append(tokens, tok)
	}
	n := uint32(len(tokens))
	slots := uint32(1) << bits.Len32(2*n-1) // load factor at most 1/2
	table := make([]uint32, slots)
	var data []byte
	offsets := []uint32{0}
	for r, tok := range tokens {
		i := fnv1a(string(tok)) & (slots - 1)
		for table[i] != 0 {
			if bytes.Equal(tokens[table[i]-1], tok) {
				return nil, fmt.Errorf("bpe: token %q has ranks %d and %d", tok, table[i]-1, r)
			}
			i = (i + 1) & (slots - 1)
		}
		table[i] = uint32(r) + 1
		data = append(data, tok...)
		offsets = append(offsets, uint32(len(data)))
	}
	out := []byte(magic)
	for _, v := range []uint32{version, n, slots} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, v := range offsets {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, v := range table {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return append(out, data...), nil
}
