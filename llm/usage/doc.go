// Package usage holds what model calls cost and what was paid for already:
// Cache answers a request it has seen before from a Store (so a re-run tick
// does not pay twice), and Ledger appends one line per successful call with
// its tokens and price, which ReadLedger and Sum turn into totals for
// `storyd status` and the run report. Both wrap any llm.Completer; package
// journal provides their durable stores.
package usage
