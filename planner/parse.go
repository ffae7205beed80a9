package planner

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/memory"
)

// Schema is the JSON schema of the planner's answer, for llm.Request.Schema.
func Schema(p *memory.Project, maxTools int) llm.Schema {
	return llm.Schema{Name: SchemaName, Schema: schema(p, maxTools, true)}
}

// Parse checks the planner's answer and returns the plan with existing
// entities named by id. Every problem found is listed in the returned
// *llm.ValidationError, phrased for a re-ask.
func Parse(p *memory.Project, content string, maxTools int) (*memory.Plan, error) {
	doc := []byte(strings.TrimSpace(llm.ExtractJSON(content)))
	if err := llm.Validate(schema(p, maxTools, false), doc); err != nil {
		var ve *llm.ValidationError
		if errors.As(err, &ve) {
			return nil, ve
		}
		return nil, fmt.Errorf("planner: %w", err)
	}
	var plan memory.Plan
	if err := json.Unmarshal(doc, &plan); err != nil {
		return nil, &llm.ValidationError{Problems: []string{"not a plan: " + err.Error()}}
	}
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }

	plan.Title = oneLine(plan.Title)
	plan.Intention = strings.TrimSpace(plan.Intention)
	if plan.Title == "" {
		bad("title: must not be empty")
	}
	if plan.Intention == "" {
		bad("intention: must not be empty")
	}

	charIDs, charNames := characters(p)
	locIDs, locNames := locations(p)

	// New entities: names present. A name that repeats an existing entity's
	// name or alias, or another new entity's, is merged into that entity
	// rather than re-asked: references to it resolve to the existing one.
	var newChars, newLocs []string
	var keptChars []memory.NewCharacter
	for i, nc := range plan.NewCharacters {
		nc.Name, nc.Role, nc.Description = oneLine(nc.Name), oneLine(nc.Role), strings.TrimSpace(nc.Description)
		if nc.Name == "" {
			bad("new_characters[%d].name: must not be empty", i)
			continue
		}
		if _, dup := findEntity(nc.Name, charIDs, charNames); dup || indexFold(newChars, nc.Name) >= 0 {
			continue
		}
		newChars = append(newChars, nc.Name)
		keptChars = append(keptChars, nc)
	}
	var keptLocs []memory.NewLocation
	for i, nl := range plan.NewLocations {
		nl.Name, nl.Description = oneLine(nl.Name), strings.TrimSpace(nl.Description)
		if nl.Name == "" {
			bad("new_locations[%d].name: must not be empty", i)
			continue
		}
		if _, dup := findEntity(nl.Name, locIDs, locNames); dup || indexFold(newLocs, nl.Name) >= 0 {
			continue
		}
		newLocs = append(newLocs, nl.Name)
		keptLocs = append(keptLocs, nl)
	}
	plan.NewCharacters, plan.NewLocations = nonNilChars(keptChars), nonNilLocs(keptLocs)
	if len(charIDs) == 0 && len(plan.NewCharacters) == 0 {
		bad("new_characters: the story has no characters yet; create at least the point-of-view character")
	}
	if len(locIDs) == 0 && len(plan.NewLocations) == 0 {
		bad("new_locations: the story has no locations yet; create the place where the scene happens")
	}
	if n := len(plan.NewCharacters) + len(plan.NewLocations); n > maxTools {
		bad("new_characters and new_locations: %d entities, at most %d may be created per scene", n, max(maxTools, 0))
	}

	// resolve maps an id, name or alias to an id, or to a new entity's name.
	resolve := func(s string, ids []string, names [][]string, fresh []string) (string, bool) {
		if id, ok := findEntity(s, ids, names); ok {
			return id, true
		}
		if i := indexFold(fresh, strings.TrimSpace(s)); i >= 0 {
			return fresh[i], true
		}
		return "", false
	}

	pov := strings.TrimSpace(plan.POV)
	if v, ok := resolve(pov, charIDs, charNames, newChars); ok {
		plan.POV = v
	} else if len(charIDs) == 0 && len(newChars) > 0 {
		plan.POV = newChars[0] // no character yet: the first new one tells the story
	} else if len(charIDs) > 0 || pov != "" {
		bad("pov: %q is neither a character id (%s) nor a new character's name", pov, idList(charIDs))
	}
	loc := strings.TrimSpace(plan.Location)
	if v, ok := resolve(loc, locIDs, locNames, newLocs); ok {
		plan.Location = v
	} else if len(locIDs) == 0 && len(newLocs) > 0 {
		plan.Location = newLocs[0]
	} else if len(locIDs) > 0 || loc != "" {
		bad("location: %q is neither a location id (%s) nor a new location's name", loc, idList(locIDs))
	}

	var cast []string
	for i, c := range plan.Cast {
		v, ok := resolve(c, charIDs, charNames, newChars)
		if !ok {
			bad("cast[%d]: %q is neither a character id (%s) nor a new character's name", i, strings.TrimSpace(c), idList(charIDs))
			continue
		}
		if v != plan.POV && indexFold(cast, v) < 0 {
			cast = append(cast, v) // the POV and repeats add nothing
		}
	}
	plan.Cast = cast

	open := p.OpenThreads()
	var openIDs, threads []string
	for _, t := range open {
		openIDs = append(openIDs, t.ID)
	}
	for i, t := range plan.ThreadsAdvanced {
		id := strings.TrimSpace(t)
		j := indexFold(openIDs, id)
		if j < 0 {
			if isResolved(p, id) {
				bad("threads_advanced[%d]: thread %s is already resolved", i, id)
			} else {
				bad("threads_advanced[%d]: %q is not an open thread id (%s)", i, id, idList(openIDs))
			}
			continue
		}
		if indexFold(threads, openIDs[j]) < 0 {
			threads = append(threads, openIDs[j])
		}
	}
	plan.ThreadsAdvanced = threads

	var beats []string
	for _, b := range plan.Beats {
		if b = strings.TrimSpace(b); b != "" {
			beats = append(beats, b)
		}
	}
	plan.Beats = beats

	// A length out of range is not worth a re-ask: clamp it.
	lo, hi := wordRange(p)
	if plan.TargetWords <= 0 {
		plan.TargetWords = sceneWords(p)
	}
	plan.TargetWords = min(max(plan.TargetWords, lo), hi)

	if len(probs) > 0 {
		return nil, &llm.ValidationError{Problems: probs}
	}
	if plan.Cast == nil {
		plan.Cast = []string{}
	}
	if plan.ThreadsAdvanced == nil {
		plan.ThreadsAdvanced = []string{}
	}
	return &plan, nil
}

func nonNilChars(s []memory.NewCharacter) []memory.NewCharacter {
	if s == nil {
		return []memory.NewCharacter{}
	}
	return s
}

func nonNilLocs(s []memory.NewLocation) []memory.NewLocation {
	if s == nil {
		return []memory.NewLocation{}
	}
	return s
}

func characters(p *memory.Project) ([]string, [][]string) {
	var ids []string
	var names [][]string
	for _, c := range p.Characters {
		ids = append(ids, c.ID)
		names = append(names, c.Names())
	}
	return ids, names
}

func locations(p *memory.Project) ([]string, [][]string) {
	var ids []string
	var names [][]string
	for _, l := range p.Locations {
		ids = append(ids, l.ID)
		names = append(names, l.Names())
	}
	return ids, names
}

func isResolved(p *memory.Project, id string) bool {
	for _, t := range p.Threads {
		if strings.EqualFold(t.ID, id) && t.Resolved != 0 {
			return true
		}
	}
	return false
}

// indexFold is the index of s in list, ignoring case, or -1.
func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}
