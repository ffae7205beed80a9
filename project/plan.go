package project

// Plan is the planner's answer for the next scene (tick step 4). It lives
// here, with the project, because it is staged in the tick journal and read
// by the writer and the extractor alike.
type Plan struct {
	Title     string `json:"title"`
	Intention string `json:"intention"`
	// POV and Location are ids of existing entities or names of entities
	// this plan creates (NewCharacters / NewLocations); the agent resolves
	// them to ids after applying the entity actions.
	POV             string   `json:"pov"`
	Location        string   `json:"location"`
	Cast            []string `json:"cast"`
	ThreadsAdvanced []string `json:"threads_advanced"`
	Beats           []string `json:"beats"`
	// With an outline: the id of the outline beat the scene serves ("b7")
	// and whether the scene completes it. BeatText is filled in by the
	// planner's parser from the outline, for the writer and the check-off.
	Beat          string `json:"beat,omitempty"`
	CompletesBeat bool   `json:"completes_beat,omitempty"`
	BeatText      string `json:"-"`
	// Scratchpad is the planner's rewritten note to itself (bounded).
	Scratchpad    string         `json:"scratchpad,omitempty"`
	NewCharacters []NewCharacter `json:"new_characters"`
	NewLocations  []NewLocation  `json:"new_locations"`
}

// NewCharacter is an entity action of the plan.
type NewCharacter struct {
	Name        string `json:"name"`
	Role        string `json:"role"`
	Description string `json:"description"`
}

// NewLocation is an entity action of the plan.
type NewLocation struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// Extraction is the extractor's answer about a written scene (tick step 7).
type Extraction struct {
	Summary         []string     `json:"summary"`
	Characters      []string     `json:"characters"` // ids of characters present
	ThreadsOpened   []string     `json:"threads_opened"`
	ThreadsResolved []string     `json:"threads_resolved"` // thread ids
	Facts           []FactUpdate `json:"facts"`
	Glossary        []TermUpdate `json:"glossary"`
	// Tension is the scene's tension from 0 (calm) to 10 (climax).
	Tension *int `json:"tension,omitempty"`
}

// FactUpdate pins a fact on an entity ("story" for story-wide facts).
type FactUpdate struct {
	Entity string `json:"entity"`
	Fact   string `json:"fact"`
}

// TermUpdate is a coined term the scene introduced.
type TermUpdate struct {
	Term       string `json:"term"`
	Definition string `json:"definition"`
}

// SnippetAnchor is the Kind of a snippet that is an anchor: a durable fact
// about an entity (package recall/anchor), not a passage.
const SnippetAnchor = "anchor"

// Snippet is a passage recalled from an older scene by the index.
type Snippet struct {
	Seq   int     `json:"seq"`
	Title string  `json:"title"`
	Kind  string  `json:"kind"` // "scene", "summary", "checkpoint", "character", "location", SnippetAnchor
	Text  string  `json:"text"`
	Score float32 `json:"score"`
	// Entity and Anchor are an anchor's entity id and kind (Kind "anchor").
	Entity string `json:"entity,omitempty"`
	Anchor string `json:"anchor,omitempty"`
}
