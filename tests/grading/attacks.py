"""Hostile and odd submissions, as a dishonest or unlucky student would hand them in.

Each builder returns {assignment: notebook}. Attack code carries :data:`MARK` in what it
writes, so the tests can look for it everywhere outside the sandbox.
"""

from __future__ import annotations

import copy
import os

import nbformat

from tests.grading import synthetic as syn

A1, A2, A3 = "01_lagrange", "02_arm_dynamics", "03_energy_integrators"
MARK = "GRADING_ATTACK_7f3a"

#: wrong answers for A2 (the identity matrix is no arm's M; gravity zero is no arm's g)
WRONG_A2 = {
    "mass_matrix": "def mass_matrix(q, p):\n    return np.eye(2)\n",
    "gravity": "def gravity(q, p):\n    return np.zeros(2)\n",
    "christoffel": "def coriolis_from_mass_matrix(M, q, qd):\n    return sp.zeros(len(q), len(q))\n",
    "coriolis": "def coriolis_matrix(q, qd, p):\n    return np.zeros((2, 2))\n",
}

#: every way the issue lists to make the in-kernel tests pass without doing the work
TAMPER = f'''
import types
import course_lib.grading.checks as _real_checks
from IPython import get_ipython
for _name in dir(_real_checks):
    if _name.startswith("check_") or _name in ("fail", "need", "call", "as_array"):
        setattr(_real_checks, _name, lambda *a, **k: None)
checks.fail = lambda message: None
ip = get_ipython()
ip.input_transformers_cleanup.append(lambda lines: ["pass\\n"] if any("checks." in l for l in lines) else lines)
ip.displayhook("ok")


class TwoLinkArm:                       # the reference the tests build, replaced
    def __init__(self, **kw):
        pass

    def mass_matrix(self, q):
        return np.eye(2)

    def gravity(self, q):
        return np.zeros(2)

    def coriolis_matrix(self, q, qd):
        return np.zeros((2, 2))


checks = types.SimpleNamespace(**{{n: (lambda *a, **k: None) for n in dir(_real_checks)}})
print("{MARK} tamper installed")
'''

#: looks for gradebooks, feedback pages, CSVs and solutions; rewrites, plants and leaks what it finds
VANDAL = f'''
import os, sqlite3, subprocess
_hits = []
for _top in ["/", os.getcwd(), os.path.expanduser("~")]:
    for _dir, _subs, _files in os.walk(_top):
        _subs[:] = [d for d in _subs if d not in ("usr", "proc", "sys", "dev", ".venv", "site-packages", ".pyenv",
                                                  "lib", "lib64", "bin", "sbin", "etc")]
        _hits += [os.path.join(_dir, f) for f in _files
                  if f.endswith((".db", ".html", ".csv", ".ipynb", ".txt")) or "solutions" in _dir]
for _h in sorted(set(_hits)):
    try:
        print("{MARK} read", _h, open(_h, errors="ignore").read()[:3000])
        if _h.endswith(".db"):
            _c = sqlite3.connect(_h); _c.execute("update grade set auto_score = 99"); _c.commit()
        elif _h.endswith(".html"):
            open(_h, "a").write("<script>{MARK}()</script>")
        else:
            open(_h, "a").write("{MARK}\\n")
    except Exception as _e:
        print("{MARK} failed on", _h, type(_e).__name__)
for _d in [os.path.expanduser("~/.ipython/profile_default/startup"), "/root/.ipython/profile_default/startup",
           "/tmp", os.path.dirname(os.path.dirname(__import__("course_lib").__file__))]:
    try:
        os.makedirs(_d, exist_ok=True)
        open(os.path.join(_d, "00-{MARK}.py"), "w").write(
            "import course_lib.grading.checks as c\\nc.fail = lambda m: None\\n")
    except Exception as _e:
        print("{MARK} cannot plant in", _d, type(_e).__name__)
subprocess.Popen(["sh", "-c", "sleep 4; echo {MARK} > /tmp/{MARK}-late; "
                  "find / -name '*.csv' -exec sh -c 'echo {MARK} >> \\"$1\\"' _ {{}} \\\\; 2>/dev/null"],
                 start_new_session=True)
if os.fork() == 0:
    os.setsid()
    import time
    time.sleep(4)
    open("/tmp/{MARK}-fork", "w").write("x")
    os._exit(0)
'''

