package prompt

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/storyd/storyd/prompt/internal/bpe"
)

// Encoding names accepted by NewTokenizer.
const (
	CL100K = bpe.CL100K
	O200K  = bpe.O200K
)

// maxCacheEntries bounds the count cache of one Tokenizer. A long-running
// process sees a few dozen new texts per tick, so the bound is only a guard;
// when it is hit the cache is simply cleared (counts are recomputable).
const maxCacheEntries = 1 << 16

// Tokenizer counts and truncates text in tokens of one BPE encoding. Counts
// are cached by content hash, so an unchanged scene is tokenized only once per
// Tokenizer. A Tokenizer is safe for concurrent use; build one per process
// and share it.
type Tokenizer struct {
	encoding string
	table    *bpe.Table
	// piece is the encoding's pre-tokenizer (split.go): the length of the
	// piece its pattern splits off the text's front; each piece is then
	// byte-pair merged.
	piece func(s string) int

	mu    sync.Mutex
	cache map[[sha256.Size]byte]int
	// used marks the counts this Tokenizer looked up or computed: only
	// those are exported, so the saved counts follow what ticks show and
	// do not grow with everything ever counted.
	used map[[sha256.Size]byte]bool

	encodes atomic.Int64 // calls into the BPE encoder; lets tests prove cache hits
}

// NewTokenizer returns a tokenizer of the named encoding ("cl100k_base" or
// "o200k_base"). Its rank table is embedded in the binary and used in place,
// so this costs microseconds; nothing is downloaded or parsed.
func NewTokenizer(encoding string) (*Tokenizer, error) {
	piece := splitter(encoding)
	if piece == nil {
		return nil, fmt.Errorf("prompt: unknown token encoding %q (want %q or %q)", encoding, CL100K, O200K)
	}
	table, err := bpe.Load(encoding)
	if err != nil {
		return nil, fmt.Errorf("prompt: load encoding %s: %w", encoding, err)
	}
	return &Tokenizer{encoding: encoding, table: table, piece: piece, cache: map[[sha256.Size]byte]int{}, used: map[[sha256.Size]byte]bool{}}, nil
}

// EncodingForModel names the encoding to count tokens for model: o200k_base
// for the GPT-4o/4.1/4.5/5 and o-series families, cl100k_base for everything
// else. For local models (Llama, Mistral, Qwen, ...) neither is their real
// tokenizer: cl100k_base is then an estimate, typically within ~10-20% for
// English prose. A provider prefix such as "openai/" (OpenRouter) is ignored.
func EncodingForModel(model string) string {
	m := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:]
	}
	for _, p := range []string{"gpt-4o", "chatgpt-4o", "gpt-4.1", "gpt-4.5", "gpt-5", "gpt-oss", "o1", "o3", "o4"} {
		if strings.HasPrefix(m, p) {
			return O200K
		}
	}
	return CL100K
}

// Encoding returns the encoding name, e.g. "cl100k_base".
func (t *Tokenizer) Encoding() string { return t.encoding }

// Count returns the number of tokens of text. Special tokens such as
// "<|endoftext|>" are counted as plain text, never rejected.
func (t *Tokenizer) Count(text string) int {
	if text == "" {
		return 0
	}
	key := sha256.Sum256([]byte(text))
	if n, ok := t.lookup(key); ok {
		return n
	}
	return t.count(key, text)
}

// countJoined counts a+b without building the string on a cache hit; the pack
// uses it for "part + separator" units.
func (t *Tokenizer) countJoined(a, b string) int {
	h := sha256.New()
	h.Write([]byte(a))
	h.Write([]byte(b))
	var key [sha256.Size]byte
	h.Sum(key[:0])
	if n, ok := t.lookup(key); ok {
		return n
	}
	return t.count(key, a+b)
}

func (t *Tokenizer) lookup(key [sha256.Size]byte) (int, bool) {
	t.mu.Lock()
	n, ok := t.cache[key]
	if ok {
		t.used[key] = true
	}
	t.mu.Unlock()
	return n, ok
}

