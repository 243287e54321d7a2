#!/usr/bin/env bash
# The quality gates, run before the tests (.ci/run) and alone by a developer: `bash .ci/gates.sh`.
# Python: ruff's rules (pyproject.toml [tool.ruff.lint]) and mypy --strict on the modules the
# compiled build compiles (.ci/mypy_compiled.sh). The page's JavaScript (no build step; the
# tools only read it): ESLint (eslint.config.js) and TypeScript's check of its JSDoc types
# (jsconfig.json), installed from package-lock.json into node_modules/ (never part of the package).
# RUFF: the ruff to run (default: the project's .venv-dev or .venv, else the one on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${RUFF:-}" ]; then
    RUFF=ruff
    for v in .venv .venv-dev; do [ -x "$v/bin/ruff" ] && RUFF="$v/bin/ruff"; done
fi
echo "gates: ruff check"
"$RUFF" check .
echo "gates: mypy --strict on the compiled modules"
bash .ci/mypy_compiled.sh
echo "gates: the page's JavaScript (npm ci, eslint, tsc)"
if [ "${CI:-}" = "true" ] || [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi
npx --no-install eslint src/landlords/server/pages/static/js eslint.config.js
npx --no-install tsc -p jsconfig.json
echo "gates: passed"
