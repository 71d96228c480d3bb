#!/usr/bin/env bash
# Shared by tools/ensure_*.sh: install Debian packages with apt-get, as root or via
# passwordless sudo. Source this file, then call `apt_install PKG...`.
#
# apt_install tries the install first and runs `apt-get update` only when that fails
# (a fresh machine has no package lists), so a second tool needing packages in the same
# `make test` does not update again. It returns non-zero, after saying why, when
# apt-get is missing, root is not available, or the packages cannot be installed.

apt_install() {
    if ! command -v apt-get >/dev/null 2>&1; then
        say "apt-get is not available on this machine."
        return 1
    fi
    local -a sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo_cmd=(sudo -n)
        else
            say "apt-get needs root, and passwordless sudo is not available."
            return 1
        fi
    fi
    export DEBIAN_FRONTEND=noninteractive
    say "apt-get install -y --no-install-recommends $*"
    if "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1; then
        return 0
    fi
    say "apt-get update"
    "${sudo_cmd[@]}" apt-get update -qq || return 1
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
