package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The EPUB of the example project after offline ticks passes the W3C's
// EPUBCheck. .ci/run installs it (Debian's epubcheck); elsewhere the test
// is skipped when it is missing.
func TestExampleEPUBPassesEPUBCheck(t *testing.T) {
	jar := "/usr/share/java/epubcheck.jar"
	java, err := exec.LookPath("java")
	if _, jerr := os.Stat(jar); err != nil || jerr != nil {
		t.Skip("epubcheck not installed (apt-get install epubcheck)")
	}
	dir := copyExample(t)
	env := func(string) string { return "" }
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"storyd", "tick", "-p", dir, "-n", "6", "--llm", "offline"}, &out, &errb, env); code != 0 {
		t.Fatalf("tick: exit %d\n%s", code, errb.String())
	}
	book := filepath.Join(t.TempDir(), "lamp.epub")
	if code := run(context.Background(), []string{"storyd", "export", "-p", dir, "--format", "epub", "-o", book}, &out, &errb, env); code != 0 {
		t.Fatalf("export: exit %d\n%s", code, errb.String())
	}
	res, err := exec.Command(java, "-jar", jar, book).CombinedOutput()
	if err != nil || !strings.Contains(string(res), "No errors or warnings detected") {
		t.Fatalf("epubcheck: %v\n%s", err, res)
	}
}
