"""UB buffer reuse by liveness (issue 18): tensors whose lifetimes in a kernel do not overlap
share one ``TBuf``.

The graph lowering gives every loop-space tensor its own UB buffer up front. A long fused
chain then needs one buffer per VF boundary -- a 2,000-op elementwise chain asked for 169,
far past the 64 buffers a kernel may declare (``TPipe::InitBuffer``), and every buffer
shrinks the tile host tiling can give the kernel. Once a kernel body is built,
:func:`share_buffers` computes, in program order, the interval in which each buffer holds a
live value and colours the intervals: buffers of the same kind (dense along the inner axis
or one row block, same element size) whose intervals are disjoint become one ``TBuf``.
The kernel then declares one buffer per colour, and host tiling sizes the tile for those.

What may share, and why it is safe on the device:

* Only buffers every access of which is a vector-pipe operation: a memory-level vector API
  (``ascendc.add`` and the other ``VectorOp``\\ s) or a VF call (``ascendc.vf_call``), through
  views (``tbuf_get``, ``lslice``, ``reinterpret``, ``phy_addr``). The vector pipe executes
  in order, so one vector operation writing what another read earlier needs no
  synchronisation. A buffer that a ``DataCopy`` fills or drains (MTE2 / MTE3), that the
  scalar unit reads or writes (``GetValue`` / ``SetValue``), or that any other operation
  touches keeps its own buffer: reusing it would need cross-pipe events the emitted
  synchronisation does not carry.
* Liveness in program order, with loops: an access inside a loop that does not hold every
  access of the buffer makes the buffer live for that whole loop (the loop's later
  iterations access it again). Inside the innermost loop (or kernel body) holding every
  access, the first access must be an unconditional write of the whole tensor -- the
  destination of a vector API, or a VF parameter the VF only stores to -- not a read, not a
  write through a slice, not inside an ``scf.if``. Otherwise a value may travel around the
  loop's back edge (a tensor loaded once and kept for later tiles), and the buffer keeps
  its own ``TBuf``.

* Across the phases of a kernel: a ``SyncAll`` (``ascendc.sync_all``) in the kernel's body
  drains every pipe of the core before the next phase starts (a PIPE_ALL barrier, dav_3510
  ``SyncAllImpl``), so a buffer every access of which lies in one phase -- whatever pipe
  makes them -- is live in that phase only, and may share with the buffers of the other
  phases (the SPLIT schedule's accumulators and partials, one phase each).

The result is deterministic: intervals are coloured in order of their start, each taking the
lowest-numbered free colour of its kind.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from ascendc_emitter.dialect import ops as ac

VIEWS = (ac.TBufGetOp, ac.LocalSliceOp, ac.ReinterpretOp, ac.PhyAddrOp)
"""Ops that only name (part of) a buffer; their users are the buffer's accesses."""

LOOPS = (scf.ForOp, scf.WhileOp)


@dataclass
class _Interval:
    buffer: int
    """Index of the buffer in the kernel's buffer list."""
    spans: list[tuple[int, int]]
    """Where it is live: one interval, or one per tiling-key case (sorted)."""
    key: tuple[object, ...]


@dataclass
class _Positions:
    """Pre-order numbering of a kernel body: each op's index and the last index inside it."""

    index: dict[Operation, int] = field(default_factory=dict)
    last: dict[Operation, int] = field(default_factory=dict)

    @classmethod
    def of(cls, root: Operation) -> _Positions:
        pos = cls()

        def visit(op: Operation) -> None:
            pos.index[op] = len(pos.index)
            for region in op.regions:
                for block in region.blocks:
                    for inner in block.ops:
                        visit(inner)
            pos.last[op] = len(pos.index) - 1

        visit(root)
        return pos


def _accesses(tbuf: ac.TBufOp) -> Iterator[tuple[Operation, SSAValue, bool]]:
    """(op, the operand naming the buffer, whether through a slice) for every non-view use."""
    work: list[tuple[SSAValue, bool]] = [(tbuf.result, False)]
    while work:
        value, sliced = work.pop()
        for use in list(value.uses):
            op = use.operation
            if isinstance(op, VIEWS):
                work.append((op.results[0], sliced or isinstance(op, ac.LocalSliceOp)))
            else:
                yield op, value, sliced


def _names_buffer(operand: SSAValue, tbuf: ac.TBufOp) -> bool:
    """Whether ``operand`` is a view of ``tbuf``."""
    while True:
        if operand is tbuf.result:
            return True
        owner = operand.owner
        if not isinstance(owner, VIEWS):
            return False
        operand = owner.operands[0]


