"""Start and stop a private Jupyter server (JupyterLab or Notebook 7) for the browser tests.

Each server serves a temporary copy of ``notebooks/`` (the repository is
never written to), listens on 127.0.0.1 on a free port behind a random token,
and keeps its config, data, runtime, settings and workspaces in the same
temporary directory, so a learner's own Jupyter setup cannot change what the
test sees and the test leaves nothing behind.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

#: JupyterLab user settings for the tests: no news/update toasts over the page
_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False,
    },
}


def _stop_with_parent() -> None:
    """In the server's process, before it starts (Linux): SIGTERM when the test process dies. An xdist worker
    killed without its teardown (Ctrl-C, a crash) then leaves no server behind; the server stops its kernels."""
    import ctypes

    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterApp:
    """One ``jupyter lab`` or ``jupyter notebook`` server in a subprocess.

    Args:
        app: ``"lab"`` (JupyterLab) or ``"notebook"`` (Notebook 7).
        notebooks: the folder whose copy is served.
        workdir: an empty temporary folder owned by this server.
        repo_root: put on the kernels' PYTHONPATH so ``course_lib`` imports
            from the checkout even without an editable install.
    """

    def __init__(self, app: str, notebooks: Path, workdir: Path, repo_root: Path):
        if app not in ("lab", "notebook"):
            raise ValueError(f"app must be 'lab' or 'notebook', got {app!r}")
        self.app = app
        self.workdir = workdir
        self.root = workdir / "notebooks"
        shutil.copytree(notebooks, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.token = secrets.token_hex(16)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.repo_root = repo_root
        self.proc: subprocess.Popen | None = None
        self.log_path = workdir / f"jupyter-{app}.log"

    # -- lifecycle ---------------------------------------------------------
    def start(self, timeout: float = 90.0) -> None:
        """Launch the server and wait (at most ``timeout`` s) until its API answers.

        Raises:
            RuntimeError: the server exited or did not answer in time (its log is quoted).
        """
        env = dict(os.environ)
        for name in ("config", "data", "runtime", "settings", "workspaces", "ipython"):
            (self.workdir / name).mkdir(exist_ok=True)
        for rel, data in _SETTINGS.items():
            path = self.workdir / "settings" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(data))
        env.update(
            JUPYTER_CONFIG_DIR=str(self.workdir / "config"),
            JUPYTER_DATA_DIR=str(self.workdir / "data"),
            JUPYTER_RUNTIME_DIR=str(self.workdir / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(self.workdir / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.workdir / "workspaces"),
            IPYTHONDIR=str(self.workdir / "ipython"),
            PYTHONPATH=os.pathsep.join(p for p in (str(self.repo_root), env.get("PYTHONPATH", "")) if p),
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        env.pop("MPLBACKEND", None)
        cmd = [
            sys.executable, "-m", "jupyter", self.app,
            "--no-browser", "--ip=127.0.0.1", f"--port={self.port}", "--port-retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, cwd=self.workdir, env=env, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True,
                                     preexec_fn=_stop_with_parent if sys.platform == "linux" else None)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter {self.app} exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self.api("GET", "/api/status", timeout=2)
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"jupyter {self.app} did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Shut kernels down, stop the server, and kill any kernel it left behind."""
        if self.proc is None:
            return
        try:
            self.shutdown_kernels()
        except Exception:
            pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._kill_orphan_kernels()
        self._log.close()
        self.proc = None

    def _kill_orphan_kernels(self) -> None:
        """Kill kernels whose connection file lives in this server's runtime dir (by pid)."""
        runtime = str(self.workdir / "runtime")
        proc_dir = Path("/proc")
        if not proc_dir.is_dir():
            return
        for entry in proc_dir.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if runtime in cmdline and "kernel" in cmdline:
                try:
                    os.kill(int(entry.name), signal.SIGKILL)
                except ProcessLookupError:
                    pass

    # -- REST API ----------------------------------------------------------
    def api(self, method: str, path: str, timeout: float = 10) -> object:
        """Call the server's REST API with the token; the decoded JSON (or None)."""
        req = urllib.request.Request(self.base + path, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Shut down every running kernel (frees the 2 cores between tests)."""
        for k in self.api("GET", "/api/kernels") or []:
            try:
                self.api("DELETE", f"/api/kernels/{k['id']}", timeout=20)
            except urllib.error.HTTPError:
                pass

    def kernel_eval(self, notebook: str, code: str, timeout: float = 20.0) -> str:
        """Run ``code`` in the kernel of an open notebook and return what it printed.

        Goes through the kernel's own ZMQ channels (its connection file is in
        this server's runtime dir), with ``store_history=False``, so the
        notebook's execution counts and outputs are untouched.

        Raises:
            AssertionError: no running kernel for that notebook, or the code failed.
        """
        from jupyter_client import BlockingKernelClient

        sessions = self.api("GET", "/api/sessions") or []
        ids = [s["kernel"]["id"] for s in sessions if s.get("path", "").endswith(notebook) and s.get("kernel")]
        assert ids, f"no kernel is running for {notebook} (sessions: {[s.get('path') for s in sessions]})"
        client = BlockingKernelClient(connection_file=str(self.workdir / "runtime" / f"kernel-{ids[0]}.json"))
        client.load_connection_file()
        client.start_channels()
        try:
            msg_id = client.execute(code, silent=False, store_history=False, allow_stdin=False)
            out, deadline = [], time.monotonic() + timeout
            while time.monotonic() < deadline:
                msg = client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                kind, content = msg["msg_type"], msg["content"]
                if kind == "stream":
                    out.append(content["text"])
                elif kind == "error":
                    raise AssertionError(f"kernel_eval failed: {content['ename']}: {content['evalue']}")
                elif kind == "status" and content["execution_state"] == "idle":
                    return "".join(out)
            raise AssertionError(f"kernel_eval: no answer within {timeout} s")
        finally:
            client.stop_channels()

    def notebook_url(self, name: str) -> str:
        """URL that opens notebook ``name`` in this server's own app."""
        if self.app == "lab":  # ?reset: a fresh workspace, without the tabs of earlier tests
            return f"{self.base}/lab/tree/{name}?reset&token={self.token}"
        return f"{self.base}/notebooks/{name}?token={self.token}"

    def log_tail(self, n: int = 40) -> str:
        """The last ``n`` lines of the server log (for failure messages)."""
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"
