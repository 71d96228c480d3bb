"""One class on a real JupyterHub, shared by the classroom tests (module scope, torn down even on failure).

The fixture ``klass`` is :func:`classroom.kit.trial_class` (the same setup as `make classroom`)
with one instructor and three students on free ports, its hub started: throwaway unix accounts in
their own group, a shared exchange folder, the instructor's course folder (a copy of
``solutions/``) and ``classroom/jupyterhub_config.py`` with the dummy authenticator on 127.0.0.1.
Teardown (the kit's) removes all of it again.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from classroom import kit
from tests.browser.browser_env import CHROMIUM_ARGS, browser_required, find_chromium


@dataclass
class Klass:
    hub: kit.Hub
    instructor: str
    students: dict[str, str]            # role in the test ("full", "wrong", "hostile") -> unix name
    course: Path
    password: str                       # the dummy authenticator's password
    notes: dict = field(default_factory=dict)

    @property
    def url(self) -> str:
        return self.hub.url

    @property
    def exchange(self) -> Path:
        return self.hub.exchange


def _requirements() -> str | None:
    """Why the class cannot run here, or None."""
    if sys.platform != "linux":
        return "the classroom test needs Linux (unix accounts, bubblewrap)"
    if os.geteuid() != 0:
        return "the classroom test creates unix accounts and must run as root (CI does)"
    try:
        kit.proxy_command()
    except FileNotFoundError as err:
        return str(err)
    if shutil.which("bwrap") is None:
        return "bubblewrap is missing (make sandbox-deps)"
    return None


@pytest.fixture(scope="module")
def klass():
    reason = _requirements()
    if reason:
        if browser_required():
            pytest.fail(reason)
        pytest.skip(reason)
    tag = secrets.token_hex(3)
    group = f"cls{tag}"
    instructor = f"cls{tag}i"
    students = {"full": f"cls{tag}a", "wrong": f"cls{tag}b", "hostile": f"cls{tag}c"}
    with kit.trial_class(group, instructor, list(students.values()), token=secrets.token_hex(16)) as trial:
        yield Klass(trial.hub.start(), instructor, students, trial.course, trial.password)


@pytest.fixture(scope="module")
def classroom_browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    path = find_chromium()
    if path is None:
        (pytest.fail if browser_required() else pytest.skip)("no Chromium: make browser-deps")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            browser.close()
