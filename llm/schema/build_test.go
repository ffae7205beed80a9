package schema

import (
	"errors"
	"strings"
	"testing"
)

func TestObjKeepsOrderAndClosedRequiresAll(t *testing.T) {
	s := Closed(
		Prop("zeta", Str("last letter, first property")),
		Prop("alpha", Array("list", Enum("pick", []string{"a", "b"})).Len(1, 2)),
		Prop("mid", Enum("free text without choices", nil)),
	)
	got := string(s.Raw())
	want := `{"type":"object","additionalProperties":false,"required":["zeta","alpha","mid"],"properties":{` +
		`"zeta":{"type":"string","description":"last letter, first property"},` +
		`"alpha":{"type":"array","description":"list","items":{"type":"string","description":"pick","enum":["a","b"]},"minItems":1,"maxItems":2},` +
		`"mid":{"type":"string","description":"free text without choices"}}}`
	if got != want {
		t.Errorf("schema =\n%s\nwant\n%s", got, want)
	}
}

func TestDecodeReportsForReask(t *testing.T) {
	schema := Closed(Prop("name", Str("a name")), Prop("tags", Array("tags", Str("tag")).Len(0, 1))).Raw()
	var v struct {
		Name string   `json:"name"`
		Tags []string `json:"tags"`
	}
	if err := Decode("Sure!\n```json\n{\"name\":\"Ada\",\"tags\":[\"x\"]}\n```", schema, "a record", &v); err != nil || v.Name != "Ada" {
		t.Fatalf("Decode = %v, %+v; want Ada", err, v)
	}
	err := Decode(`{"name":"Ada","tags":["x","y"],"extra":1}`, schema, "a record", &v)
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 2 {
		t.Fatalf("Decode(two problems) = %v; want a *ValidationError with 2 problems", err)
	}
	if !strings.Contains(err.Error(), "extra") || !strings.Contains(err.Error(), "tags") {
		t.Errorf("problems %q do not name the fields", err)
	}
}

func TestProblems(t *testing.T) {
	var p Problems
	if p.Err() != nil {
		t.Fatal("no problems must be a nil error")
	}
	p.Add("pov: %q is not a character id (%s)", "Bob", IDList([]string{"c1", "c2"}))
	var ve *ValidationError
	if err := p.Err(); !errors.As(err, &ve) || err.Error() != `pov: "Bob" is not a character id (c1, c2)` {
		t.Errorf("Err = %v", err)
	}
	ids := make([]string, 14)
	for i := range ids {
		ids[i] = "c"
	}
	if got := IDList(ids); !strings.HasSuffix(got, ", … 2 more") {
		t.Errorf("IDList(14 ids) = %q; want the last two summarised", got)
	}
	if got := IDList(nil); got != "none exist" {
		t.Errorf("IDList(nil) = %q", got)
	}
}
