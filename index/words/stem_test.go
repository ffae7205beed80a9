package words

import (
	"strings"
	"testing"
)

func TestStem(t *testing.T) {
	// Word forms that meet: inflections, derivations, irregular verbs.
	for _, pair := range [][2]string{
		{"astrolabes", "astrolabe"}, {"promised", "promise"}, {"ladies", "lady"}, {"carried", "carry"},
		{"drowning", "drowned"}, {"possession", "possessed"}, {"sang", "sings"}, {"sung", "singing"},
		{"swore", "swear"}, {"sworn", "swears"}, {"hidden", "hides"}, {"thrown", "throwing"},
	} {
		if a, b := stem(pair[0]), stem(pair[1]); a != b {
			t.Errorf("stem(%q) = %q, stem(%q) = %q; want them equal", pair[0], a, pair[1], b)
		}
	}
	// Words that must stay apart: forms that are words of their own.
	for _, pair := range [][2]string{{"glass", "glas"}, {"found", "find"}, {"left", "leave"}, {"rose", "rise"}, {"news", "new"}} {
		if a, b := stem(pair[0]), stem(pair[1]); a == b {
			t.Errorf("stem(%q) = stem(%q) = %q; want them apart", pair[0], pair[1], a)
		}
	}
}

func TestTermsStemsMemo(t *testing.T) {
	text := "She sang as the drowned bells rang; the singers sing of drowning."
	memo := Stems{}
	for range 2 {
		if got, want := strings.Join(Terms(text, memo), " "), strings.Join(Terms(text, nil), " "); got != want {
			t.Errorf("with a memo: %q; without: %q", got, want)
		}
	}
	if memo["sang"] != stem("sang") || len(memo) == 0 {
		t.Errorf("memo not filled: %v", memo)
	}
}
