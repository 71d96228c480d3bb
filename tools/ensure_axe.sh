#!/usr/bin/env bash
# Make sure axe-core (Deque's accessibility engine, from the npm registry) exists for the accessibility
# browser test (tests/browser/test_accessibility_in_browser.py): installed into .venv/axe, at the pinned version.
#
# Idempotent: does nothing when .venv/axe already holds that version. Needs npm (Debian's `npm`
# package, installed with apt-get when missing). Anywhere it cannot be installed it says how and
# exits 0: the test then skips, or fails when CI or REQUIRE_BROWSER is set.
set -euo pipefail

say() { printf 'ensure_axe: %s\n' "$*"; }

VERSION="4.14.1"
PREFIX="${1:-.venv/axe}"
FILE="${PREFIX}/node_modules/axe-core/axe.min.js"
PKG="${PREFIX}/node_modules/axe-core/package.json"
if [ -f "${FILE}" ] && grep -q "\"version\": \"${VERSION}\"" "${PKG}"; then
    say "found ${FILE} (axe-core ${VERSION})"
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    # shellcheck source=tools/apt_install.sh
    . "$(dirname "$0")/apt_install.sh"
    apt_install npm || { say "npm is missing; install Node.js with npm, then run: npm install --prefix ${PREFIX} axe-core@${VERSION}"; exit 0; }
fi
say "npm install --prefix ${PREFIX} axe-core@${VERSION}"
npm install --prefix "${PREFIX}" --no-audit --no-fund --silent --save-exact "axe-core@${VERSION}"
say "installed ${FILE}"