#: prints whatever hidden data it can reach into its own feedback (its functions are right)
LEAK = f'''
_seen = globals().setdefault("_seen", [])
print("{MARK} leak", [k for k in globals() if k.startswith("_P")], globals().get("_P2"), _seen)
'''

XSS_HTML = (f'<script>{MARK}_xss()</script><img src=x onerror="{MARK}_xss()">'
            f'<iframe src="https://example.org/{MARK}"></iframe><a href="javascript:{MARK}_xss()">link</a>'
            f'<div onmouseover="{MARK}_xss()">hover</div>')


def _solved(assignment: str, overrides: dict[str, str] | None = None):
    return syn.solved(assignment, overrides)


def _append(nb, gid: str, code: str):
    cell = syn.cell_by_id(nb, gid)
    cell.source = cell.source + "\n" + code
    return nb


def tamperer() -> dict:
    """Wrong work, with every in-kernel trick: no-op checks, a fake reference arm, an input
    transformer that drops test cells, a display-hook 'ok', a rebound `checks`."""
    overrides = dict(WRONG_A2)
    overrides["mass_matrix"] = TAMPER + "\n" + WRONG_A2["mass_matrix"]
    return {A2: _solved(A2, overrides)}


def metadata_stripper() -> dict:
    """Blank work; the setup cell's nbgrader metadata deleted and a fake `checks` put in its place."""
    nb = syn.untouched(A1)
    setup = syn.cell_by_id(nb, "setup")
    setup.metadata.pop("nbgrader")
    setup.source = setup.source.replace("from course_lib.grading import checks",
                                        "import types\nchecks = types.SimpleNamespace(**{n: (lambda *a, **k: None) "
                                        "for n in ('need', 'check_numeric', 'check_equivalent', 'call', "
                                        "'check_close', 'random_states')})")
    for gid, src in {"energies": "T = 0\nV = 0\nL = T - V", "derivatives": "p_theta = dp_dt = dL_dtheta = 0",
                     "eom": "eom = sp.Eq(tau, tau)\ntheta_ddot_expr = 0"}.items():
        syn.cell_by_id(nb, gid).source = src
    return {A1: nb}


def vandal() -> dict:
    """Wrong RK4; walks the file system for gradebooks, feedback, CSVs and solutions, rewrites them,
    plants IPython startup files and leaves two detached processes behind."""
    return {A3: _solved(A3, {"rk4": VANDAL + "\n\ndef rk4_step(f, x, h):\n    return x\n"})}


def after_vandal() -> dict:
    """Wrong RK4, graded after the vandal: a planted startup file must not help it."""
    return {A3: _solved(A3, {"rk4": "def rk4_step(f, x, h):\n    return x + h * f(x)\n"})}


def leaker() -> dict:
    """Right functions that record their inputs; a later cell prints every hidden value it can find."""
    sol = syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A2]), "mass_matrix").source
    recording = sol.replace('    """M(q) in kg·m², shape (2, 2), for joint angles q = (θ1, θ2) in rad and parameters p."""',
                            '    """M(q)."""\n    globals().setdefault("_seen", []).append(dict(p))')
    assert recording != sol
    nb = _solved(A2, {"mass_matrix": recording})
    return {A2: _append(nb, "coriolis", LEAK)}


def xss() -> dict:
    """Right work; HTML, JavaScript, an event handler and an iframe in outputs and in the written answer."""
    nb = _solved(A1)
    _append(nb, "energies", "from IPython.display import HTML, Javascript, display\n"
                            f"display(HTML({XSS_HTML!r}))\ndisplay(Javascript('{MARK}_xss()'))")
    syn.cell_by_id(nb, "written_underactuation").source += "\n\n" + XSS_HTML
    return {A1: nb}


