"""What the hand-written AscendC kernels of the tests share: a tiling struct of two
arguments (``n`` and a ``mode`` that picks the case), its host tiling and the launch stub.

``build(device, kernel, ("x", "y"))`` compiles a device source whose kernel ``kernel`` takes
those GM arguments, a workspace and the tiling, for the simulator; the module's ``run``
takes the arrays and ``[n, mode]``."""

from __future__ import annotations

from collections.abc import Sequence

from runtime import CompiledKernel, compile_kernel

TILING = """\
#pragma once
#include <cstdint>
struct AutofuseTilingData {
    uint32_t block_dim;
    uint32_t tiling_key;
    int64_t n;
    int64_t mode;
};
"""


def host(blocks: str = "1", workspace: str = "0") -> str:
    """Host tiling: the tiling struct is (n, mode); ``blocks`` and the ``workspace`` bytes are
    C++ expressions of them."""
    return f"""\
#include <cstdint>
#include "tiling.h"
extern "C" int64_t AutofuseTiling(int64_t n, int64_t mode, AutofuseTilingData* t, uint32_t* workspace_size,
                                  uint32_t* block_dim, uint32_t core_num, uint32_t ub_size) {{
    (void)core_num; (void)ub_size;
    const uint32_t blocks = {blocks};
    t->block_dim = blocks; t->tiling_key = 0; t->n = n; t->mode = mode;
    *block_dim = blocks; *workspace_size = uint32_t({workspace});
    return 0;
}}
"""


HOST = host()


def launch(kernel: str, args: Sequence[str] = ("x", "y")) -> str:
    """``AutofuseLaunch`` for ``kernel(GM_ADDR args..., GM_ADDR workspace, tiling)``."""
    params = "".join(f"void* {a}, " for a in args)
    gm = "".join(f"(GM_ADDR){a}, " for a in args)
    return f"""
extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, {params}void* workspace,
                                  AutofuseTilingData* tiling) {{
    {kernel}<<<block_dim, nullptr, stream>>>({gm}(GM_ADDR)workspace, *tiling);
    return 0;
}}
"""


def build(
    device: str, kernel: str, args: Sequence[str] = ("x", "y"), blocks: str = "1", workspace: str = "0"
) -> CompiledKernel:
    """Compile ``device`` (its kernel function ``kernel``) with the launch stub, for the simulator."""
    return compile_kernel(TILING, host(blocks, workspace), device + launch(kernel, args), target="sim", name=kernel)
