# The course's commands. `make lab` to learn, `make test` to check everything.
# Both create .venv on first use and refresh it only when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check -q
LAB_STAMP  := $(VENV)/.stamp-lab
TEST_STAMP := $(VENV)/.stamp-test

# Open a browser only where there is a display (macOS always has one).
NO_BROWSER := $(shell if [ "$$(uname)" = Linux ] && [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then echo --no-browser; fi)
ALLOW_ROOT := $(shell if [ "$$(id -u)" = 0 ]; then echo --allow-root; fi)

.PHONY: badges lab test test-fast test-pythons bench bench-scaling bench-browser bench-grading exercises grade browser-deps node-deps sandbox-deps classroom classroom-deps bench-classroom clean help

help:
	@echo "make lab        copy the notebooks into my_work/ (once) and start JupyterLab on the first lesson"
	@echo "make lab LESSON_LANG=zh  the same, opening the first lesson in Chinese (notebooks/zh/)"
	@echo "make test       install the test extras and run the whole suite (the one complete check)"
	@echo "make test-fast  for development, < 3 min: the unit, property and doctests of the code only; leaves out"
	@echo "                what drives other programs at length: the browser, grading and classroom tests, and the"
	@echo "                whole-lesson runs (marker lesson_run: nbval, the twins' labs, figure layout, lesson 5's kernel)"
	@echo "make test-pythons  run the fast suite under every supported Python found (pyenv or PATH)"
	@echo "make bench      print the benchmark table"
	@echo "make bench-scaling  re-measure lesson 10's cost curves (course_lib/physics/chains/scaling.json)"
	@echo "make bench-browser  measure the scene in Chromium (JupyterLab, Notebook 7, +100 ms link) and print it"
	@echo "make badges     rewrite every Binder/Colab badge from [tool.course] repository in pyproject.toml"
	@echo "make exercises  regenerate exercises/ from solutions/ (nbgrader)"
	@echo "make grade SUBMISSIONS=dir [GRADE_OPTS=\"--jobs N --output DIR --autograded\"]"
	@echo "make bench-grading  time the sandboxed grader on a synthetic class (STUDENTS=30 JOBS=2)"
	@echo "make classroom  (root) a trial class on JupyterHub at 127.0.0.1:8000: one instructor, two students"
	@echo "make bench-classroom  (root) collect and autograde a synthetic class through the hub (STUDENTS=30 JOBS=2)"

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(LAB_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PIP) install -e .
	@touch $@

$(TEST_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PIP) install -e '.[test]'
	@touch $(LAB_STAMP) $@

# Extra JupyterLab options, e.g. `make lab LAB_ARGS=--port=9999`.
LAB_ARGS ?=

# The learner's own copy of notebooks/ and exercises/ (git-ignored; never overwritten).
WORK ?= my_work
# The lessons' language: en (notebooks/) or zh (the Chinese lessons, notebooks/zh/).
LESSON_LANG ?= en
START := /lab/tree/notebooks/$(if $(filter zh,$(LESSON_LANG)),zh/)00_start_here.ipynb

# Serves $(WORK); the printed address (and the browser) open the first lesson, whatever
# workspace an earlier session left behind.
lab: $(LAB_STAMP)
	@$(PY) tools/make_workspace.py "$(WORK)"
	$(VENV)/bin/jupyter lab --ServerApp.root_dir="$(abspath $(WORK))" --LabApp.default_url=$(START) \
		$(NO_BROWSER) $(ALLOW_ROOT) $(LAB_ARGS)

# Debian's Chromium drives the browser tests (Playwright's own browser download
# is not used). Installed with apt-get when it is missing on a Debian/Ubuntu host, with
# a Chinese font (fonts-noto-cjk) so that the labs and quizzes in Chinese render as text,
# and axe-core (pinned, from the npm registry, into .venv/axe) for the accessibility test.
browser-deps:
	@bash tools/ensure_chromium.sh
	@bash tools/ensure_cjk_font.sh
	@bash tools/ensure_axe.sh

# Node.js runs the scene widget's JavaScript unit tests (tests/js, via tests/test_scene_js.py).
node-deps:
	@bash tools/ensure_node.sh

# Debian's bubblewrap sandboxes every submission during grading; installed with apt-get when missing.
sandbox-deps:
	@bash tools/ensure_bwrap.sh

# JupyterHub's proxy, configurable-http-proxy, from the npm registry into .venv/chp (classroom/).
classroom-deps: node-deps
	@bash tools/ensure_chp.sh

# Parallel workers (pytest-xdist): one per core, at most 2. `--dist loadgroup` keeps each group of
# tests/conftest.py's xdist_group_of on one worker: the grader's and the classroom's tests (one shared
# autograde run, checks for leftover sandboxes), and each notebook's cells under nbval (one kernel, in order).
# tests/xdist_groups.py makes those groups hold under pytest >= 9.2 as well.
TEST_WORKERS ?= $(shell n=$$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1); [ "$$n" -gt 2 ] && n=2; echo $$n)
XDIST := -n $(TEST_WORKERS) --dist loadgroup
# Everything but the browser, in one run: the grading group takes one worker while the rest fills the other.
ALL_BUT_BROWSER := tests course_lib notebooks solutions
# test-fast: the code's own tests in this process; leaves out the browser, the grader's sandboxes, the hub and
# every test that runs a whole lesson (marker lesson_run: nbval's notebooks, the twins' labs in Chinese, the figure
# layout, lesson 5 in a kernel); `make test` runs those too.
FAST := not browser and not grading and not classroom and not lesson_run
# The browser tests spend most of their time waiting on pages and kernels (their CPU time is a fraction of
# their wall time, see the closing note), so more workers than cores can pay: try BROWSER_WORKERS=3 or 4.
BROWSER_WORKERS ?= $(TEST_WORKERS)