def noisy() -> dict:
    """Right work that prints debugging to stderr and raises a warning on every call."""
    sol = syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A2]), "gravity").source
    noisy_sol = sol.replace("    ### BEGIN SOLUTION", "    import sys, warnings\n"
                                                     "    print('debug: gravity called', file=sys.stderr)\n"
                                                     "    warnings.warn('just checking')\n    ### BEGIN SOLUTION")
    assert noisy_sol != sol
    return {A2: _solved(A2, {"gravity": noisy_sol})}


def exiter() -> dict:
    """Right work; the last solution cell (cart-pole) ends the kernel with os._exit(0)."""
    return {A1: _append(_solved(A1), "cartpole", "import os\nos._exit(0)")}


def alarmist() -> dict:
    """Right work; the last solution cell sets signal.alarm(1), which kills the kernel while it waits."""
    return {A3: _append(_solved(A3), "drift", "import signal, time\nsignal.alarm(1)\ntime.sleep(5)")}


def shortcut() -> dict:
    """M and g taken from the course's own TwoLinkArm instead of derived: right values, flagged."""
    return {A2: _solved(A2, {
        "mass_matrix": syn.cell_by_id(_solved(A2), "mass_matrix").source.replace(
            "    return np.array(mass_matrix_from_cos(np.cos(q[1]), p), dtype=float)",
            "    from course_lib.physics.models import TwoLinkArm as _Arm\n"
            "    return _Arm(**{k: v for k, v in p.items()}).mass_matrix(q)"),
        "gravity": "def gravity(q, p):\n    return TwoLinkArm(**p).gravity(q)\n"})}


def resource_hog() -> dict:
    """Right work; one cell asks for 3 GB, one forks 300 processes, one writes a 100 MB file."""
    nb = _solved(A2)
    _append(nb, "mass_matrix", "_hog = bytearray(3 * 1024**3)")
    _append(nb, "gravity", "import subprocess\n_kids = [subprocess.Popen(['sleep', '30']) for _ in range(300)]")
    _append(nb, "christoffel", "with open('big.bin', 'wb') as _fh:\n    _fh.write(b'0' * (100 * 1024**2))")
    return {A2: nb}


def no_grade_id() -> dict:
    """A solution cell whose grade_id was deleted: nbgrader cannot grade it; the reason is one line."""
    nb = _solved(A1)
    syn.cell_by_id(nb, "holding").metadata["nbgrader"].pop("grade_id")
    return {A1: nb}


def old_format() -> dict:
    """Right work saved as nbformat 3."""
    return {A3: nbformat.convert(copy.deepcopy(_solved(A3)), 3)}



# --- data routes: student values are data ---
# A solution cell whose value, once in the grader, would run code if the grader evaluated it: text
# in a dict key (sympify parses it), text as a function name (lambdify prints and execs it), or a
# power of numbers too large to build. Each payload writes a marker file on the host if it runs.

A5, A6, A7 = "05_identification", "06_recursive_dynamics", "07_motors_friction"


def data_route_marker(route: str) -> str:
    """The host file a payload of ``route`` writes if the grader ever runs it: named by this test process,
    so that another run on the machine (which sweeps ``/tmp/{MARK}-*``) neither makes nor removes it."""
    return f"/tmp/{MARK}.{os.getpid()}.{route}"


def _writes_marker(route: str) -> str:
    return f"__import__('pathlib').Path({data_route_marker(route)!r}).write_text({MARK!r})"


def dict_key_code() -> dict:
    """Right work; then T becomes a dict whose key is code (the route of 01: at_state → sympify → eval)."""
    return {A1: _append(_solved(A1), "energies", f"T = {{{_writes_marker('dict-key')!r}: 0}}")}


