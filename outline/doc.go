// Package outline is the optional outline.md: parts, chapters with an
// intended tension, and checkbox beats done in file order. Parse reads it
// (every problem at its line, as a textfile.Problem), Render drafts a new
// one for `storyd outline`, and CheckBeats ticks a beat's box in place,
// leaving every other byte as the person wrote it. It sits below package
// project, whose Project holds the parsed *Outline, and knows nothing of
// scenes: checking a scene's chapter against the outline is project's job.
package outline
