package bpe

import (
	_ "embed" // the tables
	"errors"
	"fmt"
)

//go:generate go run ./gen -o .

// The embedded tables. Strings, not an embed.FS: ReadFile would copy them,
// a string is used where the binary maps it.
var (
	//go:embed cl100k_base.bin
	cl100kBlob string
	//go:embed o200k_base.bin
	o200kBlob string
)

// Encodings with an embedded table.
const (
	CL100K = "cl100k_base"
	O200K  = "o200k_base"
)

const (
	magic      = "SBPE"
	version    = 1
	headerSize = 16
)

// Table is one encoding's mergeable ranks, read in place from its blob.
type Table struct {
	n, mask uint32
	offsets string // (n+1)*4 bytes
	slots   string // (mask+1)*4 bytes
	data    string
}

// Load returns the embedded table of encoding ("cl100k_base" or
// "o200k_base"). It only slices the embedded blob.
func Load(encoding string) (*Table, error) {
	switch encoding {
	case CL100K:
		return Open(cl100kBlob)
	case O200K:
		return Open(o200kBlob)
	}
	return nil, fmt.Errorf("bpe: no table for encoding %q", encoding)
}

// Open checks a blob's header and sizes and returns its table.
func Open(blob string) (*Table, error) {
	if len(blob) < headerSize || blob[:4] != magic || u32(blob, 4) != version {
		return nil, errors.New("bpe: not a version 1 table")
	}
	n, slots := u32(blob, 8), u32(blob, 12)
	if slots == 0 || slots&(slots-1) != 0 || slots <= n {
		return nil, errors.New("bpe: bad slot count")
	}
	offEnd := headerSize + 4*(uint64(n)+1)
	slotEnd := offEnd + 4*uint64(slots)
	if uint64(len(blob)) < slotEnd {
		return nil, errors.New("bpe: table is truncated")
	}
	t := &Table{n: n, mask: slots - 1, offsets: blob[headerSize:offEnd], slots: blob[offEnd:slotEnd], data: blob[slotEnd:]}
	if u32(t.offsets, 0) != 0 || uint64(u32(t.offsets, int(4*n))) != uint64(len(t.data)) {
		return nil, errors.New("bpe: offsets do not cover the data")
	}
	return t, nil
}

// Len is the number of mergeable tokens.
func (t *Table) Len() int { return int(t.n) }

// Token returns the bytes of token rank; "" for a rank out of range.
func (t *Table) Token(rank int) string {
	if rank < 0 || rank >= int(t.n) {
		return ""
	}
	return t.data[u32(t.offsets, 4*rank):u32(t.offsets, 4*rank+4)]
}

// Rank returns the rank of piece if it is a token.
func (t *Table) Rank(piece string) (int, bool) {
	i := fnv1a(piece) & t.mask
	for range t.mask + 1 {
		v := u32(t.slots, int(4*i))
		if v == 0 {
			return 0, false
		}
		if r := int(v - 1); t.Token(r) == piece {
			return r, true
		}
		i = (i + 1) & t.mask
	}
	return 0, false
}

// fnv1a is the 32-bit FNV-1a hash; Build places tokens with the same function.
func fnv1a(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// u32 reads the little-endian uint32 at byte offset i of s.
func u32(s string, i int) uint32 {
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}
