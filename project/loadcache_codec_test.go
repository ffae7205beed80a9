package project

import (
	"reflect"
	"testing"
	"time"

	"github.com/storyd/storyd/project/flat"
)

// fill gives every exported field of v (settable) a value that is not
// zero, different for each field, so a field the codec missed shows.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + string(rune('a'+*n%26)) + "é\x00")
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(-*n * 1000003))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		fill(s.Index(0), n)
		fill(s.Index(1), n)
		v.Set(s)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 1, 2, 3, 4, 5, *n, time.UTC)))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	}
}

// filledScene is a cache entry with every field set (fill).
func filledScene(n *int) CachedScene {
	var s CachedScene
	fill(reflect.ValueOf(&s).Elem(), n)
	s.Meta.body = nil
	return s
}

// Every field of every cached type survives Encode and DecodeLoadCache
// (package flat),
// nil and empty lists kept apart.
func TestLoadCacheCodecRoundTrip(t *testing.T) {
	c := NewLoadCache()
	n := 0
	s := filledScene(&n)
	c.Files["scenes/0001-a.md"] = s
	s.Meta.Characters, s.Meta.Summary, s.Meta.Tension = nil, []string{}, nil
	c.Files["scenes/0002-b.md"] = s
	var ch Cached[Character]
	fill(reflect.ValueOf(&ch).Elem(), &n)
	c.Characters["characters/c1-a.md"] = ch
	var l Cached[Location]
	fill(reflect.ValueOf(&l).Elem(), &n)
	c.Locations["locations/l1-a.md"] = l
	var k Cached[Checkpoint]
	fill(reflect.ValueOf(&k).Elem(), &n)
	c.Checkpoints["summaries/checkpoint-0001.md"] = k
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got := DecodeLoadCache(data)
	for name, pair := range map[string][2]any{"scenes": {got.Files, c.Files}, "characters": {got.Characters, c.Characters},
		"locations": {got.Locations, c.Locations}, "checkpoints": {got.Checkpoints, c.Checkpoints}} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s after a round trip:\n%+v\nwant\n%+v", name, pair[0], pair[1])
		}
	}
	if got.Files["scenes/0002-b.md"].Meta.Summary == nil || got.Files["scenes/0002-b.md"].Meta.Characters != nil {
		t.Error("nil and empty lists were not kept apart")
	}
	// Damage anywhere (the checksum aside) decodes to nothing, never a panic.
	for i := range len(data) - 4 {
		payload := append([]byte(nil), data[:len(data)-4]...)
		payload[i] ^= 0x55
		flat.Unmarshal(payload, NewLoadCache())
	}
	if err := flat.Unmarshal(data[:len(data)-40], NewLoadCache()); err == nil {
		t.Error("a cut payload decoded")
	}
}
