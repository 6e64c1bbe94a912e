"""Four small transformer blocks for the torch front end (``pyautofuse.torch``).

* :class:`LlamaBlock`: token embedding, RMSNorm, rotary position embedding (RoPE),
  causal self-attention (mask + softmax), SiLU-gated MLP, residual adds;
* :class:`BertBlock`: LayerNorm, self-attention with a padding mask and softmax, GELU MLP;
* :class:`Gpt2Block`: token + learned position embeddings, LayerNorm, fused qkv, causal
  mask, GELU-tanh MLP;
* :class:`T5Block` (float16): RMSNorm with a float32 variance, a learned relative-position
  bias, ReLU MLP.

Matmuls (``nn.Linear``, ``q @ k^T``) run in eager torch between the fused kernels. Random
weights (a fixed seed). ``python examples/torch_models.py`` compiles the blocks with
``backend="ascir"`` for a couple of sequence lengths, compares them with eager and prints
the partitions fused and the ops that fell back, with the reason.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(dim) * 0.1 + 1.0)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotary embedding, the "rotate half" form: x [b, h, s, d], cos/sin [s, d]."""
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    rotated = torch.cat([-x2, x1], dim=-1)
    return x * cos + rotated * sin


class LlamaBlock(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 32, heads: int = 2, hidden: int = 64):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.embed = nn.Embedding(vocab, dim)
        self.attn_norm = RMSNorm(dim)
        self.q, self.k, self.v, self.o = (nn.Linear(dim, dim, bias=False) for _ in range(4))
        self.mlp_norm = RMSNorm(dim)
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        b, s = tokens.shape
        x = self.embed(tokens)
        h = self.attn_norm(x)

        def split(t: torch.Tensor) -> torch.Tensor:
            return t.view(b, s, self.heads, self.head_dim).transpose(1, 2)

        q, k, v = split(self.q(h)), split(self.k(h)), split(self.v(h))
        pos = torch.arange(s, dtype=torch.float32)
        inv = 1.0 / (10000 ** (torch.arange(0, self.head_dim, 2, dtype=torch.float32) / self.head_dim))
        freqs = pos[:, None] * inv[None, :]
        emb = torch.cat([freqs, freqs], dim=-1)
        q, k = rope(q, emb.cos(), emb.sin()), rope(k, emb.cos(), emb.sin())
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        causal = torch.arange(s)[None, :] > torch.arange(s)[:, None]
        scores = scores.masked_fill(causal, float("-inf"))
        attn = torch.softmax(scores, dim=-1) @ v
        x = x + self.o(attn.transpose(1, 2).reshape(b, s, -1))
        h = self.mlp_norm(x)
        return x + self.down(nn.functional.silu(self.gate(h)) * self.up(h))


class BertBlock(nn.Module):
    def __init__(self, dim: int = 32, heads: int = 2, hidden: int = 64):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.o = nn.Linear(dim, dim)
        self.ln1 = nn.LayerNorm(dim)
        self.ln2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: torch.Tensor, pad: torch.Tensor) -> torch.Tensor:
        """x [b, s, dim] float32, pad [b, s] bool (True = padding token)."""
        b, s, d = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        scores = scores.masked_fill(pad[:, None, None, :], -10000.0)
        attn = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(b, s, d)
        x = self.ln1(x + self.o(attn))
        return self.ln2(x + self.fc2(nn.functional.gelu(self.fc1(x))))


