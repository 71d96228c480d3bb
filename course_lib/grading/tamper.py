"""Flags for the instructor: code in a submission that tampers with grading or takes a shortcut.

The flags never change a score (the trusted checker already decides the score without
trusting the kernel); they go to ``flags.txt`` so that an instructor can look at the cell.

- **tampering**: assigning to ``checks`` or to a name the setup cells define; using
  ``get_ipython``, the display hook, input transformers, ``builtins``, ``sqlite3``,
  ``subprocess``, ``signal``, ``os._exit``, ``ctypes``, ``__import__`` or ``importlib``;
- **shortcuts**: inside a solution cell that is meant to derive a quantity, calling the
  course's own implementation of it (:data:`OFF_LIMITS`; each exercise states the rule in its text).

>>> [f for f in code_flags("checks.fail = lambda m: None", {"checks"})]
["assigns to 'checks' (defined by the setup cells)"]
>>> shortcut_flags("M = TwoLinkArm(**p).mass_matrix(q)", ("TwoLinkArm",))
['uses TwoLinkArm, which this exercise asks you to derive yourself']
"""

from __future__ import annotations

import ast

#: names whose use in a student's cell is worth an instructor's look
SUSPICIOUS_NAMES = {
    "get_ipython": "get_ipython (the kernel's internals)",
    "displayhook": "the display hook",
    "input_transformers_cleanup": "IPython input transformers",
    "input_transformers_post": "IPython input transformers",
    "input_transformer_manager": "IPython input transformers",
    "builtins": "builtins", "__builtins__": "builtins", "sqlite3": "sqlite3", "subprocess": "subprocess",
    "signal": "signal", "_exit": "os._exit", "ctypes": "ctypes", "__import__": "__import__",
    "importlib": "importlib", "alarm": "signal.alarm", "setrecursionlimit": "sys.setrecursionlimit",
}

#: per assignment, per solution cell: the course's implementations that cell must not call
OFF_LIMITS: dict[str, dict[str, tuple[str, ...]]] = {
    "01_lagrange": {cell: ("Pendulum", "CartPole", "course_lib", "models", "symbolic")
                    for cell in ("energies", "derivatives", "eom", "holding", "cartpole")},
    "02_arm_dynamics": {cell: ("TwoLinkArm", "course_lib", "models", "symbolic", "coriolis_matrix_sym")
                        for cell in ("mass_matrix", "gravity", "christoffel", "coriolis")},
    "03_energy_integrators": {cell: ("sim", "course_lib", "simulate")
                              for cell in ("rk4", "euler_energy", "ledger", "drift")},
    "06_recursive_dynamics": {cell: ("course_lib", "chains", "Chain", "crba", "aba", "rnea_passes", "models")
                              for cell in ("rnea", "mass_matrix", "forward")},
    "04_computed_torque": {
        "law": ("course_lib", "control", "computed_torque", "inverse_dynamics", "bias", "sim",
                "tracking_controller"),
        "gains": ("course_lib", "control"),
        "simulate": ("course_lib", "sim", "simulate", "LiveSim", "live", "STEPPERS")},
    "05_identification": {cell: ("TwoLinkArm", "course_lib", "models", "identification", "inverse_dynamics",
                                 "regressor_entries", "base_parameters", "experiment", "EXCITATIONS")
                          for cell in ("regressor_sym", "regressor_num", "estimate", "score")},
    "07_motors_friction": {cell: ("course_lib", "MotorArm", "SmoothedMotorArm", "models", "chains", "symbolic",
                                  "inverse_dynamics", "forward_dynamics", "rotor_mass_matrix", "rotor_entries",
                                  "motor_mass_matrix", "textbook_mass_matrix", "friction_torque", "friction_power",
                                  "smooth_sign", "simulate", "sim")
                           for cell in ("rotors", "standard_form", "breakaway", "simulate", "ledger")},
}


def defined_names(source: str) -> set[str]:
    """Top-level names a cell defines (assignments, functions, classes, imports)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return names


def _parse(source: str) -> ast.AST | None:
    try:
        return ast.parse(source)
    except SyntaxError:
        return None


def code_flags(source: str, protected: set[str]) -> list[str]:
    """Tampering in one cell: assignments to ``protected`` names and suspicious names used."""
    tree = _parse(source)
    if tree is None:
        return []
    flags: list[str] = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.withitem)):
            targets = [getattr(node, "target", None) or getattr(node, "optional_vars", None)]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in protected:
            flags.append(f"redefines {node.name!r} (defined by the setup cells)")
        elif isinstance(node, (ast.Global, ast.Delete)):
            names = node.names if isinstance(node, ast.Global) else [
                n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            flags += [f"declares or deletes {n!r} (defined by the setup cells)" for n in names if n in protected]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound = (alias.asname or alias.name).split(".")[0]
                if bound in protected:
                    flags.append(f"rebinds {bound!r} with an import (defined by the setup cells)")
        for target in filter(None, targets):
            for sub in ast.walk(target):
                base = sub
                while isinstance(base, (ast.Attribute, ast.Subscript)):
                    base = base.value
                if isinstance(base, ast.Name) and base.id in protected and isinstance(
                        getattr(sub, "ctx", None), ast.Store):
                    flags.append(f"assigns to {base.id!r} (defined by the setup cells)")
    used = _names_used(tree)
    for name in sorted(used & set(SUSPICIOUS_NAMES)):
        flags.append(f"uses {SUSPICIOUS_NAMES[name]}")
    return list(dict.fromkeys(flags))


def _names_used(tree: ast.AST) -> set[str]:
    """Every name, attribute and imported module part that a cell's code mentions."""
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            used.update(part for a in node.names for part in a.name.split("."))
            if isinstance(node, ast.ImportFrom) and node.module:
                used.update(node.module.split("."))
    return used


def shortcut_flags(source: str, off_limits: tuple[str, ...]) -> list[str]:
    """Calls of the course's own implementation inside a cell meant to derive it."""
    tree = _parse(source)
    if tree is None:
        return []
    used = _names_used(tree)
    return [f"uses {name}, which this exercise asks you to derive yourself"
            for name in off_limits if name in used]


def notebook_flags(cells: list[dict], assignment: str, setup_names: set[str]) -> list[str]:
    """Every flag of a submitted notebook's student cells, each naming its cell."""
    protected = set(setup_names) | {"checks"}
    policy = OFF_LIMITS.get(assignment, {})
    out: list[str] = []
    for number, cell in enumerate(cells, start=1):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell.get("cell_type") != "code" or (meta.get("locked") and not meta.get("solution")):
            continue   # locked cells are restored from the gradebook; only the student's cells count
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        lines = "\n".join(line for line in source.split("\n") if not line.lstrip().startswith(("%", "!")))
        where = f"cell {meta.get('grade_id') or cell.get('id') or number!r}"
        found = code_flags(lines, protected)
        if meta.get("grade_id") in policy:
            found += shortcut_flags(lines, policy[meta["grade_id"]])
        out += [f"{where}: {f}" for f in found]
    return out
