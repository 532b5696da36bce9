import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './http-caching';

describe('entity tags of stored files', () => {
  it('derives a quoted tag from the bytes, the same for the same bytes only', () => {
    const tag = etagOf(Buffer.from('one image'));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(etagOf(Buffer.from('one image'))).toBe(tag);
    expect(etagOf(Buffer.from('another image'))).not.toBe(tag);
  });

  it('matches If-None-Match with weak comparison, lists and the wildcard', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc" ,"y"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
    expect(matchesIfNoneMatch('"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch('abc', tag)).toBe(false);
  });
});
