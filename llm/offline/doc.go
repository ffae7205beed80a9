// Package offline is the deterministic stand-in model ("offline"):
// Model.Complete answers schema requests with JSON generated from the
// schema's Node tree (package schema) and prose requests with placeholder
// text built from the prompt's own words, seeded by the request, with no
// network. The same request always gets a byte-identical answer, which is
// what storyd's goldens, benchmarks and `--llm offline` runs rely on.
package offline
