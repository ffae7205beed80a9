// Command gen writes the embedded BPE tables of package bpe from the
// .tiktoken files in tiktoken-go-loader: go generate ./prompt/internal/bpe
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pkoukk/tiktoken-go-loader/assets"
	"github.com/storyd/storyd/prompt/internal/bpe"
)

func main() {
	out := flag.String("o", ".", "directory to write <encoding>.bin to")
	flag.Parse()
	for _, enc := range []string{bpe.CL100K, bpe.O200K} {
		src, err := assets.Assets.ReadFile(enc + ".tiktoken")
		if err == nil {
			var blob []byte
			if blob, err = bpe.Build(src); err == nil {
				err = os.WriteFile(filepath.Join(*out, enc+".bin"), blob, 0o644)
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "gen %s: %v\n", enc, err)
			os.Exit(1)
		}
	}
}
