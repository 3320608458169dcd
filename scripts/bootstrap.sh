#!/usr/bin/env bash
# Sets up everything Tabletop needs in ./.venv: a suitable Python, the Python packages, and on
# Debian/Ubuntu the system libraries Qt needs (plus a Japanese font).
#   scripts/bootstrap.sh run      -> what the app needs
#   scripts/bootstrap.sh test     -> also the test and lint tools
#   scripts/bootstrap.sh package  -> the app and PyInstaller, to build the bundle
# VENV=DIR sets up another folder than .venv; PYTHON_VERSION=3.11 takes that Python only (the
# bundle is built from the oldest and the newest supported Python, each in a venv of its own).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-run}"
venv="${VENV:-.venv}"
want="${PYTHON_VERSION:-}"

# Qt's runtime libraries. Offscreen tests need the first line; a desktop session also needs the
# X11/xcb ones; the font makes Japanese text readable; Qt Multimedia (the table's sounds) links
# PulseAudio's client library. The sounds are rebuilt (scripts/make_sounds.py) with eSpeak NG,
# for the tests and the bundle's builders.
DEB_PACKAGES="libegl1 libgl1 libopengl0 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3
  libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxrender1 libxi6
  fonts-noto-cjk libpulse0"
[ "$what" = run ] || DEB_PACKAGES="$DEB_PACKAGES espeak-ng"

install_system_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=()
  for p in $DEB_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "Qt needs these Debian packages; please install them: ${missing[*]}" >&2
      return 0
    fi
  fi
  echo "Installing system libraries for Qt: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

version_of() {
  "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null
}

pick_python() {
  # PySide6 6.12 is only safe on Python >= 3.12 (pyproject.toml keeps 3.11 on 6.11), so a
  # newer interpreter is preferred when the machine has one.
  local minors=(3.13 3.12 3.11)
  [ -n "$want" ] && minors=("$want")
  local candidates=()
  local root=""
  command -v pyenv >/dev/null 2>&1 && root="$(pyenv root)"
  for m in "${minors[@]}"; do
    candidates+=("python$m")
    if [ -n "$root" ]; then
      for v in "$root"/versions/"$m".*; do
        [ -x "$v/bin/python3" ] && candidates+=("$v/bin/python3")
      done
    fi
  done
  candidates+=(python3 python)
  for c in "${candidates[@]}"; do
    if "$c" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 11) else 1)' >/dev/null 2>&1 \
        && { [ -z "$want" ] || [ "$(version_of "$c")" = "$want" ]; }; then
      echo "$c"; return 0
    fi
  done
  echo "Tabletop needs Python ${want:-3.11 or newer}; none was found." >&2
  return 1
}

install_system_packages
if [ ! -x "$venv/bin/python" ]; then
  py="$(pick_python)"
  echo "Creating $venv with $("$py" --version 2>&1)"
  "$py" -m venv "$venv"
elif [ -n "$want" ] && [ "$(version_of "$venv/bin/python")" != "$want" ]; then
  echo "$venv has Python $(version_of "$venv/bin/python"), not $want; remove it or pick another VENV." >&2
  exit 1
fi
stamp="$venv/.installed-$what"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  "$venv/bin/python" -m pip install -q --upgrade pip >/dev/null
  case "$what" in
    test) "$venv/bin/python" -m pip install -q -e ".[test]" ;;
    package) "$venv/bin/python" -m pip install -q -e ".[package]" ;;
    *) "$venv/bin/python" -m pip install -q -e . ;;
  esac
  touch "$stamp"
fi
