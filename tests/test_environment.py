"""Binder's environment.yml must promise what pyproject.toml promises.

A learner on Binder and a learner with `make lab` must get the same versions
of the same libraries; these tests fail the moment the two files drift.
"""

from __future__ import annotations

import re
from pathlib import Path

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[1]


def pyproject_requirements() -> dict[str, SpecifierSet]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    reqs = [Requirement(r) for r in data["project"]["dependencies"]]
    return {r.name.lower(): r.specifier for r in reqs}


def conda_environment(text: str | None = None) -> dict:
    return yaml.safe_load(text if text is not None else (ROOT / "environment.yml").read_text())


def conda_requirements(text: str | None = None) -> dict[str, SpecifierSet]:
    out = {}
    for dep in conda_environment(text)["dependencies"]:
        if not isinstance(dep, str):
            continue
        name, spec = re.match(r"^([A-Za-z0-9_.\-]+)\s*(.*)$", dep.strip()).groups()
        if name.lower() in {"python", "pip"}:
            continue
        out[name.lower()] = SpecifierSet(spec.replace(" ", ""))
    return out


def test_every_runtime_dependency_is_in_both_files():
    py, conda = pyproject_requirements(), conda_requirements()
    assert sorted(py) == sorted(conda), (
        f"only in pyproject.toml: {sorted(set(py) - set(conda))}; "
        f"only in environment.yml: {sorted(set(conda) - set(py))}"
    )


def test_version_ranges_agree():
    py, conda = pyproject_requirements(), conda_requirements()
    differing = {name: (str(py[name]), str(conda[name])) for name in py if name in conda and py[name] != conda[name]}
    assert not differing, f"version ranges differ (pyproject, environment.yml): {differing}"


def test_binder_python_is_one_the_course_supports():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    supported = SpecifierSet(data["project"]["requires-python"])
    pins = [d for d in conda_environment()["dependencies"] if isinstance(d, str) and d.startswith("python=")]
    assert len(pins) == 1, "environment.yml must pin exactly one python version"
    assert pins[0].split("=", 1)[1] + ".0" in supported


def test_binder_installs_the_course_itself_from_conda_forge():
    env = conda_environment()
    assert env["channels"] == ["conda-forge"]
    pip_sections = [d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d]
    assert pip_sections == [["-e ."]], "the course must be pip-installed from the repository checkout"


def test_the_drift_check_notices_a_changed_range_and_a_missing_package():
    """The comparison itself can fail: a doctored environment.yml is caught."""
    original = (ROOT / "environment.yml").read_text()
    assert "numpy >=1.26,<3" in original and "  - sympy >=1.12,<2\n" in original
    loosened = conda_requirements(original.replace("numpy >=1.26,<3", "numpy >=1.20"))
    assert loosened["numpy"] != pyproject_requirements()["numpy"]
    missing = conda_requirements(original.replace("  - sympy >=1.12,<2\n", ""))
    assert set(pyproject_requirements()) - set(missing) == {"sympy"}
