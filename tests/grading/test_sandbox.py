"""The sandbox and the trusted checker's parts, one at a time.

The kernel tests start a real ipykernel in a real bubblewrap sandbox (marked `grading`);
the parser, pre-check and report tests are fast.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from course_lib.grading import precheck, remote, report, safe_sympy, tamper
from course_lib.grading import sandbox as sb
from course_lib.grading.kernel import KernelDied, SandboxKernel
from tests.grading import synthetic as syn

needs_bwrap = pytest.mark.skipif(sb.bwrap_path() is None and not os.environ.get("CI"),
                                 reason="bubblewrap is not installed (make sandbox-deps)")


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    """One sandboxed kernel for the module's probes (the grader's environment carries a secret)."""
    os.environ["GRADER_SECRET_TOKEN"] = "do-not-leak"
    base = tmp_path_factory.mktemp("sandbox")
    base.chmod(0o711)
    k = SandboxKernel(base / "work", syn.REPO, sb.Limits(processes=64))
    k.start()
    yield k
    k.stop()
    os.environ.pop("GRADER_SECRET_TOKEN")


def run(kernel, code: str) -> str:
    result = kernel.execute(code, 30)
    return "".join(o.get("text", "") for o in result.outputs if o["output_type"] == "stream") + \
        (result.value or "") + (f"{result.error['ename']}: {result.error['evalue']}" if result.error else "")


@pytest.mark.grading
@needs_bwrap
def test_sandbox_sees_no_repository_solutions_secrets_or_network(kernel):
    """The kernel runs as nobody with a fresh HOME and environment; of the checkout only course_lib
    (read-only) and the venv are visible; no network interface but loopback is up."""
    out = run(kernel, "import os; print(os.getuid(), os.environ.get('HOME'), 'GRADER_SECRET_TOKEN' in os.environ)")
    assert out.split() == ["65534", "/tmp/home", "False"]
    listing = run(kernel, f"import os; print(sorted(os.listdir({str(syn.REPO)!r})))")
    assert "solutions" not in listing and "tests" not in listing and "course_lib" in listing
    assert "PermissionError" in run(kernel, f"open({str(syn.REPO / 'course_lib' / 'x.py')!r}, 'w')") or \
        "OSError" in run(kernel, f"open({str(syn.REPO / 'course_lib' / 'x.py')!r}, 'w')")
    net = run(kernel, "import socket\ntry:\n    socket.create_connection(('1.1.1.1', 80), timeout=2)\n"
                      "    print('connected')\nexcept OSError as e:\n    print('no network', e.errno)")
    assert "no network" in net
    startup = run(kernel, "import glob; print(glob.glob('/tmp/home/**/startup/*', recursive=True))")
    assert startup.strip() == "[]"          # a fresh IPython profile: no startup file of anyone


@pytest.mark.grading
@needs_bwrap
def test_sandbox_limits_processes_and_memory(kernel):
    """A fork bomb stops at the process limit and a 3 GB allocation at the memory limit, with
    errors the report can name; the kernel survives both."""
    out = run(kernel, "import subprocess\ntry:\n    _k = [subprocess.Popen(['sleep', '20']) for _ in range(200)]\n"
                      "except OSError as e:\n    print(type(e).__name__, e)")
    assert "Resource temporarily unavailable" in out
    assert "MemoryError" in run(kernel, "bytearray(3 * 1024**3)")
    assert sb.Limits().reason(None, ["MemoryError"], "") == "memory limit of 2.0 GB reached (MemoryError)"
    assert run(kernel, "1 + 1") == "2"


@pytest.mark.grading
@needs_bwrap
def test_probes_return_plain_data_and_exceptions(kernel):
    """A student's function is called with the grader's arguments; arrays, sympy expressions and
    exceptions come back as data."""
    run(kernel, "import numpy as np, sympy as sp\n"
                "def f(q, p):\n    return np.asarray(q) * p['k']\n"
                "def bad(x):\n    return 1 / 0\n"
                "x = sp.Symbol('x', real=True)\nE = sp.sin(x)**2 / 2")
    channel = remote.Channel(kernel, 10)
    names = channel.fetch(["f", "E", "missing"])
    assert set(names) == {"f", "E"}
    assert names["E"] == sp.sin(sp.Symbol("x", real=True))**2 / 2
    np.testing.assert_array_equal(names["f"](np.array([1.0, 2.0]), {"k": 3.0}), [3.0, 6.0])
    with pytest.raises(remote.StudentError) as info:
        remote.RemoteFunction(channel, "bad")(1.0)
    assert type(info.value).__name__ == "ZeroDivisionError" and "division by zero" in str(info.value)


@pytest.mark.grading
@needs_bwrap
def test_a_dead_kernel_is_reported_and_its_processes_are_gone(tmp_path):
    """os._exit ends the kernel: the grader notices, and no process of the sandbox remains."""
    import psutil

    tmp_path.chmod(0o711)
    k = SandboxKernel(tmp_path / "w", syn.REPO, sb.Limits())
    k.start()
    # a sleep only this test starts (another test or tool on the machine may be sleeping 300 s too)
    mine = f"300.{os.getpid()}{time.monotonic_ns() % 10**6}"
    run(k, f"import subprocess; _p = subprocess.Popen(['sleep', '{mine}'], start_new_session=True); print(_p.pid)")
    with pytest.raises(KernelDied):
        k.execute("import os; os._exit(3)", 10)
    k.stop()
    assert k.returncode() == 3
    # the namespace's end kills its processes; give the kernel a moment to deliver it on a busy
    # machine (a leak would still be sleeping its 300 s long after this wait)
    left = [p for p in psutil.process_iter(["cmdline"]) if p.info["cmdline"] == ["sleep", mine]]
    _, alive = psutil.wait_procs(left, timeout=10)
    assert not alive, alive


def test_safe_sympy_rebuilds_expressions_and_refuses_code():
    """srepr text of the course's expressions comes back equal; calls, attributes and huge powers do not."""
    t = sp.Symbol("t", real=True)
    theta = sp.Function("theta", real=True)(t)
    m, l = sp.symbols("m l", positive=True)
    expr = m * l**2 * theta.diff(t)**2 / 2 - m * l * sp.cos(theta)
    assert safe_sympy.parse(sp.srepr(expr), {"theta": theta.func}) == expr
    assert safe_sympy.parse(sp.srepr(sp.Matrix([[1, m], [m, 2]]))) == sp.Matrix([[1, m], [m, 2]])
    for attack in ["__import__('os').system('true')", "Symbol('x').__class__", "Pow(Integer(10), Integer(10**9))",
                   "open('/etc/passwd')", "Symbol('x', **{'real': True})", "[x for x in ()]", "lambda: 1"]:
        with pytest.raises(ValueError):
            safe_sympy.parse(attack)


