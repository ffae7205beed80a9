#include "textflag.h"

// func addAVX2(s, scales []float32, col []byte, v float32)
TEXT ·addAVX2(SB), NOSPLIT, $0-76
	MOVQ s_base+0(FP), DI
	MOVQ s_len+8(FP), CX
	MOVQ scales_base+24(FP), SI
	MOVQ col_base+48(FP), DX
	VBROADCASTSS v+72(FP), Y0
	SHRQ $3, CX
	JZ done

loop:
	VPMOVSXBD (DX), Y1   // eight int8 components, as int32
	VCVTDQ2PS Y1, Y1     // as float32 (exact)
	VMULPS (SI), Y1, Y1  // times the scales: the components
	VMULPS Y0, Y1, Y1    // times v
	VADDPS (DI), Y1, Y1  // plus the sums
	VMOVUPS Y1, (DI)
	ADDQ $8, DX
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ loop

done:
	VZEROUPPER
	RET
