// Four-lane shuffles for the engine's wide contact solver (DynamicsEngine/World+WideSolver.swift).
//
// Swift's SIMD types have no shuffle operation: a transpose written with element accesses
// (or the standard library's evenHalf/oddHalf, which are element loops) reaches the
// optimizer as extracts and inserts, and LLVM then pushes the extracts through the
// arithmetic that produced the vectors and computes much of a batch lane by lane in scalar
// code (three times the instructions of the warm start). Clang's __builtin_shufflevector
// reaches it as one shuffle, as Box2D's _mm_unpacklo_ps/_mm_unpackhi_ps do. Header only:
// static inline functions that the Swift compiler inlines.
#ifndef DYN_SIMD_H
#define DYN_SIMD_H

/* Floating-point contraction off: a*b + c stays two roundings, never a fused multiply-add
 * the compiler chose, so results do not depend on the target's FMA (docs/engine.md, "Determinism"). */
#pragma STDC FP_CONTRACT OFF

typedef float dyn_float4 __attribute__((ext_vector_type(4)));

/// (a0, b0, a1, b1)
static inline __attribute__((always_inline)) dyn_float4 dyn_unpacklo(dyn_float4 a, dyn_float4 b) {
    return __builtin_shufflevector(a, b, 0, 4, 1, 5);
}

/// (a2, b2, a3, b3)
static inline __attribute__((always_inline)) dyn_float4 dyn_unpackhi(dyn_float4 a, dyn_float4 b) {
    return __builtin_shufflevector(a, b, 2, 6, 3, 7);
}

/// (a0, a1, b0, b1)
static inline __attribute__((always_inline)) dyn_float4 dyn_movelh(dyn_float4 a, dyn_float4 b) {
    return __builtin_shufflevector(a, b, 0, 1, 4, 5);
}

/// (a2, a3, b2, b3)
static inline __attribute__((always_inline)) dyn_float4 dyn_movehl(dyn_float4 a, dyn_float4 b) {
    return __builtin_shufflevector(a, b, 2, 3, 6, 7);
}

/// A hint to fetch the cache line at `p` for reading (no fault if `p` is out of bounds: a
/// prefetch never traps). Swift has no prefetch of its own.
static inline __attribute__((always_inline)) void dyn_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

/// A hint to fetch the cache line at `p` for writing (prefetchw where the CPU has it).
static inline __attribute__((always_inline)) void dyn_prefetch_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

#endif
