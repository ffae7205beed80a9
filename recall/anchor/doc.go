// Package anchor reads a scene's prose for anchors (issue 17; seed 000's
// anchor retention, seed 002's auto-bible): durable facts about one
// character or place, a sentence that says what a character owns,
// promised, fears, cannot do, hid or knows, or what a place is. They are
// found without a model call, by the sentence patterns in Find, when a
// scene is committed. It reads sentences and names only; recall keeps
// the anchors in its bounded store, adds the extractor's facts (Classify)
// and ranks them for a plan.
package anchor
