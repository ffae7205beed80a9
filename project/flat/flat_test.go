package flat

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

type inner struct {
	Text  string
	Scene int
}

type sample struct {
	Name    string
	N       int
	Big     int64
	Sum     uint32
	On      bool
	List    []string
	Empty   []string
	None    []string
	Items   []inner
	Ptr     *int
	NilPtr  *int
	When    time.Time
	ByKey   map[string]inner
	ByNum   map[int]string
	Names   map[string]string
	ByID    map[int]inner
	private string
}

func sampleValue() sample {
	seven := -7
	return sample{Name: "Ann é\x00", N: -3, Big: 1 << 60, Sum: 1<<32 - 1, On: true, List: []string{"a", ""}, Empty: []string{},
		Items: []inner{{"x", 1}, {"", -2}}, Ptr: &seven, When: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC),
		ByKey: map[string]inner{"b": {"y", 2}, "a": {"z", 3}}, ByNum: map[int]string{20: "b", -1: "a", 3: "c", 1000: "d"},
		Names: map[string]string{"b": "x", "a": "", "é": "y"}, ByID: map[int]inner{7: {"p", 1}, -7: {"q", 2}, 300: {"r", 3}}, private: "not encoded"}
}

// A value survives Append and Unmarshal: every exported field, nil and
// empty lists apart, a map in key order (so the bytes are the same each
// time); unexported fields are left out.
func TestRoundTrip(t *testing.T) {
	v := sampleValue()
	data := Append(nil, v)
	for range 20 { // a map's order of iteration changes from one range to the next
		if again := Append(nil, v); string(again) != string(data) {
			t.Fatal("two encodings of one value differ")
		}
	}
	var got sample
	if err := Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	v.private = ""
	if !reflect.DeepEqual(got, v) {
		t.Errorf("got %+v\nwant %+v", got, v)
	}
	if got.Empty == nil || got.None != nil {
		t.Error("nil and empty lists were not kept apart")
	}
	if err := Unmarshal(append(data, 0), &got); err != ErrDamaged {
		t.Errorf("a byte left over: %v", err)
	}
}

// FuzzUnmarshal: any payload decodes or is ErrDamaged, never a panic or an
// allocation larger than the payload allows.
func FuzzUnmarshal(f *testing.F) {
	f.Add(Append(nil, sampleValue()))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, payload []byte) {
		var v sample
		if err := Unmarshal(payload, &v); err != nil && err != ErrDamaged {
			t.Fatal(err)
		}
	})
}

// wide is a list element whose memory is many times its least encoding
// (40 bytes: a byte a field).
type wide struct {
	F0, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12, F13, F14, F15, F16, F17, F18, F19,
	F20, F21, F22, F23, F24, F25, F26, F27, F28, F29, F30, F31, F32, F33, F34, F35, F36, F37, F38, F39 string
}

// A damaged count of wide elements is refused before the list or the
// map's room is made: a 1 MB payload claiming a million elements made
// 641 MB of list (54 MB of map) when only a byte an element was checked.
func TestDamagedCountAllocatesLittle(t *testing.T) {
	var lists struct {
		M map[string]wide
		L []wide
	}
	for name, head := range map[string][]byte{
		"list": binary.AppendUvarint([]byte{0}, 1<<20+1),
		"map":  binary.AppendUvarint(nil, 1<<20),
	} {
		payload := append(head, make([]byte, 1<<20)...)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := Unmarshal(payload, &lists)
		runtime.ReadMemStats(&after)
		if err != ErrDamaged {
			t.Errorf("%s: %v; want ErrDamaged", name, err)
		}
		if made := after.TotalAlloc - before.TotalAlloc; made > 16<<20 {
			t.Errorf("%s: %d MB allocated for a 1 MB payload", name, made>>20)
		}
	}
}

// Unseal gives back what Seal sealed, with its checksum, and refuses any
// damage: a flipped byte, a cut, nothing.
func TestSeal(t *testing.T) {
	data, sum := Seal([]byte("payload"))
	payload, got, ok := Unseal(data)
	if !ok || string(payload) != "payload" || got != sum {
		t.Fatalf("Unseal = %q, %x, %v", payload, got, ok)
	}
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 1
		if _, _, ok := Unseal(bad); ok {
			t.Errorf("byte %d flipped: unsealed", i)
		}
	}
	for _, bad := range [][]byte{data[:len(data)-1], data[1:], nil} {
		if _, _, ok := Unseal(bad); ok {
			t.Errorf("%q unsealed", bad)
		}
	}
}

