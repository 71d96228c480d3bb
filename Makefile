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

.PHONY: lab test test-fast bench bench-grading exercises grade browser-deps sandbox-deps clean help

help:
	@echo "make lab        start JupyterLab on notebooks/00_start_here.ipynb"
	@echo "make test       install the test extras and run the whole suite"
	@echo "make bench      print the benchmark table"
	@echo "make exercises  regenerate exercises/ from solutions/ (nbgrader)"
	@echo "make grade SUBMISSIONS=dir [GRADE_OPTS=\"--jobs N --output DIR --autograded\"]"
	@echo "make bench-grading  time the sandboxed grader on a synthetic class (STUDENTS=30 JOBS=2)"

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

lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.root_dir="$(CURDIR)" $(NO_BROWSER) $(ALLOW_ROOT) $(LAB_ARGS) notebooks/00_start_here.ipynb

# Debian's Chromium drives the browser tests (Playwright's own browser download
# is not used). Installed with apt-get when it is missing on a Debian/Ubuntu host.
browser-deps:
	@bash tools/ensure_chromium.sh

# Debian's bubblewrap sandboxes every submission during grading; installed with apt-get when missing.
sandbox-deps:
	@bash tools/ensure_bwrap.sh

test: $(TEST_STAMP) browser-deps sandbox-deps
	$(PY) -m pytest -m "not browser" -p no:cacheprovider
	$(PY) -m pytest -m browser -p no:cacheprovider tests/browser

test-fast: $(TEST_STAMP)
	$(PY) -m pytest -m "not browser and not grading" -p no:cacheprovider

bench: $(TEST_STAMP)
	$(PY) benchmarks/run.py

exercises: $(TEST_STAMP)
	$(PY) -m course_lib.grading.release

grade: $(TEST_STAMP) sandbox-deps
	$(PY) -m course_lib.grading.autograde $(SUBMISSIONS) $(GRADE_OPTS)

STUDENTS ?= 30
JOBS ?= 2
bench-grading: $(TEST_STAMP) sandbox-deps
	$(PY) benchmarks/grading.py --students $(STUDENTS) --jobs $(JOBS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
