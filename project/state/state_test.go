package state

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// State.Encode writes what json.Marshal writes, byte for byte, whatever
// the paths hold; State.Decode reads what json.Unmarshal reads, errors
// included.
func TestStateEncodeIsJSONMarshal(t *testing.T) {
	keys := []string{"scenes/0001-one.md", `scenes/a"b\c.md`, "scenes/<&>.md", "scenes/é—\u2028.md", "bad\xffutf8", "tab\there", "", "~"}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("az09-_./ \"\\<>&é\u2028\x01\x7f")
	for range 200 {
		k := make([]rune, rng.IntN(12))
		for i := range k {
			k[i] = alphabet[rng.IntN(len(alphabet))]
		}
		keys = append(keys, string(k))
	}
	st := New()
	st.LastSeq, st.Ticks, st.Deleted = 7, 9, []int{3}
	st.Derived[2] = Derived{Hash: "h", Summary: []string{"<b>"}}
	for i, k := range keys {
		st.Hashes[k] = fmt.Sprintf("%064x", i)[:i%64]
	}
	for _, s := range []State{st, New(), {}} {
		got, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("Encode:\n%s\njson.Marshal:\n%s", got, want)
		}
		indented, _ := json.MarshalIndent(s, "", " ")
		for _, data := range []string{string(got), string(indented)} {
			checkDecode(t, data)
		}
	}
	for _, data := range []string{`{}`, `{"hashes":null}`, `{"hashes":{}}`, `{"hashes":{"a":"1","a":"2"}}`,
		`{"version":2,"hashes":{"a\u0026b":"x","c":"y"},"ticks":3}`, `{"hashes":{"a":"b"},"hashes":{"c":"d"}}`,
		`{"hashes":5}`, `{"hashes":{"a":1}}`, `{"last_seq":"x","hashes":{}}`, `{"hashes":{"a":"b"}`, `[]`,
		`{"hashes":{"a":"b"}, "derived":{"3":{"hash":"h","summary":["s"]}}}`} {
		checkDecode(t, data)
	}
}

// checkDecode fails unless State.Decode of data gives json.Unmarshal's
// state, or its error, both into New().
func checkDecode(t *testing.T, data string) {
	t.Helper()
	got, want := New(), New()
	gerr, werr := got.Decode([]byte(data)), json.Unmarshal([]byte(data), &want)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%.60s: Decode's error %v; json.Unmarshal's %v", data, gerr, werr)
	} else if werr == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("%.60s: Decode gives %+v; json.Unmarshal %+v", data, got, want)
	}
}

// Decode reads Encode's hashes by hand (splitHashes): a state as a tick
// writes it takes that way, not encoding/json's.
func TestDecodeSplitsEncodesHashes(t *testing.T) {
	st := New()
	st.LastSeq, st.Ticks, st.Scratchpad = 12, 40, `"hashes":{ in a note`
	st.Hashes["scenes/0001-a}.md"], st.Hashes["summaries/checkpoint-0001.md"] = "ab", "cd"
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	rest, hashes, ok := splitHashes(data)
	if !ok || len(hashes) != 2 || bytes.Contains(rest, []byte("ab")) {
		t.Fatalf("Encode's output %s not split: %v %q", data, ok, hashes)
	}
	var back, want State
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if err := back.Decode(data); err != nil || !reflect.DeepEqual(back, want) {
		t.Fatalf("decoded %+v, %v; want %+v", back, err, want)
	}
}
