// Package index is the semantic index of a project: scenes, summaries and
// entity sheets chunked into documents, embedded (the local embedder or an
// OpenAI-compatible endpoint), saved under .storyd/index/ as a base file and
// segments, and queried to recall passages for a scene plan. The vectors
// and their scan are package vectors: the local embedder's sparse queries
// are scored on the components they use, with chromem-go's similarities bit
// for bit; chromem-go runs dense queries and is the reference in the tests.
// How it reads text (words, stopwords, stems) is package words, which
// recall's lexical score shares.
// It is a cache: deleting it costs one rebuild, never a fact.
package index
