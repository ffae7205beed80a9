// Package recall decides what the writer sees of the book's past beyond
// the recency tiers: anchors, the durable facts about each character and
// place found in the prose at commit time (package recall/anchor) and
// kept in a bounded store (.storyd/index/anchors.log), and passages, the
// index's nearest documents to the plan rescored by the words they share
// with it, by the entities they name and by first mentions, one per
// scene. It sits above index, which stores and searches documents; recall
// ranks them for a plan.
package recall
