#!/usr/bin/env bash
# Make sure configurable-http-proxy (JupyterHub's proxy, from the npm registry) exists for the
# classroom kit and its test: installed into .venv/chp, next to the course's Python environment.
#
# Idempotent: does nothing when .venv/chp already has it. Needs npm (Debian's `npm` package,
# installed with apt-get when missing). Anywhere it cannot be installed it says how and exits 0:
# the classroom test then skips, or fails when CI or REQUIRE_BROWSER is set.
set -euo pipefail

say() { printf 'ensure_chp: %s\n' "$*"; }

PREFIX="${1:-.venv/chp}"
BIN="${PREFIX}/node_modules/.bin/configurable-http-proxy"
if [ -x "${BIN}" ]; then
    say "found ${BIN} ($("${BIN}" --version))"
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    # shellcheck source=tools/apt_install.sh
    . "$(dirname "$0")/apt_install.sh"
    apt_install npm || { say "npm is missing; install Node.js with npm, then run: npm install --prefix ${PREFIX} configurable-http-proxy@4"; exit 0; }
fi
say "npm install --prefix ${PREFIX} configurable-http-proxy@4"
npm install --prefix "${PREFIX}" --no-audit --no-fund --silent configurable-http-proxy@4
say "installed ${BIN} ($("${BIN}" --version))"