def _vf_param_only_stored(call: ac.VfCallOp, index: int) -> bool:
    """Whether the VF that ``call`` calls only stores to its parameter ``index``."""
    fn = ac.lookup(call, call.callee.root_reference.data)
    if not isinstance(fn, ac.SimdVfOp):
        return False
    param = fn.body.blocks[0].args[index]
    uses = list(param.uses)
    return bool(uses) and all(isinstance(u.operation, ac.RegStoreOp) and u.index == 0 for u in uses)


def _clean_write(op: Operation, operand: SSAValue, tbuf: ac.TBufOp, sliced: bool) -> bool:
    """Whether ``op`` writes the whole tensor of ``tbuf`` without reading it first."""
    if sliced:
        return False
    if isinstance(op, ac.VectorOp):
        dst = op.dst  # type: ignore[attr-defined]
        others = [o for o in op.operands if o is not dst]
        return _names_buffer(dst, tbuf) and not any(_names_buffer(o, tbuf) for o in others)
    if isinstance(op, ac.VfCallOp):
        mine = [i for i, a in enumerate(op.args) if _names_buffer(a, tbuf)]
        return len(mine) == 1 and _vf_param_only_stored(op, mine[0])
    return False


def _ancestors(op: Operation, stop: Operation) -> list[Operation]:
    """The ops enclosing ``op`` below ``stop``, innermost first."""
    out: list[Operation] = []
    parent = op.parent_op()
    while parent is not None and parent is not stop:
        out.append(parent)
        parent = parent.parent_op()
    return out


def _child_of(op: Operation, root: Operation) -> Operation:
    """The op directly inside ``root``'s regions that is or holds ``op``."""
    while op.parent_op() is not root:
        parent = op.parent_op()
        assert parent is not None
        op = parent
    return op


def _split_spans(
    tbuf: ac.TBufOp, accesses: list[tuple[Operation, SSAValue, bool]], root: Operation, kernel: Operation, pos: _Positions
) -> list[tuple[int, int]] | None:
    """Live intervals of ``tbuf`` split at the ops directly inside ``root``: the accesses
    each of those ops holds are a value of their own when each group's first access defines
    it (so nothing flows from one to the next), e.g. the passes of a streamed reduction, each
    recomputing its chunk, or the cases of a tiling-key switch (one of them runs). ``None``
    when some group does not define its value."""
    groups: dict[Operation, list[tuple[Operation, SSAValue, bool]]] = {}
    for access in accesses:
        groups.setdefault(_child_of(access[0], root), []).append(access)
    spans: list[tuple[int, int]] = []
    for child, group in groups.items():
        part = _split_spans(tbuf, group, child, kernel, pos) if child.regions else None
        if part is None:
            span = live_interval(tbuf, group, kernel, pos)
            if span is None:
                return None
            part = [span]
        spans += part
    return spans


def live_spans(tbuf: ac.TBufOp, kernel: Operation, pos: _Positions) -> list[tuple[int, int]] | None:
    """The program-order intervals in which ``tbuf`` holds a live value, or ``None`` when the
    buffer may not share: as finely split as :func:`_split_spans` can prove, else the one
    interval of all its accesses (:func:`live_interval`), else the phase holding them all
    (:func:`_phase_span`)."""
    accesses = list(_accesses(tbuf))
    if not accesses:
        return None
    spans = _split_spans(tbuf, accesses, kernel, kernel, pos)
    if spans is None:
        span = live_interval(tbuf, accesses, kernel, pos) or _phase_span(accesses, kernel, pos)
        return None if span is None else [span]
    return sorted(spans)


def _phase_span(
    accesses: list[tuple[Operation, SSAValue, bool]], kernel: Operation, pos: _Positions
) -> tuple[int, int] | None:
    """The phase of the kernel -- the stretch of its body between two ``SyncAll`` calls (or
    its start or end) -- holding every access, or ``None`` (no SyncAll, or accesses in two
    phases)."""
    body = kernel.regions[0].blocks[0]
    barriers = [pos.index[op] for op in body.ops if isinstance(op, ac.SyncAllOp)]
    if not barriers:
        return None
    phases = {bisect.bisect(barriers, pos.index[op]) for op, _, _ in accesses}
    if len(phases) != 1:
        return None
    (phase,) = phases
    start = barriers[phase - 1] + 1 if phase > 0 else pos.index[kernel] + 1
    end = barriers[phase] - 1 if phase < len(barriers) else pos.last[kernel]
    return start, end


