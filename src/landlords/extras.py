"""How to install an optional extra, as every message that suggests one says it: the command for a
package index and the one for a checkout of the repository (an editable install), since
``pip install 'landlords[rl]'`` in a checkout would fetch another landlords from the index."""

from __future__ import annotations


def install_hint(extra: str) -> str:
    """``install_hint("rl")`` -> ``"pip install 'landlords[rl]', or in a checkout: pip install -e '.[rl]'"``."""
    return f"pip install 'landlords[{extra}]', or in a checkout: pip install -e '.[{extra}]'"
