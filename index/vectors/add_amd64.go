package vectors

import "golang.org/x/sys/cpu"

// addNWide does addN's work on the first len(s) &^ 7 values with AVX2
// when the CPU has it, and returns how many it did. Each lane converts,
// rounds and adds exactly as the loop in addN does (VCVTDQ2PS of an int8 is
// exact; VMULPS and VADDPS round to nearest like MULSS and ADDSS; no fused
// multiply-add), column after column, so the sums are the same bits.
func addNWide(s, scales []float32, cols *[4][]byte, vs *[4]float32, k int) int {
	n := len(s) &^ 7
	if n == 0 || !cpu.X86.HasAVX2 {
		return 0
	}
	var ptrs [4]*byte
	for j := range k {
		ptrs[j] = &cols[j][0]
	}
	addNAVX2(s[:n], scales[:n], &ptrs, vs, k)
	return n
}

// addNAVX2 adds, for j < k (1 to 4) in turn, vs[j] times
// float32(int8(cols[j][i]))*scales[i] to each s[i]; len(s) is a multiple
// of 8 and no longer than scales or any of the k columns.
//
//go:noescape
func addNAVX2(s, scales []float32, cols *[4]*byte, vs *[4]float32, k int)
