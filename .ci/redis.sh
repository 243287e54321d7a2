#!/usr/bin/env bash
# Redis for the cluster tests (tests/support/redis_server.py starts a throwaway redis-server from it on a free
# loopback port). Installs Debian's `redis-server` package only when the binary is missing.
set -euo pipefail
if command -v redis-server >/dev/null; then
    exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends redis-server
