"""`make lab` really serves the first lesson (the README's first command)."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
@pytest.mark.timeout(300)
def test_make_lab_serves_the_start_notebook(tmp_path):
    if not (ROOT / ".venv" / ".stamp-lab").exists():
        pytest.skip("run through `make test`, which builds .venv first")
    port, token = free_port(), secrets.token_hex(16)
    args = f"--port={port} --ip=127.0.0.1 --IdentityProvider.token={token} --ServerApp.open_browser=False"
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    proc = subprocess.Popen(
        ["make", "-s", "lab", f"LAB_ARGS={args}", f"WORK={tmp_path / 'my_work'}"], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/api/contents/notebooks/00_start_here.ipynb?token={token}"
    try:
        deadline = time.monotonic() + 120
        status = None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    status = response.status
                    body = response.read()
                break
            except urllib.error.HTTPError as err:  # the server answered: no point in waiting
                status = err.code
                break
            except OSError:  # not listening yet
                time.sleep(0.5)
        assert status == 200, f"JupyterLab did not serve the notebook (make lab exited with {proc.poll()})"
        assert b'"type": "notebook"' in body or b'"type":"notebook"' in body
        lab_page = urllib.request.urlopen(f"http://127.0.0.1:{port}/lab/tree/notebooks/00_start_here.ipynb?token={token}", timeout=10)
        assert b"JupyterLab" in lab_page.read()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            output, _ = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            output, _ = proc.communicate()
    assert f"127.0.0.1:{port}" in output, "make lab must print the address it serves"
    # the printed address opens the first lesson, not whatever workspace an earlier session left
    assert f"127.0.0.1:{port}/lab/tree/notebooks/00_start_here.ipynb?token=" in output, output[-2000:]
    # it served the learner's copy, made on first use
    assert (tmp_path / "my_work" / "notebooks" / "00_start_here.ipynb").is_file()
    assert (tmp_path / "my_work" / "exercises" / "01_lagrange" / "lagrange.ipynb").is_file()
    # the Chinese lessons come with the English ones
    assert (tmp_path / "my_work" / "notebooks" / "zh" / "00_start_here.ipynb").is_file()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_in_chinese_opens_the_chinese_first_lesson():
    """`make lab LESSON_LANG=zh` starts JupyterLab on notebooks/zh/00_start_here.ipynb; the default stays English."""
    def default_url(*args: str) -> str:
        out = subprocess.run(["make", "-n", "-s", "lab", *args], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
        return next(word for word in out.split() if word.startswith("--LabApp.default_url="))
    assert default_url("LESSON_LANG=zh") == "--LabApp.default_url=/lab/tree/notebooks/zh/00_start_here.ipynb"
    assert default_url() == "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb"
    assert (ROOT / "notebooks" / "zh" / "00_start_here.ipynb").is_file()
