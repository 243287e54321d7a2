"""A Griffe extension for the API reference (mkdocs.yml, mkdocstrings' ``extensions``): the docstrings'
Sphinx roles (``:class:`Game```, ``:mod:`.keyed```, ``:meth:`~.dispatch.Handler```) read as code
(```Game```), which Markdown renders; mkdocstrings has no reader of its own for them."""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|mod|meth|func|attr|data|exc|obj|const):`~?\.?([^`]+)`")


class SphinxRoles(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _ROLE.sub(r"`\1`", obj.docstring.value)
