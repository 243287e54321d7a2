"""What the compiled build (mypyc, see hatch_build.py) needs said in the sources, and nothing else.

Compiled classes are closed to subclasses written in Python unless they say otherwise; the game and
strategy classes say so with ``@mypyc_attr(allow_interpreted_subclasses=True)`` (mypyc recognises
that very call), so that variants and strategies of one's own keep working on the compiled build.
Without mypy's extensions installed (the pure build's case: the engine needs only the standard
library) the decorator changes nothing.
"""

from __future__ import annotations

import sys
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the pure build without mypy installed

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


def is_compiled() -> bool:
    """Whether the engine running is the compiled build (this module is compiled with it)."""
    return not str(sys.modules[__name__].__file__).endswith(".py")


__all__ = ["mypyc_attr", "is_compiled"]
