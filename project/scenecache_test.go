package project

import (
	"reflect"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
)

// cachedLoad loads dir through a cache that went through Encode and
// DecodeSceneCache, as between two processes.
func cachedLoad(t *testing.T, dir string, c *SceneCache) (*Project, *SceneCache) {
	t.Helper()
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	c = DecodeSceneCache(data)
	p, err := LoadCached(Disk(dir), config.Default(), c)
	if err != nil {
		t.Fatal(err)
	}
	return p, c
}

func TestSceneCacheGivesWhatParsingGives(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0003-three.md": mdfixture.Scene(3, "Three", "Third scene,\n\nin two paragraphs."),
		"scenes/0004-crlf.md":  "\ufeff---\r\nid: s4\r\nseq: 4\r\ntitle: CRLF\r\n---\r\n\r\nWritten on Windows.\r\n",
	})
	want, err := LoadFrom(Disk(dir), config.Default())
	if err != nil {
		t.Fatal(err)
	}
	_, c := cachedLoad(t, dir, DecodeSceneCache(nil))
	if len(c.Files) != 3 || c.dirty != 4 {
		t.Fatalf("first load cached %d files after %d misses; want 3 (not the CRLF one) after 4", len(c.Files), c.dirty)
	}
	got, c := cachedLoad(t, dir, c)
	if c.dirty != 1 {
		t.Errorf("second load parsed %d scenes; want 1 (the CRLF one)", c.dirty)
	}
	if !reflect.DeepEqual(got.Scenes, want.Scenes) || !reflect.DeepEqual(got.Loaded, want.Loaded) {
		t.Errorf("cached scenes differ from parsed ones:\n got %+v\nwant %+v", got.Scenes[0], want.Scenes[0])
	}
}

func TestSceneCacheNeverHidesAnEdit(t *testing.T) {
	dir := mdfixture.Project(t)
	_, c := cachedLoad(t, dir, DecodeSceneCache(nil))
	// Same length, same frontmatter keys: only the content differs.
	mdfixture.WriteFiles(t, dir, map[string]string{
		"scenes/0001-one.md": mdfixture.Scene(1, "Uno", "First scene."),
		"scenes/0002-two.md": mdfixture.Scene(2, "Two", "Second SCENE."),
	})
	p, c := cachedLoad(t, dir, c)
	if p.Scenes[0].Title != "Uno" || p.Scenes[1].Body != "Second SCENE.\n" {
		t.Errorf("edits not seen: title %q, body %q", p.Scenes[0].Title, p.Scenes[1].Body)
	}
	if c.dirty != 2 {
		t.Errorf("load after two edits parsed %d scenes; want 2", c.dirty)
	}
}

func TestSceneCacheDropsGoneFilesAndDamage(t *testing.T) {
	dir := mdfixture.Project(t)
	_, c := cachedLoad(t, dir, DecodeSceneCache(nil))
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if d := DecodeSceneCache(data); len(d.Files) != 0 {
		t.Errorf("a damaged cache gave %d entries; want none", len(d.Files))
	}
	if d := DecodeSceneCache([]byte("short")); len(d.Files) != 0 {
		t.Errorf("garbage gave %d entries", len(d.Files))
	}
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0002-two.md": "---\nseq: 0\n---\nbad\n"})
	if _, err := LoadCached(Disk(dir), config.Default(), c); err == nil {
		t.Fatal("a malformed scene loaded from the cache")
	}
	if _, ok := c.Files["scenes/0002-two.md"]; ok {
		t.Error("the malformed scene's old entry is still cached")
	}
}
