#!/usr/bin/env bash
# Prepares what scripts/run_on_simpler.py needs to run orchestration C++ on the
# public PTO runtime's thread-based simulator (simpler, platform a2a3sim) on a
# Debian machine with no Ascend toolkit (docs/realruntime.md has the details).
#
# Usage (as root: debootstrap, chroot and bind mounts need it):
#   scripts/setup_simpler_sim.sh SIMPLER_ROOT PTO_ISA_ROOT
#   scripts/setup_simpler_sim.sh --mount      # only (re)make the bind mounts
#   scripts/setup_simpler_sim.sh --unmount    # undo them (before deleting anything)
# The two checkouts may also be given as $SIMPLER_ROOT and $PTO_ISA_ROOT.
#   SIMPLER_ROOT  a scratch clone of simpler at 6ebaf771 (this script edits one
#                 constant in it, SIM_AUTO_BLOCKDIM, and builds it)
#   PTO_ISA_ROOT  a clone of pto-isa holding the commit in simpler's pto_isa.pin;
#                 cloned (locally) to SIMPLER_ROOT/build/pto-isa at that commit
# Environment:
#   PTO_SIM_STATE   where the chroot, the venv and env.sh go
#                   (default /srv/pto-simpler-sim)
#   PTO_SIM_PYTHON  the Python the venv is made from (default: python3)
#   DEBIAN_MIRROR   (default http://deb.debian.org/debian)
#   TORCH_WHEEL     a torch wheel file to install; default: a local CPU wheel
#                   (torch-*+cpu-*.whl) in pip's find-links if there is one,
#                   else `pip install torch` (the CUDA build, ~2.5 GB of wheels)
#
# Idempotent: every step checks whether it is already done and says so.
# simpler and pto-isa are CANN-licensed: nothing of theirs is copied into this
# repository; their checkouts stay where the user put them.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
STATE="${PTO_SIM_STATE:-/srv/pto-simpler-sim}"
CHROOT="$STATE/chroot"
VENV="$STATE/venv"
ENV_FILE="$STATE/env.sh"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
PIN_BLOCKDIM=24

say() { printf '[setup-simpler-sim] %s\n' "$*"; }
did() { printf '[setup-simpler-sim] DONE: %s\n' "$*"; }
skip() { printf '[setup-simpler-sim] already: %s\n' "$*"; }
die() { printf '[setup-simpler-sim] ERROR: %s\n' "$*" >&2; exit 1; }

mode=setup
case "${1:-}" in
  --mount) mode=mount; shift ;;
  --unmount) mode=unmount; shift ;;
  -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
esac

[ "$(id -u)" = 0 ] || die "run as root (debootstrap, chroot and mount need it)"

