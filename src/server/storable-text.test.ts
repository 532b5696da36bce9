import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './storable-text';

describe('text the database cannot keep as sent', () => {
  it('is found, with its place, in values and keys at any depth', () => {
    expect(unstorableTextPath({ a: 'fine', b: ['ok', { c: 'nul\u0000here' }] })).toBe('b.1.c');
    expect(unstorableTextPath({ messages: [{ content: 'lone \ud800 high' }] })).toBe('messages.0.content');
    expect(unstorableTextPath(['\udc00 lone low'])).toBe('0');
    expect(unstorableTextPath({ ['key\u0000']: 1 })).toBe('key\u0000');
    expect(unstorableTextPath('\u0000')).toBe('_');
  });

  it('lets every other text through: emoji, right-to-left marks, combining marks, other control characters', () => {
    expect(unstorableTextPath({ a: '👩‍👩‍👧‍👦 \u202eabc\u202c e\u0301 \u200b \u0007 \u{10ffff}', b: [1, true, null] })).toBeNull();
    expect(unstorableTextPath(null)).toBeNull();
  });

  it('walks a body nested thousands deep without running out of stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    expect(unstorableTextPath(deep)).toMatch(/^(a\.){19999}a$/);
  });
});
