#!/usr/bin/env bash
# Makes the web fonts in src/web/fonts from Fontsource's "latin" files (the npm packages @fontsource-variable/inter and
# @fontsource-variable/fraunces): the same characters (English and French, see fonts.css), the weight axis limited to
# the 300–700 the app draws, and only the OpenType features text needs (kerning, ligatures, marks, locale forms; not
# Inter's stylistic sets and alternates). 130 KB → 114 KB for the three faces. The output is committed: the build needs
# no Python. Run it again after updating those packages.
#
# Needs fontTools and Brotli for Python (Debian: apt-get install -y python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-/usr/bin/python3}
if ! "$PYTHON" -c 'import fontTools, brotli' 2>/dev/null; then
  echo "fontTools and brotli are missing for $PYTHON: apt-get install -y python3-fonttools python3-brotli" >&2
  exit 1
fi

# Fontsource's "latin" unicode-range, also declared in src/web/fonts.css.
UNICODES='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
OUT=src/web/fonts
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

for source in \
  node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2 \
  node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-italic.woff2; do
  name=$(basename "$source" .woff2)
  "$PYTHON" -m fontTools.varLib.instancer "$source" wght=300:700 -q -o "$WORK/$name.ttf"
  "$PYTHON" -m fontTools.subset "$WORK/$name.ttf" --unicodes="$UNICODES" --flavor=woff2 --output-file="$OUT/$name.woff2"
  echo "$name: $(stat -c %s "$source") → $(stat -c %s "$OUT/$name.woff2") bytes"
done
cp node_modules/@fontsource-variable/inter/LICENSE "$OUT/LICENSE-Inter.txt"
cp node_modules/@fontsource-variable/fraunces/LICENSE "$OUT/LICENSE-Fraunces.txt"
