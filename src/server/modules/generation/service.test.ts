import { describe, expect, it } from 'vitest';
import { hourIn } from './service';

describe('hourIn', () => {
  it('reads the hour on the person’s own clock, and nothing without a time zone', () => {
    const at = new Date('2026-06-15T06:30:00Z');
    expect(hourIn('Europe/Paris', at)).toBe(8);
    expect(hourIn('America/New_York', at)).toBe(2);
    expect(hourIn('Asia/Tokyo', new Date('2026-06-15T15:10:00Z'))).toBe(0);
    expect(hourIn('UTC', at)).toBe(6);
    expect(hourIn(undefined, at)).toBeUndefined();
  });
});
