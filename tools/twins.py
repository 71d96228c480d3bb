"""Keep the Chinese lessons (``notebooks/zh/``) in step with the English ones (``notebooks/``).

The convention: the twin of ``notebooks/NN_name.ipynb`` is ``notebooks/zh/NN_name.ipynb``. It has the
same cells in the same order with the same ids. Its code cells are the English ones byte for byte, except
that the first code cell importing ``course_lib`` starts with :data:`LANGUAGE_LINE`. Its Markdown is
Chinese, with the same formulas (after whitespace normalisation), numbers, images and links (to the
twins, and to the same other targets or their ``.zh.md`` versions).

Usage::

    python tools/twins.py sync [NN ...]    # write each twin's code cells from the English; keep its Markdown
    python tools/twins.py check [NN ...]   # print every difference the convention forbids; exit 1 if any

    python tools/twins.py accept NN ...    # the Chinese of these lessons is up to date with their English

``NN`` limits sync and check to those lesson numbers (default: every lesson).

``sync`` gives a Markdown cell that is new in the English a placeholder: the English text under the
:data:`UNTRANSLATED` line, which ``check`` (and ``tests/test_twins.py``) reports until it is translated.
Each twin's Markdown cell records (metadata ``twins.en``) a fingerprint of the English it translates;
when the English cell changes, ``check`` reports the cell until its Chinese is updated and ``accept``ed.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path, PurePosixPath

REPO = Path(__file__).resolve().parents[1]
#: the first line of a twin's first code cell that imports course_lib
LANGUAGE_LINE = 'import course_lib; course_lib.set_language("zh")'
#: the first line of a Markdown cell that ``sync`` copied from the English and nobody has translated yet
UNTRANSLATED = "<!-- untranslated: write this cell in Chinese, then delete this line -->"
#: the key of a twin's Markdown cell metadata that records the English it translates
METADATA = "twins"
#: Latin words a Chinese lesson may use as they are: names of software, algorithms and symbols
ALLOWED_WORDS = frozenset(w.lower() for w in """
    Python JupyterLab Jupyter Notebook Binder Colab Chromium Isaac Sim URDF DH Segway SciPy Tedrake Underactuated Robotics Acrobot RNEA CRBA ABA LQR PD RK4 RMS sympy numpy scipy
    Pinocchio MuJoCo Drake Franka KUKA LBR iiwa ipywidgets anywidget pip kernel make lab SI Hessian MIT
    Lagrange Newton Euler Hamilton Coriolis Christoffel Kalman Runge Kutta Featherstone Khatib
    course_lib my_work zh en Kernel Restart Run All Cells Glossary
""".split())
#: names a Chinese lesson cites as they are published, whole (a title or standard is not translated; each word
#: alone is still English): the books, journals and standard the lessons cite. Keep it to cited names.
STANDARD_NAMES = (
    "Robot Modeling and Control", "Robotics: Modelling, Planning and Control", "Rigid Body Dynamics Algorithms",
    "International Journal of Robotics Research", "IEEE Transactions on Robotics and Automation",
    "IEEE Robotics and Automation Letters", "ISO/TS",
)
LESSON = re.compile(r"^\d\d_\w+\.ipynb$")
IMPORTS_COURSE_LIB = re.compile(r"^\s*(?:from|import)\s+course_lib\b", re.M)
FENCED = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
DISPLAY_MATH = re.compile(r"\$\$(.+?)\$\$", re.S)
INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$", re.S)
IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<img\b[^>]*\bsrc=[\"']([^\"']+)[\"']", re.I)
LINK = re.compile(r"(?<!!)\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<a\b[^>]*\bhref=[\"']([^\"']+)[\"']|<(https?://[^>\s]+)>", re.I)
NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?")
#: a file or folder name in the prose (``02_pendulum.ipynb``, ``01_lagrange``): a name, not English
FILE_NAME = re.compile(r"[\w./-]*(?:_|\.ipynb\b|\.md\b|\.py\b)[\w./-]*")
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z_'’-]*(?:[ \t,;:/()\"“”.!?-]+[A-Za-z][A-Za-z_'’-]*)+")


def english_lessons(repo: Path = REPO) -> list[Path]:
    """The English lessons, ``notebooks/NN_name.ipynb``, in order.

    Args:
        repo: the course repository.

    Returns:
        Their paths.

    >>> [p.name for p in english_lessons()][:1]
    ['00_start_here.ipynb']
    """
    return sorted(p for p in (repo / "notebooks").glob("*.ipynb") if LESSON.match(p.name))


def twin_path(english: Path) -> Path:
    """``notebooks/NN_name.ipynb`` → ``notebooks/zh/NN_name.ipynb``.

    >>> twin_path(Path("notebooks/02_pendulum.ipynb")).as_posix()
    'notebooks/zh/02_pendulum.ipynb'
    """
    return english.parent / "zh" / english.name


def source(cell: dict) -> str:
    """A cell's source as one string (nbformat allows a list of lines)."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def language_cell(cells: list[dict]) -> int | None:
    """Index of the first code cell that imports course_lib (the one that gets :data:`LANGUAGE_LINE`)."""
    return next((i for i, c in enumerate(cells) if c["cell_type"] == "code" and IMPORTS_COURSE_LIB.search(source(c))),
                None)


