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

// filled returns a T with every exported field set (fill), Path and
// Edited left zero as the cache keeps them.
func filled[T any](n *int) T {
	var v T
	fill(reflect.ValueOf(&v).Elem(), n)
	reflect.ValueOf(&v).Elem().FieldByName("Path").SetString("")
	if f := reflect.ValueOf(&v).Elem().FieldByName("Edited"); f.IsValid() {
		f.SetBool(false)
	}
	return v
}

// Every field of every cached type survives the cache: encoded into an
// entry, the cache written and read back, the entry taken by a load
// (package flat), nil and empty lists kept apart.
func TestLoadCacheCodecRoundTrip(t *testing.T) {
	c := NewLoadCache()
	n := 0
	st := FileStat{Size: 123, Mtime: 456, OK: true}
	stamp := Stamp{Hash: "h", Size: st.Size, Mtime: st.Mtime, Stable: true}
	full := filled[Scene](&n)
	sparse := full
	sparse.Characters, sparse.Summary, sparse.Tension = nil, []string{}, nil
	c.Files["scenes/0001-a.md"] = entry{Stamp: stamp, BodyAt: 7, Meta: string(flat.Append(nil, full))}
	c.Files["scenes/0002-b.md"] = entry{Stamp: stamp, Meta: string(flat.Append(nil, sparse))}
	ch, l, k := filled[Character](&n), filled[Location](&n), filled[Checkpoint](&n)
	c.Characters["characters/c1-a.md"] = entry{Stamp: stamp, Meta: string(flat.Append(nil, ch))}
	c.Locations["locations/l1-a.md"] = entry{Stamp: stamp, Meta: string(flat.Append(nil, l))}
	c.Checkpoints["summaries/checkpoint-0001.md"] = entry{Stamp: stamp, Meta: string(flat.Append(nil, k))}
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got := DecodeLoadCache(data)
	for name, pair := range map[string][2]map[string]entry{"scenes": {got.Files, c.Files}, "characters": {got.Characters, c.Characters},
		"locations": {got.Locations, c.Locations}, "checkpoints": {got.Checkpoints, c.Checkpoints}} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s after a round trip:\n%+v\nwant\n%+v", name, pair[0], pair[1])
		}
	}
	for rel, want := range map[string]Scene{"scenes/0001-a.md": full, "scenes/0002-b.md": sparse} {
		s, h := got.unchangedScene(&got.dec, Disk(t.TempDir()), rel, st)
		if s == nil || h != "h" || s.Path != rel {
			t.Fatalf("%s not taken from the cache", rel)
		}
		s.Path, s.body = "", nil
		if !reflect.DeepEqual(*s, want) {
			t.Errorf("%s taken as\n%+v\nwant\n%+v", rel, *s, want)
		}
	}
	if s, _ := got.unchangedScene(&got.dec, Disk(t.TempDir()), "scenes/0002-b.md", st); s.Summary == nil || s.Characters != nil {
		t.Error("nil and empty lists were not kept apart")
	}
	gotCh, _ := unchangedFile[Character](got, got.Characters, "characters/c1-a.md", st)
	gotL, _ := unchangedFile[Location](got, got.Locations, "locations/l1-a.md", st)
	gotK, _ := unchangedFile[Checkpoint](got, got.Checkpoints, "summaries/checkpoint-0001.md", st)
	if gotCh == nil || gotL == nil || gotK == nil {
		t.Fatal("a sheet or summary not taken from the cache")
	}
	gotCh.Path, gotL.Path, gotK.Path = "", "", ""
	if !reflect.DeepEqual(*gotCh, ch) || !reflect.DeepEqual(*gotL, l) || !reflect.DeepEqual(*gotK, k) {
		t.Errorf("taken as %+v, %+v, %+v\nwant %+v, %+v, %+v", *gotCh, *gotL, *gotK, ch, l, k)
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
