package schema

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestValidateMessages(t *testing.T) {
	schema := json.RawMessage(`{
	  "type": "object",
	  "properties": {
	    "plan": {
	      "type": "object",
	      "properties": {
	        "pov": {"type": "string", "enum": ["alice", "carol"]},
	        "cast": {"type": "array", "items": {"type": "string", "maxLength": 5}, "minItems": 1, "maxItems": 2},
	        "words": {"type": "integer", "minimum": 100, "maximum": 200},
	        "mood": {"type": ["string", "null"]},
	        "score": {"type": "number"}
	      },
	      "required": ["pov", "cast", "words"],
	      "additionalProperties": false
	    }
	  },
	  "required": ["plan"],
	  "additionalProperties": false
	}`)
	tests := []struct {
		doc  string
		want string // "" = valid
	}{
		{`{"plan":{"pov":"alice","cast":["a"],"words":150}}`, ""},
		{`{"plan":{"pov":"alice","cast":["a"],"words":150.0,"mood":null,"score":2}}`, ""},
		{`{"plan":{"pov":"Bob","cast":["a"],"words":150}}`, `plan.pov: "Bob" is not one of ["alice","carol"]`},
		{`{"plan":{"cast":["a"],"words":150}}`, `plan.pov: missing required property`},
		{`{"plan":{"pov":"alice","cast":["a"],"words":150,"extra":1}}`, `plan.extra: unknown property`},
		{`{"plan":{"pov":"alice","cast":[],"words":150}}`, `plan.cast: has 0 items; want at least 1`},
		{`{"plan":{"pov":"alice","cast":["a","b","c"],"words":150}}`, `plan.cast: has 3 items; want at most 2`},
		{`{"plan":{"pov":"alice","cast":["a","toolong"],"words":150}}`, `plan.cast[1]: is 7 characters long; want at most 5`},
		{`{"plan":{"pov":"alice","cast":["a"],"words":150.5}}`, `plan.words: expected integer, got number`},
		{`{"plan":{"pov":"alice","cast":["a"],"words":99}}`, `plan.words: 99 is less than the minimum 100`},
		{`{"plan":{"pov":"alice","cast":["a"],"words":201}}`, `plan.words: 201 is more than the maximum 200`},
		{`{"plan":{"pov":"alice","cast":"a","words":150}}`, `plan.cast: expected array, got string`},
		{`{"plan":{"pov":"alice","cast":["a"],"words":150,"mood":3}}`, `plan.mood: expected string or null, got integer`},
		{`[]`, `(root): expected object, got array`},
		{`{"plan":`, `not valid JSON`},
		{`{"plan":{}} {}`, `extra data`},
	}
	for _, tt := range tests {
		err := Validate(schema, []byte(tt.doc))
		if tt.want == "" {
			if err != nil {
				t.Errorf("Validate(%s) = %v; want nil", tt.doc, err)
			}
			continue
		}
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("Validate(%s) = %v; want a *ValidationError", tt.doc, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate(%s) = %q; want it to contain %q", tt.doc, err, tt.want)
		}
	}
}

func TestValidateListsAllProblemsInSchemaOrder(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}},"required":["b","a"],"additionalProperties":false}`)
	err := Validate(schema, []byte(`{"z":1,"y":2}`))
	want := "b: missing required property; a: missing required property; y: unknown property; z: unknown property"
	if err == nil || err.Error() != want {
		t.Errorf("got %v; want %q", err, want)
	}
}

func TestValidateAnyOfAndConst(t *testing.T) {
	schema := json.RawMessage(`{"anyOf":[{"type":"null"},{"type":"string","const":"x"}]}`)
	for doc, ok := range map[string]bool{`null`: true, `"x"`: true, `"y"`: false, `1`: false} {
		if err := Validate(schema, []byte(doc)); (err == nil) != ok {
			t.Errorf("Validate(%s) = %v; want ok=%v", doc, err, ok)
		}
	}
}

func TestValidateRejectsUnsupportedSchema(t *testing.T) {
	for _, s := range []string{`{"$ref":"#/$defs/x"}`, `{"type":"string","pattern":"a"}`, `{"type":"strin"}`, `[]`, `{"minItems":-1}`} {
		err := Validate(json.RawMessage(s), []byte(`"a"`))
		var ve *ValidationError
		if err == nil || errors.As(err, &ve) {
			t.Errorf("Validate with schema %s = %v; want a schema error", s, err)
		}
	}
}

func TestStripFencesFindsJSONInProse(t *testing.T) {
	for in, want := range map[string]string{
		"Sure! Here is the plan:\n{\"title\": \"A {b} c\", \"n\": {\"x\": 1}}\nHope this helps.": `{"title": "A {b} c", "n": {"x": 1}}`,
		"```json\n{\"a\": 1}\n```":           `{"a": 1}`,
		`{"a": "q\"}"}`:                      `{"a": "q\"}"}`,
		"{\"a\": 1}\n\nHope this helps!":     `{"a": 1}`,
		"Use {name} as the key: {\"b\": 2}":  `{"b": 2}`,
		"```json\n{\"c\": \"x ``` y\"}\n```": `{"c": "x ` + "```" + ` y"}`,
		"no json here":                       "no json here",
		"Answer: {\"s\": \"esc \\\\\"}\"} x": `{"s": "esc \\"}`,
	} {
		if got := ExtractJSON(in); got != want {
			t.Errorf("ExtractJSON(%q) = %q; want %q", in, got, want)
		}
	}
}
