#!/usr/bin/env bash
# Make sure Node.js (>= 18, for `node --test`) exists for the scene widget's unit tests (tests/js).
#
# Idempotent: does nothing when `node` is on PATH and new enough. Otherwise, on
# Debian/Ubuntu, installs Debian's nodejs with apt-get (as root, or via
# passwordless sudo). Anywhere else it prints how to get Node and exits 0: the
# test then skips, or fails when CI or REQUIRE_NODE is set.
set -euo pipefail

say() { printf 'ensure_node: %s\n' "$*"; }

node_ok() {
    command -v node >/dev/null 2>&1 || return 1
    local major
    major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
    [ "${major}" -ge 18 ]
}

if node_ok; then
    say "found $(command -v node) ($(node --version))"
    exit 0
fi

manual_help() {
    say "no Node.js 18 or newer found, and it cannot be installed automatically here."
    say "  Debian/Ubuntu:  sudo apt-get install nodejs"
    say "  macOS:          brew install node"
    say "The scene widget's JavaScript unit tests skip without Node (they fail when CI or REQUIRE_NODE is set)."
}

# shellcheck source=tools/apt_install.sh
. "$(dirname "$0")/apt_install.sh"
apt_install nodejs || { manual_help; exit 0; }
if node_ok; then
    say "installed: $(command -v node) ($(node --version))"
else
    manual_help
fi
exit 0
