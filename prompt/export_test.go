package prompt

// Tokens exposes the token ids of text to the external tests that compare
// them with tiktoken-go's.
func Tokens(t *Tokenizer, text string) []int { return t.tokens(text) }
