// Package state is .storyd/state.json, storyd's machine state: the hashes
// of what it wrote (to tell a person's edits from its own), tombstones,
// refreshed summaries and bookkeeping that cannot be derived from the
// markdown, with its encoding (json.Marshal's and json.Unmarshal's, the
// hashes of every file written and read directly). Below project, which
// names these types project.State, project.Derived, project.Run and
// project.Failure.
package state

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"
)

// State is .storyd/state.json: what storyd last wrote, so human edits can be
// told apart, plus bookkeeping that cannot be derived from the markdown.
type State struct {
	Version int `json:"version"`
	// LastSeq is the highest seq ever committed; deleted scenes keep their number.
	LastSeq int `json:"last_seq"`
	Ticks   int `json:"ticks"`
	// Hashes maps a project-relative path to the sha256 of what storyd wrote.
	Hashes map[string]string `json:"hashes"`
	// Deleted are tombstones: scenes storyd wrote that a person deleted.
	Deleted []int `json:"deleted,omitempty"`
	// Derived holds refreshed summaries of hand-edited scenes, keyed by seq
	// and valid while the file still has Hash: the file itself is never touched.
	Derived map[int]Derived `json:"derived,omitempty"`
	// CheckpointedTo is the last seq covered by a checkpoint summary.
	CheckpointedTo int `json:"checkpointed_to,omitempty"`
	// Redrafts counts undos per seq, so a redone scene is asked for afresh
	// instead of replayed from the response cache.
	Redrafts map[int]int `json:"redrafts,omitempty"`
	LastRun  *Run        `json:"last_run,omitempty"`
	Embedder string      `json:"embedder,omitempty"`
	// ThreadAdvanced is the last scene whose plan advanced each thread
	// (threads.md records only when a thread opened and closed).
	ThreadAdvanced map[string]int `json:"thread_advanced,omitempty"`
	// Scratchpad is the planner's own short note of its intentions for the
	// next few scenes, rewritten by each plan (seed 003); bounded.
	Scratchpad string `json:"scratchpad,omitempty"`
}

// Derived is storyd's summary of a scene a person edited.
type Derived struct {
	Hash    string   `json:"hash"`
	Summary []string `json:"summary"`
}

// Run records how the last `storyd tick` batch ended (.storyd/last_run.json).
type Run struct {
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	Ticks    int       `json:"ticks"`
	Outcome  string    `json:"outcome"` // ok | failed
	Error    string    `json:"error,omitempty"`
	Stopped  string    `json:"stopped,omitempty"` // why an ok run ended ("reached scene 3")
}

// Failure is one failed tick (.storyd/failures.json lists the last few).
type Failure struct {
	Time   time.Time `json:"time"`
	Tick   int       `json:"tick"` // the scene the tick was writing; 0 before it knew
	Reason string    `json:"reason"`
	Hint   string    `json:"hint,omitempty"`
}

// New is the state of a project storyd has not written to yet.
func New() State {
	return State{Version: 1, Hashes: map[string]string{}, Derived: map[int]Derived{}}
}

// Clone returns a deep copy, so a tick can stage a new state without
// touching the loaded one.
func (s State) Clone() State {
	c := s
	c.Hashes, c.Derived = cloneMap(s.Hashes), cloneMap(s.Derived)
	c.Deleted = append([]int(nil), s.Deleted...)
	c.Redrafts, c.ThreadAdvanced = cloneMap(s.Redrafts), cloneMap(s.ThreadAdvanced)
	return c
}

// cloneMap copies m (maps.Clone copies the table: 1,500 hashes in ~80 µs,
// ~140 µs inserted one by one); never nil.
func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return maps.Clone(m)
}

// Encode is state.json's content: json.Marshal's, byte for byte, but the
// hashes (a path and a hex digest for each of a book's ~1,500 files) are
// written directly, sorted as encoding/json sorts map keys; encoding/json
// takes each through reflection and sorts reflected keys, ~3× the time.
// A key json.Marshal would escape is left to it.
func (s State) Encode() ([]byte, error) {
	type fields State // State without its methods
	hashes := s.Hashes
	s.Hashes = nil
	data, err := json.Marshal(fields(s))
	if err != nil || hashes == nil {
		return data, err
	}
	const null = `"hashes":null`
	at := bytes.Index(data, []byte(null)) + len(null) - len("null")
	size := len(data) + 1
	for k, v := range hashes {
		size += len(k) + len(v) + 6 // quotes, colon, comma
	}
	out := make([]byte, 0, size)
	out = append(out, data[:at]...)
	out = append(out, '{')
	for i, k := range slices.Sorted(maps.Keys(hashes)) {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendJSONString(out, k)
		out = append(out, ':')
		out = appendJSONString(out, hashes[k])
	}
	out = append(out, '}')
	return append(out, data[at+len("null"):]...), nil
}

// appendJSONString appends s as encoding/json writes a string: as it is
// between quotes when it needs no escaping (printable ASCII but ", \, <, >
// and &), else through json.Marshal.
func appendJSONString(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(out, q...)
		}
	}
	out = append(out, '"')
	out = append(out, s...)
	return append(out, '"')
}