def function_name_code() -> dict:
    """Right work; then one entry of Y_sym applies a Function named by code (the route of 05: lambdify → exec)."""
    return {A5: _append(_solved(A5), "regressor_sym", "Y_sym = sp.Matrix(Y_sym)\n"
                        f"Y_sym[0, 0] = sp.Function({_writes_marker('function-name')!r})(theta1)")}


def nested_power() -> dict:
    """Right work; then the energy ratio is multiplied by Pow(Pow(10**40, 1000), 1000), unevaluated."""
    return {A3: _append(_solved(A3), "euler_energy", "energy_ratio = sp.Mul(sp.Pow(sp.Pow(sp.Integer(10**40), 1000, "
                        "evaluate=False), 1000, evaluate=False), energy_ratio, evaluate=False)")}


def _returns_as(name: str, form: str) -> str:
    """A cell's tail that makes the student's right function ``name`` return its answer as ``form``."""
    return f"_right_{name} = {name}\n\ndef {name}(*args):\n    return {form.format(f'_right_{name}(*args)')}\n"


def honest_forms() -> dict:
    """Right answers returned as np.matrix, sympy ImmutableMatrix, a tuple or a list of numpy scalars and nested
    lists (and a symbolic B as an ImmutableMatrix): they mean the right arrays, and earn every point."""
    a2 = _solved(A2)
    _append(a2, "mass_matrix", _returns_as("mass_matrix", "np.matrix({})"))
    _append(a2, "gravity", _returns_as("gravity", "tuple(np.float64(v) for v in {})"))
    _append(a2, "coriolis", _returns_as("coriolis_matrix", "sp.ImmutableMatrix({})"))
    a5 = _append(_solved(A5), "regressor_num", _returns_as("regressor", "np.matrix({})"))
    _append(a5, "estimate", _returns_as("identify", "[np.float64(v) for v in {}]"))
    a6 = _append(_solved(A6), "mass_matrix", _returns_as("mass_matrix_rnea", "np.asarray({}).tolist()"))
    a7 = _append(_solved(A7), "standard_form", _returns_as("joint_torque", "tuple(np.float64(v) for v in {})"))
    _append(a7, "rotors", "B = sp.ImmutableMatrix(B)")
    _append(a7, "ledger", _returns_as("friction_work", "np.asarray({}).tolist()"))
    return {A2: a2, A5: a5, A6: a6, A7: a7}


DATA_ROUTES = {"dict_key_code": dict_key_code, "function_name_code": function_name_code,
               "nested_power": nested_power, "honest_forms": honest_forms}

CASES = {
    "tamperer": tamperer, "metadata_stripper": metadata_stripper, "vandal": vandal,
    "zz_after_vandal": after_vandal, "leaker": leaker, "xss": xss, "noisy": noisy, "exiter": exiter,
    "alarmist": alarmist, "shortcut": shortcut, "resource_hog": resource_hog, "no_grade_id": no_grade_id,
    "old_format": old_format,
    **DATA_ROUTES,
}


# --- resources, files and processes ---

import tempfile  # noqa: E402
import unicodedata  # noqa: E402
from pathlib import Path  # noqa: E402

A6 = "06_recursive_dynamics"
#: a root-owned folder and file on the host that a student's links point at; nothing may change them
CANARY_DIR = Path(tempfile.gettempdir()) / f"canary-{MARK}"
CANARY_FILE = CANARY_DIR / "owned-by-root.txt"
CANARY_TEXT = "root's file: its owner, mode and content stay as they are\n"
#: the small limits the shared run configures (MB), so that filling them is fast
TMP_MB, WORK_MB = 32, 80
#: one student id, written composed (NFC) and decomposed (NFD): the two read the same
NFC_ID, NFD_ID = unicodedata.normalize("NFC", "josé"), unicodedata.normalize("NFD", "josé")

