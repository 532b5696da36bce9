import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

/** The depth of a parsed value: 0 for a scalar, one more for each array or object around it. */
const depthOf = (value: unknown): number =>
  typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;

describe('the nesting of JSON text', () => {
  it('is counted by arrays and objects alike, up to the bound and no further', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('1', 0)).toBe(false);
  });

  it('takes brackets inside strings as text, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say "[[[[" \\' }), 1)).toBe(false);
    // An escaped backslash ends right before the closing quote: what follows is structure again.
    expect(nestsDeeperThan('["\\\\",[[]]]', 2)).toBe(true);
  });

  it('stops at the first bracket past the bound, whatever follows', () => {
    expect(nestsDeeperThan(`${'['.repeat(65)}not JSON at all`, 64)).toBe(true);
  });

  it('agrees with the parser on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
        expect(nestsDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 500 },
    );
  });
});