// The maps and lists of strings taken without reflection encode as the
// general way does (a named type takes that way) and decode back from its
// bytes.
func TestStringMapsAsTheGeneralWay(t *testing.T) {
	type intStrings map[int]string
	type stringStrings map[string]string
	type stringList []string
	type fast struct {
		A    map[int]string
		B    map[string]string
		L, E []string
	}
	type general struct {
		A    intStrings
		B    stringStrings
		L, E stringList
	}
	a := map[int]string{5: "five", -300: "minus", 0: "", 1 << 30: "big"}
	b := map[string]string{"z": "last", "": "empty", "a": "first"}
	l := []string{"", "é\x00", "a long one " + string(make([]byte, 200))}
	got, want := Append(nil, fast{a, b, l, []string{}}), Append(nil, general{a, b, l, stringList{}})
	if string(got) != string(want) {
		t.Fatalf("encoded %x; the general way %x", got, want)
	}
	var back fast
	if err := Unmarshal(want, &back); err != nil || !reflect.DeepEqual(back, fast{a, b, l, []string{}}) {
		t.Fatalf("decoded %+v, %v", back, err)
	}
	var empty fast
	if err := Unmarshal(Append(nil, general{}), &empty); err != nil || empty.A == nil || len(empty.A) != 0 {
		t.Fatalf("nil maps decode as %+v, %v; want empty ones, as the general way gives", empty, err)
	}
	if empty.L != nil || empty.E != nil {
		t.Fatalf("nil lists decode as %+v; want nil, as the general way gives", empty)
	}
}

// Layout takes in the struct types a named one reaches, so a field added
// to a nested type changes the layout though only the outer one is named;
// a type named already is written once, where it was named.
func TestLayoutWalksNestedTypes(t *testing.T) {
	type leafV1 struct{ A int }
	type leafV2 struct {
		A int
		B string
	}
	type outerV1 struct{ L map[string][]*leafV1 }
	type outerV2 struct{ L map[string][]*leafV2 }
	if Layout(outerV1{}) == Layout(outerV2{}) {
		t.Errorf("a field added to a nested type left the layout as it was: %s", Layout(outerV1{}))
	}
	if got, want := Layout(outerV1{}, leafV1{}), Layout(outerV1{}); got != want {
		t.Errorf("Layout of a type named and reached = %q, want %q", got, want)
	}
}

// Records read back one after another up to the end, or up to one that is
// cut, damaged or empty.
func TestRecords(t *testing.T) {
	log := AppendRecord(AppendRecord(nil, []byte("first")), []byte("second record"))
	var got []string
	for off := 0; ; {
		payload, n, ok := NextRecord(log[off:])
		if !ok {
			if off != len(log) {
				t.Fatalf("stopped at %d of %d", off, len(log))
			}
			break
		}
		got, off = append(got, string(payload)), off+n
	}
	if strings.Join(got, "|") != "first|second record" {
		t.Fatalf("read %q", got)
	}
	first := RecordHeader + len("first")
	damaged := bytes.Clone(log)
	damaged[len(damaged)-1] ^= 1
	for name, data := range map[string][]byte{
		"cut":      log[first : len(log)-1],
		"header":   log[first : first+RecordHeader-1],
		"damaged":  damaged[first:],
		"empty":    AppendRecord(nil, nil),
		"zeros":    make([]byte, 64),
		"too long": append(binary.LittleEndian.AppendUint32(nil, 1<<31), log[4:]...),
	} {
		if _, _, ok := NextRecord(data); ok {
			t.Errorf("%s: read as a record", name)
		}
	}
}

// ReadSealed is Unseal of a reader's bytes: a sealed payload comes back
// as a string with its checksum, a damaged one (a flipped bit, a trailer
// cut, bytes beyond the size said) is refused.
func TestReadSealed(t *testing.T) {
	sealed, sum := Seal([]byte("a payload of some length"))
	read := func(data []byte, size int) (string, uint32, bool) {
		return ReadSealed(bytes.NewReader(data), size)
	}
	if p, s, ok := read(sealed, len(sealed)); !ok || p != "a payload of some length" || s != sum {
		t.Errorf("sealed: %q %x %v", p, s, ok)
	}
	flipped := bytes.Clone(sealed)
	flipped[3] ^= 1
	for name, c := range map[string]struct {
		data []byte
		size int
	}{
		"flipped": {flipped, len(flipped)}, "cut": {sealed[:len(sealed)-1], len(sealed)},
		"longer than said": {append(bytes.Clone(sealed), 0), len(sealed)}, "short": {sealed[:3], 3},
	} {
		if _, _, ok := read(c.data, c.size); ok {
			t.Errorf("%s: read as sealed", name)
		}
	}
}

// FuzzReadSealed: ReadSealed of any bytes is Unseal of them.
func FuzzReadSealed(f *testing.F) {
	sealed, _ := Seal([]byte("payload"))
	f.Add(sealed)
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, s, ok := ReadSealed(bytes.NewReader(data), len(data))
		wp, ws, wok := Unseal(data)
		if ok != wok || (ok && (p != string(wp) || s != ws)) {
			t.Fatalf("ReadSealed %q %x %v; Unseal %q %x %v", p, s, ok, wp, ws, wok)
		}
	})
}