// know records n as the count of text without encoding it: the pack's
// messages, whose exact counts Build adds up from their parts, so that
// counting a message again (the model client calibrating against the
// server's count, or estimating usage it did not report) is a lookup.
func (t *Tokenizer) know(text string, n int) {
	key := sha256.Sum256([]byte(text))
	t.mu.Lock()
	if len(t.cache) >= maxCacheEntries {
		clear(t.cache)
		clear(t.used)
	}
	t.cache[key] = n
	t.mu.Unlock()
}

// count tokenizes text and records its count under key.
func (t *Tokenizer) count(key [sha256.Size]byte, text string) int {
	n := 0
	t.pieces(text, func(piece string) { n += t.table.Count(piece) })
	t.remember(key, n)
	return n
}

// encode tokenizes text and records its count under key. Special tokens
// such as "<|endoftext|>" are plain text here, as in tiktoken's
// encode_ordinary.
func (t *Tokenizer) encode(key [sha256.Size]byte, text string) []int {
	toks := t.tokens(text)
	t.remember(key, len(toks))
	return toks
}

// tokens returns the token ids of text.
func (t *Tokenizer) tokens(text string) []int {
	var toks []int
	t.pieces(text, func(piece string) { toks = t.table.Encode(piece, toks) })
	return toks
}

func (t *Tokenizer) remember(key [sha256.Size]byte, n int) {
	t.encodes.Add(1)
	t.mu.Lock()
	if len(t.cache) >= maxCacheEntries {
		clear(t.cache)
		clear(t.used)
	}
	t.cache[key] = n
	t.used[key] = true
	t.mu.Unlock()
}

// pieces calls f with each piece of text the encoding's pattern splits it
// into. Invalid UTF-8 is read as U+FFFD per bad byte first, as tiktoken-go
// reads it (its matcher works on runes).
func (t *Tokenizer) pieces(text string, f func(piece string)) {
	if !utf8.ValidString(text) {
		text = string([]rune(text))
	}
	for len(text) > 0 {
		n := t.piece(text)
		f(text[:n])
		text = text[n:]
	}
}

// decode is the text of tokens.
func (t *Tokenizer) decode(toks []int) string {
	var b strings.Builder
	for _, r := range toks {
		b.WriteString(t.table.Token(r))
	}
	return b.String()
}

// Truncate returns the longest prefix of text that fits in maxTokens tokens
// and ends at a word boundary: the text is cut at a token boundary and then
// backed off to the last whitespace, and trailing whitespace is removed. If
// the first word alone does not fit, the result is "", unless that "word" is
// an unspaced run longer than 64 bytes (CJK prose, a URL): such a run is cut
// at the token boundary instead (never inside a character). The result never
// counts more than maxTokens; text that already fits is returned unchanged.
func (t *Tokenizer) Truncate(text string, maxTokens int) string {
	if maxTokens <= 0 || text == "" {
		return ""
	}
	if !utf8.ValidString(text) {
		// The encoder sees invalid bytes as U+FFFD; make decoded prefixes
		// line up byte for byte with the text we slice.
		text = string([]rune(text))
	}
	key := sha256.Sum256([]byte(text))
	if n, ok := t.lookup(key); ok && n <= maxTokens {
		return text
	}
	toks := t.encode(key, text)
	if len(toks) <= maxTokens {
		return text
	}
	prefix := t.decode(toks[:maxTokens])
	// A token boundary can fall inside a multi-byte character.
	for prefix != "" {
		r, size := utf8.DecodeLastRuneInString(prefix)
		if r != utf8.RuneError || size != 1 {
			break
		}
		prefix = prefix[:len(prefix)-1]
	}
	// The byte after the prefix decides whether the prefix already ends a word.
	if next, _ := utf8.DecodeRuneInString(text[len(prefix):]); !unicode.IsSpace(next) {
		if cut := lastSpace(prefix); cut >= 0 {
			prefix = prefix[:cut]
		} else if firstWord := strings.IndexFunc(text, unicode.IsSpace); firstWord >= 0 && firstWord <= maxWordBytes {
			prefix = "" // even the first word does not fit
		}
	}
	prefix = strings.TrimRightFunc(prefix, unicode.IsSpace)
	// Re-tokenizing a prefix can, rarely, merge differently; back off further
	// word by word until it fits.
	for prefix != "" && t.Count(prefix) > maxTokens {
		cut := lastSpace(prefix)
		if cut < 0 {
			_, size := utf8.DecodeLastRuneInString(prefix)
			cut = len(prefix) - size
		}
		prefix = strings.TrimRightFunc(prefix[:cut], unicode.IsSpace)
	}
	return prefix
}

