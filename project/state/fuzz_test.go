package state

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// FuzzDecodeAsUnmarshal: State.Decode of any bytes gives json.Unmarshal's
// state, or its error word for word, into New() and into a state holding
// hashes already (encoding/json adds to a map it is given).
func FuzzDecodeAsUnmarshal(f *testing.F) {
	st := New()
	st.LastSeq, st.Ticks, st.Deleted = 7, 9, []int{3}
	st.Derived[2] = Derived{Hash: "h", Summary: []string{"<b>"}}
	st.Hashes["scenes/0001-one.md"], st.Hashes["scenes/É.md"] = "ab12", "cd"
	encoded, err := st.Encode()
	if err != nil {
		f.Fatal(err)
	}
	indented, _ := json.MarshalIndent(st, "", " ")
	for _, s := range []string{string(encoded), string(indented), "", "null", `{}`, `[]`,
		`{"hashes":null}`, `{"hashes":{}}`, `{"hashes":{"a":"1","a":"2"}}`, `{"HASHES":{"a":"b"}}`,
		`{"hashes":{"a":"b"},"hashes":null,"hashes":{"c":"d"}}`, `{"hashes":{"a\u0026b":"x","c":"y"}}`,
		`{"hashes":{"a":"b",}}`, `{"hashes":{"a" :"b"}}`, `{"hashes":{"a":"b" }}`, `{"hashes":{"a":1}}`,
		`{"hashes":{"\u00e9":"\xff"}}`, "{\"hashes\":{\"a\":\"\x7f\"}}", `{"hashes":5}`, `{"hashes":"x"}`,
		`{"last_seq":"x","hashes":{"a":"b"}}`, `{"hashes":{"a":"b"}`, `{"hashes":{"a":"b"}} x`,
		`{"hashes":{"":""},"derived":{"3":{"hash":"h","summary":["s"]}}}`,
		// Encode's form, which Decode splits (splitHashes), and near misses.
		`{"version":1,"last_seq":2,"ticks":3,"hashes":{"a}":"b","c":"d"},"hashes":{"c":"e"},"ticks":4}`,
		`{"version":1,"last_seq":2,"ticks":3,"hashes":{"a":"b"},"hashes":null}`,
		`{"version":01,"last_seq":2,"ticks":3,"hashes":{"a":"b"}}`, `{"version":1,"last_seq":2,"ticks":"3","hashes":{"a":"b"}}`,
		`{"version":1,"last_seq":2,"ticks":3,"hashes":{"a":"b"},}`, `{"version":1,"last_seq":2,"ticks":3,"hashes":{"a":"b"}`,
		`{"version":1,"last_seq":2,"ticks":3,"hashes":{"a":{}},"x":1}`, `{"version":1,"last_seq":2,"ticks":3,"hashes":{"a\"":"b"}}`,
		`{"version":1,"last_seq":-2e0,"ticks":3,"hashes":{}}`, `{"version":0,"last_seq":0,"ticks":1,"hashes":{}0}`,
		`{"version":0,"last_seq":0,"ticks":1,"hashes":{} ,"x":1}`, `{"version":0,"last_seq":0,"ticks":1,"hashes":{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, start := range []func() State{New, func() State {
			s := New()
			s.Hashes["a"], s.Hashes["kept"] = "old", "k"
			return s
		}} {
			got, want := start(), start()
			gerr, werr := got.Decode(data), json.Unmarshal(data, &want)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Fatalf("%q: Decode's error %v; json.Unmarshal's %v", data, gerr, werr)
			}
			if werr == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: Decode gives %+v; json.Unmarshal %+v", data, got, want)
			}
		}
	})
}
