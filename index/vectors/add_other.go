//go:build !amd64

package vectors

// addNWide: no wide path here; addN's loop does it all.
func addNWide(s, scales []float32, cols *[4][]byte, vs *[4]float32, k int) int { return 0 }