def twin_code(english_cells: list[dict], index: int) -> str:
    """The source a twin's code cell ``index`` must have: the English one, plus the language line if it is
    the first to import course_lib.

    >>> cells = [{"cell_type": "code", "source": "import sys"}, {"cell_type": "code", "source": "import course_lib"}]
    >>> twin_code(cells, 1).splitlines()[0] == LANGUAGE_LINE, twin_code(cells, 0)
    (True, 'import sys')
    """
    text = source(english_cells[index])
    return f"{LANGUAGE_LINE}\n{text}" if index == language_cell(english_cells) else text


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def dumps(notebook: dict) -> str:
    """The notebook as Jupyter saves it: one-space indent, UTF-8 kept, each source a list of lines."""
    cells = [{**c, "source": source(c).splitlines(keepends=True)} for c in notebook["cells"]]
    return json.dumps({**notebook, "cells": cells}, indent=1, ensure_ascii=False) + "\n"


def fingerprint(text: str) -> str:
    """A short hash of an English Markdown cell, kept in its twin's metadata (``twins.en``) to see it change.

    >>> fingerprint("# Lesson 1") == fingerprint("# Lesson 1"), fingerprint("a") == fingerprint("b")
    (True, False)
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def recorded(cell: dict) -> str | None:
    """The fingerprint of the English a twin's Markdown cell was translated from (None if not recorded)."""
    return cell.get("metadata", {}).get(METADATA, {}).get("en")


def sync_one(english: Path, twin: Path, accept: bool = False) -> list[str]:
    """Rewrite ``twin`` from ``english``: code cells copied (without outputs), Markdown kept by cell id.

    A kept Markdown cell keeps the fingerprint of the English it was translated from (a cell without one
    gets the current English's); ``accept`` records the current English for every cell, once the
    translation has been brought up to date.

    Args:
        english: the English lesson.
        twin: its Chinese twin (created if missing).
        accept: record the current English of every Markdown cell as translated.

    Returns:
        What changed, one line each (empty when the twin was in step).
    """
    en = read(english)
    old = read(twin) if twin.exists() else {"cells": []}
    kept = {c.get("id"): c for c in old["cells"] if c["cell_type"] == "markdown"}
    cells, changes = [], []
    for i, cell in enumerate(en["cells"]):
        new = {k: v for k, v in cell.items() if k not in ("outputs", "execution_count", "source")}
        if cell["cell_type"] == "code":
            new.update(execution_count=None, outputs=[], source=twin_code(en["cells"], i))
        elif cell["cell_type"] == "markdown":
            previous = kept.get(cell.get("id"))
            now = fingerprint(source(cell))
            if previous is not None:
                new["source"] = source(previous)
                translated_from = now if accept else (recorded(previous) or now)
                if translated_from != now:
                    changes.append(f"{twin.name}: cell {cell.get('id')}'s English changed since it was translated")
            else:
                new["source"] = f"{UNTRANSLATED}\n{source(cell)}"
                translated_from = now
                changes.append(f"{twin.name}: cell {cell.get('id')} is new, marked untranslated")
            new["metadata"] = {**cell.get("metadata", {}), METADATA: {"en": translated_from}}
        cells.append(new)
    dropped = [c.get("id") for c in old["cells"] if c.get("id") not in {c.get("id") for c in cells}]
    changes += [f"{twin.name}: cell {cid} is gone from the English, dropped" for cid in dropped]
    text = dumps({**en, "cells": cells})
    if not twin.exists() or twin.read_text(encoding="utf-8") != text:
        changes = changes or [f"{twin.name}: code cells or metadata brought in step"]
        twin.parent.mkdir(parents=True, exist_ok=True)
        twin.write_text(text, encoding="utf-8")
    return changes


