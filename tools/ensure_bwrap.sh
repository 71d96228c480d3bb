#!/usr/bin/env bash
# Make sure bubblewrap (bwrap) exists: the grader runs every submission in a bwrap sandbox.
#
# Idempotent: does nothing when bwrap is on PATH. Otherwise, on Debian/Ubuntu, installs
# Debian's `bubblewrap` package with apt-get (as root, or via passwordless sudo). Anywhere
# else it prints how to get it and exits 0: grading then refuses to run unless the instructor
# passes --unsafe-no-sandbox, and the grading tests fail when CI or REQUIRE_SANDBOX is set.
# Finally it checks that a sandbox can start here (user namespaces allowed).
set -euo pipefail

say() { printf 'ensure_bwrap: %s\n' "$*"; }

check_userns() {
    if bwrap --unshare-all --die-with-parent --ro-bind / / true 2>/dev/null; then
        say "bwrap works here ($(bwrap --version))"
        if [ "$(id -u)" -eq 0 ]; then
            if setpriv --reuid=65534 --regid=65534 --clear-groups bwrap --unshare-all --ro-bind / / true 2>/dev/null; then
                say "as root, the grader drops to nobody before bwrap (unprivileged user namespaces allowed)"
                say "and each worker's checkers and sandboxes run as its own uid (64100-64163) in their own namespaces"
            else
                say "as root, unprivileged user namespaces are blocked: bwrap runs as root with uid nobody"
                say "inside its namespace (all guarantees but the process limit, which root is exempt from)"
            fi
        fi
        if [ -d /run/systemd/system ] && command -v systemd-run >/dev/null 2>&1; then
            say "memory per submission: a systemd scope (systemd-run -p MemoryMax=...)"
        elif [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw memory /sys/fs/cgroup/cgroup.controllers \
                && grep -qx '0::/' /proc/self/cgroup; then
            say "memory per submission: a cgroup v2 child of the root cgroup"
        else
            say "memory per submission: no cgroup here; each process keeps its RLIMIT_AS limit"
        fi
    else
        say "bwrap is installed but cannot create a sandbox (user namespaces disabled?)."
        say "  Debian/Ubuntu: sysctl -w kernel.unprivileged_userns_clone=1"
        say "  Ubuntu 24.04+: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0, or grade as root"
    fi
}

if command -v bwrap >/dev/null 2>&1; then
    check_userns
    exit 0
fi
# shellcheck source=tools/apt_install.sh
. "$(dirname "$0")/apt_install.sh"
if ! apt_install bubblewrap; then
    say "install bubblewrap with your package manager (sudo apt-get install bubblewrap on Debian/Ubuntu)."
    say "(macOS has no bubblewrap: grade on Linux, or pass --unsafe-no-sandbox for code you trust.)"
    exit 0
fi
check_userns
