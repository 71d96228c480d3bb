"""Fixtures for the browser tests: Chromium via Playwright, and private Jupyter servers.

One Chromium and at most one server per app (JupyterLab, Notebook 7) per
session (under pytest-xdist, per worker: the browser tests spread over the
workers), each started on first use and always stopped at the end. Every
server serves its own temporary copy of the notebooks, so the repository is
never written to.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .browser_env import CHROMIUM_ARGS, INSTALL_HINT, NOTEBOOK_DIR, REPO, REPORTS, browser_required, find_chromium
from .jupyter_app import JupyterApp


def _unavailable(reason: str) -> None:
    if browser_required():
        pytest.fail(f"{reason} (CI or REQUIRE_BROWSER is set, so this fails instead of skipping)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The browser executable; skip (or fail under CI/REQUIRE_BROWSER) when there is none."""
    path = find_chromium()
    if path is None:
        configured = os.environ.get("CHROMIUM_PATH")
        _unavailable(f"CHROMIUM_PATH={configured!r} is not an executable file. {INSTALL_HINT}" if configured
                     else INSTALL_HINT)
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    """A headless Chromium driven by Playwright, closed at the end of the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, timeout=60_000)
    except Exception:
        pw.stop()
        raise
    try:
        yield b
    finally:
        b.close()
        pw.stop()


@pytest.fixture(scope="session")
def jupyter(tmp_path_factory):
    """``jupyter("lab")`` / ``jupyter("notebook")``: the session's server for that app, started on first use."""
    servers: dict[str, JupyterApp] = {}

    def get(app: str) -> JupyterApp:
        if app not in servers:
            server = JupyterApp(app, NOTEBOOK_DIR, tmp_path_factory.mktemp(f"jupyter-{app}"), REPO)
            server.start(timeout=90)
            servers[app] = server
        return servers[app]

    try:
        yield get
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="session")
def reports_dir() -> Path:
    """reports/ (git-ignored), with a browser/ folder for the screenshots."""
    (REPORTS / "browser").mkdir(parents=True, exist_ok=True)
    return REPORTS
