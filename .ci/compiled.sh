#!/usr/bin/env bash
# CI, the compiled build (hatch_build.py): the wheel built without a C compiler is the pure one; the
# wheel built with mypyc is installed into its own virtual environment and the fast suite runs
# against it (tests/package/test_build.py checks that the compiled modules are the ones imported, and
# tests/package/test_builds_alike.py that it plays the pure build's games). The slow and browser tests run
# once, on the pure build (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if ! command -v gcc >/dev/null || [ ! -f "$include/Python.h" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q && apt-get install -y -q --no-install-recommends gcc libc6-dev python3-dev
fi
rm -rf .venv-compiled dist-compiled
python3 -m venv .venv-compiled
pip=".venv-compiled/bin/pip --quiet --disable-pip-version-check"
# no compiler: the pure-Python wheel, built all the same
CC=no-such-compiler $pip wheel --no-deps -w dist-compiled/pure .
ls dist-compiled/pure/landlords-*-py3-none-any.whl
# the compiled wheel (fails if compiling fails)
LANDLORDS_BUILD=compiled $pip wheel --no-deps -w dist-compiled .
wheel=$(ls dist-compiled/landlords-*-cp3*.whl)
$pip install "$wheel[test]"
# from the repository's root the package imported is the installed one (src/ is not on the path)
LANDLORDS_EXPECT_BUILD=compiled .venv-compiled/bin/python -m pytest -p no:cacheprovider -m "not slow"
