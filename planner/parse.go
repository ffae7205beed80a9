package planner

import (
	"slices"
	"strings"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/schema"
	"github.com/storyd/storyd/project"
	"github.com/storyd/storyd/prompt"
	"github.com/storyd/storyd/textfile"
)

// Schema is the JSON schema of the planner's answer, for llm.Request.Schema.
func Schema(p *project.Project, maxTools int) llm.Schema {
	return llm.Schema{Name: SchemaName, Schema: planSchema(p, maxTools, true)}
}

// Parse checks the planner's answer and returns the plan with existing
// entities named by id. Every problem found is listed in the returned
// *schema.ValidationError, phrased for a re-ask.
func Parse(p *project.Project, content string, maxTools int) (*project.Plan, error) {
	var plan project.Plan
	if err := schema.Decode(content, planSchema(p, maxTools, false), "a plan", &plan); err != nil {
		return nil, err
	}
	var probs schema.Problems
	plan.Title, plan.Intention = prompt.OneLine(plan.Title), strings.TrimSpace(textfile.Clean(plan.Intention))
	if plan.Title == "" {
		probs.Add("title: must not be empty")
	}
	if plan.Intention == "" {
		probs.Add("intention: must not be empty")
	}
	fresh := newEntities(p, &plan, maxTools, &probs)
	resolveRefs(p, &plan, fresh, &probs)
	plan.ThreadsAdvanced = advancedThreads(p, plan.ThreadsAdvanced, &probs)
	outlineFields(p, &plan, &probs)
	for i, b := range plan.Beats {
		plan.Beats[i] = strings.TrimSpace(textfile.Clean(b))
	}
	plan.Beats = slices.DeleteFunc(plan.Beats, func(b string) bool { return b == "" })
	if err := probs.Err(); err != nil {
		return nil, err
	}
	return &plan, nil
}

// freshNames are the names of the entities a plan creates, as written.
type freshNames struct{ chars, locs []string }

// newEntities cleans the plan's new characters and locations. A name that
// repeats an existing entity's name or alias, or another new entity's, is
// merged into that entity rather than re-asked: references to it resolve
// to the existing one.
func newEntities(p *project.Project, plan *project.Plan, maxTools int, probs *schema.Problems) freshNames {
	var fresh freshNames
	chars := []project.NewCharacter{}
	for i, nc := range plan.NewCharacters {
		nc.Name, nc.Role, nc.Description = prompt.OneLine(nc.Name), prompt.OneLine(nc.Role), strings.TrimSpace(textfile.Clean(nc.Description))
		if nc.Name == "" {
			probs.Add("new_characters[%d].name: must not be empty", i)
			continue
		}
		if _, dup := p.FindCharacter(nc.Name); !dup && indexFold(fresh.chars, nc.Name) < 0 {
			fresh.chars = append(fresh.chars, nc.Name)
			chars = append(chars, nc)
		}
	}
	locs := []project.NewLocation{}
	for i, nl := range plan.NewLocations {
		nl.Name, nl.Description = prompt.OneLine(nl.Name), strings.TrimSpace(textfile.Clean(nl.Description))
		if nl.Name == "" {
			probs.Add("new_locations[%d].name: must not be empty", i)
			continue
		}
		if _, dup := p.FindLocation(nl.Name); !dup && indexFold(fresh.locs, nl.Name) < 0 {
			fresh.locs = append(fresh.locs, nl.Name)
			locs = append(locs, nl)
		}
	}
	plan.NewCharacters, plan.NewLocations = chars, locs
	if len(p.Characters) == 0 && len(chars) == 0 {
		probs.Add("new_characters: the story has no characters yet; create at least the point-of-view character")
	}
	if len(p.Locations) == 0 && len(locs) == 0 {
		probs.Add("new_locations: the story has no locations yet; create the place where the scene happens")
	}
	if n := len(chars) + len(locs); n > maxTools {
		probs.Add("new_characters and new_locations: %d entities, at most %d may be created per scene", n, max(maxTools, 0))
	}
	return fresh
}

// resolveRefs maps the plan's pov, location and cast, given as ids, names
// or aliases, to ids or to the names of the entities the plan creates.
func resolveRefs(p *project.Project, plan *project.Plan, fresh freshNames, probs *schema.Problems) {
	char := func(s string) (string, bool) { return resolve(p.FindCharacter, fresh.chars, s) }
	loc := func(s string) (string, bool) { return resolve(p.FindLocation, fresh.locs, s) }

	pov := strings.TrimSpace(plan.POV)
	if v, ok := char(pov); ok {
		plan.POV = v
	} else if len(p.Characters) == 0 && len(fresh.chars) > 0 {
		plan.POV = fresh.chars[0] // no character yet: the first new one tells the story
	} else if len(p.Characters) > 0 || pov != "" {
		probs.Add("pov: %q is neither a character id (%s) nor a new character's name", pov, schema.IDList(characterIDs(p)))
	}
	where := strings.TrimSpace(plan.Location)
	if v, ok := loc(where); ok {
		plan.Location = v
	} else if len(p.Locations) == 0 && len(fresh.locs) > 0 {
		plan.Location = fresh.locs[0]
	} else if len(p.Locations) > 0 || where != "" {
		probs.Add("location: %q is neither a location id (%s) nor a new location's name", where, schema.IDList(locationIDs(p)))
	}

	cast := []string{}
	for i, c := range plan.Cast {
		v, ok := char(c)
		if !ok {
			probs.Add("cast[%d]: %q is neither a character id (%s) nor a new character's name", i, strings.TrimSpace(c), schema.IDList(characterIDs(p)))
			continue
		}
		if v != plan.POV && !slices.Contains(cast, v) {
			cast = append(cast, v) // the POV and repeats add nothing
		}
	}
	plan.Cast = cast
}

// resolve maps an id, name or alias to an id, or to a new entity's name.
func resolve(find func(string) (string, bool), fresh []string, s string) (string, bool) {
	if id, ok := find(s); ok {
		return id, true
	}
	if i := indexFold(fresh, strings.TrimSpace(s)); i >= 0 {
		return fresh[i], true
	}
	return "", false
}

// advancedThreads resolves the plan's threads to open thread ids.
func advancedThreads(p *project.Project, given []string, probs *schema.Problems) []string {
	threads := []string{}
	for i, t := range given {
		id, ok := p.FindOpenThread(t)
		switch {
		case ok && !slices.Contains(threads, id):
			threads = append(threads, id)
		case ok: // a repeat
		case isResolved(p, strings.TrimSpace(t)):
			probs.Add("threads_advanced[%d]: thread %s is already resolved", i, strings.TrimSpace(t))
		default:
			probs.Add("threads_advanced[%d]: %q is not an open thread id (%s)", i, strings.TrimSpace(t), schema.IDList(openThreadIDs(p)))
		}
	}
	return threads
}

func isResolved(p *project.Project, id string) bool {
	for _, t := range p.Threads {
		if strings.EqualFold(t.ID, id) && t.Resolved != 0 {
			return true
		}
	}
	return false
}

// indexFold is the index of s in the names a plan creates, ignoring case, or -1.
func indexFold(names []string, s string) int {
	return slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, s) })
}
