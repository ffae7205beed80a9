package bpe

import (
	"testing"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// The embedded blobs must be exactly what Build makes of tiktoken-go-loader's
// files: a stale or hand-edited blob fails here (run go generate).
func TestEmbeddedTablesAreGenerated(t *testing.T) {
	for enc, blob := range map[string]string{CL100K: cl100kBlob, O200K: o200kBlob} {
		src, err := assets.Assets.ReadFile(enc + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		want, err := Build(src)
		if err != nil {
			t.Fatal(err)
		}
		if blob != string(want) {
			t.Errorf("%s.bin differs from Build(%s.tiktoken); run go generate ./prompt/internal/bpe", enc, enc)
		}
	}
}

func TestEveryTokenFindsItsRank(t *testing.T) {
	for _, enc := range []string{CL100K, O200K} {
		tab, err := Load(enc)
		if err != nil {
			t.Fatal(err)
		}
		for r := range tab.Len() {
			if got, ok := tab.Rank(tab.Token(r)); !ok || got != r {
				t.Fatalf("%s: Rank(Token(%d)) = %d, %v", enc, r, got, ok)
			}
		}
		for _, s := range []string{"", "no such token in any table \x00"} {
			if r, ok := tab.Rank(s); ok {
				t.Errorf("%s: Rank(%q) = %d; want none", enc, s, r)
			}
		}
		if tab.Token(-1) != "" || tab.Token(tab.Len()) != "" {
			t.Errorf("%s: Token out of range is not empty", enc)
		}
	}
}

func TestOpenRefusesDamage(t *testing.T) {
	good, err := Build([]byte("YQ== 0\nYg== 1\nYWI= 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(string(good)); err != nil {
		t.Fatalf("Open(good) = %v", err)
	}
	for name, blob := range map[string]string{
		"empty":     "",
		"magic":     "XBPE" + string(good[4:]),
		"truncated": string(good[:len(good)-1]),
		"no slots":  string(good[:12]) + "\x00\x00\x00\x00" + string(good[16:]),
	} {
		if _, err := Open(blob); err == nil {
			t.Errorf("Open(%s) accepted a damaged table", name)
		}
	}
}

func TestBuildRefusesBadFiles(t *testing.T) {
	for name, src := range map[string]string{
		"gap":       "YQ== 0\nYg== 2\n",
		"duplicate": "YQ== 0\nYQ== 1\n",
		"no rank":   "YQ==\n",
		"bad b64":   "!!!! 0\n",
	} {
		if _, err := Build([]byte(src)); err == nil {
			t.Errorf("Build(%s) accepted it", name)
		}
	}
}

func TestMergeLowestRankFirst(t *testing.T) {
	// "a"=0 "b"=1 "c"=2 "bc"=3 "ab"=4: in "abc" the pair "bc" (3) merges
	// before "ab" (4), leaving a|bc; "abc" itself is no token.
	blob, err := Build([]byte("YQ== 0\nYg== 1\nYw== 2\nYmM= 3\nYWI= 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Open(string(blob))
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Encode("abc", nil); len(got) != 2 || got[0] != 0 || got[1] != 3 {
		t.Errorf("Encode(abc) = %v; want [0 3]", got)
	}
	if got := tab.Count("abcab"); got != 3 {
		t.Errorf("Count(abcab) = %d; want 3 (a bc ab)", got)
	}
}