# Each run closes with the time per file (tests/file_times.py; every file in reports/test_times.json).
test: $(TEST_STAMP) browser-deps node-deps sandbox-deps classroom-deps
	$(VENV)/bin/lint-imports
	@rm -f reports/test_times.json
	$(PY) -m pytest -m "not browser" -p no:cacheprovider $(XDIST) $(ALL_BUT_BROWSER)
	$(PY) -m pytest -m browser -p no:cacheprovider -n $(BROWSER_WORKERS) --dist loadgroup tests/browser

test-fast: $(TEST_STAMP) node-deps
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -m "$(FAST)" -p no:cacheprovider $(XDIST) $(ALL_BUT_BROWSER)

# The fast suite under Python 3.10 to 3.13, each in its own .venv-py3.X (git-ignored).
test-pythons:
	@bash tools/test_pythons.sh

bench: $(TEST_STAMP)
	$(PY) benchmarks/run.py

# Only lesson 10's cost curves: re-measures and rewrites course_lib/physics/chains/scaling.json (~1 min).
bench-scaling: $(TEST_STAMP)
	$(PY) benchmarks/run.py --scaling

# The browser figures: Play fps, slider/drag to pixels, also with 100 ms added each way.
bench-browser: $(TEST_STAMP) browser-deps
	$(PY) -m pytest -m browser -p no:cacheprovider -q tests/browser/test_scene_in_browser.py tests/browser/test_predict_in_browser.py
	$(PY) benchmarks/browser_report.py

badges:
	$(PY) tools/badges.py

exercises: $(TEST_STAMP)
	$(PY) -m course_lib.grading.release

grade: $(TEST_STAMP) sandbox-deps
	$(PY) -m course_lib.grading.autograde $(SUBMISSIONS) $(GRADE_OPTS)

STUDENTS ?= 30
JOBS ?= 2
bench-grading: $(TEST_STAMP) sandbox-deps
	$(PY) benchmarks/grading.py --students $(STUDENTS) --jobs $(JOBS)

# A trial class (classroom/trial.py): throwaway accounts, removed again on Ctrl-C. Needs root.
CLASSROOM_PORT ?= 8000
classroom: $(TEST_STAMP) classroom-deps sandbox-deps
	$(PY) -m classroom.trial --port $(CLASSROOM_PORT)

# Collect and autograde a synthetic class through the classroom hub (root: it creates accounts).
bench-classroom: $(TEST_STAMP) classroom-deps sandbox-deps
	$(PY) benchmarks/classroom.py --students $(STUDENTS) --jobs $(JOBS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
