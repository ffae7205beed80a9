// Package planner builds the planner's prompt pack (tick step 4), the JSON
// schema of its answer, and parses and checks that answer into a
// project.Plan.
//
// Call Schema and Build for the request, then Parse on the answer. Parse's
// errors are *schema.ValidationError values whose text is written to be sent
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
	"encoding/json"

	"github.com/storyd/storyd/llm/schema"
	"github.com/storyd/storyd/project"
)

// SchemaName is the name of the planner's JSON schema.
const SchemaName = "scene_plan"

// Bounds of the plan's lists.
const (
	maxBeats   = 8
	maxThreads = 3
)

// toolSplit divides maxTools between new characters and new locations so the
// sum of both maxItems never exceeds it, reserving one of each when the
// project has none yet.
func toolSplit(p *project.Project, maxTools int) (minC, maxC, minL, maxL int) {
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

// schema builds the plan schema. strict is the version sent to the model
// (enums of ids, the tool limit split between the two lists); the lenient
// version checks structure only and leaves ids and names to Parse's
// semantic checks, whose messages are more useful in a re-ask. The scene's
// length is not asked for: it is the user's choice (Project.SceneWords).
func planSchema(p *project.Project, maxTools int, strict bool) json.RawMessage {
	maxTools = max(maxTools, 0)
	charIDs, locIDs, threadIDs := characterIDs(p), locationIDs(p), openThreadIDs(p)
	idOrName := func(desc string, ids []string) schema.Obj {
		if !strict {
			return schema.Str(desc)
		}
		return schema.Enum(desc, ids)
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
	cast := schema.Array(castDesc, idOrName("character", charIDs))
	threads := schema.Array("ids of open threads this scene advances", idOrName("thread id", threadIDs))
	beats := schema.Array("the scene's beats in order", schema.Str("one beat: what happens"))
	if strict {
		// With no character yet, everyone present is new and present anyway.
		cast = cast.Len(0, len(charIDs))
		threads = threads.Len(0, min(maxThreads, len(threadIDs)))
		beats = beats.Len(2, 6)
	}
	newChar := schema.Closed(
		schema.Prop("name", schema.Str("full name, not used by any existing character")),
		schema.Prop("role", schema.Str("role in the story, e.g. ally, rival, witness")),
		schema.Prop("description", schema.Str("two or three sentences: appearance, manner, what they want")),
	)
	newLoc := schema.Closed(
		schema.Prop("name", schema.Str("name of the place, not used by any existing location")),
		schema.Prop("description", schema.Str("two or three sentences: what it looks, sounds and smells like")),
	)
	return closedPlan(strict, outlineProps(p, strict,
		schema.Prop("title", schema.Str("short scene title")),
		schema.Prop("intention", schema.Str("what this scene must achieve for the story, in one or two sentences")),
		// New entities come before the fields that may name them.
		schema.Prop("new_characters", schema.Array("characters to create before the scene is written; empty if none are needed", newChar).Len(minC, maxC)),
		schema.Prop("new_locations", schema.Array("locations to create before the scene is written; empty if none are needed", newLoc).Len(minL, maxL)),
		schema.Prop("pov", idOrName(povDesc, charIDs)),
		schema.Prop("location", idOrName(locDesc, locIDs)),
		schema.Prop("cast", cast),
		schema.Prop("threads_advanced", threads),
		schema.Prop("beats", beats),
	))
}

func characterIDs(p *project.Project) []string {
	ids := make([]string, len(p.Characters))
	for i, c := range p.Characters {
		ids[i] = c.ID
	}
	return ids
}

func locationIDs(p *project.Project) []string {
	ids := make([]string, len(p.Locations))
	for i, l := range p.Locations {
		ids[i] = l.ID
	}
	return ids
}

func openThreadIDs(p *project.Project) []string {
	var ids []string
	for _, t := range p.OpenThreads() {
		ids = append(ids, t.ID)
	}
	return ids
}
