#!/usr/bin/env bash
# Quality gate: the modules the compiled build compiles (pyproject's [tool.hatch.build.targets.wheel.
# hooks.custom] include less exclude, the globs hatch_build.py reads) type-check under mypy --strict.
set -euo pipefail
cd "$(dirname "$0")/.."
# PYTHON: the Python with mypy (default: the project's .venv-dev, where the README installs the tests'
# tools, else .venv)
py=${PYTHON:-.venv/bin/python}
[ -z "${PYTHON:-}" ] && [ -x .venv-dev/bin/python ] && py=.venv-dev/bin/python
modules=$("$py" - <<'PY'
import fnmatch, tomllib
from pathlib import Path
hook = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
for path in sorted(Path("src").rglob("*.py")):
    rel = path.relative_to("src").as_posix()
    if any(fnmatch.fnmatch(rel, p) for p in hook["include"]) and not any(fnmatch.fnmatch(rel, p) for p in hook["exclude"]):
        print(rel)
PY
)
cd src
# the same import options as the build (hatch_build.py's MYPY_OPTIONS), with --strict
"../$py" -m mypy --strict --cache-dir ../.mypy_cache --follow-imports=silent --ignore-missing-imports $modules
