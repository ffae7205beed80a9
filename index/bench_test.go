package index

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/storyd/storyd/index/chunk"
	"github.com/storyd/storyd/internal/fixture"
	"github.com/storyd/storyd/project"
)

// Index benchmarks (issue 6 targets: query <= 10 ms p50 at 10,000 chunks,
// load <= 200 ms):
//
//	go test ./index/ -run '^$' -bench 'BenchmarkIndex' -benchtime 20x

// ixBenchProject is an in-memory project of corpus scenes holding about
// docs documents (prose chunks plus one summary per scene).
func ixBenchProject(b testing.TB, docs int) *project.Project {
	if b != nil {
		b.Helper()
	}
	scenes := fixture.Scenes(b, 300)
	p := &project.Project{Loaded: map[string]string{}}
	for n, seq := 0, 1; n < docs; seq++ {
		paras := scenes[(seq-1)%len(scenes)]
		// Vary repeated scenes so that every document is distinct.
		body := fmt.Sprintf("Chapter the %dth.\n\n", seq) + strings.Join(paras, "\n\n")
		s := (&project.Scene{Seq: seq, Title: fmt.Sprintf("Scene %d", seq), Path: project.ScenePath(seq, "scene"), POV: "c1", Location: "l1",
			Characters: []string{"c1", "c2"}, Summary: []string{fixture.Summary(paras[0])}}).SetBody(body)
		p.Scenes = append(p.Scenes, s)
		p.Loaded[s.Path] = project.Hash([]byte(body)) // as a load gives it
		n += 1 + len(chunk.Prose(body))
	}
	return p
}

var ixBenchQueries = []string{
	"She searches the house for the heron instrument her mother left her.",
	"They row out at dusk to the chapel under the water.",
	"Midsummer has come and the locket is still not returned.",
	"Elizabeth walks to Netherfield through the mud to nurse Jane.",
	"The creature watches the cottagers through a chink in the wall.",
	"A letter from Calcutta threatens to expose Miss Thorne.",
}

func BenchmarkIndexBuild(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p := ixBenchProject(b, n)
			b.ResetTimer()
			for range b.N {
				ix, err := OpenIndex(b.TempDir(), NewLocalEmbedder())
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := ix.Sync(context.Background(), p); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(ix.Count()), "docs")
			}
		})
	}
}

func BenchmarkIndexLoad(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := b.TempDir()
			ix, err := OpenIndex(dir, NewLocalEmbedder())
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := ix.Sync(context.Background(), ixBenchProject(b, n)); err != nil {
				b.Fatal(err)
			}
			if err := ix.Save(); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				ix, err := OpenIndex(dir, NewLocalEmbedder())
				if err != nil {
					b.Fatal(err)
				}
				if ix.Count() == 0 {
					b.Fatal("index did not load")
				}
			}
		})
	}
}

func BenchmarkIndexQuery(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ix, err := OpenIndex(b.TempDir(), NewLocalEmbedder())
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := ix.Sync(context.Background(), ixBenchProject(b, n)); err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := range b.N {
				start := time.Now()
				_, err := ix.Query(ctx, Query{Text: ixBenchQueries[i%len(ixBenchQueries)], K: DefaultK,
					Exclude: func(seq int) bool { return seq > 2400 }, Boost: Boosts{POV: "c1", Cast: []string{"c2"}}})
				took = append(took, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}

// ixCPU is the process's CPU time so far (user and system, every thread):
// steadier than wall time on a busy machine.
func ixCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkIndexTick is the index's share of one tick process: open the
// saved index, sync an unchanged project, and fetch the nearest documents
// for a plan's six queries (recall's NearestEach), at about 100 and 1,000
// scenes (1,100 and 11,000 documents) whose files are on disk. It reports
// the heap the open index holds.
func BenchmarkIndexTick(b *testing.B) {
	for _, n := range []int{1100, 11000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			// A project on disk, so that chunks are places in the scene
			// files, as in a tick, not texts the index holds.
			dir := b.TempDir()
			ixWriteStory(b, dir)
			for _, s := range ixBenchProject(b, n).Scenes {
				ixWriteScene(b, dir, s)
			}
			p := ixLoad(b, dir)
			ix, err := OpenIndex(dir, NewLocalEmbedder())
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := ix.Sync(context.Background(), p); err != nil {
				b.Fatal(err)
			}
			if err := ix.Save(); err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var open, sync, near time.Duration
			b.ResetTimer()
			for range b.N {
				t0 := ixCPU()
				ix, err := OpenIndex(dir, NewLocalEmbedder())
				if err != nil {
					b.Fatal(err)
				}
				t1 := ixCPU()
				if a, r, err := ix.Sync(ctx, p); err != nil || a+r != 0 {
					b.Fatalf("sync: added %d removed %d, %v", a, r, err)
				}
				t2 := ixCPU()
				if _, err := ix.NearestEach(ctx, ixBenchQueries, 64, nil); err != nil {
					b.Fatal(err)
				}
				open, sync, near = open+t1-t0, sync+t2-t1, near+ixCPU()-t2
			}
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.HeapAlloc
			ix, err = OpenIndex(dir, NewLocalEmbedder())
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapAlloc-before)/(1<<20), "resident-MB")
			runtime.KeepAlive(ix)
			for name, d := range map[string]time.Duration{"open": open, "sync": sync, "nearest": near} {
				b.ReportMetric(float64(d.Microseconds())/1000/float64(b.N), name+"-cpu-ms")
			}
		})
	}
}
