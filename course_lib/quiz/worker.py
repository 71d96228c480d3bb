"""A worker process that checks symbolic quiz answers under a time limit.

Sympy can take minutes on a formula that is short to type, and a Python
thread cannot be stopped. So the kernel hands each check to a separate
process (``python -m course_lib.quiz.worker``), waits at most
:data:`TIME_LIMIT` seconds for the reply, and kills the process when it is
late; the next check starts a fresh one. Kernel → Interrupt reaches the
worker too (it shares the kernel's process group): a check under way stops
and answers "interrupted", whether the kernel's own wait was interrupted (then
the worker is killed, so no stale reply is ever read by a later check) or
not (a widget callback running in a kernel subshell thread, which a signal
cannot stop).

Requests and replies are one JSON object per line on the worker's stdin and
stdout. A request carries the answer as ``sympy.srepr`` text (course data,
never the learner's) and the learner's text as a plain string, which the
worker reads with :func:`course_lib.quiz.symbolic.read`, exactly as the
kernel does.

>>> w = Worker()
>>> w.check("2*x", "Mul(Integer(2), Symbol('x', real=True))", {"x": "Symbol('x', real=True)"})["correct"]
True
>>> w.close()
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

#: seconds a check may take before the learner is told it took too long
TIME_LIMIT = 4.0
#: seconds a fresh worker may take to import sympy (a busy machine is slow)
START_LIMIT = 60.0
#: address-space limit of the worker (bytes): a formula cannot eat the machine's memory
MEMORY_LIMIT = 2 * 1024**3


class Worker:
    """The kernel's side: one worker process, started on first use and restarted after a timeout."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the worker now (it imports sympy in the background)."""
        with self._lock:
            self._ensure()

    def _ensure(self) -> subprocess.Popen:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        root = str(Path(__file__).resolve().parents[1])
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                   PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p))
        # The worker stays in the kernel's process group, so Kernel → Interrupt reaches it too: that
        # matters when the widget's callback runs in a kernel subshell thread, which no signal can stop.
        self._proc = subprocess.Popen([sys.executable, "-m", "course_lib.quiz.worker"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True,
                                      bufsize=1)
        self._ready = False
        return self._proc

    def _readline(self, proc: subprocess.Popen, limit: float) -> str | None:
        """One line from the worker within ``limit`` s, else None."""
        ready, _, _ = select.select([proc.stdout], [], [], max(limit, 0.0))
        return proc.stdout.readline() if ready else None

    def kill(self) -> None:
        """Stop the worker at once (its current check is abandoned)."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc is not None:
            for stream in (proc.stdin, proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass

    close = kill

    def check(self, answer: str, expected: str, symbols: dict[str, str],
              time_limit: float = TIME_LIMIT, language: str = "en") -> dict[str, Any]:
        """Check ``answer`` in the worker.

        Args:
            answer: the learner's text.
            expected: ``srepr`` of the answer.
            symbols: ``{name: srepr(symbol)}``.
            time_limit: seconds the check itself may take.
            language: the language of the reply's message (the kernel's :func:`course_lib.language`).

        Returns:
            ``{"correct": bool, "negated": bool, "latex": str}`` (negated: the answer is minus the
            expected one), or ``{"error": message}`` (with
            ``"timeout": True`` when the limit was reached).
        """
        with self._lock:
            try:
                proc = self._ensure()
                if not self._ready:
                    if self._readline(proc, START_LIMIT) != "ready\n":
                        self.kill()
                        return {"error": "the checker did not start", "timeout": True}
                    self._ready = True
                proc.stdin.write(json.dumps({"answer": answer, "expected": expected, "symbols": symbols,
                                             "language": language}) + "\n")
                proc.stdin.flush()
                line = self._readline(proc, time_limit)
                if not line:
                    self.kill()
                    self._ensure()  # a fresh worker starts importing now, ready for the next check
                    return {"error": "time limit", "timeout": True}
                return json.loads(line)
            except BaseException:  # Kernel → Interrupt, or a broken pipe: never reuse a busy worker
                self.kill()
                raise


_WORKER: Worker | None = None


def shared_worker() -> Worker:
    """The process-wide worker (one per kernel)."""
    global _WORKER
    if _WORKER is None:
        _WORKER = Worker()
        atexit.register(_WORKER.kill)
    return _WORKER


def _answer(request: dict) -> dict:
    import sympy as sp

    from course_lib.i18n import LANGUAGES, set_language
    from course_lib.quiz import symbolic as qs
    from course_lib.quiz.messages import text

    set_language(request.get("language") if request.get("language") in LANGUAGES else "en")

    namespace = {name: getattr(sp, name) for name in ("Symbol", "Integer", "Rational", "Float", "Add", "Mul",
                                                      "Pow", "sin", "cos", "tan", "exp", "log", "sqrt",
                                                      "pi", "Function", "Derivative")}
    namespace["__builtins__"] = {}
    expected = eval(request["expected"], namespace)  # noqa: S307 - course data, never learner text
    symbols = {name: eval(r, namespace) for name, r in request["symbols"].items()}  # noqa: S307
    try:
        expr = qs.evaluate(qs.read(request["answer"], symbols))
        same = qs.compare(expr, expected, list(symbols.values()))
        negated = not same and expected != 0 and qs.compare(expr, -expected, list(symbols.values()))
    except ValueError as exc:
        return {"error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - any failure of sympy becomes one sentence
        return {"error": text("quiz_cannot_check", detail=f"sympy: {type(exc).__name__}")}
    return {"correct": bool(same), "negated": bool(negated), "latex": qs.latex(expr)}


def main() -> None:
    """Serve requests from stdin until it closes."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass
    import sympy  # noqa: F401 - imported before "ready", so checks do not pay for it

    import course_lib.quiz.symbolic  # noqa: F401
    from course_lib.quiz.messages import text

    busy = False

    def on_interrupt(_signum: int, _frame: Any) -> None:
        if busy:  # Kernel → Interrupt during a check stops the check; an idle worker ignores it
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_interrupt)
    print("ready", flush=True)
    for line in sys.stdin:
        started = time.monotonic()
        try:
            busy = True
            reply = _answer(json.loads(line))
        except MemoryError:
            reply = {"error": "too large", "timeout": True}
        except KeyboardInterrupt:
            reply = {"error": text("quiz_interrupted"), "interrupted": True}
        finally:
            busy = False
        reply["seconds"] = round(time.monotonic() - started, 3)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
