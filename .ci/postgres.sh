#!/usr/bin/env bash
# PostgreSQL's server binaries for the storage tests (tests/support/pg.py starts a throwaway cluster from them
# on a free loopback port). Installs Debian's `postgresql` package only when initdb is missing.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null; then
    exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends postgresql
