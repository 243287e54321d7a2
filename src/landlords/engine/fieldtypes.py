"""The declared type of each field of a dataclass, as written in its source (``"list[int]"``).

Positions read decision data and house rules by these declarations (Literal choices included). The
pure-Python build keeps them as that text (``from __future__ import annotations``); a class compiled
by mypyc keeps plain runtime types only (``list``, ``str``), so for it the text is read from its
module's source, which is installed beside the compiled module.
"""

from __future__ import annotations

import ast
import functools
import inspect
import sys
from pathlib import Path


@functools.cache
def field_types(cls: type) -> dict[str, str]:
    """Each annotated attribute of ``cls`` and its bases -> its annotation's text."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        own = inspect.get_annotations(klass)
        if all(isinstance(text, str) for text in own.values()):
            out.update(own)
        else:
            out.update(_from_source(klass))
    return out


def _from_source(klass: type) -> dict[str, str]:
    module = sys.modules[klass.__module__]
    compiled = Path(module.__file__ or "")
    source = compiled.with_name(compiled.name.split(".", 1)[0] + ".py")
    if not source.is_file():  # pragma: no cover - an install without its sources
        raise RuntimeError(f"the source of {klass.__module__} ({source}) is needed to read {klass.__name__}")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
            return {
                item.target.id: ast.unparse(item.annotation)
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
    raise RuntimeError(f"no class {klass.__name__} in {source}")  # pragma: no cover
