import { describe, expect, it } from 'vitest';
import { generationLimit, utcDate } from './generation-limit';

const today = '2026-11-21';

describe('daily generation limit', () => {
  it('leaves the whole limit when nothing was generated yet', () => {
    expect(generationLimit({ limit: 1, count: 0, lastDate: null, today })).toEqual({ remaining: 1, limit: 1, canGenerate: true });
  });

  it('subtracts today’s count', () => {
    expect(generationLimit({ limit: 3, count: 1, lastDate: today, today })).toEqual({ remaining: 2, limit: 3, canGenerate: true });
    expect(generationLimit({ limit: 3, count: 3, lastDate: today, today })).toEqual({ remaining: 0, limit: 3, canGenerate: false });
  });

  it('counts a count from a previous date as 0', () => {
    expect(generationLimit({ limit: 2, count: 2, lastDate: '2026-11-20', today })).toEqual({ remaining: 2, limit: 2, canGenerate: true });
    // A date in the future (a clock moved back) is not today either.
    expect(generationLimit({ limit: 2, count: 2, lastDate: '2026-11-22', today })).toEqual({ remaining: 2, limit: 2, canGenerate: true });
  });

  it('never goes below 0 when the limit was lowered under today’s count', () => {
    expect(generationLimit({ limit: 1, count: 4, lastDate: today, today })).toEqual({ remaining: 0, limit: 1, canGenerate: false });
  });

  it('allows nothing with a limit of 0', () => {
    expect(generationLimit({ limit: 0, count: 0, lastDate: null, today })).toEqual({ remaining: 0, limit: 0, canGenerate: false });
  });

  it('reads the date in UTC', () => {
    expect(utcDate(new Date('2026-11-21T23:30:00-05:00'))).toBe('2026-11-22');
    expect(utcDate(new Date('2026-11-22T00:30:00+02:00'))).toBe('2026-11-21');
  });
});
