package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/llmtest"
	"github.com/storyd/storyd/llm/offline"
)

func TestMain(m *testing.M) {
	// The crash tests run this test binary as storyd in child processes.
	if os.Getenv("STORYD_TEST_MAIN") == "1" {
		os.Exit(runStoppable(os.Args, os.Stdout, os.Stderr, os.Getenv))
	}
	testscript.Main(m, map[string]func(){
		"storyd": func() { os.Exit(run(context.Background(), os.Args, os.Stdout, os.Stderr, os.Getenv)) },
	})
}

// TestScripts runs the CLI scenarios in testdata/script: each gets a fake
// OpenAI-compatible server whose URL is in OPENAI_BASE_URL, whose failure
// modes are set by writing $WORK/fake.mode, and which logs every request to
// $WORK/requests.log.
func TestScripts(t *testing.T) {
	exampleDir, err := filepath.Abs("../../projects/example")
	if err != nil {
		t.Fatal(err)
	}
	recordings, err := filepath.Abs("../../llm/testdata/providers")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			f := &fakeServer{dir: env.WorkDir, recordings: recordings}
			srv := httptest.NewServer(f)
			env.Defer(srv.Close)
			env.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
			env.Setenv("OPENAI_API_KEY", "test-key")
			env.Setenv("EXAMPLE", exampleDir)
			env.Setenv("STORYD_PROJECT", "")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exitcode N cmd args...: run cmd and require exit status N.
			"exitcode": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: exitcode N command args...")
				}
				want, _ := strconv.Atoi(args[0])
				err := ts.Exec(args[1], args[2:]...)
				got := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					got = ee.ExitCode()
				} else if err != nil {
					ts.Fatalf("%v", err)
				}
				if got != want {
					ts.Fatalf("exit status %d; want %d", got, want)
				}
			},
			// cp-example [DIR]: copy projects/example into DIR (default lamp).
			"cp-example": func(ts *testscript.TestScript, neg bool, args []string) {
				dst := "lamp"
				if len(args) > 0 {
					dst = args[0]
				}
				if err := os.CopyFS(ts.MkAbs(dst), os.DirFS(exampleDir)); err != nil {
					ts.Fatalf("%v", err)
				}
			},
			// append-scene DIR SEQ TEXT: a hand edit appending a paragraph to scene SEQ.
			"append-scene": func(ts *testscript.TestScript, neg bool, args []string) {
				f, err := os.OpenFile(sceneFile(ts, args[0], args[1]), os.O_APPEND|os.O_WRONLY, 0)
				ts.Check(err)
				_, err = fmt.Fprintf(f, "\n%s\n", args[2])
				ts.Check(err)
				ts.Check(f.Close())
			},
			// grep-scene [!] DIR SEQ REGEXP: scene SEQ's file matches REGEXP.
			"grep-scene": func(ts *testscript.TestScript, neg bool, args []string) {
				data, err := os.ReadFile(sceneFile(ts, args[0], args[1]))
				ts.Check(err)
				re, err := regexp.Compile("(?m)" + args[2])
				ts.Check(err)
				if re.Match(data) == neg {
					ts.Fatalf("scene %s: match for %q is %v; want %v", args[1], args[2], !neg, neg)
				}
			},
			// rm-scene DIR SEQ: a person deletes scene SEQ.
			"rm-scene": func(ts *testscript.TestScript, neg bool, args []string) {
				ts.Check(os.Remove(sceneFile(ts, args[0], args[1])))
			},
			// countfiles DIR N: DIR holds exactly N .md files.
			"countfiles": func(ts *testscript.TestScript, neg bool, args []string) {
				entries, _ := os.ReadDir(ts.MkAbs(args[0]))
				n := 0
				for _, e := range entries {
					if strings.HasSuffix(e.Name(), ".md") {
						n++
					}
				}
				want, _ := strconv.Atoi(args[1])
				if n != want {
					ts.Fatalf("%s holds %d .md files; want %d", args[0], n, want)
				}
			},
		},
	})
}

