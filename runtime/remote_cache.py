"""A cache a team shares: Redis behind the local caches (issue 39).

Lookups go local first, then remote, then build: ``tools.graph_cache`` asks the remote for
a graph's generated sources, ``runtime.build`` for a kernel's library; a remote hit is
written through to the local cache, a local build is offered to the remote. Turned on by
``ASCIR_REMOTE_CACHE=redis://host:port/db`` (``rediss://`` for TLS, ``unix:///path.sock``)
or ``compile_graph(..., remote_cache=...)`` / the torch backend's ``remote_cache`` option;
the ``redis`` client is the optional extra ``pip install 'ascir-toolchain[remote]'``.

Keys are content addresses: the graph cache's (the graph's IR text, the one
``CompileOptions``, the compiler's code) and the kernel cache's (the sources, the compiler's
path and version, its flags, every file the build reads, the platform). Every value is an
envelope -- a header naming its kind, key, context (a kernel's: the toolchain's own key),
size and the sha256 of its payload, then the payload -- checked whole before the payload is
used: a value whose header does not name what was asked for, whose size or digest differ, or
that is larger than ``ASCIR_REMOTE_CACHE_MAX_BYTES`` is refused, logged (logger
``ascir.cache``) and built again; the rebuilt value replaces it on the server. A shared
object is taken only for the same toolchain key, and nothing from the remote is loaded
before its digest matched.

The digest catches corruption, not a writer who recomputes it: whoever can write the
server can give a team its kernels. ``ASCIR_REMOTE_CACHE_SECRET`` (one secret per team)
adds an HMAC-SHA256 over header and payload; with it set, an unsigned or wrongly signed
value is refused, so the server alone cannot hand out a kernel.

Failures degrade, never fail: a server that cannot be reached or answers with an error --
within ``ASCIR_REMOTE_CACHE_TIMEOUT`` seconds (default 2) for connecting and for each reply
-- costs one warning, and the process goes on with its local cache only (at most one timeout
per process). A missing ``redis`` client is the same: one warning, local only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import threading
import warnings
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ascir_dialect.diagnostics import AscirError

log = logging.getLogger("ascir.cache")

ENV = "ASCIR_REMOTE_CACHE"
SCHEMES = ("redis", "rediss", "unix")
FORMAT = 1
"""Layout of an envelope; part of every header."""
MAGIC = b"ASCIR-REMOTE-CACHE\n"
DEFAULT_TIMEOUT = 2.0
DEFAULT_MAX_BYTES = 64 << 20
"""Largest value stored or fetched (a kernel library is a few MB)."""
NAMESPACE = "ascir"


class RemoteCacheError(AscirError):
    """A remote-cache setting a user gave is wrong (not a server failure: those degrade)."""


class RemoteCacheWarning(UserWarning):
    """The remote cache is off for the rest of this process (the reason is the message)."""


def redact(url: str) -> str:
    """``url`` without its password (what logs and warnings show)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def _positive(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise RemoteCacheError(f"{name}={raw!r} is not a number") from None
    if not value > 0:
        raise RemoteCacheError(f"{name}={raw!r} must be > 0")
    return value


@dataclass
class Stats:
    hits: int = 0
    misses: int = 0
    refused: int = 0
    stored: int = 0
    errors: int = 0


@dataclass
class RemoteCache:
    """One server (``url``) as seen by this process; ``disabled`` after its first failure."""

    url: str
    timeout: float = DEFAULT_TIMEOUT
    max_bytes: int = DEFAULT_MAX_BYTES
    secret: bytes | None = None
    stats: Stats = field(default_factory=Stats)
    disabled: str | None = None
    """Why the remote is off for this process (None: on)."""
    _client: Any = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # ------------------------------------------------------------------ client
    def _redis(self) -> Any:
        if self._client is None:
            import redis

            self._client = redis.Redis.from_url(
                self.url,
                socket_timeout=self.timeout,
                socket_connect_timeout=self.timeout,
                retry_on_timeout=False,
                health_check_interval=0,
            )
        return self._client

    def _off(self, why: str) -> None:
        """Local only from now on, said once."""
        with self._lock:
            if self.disabled is not None:
                return
            self.disabled = why
            self.stats.errors += 1
        message = f"ascir: remote cache {redact(self.url)} is off for this process ({why}); using the local cache only"
        log.info(message)  # the warning below is what the user sees (once)
        warnings.warn(message, RemoteCacheWarning, stacklevel=3)

    def _call(self, what: str, fn: Any) -> Any:
        """``fn(client)``, or None once the server failed (``_off``)."""
        if self.disabled is not None:
            return None
        try:
            import redis  # noqa: F401
        except ImportError:
            self._off("the redis client is not installed: pip install 'ascir-toolchain[remote]'")
            return None
        from redis.exceptions import RedisError

        try:
            return fn(self._redis())
        except (RedisError, OSError) as e:
            self._off(f"{what}: {type(e).__name__}: {e}")
            return None

    # ---------------------------------------------------------------- envelope
    @staticmethod
    def _name(kind: str, key: str) -> str:
        return f"{NAMESPACE}:{FORMAT}:{kind}:{key}"

    def _sign(self, header: bytes, payload: bytes) -> str | None:
        if self.secret is None:
            return None
        return hmac.new(self.secret, header + b"\0" + payload, hashlib.sha256).hexdigest()

    def seal(self, kind: str, key: str, context: str, payload: bytes) -> bytes:
        """The envelope of ``payload`` (see the module docstring)."""
        head = {
            "format": FORMAT,
            "kind": kind,
            "key": key,
            "context": context,
            "size": len(payload),
            "sha256": hashlib.sha256(payload).hexdigest(),
        }
        core = json.dumps(head, sort_keys=True).encode()
        signature = self._sign(core, payload)
        header = json.dumps({**head, "hmac": signature} if signature else head, sort_keys=True).encode()
        return MAGIC + header + b"\n" + payload

    def open(self, value: bytes, kind: str, key: str, context: str) -> bytes:
        """The payload of an envelope; ValueError (why) unless it is exactly what
        :meth:`seal` makes for (``kind``, ``key``, ``context``)."""
        if not value.startswith(MAGIC):
            raise ValueError("not an ascir cache value")
        header_text, sep, payload = value[len(MAGIC) :].partition(b"\n")
        if not sep:
            raise ValueError("truncated header")
        try:
            header = json.loads(header_text.decode("utf-8"))
        except (ValueError, RecursionError):
            raise ValueError("unreadable header") from None
        if not isinstance(header, dict):
            raise ValueError("unreadable header")
        expected = {"format": FORMAT, "kind": kind, "key": key, "context": context}
        for name, want in expected.items():
            if header.get(name) != want:
                raise ValueError(f"its {name} is {header.get(name)!r}, not {want!r}")
        if header.get("size") != len(payload):
            raise ValueError(f"its payload has {len(payload)} bytes, the header says {header.get('size')!r}")
        if header.get("sha256") != hashlib.sha256(payload).hexdigest():
            raise ValueError("its payload's sha256 differs from the header's")
        if self.secret is not None:
            core = json.dumps({k: v for k, v in header.items() if k != "hmac"}, sort_keys=True).encode()
            signature = header.get("hmac")
            want_sig = self._sign(core, payload)
            if not isinstance(signature, str) or not hmac.compare_digest(signature, want_sig or ""):
                raise ValueError("its HMAC does not match ASCIR_REMOTE_CACHE_SECRET (unsigned or signed by another key)")
        return payload

    # --------------------------------------------------------------- get / put
    def get(self, kind: str, key: str, context: str = "") -> bytes | None:
        """The verified payload stored for (``kind``, ``key``, ``context``), or None (a miss,
        a refused value, or the remote off)."""
        name = self._name(kind, key)

        def fetch(r: Any) -> bytes | None:
            size = r.strlen(name)
            if not size:
                return None
            if size > self.max_bytes + 4096:
                raise _TooLargeError(size)
            return r.get(name)

        try:
            value = self._call("GET", fetch)
        except _TooLargeError as e:
            self._refuse(kind, key, f"{e.size} bytes, more than the {self.max_bytes}-byte limit")
            return None
        if value is None:
            if self.disabled is None:
                self.stats.misses += 1
            return None
        try:
            payload = self.open(bytes(value), kind, key, context)
        except ValueError as e:
            self._refuse(kind, key, str(e))
            return None
        self.stats.hits += 1
        return payload

    def _refuse(self, kind: str, key: str, why: str) -> None:
        self.stats.refused += 1
        log.warning("ascir: remote cache entry %s %s refused (%s); building it here", kind, key, why)

    def put(self, kind: str, key: str, payload: bytes, context: str = "") -> bool:
        """Offer ``payload`` to the server (best effort; a value over the size limit is not
        sent). True when stored."""
        if len(payload) > self.max_bytes:
            log.info("ascir: %s %s not offered to the remote cache: %d bytes", kind, key, len(payload))
            return False
        value = self.seal(kind, key, context, payload)
        if self._call("SET", lambda r: r.set(self._name(kind, key), value)) is None:
            return False
        self.stats.stored += 1
        return True


class _TooLargeError(Exception):
    def __init__(self, size: int):
        self.size = size


_CACHES: dict[tuple[str, float, int, bytes | None], RemoteCache] = {}
_CACHES_LOCK = threading.Lock()


def check_url(url: str) -> str:
    """``url`` if it names a server this module can use; RemoteCacheError (a user's
    mistake, said at once) otherwise."""
    if not isinstance(url, str):
        raise RemoteCacheError(f"remote_cache must be a URL string, got {type(url).__name__}")
    scheme = urlsplit(url).scheme
    if scheme not in SCHEMES:
        raise RemoteCacheError(
            f"remote cache URL {redact(url)!r}: use redis://host:port/db, rediss://... (TLS) or "
            "unix:///path/to/redis.sock"
        )
    return url


def resolve(url: str | None = None) -> RemoteCache | None:
    """The remote cache to use: ``url`` when given ("" turns it off), else
    ``$ASCIR_REMOTE_CACHE``; None when neither names one. One object per server and settings
    in a process, so a failure turns the server off for every later lookup."""
    if url is None:
        url = os.environ.get(ENV, "")
    if not url:
        return None
    check_url(url)
    timeout = _positive("ASCIR_REMOTE_CACHE_TIMEOUT", DEFAULT_TIMEOUT)
    max_bytes = int(_positive("ASCIR_REMOTE_CACHE_MAX_BYTES", DEFAULT_MAX_BYTES))
    secret = os.environ.get("ASCIR_REMOTE_CACHE_SECRET", "").encode() or None
    settings = (url, timeout, max_bytes, secret)
    with _CACHES_LOCK:
        if settings not in _CACHES:
            _CACHES[settings] = RemoteCache(url, timeout, max_bytes, secret)
        return _CACHES[settings]


def forget() -> None:
    """Drop this process's remote-cache objects (tests: a server turned off is tried again)."""
    with _CACHES_LOCK:
        _CACHES.clear()


__all__ = [
    "ENV",
    "RemoteCache",
    "RemoteCacheError",
    "RemoteCacheWarning",
    "Stats",
    "check_url",
    "forget",
    "redact",
    "resolve",
]
