"""A student's kernel inside a sandbox, driven from the grader over Unix sockets.

:class:`SandboxKernel` starts ``ipykernel`` with :func:`course_lib.grading.sandbox.command`
(no network: the kernel and the grader talk over ZeroMQ ``ipc`` sockets in the submission's
own folder), executes cells one at a time, interrupts a cell past the time limit, and notices
when the kernel dies. Everything the kernel says is data to the grader.
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

from course_lib.grading import sandbox as sb


class KernelDied(BaseException):
    """The kernel process ended (os._exit, a signal, a resource limit).

    A BaseException, so that a test's ``checks.call`` (which turns the student's exceptions
    into messages) lets it through to the grader."""


class Result:
    """What executing one piece of code produced."""

    def __init__(self) -> None:
        self.outputs: list[dict] = []
        self.error: dict | None = None       # {"ename", "evalue", "traceback"}
        self.timed_out = False
        self.value: str | None = None        # text/plain of the execute_result


class SandboxKernel:
    """An ipykernel in its own sandbox (or, with ``unsafe=True``, a plain local process).

    Args:
        work: the submission's temporary folder (the only writable one).
        repo_root: the checkout (to find course_lib).
        limits: resource limits of the sandbox.
        unsafe: run without a sandbox (only with ``--unsafe-no-sandbox``).
    """

    def __init__(self, work: Path, repo_root: Path, limits: sb.Limits, unsafe: bool = False):
        self.work, self.repo_root, self.limits, self.unsafe = Path(work), repo_root, limits, unsafe
        self.proc: subprocess.Popen | None = None
        self.client = None
        self.starts = 0
        self.stage: Path | None = None

    # -- life cycle -------------------------------------------------------------------------------
    def start(self, timeout: float = 60.0) -> None:
        from jupyter_client import BlockingKernelClient

        self.starts += 1
        self.work.mkdir(parents=True, exist_ok=True)
        conn_path = self.work / f"kernel-{self.starts}.json"
        info = {"transport": "ipc", "ip": str(self.work / f"k{self.starts}"), "shell_port": 1, "iopub_port": 2,
                "stdin_port": 3, "control_port": 4, "hb_port": 5, "key": secrets.token_hex(16),
                "signature_scheme": "hmac-sha256", "kernel_name": "python3"}
        conn_path.write_text(json.dumps(info), encoding="utf-8")
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", str(conn_path), "--HistoryManager.enabled=False"]
        if self.unsafe:
            cmd = argv
        else:
            bwrap = sb.bwrap_path()
            if bwrap is None:
                raise RuntimeError("bwrap is not installed")
            sb.prepare_workdir(self.work)
            if self.stage is None:
                import tempfile

                self.stage = Path(tempfile.mkdtemp(prefix="sandbox-mounts-", dir="/tmp"))
                self.stage.chmod(0o711)
            cmd = sb.command(argv, self.work, self.repo_root, self.limits, bwrap, self.stage)
        env = sb.sandbox_env(self.work) if self.unsafe else {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        self.proc = subprocess.Popen(cmd, cwd=self.work, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        client = BlockingKernelClient()
        client.load_connection_info(info)
        client.start_channels()
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace")[-2000:] if self.proc.stderr else ""
                raise RuntimeError(f"the sandboxed kernel did not start (exit {self.proc.returncode}): {err}")
            try:
                client.wait_for_ready(timeout=2)
                break
            except RuntimeError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("the sandboxed kernel did not start in time") from None
        self.client = client

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.poll()

    def _kernel_pids(self) -> list[int]:
        import psutil

        try:
            kids = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.Error:
            return []
        return [p.pid for p in kids if any("ipykernel_launcher" in a for a in (p.cmdline() or []))]

    def interrupt(self) -> None:
        for pid in self._kernel_pids():
            try:
                os.kill(pid, signal.SIGINT)
            except OSError:
                pass

    def stop(self) -> None:
        """End the sandbox and everything in it (its PID namespace dies with it)."""
        if self.client is not None:
            try:
                self.client.stop_channels()
            except Exception:  # noqa: BLE001
                pass
            self.client = None
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                self.proc.kill()
            self.proc.wait(timeout=10)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()
        if self.stage is not None:
            import shutil

            shutil.rmtree(self.stage, ignore_errors=True)   # empty mount points (the mounts died with the sandbox)
            self.stage = None

    # -- executing --------------------------------------------------------------------------------
    def execute(self, code: str, timeout: float, record: bool = True) -> Result:
        """Run ``code``; collect outputs (when ``record``), the error and the execute_result text.

        Raises:
            KernelDied: the kernel ended before the code finished.
        """
        if not self.alive() or self.client is None:
            raise KernelDied("the kernel is not running")
        result = Result()
        msg_id = self.client.execute(code, store_history=False, allow_stdin=False)
        deadline = time.monotonic() + timeout
        interrupted_at = None
        while True:
            try:
                msg = self.client.get_iopub_msg(timeout=0.2)
            except queue.Empty:
                if not self.alive():
                    raise KernelDied("the kernel died") from None
                now = time.monotonic()
                if interrupted_at is None and now > deadline:
                    result.timed_out = True
                    interrupted_at = now
                    self.interrupt()
                elif interrupted_at is not None and now > interrupted_at + 10:
                    self.stop()
                    raise KernelDied("the kernel did not stop after the time limit") from None
                continue
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "status" and content.get("execution_state") == "idle":
                return result
            if kind == "execute_result":
                result.value = content.get("data", {}).get("text/plain")
            if kind == "error":
                result.error = {"ename": content.get("ename", ""), "evalue": content.get("evalue", ""),
                                "traceback": content.get("traceback", [])}
            if record and kind in ("stream", "display_data", "execute_result", "error"):
                out = {"output_type": kind, **content}
                out.pop("transient", None)
                if kind == "execute_result":
                    out["execution_count"] = None
                result.outputs.append(out)
            if sum(len(json.dumps(o)) for o in result.outputs) > 2_000_000:
                result.outputs = result.outputs[:1] + [{"output_type": "stream", "name": "stdout",
                                                        "text": "[output truncated by the grader]\n"}]
