// Package prompt counts tokens and assembles budgeted prompt packs.
//
// Start with NewTokenizer (one per process; pick the encoding with
// EncodingForModel), then describe a pack as a Spec of ordered Sections and
// call Tokenizer.Build. The Pack holds the chat messages plus a report of
// every cut; Pack.Explain renders that report for people, Pack.ExplainJSON
// for machines. The package is pure: no file or network I/O. The BPE rank
// tables are embedded in the binary (package prompt/internal/bpe) and used in
// place, so a Tokenizer costs nothing until it first encodes a text.
//
// # Rendering
//
// A section renders as its parts joined by a blank line ("\n\n"): the
// heading "## Title" (if Title is set), the Intro (if set), then the texts of
// its surviving items (in list order, or by Item.Place when items set it),
// or its Empty text when no item survives (a section
// with neither is omitted). Every part is trimmed of surrounding whitespace
// and blank parts are skipped. Sections with the same Message are joined,
// in Spec order, by a blank line too; the "system" message comes first, then
// "user", and a message with no content is left out.
//
// # Token accounting
//
// No BPE piece of cl100k_base or o200k_base spans a newline followed by a
// non-space character (except o200k's "\n/"), so the tokens of "a\n\nb"
// are exactly the tokens of "a\n\n" plus those of "b". Build therefore counts
// each part once, with and without its separator, through the Tokenizer's
// cache, and adds the numbers up: the totals are exact, yet no trimming step
// re-tokenizes the pack. Parts starting with "/" are counted together with
// the part before them.
//
// # Algorithm
//
// Build is deterministic: the same Spec yields a byte-identical Pack.
//
//  1. Demand: the tokens of the pack with every item in full. Pressure is
//     Demand/Total, with each section counted at most at its own Budget (a
//     section its budget cuts anyway does not strain the pack), and gives
//     the strain Tier: below 0.70 Normal, below 0.85 Strain I, below 0.95
//     Strain II, else Strain III.
//  2. Strain caps: each section's TierMax for the tier. A plain section keeps
//     at most that many items, dropping from its trim end; a Degrade section
//     keeps at most that many items in full text, degrading the others to
//     their Fallback (items without one are dropped). Neither goes below
//     MinItems.
//  3. Section budgets: while a section is over its Budget, one step at a time:
//     degrade the first item from the trim end that still has its full text
//     and a smaller Fallback (Degrade sections only); else drop the item at
//     the trim end if more than MinItems remain; else truncate the item at
//     the trim end (Tokenizer.Truncate) and record a warning.
//  4. Total: while the pack is over Total, apply one degrade-or-drop step to
//     the section with the lowest TrimRank > 0 that can still shrink (ties
//     in Spec order). When nothing can shrink, Build returns an
//     *OverBudgetError: the caller must not send the request.
//  5. Render as described above.
//
// The trim end of an "oldest-first" section is its front (the oldest item);
// of a "best-first" section its back (the lowest-ranked item). A Required
// section never loses its last item (its MinItems is at least 1).
package prompt