// sceneFile finds the file of scene seq in a project (file names end in
// a slug of the title, which the test cannot know).
func sceneFile(ts *testscript.TestScript, dir, seq string) string {
	n, _ := strconv.Atoi(seq)
	matches, _ := filepath.Glob(filepath.Join(ts.MkAbs(dir), "scenes", fmt.Sprintf("%04d-*.md", n)))
	if len(matches) != 1 {
		ts.Fatalf("no single file for scene %s: %v", seq, matches)
	}
	return matches[0]
}

// fakeServer answers chat completions with the offline model's answers,
// wrapped in the OpenAI wire format, so scripts exercise the real client.
type fakeServer struct {
	dir string
	// recordings holds real providers' recorded answers (llm/testdata/providers),
	// replayed by the "replay" mode; replayed counts them since fake.mode changed.
	recordings string
	replayed   int
	lastMode   string
	mu         sync.Mutex
	n          map[string]int // requests per role
	// gate, while set, holds every answer back until release: a run waiting
	// for an answer is known to hold the project lock. held counts the
	// requests that have waited at a gate.
	gate chan struct{}
	held int
	// seen maps each request body hash to the number of its answer in
	// delivery order (1, 2, …), counting answers delivered in full.
	seen      map[string]int
	delivered int
	// to maps each delivery's number to the client's address (its
	// connection), to tell which run an answer went to.
	to map[int]string
	// repeats lists the delivery numbers of answers requested again.
	repeats   []int
	requested int
	// flaky fails this fraction of requests (decided by rng) with 500/429/503.
	flaky float64
	rng   *rand.Rand
	// delivered sums the usage of the answers delivered with status 200.
	deliveredIn, deliveredOut int
}

// noteRequest counts a request and records it as a repeat when its
// answer was delivered in full before.
func (f *fakeServer) noteRequest(body []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requested++
	if n, ok := f.seen[string(hashBody(body))]; ok {
		f.repeats = append(f.repeats, n)
	}
}

func (f *fakeServer) noteDelivered(body []byte, client string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.seen == nil {
		f.seen, f.to = map[string]int{}, map[int]string{}
	}
	f.delivered++
	f.seen[string(hashBody(body))] = f.delivered
	f.to[f.delivered] = client
}

func hashBody(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

// holdAnswers makes the server hold every answer until release.
func (f *fakeServer) holdAnswers() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gate = make(chan struct{})
}

// release lets the held answers and all later ones through.
func (f *fakeServer) release() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.gate != nil {
		close(f.gate)
		f.gate = nil
	}
}

func (f *fakeServer) heldCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.held
}

