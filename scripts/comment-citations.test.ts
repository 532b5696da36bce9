// Comments state their rule in their own words. A reader of the repository cannot open "the specification's
// section 5" or "the tracker's issue 10", so a citation of either is refused here, in every source folder, the
// configuration files beside them and the documentation (docs/, the READMEs), which states its rules too. A
// decision record (docs/decisions/NNNN-*.md) or a public address may be named instead; an RFC's numbered section
// may be cited, since anyone can read it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const FOLDERS = ['src', 'tests', 'e2e', 'scripts', 'bench', '.ci', 'docs'];
const ROOT_FILES = ['vite.config.ts', 'vitest.config.ts', 'eslint.config.js', 'drizzle.config.ts', 'README.md'];
const SOURCE = /\.(?:[cm]?[jt]sx?|md)$|^run$/;
const SELF = relative(root, fileURLToPath(import.meta.url));

/** What a reader could not follow: a section sign with a number (unless it is an RFC's), or an issue number. */
const CITATIONS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a numbered section', pattern: /(?<!RFC \d+ )\u00a7\s*\d/ },
  { name: 'an issue number', pattern: /\bissues?\s+#?\d/i },
  { name: 'the brief', pattern: /\bthe brief\b/i },
];

function filesUnder(path: string): string[] {
  const absolute = `${root}${path}`;
  if (statSync(absolute).isFile()) return [path];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(child);
    return SOURCE.test(entry.name) ? [child] : [];
  });
}

/** `file:line: text` for every line that cites something a reader cannot open. */
function citationsIn(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    CITATIONS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${file}:${index + 1}: ${name}: ${line.trim()}`),
  );
}

describe('comments that explain themselves', () => {
  it('finds what it should refuse, and lets the rest through', () => {
    const refused = ['// spec \u00a79: six cards', '/** The matrix (issue 10, item 3). */', '// See Issue #42.', '// as the brief asks', 'Spec \u00a72/\u00a74 describe the gallery.'];
    const allowed = ['// RFC 9110 \u00a713.1.2: weak comparison', '// https://github.com/o/r/issues/6893', '// docs/decisions/0041-coupon-codes.md'];
    for (const line of refused) expect(citationsIn('x.ts', line), line).toHaveLength(1);
    for (const line of allowed) expect(citationsIn('x.ts', line), line).toEqual([]);
  });

  it('finds no section or issue citation in the source or the documentation', () => {
    const files = [...FOLDERS, ...ROOT_FILES].flatMap(filesUnder).filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => citationsIn(file, readFileSync(`${root}${file}`, 'utf8')));
    expect(found).toEqual([]);
  });
});
