package outline

import (
	"reflect"
	"testing"
)

// FuzzCheckBeats: ticking a beat's box in an outline.md that loads (as a
// tick does, by the beat's text) gives an outline that loads with the same
// beats, that one done and its scene noted if it had none.
func FuzzCheckBeats(f *testing.F) {
	f.Add([]byte(sampleOutline), uint8(0))
	f.Add([]byte("### Chapter 1\r\n- [ ] a (scene 3)\r\n  note\r\n- [ ] a\r\n"), uint8(1))
	f.Add([]byte("\xef\xbb\xbf### Chapter 2: x (tension 9)\n+ [ ]   spaced   out  \t\n"), uint8(0))
	// "(scene 0)" was read as the beat's scene suffix, naming none: the
	// tick that completed the beat did not note its scene.
	f.Add([]byte("# ChApter 1\r\n* [ ] 0(scene 0)\r\n\r\n\r00000000"), byte('_'))
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		o, err := Parse(File, data)
		if err != nil {
			return
		}
		var open []*Beat
		for _, b := range o.Beats {
			if !b.Done {
				open = append(open, b)
			}
		}
		if len(open) == 0 {
			return
		}
		b := open[int(pick)%len(open)]
		out := CheckBeats(data, []BeatCheck{{Text: b.Text, Scene: 7}})
		o2, err := Parse(File, out)
		if err != nil {
			t.Fatalf("%q, ticking %q, gave %q, which does not load: %v", data, b.Text, out, err)
		}
		// The first open beat with that text is the one ticked.
		var first *Beat
		for _, x := range open {
			if x.Text == b.Text {
				first = x
				break
			}
		}
		want := *first
		want.Done = true
		if want.Scene == 0 {
			want.Scene = 7
		}
		if len(o2.Beats) != len(o.Beats) {
			t.Fatalf("%q gave %q: %d beats, want %d", data, out, len(o2.Beats), len(o.Beats))
		}
		for i, got := range o2.Beats {
			w := *o.Beats[i]
			if o.Beats[i] == first {
				w = want
			}
			if !reflect.DeepEqual(*got, w) {
				t.Fatalf("%q, ticking %q, gave %q: beat %d is %+v, want %+v", data, b.Text, out, i+1, *got, w)
			}
		}
	})
}
