// CI and the README run the same command, and that command checks lint and types before the tests:
// a lint rule or a type error that only a local run would catch is no check at all.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

describe('the command CI runs', () => {
  it('is npm run validate, which lints, type-checks and runs every tier', () => {
    const commands = read('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^npm (test|run)\b/.test(line));
    expect(commands).toEqual(['npm run validate']);
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.validate).toBe('npm run lint && npm run typecheck && npm test');
    expect(scripts.test).toBe('npm run test:unit && npm run test:integration && npm run test:e2e');
  });

  it('is the test command the README gives', () => {
    const section = read('README.md').split('## Test it')[1] ?? '';
    expect(/```sh\n(.+)\n```/.exec(section)?.[1]).toBe('npm run validate');
  });
});
