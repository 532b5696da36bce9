#!/usr/bin/env python3
"""Prints the size-adjust and line-metric overrides that stretch a system font to one of the web fonts.

The fallback faces of src/web/fonts.css draw a page's text before Inter and Fraunces arrive; sized this way, the swap
barely moves a line. size-adjust is the ratio of the two fonts' average advance, weighted by how often each character
appears in the app's own English and French text (src/web/locales); the overrides are the web font's vertical metrics
divided by it, as Chromium reads them (hhea, or OS/2 typo when USE_TYPO_METRICS is set).

  /usr/bin/python3 scripts/fallback-metrics.py <web font> <wght> <system font> [<system font> ...]

The system fonts need not be installed: `apt-get download fonts-roboto-unhinted fonts-noto-core fonts-liberation`
and `dpkg -x <deb> <dir>` give their files. Needs fontTools (Debian: python3-fonttools python3-brotli).
"""
import collections
import glob
import io
import json
import os
import sys

from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')


def text_frequencies():
    counts = collections.Counter()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            counts.update(value)

    for path in glob.glob(os.path.join(ROOT, 'src/web/locales/*/*.json')):
        with open(path, encoding='utf-8') as file:
            walk(json.load(file))
    return counts


def average_advance(font, counts):
    cmap, hmtx, units = font.getBestCmap(), font['hmtx'], font['head'].unitsPerEm
    total = weight = 0
    for char, count in counts.items():
        glyph = cmap.get(ord(char))
        if glyph is not None:
            total += hmtx[glyph][0] * count
            weight += count
    return total / weight / units


def vertical_metrics(font):
    units, os2 = font['head'].unitsPerEm, font['OS/2']
    if os2.fsSelection & (1 << 7):
        return os2.sTypoAscender / units, -os2.sTypoDescender / units, os2.sTypoLineGap / units
    hhea = font['hhea']
    return hhea.ascent / units, -hhea.descent / units, hhea.lineGap / units


def main(web_path, wght, *system_paths):
    web = TTFont(web_path)
    if 'fvar' in web:
        web = instancer.instantiateVariableFont(web, {'wght': float(wght)})
        # A round trip through bytes gives the instance's final metrics tables.
        buffer = io.BytesIO()
        web.save(buffer)
        buffer.seek(0)
        web = TTFont(buffer)
    counts = text_frequencies()
    web_advance = average_advance(web, counts)
    ascent, descent, gap = vertical_metrics(web)
    for path in system_paths:
        size = web_advance / average_advance(TTFont(path), counts)
        print(f'{os.path.basename(path)}: size-adjust: {size * 100:.2f}%; ascent-override: {ascent / size * 100:.2f}%; '
              f'descent-override: {descent / size * 100:.2f}%; line-gap-override: {gap / size * 100:.2f}%;')


if __name__ == '__main__':
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
