// Command tickbench measures what one `storyd tick -n 1` process costs as
// the book grows (issue 12): it grows a copy of the example project to each
// size with ticks against an instant OpenAI-compatible fake model served from
// this process (JSON answers from the offline stand-in, ~1,500-word scenes
// cut from the public-domain corpus), then times several single-tick
// processes at that size and reports the median wall time (and how much of
// it the fake model took to answer, ~4 ms a tick: the offline stand-in's
// planner and extractor answers depend on the prompt, so they cannot be
// precomputed), CPU time, peak RSS, bytes
// written, the size of .storyd/ and, per role (writer, planner, extractor),
// the prompt's prefix share with the previous tick's (-dump keeps the
// prompts, to see what breaks a prefix). Results belong in
// docs/BENCHMARKS.md; nothing here is a test.
//
//	go run ./bench/tickbench -sizes 20,200,1000 -runs 7
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/storyd/storyd/llm"
	"github.com/storyd/storyd/llm/offline"
)

func main() {
	var (
		sizes   = flag.String("sizes", "20,200,1000", "project sizes (scenes) to measure, ascending")
		runs    = flag.Int("runs", 7, "single-tick processes timed at each size")
		dir     = flag.String("dir", filepath.Join(os.TempDir(), "tickbench"), "scratch project directory (replaced)")
		example = flag.String("example", "projects/example", "project to start from")
		corpus  = flag.String("corpus", "/work/shared/corpus", "directory of .txt novels cut into scenes")
		words   = flag.Int("words", 1500, "words per scene")
		bin     = flag.String("storyd", "", "storyd binary (default: go build ./cmd/storyd)")
		dump    = flag.String("dump", "", "directory to write each measured tick's prompts to (role-tick.txt), to see what breaks a prefix")
		reuse   = flag.Bool("reuse", false, "keep the project in -dir (grown by an earlier run, perhaps by another binary) and grow it from there; one warm-up tick first")
		model   = flag.String("llm", "", `model of the measured ticks: "" = the fake HTTP model, "offline" = storyd's in-process stand-in (no HTTP client, no provider memory), to see what the HTTP path costs`)
	)
	flag.Parse()
	var extra []string
	if *model != "" {
		extra = []string{"--llm", *model}
	}
	if err := run(*sizes, *runs, *dir, *example, *corpus, *words, *bin, *dump, *reuse, extra); err != nil {
		fmt.Fprintln(os.Stderr, "tickbench:", err)
		os.Exit(1)
	}
}

// run grows the book to each size and measures it; extra are flags for
// the measured ticks only.
func run(sizeList string, runs int, dir, example, corpusDir string, words int, bin, dump string, reuse bool, extra []string) error {
	var sizes []int
	for _, s := range strings.Split(sizeList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("bad size %q", s)
		}
		sizes = append(sizes, n)
	}
	text, err := loadCorpus(corpusDir)
	if err != nil {
		return err
	}
	if bin == "" {
		bin = filepath.Join(os.TempDir(), "tickbench-storyd")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/storyd").CombinedOutput(); err != nil {
			return fmt.Errorf("go build: %v\n%s", err, out)
		}
	}
	fm := &fakeModel{words: text, per: words, dump: dump, prompts: map[string]map[int]string{}, last: map[string]int{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: fm}
	go srv.Serve(ln)
	defer srv.Close()

	env := append(os.Environ(), "OPENAI_API_KEY=bench", "OPENAI_BASE_URL=")
	have, err := prepare(bin, dir, example, "http://"+ln.Addr().String()+"/v1", words, env, reuse)
	if err != nil {
		return err
	}
	fmt.Printf("| scenes | tick median (min–max) | fake model | ×20 | CPU (user+sys) | peak RSS median | written/tick besides the scene (files; block I/O) | .storyd/ | per scene | story.md | prefix share median: writer / planner / extractor |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|---|---|---|\n")
	first := 0.0
	var every []string
	for _, n := range sizes {
		if n > have {
			t0 := time.Now()
			if out, err := tick(bin, dir, env, n-have); err != nil {
				return fmt.Errorf("growing to %d scenes: %v\n%s", n, err, out)
			}
			if got := countScenes(dir); got != n {
				return fmt.Errorf("growing to %d scenes: the project has %d", n, got)
			}
			fmt.Fprintf(os.Stderr, "grew to %d scenes in %s\n", n, time.Since(t0).Round(time.Millisecond))
			have = n
		}
		r, err := measure(bin, dir, env, runs, fm, extra)
		if err != nil {
			return err
		}
		n = have
		have += runs
		if first == 0 {
			first = r.wall
		}
		sd, _ := dirSize(filepath.Join(dir, ".storyd"))
		story, _ := os.Stat(filepath.Join(dir, "story.md"))
		fmt.Printf("| %d | %.0f ms (%.0f–%.0f) | %.1f ms | %.2f | %.0f ms | %.0f MB | %s; %s | %s | %s | %s | %.0f%% / %.0f%% / %.0f%% |\n",
			n, r.wall, r.minWall, r.maxWall, r.model, r.wall/first, r.cpu, r.rss/1024, human(r.files), human(r.blocks),
			human(sd), human(sd/int64(have)), human(story.Size()), 100*r.share[0], 100*r.share[1], 100*r.share[2])
		s, b, k := fm.drain()
		every = append(every, fmt.Sprintf("| %d | %d | %.1f%% | %.1f%% |", n, k, 100*s, 100*b))
	}
	fmt.Printf("\n| scenes | writer prompts (every tick since the previous size) | prefix share median | bound: bytes in lines the previous prompt holds, median |\n|---|---|---|---|\n")
	fmt.Println(strings.Join(every, "\n"))
	return nil
}

