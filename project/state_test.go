package project

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// State.Encode writes what json.Marshal writes, byte for byte, whatever
// the paths hold.
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
	st := NewState()
	st.LastSeq, st.Ticks, st.Deleted = 7, 9, []int{3}
	st.Derived[2] = Derived{Hash: "h", Summary: []string{"<b>"}}
	for i, k := range keys {
		st.Hashes[k] = Hash([]byte(k))[:i%64]
	}
	for _, s := range []State{st, NewState(), {}} {
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
	}
}
