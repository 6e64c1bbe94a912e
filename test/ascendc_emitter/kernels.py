"""Kernels built by hand in the ``ascendc`` dialect (the simulator issue's test set)."""

from __future__ import annotations

from xdsl.dialects.builtin import Float16Type, Float32Type, ModuleOp
from xdsl.ir import Attribute

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64, u32
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import UbPtrType, element_bytes

f32, f16 = Float32Type(), Float16Type()


def _tiling_one_block(h: BodyBuilder, n, extra: dict[str, object] | None = None) -> None:
    if n is not None:
        h.set_tiling("n", n)
    for k, v in (extra or {}).items():
        h.set_tiling(k, v)  # type: ignore[arg-type]
    h.set_tiling("block_dim", 1)
    h.set_output("block_dim", 1)
    h.set_output("workspace_size", 0)


def vector_add(element: Attribute = f32, tile: int = 2048, ub_bytes: int | None = None) -> ModuleOp:
    """z = x + y over n elements: queued, double-buffered, split over core_num blocks."""
    size = element_bytes(element)
    kb = KernelModuleBuilder("vadd", ["x", "y", "z"], ["n"], [("per_block", i64), ("tile", i64)])
    with kb.host() as (h, (n,), core_num, _ub):
        h.fail_if(h.cmp("slt", n, 1), 2, "n must be >= 1")
        per = h.ceildiv(n, h.cast(core_num, i64), name="per_block")
        per = h.mul(h.ceildiv(per, 32 // size), 32 // size, name="per_block_aligned")
        blocks = h.ceildiv(n, per, name="blocks")
        h.set_tiling("n", n)
        h.set_tiling("per_block", per)
        h.set_tiling("tile", tile)
        h.set_tiling("block_dim", blocks)
        h.set_output("block_dim", blocks)
        h.set_output("workspace_size", 0)
    with kb.kernel() as (k, (x, y, z, _ws), tiling):
        n, per, t = (k.tiling_get(tiling, f) for f in ("n", "per_block", "tile"))
        start = k.mul(k.block_idx(), per, name="start")
        length = k.min(k.sub(n, start), per, name="length")
        xg, yg, zg = (
            k.global_tensor(a, element, start, length, nm) for a, nm in ((x, "xg"), (y, "yg"), (z, "zg"))
        )
        nbytes = ub_bytes if ub_bytes is not None else k.mul(t, size)
        qx, qy = k.que("VECIN", 2, 2, nbytes, "qx"), k.que("VECIN", 2, 2, nbytes, "qy")
        qz = k.que("VECOUT", 2, 2, nbytes, "qz")
        with k.loop(0, length, t, "off") as (b, off):
            count = b.min(b.sub(length, off), t, name="count")
            bytes_ = b.mul(count, size, name="bytes")
            xl, yl = b.alloc(qx, element, "xl"), b.alloc(qy, element, "yl")
            b.copy_pad(xl, b.gslice(xg, off), 1, bytes_)
            b.copy_pad(yl, b.gslice(yg, off), 1, bytes_)
            b.enque(qx, xl)
            b.enque(qy, yl)
            xi, yi = b.deque(qx, element, "xi"), b.deque(qy, element, "yi")
            zl = b.alloc(qz, element, "zl")
            b.vec(ac.AddOp, zl, xi, yi, count)
            b.enque(qz, zl)
            b.free(qx, xi)
            b.free(qy, yi)
            zo = b.deque(qz, element, "zo")
            b.copy_pad(b.gslice(zg, off), zo, 1, bytes_)
            b.free(qz, zo)
    return kb.finish()


def strided_copy(element: Attribute = f32, pad_value: float | None = -1.0) -> ModuleOp:
    """Copy ``rows`` rows of ``cols`` elements from a GM matrix with leading dimension ``ld``
    into UB (each row padded to 32 bytes with ``pad_value``), then write (a) the dense
    rows x cols result and (b) the padded UB image, rows x align32(cols)."""
    size = element_bytes(element)
    kb = KernelModuleBuilder(
        "strided_copy",
        ["x", "dense", "image"],
        ["rows", "cols", "ld"],
        [],
    )
    with kb.host() as (h, (rows, cols, ld), _c, _u):
        h.fail_if(h.cmp("slt", ld, cols), 2, "ld must be >= cols")
        _tiling_one_block(h, None, {"rows": rows, "cols": cols, "ld": ld})
    with kb.kernel() as (k, (x, dense, image, _ws), tiling):
        rows, cols, ld = (k.tiling_get(tiling, f) for f in ("rows", "cols", "ld"))
        row_bytes = k.mul(cols, size, name="row_bytes")
        padded = k.mul(k.ceildiv(row_bytes, 32), 32, name="padded_row_bytes")
        xg = k.global_tensor(x, element, 0, k.mul(rows, ld), "xg")
        dg = k.global_tensor(dense, element, 0, k.mul(rows, cols), "dg")
        ig = k.global_tensor(image, element, 0, k.mul(rows, k.floordiv(padded, size)), "ig")
        buf = k.tbuf(k.mul(rows, padded), name="buf")
        t = k.tbuf_get(buf, element, k.floordiv(k.mul(rows, padded), size), name="t")
        gap = k.mul(k.sub(ld, cols), size, name="gm_gap_bytes")
        k.copy_pad(t, xg, rows, row_bytes, gap, 0, pad_value)
        k.sync("MTE2_MTE3")
        k.copy_pad(dg, t, rows, row_bytes, 0, 0)
        k.copy_pad(ig, t, 1, k.mul(rows, padded), 0, 0)
    return kb.finish()


def vf_compare_select(element: Attribute, mask_dtype: Attribute | None = None, tile: int = 4096) -> ModuleOp:
    """y = (x < s) ? x + s : 0 in a __simd_vf__ function with tail masks.

    ``mask_dtype`` (default: the element type) is the dtype given to UpdateMask; another
    dtype reproduces the lane corruption of a mask built for the wrong dtype (AL-7). y's
    UB buffer is pre-filled with -1 so that lanes a mask skips are visible.
    """
    size = element_bytes(element)
    lanes = 256 // size
    mask_dtype = mask_dtype or element
    kb = KernelModuleBuilder("vf_cmp_sel", ["x", "y"], ["n"], [])
    with kb.host() as (h, (n,), _c, _u):
        h.fail_if(h.cmp("sgt", n, tile), 1, "n exceeds the single UB tile")
        _tiling_one_block(h, n)
    with kb.function(
        ac.SimdVfOp,
        "cmp_sel_vf",
        [("x", UbPtrType(element)), ("y", UbPtrType(element)), ("n", i64), ("s", element)],
    ) as (f, (xp, yp, n, s)):
        zero = f.const(0, element)
        with f.loop(0, n, lanes, "i") as (b, i):
            mask = b.update_mask(b.sub(n, i), mask_dtype)
            r = b.reg_load(xp, i, "xr")
            lt = b.reg(ac.RegComparesOp, r, s, mask, result=ac.MaskType(), name="lt", mode="LT")
            a = b.reg(ac.RegAddsOp, r, s, mask, name="sum")
            z = b.reg(ac.RegDuplicateOp, zero, mask, result=r.type, name="zeros")
            o = b.reg(ac.RegSelectOp, a, z, lt, name="out")
            b.reg_store(yp, i, o, mask)
    with kb.kernel() as (k, (x, y, _ws), tiling):
        n = k.tiling_get(tiling, "n")
        xg, yg = k.global_tensor(x, element, 0, n, "xg"), k.global_tensor(y, element, 0, n, "yg")
        buf = k.tbuf(2 * tile * size, name="buf")
        xl = k.tbuf_get(buf, element, tile, 0, "xl")
        yl = k.tbuf_get(buf, element, tile, tile * size, "yl")
        k.vec(ac.DuplicateOp, yl, k.const(-1, element), tile)
        k.copy_pad(xl, xg, 1, k.mul(n, size))
        k.sync("MTE2_V")
        s = k.const(3, element, name="threshold")
        k.vf_call("cmp_sel_vf", [k.phy_addr(xl, "xp"), k.phy_addr(yl, "yp"), n, s])
        k.sync("V_MTE3")
        k.copy_pad(yg, yl, 1, k.mul(n, size))
    return kb.finish()


def memory_gather(element: Attribute = f32) -> ModuleOp:
    """out[i] = x[off[i] / sizeof(T)] with ``AscendC::Gather`` on UB (byte offsets)."""
    size = element_bytes(element)
    kb = KernelModuleBuilder("ub_gather", ["x", "offsets", "out"], ["m", "n"], [])
    with kb.host() as (h, (m, n), _c, _u):
        h.fail_if(h.cmp("sgt", h.add(m, n), 8192), 1, "inputs exceed the UB tile")
        _tiling_one_block(h, n, {"m": m})
    with kb.kernel() as (k, (x, offsets, out, _ws), tiling):
        m, n = k.tiling_get(tiling, "m"), k.tiling_get(tiling, "n")
        xg = k.global_tensor(x, element, 0, m, "xg")
        og = k.global_tensor(offsets, u32, 0, n, "og")
        yg = k.global_tensor(out, element, 0, n, "yg")
        buf = k.tbuf(3 * 8192 * 4, name="buf")
        xl = k.tbuf_get(buf, element, 8192, 0, "xl")
        ol = k.tbuf_get(buf, u32, 8192, 8192 * 4, "ol")
        yl = k.tbuf_get(buf, element, 8192, 2 * 8192 * 4, "yl")
        k.copy_pad(xl, xg, 1, k.mul(m, size))
        k.copy_pad(ol, og, 1, k.mul(n, 4))
        k.sync("MTE2_V")
        k.vec(ac.GatherOp, yl, xl, ol, 0, n)
        k.sync("V_MTE3")
        k.copy_pad(yg, yl, 1, k.mul(n, size))
    return kb.finish()


def simt_gather(element: Attribute = f32, threads: int = 256) -> ModuleOp:
    """out[i] = x[index[i]] per element in a __simt_vf__ function (64-bit offsets)."""
    kb = KernelModuleBuilder("simt_gather", ["x", "index", "out"], ["n"], [])
    with kb.host() as (h, (n,), _c, _u):
        _tiling_one_block(h, n)
    params = [
        ("x", ac.GmPtrType(element)),
        ("index", ac.GmPtrType(i64)),
        ("out", ac.GmPtrType(element)),
        ("n", i64),
    ]
    with kb.function(ac.SimtVfOp, "gather_simt", params, launch_bound=threads) as (f, (xp, ip, op, n)):
        with f.loop(f.thread_idx(), n, f.thread_num(), "e") as (b, e):
            idx = b.gm_load(ip, e, "idx")
            b.gm_store(op, e, b.gm_load(xp, idx, "value"))
    with kb.kernel() as (k, (x, index, out, _ws), tiling):
        n = k.tiling_get(tiling, "n")
        k.simt_call(
            "gather_simt",
            threads,
            [k.gm_ptr(x, element, "xp"), k.gm_ptr(index, i64, "ip"), k.gm_ptr(out, element, "op"), n],
        )
    return kb.finish()


def misaligned_slice_at_runtime(offset: int = 3) -> ModuleOp:
    """A vector op on ``t[offset]`` where the offset is only known at run time."""
    kb = KernelModuleBuilder("misaligned", ["x", "y"], ["n"], [("off", i64)])
    with kb.host() as (h, (n,), _c, _u):
        _tiling_one_block(h, n, {"off": offset})
    with kb.kernel() as (k, (_x, _y, _ws), tiling):
        n, off = k.tiling_get(tiling, "n"), k.tiling_get(tiling, "off")
        buf = k.tbuf(4096, name="buf")
        t = k.tbuf_get(buf, f32, 1024, 0, "t")
        k.vec(ac.DuplicateOp, k.lslice(t, off), k.const(1.0, f32), n)
    return kb.finish()


def keyed_add_or_sub(element: Attribute = f32) -> ModuleOp:
    """Tiling-key dispatch: host picks key 0 (z = x + y) when n is even, key 1 (z = x - y) when odd."""
    size = element_bytes(element)
    kb = KernelModuleBuilder("keyed", ["x", "y", "z"], ["n"], [])
    with kb.host() as (h, (n,), _c, _u):
        h.fail_if(h.cmp("sgt", n, 4096), 1, "n exceeds the single UB tile")
        _tiling_one_block(h, n, {"tiling_key": h.rem(n, 2)})
    with kb.kernel() as (k, (x, y, z, _ws), tiling):
        n = k.tiling_get(tiling, "n")
        xg, yg, zg = (k.global_tensor(a, element, 0, n, nm) for a, nm in ((x, "xg"), (y, "yg"), (z, "zg")))
        buf = k.tbuf(3 * 4096 * size, name="buf")
        xl = k.tbuf_get(buf, element, 4096, 0, "xl")
        yl = k.tbuf_get(buf, element, 4096, 4096 * size, "yl")
        zl = k.tbuf_get(buf, element, 4096, 2 * 4096 * size, "zl")
        nbytes = k.mul(n, size)
        k.copy_pad(xl, xg, 1, nbytes)
        k.copy_pad(yl, yg, 1, nbytes)
        k.sync("MTE2_V")
        with k.key_switch(tiling, [0, 1]) as (even, odd):
            even.vec(ac.AddOp, zl, xl, yl, n)
            odd.vec(ac.SubOp, zl, xl, yl, n)
        k.sync("V_MTE3")
        k.copy_pad(zg, zl, 1, nbytes)
    return kb.finish()