// prepare makes dir the project to grow: a fresh copy of example, or with
// reuse the project already there (after one warm-up tick, which absorbs a
// rebuild of caches another binary wrote). It returns the scenes it has.
func prepare(bin, dir, example, baseURL string, words int, env []string, reuse bool) (int, error) {
	if reuse {
		if _, err := os.Stat(filepath.Join(dir, "story.md")); err == nil {
			data, err := os.ReadFile(filepath.Join(dir, "storyd.yaml"))
			if err != nil {
				return 0, err
			}
			s := regexp.MustCompile(`base_url: http://127\.0\.0\.1:\d+/v1`).ReplaceAllString(string(data), "base_url: "+baseURL)
			if err := os.WriteFile(filepath.Join(dir, "storyd.yaml"), []byte(s), 0o644); err != nil {
				return 0, err
			}
			if out, err := tick(bin, dir, env, 1); err != nil {
				return 0, fmt.Errorf("warm-up tick: %v\n%s", err, out)
			}
			return countScenes(dir), nil
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		return 0, err
	}
	if err := os.CopyFS(dir, os.DirFS(example)); err != nil {
		return 0, err
	}
	return 0, configure(dir, baseURL, words)
}

// configure points the project at the fake model with long scenes.
func configure(dir, baseURL string, words int) error {
	path := filepath.Join(dir, "storyd.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(data)
	s = strings.Replace(s, "provider: offline", "provider: openai\n  base_url: "+baseURL, 1)
	s = strings.Replace(s, `model: "offline"`, `model: "bench-instant"`, 1)
	s = strings.Replace(s, "checkpoint_interval: 5 ", "checkpoint_interval: 10", 1)
	s = strings.Replace(s, "scene_words: 400 ", fmt.Sprintf("scene_words: %d", words), 1)
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		return err
	}
	// A book that reaches its target length stops; this one must not.
	story := filepath.Join(dir, "story.md")
	data, err = os.ReadFile(story)
	if err != nil {
		return err
	}
	s = regexp.MustCompile(`(?m)^target_words: .*$`).ReplaceAllString(string(data), "target_words: 100000000")
	s = regexp.MustCompile(`(?m)^scene_words: .*$`).ReplaceAllString(s, fmt.Sprintf("scene_words: %d", words))
	return os.WriteFile(story, []byte(s), 0o644)
}

// countScenes is the number of scene files.
func countScenes(dir string) int {
	paths, _ := filepath.Glob(filepath.Join(dir, "scenes", "*.md"))
	return len(paths)
}

func tick(bin, dir string, env []string, n int) ([]byte, error) {
	cmd := exec.Command(bin, "tick", "-p", dir, "-n", strconv.Itoa(n))
	cmd.Env = env
	return cmd.CombinedOutput()
}

type result struct {
	wall, minWall, maxWall float64    // ms
	cpu                    float64    // ms of user+sys time, less sensitive to a busy machine
	model                  float64    // ms the fake model took to answer (inside wall)
	rss                    float64    // KB
	files, blocks          int64      // bytes
	share                  [3]float64 // medians for shareRoles
}

// measure runs single-tick processes and takes medians.
func measure(bin, dir string, env []string, runs int, fm *fakeModel, extra []string) (result, error) {
	var walls, cpus, rss, models []float64
	var shares [len(shareRoles)][]float64
	var files, blocks []int64
	for i := 0; i < runs; i++ {
		before, err := snapshot(dir)
		if err != nil {
			return result{}, err
		}
		cmd := exec.Command(bin, append([]string{"tick", "-p", dir, "-n", "1"}, extra...)...)
		cmd.Env = env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		fm.mu.Lock()
		busy0 := fm.busy
		fm.mu.Unlock()
		t0 := time.Now()
		err = cmd.Run()
		wall := time.Since(t0)
		fm.mu.Lock()
		models = append(models, float64((fm.busy-busy0).Microseconds())/1000)
		fm.mu.Unlock()
		if err != nil {
			return result{}, fmt.Errorf("tick: %v\n%s", err, out.String())
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		after, err := snapshot(dir)
		if err != nil {
			return result{}, err
		}
		walls = append(walls, float64(wall.Microseconds())/1000)
		rss = append(rss, float64(ru.Maxrss))
		cpus = append(cpus, float64((ru.Utime.Nano()+ru.Stime.Nano())/1e6))
		files = append(files, written(before, after))
		blocks = append(blocks, int64(ru.Oublock)*512) // int32 on 386
		for i, role := range shareRoles {
			if s, ok := fm.share(role); ok {
				shares[i] = append(shares[i], s)
			}
		}
	}
	r := result{wall: median(walls), minWall: slices.Min(walls), maxWall: slices.Max(walls), rss: median(rss), cpu: median(cpus), model: median(models)}
	r.files = int64(median(toF(files)))
	r.blocks = int64(median(toF(blocks)))
	for i := range shares {
		r.share[i] = median(shares[i])
	}
	return r, nil
}

type fileInfo struct {
	size  int64
	mtime time.Time
}

func snapshot(dir string) (map[string]fileInfo, error) {
	m := map[string]fileInfo{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		m[rel] = fileInfo{info.Size(), info.ModTime()}
		return nil
	})
	return m, err
}

// written sums the sizes of the files a tick created or replaced, except
// the new scene file itself; of an append-only log (.jsonl), what it grew by.
func written(before, after map[string]fileInfo) int64 {
	var n int64
	for rel, a := range after {
		b, ok := before[rel]
		if !ok && strings.HasPrefix(rel, "scenes/") {
			continue
		}
		switch {
		case ok && strings.HasSuffix(rel, ".jsonl") && a.size >= b.size:
			n += a.size - b.size // an append-only log: what the tick appended
		case !ok || b != a:
			n += a.size
		}
	}
	return n
}

func dirSize(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	return n, err
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func toF(v []int64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

func human(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// loadCorpus reads the novels' words, Gutenberg header and licence cut off.
func loadCorpus(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("no .txt novels in %s", dir)
	}
	slices.Sort(paths)
	var words []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		s := string(data)
		if _, after, ok := strings.Cut(s, "*** START OF"); ok {
			_, s, _ = strings.Cut(after, "\n")
		}
		if before, _, ok := strings.Cut(s, "*** END OF"); ok {
			s = before
		}
		words = append(words, strings.Fields(s)...)
	}
	return words, nil
}

// fakeModel is an instant OpenAI-compatible chat endpoint.
type fakeModel struct {
	words []string
	per   int

	dump string // directory for the prompts, "" = none

	mu      sync.Mutex
	prompts map[string]map[int]string // role -> tick -> the tick's first prompt
	last    map[string]int            // role -> tick of its latest prompt
	busy    time.Duration             // time spent answering
	// Every writer prompt's share with the previous tick's (growth ticks
	// included) and the share of its lines found anywhere in the previous
	// one, since the last drain: a steadier median than the measured runs'.
	every, bound []float64
}

// shareRoles are the roles whose prefix share the table reports.
var shareRoles = [...]string{"writer", "planner", "extractor"}

type chatReq struct {
	Messages       []llm.Message `json:"messages"`
	Stream         bool          `json:"stream"`
	ResponseFormat *struct {
		JSONSchema *struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t0 := time.Now()
	defer func() {
		f.mu.Lock()
		f.busy += time.Since(t0)
		f.mu.Unlock()
	}()
	body, _ := io.ReadAll(r.Body)
	var req chatReq
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	role := r.Header.Get("X-Storyd-Role")
	tick, _ := strconv.Atoi(r.Header.Get("X-Storyd-Tick"))
	if len(req.Messages) <= 2 { // not a re-ask or a continuation
		f.keep(role, tick, req.Messages)
	}
	var content string
	if role == "writer" {
		content = f.prose(tick)
	} else {
		lr := llm.Request{Role: role, Messages: req.Messages}
		if rf := req.ResponseFormat; rf != nil && rf.JSONSchema != nil {
			lr.Schema = &llm.Schema{Name: rf.JSONSchema.Name, Schema: rf.JSONSchema.Schema}
		}
		resp, err := offline.Model{}.Complete(context.Background(), lr)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		content = resp.Content
	}
	if req.Stream {
		f.stream(w, content)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "bench", "object": "chat.completion", "model": "bench-instant",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": len(body) / 4, "completion_tokens": len(content) / 4, "total_tokens": (len(body) + len(content)) / 4},
	})
}

func (f *fakeModel) stream(w http.ResponseWriter, content string) {
	w.Header().Set("Content-Type", "text/event-stream")
	chunk := func(delta map[string]any, finish any) {
		b, _ := json.Marshal(map[string]any{"id": "bench", "object": "chat.completion.chunk", "model": "bench-instant",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	chunk(map[string]any{"role": "assistant", "content": ""}, nil)
	for _, part := range strings.SplitAfter(content, "\n\n") {
		chunk(map[string]any{"content": part}, nil)
	}
	chunk(map[string]any{}, "stop")
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// prose is scene tick's text: the next stretch of the corpus, in paragraphs.
func (f *fakeModel) prose(tick int) string {
	start := (tick * f.per) % max(1, len(f.words)-f.per)
	var b strings.Builder
	for i, w := range f.words[start : start+f.per] {
		if i > 0 {
			if i%120 == 0 {
				b.WriteString("\n\n")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(w)
	}
	return b.String()
}

// keep records a tick's first prompt of role (and dumps it when asked).
func (f *fakeModel) keep(role string, tick int, msgs []llm.Message) {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(m.Content)
		b.WriteString("\x00")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	byTick := f.prompts[role]
	if byTick == nil {
		byTick = map[int]string{}
		f.prompts[role] = byTick
	}
	if _, seen := byTick[tick]; seen {
		return
	}
	byTick[tick], f.last[role] = b.String(), tick
	delete(byTick, tick-2)
	if prev, ok := byTick[tick-1]; ok && role == "writer" {
		f.every = append(f.every, common(prev, byTick[tick]))
		f.bound = append(f.bound, seenLines(prev, byTick[tick]))
	}
	if f.dump != "" {
		os.MkdirAll(f.dump, 0o755)
		os.WriteFile(filepath.Join(f.dump, fmt.Sprintf("%s-%d.txt", role, tick)), []byte(b.String()), 0o644)
	}
}

// share is role's latest prompt's common prefix with the previous tick's,
// as a fraction of its length.
func (f *fakeModel) share(role string) (float64, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cur, ok1 := f.prompts[role][f.last[role]]
	prev, ok2 := f.prompts[role][f.last[role]-1]
	if !ok1 || !ok2 || len(cur) == 0 {
		return 0, false
	}
	return common(prev, cur), true
}

// drain returns the writer's share and bound medians since the last
// drain, and over how many ticks.
func (f *fakeModel) drain() (share, bound float64, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	share, bound, n = median(f.every), median(f.bound), len(f.every)
	f.every, f.bound = nil, nil
	return share, bound, n
}

// common is the share of cur's bytes that open it exactly as prev opens.
func common(prev, cur string) float64 {
	if len(cur) == 0 {
		return 0
	}
	n := 0
	for n < len(cur) && n < len(prev) && cur[n] == prev[n] {
		n++
	}
	return float64(n) / float64(len(cur))
}

// seenLines is the share of cur's bytes in lines that prev holds too,
// anywhere: what no order of the same sections could share beyond (the
// rest is new this tick).
func seenLines(prev, cur string) float64 {
	if len(cur) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, l := range strings.Split(prev, "\n") {
		have[l] = true
	}
	n := 0
	for _, l := range strings.Split(cur, "\n") {
		if have[l] {
			n += len(l) + 1
		}
	}
	return min(1, float64(n)/float64(len(cur)))
}
