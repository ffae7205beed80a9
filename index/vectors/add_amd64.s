#include "textflag.h"

// func addNAVX2(s, scales []float32, cols *[4]*byte, vs *[4]float32, k int)
//
// For each eight lanes: the sums are loaded once, then for j < k, in
// order, eight int8 components of column j as int32, as float32 (exact),
// times the scales (the components), times vs[j], plus the sums; then the
// sums are stored once.
TEXT ·addNAVX2(SB), NOSPLIT, $0-72
	MOVQ s_base+0(FP), DI
	MOVQ s_len+8(FP), CX
	MOVQ scales_base+24(FP), SI
	MOVQ cols+48(FP), AX
	MOVQ vs+56(FP), BX
	MOVQ k+64(FP), R12
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	VBROADCASTSS 0(BX), Y4
	VBROADCASTSS 4(BX), Y5
	VBROADCASTSS 8(BX), Y6
	VBROADCASTSS 12(BX), Y7
	SHRQ $3, CX
	JZ ndone

nloop:
	VMOVUPS (DI), Y0     // the sums
	VMOVUPS (SI), Y2     // the scales
	VPMOVSXBD (R8), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS Y2, Y1, Y1
	VMULPS Y4, Y1, Y1
	VADDPS Y0, Y1, Y0
	CMPQ R12, $1
	JEQ nstore
	VPMOVSXBD (R9), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS Y2, Y1, Y1
	VMULPS Y5, Y1, Y1
	VADDPS Y0, Y1, Y0
	CMPQ R12, $2
	JEQ nstore
	VPMOVSXBD (R10), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS Y2, Y1, Y1
	VMULPS Y6, Y1, Y1
	VADDPS Y0, Y1, Y0
	CMPQ R12, $3
	JEQ nstore
	VPMOVSXBD (R11), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS Y2, Y1, Y1
	VMULPS Y7, Y1, Y1
	VADDPS Y0, Y1, Y0

nstore:
	VMOVUPS Y0, (DI)
	ADDQ $8, R8
	ADDQ $8, R9
	ADDQ $8, R10
	ADDQ $8, R11
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ nloop

ndone:
	VZEROUPPER
	RET
