// The target is header only (include/dyn_simd.h); SwiftPM needs one source file.
#include "dyn_simd.h"