class Gpt2Block(nn.Module):
    """GPT-2: token + learned position embeddings, pre-LayerNorm (affine), causal attention
    with a fused qkv projection, GELU-tanh MLP, residual adds."""

    def __init__(self, vocab: int = 64, positions: int = 32, dim: int = 32, heads: int = 2):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.wte, self.wpe = nn.Embedding(vocab, dim), nn.Embedding(positions, dim)
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.fc, self.out = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        b, s = tokens.shape
        x = self.wte(tokens) + self.wpe(torch.arange(s, device=tokens.device))
        q, k, v = self.qkv(self.ln1(x)).split(x.shape[-1], dim=-1)
        q, k, v = (t.view(b, s, self.heads, self.head_dim).transpose(1, 2) for t in (q, k, v))
        scores = q @ k.transpose(-1, -2) * (1.0 / math.sqrt(self.head_dim))
        causal = torch.ones(s, s, dtype=torch.bool, device=x.device).tril()
        scores = scores.masked_fill(~causal, float("-inf"))
        attn = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(b, s, -1)
        x = x + self.proj(attn)
        return x + self.out(nn.functional.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class T5RMSNorm(nn.Module):
    """T5's layer norm: no mean, no bias; the variance in float32 whatever the dtype."""

    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(dim) + 0.1 * torch.randn(dim)), eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        variance = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
        x = x * torch.rsqrt(variance + self.eps)
        return self.weight * x.to(self.weight.dtype)


class T5Block(nn.Module):
    """A T5 encoder block in float16: RMSNorm with a float32 variance, attention scores plus
    a learned relative position bias (indexed by the clamped distance j - i), ReLU MLP."""

    def __init__(self, dim: int = 32, heads: int = 2, hidden: int = 64, distance: int = 8):
        super().__init__()
        self.heads, self.head_dim, self.distance = heads, dim // heads, distance
        self.ln1, self.ln2 = T5RMSNorm(dim), T5RMSNorm(dim)
        self.q, self.k, self.v, self.o = (nn.Linear(dim, dim, bias=False) for _ in range(4))
        self.bias = nn.Embedding(2 * distance + 1, heads)
        self.wi, self.wo = nn.Linear(dim, hidden, bias=False), nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        h = self.ln1(x)
        q, k, v = (p(h).view(b, s, self.heads, self.head_dim).transpose(1, 2) for p in (self.q, self.k, self.v))
        pos = torch.arange(s, device=x.device)
        rel = (pos[None, :] - pos[:, None]).clamp(-self.distance, self.distance) + self.distance
        scores = q @ k.transpose(-1, -2) + self.bias(rel).permute(2, 0, 1)[None].to(q.dtype)
        attn = torch.softmax(scores.float(), dim=-1).to(v.dtype) @ v
        x = x + self.o(attn.transpose(1, 2).reshape(b, s, d))
        return x + self.wo(torch.relu(self.wi(self.ln2(x))))


def llama_inputs(batch: int, seq: int, vocab: int = 64) -> tuple[torch.Tensor]:
    g = torch.Generator().manual_seed(seq)
    return (torch.randint(0, vocab, (batch, seq), generator=g),)


def bert_inputs(batch: int, seq: int, dim: int = 32) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seq)
    x = torch.randn(batch, seq, dim, generator=g)
    lengths = torch.randint(1, seq + 1, (batch,), generator=g)
    pad = torch.arange(seq)[None, :] >= lengths[:, None]
    return x, pad


def t5_inputs(batch: int, seq: int, dim: int = 32) -> tuple[torch.Tensor]:
    g = torch.Generator().manual_seed(seq)
    return (torch.randn(batch, seq, dim, generator=g).to(torch.float16),)


def models() -> dict[str, tuple[nn.Module, object]]:
    """name -> (module with seeded random weights, inputs(batch, seq))."""
    torch.manual_seed(0)
    return {
        "llama": (LlamaBlock().eval(), llama_inputs),
        "bert": (BertBlock().eval(), bert_inputs),
        "gpt2": (Gpt2Block().eval(), llama_inputs),
        "t5": (T5Block().half().eval(), t5_inputs),
    }


def main() -> int:
    from pyautofuse.torch import ascir_backend, last_report, reset_report

    failures = 0
    for name, (model, inputs) in models().items():
        reset_report()
        compiled = torch.compile(model, backend=ascir_backend, dynamic=True)
        for seq in (5, 12):
            args = inputs(2, seq)
            with torch.no_grad():
                want, got = model(*args), compiled(*args)
            try:
                torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
                status = "PASS"
            except AssertionError as e:
                status, failures = f"FAIL {e}", failures + 1
            print(f"{name} seq={seq}: {status}")
        print(last_report().summary())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