# The paths bound into the chroot at the same place: /tmp, /dev, /dev/shm,
# /proc, the venv's base Python, the venv, and SIMPLER_ROOT (each of the last
# three unless it is under /tmp already).
bind_targets() {
  local py_base="$1" simpler="$2" p
  echo /tmp; echo /dev; echo /dev/shm; echo /proc
  for p in "$py_base" "$VENV" "$simpler"; do
    case "$p" in /tmp/*) ;; *) echo "$p" ;; esac
  done
}

do_mounts() {
  local py_base="$1" simpler="$2" p present=""
  while read -r p; do
    [ -n "$p" ] || continue
    if mountpoint -q "$CHROOT$p"; then
      present="$present $p"
      continue
    fi
    mkdir -p "$CHROOT$p"
    if [ "$p" = /proc ]; then
      mount -t proc proc "$CHROOT/proc"
    else
      mount --bind "$p" "$CHROOT$p"
    fi
    did "bind-mounted $p"
  done < <(bind_targets "$py_base" "$simpler")
  [ -z "$present" ] || skip "bind-mounted:$present"
}

do_unmounts() {
  # Deepest first.
  local m
  for m in $(awk -v r="$CHROOT/" 'index($2, r) == 1 {print $2}' /proc/mounts | sort -r); do
    umount "$m" && did "unmounted $m"
  done
}

if [ "$mode" = unmount ]; then
  do_unmounts
  exit 0
fi
if [ "$mode" = mount ]; then
  [ -f "$ENV_FILE" ] || die "$ENV_FILE missing: run the full setup first"
  # shellcheck disable=SC1090
  . "$ENV_FILE"
  do_mounts "$PTO_SIM_PY_BASE" "$SIMPLER_ROOT"
  exit 0
fi

SIMPLER_ROOT="${1:-${SIMPLER_ROOT:-}}"
PTO_ISA_ROOT="${2:-${PTO_ISA_ROOT:-}}"
[ -n "$SIMPLER_ROOT" ] && [ -n "$PTO_ISA_ROOT" ] || die "usage: $0 SIMPLER_ROOT PTO_ISA_ROOT (or set both variables)"
SIMPLER_ROOT="$(cd "$SIMPLER_ROOT" && pwd -P)"
PTO_ISA_ROOT="$(cd "$PTO_ISA_ROOT" && pwd -P)"
[ -f "$SIMPLER_ROOT/pto_isa.pin" ] || die "$SIMPLER_ROOT has no pto_isa.pin: not a simpler checkout"
PIN="$(tr -d '[:space:]' < "$SIMPLER_ROOT/pto_isa.pin")"
case "$SIMPLER_ROOT" in
  "$STATE"|"$STATE"/*) die "keep SIMPLER_ROOT outside PTO_SIM_STATE ($STATE)" ;;
esac
PY="${PTO_SIM_PYTHON:-python3}"
PY_BASE="$("$PY" -c 'import sys; print(sys.base_prefix)')"
PY_VER="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
say "simpler: $SIMPLER_ROOT ($(git -C "$SIMPLER_ROOT" rev-parse --short HEAD))"
say "pto-isa: $PTO_ISA_ROOT (pin $PIN)"
say "state:   $STATE; Python $PY_VER at $PY_BASE"
mkdir -p "$STATE"

# 1. debootstrap on the host.
if command -v debootstrap >/dev/null; then
  skip "debootstrap installed"
else
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  did "apt-get install debootstrap"
fi

# 2. the Debian 13 (trixie) chroot with GCC 14 (pto-isa's CPU simulation needs
#    GCC >= 14; bookworm has 12).
if [ -x "$CHROOT/usr/bin/g++-14" ] && [ -f "$CHROOT/.pto-debootstrap-done" ]; then
  skip "trixie chroot at $CHROOT"
else
  do_unmounts
  say "debootstrap trixie into $CHROOT (about 2 minutes)"
  debootstrap --variant=minbase --include=g++-14,gcc-14,binutils trixie "$CHROOT" "$MIRROR" \
    > "$STATE/debootstrap.log" 2>&1 || { tail -20 "$STATE/debootstrap.log"; die "debootstrap failed (log: $STATE/debootstrap.log)"; }
  touch "$CHROOT/.pto-debootstrap-done"
  did "debootstrap trixie (g++-14, gcc-14, binutils)"
fi

# 3. extra packages: libffi8 (the host Python's _ctypes; torch needs it),
#    ncurses/readline (the host Python's modules), libssl, git (simpler checks
#    the pinned pto-isa checkout with git).
EXTRA="libffi8 libncursesw6 libreadline8t64 libssl3t64 libbz2-1.0 liblzma5 zlib1g git"
missing=""
for p in $EXTRA; do
  chroot "$CHROOT" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
  skip "chroot packages: $EXTRA"
else
  cp /etc/resolv.conf "$CHROOT/etc/resolv.conf"
  chroot "$CHROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    apt-get update -qq
  # shellcheck disable=SC2086
  chroot "$CHROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends $missing > "$STATE/apt-extra.log" 2>&1 \
    || { tail -20 "$STATE/apt-extra.log"; die "apt-get install in the chroot failed"; }
  did "apt-get install in the chroot:$missing"
fi

# 4. simpler compiles sim kernels with a hard-coded g++-15 and the
#    orchestration with plain gcc/g++: all GCC 14 here.
for pair in g++-15:g++-14 gcc-15:gcc-14 g++:g++-14 gcc:gcc-14; do
  name="${pair%%:*}"; target="${pair##*:}"
  if [ "$(readlink "$CHROOT/usr/bin/$name" 2>/dev/null)" = "$target" ]; then
    skip "/usr/bin/$name -> $target"
  else
    ln -sfn "$target" "$CHROOT/usr/bin/$name"
    did "/usr/bin/$name -> $target in the chroot"
  fi
done

# 5. the venv (made on the host, where pip's configuration and find-links are).
if [ -x "$VENV/bin/python" ]; then
  skip "venv at $VENV"
else
  "$PY" -m venv "$VENV"
  did "venv at $VENV"
fi
# pip's output goes to a log (this machine's pip configuration may warn per
# package); its tail is printed if it fails.
vpip() {
  "$VENV/bin/python" -m pip install -q "$@" >> "$STATE/pip-venv.log" 2>&1 \
    || { tail -30 "$STATE/pip-venv.log"; die "pip install $* failed (log: $STATE/pip-venv.log)"; }
}
if "$VENV/bin/python" -c 'import torch' 2>/dev/null; then
  skip "torch $("$VENV/bin/python" -c 'import torch; print(torch.__version__)')"
else
  wheel="${TORCH_WHEEL:-}"
  if [ -z "$wheel" ]; then
    for d in ${PIP_FIND_LINKS:-} $("$VENV/bin/python" -m pip config get global.find-links 2>/dev/null || true); do
      [ -d "$d" ] || continue
      w="$(ls "$d"/torch-*+cpu-cp"${PY_VER/./}"-*.whl 2>/dev/null | sort -V | tail -1 || true)"
      [ -n "$w" ] && { wheel="$w"; break; }
    done
  fi
  if [ -n "$wheel" ]; then
    say "installing torch from $wheel (CPU build)"
    vpip "$wheel"
  else
    say "no CPU torch wheel found locally: pip install torch (the CUDA build: ~2.5 GB)"
    vpip torch
  fi
  did "torch $("$VENV/bin/python" -c 'import torch; print(torch.__version__)')"
fi
DEPS="scikit-build-core nanobind cmake ninja pytest pytest-timeout pytest-xdist PyYAML numpy cloudpickle"
if "$VENV/bin/python" -c 'import scikit_build_core, nanobind, cmake, ninja, pytest, pytest_timeout, xdist, yaml, numpy, cloudpickle' 2>/dev/null; then
  skip "simpler's build and test dependencies"
else
  # shellcheck disable=SC2086
  vpip $DEPS
  did "pip install $DEPS"
fi

# 6. pto-isa at the pin, at SIMPLER_ROOT/build/pto-isa (clean, HEAD == pin:
#    then simpler uses it as is, with no network access).
ISA="$SIMPLER_ROOT/build/pto-isa"
if [ -d "$ISA/.git" ] && [ "$(git -C "$ISA" rev-parse HEAD 2>/dev/null)" = "$PIN" ] \
    && [ -z "$(git -C "$ISA" status --porcelain 2>/dev/null)" ]; then
  skip "pto-isa at $ISA ($PIN)"
else
  git -C "$PTO_ISA_ROOT" cat-file -e "$PIN^{commit}" 2>/dev/null || die "$PTO_ISA_ROOT lacks commit $PIN"
  rm -rf "$ISA"
  mkdir -p "$SIMPLER_ROOT/build"
  git clone -q --no-checkout "$PTO_ISA_ROOT" "$ISA"
  git -C "$ISA" checkout -q -f "$PIN"
  did "pto-isa cloned to $ISA at $PIN"
fi

# 7. a2a3sim models 8 clusters; the Qwen3 attention task asks for 24 blocks
#    with require_sync_start: raise SIM_AUTO_BLOCKDIM to 24.
HDR="$SIMPLER_ROOT/src/common/platform/sim/host/device_runner_base.h"
if grep -q "constexpr int SIM_AUTO_BLOCKDIM = $PIN_BLOCKDIM;" "$HDR"; then
  skip "SIM_AUTO_BLOCKDIM = $PIN_BLOCKDIM"
  blockdim_changed=0
else
  grep -q "constexpr int SIM_AUTO_BLOCKDIM = [0-9]*;" "$HDR" || die "SIM_AUTO_BLOCKDIM not found in $HDR"
  sed -i "s/constexpr int SIM_AUTO_BLOCKDIM = [0-9]*;/constexpr int SIM_AUTO_BLOCKDIM = $PIN_BLOCKDIM;/" "$HDR"
  did "SIM_AUTO_BLOCKDIM = $PIN_BLOCKDIM in $HDR"
  blockdim_changed=1
fi

# 8. the bind mounts, then simpler installed editable in the venv, built in
#    the chroot (GCC 14).
do_mounts "$PY_BASE" "$SIMPLER_ROOT"
cat > "$ENV_FILE" <<EOF
# written by scripts/setup_simpler_sim.sh; read by scripts/run_on_simpler.py
SIMPLER_ROOT='$SIMPLER_ROOT'
PTO_ISA_ROOT='$PTO_ISA_ROOT'
PTO_SIM_STATE='$STATE'
PTO_SIM_CHROOT='$CHROOT'
PTO_SIM_VENV='$VENV'
PTO_SIM_PY_BASE='$PY_BASE'
EOF
in_chroot() {
  chroot "$CHROOT" /usr/bin/env -i HOME=/root PATH="$VENV/bin:/usr/bin:/bin" LANG=C.UTF-8 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 /bin/bash -c "$1"
}
stamp="$SIMPLER_ROOT/build/.pto-sim-installed"
if [ "$blockdim_changed" = 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(git -C "$SIMPLER_ROOT" rev-parse HEAD) $VENV" ] \
    && in_chroot "python -c 'import simpler, simpler_setup'" 2>/dev/null; then
  skip "simpler installed editable in $VENV"
else
  say "pip install --no-build-isolation -e '$SIMPLER_ROOT[test]' in the chroot (7-10 minutes)"
  in_chroot "cd '$SIMPLER_ROOT' && python -m pip install --no-build-isolation --no-deps -e '.[test]'" \
    > "$STATE/pip-simpler.log" 2>&1 || { tail -30 "$STATE/pip-simpler.log"; die "installing simpler failed (log: $STATE/pip-simpler.log)"; }
  git -C "$SIMPLER_ROOT" rev-parse HEAD | sed "s|\$| $VENV|" > "$stamp"
  did "simpler installed editable in $VENV"
fi

# 9. the CANN attention sim stub: this repository's own file, used in place by
#    the runner (nothing to install); check it is there.
[ -f "$HERE/realruntime/cann_attention_sim_stub.cpp" ] || die "scripts/realruntime/cann_attention_sim_stub.cpp missing"
skip "CANN attention sim stub: $HERE/realruntime/cann_attention_sim_stub.cpp"

say "ready: $ENV_FILE"
