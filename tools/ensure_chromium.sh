#!/usr/bin/env bash
# Make sure a Chrome/Chromium exists for the browser tests (tests/browser).
#
# Idempotent: does nothing when CHROMIUM_PATH points at an executable, or when
# /usr/bin/chromium (or chromium / chromium-browser on PATH) exists. Otherwise,
# on Debian/Ubuntu, installs Debian's chromium with apt-get (as root, or via
# sudo when available). Anywhere else it prints how to get a browser and exits 0:
# the browser tests then skip, or fail when CI or REQUIRE_BROWSER is set.
set -euo pipefail

say() { printf 'ensure_chromium: %s\n' "$*"; }

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then
    say "using CHROMIUM_PATH=${CHROMIUM_PATH}"
    exit 0
fi
for candidate in /usr/bin/chromium "$(command -v chromium 2>/dev/null || true)" \
                 "$(command -v chromium-browser 2>/dev/null || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
        say "found $candidate"
        exit 0
    fi
done

manual_help() {
    say "no Chrome/Chromium found, and it cannot be installed automatically here."
    say "  Debian/Ubuntu:  sudo apt-get install chromium   (Ubuntu may call it chromium-browser)"
    say "  macOS:          install Google Chrome; the tests find it in /Applications"
    say "  elsewhere:      install Chrome or Chromium and export CHROMIUM_PATH=/path/to/the/executable"
    say "The browser tests skip without a browser (they fail when CI or REQUIRE_BROWSER is set)."
}

# shellcheck source=tools/apt_install.sh
. "$(dirname "$0")/apt_install.sh"
if ! apt_install chromium fonts-dejavu-core; then
    # Ubuntu's name for the package
    say "chromium not installable; trying chromium-browser"
    apt_install chromium-browser fonts-dejavu-core || { manual_help; exit 0; }
fi
for candidate in /usr/bin/chromium "$(command -v chromium 2>/dev/null || true)" \
                 "$(command -v chromium-browser 2>/dev/null || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
        say "installed: $candidate ($("$candidate" --version 2>/dev/null | head -1 || true))"
        exit 0
    fi
done
manual_help
exit 0
