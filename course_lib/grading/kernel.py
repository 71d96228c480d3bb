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


#: seconds between two readings of the sandbox's CPU time while a cell runs
CPU_POLL = 0.25
#: seconds an interrupted cell has to stop before its kernel is killed (wall clock, generous under load)
STOP_GRACE = 30.0
#: seconds a kernel has to start (wall clock: generous, a busy machine must not cost a student points)
START_SECONDS = 180.0
#: starts tried when a kernel fails to start (e.g. the machine is out of processes for a moment)
START_TRIES = 3


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
        self.truncated = False               # the output passed the limit and was cut


class SandboxKernel:
    """An ipykernel in its own sandbox (or, with ``unsafe=True``, a plain local process).

    Every start uses a fresh, empty work folder (``work``, then ``work-2``, ``work-3`` … on a restart;
    the previous one is deleted first), so nothing a student left in it, a link included, is ever
    touched by a privileged operation.

    Args:
        work: the first run's work folder (the only writable one; it must not exist yet).
        repo_root: the checkout (to find course_lib).
        limits: resource limits of the sandbox.
        unsafe: run without a sandbox (only with ``--unsafe-no-sandbox``).
        tmp_root: a folder (a sized tmpfs) whose fresh sub-folder becomes the sandbox's ``/tmp``;
            default: a tmpfs of ``limits.tmp_bytes`` made by bwrap.
    """

    def __init__(self, work: Path, repo_root: Path, limits: sb.Limits, unsafe: bool = False,
                 tmp_root: Path | None = None):
        self.first = Path(work)
        self.work, self.repo_root, self.limits, self.unsafe = Path(work), repo_root, limits, unsafe
        self.tmp_root = None if tmp_root is None else Path(tmp_root)
        self.tmp: Path | None = None
        self.proc: subprocess.Popen | None = None
        self.client = None
        self.starts = 0
        self.stage: Path | None = None

    # -- life cycle -------------------------------------------------------------------------------
    def _fresh_folders(self) -> None:
        """A new, empty work folder (and /tmp folder) for this start; the previous run's are deleted."""
        import shutil

        for old in (self.work if self.starts > 1 else None, self.tmp):
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)     # never follows a link inside
        suffix = "" if self.starts == 1 else f"-{self.starts}"
        self.work = self.first.with_name(self.first.name + suffix)
        if self.unsafe:
            self.work.mkdir(parents=True, exist_ok=False)
        else:
            sb.prepare_workdir(self.work)
        if self.tmp_root is not None:
            self.tmp = self.tmp_root / f"run-{self.starts}"
            sb.prepare_workdir(self.tmp)

    def start(self, timeout: float = START_SECONDS) -> None:
        """Start the kernel in a fresh folder; a start that fails is tried again (up to :data:`START_TRIES`).

        Raises:
            RuntimeError: it did not start (the message says why).
        """
        for attempt in range(1, START_TRIES + 1):
            try:
                self._start(timeout)
                return
            except RuntimeError:
                self.stop()
                if attempt == START_TRIES:
                    raise
                time.sleep(2.0 * attempt)

    def _start(self, timeout: float) -> None:
        from jupyter_client import BlockingKernelClient

        self.starts += 1
        self._fresh_folders()
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
            if self.stage is None and os.geteuid() == 0:
                import tempfile

                self.stage = Path(tempfile.mkdtemp(prefix="sandbox-mounts-", dir="/tmp"))
                self.stage.chmod(0o711)
            cmd = sb.command(argv, self.work, self.repo_root, self.limits, bwrap, self.stage, tmp=self.tmp)
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

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the sandbox's processes (user + system, finished children included)."""
        import psutil

        if self.proc is None:
            return 0.0
        total = 0.0
        try:
            top = psutil.Process(self.proc.pid)
            procs = [top, *top.children(recursive=True)]
        except psutil.Error:
            return 0.0
        for p in procs:
            try:
                t = p.cpu_times()
            except psutil.Error:
                continue
            total += t.user + t.system + t.children_user + t.children_system
        return total

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

        The limit counts CPU time: ``timeout`` CPU seconds of all the sandbox's processes together
        (so a busy machine costs nothing), with a wall-clock backstop of ``timeout`` ×
        :attr:`~course_lib.grading.sandbox.Limits.wall_factor` for code that sleeps or waits; either
        interrupts the cell (``result.timed_out``).

        Raises:
            KernelDied: the kernel ended before the code finished.
        """
        if not self.alive() or self.client is None:
            raise KernelDied("the kernel is not running")
        result = Result()
        cpu_start = self.cpu_seconds()
        msg_id = self.client.execute(code, store_history=False, allow_stdin=False)
        start = time.monotonic()
        wall_deadline = start + timeout * self.limits.wall_factor
        cpu_from = start + timeout / max(1, os.cpu_count() or 1)   # no sooner can the CPU time pass it
        next_cpu = cpu_from
        interrupted_at: float | None = None
        size = 0
        truncated = False
        while True:
            now = time.monotonic()     # the limits are checked on every message, not only when quiet
            if interrupted_at is None and now >= next_cpu:
                next_cpu = now + CPU_POLL
                if self.cpu_seconds() - cpu_start > timeout:
                    result.timed_out = True
            if interrupted_at is None and (result.timed_out or now > wall_deadline):
                result.timed_out = True
                interrupted_at = now
                self.interrupt()
            elif interrupted_at is not None and now > interrupted_at + STOP_GRACE:
                self.stop()
                raise KernelDied("the kernel did not stop after the time limit")
            try:
                msg = self.client.get_iopub_msg(timeout=0.2)
            except queue.Empty:
                if not self.alive():
                    raise KernelDied("the kernel died") from None
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
            if not record or truncated or kind not in ("stream", "display_data", "execute_result", "error"):
                continue
            out = {"output_type": kind, **content}
            out.pop("transient", None)
            if kind == "execute_result":
                out["execution_count"] = None
            size += len(json.dumps(out))
            if size > self.limits.output_bytes:
                truncated = result.truncated = True
                out = {"output_type": "stream", "name": "stdout", "text": "[output truncated by the grader]\n"}
                kind = "note"
            last = result.outputs[-1] if result.outputs else None
            if kind == "stream" and last is not None and last["output_type"] == "stream" \
                    and last.get("name") == out.get("name"):
                last["text"] = str(last.get("text", "")) + str(out.get("text", ""))   # one output per run of text
            else:
                result.outputs.append(out)
