// Package bpe is the byte-pair encoder behind prompt.Tokenizer: the rank
// tables of OpenAI's cl100k_base and o200k_base encodings, embedded in the
// binary in a form that is used in place (no parsing at start-up), and
// tiktoken's merge over them.
//
// The tables are generated from the same .tiktoken files that
// tiktoken-go-loader embeds (go generate runs ./gen); a test checks that the
// embedded blobs are exactly what Build makes of those files, and prompt's
// tests check token ids against tiktoken-go.
//
// # Blob format
//
// All integers are little-endian uint32.
//
//	header   "SBPE", version (1), n (tokens), slots (power of two)
//	offsets  n+1 entries: token r's bytes are data[offsets[r]:offsets[r+1]]
//	table    slots entries: rank+1 of the token hashed there, 0 for empty;
//	         open addressing, linear probing from fnv1a(token) & (slots-1)
//	data     the tokens' bytes, concatenated in rank order
//
// Ranks are the token ids: cl100k_base and o200k_base number their
// mergeable tokens 0..n-1 without gaps (Build refuses a file that does not).
package bpe