// hold waits at the gate, if one is set; false when the client gave up.
func (f *fakeServer) hold(r *http.Request) bool {
	f.mu.Lock()
	g := f.gate
	if g != nil {
		f.held++
	}
	f.mu.Unlock()
	if g == nil {
		return true
	}
	select {
	case <-g:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (f *fakeServer) mode() string {
	data, _ := os.ReadFile(filepath.Join(f.dir, "fake.mode"))
	return strings.TrimSpace(string(data))
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.noteRequest(body)
	if !f.hold(r) {
		return
	}
	var req struct {
		Model          string        `json:"model"`
		Messages       []llm.Message `json:"messages"`
		Stream         bool          `json:"stream"`
		MaxTokens      int           `json:"max_tokens"`
		ResponseFormat *struct {
			Type       string `json:"type"`
			JSONSchema *struct {
				Name   string          `json:"name"`
				Strict bool            `json:"strict"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	json.Unmarshal(body, &req)
	role := r.Header.Get("X-Storyd-Role")
	f.mu.Lock()
	if f.n == nil {
		f.n = map[string]int{}
	}
	f.n[role]++
	nth := f.n[role]
	f.mu.Unlock()
	schemaName := ""
	var schema *llm.Schema
	if req.ResponseFormat != nil && req.ResponseFormat.JSONSchema != nil {
		schemaName = req.ResponseFormat.JSONSchema.Name
		schema = &llm.Schema{Name: schemaName, Schema: req.ResponseFormat.JSONSchema.Schema}
	}
	logf, _ := os.OpenFile(filepath.Join(f.dir, "requests.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	fmt.Fprintf(logf, "%s %s role=%s tick=%s model=%s schema=%s strict=%v stream=%v auth=%q\n", r.Method, r.URL.Path, role,
		r.Header.Get("X-Storyd-Tick"), req.Model, schemaName, req.ResponseFormat != nil && req.ResponseFormat.JSONSchema != nil && req.ResponseFormat.JSONSchema.Strict,
		req.Stream, r.Header.Get("Authorization"))
	logf.Close()

	if f.flaky > 0 {
		f.mu.Lock()
		fail := f.rng.Float64() < f.flaky
		code := []int{500, 429, 503}[f.rng.IntN(3)]
		f.mu.Unlock()
		if fail {
			if code == 429 {
				w.Header().Set("Retry-After", "0")
			}
			w.WriteHeader(code)
			fmt.Fprintf(w, `{"error":{"message":"flaky %d","type":"fake"}}`, code)
			return
		}
	}
	modeText := f.mode()
	f.mu.Lock()
	if modeText != f.lastMode {
		f.lastMode, f.replayed = modeText, 0
	}
	f.mu.Unlock()
	mode := strings.Fields(modeText)
	if len(mode) >= 1 {
		switch mode[0] {
		case "status": // status CODE: every request fails with CODE
			code, _ := strconv.Atoi(mode[1])
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(code)
			fmt.Fprintf(w, `{"error":{"message":"fake failure %d","type":"fake","code":null}}`, code)
			return
		case "quota": // a 429 that is a spent quota, not a rate limit
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(429)
			fmt.Fprint(w, `{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","code":"insufficient_quota"}}`)
			return
		case "replay": // replay ROLE NAME N: the next N answers of ROLE are the recording NAME, byte for byte
			n, _ := strconv.Atoi(mode[3])
			f.mu.Lock()
			if role == mode[1] {
				f.replayed++
			}
			k := f.replayed
			f.mu.Unlock()
			if role == mode[1] && k <= n {
				rec, err := llmtest.Load(filepath.Join(f.recordings, mode[2]+".http"))
				if err != nil {
					http.Error(w, err.Error(), 500)
					return
				}
				rec.Write(w)
				return
			}
		case "invalid": // invalid ROLE N: the first N answers of ROLE are not valid JSON for the schema
			n, _ := strconv.Atoi(mode[2])
			if role == mode[1] && nth <= n {
				writeChat(w, req.Model, `{"title": 42}`, "stop", req.Stream)
				return
			}
		}
	}
	resp, err := offline.Model{}.Complete(r.Context(), llm.Request{Role: role, Messages: req.Messages, Schema: schema, MaxTokens: req.MaxTokens})
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	writeChat(w, req.Model, resp.Content, "stop", req.Stream)
	f.mu.Lock()
	f.deliveredIn += 100
	f.deliveredOut += len(strings.Fields(resp.Content))
	f.mu.Unlock()
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
	f.noteDelivered(body, r.RemoteAddr)
}

func writeChat(w http.ResponseWriter, model, content, finish string, stream bool) {
	usage := map[string]int{"prompt_tokens": 100, "completion_tokens": len(strings.Fields(content)), "total_tokens": 100 + len(strings.Fields(content))}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "fake", "object": "chat.completion", "model": model,
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": finish}},
			"usage":   usage,
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	words := strings.SplitAfter(content, " ")
	for i := 0; i < len(words); i += 20 {
		chunk := strings.Join(words[i:min(i+20, len(words))], "")
		data, _ := json.Marshal(map[string]any{"id": "fake", "object": "chat.completion.chunk", "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": chunk}}}})
		fmt.Fprintf(w, "data: %s\n\n", data)
	}
	data, _ := json.Marshal(map[string]any{"id": "fake", "object": "chat.completion.chunk", "model": model,
		"choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": finish}}})
	fmt.Fprintf(w, "data: %s\n\n", data)
	data, _ = json.Marshal(map[string]any{"id": "fake", "object": "chat.completion.chunk", "model": model, "choices": []any{}, "usage": usage})
	fmt.Fprintf(w, "data: %s\n\ndata: [DONE]\n\n", data)
}
