// ascsim: a CPU simulator of the AscendC subset (arch 3510) that ASCIR emits.
// Kernels include this header in place of the CANN one when built for target "sim".
#pragma once

#define ASCSIM 1
#define __global__
#define __aicore__
#define __vector__
#define __mix__(aic, aiv)
#define __gm__
#define __ubuf__
#define __simd_vf__
#define __simt_vf__
#define __simt_callee__
#define __callee__
#define LAUNCH_BOUND(n)
#define __launch_bounds__(n)
#ifndef GM_ADDR
#define GM_ADDR uint8_t*
#endif

#include <cstdint>

#include "ascsim/core.h"
#include "ascsim/types.h"
#include "ascsim/convert.h"
#include "ascsim/sync.h"
#include "ascsim/tensor.h"
#include "ascsim/datacopy.h"
#include "ascsim/vector.h"
#include "ascsim/level0.h"
#include "ascsim/reg.h"
#include "ascsim/math.h"
#include "ascsim/bits.h"
#include "ascsim/simt.h"