#: a dict key the trusted test hands to sympify (the issue's route into the checker's process): it
#: replaces every run_test of the grader's modules by one that passes, for as long as the process lives
PATCH_KEY = ("(lambda: [[setattr(m, 'run_test', lambda *a, **k: (True, '', '')) for m in list("
             "__import__('sys').modules.values()) if getattr(m, '__name__', '').startswith("
             "'course_lib.grading') and hasattr(m, 'run_test')], 0][1])()")


def link_then_exit() -> dict:
    """Right work; the cart-pole cell plants links to a root-owned host folder and file in its work
    folder and ends the kernel, so that the grader restarts it for the earlier hidden tests."""
    return {A1: _append(_solved(A1), "cartpole",
                        f"import os\nos.symlink({str(CANARY_FILE)!r}, 'link_file')\n"
                        f"os.symlink({str(CANARY_DIR)!r}, 'link_dir')\nos.makedirs('sub', exist_ok=True)\n"
                        f"os.symlink({str(CANARY_FILE)!r}, 'sub/link_file')\nos._exit(0)")}


def printing_loop() -> dict:
    """Right work; the last solution cell then prints forever (with flush: a message every moment)."""
    return {A6: _append(_solved(A6), "forward", 'while True:\n    print("x", flush=True)')}


def _filler(folder: str) -> str:
    return (f"import os\nfor _k in range(12):\n    with open(os.path.join({folder}, f'{MARK}-fill-{{_k}}'), 'wb') as _fh:\n"
            "        _fh.write(b'0' * (8 * 1024**2))")


def tmp_filler() -> dict:
    """Right work; a cell writes 96 MB into the sandbox's /tmp (12 files of 8 MB, each under the file limit)."""
    return {A2: _append(_solved(A2), "gravity", _filler("'/tmp'"))}


def work_filler() -> dict:
    """Right work; a cell writes 96 MB into its work folder (the kernel's current folder)."""
    return {A2: _append(_solved(A2), "gravity", _filler("os.getcwd()"))}


def patcher() -> dict:
    """Blank work, but T is a dict whose key patches the checker's run_test when the test sympifies it."""
    nb = syn.untouched(A1)
    syn.cell_by_id(nb, "energies").source = f"T = {{{PATCH_KEY!r}: 0}}\nV = 0\nL = 0"
    return {A1: nb}


def after_patcher() -> dict:
    """Blank work, graded after the patcher: a patch of the checker must not pass it."""
    return {A1: syn.untouched(A1)}


#: students whose work runs into a bound, plants links or patches the checker
RESOURCE_CASES = {"link_then_exit": link_then_exit, "printing_loop": printing_loop, "tmp_filler": tmp_filler,
                  "work_filler": work_filler, "patcher": patcher, "zz_after_patcher": after_patcher}
CASES.update(RESOURCE_CASES)


def plant_canary() -> None:
    """The root-owned folder and file the links point at, made afresh before grading."""
    import shutil

    shutil.rmtree(CANARY_DIR, ignore_errors=True)
    CANARY_DIR.mkdir(mode=0o755)
    CANARY_FILE.write_text(CANARY_TEXT, encoding="utf-8")
    CANARY_FILE.chmod(0o644)


def save_linked(root: Path) -> dict[str, str]:
    """Submissions that are links: a notebook linked to the instructor's, an assignment folder linked to
    another student's, and the same id written NFC and NFD. Returns {student: what it is}."""
    import os

    solution = syn.notebook_paths(syn.SOLUTIONS)[A1]
    folder = root / "linked_notebook" / A1
    folder.mkdir(parents=True)
    os.symlink(solution, folder / solution.name)
    real = syn.save(_solved(A2), root / ".." / "elsewhere", "x", A2).parent
    (root / "linked_folder").mkdir()
    os.symlink(real.resolve(), root / "linked_folder" / A2)
    for student in (NFC_ID, NFD_ID):
        syn.save(_solved(A1), root, student, A1)
    return {"linked_notebook": "a notebook linked to solutions/", "linked_folder": "a folder linked elsewhere",
            NFC_ID: "NFC", NFD_ID: "NFD"}
