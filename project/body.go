package project

import "sync"

// sceneBody is a scene's prose: given, or read from the scene file on first
// use. A load that takes a scene from its cache does not read the file, so a
// tick reads only the bodies its packs, index and anchors actually use.
type sceneBody struct {
	once sync.Once
	read func() string // nil once read, or for a given text
	text string
}

// Body returns the scene's prose (without frontmatter), reading it from the
// file on first use when the load left it there.
func (s *Scene) Body() string {
	if s.body == nil {
		return ""
	}
	b := s.body
	b.once.Do(func() {
		if b.read != nil {
			b.text, b.read = b.read(), nil
		}
	})
	return b.text
}

// SetBody replaces the scene's prose; it returns s, so that a scene can be
// built in one expression.
func (s *Scene) SetBody(text string) *Scene {
	s.body = &sceneBody{text: text}
	return s
}
