//go:build !amd64

package vectors

// addWide: no wide path here; add's loop does it all.
func addWide(s, scales []float32, col []byte, v float32) int { return 0 }
