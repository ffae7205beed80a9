package offline

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/schema"
)

func BenchmarkOfflinePlan(b *testing.B) {
	r := planRequest("Plan the storm.")
	for b.Loop() {
		if _, err := (Model{}).Complete(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOfflineProse1500Words(b *testing.B) {
	r := llm.Request{Role: "writer", MaxTokens: 4000, Messages: []llm.Message{
		{Role: "system", Content: strings.Repeat("Style rules for the novel about the harbour town. ", 200)},
		{Role: "user", Content: "Scene plan: Alice confronts Dmitri on the ferry. Write about 1500 words."}}}
	for b.Loop() {
		if _, err := (Model{}).Complete(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidatePlan(b *testing.B) {
	resp, err := Model{}.Complete(context.Background(), planRequest(""))
	if err != nil {
		b.Fatal(err)
	}
	doc := []byte(resp.Content)
	for b.Loop() {
		if err := schema.Validate(json.RawMessage(planSchema), doc); err != nil {
			b.Fatal(err)
		}
	}
}
