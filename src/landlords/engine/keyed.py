"""A generator for games people play for real: a keyed stream nobody can predict from what it showed.

The seeded Mersenne Twister (``random.Random``) is fast and right for simulations and local games,
but a seed is small enough to search for from a few public rolls, and the Twister's outputs reveal
its state. :class:`KeyedRandom` draws every number from BLAKE2b keyed with a secret of 256 bits,
run in counter mode (a pseudorandom function: without the key, its blocks cannot be told from
chance, and no number of them tells the next). The key and the count of bytes used so far are the
whole state: the key replays a game exactly, and it never leaves the server while the game runs.

It is a ``random.Random`` (``random()`` and ``getrandbits()`` overridden, everything else derived
from them), so :class:`~.dice.Chance` uses it as it uses the Twister. Not compiled: mypyc makes no
native subclass of ``random.Random``; its speed does not matter where people play.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

KEY_BYTES = 32  # 256 bits of secret state
BLOCK = 64  # bytes per BLAKE2b block
_STATE_TAG = "landlords-keyed-1"


def new_key() -> bytes:
    """A fresh secret key from the operating system's generator."""
    return secrets.token_bytes(KEY_BYTES)


class KeyedRandom(random.Random):
    """``random.Random`` over BLAKE2b(key, block number). ``KeyedRandom(key)``; ``KeyedRandom()``
    takes a fresh key (pickling rebuilds it so, then restores the state)."""

    def __init__(self, key: bytes | None = None) -> None:
        self.key = b""
        self.used = 0  # bytes of the stream drawn so far
        self._buffer = b""
        super().__init__(key)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of ``a`` (bytes of the key's length; None: a fresh key)."""
        key = new_key() if a is None else a
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            raise ValueError(f"a key is {KEY_BYTES} bytes")
        self.key = key
        self._seek(0)

    def seek(self, used: int) -> None:
        """Go to byte ``used`` of the stream (as after drawing that many bytes)."""
        if used < 0:
            raise ValueError("a keyed generator's position is a whole number of bytes, 0 or more")
        self._seek(used)

    def _seek(self, used: int) -> None:
        self.used = used
        block, offset = divmod(used, BLOCK)
        self._block = block
        self._buffer = self._make_block(block)[offset:]

    def _make_block(self, n: int) -> bytes:
        return hashlib.blake2b(n.to_bytes(16, "little"), key=self.key, digest_size=BLOCK).digest()

    def _take(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            if not self._buffer:
                self._block += 1
                self._buffer = self._make_block(self._block)
            part = self._buffer[: n - len(out)]
            self._buffer = self._buffer[len(part) :]
            out += part
        self.used += n
        return out

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits, as ``random.Random.random`` gives."""
        return (int.from_bytes(self._take(7), "little") >> 3) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        return int.from_bytes(self._take((k + 7) // 8), "little") >> (-k % 8)

    def getstate(self) -> tuple[str, bytes, int]:
        return (_STATE_TAG, self.key, self.used)

    def setstate(self, state: Any) -> None:
        if not (isinstance(state, tuple) and len(state) == 3 and state[0] == _STATE_TAG):
            raise ValueError("not a state of a keyed generator")
        _, key, used = state
        self.seed(key)
        self.seek(used)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (), self.getstate())

    def __repr__(self) -> str:  # never the key
        return f"<KeyedRandom at byte {self.used}>"
