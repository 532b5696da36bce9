/** Letters that carry no accent to strip but still have a plain spelling ("cœur" → "coeur"). */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/**
 * The name a downloaded memory is saved under: its title in lowercase letters, digits and
 * underscores, then ".png" — "Sunlit Laughter!" → "sunlit_laughter.png", "Été doré" → "ete_dore.png".
 * Accents are taken off rather than dropped, so a French title stays readable; a title with nothing
 * left (emoji, another script) falls back to "memory.png".
 */
export function downloadFileName(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđðþ]/g, (letter) => LIGATURES[letter] ?? '_')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${base || 'memory'}.png`;
}
