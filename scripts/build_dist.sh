#!/usr/bin/env bash
# Builds the double-click app with PyInstaller (packaging/tabletop.spec) and, on Linux, packs it:
#   dist/tabletop/                      the app folder: run dist/tabletop/tabletop
#   dist/tabletop-linux-x86_64.tar.gz   the same folder with its desktop entry and icon
# `make dist` sets up .venv and calls this; PYTHON picks another interpreter that has
# PyInstaller and the app's requirements, DIST another output folder than dist.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
dist="${DIST:-dist}"
# One work folder per Python: its analysis and stripped libraries belong to that Python.
# (tr: Python on Windows ends the line with a carriage return, which no file name may hold.)
work="build/pyinstaller-$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' | tr -d '\r')"

rm -rf "$dist/tabletop" "$dist/Tabletop.app"
"$python" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$dist" --workpath "$work" packaging/tabletop.spec

[ "$(uname -s)" = Linux ] || exit 0
app="$dist/tabletop"

# Every Qt library a bundled library or plugin links must be in the bundle: the spec drops
# plugins and libraries by name, and a wrong guess would only show on a player's machine.
missing="$(find "$app" -type f -name '*.so*' -exec ldd {} + 2>/dev/null \
  | grep 'not found' | grep -E 'libQt6|libicu|libpyside6|libshiboken6' | sort -u || true)"
if [ -n "$missing" ]; then
  echo "build_dist: the bundle lacks Qt libraries its own files need:" >&2
  echo "$missing" >&2
  exit 1
fi

# The desktop entry and icon sit beside the executable; install-desktop-entry.sh points a
# per-user menu entry at wherever the folder was unpacked.
cp packaging/tabletop.desktop packaging/install-desktop-entry.sh "$app/"
cp "$work/tabletop/icons/tabletop.png" "$app/tabletop.png"
chmod +x "$app/install-desktop-entry.sh"

tarball="$dist/tabletop-linux-$(uname -m).tar.gz"
tar -C "$dist" -czf "$tarball" tabletop
echo "built $app ($(du -sh "$app" | cut -f1)) and $tarball ($(du -sh "$tarball" | cut -f1))"
