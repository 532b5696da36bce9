// The decision records read as one story: a record that amends, extends or replaces an earlier one says so in its
// status, and the earlier one's status names it back, so a reader who lands on the earlier record learns that it is
// no longer the whole decision, and by which record.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

/** Each record's number and the numbers of the other records its status line names. */
function statuses(): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const file of readdirSync(folder).filter((name) => /^\d{4}-.*\.md$/.test(name))) {
    const number = file.slice(0, 4);
    // The status runs on over the indented lines that follow it.
    const status = /^- Status:(.*(?:\n {2}.*)*)/m.exec(readFileSync(`${folder}${file}`, 'utf8'))?.[1] ?? '';
    // Records are numbered 0001 on; a year (2025) is not one.
    named.set(number, new Set([...status.matchAll(/\b0\d{3}\b/g)].map(([other]) => other).filter((other) => other !== number)));
  }
  return named;
}

describe('decision records', () => {
  it('each have a status', () => {
    for (const file of readdirSync(folder).filter((name) => /^\d{4}-.*\.md$/.test(name))) {
      expect(readFileSync(`${folder}${file}`, 'utf8'), file).toMatch(/^- Status: \S/m);
    }
  });

  it('that name each other in their status name each other both ways', () => {
    const named = statuses();
    const oneWay: string[] = [];
    for (const [number, others] of named) {
      for (const other of others) {
        if (!named.has(other)) oneWay.push(`${number} names ${other}, which does not exist`);
        else if (!named.get(other)!.has(number)) oneWay.push(`${number} names ${other} in its status, but ${other}'s status does not name ${number}`);
      }
    }
    expect(oneWay).toEqual([]);
  });
});
