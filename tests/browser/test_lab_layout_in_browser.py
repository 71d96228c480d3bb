"""Each lab fits a 1366×768 laptop screen in JupyterLab: scene, controls, live equation and whole checklist in view.

The learner scrolls the notebook so that the lab's output starts at the top of
the notebook's view (the best they can do); then the scene, every control and
every task of the "Try this" checklist must lie inside the view, with the left
sidebar (file browser) open, as JupyterLab starts, and closed. A screenshot of
each case goes to reports/browser/layout-<notebook>-<sidebar>.png.
"""

from __future__ import annotations

import pytest

from .notebook_page import opened_notebook

LAB_NOTEBOOKS = ("00_start_here.ipynb", "02_pendulum.ipynb", "03_two_link_arm.ipynb",
                 "06_coriolis_christoffel.ipynb", "07_operational_space_inertia.ipynb", "09_identification.ipynb",
                 "10_recursive_dynamics.ipynb", "11_motors_friction.ipynb", "08_computed_torque.ipynb")
#: notebooks whose every lab (not just the first) is measured, with its readout table(s) in view too
EVERY_LAB_AND_TABLE = ("08_computed_torque.ipynb",)

#: the lab's output aligned with the top of the notebook's scroll view; boxes (top, bottom, left, right) of its parts
MEASURE = """(cell) => {
  const scene = cell.querySelector('.cl-scene');
  const output = scene.closest('.jp-OutputArea-output');
  let view = output.parentElement;
  while (view && !(view.scrollHeight > view.clientHeight && /(auto|scroll)/.test(getComputedStyle(view).overflowY)))
    view = view.parentElement;
  view.scrollTop += output.getBoundingClientRect().top - view.getBoundingClientRect().top - 4;
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
  const title = [...output.querySelectorAll('b')].find((b) => b.textContent.trim() === 'Try this');
  const tasks = title ? [...title.closest('.cl-tasks').querySelector('.cl-task-list').children] : [];
  const controls = [...output.querySelectorAll('.widget-slider, .widget-button, .widget-toggle-button, .widget-dropdown')];
  const formula = [...output.querySelectorAll('.cl-scene-formula')].filter((f) => f.offsetHeight > 0);
  const tables = [...output.querySelectorAll('table')].filter((t) => t.offsetHeight > 0);
  return {view: box(view), scene: box(scene.querySelector('canvas')), tables: tables.map(box), tasks: tasks.map(box), formula: formula.map(box),
          formulaLines: formula.map((f) => { const s = getComputedStyle(f);
            const drawn = (f.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom)) / parseFloat(s.lineHeight);
            return [Math.round(drawn), f.textContent.split("\\n").length]; }),
          controls: controls.map(box), window: [window.innerWidth, window.innerHeight]};
}"""


def set_left_sidebar(page, open_: bool) -> None:
    """Open or close JupyterLab's left area (the file browser) as a learner would, by its tab."""
    is_open = page.evaluate("() => { const s = document.querySelector('#jp-left-stack');"
                            " return !!s && s.offsetWidth > 0 && !s.classList.contains('lm-mod-hidden'); }")
    if is_open != open_:
        page.locator('.jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id="filebrowser"]').click()
        page.wait_for_timeout(500)


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("notebook", LAB_NOTEBOOKS)
def test_scene_controls_and_whole_checklist_fit_a_1366x768_screen(notebook, jupyter, browser, reports_dir):
    server = jupyter("lab")
    with opened_notebook(browser, server, notebook, run_timeout_ms=150_000, viewport=(1366, 768),
                         shutdown_kernels=True) as nb:
        page = nb.page
        cell = nb.lab_cell()
        assert cell is not None and cell.locator(".cl-scene canvas").count()
        cells = [(cell, "")]
        if notebook in EVERY_LAB_AND_TABLE:
            every = page.locator(".jp-Notebook .jp-CodeCell").filter(has=page.locator(".jp-OutputArea .cl-scene canvas"))
            cells = [(every.nth(i), f"-lab{i + 1}") for i in range(every.count())]
        problems = []
        for (cell, which), sidebar in ((c, s) for c in cells for s in ("open", "closed")):
            set_left_sidebar(page, sidebar == "open")
            m = cell.evaluate(MEASURE)
            page.wait_for_timeout(300)
            m = cell.evaluate(MEASURE)
            page.screenshot(path=str(reports_dir / "browser" / f"layout-{notebook[:-6]}{which}-sidebar-{sidebar}.png"))
            top, bottom, left, right = m["view"]
            assert m["tasks"] and m["controls"], f"{notebook}: found no checklist or no controls in the lab"
            tables = m["tables"] if notebook in EVERY_LAB_AND_TABLE else []
            sidebar = f"{which[1:]} {sidebar}".strip()
            for name, boxes in (("scene", [m["scene"]]), ("control", m["controls"]), ("task", m["tasks"]),
                                ("live equation", m["formula"]), ("readout table", tables)):
                for i, (t, b, l, r) in enumerate(boxes):
                    if t < top - 1 or b > bottom + 1 or l < left - 1 or r > right + 1:
                        problems.append(f"sidebar {sidebar}: {name} {i + 1} at y {t:.0f}…{b:.0f}, x {l:.0f}…{r:.0f} "
                                        f"is outside the notebook's view y {top:.0f}…{bottom:.0f}, "
                                        f"x {left:.0f}…{right:.0f}")
            problems += [f"sidebar {sidebar}: the live equation takes {drawn} lines for its {rows} rows (a row wraps)"
                         for drawn, rows in m["formulaLines"] if drawn > rows]
        assert not problems, f"{notebook} at 1366×768 in JupyterLab:\n" + "\n".join(problems)
