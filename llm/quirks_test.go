package llm

import (
	"encoding/json"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// countingStore is a QuirkStore that counts its saves.
type countingStore struct {
	data  []byte
	saves int
}

func (s *countingStore) Load() ([]byte, error) { return s.data, nil }

func (s *countingStore) Save(b []byte) error {
	s.data, s.saves = b, s.saves+1
	return nil
}

func (s *countingStore) ratio(t *testing.T) float64 {
	t.Helper()
	var f quirkFile
	if err := json.Unmarshal(s.data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Endpoints["http://x/v1"]["m"].TokenRatio
}

// The ratio is used at once but stored only when the next process needs
// it: a rise of more than 1%, or a fall no call of this process contradicts.
func TestCalibrationIsStoredWhenItMatters(t *testing.T) {
	store := &countingStore{}
	book := func() *quirkBook { return &quirkBook{endpoint: "http://x/v1", store: store} }
	b := book()
	steps := []struct {
		server    int // per 1,000 storyd tokens
		wantRatio float64
		wantSaves int
	}{
		{1400, 1.4, 1},  // first observation: stored
		{1100, 1.34, 1}, // a prose call dips it: used, not stored (1.4 was seen)
		{1400, 1.4, 1},  // back up to what is stored
		{1410, 1.41, 1}, // a rise within 1%: not stored
		{1500, 1.5, 2},  // a rise of more than 1%: stored at once
		{1000, 1.4, 2},  // a fall, but this process saw 1.5
		{1000, 1.32, 2}, //
	}
	for i, s := range steps {
		b.calibrate("m", s.server, 1000)
		if got := b.get("m").TokenRatio; got != s.wantRatio {
			t.Errorf("step %d: ratio %v; want %v", i, got, s.wantRatio)
		}
		if store.saves != s.wantSaves {
			t.Errorf("step %d: %d saves; want %d", i, store.saves, s.wantSaves)
		}
	}
	if got := store.ratio(t); got != 1.5 {
		t.Errorf("stored ratio %v; want 1.5", got)
	}
	// The next process sees only lower ratios: the fall is stored, call
	// after call while it is more than 1% below what is stored.
	b = book()
	b.calibrate("m", 1000, 1000)
	if store.saves != 3 || store.ratio(t) != 1.4 {
		t.Errorf("after a fall in a new process: %d saves, stored %v; want 3, 1.4", store.saves, store.ratio(t))
	}
	b.calibrate("m", 1000, 1000)
	if store.saves != 4 || store.ratio(t) != 1.32 {
		t.Errorf("after a second fall: %d saves, stored %v; want 4, 1.32", store.saves, store.ratio(t))
	}
	// Other quirks are stored at once, with the ratio as it stands.
	b.update("m", func(q *Quirk) { q.Window = 8192 })
	if store.saves != 5 {
		t.Errorf("a window learned: %d saves; want 5", store.saves)
	}
}

// A window the server reported holds while storyd.yaml's context_window
// for the role is what it was then, and for a day: changing that setting
// (after giving the server a bigger window) forgets it, and a day later the
// packs are sized without it once more (a record from before either was
// kept is tested again at once).
func TestReportedWindowGoesWithItsSettingAndADay(t *testing.T) {
	store := &countingStore{}
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	c := &OpenAI{quirks: &quirkBook{endpoint: "http://x/v1", store: store, now: clock}}
	c.learnOverflow("m", 8192, openai.ChatCompletionRequest{}, &Error{Kind: KindContextLength, Window: 4096})
	for _, s := range []struct{ setting, want int }{{8192, 4096}, {16384, 0}, {0, 0}} {
		if _, w := c.Calibration("m", s.setting); w != s.want {
			t.Errorf("context_window %d: window %d; want %d", s.setting, w, s.want)
		}
	}
	// A process reading the record learns the same, until a day has passed.
	again := &OpenAI{quirks: &quirkBook{endpoint: "http://x/v1", store: store, now: clock}}
	now = now.Add(23 * time.Hour)
	if _, w := again.Calibration("m", 8192); w != 4096 {
		t.Errorf("after a reload: window %d; want 4096", w)
	}
	now = now.Add(time.Hour)
	if _, w := again.Calibration("m", 8192); w != 0 {
		t.Errorf("a day later: window %d; want 0 (tested again)", w)
	}
	old := &OpenAI{quirks: &quirkBook{endpoint: "http://x/v1", now: clock, store: &countingStore{data: []byte(`{"version":1,"endpoints":{"http://x/v1":{"m":{"window":4096}}}}`)}}}
	if _, w := old.Calibration("m", 0); w != 0 {
		t.Errorf("an older record: window %d; want 0 (tested again)", w)
	}
}
