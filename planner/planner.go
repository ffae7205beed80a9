// Package planner builds the planner's prompt pack (tick step 4), the JSON
// schema of its answer, and parses and checks that answer into a
// memory.Plan.
//
// Call Schema and Build for the request, then Parse on the answer. Parse's
// errors are *llm.ValidationError values whose text is written to be sent
// back to the model in a re-ask. The package is pure: no file or network I/O.
//
// # Ids and new entities
//
// The schema sent to the model names existing entities by id through enums,
// so a strict-mode model (and the offline stand-in) can only pick real ids.
// When the project has no character yet, the plan must create one
// (new_characters minItems 1) and pov is free text resolved to a new
// character (the first one when the text names none); locations likewise.
// new_characters and new_locations share max_tools_per_tick: the schema
// splits the limit between them so that any schema-valid answer respects it.
//
// Parse is more lenient than the schema, for providers without strict mode:
// it accepts ids, names and aliases (case-insensitive), canonicalises
// existing entities to ids and keeps a new entity's name as written in
// new_characters/new_locations (the agent maps it to the id it creates).
package planner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/storyd/storyd/memory"
)

// SchemaName is the name of the planner's JSON schema.
const SchemaName = "scene_plan"

// Bounds of the plan's lists.
const (
	maxBeats   = 8
	maxThreads = 3
)

// sceneWords is the intended length of a scene.
func sceneWords(p *memory.Project) int {
	switch {
	case p.Story.SceneWords > 0:
		return p.Story.SceneWords
	case p.Config != nil && p.Config.Generation.SceneWords > 0:
		return p.Config.Generation.SceneWords
	}
	return 400
}

// wordRange is the target_words range a plan may ask for.
func wordRange(p *memory.Project) (int, int) {
	w := sceneWords(p)
	return max(w/2, 50), w * 2
}

// toolSplit divides maxTools between new characters and new locations so the
// sum of both maxItems never exceeds it, reserving one of each when the
// project has none yet.
func toolSplit(p *memory.Project, maxTools int) (minC, maxC, minL, maxL int) {
	if len(p.Characters) == 0 {
		minC = 1
	}
	if len(p.Locations) == 0 {
		minL = 1
	}
	spare := max(maxTools-minC-minL, 0)
	maxC = minC + (spare+1)/2
	maxL = minL + spare/2
	return
}

// obj is a JSON object that keeps its keys in insertion order: property
// order steers how models (and the offline stand-in) generate the answer.
type obj []kv

type kv struct {
	k string
	v any
}

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.k)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// set replaces or appends a member.
func (o obj) set(k string, v any) obj {
	for i := range o {
		if o[i].k == k {
			o[i].v = v
			return o
		}
	}
	return append(o, kv{k, v})
}

