package prompt

import (
	"crypto/sha256"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// The tests share one encoder per encoding (its compiled pattern) and hand
// out Tokenizers with fresh caches around it.
var (
	sharedCL100K = sync.OnceValues(func() (*Tokenizer, error) { return NewTokenizer(CL100K) })
	sharedO200K  = sync.OnceValues(func() (*Tokenizer, error) { return NewTokenizer(O200K) })
)

// tokenizer returns a Tokenizer with an empty cache for encoding.
func tokenizer(tb testing.TB, encoding string) *Tokenizer {
	tb.Helper()
	load := sharedCL100K
	if encoding == O200K {
		load = sharedO200K
	}
	shared, err := load()
	if err != nil {
		tb.Fatalf("NewTokenizer(%q): %v", encoding, err)
	}
	return &Tokenizer{encoding: shared.encoding, table: shared.table, piece: shared.piece, cache: map[[sha256.Size]byte]int{}, used: map[[sha256.Size]byte]bool{}}
}

// rawCount counts text straight through the encoder, bypassing the cache.
func rawCount(t *Tokenizer, text string) int { return len(t.tokens(text)) }

var corpus = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile("testdata/pride-ch1-10.txt")
	return string(b), err
})

// paragraphs returns the corpus split into its blank-line separated paragraphs.
func paragraphs(tb testing.TB) []string {
	tb.Helper()
	text, err := corpus()
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// scenes cuts the corpus into n scenes of per paragraphs each, with their
// first sentence as a bullet summary for a Fallback.
func scenes(tb testing.TB, n, per int) []Item {
	tb.Helper()
	paras := paragraphs(tb)
	var out []Item
	for i := 0; i < n; i++ {
		var body []string
		for j := 0; j < per; j++ {
			body = append(body, paras[(i*per+j)%len(paras)])
		}
		text := strings.Join(body, "\n\n")
		first := body[0]
		if k := strings.IndexAny(first, ".?!"); k > 0 {
			first = first[:k+1]
		}
		out = append(out, Item{
			Key:      fmt.Sprintf("scene %d", i+1),
			Text:     fmt.Sprintf("### Scene %d\n\n%s", i+1, text),
			Fallback: fmt.Sprintf("Scene %d:\n- %s", i+1, strings.ReplaceAll(first, "\n", " ")),
		})
	}
	return out
}

// writerSpec is a realistic writer pack over 40 candidate items (scenes of
// ~1000 tokens, summaries, sheets), like the agent hands over.
func writerSpec(tb testing.TB, total int) Spec {
	tb.Helper()
	sc := scenes(tb, 32, 14)
	paras := paragraphs(tb)
	item := func(key, text string) Item { return Item{Key: key, Text: text} }
	return Spec{
		Role:  "writer",
		Total: total,
		Sections: []Section{
			{Name: "system", Message: MessageSystem, Required: true, Budget: 400,
				Items: []Item{item("system", "You are a novelist. Write the next scene in the voice of the story so far.")}},
			{Name: "bible", Title: "Story bible", Message: MessageSystem, Required: true, Budget: 1200,
				Items: []Item{item("story.md", strings.Join(paras[0:12], "\n\n"))}},
			{Name: "glossary", Title: "Glossary", Message: MessageSystem, Budget: 300, TrimRank: 6, Order: BestFirst,
				Items: []Item{item("entailment", "Entailment: the estate passes to the nearest male heir."), item("assembly", "Assembly: a public ball at Meryton.")}},
			{Name: "history", Title: "Story so far", Message: MessageUser, Budget: 1500, TrimRank: 4, Order: OldestFirst, MinItems: 1,
				Items: []Item{item("checkpoint 1-10", paras[10]), item("checkpoint 11-20", paras[11])}},
			{Name: "cast", Title: "Cast", Message: MessageUser, Budget: 800, TrimRank: 5, Order: BestFirst,
				Items: []Item{item("elizabeth", "Elizabeth Bennet: second daughter, quick and witty."), item("darcy", "Fitzwilliam Darcy: proud, rich, reserved."), item("bingley", "Charles Bingley: amiable tenant of Netherfield.")}},
			{Name: "retrieval", Title: "Relevant earlier scenes", Message: MessageUser, Budget: 4000, TrimRank: 1, Order: BestFirst, TierMax: [4]int{-1, 2, 0, 0},
				Items: []Item{sc[3], sc[7], sc[1], sc[5], sc[9], sc[0], sc[8], sc[2]}},
			{Name: "summaries", Title: "Recent summaries", Message: MessageUser, Budget: 1200, TrimRank: 2, Order: OldestFirst,
				Items: summaries(sc[10:29])},
			{Name: "recent", Title: "Latest scenes", Message: MessageUser, Budget: 5000, TrimRank: 3, Order: OldestFirst, Degrade: true, MinItems: 1, TierMax: [4]int{-1, -1, 1, 1},
				Items: sc[29:32]},
			{Name: "plan", Title: "Scene plan", Message: MessageUser, Required: true, Budget: 400,
				Items: []Item{item("plan", "POV: Elizabeth. Location: Netherfield. Goal: Jane falls ill; Elizabeth walks three miles to nurse her.")}},
		},
	}
}

func summaries(sc []Item) []Item {
	out := make([]Item, len(sc))
	for i, s := range sc {
		out[i] = Item{Key: s.Key, Text: s.Fallback}
	}
	return out
}

// render joins what a pack sent, for byte comparisons.
func render(p *Pack) string {
	var sb strings.Builder
	for _, m := range p.Messages {
		fmt.Fprintf(&sb, "<%s>\n%s\n", m.Role, m.Content)
	}
	return sb.String()
}
