package project

import (
	"fmt"
	"io/fs"
	"sync"

	"github.com/storyd/storyd/textfile"
)

// sceneBody is a scene's prose: given, or read from the scene file on first
// use. A load that takes a scene from its cache does not read the file, so a
// tick reads only the bodies its packs, index and anchors actually use.
type sceneBody struct {
	once sync.Once
	// from is where to read the body on first use (file rel of Files,
	// whose cache entry had content hash and the body at bodyAt); nil
	// once read, or for a given text.
	from      Files
	rel, hash string
	bodyAt    int
	text      string
	at        int // where text starts in the file as read; -1: it is not the file's tail
	err       error
}

// Body returns the scene's prose (without frontmatter), reading it from the
// file on first use when the load left it there. A read that fails (the
// file went, or a person broke it, since the load) is an error, never an
// empty scene.
func (s *Scene) Body() (string, error) {
	text, _, err := s.BodyAt()
	return text, err
}

// BodyAt is Body, with where the body starts in the scene file as it was
// read: the body is the file's tail from there, byte for byte; -1 when it
// is not (a byte-order mark, CRLF line ends) or the scene was not read from
// a file. The index keeps chunks as byte ranges of the file with it.
func (s *Scene) BodyAt() (string, int, error) {
	if s.body == nil {
		return "", -1, nil
	}
	b := s.body
	b.once.Do(func() {
		if b.from != nil {
			b.text, b.at, b.err = b.read()
			b.from = nil
		}
	})
	return b.text, b.at, b.err
}

// SetBody replaces the scene's prose; it returns s, so that a scene can be
// built in one expression.
func (s *Scene) SetBody(text string) *Scene {
	s.body = &sceneBody{text: text, at: -1}
	return s
}

// setFileBody sets the prose parsed from file content data.
func (s *Scene) setFileBody(body string, data []byte) {
	s.body = &sceneBody{text: body, at: tailAt(data, body)}
}

// tailAt is where body starts in data if it is data's tail, else -1.
func tailAt(data []byte, body string) int {
	at := len(data) - len(body)
	if at < 0 || string(data[at:]) != body {
		return -1
	}
	return at
}

// lazyBody is the body of an unchanged scene file (content hash h, the
// body at bodyAt), read when it is first used.
func lazyBody(r Files, rel, h string, bodyAt int) *sceneBody {
	return &sceneBody{from: r, rel: rel, hash: h, bodyAt: bodyAt}
}

// read reads the body. If the file changed since the load (a person saving
// it mid-tick), the body is parsed from what is there now; the next load
// sees the edit.
func (b *sceneBody) read() (string, int, error) {
	data, ok, err := b.from.Read(b.rel)
	if err == nil && !ok {
		err = fs.ErrNotExist
	}
	if err != nil {
		return "", -1, fmt.Errorf("reading the prose of %s: %w", b.rel, err)
	}
	if Hash(data) == b.hash && b.bodyAt <= len(data) {
		return string(data[b.bodyAt:]), b.bodyAt, nil
	}
	body, err := textfile.ParseFrontmatter(b.rel, data, new(Scene))
	if err != nil {
		return "", -1, err
	}
	return body, tailAt(data, body), nil
}