def live_interval(
    tbuf: ac.TBufOp, accesses: list[tuple[Operation, SSAValue, bool]], kernel: Operation, pos: _Positions
) -> tuple[int, int] | None:
    """The program-order interval in which the value made of ``accesses`` of ``tbuf`` is live,
    or ``None`` when the buffer may not share (an access outside the vector pipe, or a value
    that may be live around a loop's back edge)."""
    if not all(isinstance(op, (ac.VectorOp, ac.VfCallOp)) for op, _, _ in accesses):
        return None
    ordered = sorted(accesses, key=lambda a: pos.index[a[0]])
    start, end = pos.index[ordered[0][0]], pos.index[ordered[-1][0]]
    changed = True
    while changed:  # a loop holding some accesses but not the whole interval: live all through it
        changed = False
        for op, _, _ in ordered:
            for loop in _ancestors(op, kernel):
                if isinstance(loop, LOOPS) and not (pos.index[loop] <= start and end <= pos.last[loop]):
                    wider = min(start, pos.index[loop]), max(end, pos.last[loop])
                    changed = changed or wider != (start, end)
                    start, end = wider
    first, operand, sliced = ordered[0]
    # the innermost loop (or the kernel) holding every access: the first access must define
    # the value unconditionally, directly in that loop's body
    if not _clean_write(first, operand, tbuf, sliced):
        return None
    if not all(isinstance(p, LOOPS) for p in _enclosing_within(first, start, end, kernel, pos)):
        return None  # written under a condition (scf.if) or another region op
    return start, end


def _enclosing_within(op: Operation, start: int, end: int, kernel: Operation, pos: _Positions) -> list[Operation]:
    """The ops enclosing ``op`` that lie inside the interval [start, end] (so between ``op``
    and the innermost loop holding the whole interval)."""
    return [p for p in _ancestors(op, kernel) if start <= pos.index[p] and pos.last[p] <= end]


def share_buffers(tbufs: list[ac.TBufOp], keys: list[tuple[object, ...]], kernel: Operation) -> list[int]:
    """Colour the buffers ``tbufs`` of ``kernel`` (``keys[i]``: the kind of buffer ``i``; only
    equal kinds share) and rewrite the kernel so each colour is one ``TBuf``. Returns, for each
    buffer, the index of the buffer whose ``TBuf`` it now uses (itself when it keeps its own)."""
    pos = _Positions.of(kernel)
    intervals: list[_Interval] = []
    owner = list(range(len(tbufs)))
    for i, t in enumerate(tbufs):
        spans = live_spans(t, kernel, pos)
        if spans is not None:
            intervals.append(_Interval(i, spans, keys[i]))
    # kind -> [(buffers, the intervals they occupy, the last position they occupy)]
    colours: dict[tuple[object, ...], list[tuple[list[int], list[tuple[int, int]], int]]] = {}
    for iv in sorted(intervals, key=lambda iv: (iv.spans[0][0], iv.buffer)):
        free = colours.setdefault(iv.key, [])
        first, last = min(a for a, _ in iv.spans), max(b for _, b in iv.spans)
        for c, (members, busy, end) in enumerate(free):
            # a colour whose every span ends before this interval starts is free at once
            # (the common case, buffers of a chain in order: linear, not a scan of every span)
            if end < first or not any(a <= d and c0 <= b for a, b in iv.spans for c0, d in busy):
                members.append(iv.buffer)
                busy.extend(iv.spans)
                free[c] = (members, busy, max(end, last))
                break
        else:
            free.append(([iv.buffer], list(iv.spans), last))
    for groups in colours.values():
        for members, _, _ in groups:
            # the colour's TBuf is its member declared first, so it dominates every use
            host = min(members, key=lambda i: pos.index[tbufs[i]])
            for i in members:
                owner[i] = host
                if i != host:
                    tbufs[i].result.replace_all_uses_with(tbufs[host].result)
                    _erase_with_dead_operands(tbufs[i])
    return owner


def _erase_with_dead_operands(op: Operation) -> None:
    """Erase ``op`` and then every pure producer of its operands left without a use."""
    producers = [o.owner for o in op.operands if isinstance(o.owner, Operation)]
    op.detach()
    op.erase()
    while producers:
        p = producers.pop()
        if p.parent is None or any(r.uses for r in p.results) or p.regions:
            continue
        if p.name.startswith("arith.") or isinstance(p, ac.TilingGetOp):
            producers.extend(o.owner for o in p.operands if isinstance(o.owner, Operation))
            p.detach()
            p.erase()
