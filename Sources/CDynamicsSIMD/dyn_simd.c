// The target is header only (include/dyn_simd.h); SwiftPM needs one source file.
/* Floating-point contraction off: a*b + c stays two roundings, never a fused multiply-add
 * the compiler chose, so results do not depend on the target's FMA (docs/engine.md, "Determinism"). */
#pragma STDC FP_CONTRACT OFF
#include "dyn_simd.h"
