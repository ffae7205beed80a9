package project

import "github.com/storyd/storyd/project/state"

// The machine state's types (package state).
type (
	State   = state.State
	Derived = state.Derived
	Run     = state.Run
	Failure = state.Failure
)

// NewState is the state of a project storyd has not written to yet.
func NewState() State { return state.New() }
