import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// A test that logs an unexpected console.error fails: errors hidden in logs are bugs nobody reads.
let errorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
