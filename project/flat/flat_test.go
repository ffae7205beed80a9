package flat

import (
	"reflect"
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
	private string
}

func sampleValue() sample {
	seven := -7
	return sample{Name: "Ann é\x00", N: -3, Big: 1 << 60, Sum: 1<<32 - 1, On: true, List: []string{"a", ""}, Empty: []string{},
		Items: []inner{{"x", 1}, {"", -2}}, Ptr: &seven, When: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC),
		ByKey: map[string]inner{"b": {"y", 2}, "a": {"z", 3}}, private: "not encoded"}
}

// A value survives Append and Unmarshal: every exported field, nil and
// empty lists apart, a map in key order (so the bytes are the same each
// time); unexported fields are left out.
func TestRoundTrip(t *testing.T) {
	v := sampleValue()
	data := Append(nil, v)
	if again := Append(nil, v); string(again) != string(data) {
		t.Error("two encodings of one value differ")
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