// schema builds the plan schema. strict is the version sent to the model
// (enums of ids, the tool limit split between the two lists); the lenient
// version checks structure only and leaves ids and names to Parse's
// semantic checks, whose messages are more useful in a re-ask.
func schema(p *memory.Project, maxTools int, strict bool) json.RawMessage {
	maxTools = max(maxTools, 0)
	var charIDs, locIDs, threadIDs []string
	for _, c := range p.Characters {
		charIDs = append(charIDs, c.ID)
	}
	for _, l := range p.Locations {
		locIDs = append(locIDs, l.ID)
	}
	for _, t := range p.OpenThreads() {
		threadIDs = append(threadIDs, t.ID)
	}
	str := func(desc string) obj { return obj{{"type", "string"}, {"description", desc}} }
	idOrName := func(desc string, ids []string) obj {
		s := str(desc)
		if strict && len(ids) > 0 {
			s = s.set("enum", ids)
		}
		return s
	}
	minC, maxC, minL, maxL := toolSplit(p, maxTools)
	if !strict {
		minC, maxC, minL, maxL = 0, maxTools, 0, maxTools
	}

	povDesc := "id of the point-of-view character"
	castDesc := "ids of the other characters present (new characters of this plan are present anyway)"
	if len(charIDs) == 0 {
		povDesc = "exact name of the point-of-view character, one of new_characters"
		castDesc = "leave empty: the new characters are all present"
	}
	locDesc := "id of the location where the scene takes place"
	if len(locIDs) == 0 {
		locDesc = "exact name of the location, one of new_locations"
	}
	cast := obj{{"type", "array"}, {"description", castDesc}, {"items", idOrName("character", charIDs)}}
	if strict {
		// With no character yet, everyone present is new and present anyway.
		cast = cast.set("maxItems", len(charIDs))
	}
	threads := obj{{"type", "array"}, {"description", "ids of open threads this scene advances"},
		{"items", idOrName("thread id", threadIDs)}}
	if strict {
		threads = threads.set("maxItems", min(maxThreads, len(threadIDs)))
	}
	lo, hi := wordRange(p)
	words := obj{{"type", "integer"}, {"description", fmt.Sprintf("intended length in words (about %d)", sceneWords(p))}}
	if strict {
		words = words.set("minimum", lo).set("maximum", hi)
	}
	newChar := obj{{"type", "object"}, {"additionalProperties", false},
		{"required", []string{"name", "role", "description"}},
		{"properties", obj{
			{"name", str("full name, not used by any existing character")},
			{"role", str("role in the story, e.g. ally, rival, witness")},
			{"description", str("two or three sentences: appearance, manner, what they want")},
		}}}
	newLoc := obj{{"type", "object"}, {"additionalProperties", false},
		{"required", []string{"name", "description"}},
		{"properties", obj{
			{"name", str("name of the place, not used by any existing location")},
			{"description", str("two or three sentences: what it looks, sounds and smells like")},
		}}}
	beats := obj{{"type", "array"}, {"description", "the scene's beats in order"}, {"items", str("one beat: what happens")}}
	if strict {
		beats = beats.set("minItems", 2).set("maxItems", 6)
	}
	list := func(desc string, item obj, lo, hi int) obj {
		return obj{{"type", "array"}, {"description", desc}, {"items", item}, {"minItems", lo}, {"maxItems", hi}}
	}
	root := obj{
		{"type", "object"},
		{"additionalProperties", false},
		{"required", []string{"title", "intention", "new_characters", "new_locations", "pov", "location", "cast",
			"threads_advanced", "beats", "target_words"}},
		{"properties", obj{
			{"title", str("short scene title")},
			{"intention", str("what this scene must achieve for the story, in one or two sentences")},
			// New entities come before the fields that may name them.
			{"new_characters", list("characters to create before the scene is written; empty if none are needed", newChar, minC, maxC)},
			{"new_locations", list("locations to create before the scene is written; empty if none are needed", newLoc, minL, maxL)},
			{"pov", idOrName(povDesc, charIDs)},
			{"location", idOrName(locDesc, locIDs)},
			{"cast", cast},
			{"threads_advanced", threads},
			{"beats", beats},
			{"target_words", words},
		}},
	}
	data, err := json.Marshal(root)
	if err != nil {
		panic(err) // strings, ints, bools and slices of them: cannot fail
	}
	return data
}

// findEntity resolves s to an id among entities with names and aliases,
// case-insensitively; ok is false when nothing matches.
func findEntity(s string, ids []string, names [][]string) (string, bool) {
	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" {
		return "", false
	}
	for _, id := range ids {
		if strings.ToLower(id) == key {
			return id, true
		}
	}
	for i, ns := range names {
		for _, n := range ns {
			if strings.ToLower(strings.TrimSpace(n)) == key {
				return ids[i], true
			}
		}
	}
	return "", false
}

// idList shows at most 12 ids for an error message.
func idList(ids []string) string {
	if len(ids) == 0 {
		return "none exist"
	}
	if len(ids) > 12 {
		return strings.Join(ids[:12], ", ") + fmt.Sprintf(", … %d more", len(ids)-12)
	}
	return strings.Join(ids, ", ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