def test_decoded_answers_are_checked():
    """An array whose entries do not match its shape, or an unknown number, is a failed probe."""
    with pytest.raises(remote.ProbeFailed):
        remote.decode({"t": "array", "shape": [2, 2], "data": [1.0]})
    with pytest.raises(remote.ProbeFailed):
        remote.decode({"t": "num", "v": "1e999999"})
    assert np.isnan(remote.decode({"t": "num", "v": "nan"}))


def test_tamper_flags_name_each_trick_and_spare_the_solutions():
    """Each listed trick gets its own flag; the instructor's solutions get none."""
    flags = tamper.code_flags("checks.check_close = print\nimport sqlite3, ctypes\nget_ipython().displayhook(1)\n"
                              "import os; os._exit(0)\nimport builtins", {"checks"})
    for expected in ("assigns to 'checks'", "uses sqlite3", "uses ctypes", "uses get_ipython", "uses the display hook",
                     "uses os._exit", "uses builtins"):
        assert any(expected in f for f in flags), expected
    for assignment, path in syn.notebook_paths(syn.SOLUTIONS).items():
        nb = syn.read(path)
        setup = set().union(*[tamper.defined_names(c.source) for c in nb.cells
                              if c.metadata.get("nbgrader", {}).get("locked") and c.cell_type == "code"
                              and not c.metadata["nbgrader"].get("grade")])
        assert tamper.notebook_flags(syn.solved(assignment).cells, assignment, setup) == [], assignment


def test_ids_names_and_csv_fields_are_made_safe(tmp_path):
    """Unsafe ids are refused with the reason, near-miss names are recognised, formulas are quoted."""
    assert "glob character '?'" in precheck.bad_id("who?")
    assert precheck.bad_id("ada.lovelace@example.org") == ""
    assert precheck.near_miss("Copy of lagrange.ipynb", ["lagrange.ipynb"]) == "lagrange.ipynb"
    assert precheck.near_miss("lagrange_2.ipynb", ["lagrange.ipynb"]) == "lagrange.ipynb"
    assert precheck.near_miss("arm.ipynb", ["lagrange.ipynb"]) is None
    assert [report.safe_field(v) for v in ("@SUM(A1)", "+1", "-1", "x=1")] == ["'@SUM(A1)", "'+1", "'-1", "x=1"]
    path = tmp_path / "t.csv"
    report.write_csv(path, ["student"], [{"student": "=HYPERLINK(\"x\")"}])
    assert path.read_text().splitlines()[1] == "\"'=HYPERLINK(\"\"x\"\")\""


def test_nbformat_3_is_upgraded(tmp_path):
    """A notebook saved as nbformat 3 is read as version 4, with a note."""
    import nbformat

    path = tmp_path / "old.ipynb"
    path.write_text(json.dumps(nbformat.convert(syn.solved("01_lagrange"), 3)), encoding="utf-8")
    nb, note, _ = precheck.read_notebook(path)
    assert nb.nbformat == 4 and note == "upgraded from nbformat 3 to 4"
    assert any(c.metadata.get("nbgrader", {}).get("grade_id") == "energies" for c in nb.cells)


def test_without_bwrap_grading_refuses_unless_told(tmp_path, monkeypatch):
    """No bwrap (macOS): grade() stops with a clear message; --unsafe-no-sandbox is required."""
    from course_lib.grading import autograde

    monkeypatch.setattr(sb, "bwrap_path", lambda: None)
    (tmp_path / "subs").mkdir()
    with pytest.raises(ValueError, match="bubblewrap \\(bwrap\\) is not installed"):
        autograde.grade(tmp_path / "subs", tmp_path / "out")
    assert not shutil.which("definitely-not-bwrap")


def test_a_venv_under_tmp_stays_visible_inside_the_sandbox(monkeypatch, tmp_path):
    """A checkout made with `mktemp -d` has its venv under /tmp: the sandbox's own empty /tmp must be
    mounted before the read-only binds, or it hides the Python the kernel runs (bwrap: execvp … No such file)."""
    venv = Path("/tmp/a-clone/.venv")
    monkeypatch.setattr(sb, "readonly_paths", lambda repo_root: [venv])
    import re

    line = " ".join(sb.command(["python"], tmp_path / "w", syn.REPO, sb.Limits(), "bwrap"))  # as root: one shell
    tmpfs = line.index("--tmpfs /tmp")
    binds = [m.start() for m in re.finditer(rf"--ro-bind \S+ {re.escape(str(venv))}\b", line)]
    assert binds and all(i > tmpfs for i in binds), line
