import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-file-name';

describe('downloadFileName', () => {
  it.each([
    ['Sunlit Laughter!', 'sunlit_laughter.png'],
    ['Été doré', 'ete_dore.png'],
    ['  Le cœur  léger… ', 'le_coeur_leger.png'],
    ['Rain -- on the   window', 'rain_on_the_window.png'],
    ['___Quiet___', 'quiet.png'],
    ['Day 42: Ça va', 'day_42_ca_va.png'],
    ['snake_case_title', 'snake_case_title.png'],
    ['Straße', 'strasse.png'],
  ])('turns "%s" into %s', (title, name) => {
    expect(downloadFileName(title)).toBe(name);
  });

  it.each(['', '   ', '!!!', '🌙✨', '夜の海'])('falls back to memory.png when nothing is left of "%s"', (title) => {
    expect(downloadFileName(title)).toBe('memory.png');
  });

  it('keeps only lowercase letters, digits and underscores before the extension', () => {
    expect(downloadFileName('Ñandú, Zoë & Øyvind — 2026/03')).toMatch(/^[a-z0-9_]+\.png$/);
    expect(downloadFileName('Ñandú, Zoë & Øyvind — 2026/03')).toBe('nandu_zoe_oyvind_2026_03.png');
  });
});