def normalised_math(markdown: str) -> Counter:
    """Every ``$…$`` and ``$$…$$`` block outside code, normalised by :func:`normalise_formula`."""
    text = CODE_SPAN.sub(" ", FENCED.sub(" ", markdown))
    blocks = DISPLAY_MATH.findall(text)
    blocks += INLINE_MATH.findall(DISPLAY_MATH.sub(" ", text))
    return Counter(normalise_formula(b) for b in blocks)


def normalise_formula(formula: str) -> str:
    """A formula with the whitespace TeX ignores taken out: a space is kept only between two letters
    (as after a command like ``sin``), and there as one space.

    >>> normalise_formula(" x^2 +\\n   y "), normalise_formula("m  g l")
    ('x^2+y', 'm g l')
    """
    spaced = re.sub(r"\s+", " ", formula).strip()
    return re.sub(r"(?<![A-Za-z]) | (?![A-Za-z])", "", spaced)


def prose(markdown: str) -> str:
    """The Markdown without code, formulas, link targets, images and HTML tags: what is read as text."""
    text = FENCED.sub(" ", markdown)
    text = CODE_SPAN.sub(" ", text)
    text = DISPLAY_MATH.sub(" ", text)
    text = INLINE_MATH.sub(" ", text)
    text = IMAGE.sub(" ", text)
    text = re.sub(r"\]\([^)]*\)", "] ", text)
    text = re.sub(r"https?://\S+", " ", text)
    return re.sub(r"<[^>]+>", " ", text)


def numbers(markdown: str) -> set[str]:
    """The numbers written in the prose (outside formulas, code and link targets).

    >>> sorted(numbers("l1 = 1 m and $l_2 = 0.8$ m, `x = 3`, see [Lesson 5](05_mass_matrix.ipynb)"))
    ['1', '5']
    """
    return set(NUMBER.findall(prose(markdown)))


def targets(markdown: str, pattern: re.Pattern, folder: PurePosixPath) -> Counter:
    """Link or image targets, made relative to the repository (``folder`` is the notebook's folder)."""
    text = CODE_SPAN.sub(" ", FENCED.sub(" ", markdown))
    found = Counter()
    for m in pattern.finditer(text):
        url = next(g for g in m.groups() if g)
        if re.match(r"[a-z][a-z+.-]*:", url) or url.startswith("#"):
            found[url] += 1
            continue
        path, _, fragment = url.partition("#")
        parts: list[str] = list(folder.parts)
        for part in PurePosixPath(path).parts:
            if part == "..":
                parts = parts[:-1]
            elif part != ".":
                parts.append(part)
        found["/".join(parts) + (f"#{fragment}" if fragment else "")] += 1
    return found


def expected_target(target: str, repo: Path) -> set[str]:
    """The targets a twin may use for an English one: a lesson's twin; a document's ``.zh.md`` if it exists."""
    path, _, fragment = target.partition("#")
    p = PurePosixPath(path)
    if len(p.parts) == 2 and p.parts[0] == "notebooks" and LESSON.match(p.name):
        return {f"notebooks/zh/{p.name}"}
    chinese = p.with_name(p.stem + ".zh" + p.suffix) if p.suffix == ".md" else None
    if chinese is not None and (repo / chinese).exists():
        return {str(chinese), target}
    return {target}


def english_sentences(markdown: str) -> list[str]:
    """Runs of Latin words in a Chinese text with at least two words outside :data:`ALLOWED_WORDS`.

    >>> english_sentences("拖动肘部（Drag the elbow）。用 Pinocchio 和 MuJoCo 检查 [02_pendulum.ipynb](x)。")
    ['Drag the elbow']
    >>> english_sentences("见 *Robot Modeling and Control*，第 6 章；Robot control and modeling 不是书名。")
    ['Robot control and modeling']
    """
    found = []
    text = FILE_NAME.sub(" ", prose(markdown))
    for name in STANDARD_NAMES:
        text = text.replace(name, " ")
    for m in LATIN_RUN.finditer(text):
        words = re.findall(r"[A-Za-z][A-Za-z_'’-]*", m.group(0))
        if sum(len(w) > 1 and w.lower() not in ALLOWED_WORDS for w in words) >= 2:
            found.append(m.group(0).strip(" ,;:()/.-"))
    return found


