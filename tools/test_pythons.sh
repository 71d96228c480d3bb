#!/usr/bin/env bash
# Run the fast test suite (make test-fast) under every supported Python this machine has.
#
# Interpreters are looked up in pyenv's versions (the newest patch release of each
# minor version) and then on PATH as python3.X. Each gets its own git-ignored venv,
# .venv-py3.X, refreshed when pyproject.toml changes. The summary says which versions
# were tried, which passed, which failed and which were not found; the exit status is
# non-zero when any failed or none was found.
#
#   bash tools/test_pythons.sh                 # all supported versions
#   SUPPORTED_PYTHONS="3.10 3.13" bash tools/test_pythons.sh
#   TEST_PYTHONS_ARGS="tests/test_quiz.py" bash tools/test_pythons.sh   # a subset of the tests
set -u
cd "$(dirname "$0")/.."

SUPPORTED="${SUPPORTED_PYTHONS:-3.10 3.11 3.12 3.13}"
LOGS=reports/test-pythons
mkdir -p "$LOGS"
PYENV_DIR="${PYENV_ROOT:-$HOME/.pyenv}"
if command -v pyenv >/dev/null 2>&1; then PYENV_DIR="$(pyenv root)"; fi

find_python() {  # $1 = 3.X; prints the interpreter's path, or nothing
    local v="$1" dir
    for dir in $(ls -d "$PYENV_DIR"/versions/"$v".* 2>/dev/null | sort -t. -k3 -n -r); do
        if [ -x "$dir/bin/python$v" ]; then echo "$dir/bin/python$v"; return; fi
    done
    command -v "python$v" 2>/dev/null || true
}

tried=() passed=() failed=() missing=()
for v in $SUPPORTED; do
    py="$(find_python "$v")"
    if [ -z "$py" ] || [ "$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" != "$v" ]; then
        missing+=("$v"); echo "== Python $v: not found (pyenv: $PYENV_DIR/versions, PATH: python$v)"; continue
    fi
    full="$("$py" -c 'import platform; print(platform.python_version())')"
    venv=".venv-py$v"
    tried+=("$full")
    echo "== Python $full ($py) in $venv"
    if [ ! -x "$venv/bin/python" ]; then "$py" -m venv "$venv" || { failed+=("$full (venv)"); continue; }; fi
    if [ ! -f "$venv/.stamp-test" ] || [ pyproject.toml -nt "$venv/.stamp-test" ]; then
        echo "   installing the course and its test extras (log: $LOGS/py$v-install.log)"
        if "$venv/bin/python" -m pip --disable-pip-version-check -q install --upgrade pip >"$LOGS/py$v-install.log" 2>&1 \
            && "$venv/bin/python" -m pip --disable-pip-version-check -q install -e '.[test]' >>"$LOGS/py$v-install.log" 2>&1; then
            touch "$venv/.stamp-test"
        else
            failed+=("$full (install)"); tail -5 "$LOGS/py$v-install.log"; continue
        fi
    fi
    [ -n "${TEST_PYTHONS_INSTALL_ONLY:-}" ] && continue
    # shellcheck disable=SC2086 - TEST_PYTHONS_ARGS is a list of pytest arguments
    if "$venv/bin/python" -m pytest -m "not browser and not grading and not classroom" -p no:cacheprovider -q ${TEST_PYTHONS_ARGS:-} \
        >"$LOGS/py$v.log" 2>&1; then
        passed+=("$full"); echo "   passed: $(grep -E '^[0-9]+ passed|^=+ .*(passed|failed)' "$LOGS/py$v.log" | tail -1)"
    else
        failed+=("$full"); echo "   FAILED: $(grep -E '(passed|failed|error)' "$LOGS/py$v.log" | tail -1) (log: $LOGS/py$v.log)"
        grep -E '^(FAILED|ERROR) ' "$LOGS/py$v.log" | head -20 | sed 's/^/   /'
    fi
done

echo
echo "Supported: $SUPPORTED"
echo "Tried:     ${tried[*]:-none}"
echo "Passed:    ${passed[*]:-none}"
echo "Failed:    ${failed[*]:-none}"
echo "Not found: ${missing[*]:-none}"
[ ${#failed[@]} -eq 0 ] && [ ${#tried[@]} -gt 0 ]
