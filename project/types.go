package project

import (
	"strings"
	"time"
)

// Story is story.md: the story bible, always in context.
type Story struct {
	Title       string   `yaml:"title"`
	Author      string   `yaml:"author,omitempty"`
	Genre       string   `yaml:"genre,omitempty"`
	Tone        string   `yaml:"tone,omitempty"`
	POV         string   `yaml:"pov,omitempty"`
	Tense       string   `yaml:"tense,omitempty"`
	Premise     string   `yaml:"premise,omitempty"`
	TargetWords int      `yaml:"target_words,omitempty"`
	SceneWords  int      `yaml:"scene_words,omitempty"`
	Style       []string `yaml:"style,omitempty"`
	Pinned      []Fact   `yaml:"pinned,omitempty"`

	Body string `yaml:"-"`
	Path string `yaml:"-"`
}

// Bible is story.md's body for the prompts: "" while it is still init's
// note to the person (a model told "Write here what every scene must know"
// takes it as the story).
func (s Story) Bible() string {
	body := strings.TrimSpace(s.Body)
	if body == strings.TrimSpace(placeholderBody) {
		return ""
	}
	return body
}

// Fact is a pinned fact: something no summary may overwrite.
type Fact struct {
	Text  string `yaml:"text"`
	Scene int    `yaml:"scene,omitempty"`
}

// Relationship links one character to another.
type Relationship struct {
	With string `yaml:"with"`
	Is   string `yaml:"is"`
}

// Character is characters/<id>-<slug>.md.
type Character struct {
	ID            string         `yaml:"id"`
	Name          string         `yaml:"name"`
	Aliases       []string       `yaml:"aliases,omitempty"`
	Role          string         `yaml:"role,omitempty"`
	Traits        []string       `yaml:"traits,omitempty"`
	Goals         []string       `yaml:"goals,omitempty"`
	Relationships []Relationship `yaml:"relationships,omitempty"`
	Facts         []Fact         `yaml:"facts,omitempty"`
	Status        string         `yaml:"status,omitempty"`
	FirstScene    int            `yaml:"first_scene,omitempty"`

	Body string `yaml:"-"`
	Path string `yaml:"-"`
}

// Location is locations/<id>-<slug>.md.
type Location struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Aliases    []string `yaml:"aliases,omitempty"`
	Kind       string   `yaml:"kind,omitempty"`
	Facts      []Fact   `yaml:"facts,omitempty"`
	FirstScene int      `yaml:"first_scene,omitempty"`

	Body string `yaml:"-"`
	Path string `yaml:"-"`
}

// Scene is scenes/<seq>-<slug>.md: one scene per tick. Order comes from Seq,
// never from the file name.
type Scene struct {
	ID              string   `yaml:"id"`
	Seq             int      `yaml:"seq"`
	Title           string   `yaml:"title"`
	POV             string   `yaml:"pov"`
	Location        string   `yaml:"location"`
	Characters      []string `yaml:"characters"`
	Summary         []string `yaml:"summary"`
	ThreadsOpened   []string `yaml:"threads_opened"`
	ThreadsResolved []string `yaml:"threads_resolved"`
	Words           int      `yaml:"words"`
	// ShortOf is the target length the scene ended far below (FarShort)
	// when storyd wrote it; 0 = not short. Status lists the scene while
	// it is still that short (a hand edit that lengthens it clears that).
	ShortOf int       `yaml:"short_of,omitempty"`
	Model   string    `yaml:"model"`
	Created time.Time `yaml:"created"`
	// Chapter is the outline chapter (its number) the scene belongs to;
	// 0 without an outline. People move a scene by editing it.
	Chapter int `yaml:"chapter,omitempty"`
	// Tension is the extractor's 0–10 reading of the scene; nil = unknown.
	Tension *int `yaml:"tension,omitempty"`
	// Context is set by people: "pin" keeps the scene in the writer's
	// recall while the budget allows, "drop" keeps it out of every pack.
	Context string `yaml:"context,omitempty"`

	// body is the prose, read from the file on first use when the load
	// took the scene from its cache (see Body).
	body *sceneBody
	Path string `yaml:"-"`
	// Edited is set when the file differs from what storyd last wrote.
	Edited bool `yaml:"-"`
}

// Checkpoint is summaries/checkpoint-<NNNN>.md (Level 0, covering
// checkpoint_interval ticks) or summaries/arc-<NNNN>-<NNNN>.md (Level 1, a
// roll-up of consecutive checkpoints that keeps the history bounded).
type Checkpoint struct {
	From    int       `yaml:"from"`
	To      int       `yaml:"to"`
	Level   int       `yaml:"level,omitempty"`
	Model   string    `yaml:"model,omitempty"`
	Created time.Time `yaml:"created,omitempty"`

	Body string `yaml:"-"`
	Path string `yaml:"-"`
}

// Thread is a story thread from threads.md.
type Thread struct {
	ID       string
	Text     string
	Opened   int // seq of the scene that opened it; 0 = set by hand
	Resolved int // 0 = open
}

// Term is a coined term from glossary.md.
type Term struct {
	Term       string
	Definition string
	Scene      int
}

// Names returns a character's name and aliases.
func (c *Character) Names() []string { return append([]string{c.Name}, c.Aliases...) }

// Names returns a location's name and aliases.
func (l *Location) Names() []string { return append([]string{l.Name}, l.Aliases...) }

// Values of a scene's context field, set by people.
const (
	ContextPin  = "pin"
	ContextDrop = "drop"
)
