package vectors

import "golang.org/x/sys/cpu"

// addWide does add's work on the first len(s) &^ 7 values with AVX2 when
// the CPU has it, and returns how many it did. Each lane converts, rounds
// and adds exactly as the loop in add does (VCVTDQ2PS of an int8 is exact;
// VMULPS and VADDPS round to nearest like MULSS and ADDSS; no fused
// multiply-add), so the sums are the same bits.
func addWide(s, scales []float32, col []byte, v float32) int {
	n := len(s) &^ 7
	if n == 0 || !cpu.X86.HasAVX2 {
		return 0
	}
	addAVX2(s[:n], scales[:n], col[:n], v)
	return n
}

// addAVX2 adds v times float32(int8(col[i]))*scales[i] to each s[i]; len(s)
// is a multiple of 8 and no longer than scales or col.
//
//go:noescape
func addAVX2(s, scales []float32, col []byte, v float32)
