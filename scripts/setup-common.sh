# shellcheck shell=bash
# Shared by scripts/run and scripts/test: install what is missing, then build.
# Sourced, not executed; expects ROOT to be the repository root.

OUTFLANK_PACKAGES=(cmake ninja-build g++ libcli11-dev catch2)

outflank_missing_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    echo "${missing[@]}"
}

# outflank_install PKG...: installs the given Debian packages when absent.
outflank_install() {
    local missing
    missing=$(outflank_missing_packages "$@")
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "outflank: missing packages: $missing" >&2
        echo "outflank: run as root, or install them with: sudo apt-get install -y $missing" >&2
        exit 1
    fi
    echo "outflank: installing $missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    if ! apt-get install -y --no-install-recommends $missing >&2; then
        apt-get update >&2
        # shellcheck disable=SC2086
        apt-get install -y --no-install-recommends $missing >&2
    fi
}

# outflank_build DIR [CMAKE ARGS...]: configures (once) and builds into DIR.
# OUTFLANK_TARGET, when set, builds that target only (scripts/run: just the binary, not the tests).
outflank_build() {
    local dir=$1; shift
    local generator=() target=()
    command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
    [ -n "${OUTFLANK_TARGET:-}" ] && target=(--target "$OUTFLANK_TARGET")
    # Configure when there is no build system yet: a first run, or a configure that failed
    # earlier (say, cmake run by hand before the packages were installed) and left only a cache.
    if [ ! -f "$dir/CMakeCache.txt" ] || { [ ! -f "$dir/build.ninja" ] && [ ! -f "$dir/Makefile" ]; }; then
        cmake -S "$ROOT" -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >&2
    fi
    cmake --build "$dir" --parallel "$(nproc)" "${target[@]}" >&2
}
