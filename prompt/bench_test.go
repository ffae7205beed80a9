package prompt

import (
	"crypto/sha256"
	"testing"
)

// go test -run '^$' -bench . -benchmem ./prompt/
//
// On a 2-core AMD EPYC VM (Go 1.26), cl100k_base, machine shared and loaded,
// so numbers are noisy (docs/BENCHMARKS.md has the table):
//
//	FirstCount                      ~0.05 ms
//	Count/cold (1.4 KB scene)       ~0.03 ms   (~40-60 MB/s: split by hand, BPE over the embedded table)
//	Count/cold-o200k                ~0.07 ms   (~20 MB/s)
//	Count/warm                      ~1.5-3 µs  (sha256 + map lookup)

// BenchmarkFirstCount is what a fresh process pays before its first count:
// NewTokenizer (the embedded table is used in place), compiling the
// pre-tokenizer, and encoding one 1.4 KB scene.
func BenchmarkFirstCount(b *testing.B) {
	scene := scenes(b, 1, 14)[0].Text
	for b.Loop() {
		tk, err := NewTokenizer(CL100K)
		if err != nil {
			b.Fatal(err)
		}
		tk.Count(scene)
	}
}

func BenchmarkCount(b *testing.B) {
	scene := scenes(b, 1, 14)[0].Text
	b.Run("cold", func(b *testing.B) {
		tk := tokenizer(b, CL100K)
		b.SetBytes(int64(len(scene)))
		for b.Loop() {
			clear(tk.cache)
			clear(tk.used)
			tk.Count(scene)
		}
	})
	b.Run("cold-o200k", func(b *testing.B) {
		tk := tokenizer(b, O200K)
		b.SetBytes(int64(len(scene)))
		for b.Loop() {
			clear(tk.cache)
			clear(tk.used)
			tk.Count(scene)
		}
	})
	b.Run("warm", func(b *testing.B) {
		tk := tokenizer(b, CL100K)
		tk.Count(scene)
		b.SetBytes(int64(len(scene)))
		for b.Loop() {
			tk.Count(scene)
		}
	})
}

func BenchmarkBuild(b *testing.B) {
	for _, bc := range []struct {
		name  string
		total int
	}{{"40items-fits", 16000}, {"40items-trims", 4000}} {
		spec := writerSpec(b, bc.total)
		b.Run(bc.name+"/warm", func(b *testing.B) {
			tk := tokenizer(b, CL100K)
			if _, err := tk.Build(spec); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := tk.Build(spec); err != nil {
					b.Fatal(err)
				}
			}
		})
		// Cold: every item tokenized from scratch, as in the first tick of a process.
		b.Run(bc.name+"/cold", func(b *testing.B) {
			tk := tokenizer(b, CL100K)
			for b.Loop() {
				tk.cache, tk.used = map[[sha256.Size]byte]int{}, map[[sha256.Size]byte]bool{}
				if _, err := tk.Build(spec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
