#!/usr/bin/env bash
# Makes the faces the memory book is typeset in (src/server/modules/memories/book-fonts) from the app's own families,
# Fontsource's "latin" files of Fraunces and Inter: static instances at the weights the book sets, as TrueType, with
# the characters English and French use (the app's own unicode-range, see src/web/fonts.css). The PDF library embeds
# TrueType and subsets it per book; it cannot pick a weight inside a variable WOFF2 file (the app's web fonts), so the
# book ships its own instances. The output is committed with the fonts' OFL licences: the build needs no Python.
# Run it again after updating the Fontsource packages.
#
# Needs fontTools for Python (Debian: apt-get install -y python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-/usr/bin/python3}
if ! "$PYTHON" -c 'import fontTools, brotli' 2>/dev/null; then
  echo "fontTools and brotli are missing for $PYTHON: apt-get install -y python3-fonttools python3-brotli" >&2
  exit 1
fi

UNICODES='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
OUT=src/server/modules/memories/book-fonts
FILES=node_modules/@fontsource-variable
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# name, source, weight
while read -r name source weight; do
  "$PYTHON" -m fontTools.varLib.instancer "$FILES/$source" "wght=$weight" -q -o "$WORK/$name.ttf"
  "$PYTHON" -m fontTools.subset "$WORK/$name.ttf" --unicodes="$UNICODES" --layout-features='kern,liga,clig,calt,ccmp,locl,mark,mkmk' \
    --no-hinting --output-file="$OUT/$name.ttf"
  echo "$name: $(stat -c %s "$OUT/$name.ttf") bytes"
done <<'LIST'
fraunces-regular fraunces/files/fraunces-latin-wght-normal.woff2 400
fraunces-light-italic fraunces/files/fraunces-latin-wght-italic.woff2 300
inter-regular inter/files/inter-latin-wght-normal.woff2 400
inter-semibold inter/files/inter-latin-wght-normal.woff2 600
LIST
cp "$FILES/inter/LICENSE" "$OUT/LICENSE-Inter.txt"
cp "$FILES/fraunces/LICENSE" "$OUT/LICENSE-Fraunces.txt"
