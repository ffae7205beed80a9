package project

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
)

// SceneCacheFile keeps what loading learned about each scene file, so the
// next load does not parse the frontmatter of a file it has seen before.
const SceneCacheFile = StateDir + "/cache/scenes.gob"

// sceneCacheVersion changes whenever Scene's fields or their meaning do:
// a cache of another version is ignored, never misread.
const sceneCacheVersion = 1

// rewriteAfter is how many scene files a load may parse the slow way before
// the cache is worth rewriting: a tick adds one scene, so the cache (a few
// hundred bytes per scene) is rewritten every few dozen ticks, not on each.
const rewriteAfter = 16

// SceneCache maps a scene's path to what its frontmatter said when the file
// had content hash Hash. An entry is used only for a file whose content
// still hashes to Hash, so a hand edit is always parsed afresh; the cache
// can be deleted at any time.
type SceneCache struct {
	Version int
	Files   map[string]CachedScene
	// dirty counts loads the cache did not serve (parsed, or dropped).
	dirty int
}

// CachedScene is one scene file as last parsed.
type CachedScene struct {
	Hash string
	// Meta holds the frontmatter; Body, Path and Edited are left zero.
	Meta Scene
	// BodyAt is where the body starts in the file: the body is the rest.
	BodyAt int
}

// DecodeSceneCache reads a cache written by Encode; damaged data or
// another version yields an empty cache.
func DecodeSceneCache(data []byte) *SceneCache {
	empty := &SceneCache{Version: sceneCacheVersion, Files: map[string]CachedScene{}}
	if len(data) < sha256.Size {
		return empty
	}
	payload, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if s := sha256.Sum256(payload); !bytes.Equal(s[:], sum) {
		return empty
	}
	var c SceneCache
	if err := gob.NewDecoder(bytes.NewReader(payload)).Decode(&c); err != nil || c.Version != sceneCacheVersion || c.Files == nil {
		return empty
	}
	return &c
}

// Encode serialises the cache, with a checksum that Decode verifies.
func (c *SceneCache) Encode() ([]byte, error) {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(c); err != nil {
		return nil, err
	}
	s := sha256.Sum256(b.Bytes())
	return append(b.Bytes(), s[:]...), nil
}

// Stale says whether the cache missed often enough since it was read to be
// worth writing back.
func (c *SceneCache) Stale() bool { return c.dirty >= rewriteAfter }

// lookup returns the scene of file rel with content data (hash h) from the
// cache, or nil.
func (c *SceneCache) lookup(rel string, data []byte, h string) *Scene {
	e, ok := c.Files[rel]
	if !ok || e.Hash != h || e.BodyAt < 0 || e.BodyAt > len(data) {
		return nil
	}
	s := e.Meta
	s.Body, s.Path = string(data[e.BodyAt:]), rel
	return &s
}

// store records scene file rel as parsed from data (hash h); s is nil if
// the file is malformed. A body that is not the file's tail as is (a BOM,
// CRLF line ends) is not cached: such a file is simply parsed each time.
func (c *SceneCache) store(rel string, s *Scene, data []byte, h string) {
	c.dirty++
	at := -1
	if s != nil {
		at = len(data) - len(s.Body)
	}
	if at < 0 || string(data[at:]) != s.Body {
		delete(c.Files, rel)
		return
	}
	meta := *s
	meta.Body, meta.Path, meta.Edited = "", "", false
	c.Files[s.Path] = CachedScene{Hash: h, Meta: meta, BodyAt: at}
}

// keep drops the entries of files that are no longer scenes.
func (c *SceneCache) keep(paths map[string]bool) {
	for rel := range c.Files {
		if !paths[rel] {
			delete(c.Files, rel)
			c.dirty++
		}
	}
}