def check_one(english: Path, twin: Path, repo: Path = REPO) -> list[str]:
    """Every way ``twin`` departs from the convention (see the module docstring), one line each.

    Args:
        english: the English lesson.
        twin: its Chinese twin.
        repo: the course repository (for link targets).

    Returns:
        The problems, each naming the notebook and the cell; empty when the twin is in step.
    """
    name = twin.relative_to(repo).as_posix() if twin.is_relative_to(repo) else str(twin)
    if not twin.exists():
        return [f"{english.name} has no twin at {name}"]
    en, zh = read(english)["cells"], read(twin)["cells"]
    en_ids, zh_ids = [c.get("id") for c in en], [c.get("id") for c in zh]
    if en_ids != zh_ids:
        missing = [i for i in en_ids if i not in zh_ids]
        extra = [i for i in zh_ids if i not in en_ids]
        return [f"{name}: cells differ from the English by id (missing {missing}, extra {extra}, "
                f"order {'same' if not missing and not extra else 'n/a'}): English {en_ids}, twin {zh_ids}"]
    problems = []
    en_folder, zh_folder = PurePosixPath("notebooks"), PurePosixPath("notebooks/zh")
    for i, (e, z) in enumerate(zip(en, zh)):
        where = f"{name}, cell {i} ({e.get('id')})"
        if e["cell_type"] != z["cell_type"]:
            problems.append(f"{where}: is {z['cell_type']}, the English is {e['cell_type']}")
            continue
        if e["cell_type"] == "code":
            if source(z) != twin_code(en, i):
                problems.append(f"{where}: code differs from the English"
                                + (f" (its first line must be {LANGUAGE_LINE!r})" if i == language_cell(en) else ""))
            continue
        if e["cell_type"] != "markdown":
            continue
        es, zs = source(e), source(z)
        if UNTRANSLATED in zs:
            problems.append(f"{where}: marked untranslated")
            continue
        if recorded(z) is None:
            problems.append(f"{where}: records no English it translates (run `tools/twins.py sync`)")
        elif recorded(z) != fingerprint(es):
            problems.append(f"{where}: the English changed since this cell was translated; bring the Chinese "
                            f"up to date, then run `tools/twins.py accept {english.name[:2]}`")
        if normalised_math(es) != normalised_math(zs):
            only_en = normalised_math(es) - normalised_math(zs)
            only_zh = normalised_math(zs) - normalised_math(es)
            problems.append(f"{where}: formulas differ: English only {sorted(only_en)}, twin only {sorted(only_zh)}")
        if numbers(es) != numbers(zs):
            problems.append(f"{where}: numbers differ: English only {sorted(numbers(es) - numbers(zs))}, "
                            f"twin only {sorted(numbers(zs) - numbers(es))}")
        for kind, pattern in (("links", LINK), ("images", IMAGE)):
            want = sorted(targets(es, pattern, en_folder).elements())
            got = sorted(targets(zs, pattern, zh_folder).elements())
            unmatched = list(got)
            missing = []
            for t in want:
                hit = next((g for g in unmatched if g in expected_target(t, repo)), None)
                if hit is None:
                    missing.append(t)
                else:
                    unmatched.remove(hit)
            if missing or unmatched:
                problems.append(f"{where}: {kind} differ: the English's {missing} have no counterpart; "
                                f"the twin's {unmatched} are not in the English")
        leftover = english_sentences(zs)
        if leftover:
            problems.append(f"{where}: English left in the Chinese: {leftover[:3]}")
        broken = re.findall(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]\n(?![\s|#>*$-]|\d+\.\s)", FENCED.sub("", zs))
        if broken:
            problems.append(f"{where}: a Chinese paragraph is broken over source lines ({len(broken)} times)")
    return problems


def check(repo: Path = REPO, numbers: tuple[str, ...] = ()) -> list[str]:
    """:func:`check_one` over every lesson (or those numbered ``numbers``), plus twins without an English lesson."""
    every = english_lessons(repo)
    lessons = [p for p in every if not numbers or p.name[:2] in numbers]
    problems = [p for en in lessons for p in check_one(en, twin_path(en), repo)]
    orphans = sorted({p.name for p in (repo / "notebooks" / "zh").glob("*.ipynb")} - {p.name for p in every})
    return problems + [f"notebooks/zh/{o} has no English lesson" for o in orphans]


def main(argv: list[str]) -> int:
    command, chosen = (argv[1] if len(argv) > 1 else ""), tuple(argv[2:])
    if command in ("sync", "accept"):
        lessons = [p for p in english_lessons() if not chosen or p.name[:2] in chosen]
        if command == "accept" and not chosen:
            print("accept needs the numbers of the lessons whose Chinese is up to date, e.g. `accept 03`")
            return 2
        changes = [c for en in lessons for c in sync_one(en, twin_path(en), accept=command == "accept")]
        print("\n".join(changes) or "every twin is in step with its English lesson")
        return 0
    if command == "check":
        problems = check(numbers=chosen)
        print("\n".join(problems) or "every twin follows the convention")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