// maxWordBytes is the longest run without whitespace that Truncate treats as
// a word it must not split.
const maxWordBytes = 64

// lastSpace returns the byte index of the last whitespace rune in s, or -1.
func lastSpace(s string) int {
	return strings.LastIndexFunc(s, unicode.IsSpace)
}

// countsMagic opens an exported count cache; the encoding follows it, so
// counts are never reused across encodings. Counts carry no tokenizer
// version because they are tiktoken's exactly (TestTokensMatchTiktoken*
// pins every id against tiktoken-go): a change that made any count differ
// must bump the number here, or cached counts would outlive it.
const countsMagic = "storyd-token-counts-2\n"

// The exported counts end in the CRC-32C of what precedes it: the file is
// renamed into place without fsyncs, and a power cut can leave pages of it
// zeroed, where a key whose count ran into them would read as 0 tokens.
var countsTable = crc32.MakeTable(crc32.Castagnoli)

// ExportCounts serialises the counts this Tokenizer used (content hash →
// token count, sorted by hash, so the same counts give the same bytes), so
// a caller can keep them across processes: a cron job that runs one tick
// per process then never re-tokenizes an unchanged scene. Imported counts
// no Count asked for are left out: what the book's ticks stop showing (an
// old scene's text, a summary since rolled up) ages out.
func (t *Tokenizer) ExportCounts() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	keys := make([][sha256.Size]byte, 0, len(t.used))
	for k := range t.used {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [sha256.Size]byte) int { return bytes.Compare(a[:], b[:]) })
	out := make([]byte, 0, len(countsMagic)+len(t.encoding)+1+len(keys)*(sha256.Size+3))
	out = append(out, countsMagic...)
	out = append(out, t.encoding...)
	out = append(out, '\n')
	for _, k := range keys {
		out = append(out, k[:]...)
		out = binary.AppendUvarint(out, uint64(t.cache[k]))
	}
	return binary.BigEndian.AppendUint32(out, crc32.Checksum(out, countsTable))
}

// ImportCounts adds counts exported by ExportCounts. Data of another
// encoding, or damaged data, is refused with an error and changes nothing.
func (t *Tokenizer) ImportCounts(data []byte) error {
	head := countsMagic + t.encoding + "\n"
	if !bytes.HasPrefix(data, []byte(head)) {
		return fmt.Errorf("prompt: token counts are not for %s (or of an older storyd)", t.encoding)
	}
	if len(data) < len(head)+4 || crc32.Checksum(data[:len(data)-4], countsTable) != binary.BigEndian.Uint32(data[len(data)-4:]) {
		return fmt.Errorf("prompt: token counts are damaged")
	}
	data = data[len(head) : len(data)-4]
	got := map[[sha256.Size]byte]int{}
	for len(data) > 0 {
		if len(data) < sha256.Size+1 {
			return fmt.Errorf("prompt: token counts are damaged")
		}
		var k [sha256.Size]byte
		copy(k[:], data)
		n, w := binary.Uvarint(data[sha256.Size:])
		if w <= 0 {
			return fmt.Errorf("prompt: token counts are damaged")
		}
		got[k] = int(n)
		data = data[sha256.Size+w:]
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, n := range got {
		if len(t.cache) >= maxCacheEntries {
			break
		}
		t.cache[k] = n
	}
	return nil
}
