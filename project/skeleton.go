package project

// SkeletonFile is one entry of a new project: a file, or a directory when
// Data is nil.
type SkeletonFile struct {
	Path string
	Data []byte
}

// placeholderBody is story.md's body as init writes it: a note to the
// person, not the story, so Bible leaves it out of the prompts.
const placeholderBody = "Write here what every scene must know: the world, its rules, the story's shape, what must never happen.\n" +
	"storyd sends this file with every writer prompt.\n"

// Skeleton lays out a new project beside its storyd.yaml: the content
// directories first, then story.md from s (storyd's default tense,
// lengths, style and body where s leaves them empty), empty threads.md and
// glossary.md, and a .gitignore for the machine state.
func Skeleton(s Story) ([]SkeletonFile, error) {
	if s.Tense == "" {
		s.Tense = "past"
	}
	if s.TargetWords == 0 {
		s.TargetWords = 80000
	}
	if s.SceneWords == 0 {
		s.SceneWords = 400
	}
	if s.Style == nil {
		s.Style = []string{"Show, don't tell.", "Concrete sensory detail over abstraction."}
	}
	if s.Body == "" {
		s.Body = placeholderBody
	}
	story, err := s.Render()
	if err != nil {
		return nil, err
	}
	return []SkeletonFile{
		{Path: CharDir}, {Path: LocDir}, {Path: SceneDir}, {Path: SummaryDir},
		{Path: StoryFile, Data: story},
		{Path: ThreadsFile, Data: RenderThreads(nil)},
		{Path: GlossaryFile, Data: RenderGlossary(nil)},
		{Path: ".gitignore", Data: []byte("# storyd's machine state (cache, index, journal, ledger): rebuildable or private\n" + StateDir + "/\n")},
	}, nil
}