// Decode is json.Unmarshal(data, s), the same state and the same errors,
// but the hashes are read by hand when they are in Encode's form (no
// space outside strings, no escapes, printable ASCII): encoding/json
// allocates a key and a value for each of ~1,500 files. On an error s is
// left half-decoded.
func (s *State) Decode(data []byte) error {
	type fields State // State without its methods
	var raw struct {
		fields
		Hashes hashesJSON `json:"hashes"` // shadows fields.Hashes
	}
	raw.fields, raw.Hashes = fields(*s), hashesJSON(s.Hashes)
	in := data
	if rest, m, ok := splitHashes(data); ok {
		in = rest
		raw.Hashes.add(m)
	}
	if err := json.Unmarshal(in, &raw); err != nil {
		return json.Unmarshal(data, new(State)) // its error, word for word
	}
	*s = State(raw.fields)
	s.Hashes = raw.Hashes
	return nil
}

// hashesJSON is State.Hashes as Decode reads it.
type hashesJSON map[string]string

// UnmarshalJSON adds the object's entries to the map, as encoding/json
// does with a map (once per occurrence of the key).
func (h *hashesJSON) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*h = nil
		return nil
	}
	m, ok := plainHashes(b)
	if !ok {
		return json.Unmarshal(b, (*map[string]string)(h))
	}
	h.add(m)
	return nil
}

// add adds m's entries, as encoding/json adds an object's to a map.
func (h *hashesJSON) add(m map[string]string) {
	if len(*h) == 0 {
		*h = m
		return
	}
	maps.Copy(*h, m)
}

// splitHashes takes the hashes out of state.json in Encode's form, where
// they follow three numbers ({"version":1,"last_seq":N,"ticks":N,"hashes":
// {...},...}): it returns the file without them, for encoding/json, and
// the hashes read by hand; ok is false for any other form. encoding/json
// would scan the hashes twice (checking the whole file, then skipping the
// object to hand it to UnmarshalJSON): ~145 KB at 1,000 scenes, every load.
// Taken out whole, they leave valid JSON valid and invalid JSON invalid.
func splitHashes(data []byte) (rest []byte, hashes map[string]string, ok bool) {
	const key = `,"hashes":{`
	i := bytes.Index(data[:min(len(data), 100)], []byte(key))
	if i < 0 || !numbersFirst(string(data[:i])) {
		return nil, nil, false
	}
	start := i + len(key) - 1
	end := objectEnd(string(data[start:]))
	if end < 0 || start+end == len(data) || (data[start+end] != ',' && data[start+end] != '}') {
		// Only a member followed by "," or "}" is taken out whole: one
		// followed by anything else would join what stands on either side
		// (`"ticks":1,"hashes":{}0}` read as ticks 10).
		return nil, nil, false
	}
	if hashes, ok = plainHashes(data[start : start+end]); !ok {
		return nil, nil, false
	}
	rest = append(append(make([]byte, 0, len(data)-end-len(key)+1), data[:i]...), data[start+end:]...)
	return rest, hashes, true
}

// numbersFirst reports whether s is Encode's start: {"version":N,
// "last_seq":N,"ticks":N, with N anything a number is written with
// (encoding/json checks them).
func numbersFirst(s string) bool {
	for _, key := range []string{`{"version":`, `,"last_seq":`, `,"ticks":`} {
		var ok bool
		if s, ok = strings.CutPrefix(s, key); !ok {
			return false
		}
		n := strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("-0123456789.eE+", r) })
		if n < 0 {
			n = len(s)
		}
		if n == 0 {
			return false
		}
		s = s[n:]
	}
	return s == ""
}

// objectEnd returns the length of the object of plain strings s starts
// with, or -1: its strings hold no escapes (plainHashes checks the rest),
// so the first quote after an opening one closes it.
func objectEnd(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '}':
			return i + 1
		case '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return -1
			}
			i += j + 1
		}
	}
	return -1
}

// plainHashes reads a JSON object of strings in Encode's form; ok is false
// for any other (valid JSON) form, which encoding/json then reads.
func plainHashes(raw []byte) (map[string]string, bool) {
	for _, c := range raw {
		if c < 0x20 || c > 0x7e || c == '\\' {
			return nil, false
		}
	}
	text := string(raw) // one copy: the keys and values are slices of it
	if len(text) < 2 || text[0] != '{' || text[len(text)-1] != '}' {
		return nil, false
	}
	m := make(map[string]string, strings.Count(text, `":"`))
	for rest := text[1 : len(text)-1]; rest != ""; {
		k, after, ok := quoted(rest)
		if !ok || !strings.HasPrefix(after, ":") {
			return nil, false
		}
		v, after, ok := quoted(after[1:])
		if !ok || (after != "" && after[0] != ',') {
			return nil, false
		}
		m[k] = v
		rest = strings.TrimPrefix(after, ",")
		if after == "," {
			return nil, false // a trailing comma is not JSON; encoding/json said so already
		}
	}
	return m, true
}

// quoted splits a leading string without escapes off s.
func quoted(s string) (str, rest string, ok bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", "", false
	}
	end := strings.IndexByte(s[1:], '"')
	if end < 0 {
		return "", "", false
	}
	return s[1 : 1+end], s[2+end:], true
}
