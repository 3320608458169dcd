#!/bin/sh
# Adds Tabletop to this user's application menu, pointing at this unpacked folder.
# Run it again after moving the folder; remove the entry with --remove.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$data/applications/tabletop.desktop"
icon="$data/icons/hicolor/256x256/apps/tabletop.png"

if [ "${1:-}" = "--remove" ]; then
  rm -f "$entry" "$icon"
  echo "Removed the Tabletop menu entry."
  exit 0
fi

mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/tabletop.png" "$icon"
# Exec gets the absolute path; quoting keeps a folder with spaces working.
sed -e "s|^Exec=.*|Exec=\"$here/tabletop\"|" -e "s|^Icon=.*|Icon=$icon|" \
  "$here/tabletop.desktop" > "$entry"
chmod +x "$entry"
command -v update-desktop-database >/dev/null 2>&1 \
  && update-desktop-database "$data/applications" >/dev/null 2>&1 || true
echo "Tabletop is now in your application menu ($entry)."
