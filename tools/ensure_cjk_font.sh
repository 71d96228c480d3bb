#!/usr/bin/env bash
# Make sure a font with Chinese glyphs exists, so the browser tests and their screenshots show the
# labs and quizzes in Chinese as text and not as empty boxes ("tofu").
#
# Idempotent: does nothing when fontconfig already knows a font for Chinese. Otherwise, on
# Debian/Ubuntu, installs Debian's fonts-noto-cjk with apt-get (as root, or via sudo when
# available). Anywhere else it says what to install and exits 0: the browser test of the
# Chinese labs then fails on the missing glyphs, which is what it checks.
set -euo pipefail

say() { printf 'ensure_cjk_font: %s\n' "$*"; }

if command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh family 2>/dev/null | head -1)" ]; then
    say "found $(fc-list :lang=zh family | head -1)"
    exit 0
fi
# shellcheck source=tools/apt_install.sh
. "$(dirname "$0")/apt_install.sh"
if apt_install fonts-noto-cjk fontconfig; then
    say "installed: $(fc-list :lang=zh family 2>/dev/null | head -1)"
else
    say "no Chinese font could be installed; on Debian/Ubuntu: sudo apt-get install fonts-noto-cjk"
fi
exit 0
