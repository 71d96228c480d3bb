"""Helpers for the fast tests of student data crossing into the grader (no sandbox, no nbgrader).

- :class:`FakeKernel` stands for the sandboxed kernel: it runs the grader's probe code in a
  namespace of Python values built by a test (the "student's" globals) and answers as the
  real kernel does, with the text of the probe's JSON;
- :class:`Spies` records every call of ``eval``, ``exec``, sympy's ``parse_expr`` and the
  code generation of ``lambdify`` while the grader's side runs;
- :func:`grade_cell` runs one test cell of ``solutions/`` in the grader's way
  (:func:`course_lib.grading.checker.run_test`) against such a kernel.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import os
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sympy.parsing import sympy_parser

from course_lib.grading import checker, remote, trusted
from course_lib.grading.kernel import Result
from tests.grading import synthetic as syn

#: sympy's lambdify module (``sympy.utilities.lambdify`` the attribute is the function)
sympy_lambdify = importlib.import_module("sympy.utilities.lambdify")
#: the real builtins, captured before any spy replaces them
REAL_EVAL, REAL_EXEC = builtins.eval, builtins.exec


class FakeKernel:
    """The student's kernel, in this process: the probe code runs over ``namespace``.

    Args:
        namespace: the student's globals (values and functions built by the test).
        spies: paused while the "kernel" runs, so only the grader's side is watched.
    """

    def __init__(self, namespace: dict, spies: Spies | None = None):
        self.namespace, self.spies = namespace, spies

    def execute(self, code: str, timeout: float, record: bool = True) -> Result:
        result = Result()
        tree = ast.parse(code)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with self.spies.paused() if self.spies else contextlib.nullcontext():
            try:
                REAL_EXEC(compile(tree, "<kernel>", "exec"), self.namespace)
                if last is not None:
                    value = REAL_EVAL(compile(ast.Expression(last.value), "<kernel>", "eval"), self.namespace)
                    result.value = repr(value)
            except Exception as err:  # noqa: BLE001 - reported as the kernel reports it
                result.error = {"ename": type(err).__name__, "evalue": str(err), "traceback": []}
        return result


def _texts(obj: Any) -> list[str]:
    """The texts an eval/exec argument carries: a string, or a code object's names and constants."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, bytes):
        return [obj.decode("utf-8", "replace")]
    if isinstance(obj, types.CodeType):
        found = [obj.co_filename, *obj.co_names, *obj.co_varnames]
        for const in obj.co_consts:
            found.extend(_texts(const))
        return found
    return []


class Spies:
    """While active, every call of eval, exec, parse_expr and lambdify's code generation is recorded.

    ``calls`` holds (what was called, the texts it received), for the calls made while not paused.
    """

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []
        self._paused = 0

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        self._paused += 1
        try:
            yield
        finally:
            self._paused -= 1

    def _record(self, kind: str, texts: list[str]) -> None:
        if not self._paused:
            self.calls.append((kind, texts))

    def seen(self, *marks: str) -> list[tuple[str, list[str]]]:
        """The recorded calls whose texts hold one of ``marks``."""
        return [(kind, texts) for kind, texts in self.calls if any(m in t for t in texts for m in marks)]

    @contextlib.contextmanager
    def active(self) -> Iterator[Spies]:
        spies = self
        real_parse, real_doprint = sympy_parser.parse_expr, sympy_lambdify._EvaluatorPrinter.doprint

        def eval_spy(source, *args, **kwargs):
            spies._record("eval", _texts(source))
            return REAL_EVAL(source, *args, **kwargs)

        def exec_spy(source, *args, **kwargs):
            # a module's own code, run by the import system (sympy loads some submodules on first use),
            # comes from a file on disk: it carries no student text
            if not (isinstance(source, types.CodeType) and os.path.isfile(source.co_filename)):
                spies._record("exec", _texts(source))
            return REAL_EXEC(source, *args, **kwargs)

        def parse_spy(s, *args, **kwargs):
            spies._record("parse_expr", [str(s)])
            return real_parse(s, *args, **kwargs)

        def doprint_spy(printer, funcname, args, expr, **kwargs):
            spies._record("lambdify", [str(funcname), str(args), str(expr)])
            return real_doprint(printer, funcname, args, expr, **kwargs)

        builtins.eval, builtins.exec = eval_spy, exec_spy
        sympy_parser.parse_expr = parse_spy
        sympy_lambdify._EvaluatorPrinter.doprint = doprint_spy
        try:
            yield self
        finally:
            builtins.eval, builtins.exec = REAL_EVAL, REAL_EXEC
            sympy_parser.parse_expr = real_parse
            sympy_lambdify._EvaluatorPrinter.doprint = real_doprint


def solution_notebook(assignment: str) -> checker.TrustedNotebook:
    """The instructor's notebook of ``assignment``, read as the grader reads it and handed to the checker."""
    instructor = trusted.InstructorNotebook(Path(syn.notebook_paths(syn.SOLUTIONS)[assignment]))
    return checker.TrustedNotebook(instructor.setup_source, instructor.tests)


def grade_cell(notebook: checker.TrustedNotebook, grade_id: str, student: dict,
               spies: Spies | None = None) -> tuple[bool, str, str]:
    """Run the trusted test ``grade_id`` against the student's ``student`` globals, as the grader does.

    Returns:
        (passed, error name, message) of :func:`course_lib.grading.checker.run_test`.
    """
    namespace = notebook.namespace()
    channel = remote.Channel(FakeKernel(student, spies), 30, notebook.functions, notebook.symbols)
    return checker.run_test(notebook.tests[grade_id], namespace, channel, grade_id, 120)


def student_globals(assignment: str, overrides: dict[str, str] | None = None) -> dict:
    """The globals of a kernel that ran every cell of the solved exercise but its tests.

    Args:
        assignment: e.g. ``"01_lagrange"``.
        overrides: solution cell grade_id -> source, as in :func:`grading.synthetic.solved`.
    """
    nb = syn.solved(assignment, overrides)
    namespace: dict = {"__name__": "__main__"}
    for cell in nb.cells:
        if cell.cell_type == "code" and not trusted.is_test(cell):
            REAL_EXEC(compile(cell.source, f"<{syn.grade_id(cell)}>", "exec"), namespace)
    return namespace
