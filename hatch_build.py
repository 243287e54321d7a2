"""Build hook: the compiled build of landlords (mypyc), with the pure-Python build as the fallback.

The engine, the rulesets and the baseline family of bots are compiled with mypyc from the same typed
sources when a wheel is built (``pip install .``, ``pip install landlords`` from a source
distribution) on a machine with a C compiler and Python's headers; anywhere else, and for editable
installs (``pip install -e .``: a compiled module would hide later edits of its source), the wheel
is the pure-Python one. ``LANDLORDS_BUILD`` chooses: ``auto`` (the default), ``compiled`` (fail if
compiling fails) or ``pure``. The modules compiled are the hook's ``include`` globs less its
``exclude`` globs (pyproject.toml says which and why). ``landlords bench`` says which build runs.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODE = "LANDLORDS_BUILD"
COMPILER_DEPENDENCIES = ["mypy>=1.15", "setuptools>=69"]
# the modules compiled must type-check; those they import are read for their types only (they may
# import what the build environment lacks: the command line's libraries, numpy)
MYPY_OPTIONS = ["--follow-imports=silent", "--ignore-missing-imports"]


def _compiler_missing() -> str | None:
    """Why this machine cannot compile extension modules, or None."""
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers})"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    return None


class CompiledBuild(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def _mode(self) -> str:
        mode = os.environ.get(MODE, "auto").strip().lower() or "auto"
        if mode not in ("auto", "compiled", "pure"):
            raise ValueError(f"{MODE} must be auto, compiled or pure, not {mode!r}")
        return mode

    def _wanted(self) -> bool:
        mode = self._mode()
        if mode == "pure" or self.target_name != "wheel":
            return False
        missing = _compiler_missing()
        if missing is None:
            return True
        if mode == "compiled":
            raise RuntimeError(f"{MODE}=compiled, but this machine cannot compile: {missing}")
        self.app.display_info(f"landlords: building the pure-Python wheel ({missing})")
        return False

    def dependencies(self) -> list[str]:
        return list(COMPILER_DEPENDENCIES) if self._wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable" or not self._wanted():
            return
        try:
            built = self._compile()
        except Exception as exc:
            if self._mode() == "compiled":
                raise
            self.app.display_warning(f"landlords: compiling failed, building the pure-Python wheel ({exc})")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["force_include"].update(built)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_temp", None) is not None:
            self._temp.cleanup()

    # ------------------------------------------------------------ mypyc
    def _modules(self) -> list[str]:
        """The source files to compile, relative to ``src``."""
        src = Path(self.root) / "src"
        include = self.config.get("include", [])
        exclude = self.config.get("exclude", [])
        out = []
        for path in sorted(src.rglob("*.py")):
            rel = path.relative_to(src).as_posix()
            if any(fnmatch.fnmatch(rel, p) for p in include) and not any(fnmatch.fnmatch(rel, p) for p in exclude):
                out.append(rel)
        return out

    def _compile(self) -> dict[str, str]:
        """Compile into a temporary folder; the extension modules to add to the wheel (path -> name)."""
        self._temp = tempfile.TemporaryDirectory(prefix="landlords-mypyc-")
        work = Path(self._temp.name)
        modules = self._modules()
        setup = work / "setup.py"
        setup.write_text(
            "from setuptools import setup\n"
            "from mypyc.build import mypycify\n"
            f"setup(name='landlords-compiled', ext_modules=mypycify({MYPY_OPTIONS + modules!r}, opt_level='3', "
            # the generated C goes to the temporary folder too: nothing is written under src/
            f"group_name='landlords', target_dir={str(work / 'c')!r}))\n",
            encoding="utf-8",
        )
        lib, tmp = work / "lib", work / "tmp"
        self.app.display_info(f"landlords: compiling {len(modules)} modules with mypyc (a few minutes)")
        result = subprocess.run(
            [sys.executable, str(setup), "build_ext", "--build-lib", str(lib), "--build-temp", str(tmp)],
            cwd=Path(self.root) / "src",
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "MYPY_CACHE_DIR": str(work / "mypy-cache")},
        )
        if result.returncode:
            raise RuntimeError("mypyc failed:\n" + result.stdout[-4000:])
        built = {str(p): p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.suffix in (".so", ".pyd")}
        if not built:
            raise RuntimeError("mypyc built nothing")
        return built
