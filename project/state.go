package project

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/storyd/storyd/project/state"
	"github.com/storyd/storyd/textfile"
)

// The machine state's types (package state).
type (
	State   = state.State
	Derived = state.Derived
	Run     = state.Run
	Failure = state.Failure
)

// NewState is the state of a project storyd has not written to yet.
func NewState() State { return state.New() }

// stateProblem says what is wrong with state.json in the file's words and
// at its line: encoding/json names Go types ("cannot unmarshal string into
// Go struct field State.last_seq of type int").
func stateProblem(data []byte, err error) textfile.Problem {
	msg, at := err.Error(), int64(-1)
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		msg, at = fmt.Sprintf("%s holds a JSON %s where storyd keeps %s", te.Field, te.Value, jsonKind(te.Type)), te.Offset
	case errors.As(err, &se):
		msg, at = "not valid JSON: "+se.Error(), se.Offset
	}
	p := textfile.Problem{Path: StateFile, Msg: "unreadable machine state: " + msg,
		Hint: "the file is storyd's own; restore it from a backup, or delete it to re-adopt every file as a hand edit"}
	if at >= 0 && at <= int64(len(data)) {
		p.Line = 1 + bytes.Count(data[:at], []byte("\n"))
	}
	return p
}

// jsonKind is what a Go type holds, in JSON's words.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}
