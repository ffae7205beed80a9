// Package status is what `storyd status` reports about a project, read
// without the lock and without changing anything: scenes, words and their
// targets, checkpoints, open threads and their age, where the book stands
// against its outline, token use and cost from the ledger, the last run
// and its failures, and the size of the machine state under .storyd/. It
// sits above agent (whose ledger and run records it reads); the CLI prints
// it as text or JSON.
package status
