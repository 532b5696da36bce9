import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point, as `npm start` runs it (through tsx instead of the bundle).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SERVE_WEB: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Starting means compiling the server with tsx and migrating PGlite: ~5 s idle, over 30 s on a busy two-core machine.
async function waitForHealth(port: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it('refuses to start with bad configuration and names every bad variable', { timeout: 120_000 }, async () => {
    const server = startServer({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('DATABASE_URL:');
  });

  it('refuses to start in production until billing is chosen, saying which variable to set', { timeout: 120_000 }, async () => {
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('BILLING: must be chosen in production');
    expect(server.output()).toContain('BILLING=off');
  });

  it('migrates an empty data folder, serves, refuses a second process on the same folder, and stops gracefully', { timeout: 300_000 }, async () => {
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitForHealth(port);
      const second = startServer({ PORT: String(port + 1), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('already in use by another Souvenir process');
      // The first one is unharmed.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);

    // Restarting on the same folder works (lock released, data kept).
    const again = startServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitForHealth(port);
    } finally {
      again.child.kill('SIGTERM');
    }
    expect(await again.exited).toBe(0);
  });
});
