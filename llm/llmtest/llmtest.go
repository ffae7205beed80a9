// Package llmtest replays recorded answers of OpenAI-compatible servers
// byte for byte, for tests of storyd against real providers' behaviour.
// ChatOK and APIError write the two answers most fake servers give.
//
// A recording is a raw HTTP/1.1 response as a server sent it: the status
// line, the headers, a blank line and the body, bytes unchanged (CRLF line
// ends, SSE comments and missing newlines included). Transfer framing is
// left to net/http, so a recorded Content-Length or Transfer-Encoding
// header is dropped.
package llmtest

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"net/textproto"
	"os"
	"strconv"
	"strings"
)

// Recording is one recorded response.
type Recording struct {
	Status int
	Header http.Header
	Body   []byte
}

// Parse reads a recording.
func Parse(raw []byte) (*Recording, error) {
	sep := bytes.Index(raw, []byte("\r\n\r\n"))
	skip := 4
	if lf := bytes.Index(raw, []byte("\n\n")); lf >= 0 && (sep < 0 || lf < sep) {
		sep, skip = lf, 2
	}
	if sep < 0 {
		return nil, fmt.Errorf("no blank line after the headers")
	}
	tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(append(bytes.Clone(raw[:sep]), "\r\n\r\n"...))))
	line, err := tp.ReadLine()
	if err != nil {
		return nil, err
	}
	proto, rest, _ := strings.Cut(line, " ")
	code, _, _ := strings.Cut(rest, " ")
	status, err := strconv.Atoi(code)
	if !strings.HasPrefix(proto, "HTTP/") || err != nil {
		return nil, fmt.Errorf("bad status line %q", line)
	}
	h, err := tp.ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	hdr := http.Header(h)
	hdr.Del("Content-Length")
	hdr.Del("Transfer-Encoding")
	return &Recording{Status: status, Header: hdr, Body: raw[sep+skip:]}, nil
}

// Load reads and parses a recording file.
func Load(path string) (*Recording, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec, err := Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// Write sends the recording as the answer to a request.
func (r *Recording) Write(w http.ResponseWriter) {
	for k, vs := range r.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(r.Status)
	w.Write(r.Body)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
