"""Where the browser is, how to launch it, and what to do when it is missing.

The browser tests drive Debian's Chromium (or any Chrome/Chromium) through
Playwright for Python; Playwright's own browser download is never used.

Browser path, first match wins:
    1. the ``CHROMIUM_PATH`` environment variable;
    2. ``/usr/bin/chromium``;
    3. ``chromium``, ``chromium-browser``, ``google-chrome`` on ``PATH``;
    4. Google Chrome / Chromium in ``/Applications`` on macOS.

When no browser is found the tests are skipped with a message saying how to
install one, unless ``CI`` or ``REQUIRE_BROWSER`` is set, in which case they
fail: a CI run must never pass by skipping its browser tests.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: flags for a headless Chromium in a container (root, no GPU, no network)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
]

#: the repository root, the notebooks under test, and the git-ignored reports folder.
#: COURSE_NOTEBOOKS points the tests at another folder (e.g. a scratch folder).
REPO = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = Path(os.environ.get("COURSE_NOTEBOOKS", REPO / "notebooks")).resolve()
REPORTS = REPO / "reports"

_MAC_APPS = [
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
]

INSTALL_HINT = (
    "No Chrome/Chromium found for the browser tests. Install one "
    "(Debian/Ubuntu: `bash tools/ensure_chromium.sh`, i.e. "
    "`apt-get install chromium`; macOS: install Google Chrome) or point "
    "CHROMIUM_PATH at its executable."
)


def find_chromium() -> str | None:
    """Path of the Chrome/Chromium executable to drive, or None.

    Returns:
        An existing executable path, chosen in the order described in the
        module docstring; None when there is none.
    """
    env = os.environ.get("CHROMIUM_PATH")
    if env:
        return env if Path(env).is_file() else None
    candidates = ["/usr/bin/chromium"]
    candidates += [shutil.which(n) or "" for n in ("chromium", "chromium-browser", "google-chrome")]
    candidates += _MAC_APPS
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


def browser_required() -> bool:
    """True when a missing browser must fail the run (CI, or REQUIRE_BROWSER set)."""
    return any(os.environ.get(k, "").strip().lower() not in ("", "0", "false", "no")
               for k in ("CI", "REQUIRE_BROWSER"))
