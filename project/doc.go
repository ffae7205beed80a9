// Package project is the project format: the markdown files a person owns
// (story.md, characters/, locations/, scenes/, summaries/, threads.md,
// glossary.md, facts.md, and outline.md as parsed by package outline) and
// storyd's record of what it last wrote (state.json).
// It loads and checks them (strict frontmatter, references, ids), renders
// them, edits them in place line by line, and holds the plan and
// extraction types a tick stages. Only textfile (the byte rule and the
// path:line Problem) and outline lie below it; it knows nothing of the
// tick journal or the semantic index, and it never writes a file; package
// journal does.
//
// The markdown is the source of truth; everything under .storyd/ except
// the lock file and the ledger can be deleted and is rebuilt.
package project
