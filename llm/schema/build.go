package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Obj is a JSON object whose members keep their order when marshalled.
// Schemas are built with it rather than with maps because property order
// steers how models (and the offline stand-in) generate an answer: new
// entities come before the fields that name them.
type Obj []KV

// KV is one member of an Obj.
type KV struct {
	Key   string
	Value any
}

// MarshalJSON writes the members in order.
func (o Obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Set replaces the member k or appends it.
func (o Obj) Set(k string, v any) Obj {
	for i := range o {
		if o[i].Key == k {
			o[i].Value = v
			return o
		}
	}
	return append(o, KV{k, v})
}

// Raw is o as JSON. Schemas hold only strings, numbers, bools, slices of
// them and Objs, which always marshal: an error here is a programming error.
func (o Obj) Raw() json.RawMessage {
	data, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	return data
}

// Str is a string schema with a description.
func Str(desc string) Obj { return Obj{{"type", "string"}, {"description", desc}} }

// Enum is a string schema limited to values; with no values it is Str.
func Enum(desc string, values []string) Obj {
	if len(values) == 0 {
		return Str(desc)
	}
	return Str(desc).Set("enum", values)
}

// Array is an array schema of items.
func Array(desc string, items any) Obj {
	return Obj{{"type", "array"}, {"description", desc}, {"items", items}}
}

// Len bounds an array schema: minItems when lo > 0, and maxItems.
func (o Obj) Len(lo, hi int) Obj {
	if lo > 0 {
		o = o.Set("minItems", lo)
	}
	return o.Set("maxItems", hi)
}

// Prop is the property name of an object schema, for Closed.
func Prop(name string, schema Obj) KV { return KV{name, schema} }

// Closed is an object schema of props, all required and no others allowed,
// as OpenAI's strict mode demands.
func Closed(props ...KV) Obj {
	required := make([]string, len(props))
	for i, p := range props {
		required[i] = p.Key
	}
	return Obj{{"type", "object"}, {"additionalProperties", false}, {"required", required}, {"properties", Obj(props)}}
}

// Decode finds the JSON in a model's answer (see ExtractJSON), checks it
// against schema and unmarshals it into v. A document that does not fit
// comes back as a *ValidationError, phrased for a re-ask; what names the
// answer in that message ("a plan").
func Decode(content string, schema json.RawMessage, what string, v any) error {
	doc := []byte(strings.TrimSpace(ExtractJSON(content)))
	if err := Validate(schema, doc); err != nil {
		return err // a *ValidationError as it is, or a broken schema
	}
	if err := json.Unmarshal(doc, v); err != nil {
		return &ValidationError{Problems: []string{"not " + what + ": " + err.Error()}}
	}
	return nil
}

// Problems collects the semantic problems of an answer that fits its
// schema, each phrased for a re-ask.
type Problems []string

// Add records a problem.
func (p *Problems) Add(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

// Err is nil without problems, else a *ValidationError listing them.
func (p Problems) Err() error {
	if len(p) == 0 {
		return nil
	}
	return &ValidationError{Problems: p}
}

// IDList shows at most 12 ids, for a problem that lists the valid choices.
func IDList(ids []string) string {
	const show = 12
	switch {
	case len(ids) == 0:
		return "none exist"
	case len(ids) > show:
		return strings.Join(ids[:show], ", ") + fmt.Sprintf(", … %d more", len(ids)-show)
	}
	return strings.Join(ids, ", ")
}
