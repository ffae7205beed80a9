// Package schema is storyd's side of structured model answers: Obj and
// Closed build a schema whose properties keep their order (the order steers
// how a model writes the answer), Parse reads the JSON Schema subset storyd
// uses into a Node tree, Validate checks a document against it and lists
// every problem in schema order, and Decode finds the JSON in an answer
// (ExtractJSON), checks it and unmarshals it, returning a *ValidationError
// phrased for a re-ask. It knows nothing of providers or HTTP: package llm
// sits above it, and the offline stand-in generates answers from its Node
// tree. schema.go's header says why this is not a maintained validator.
package schema
