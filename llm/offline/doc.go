// Package offline is the deterministic stand-in model ("offline"):
// Model.Complete answers schema requests with JSON generated from the
// schema's Node tree (package schema) and prose requests with placeholder
// text, seeded by the request, with no network. It reads as neutral
// placeholder prose: the story's proper names from the prompt and plain
// concrete nouns (the prompt's own only where they are in its fixed
// stock), never the words of storyd's instructions. The same request always gets a byte-identical answer, which is
// what storyd's goldens, benchmarks and `--llm offline` runs rely on.
package offline
