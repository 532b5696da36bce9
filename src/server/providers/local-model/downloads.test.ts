// Model downloads against a real HTTP server on loopback that honours Range requests and can misbehave:
// break the connection half-way, stall, or serve other bytes than the hash expects.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelEntry } from './catalogue';
import { createModelDownloads, DownloadError, type ModelDownloads } from './downloads';

const BODY = randomBytes(512 * 1024);
const SHA = createHash('sha256').update(BODY).digest('hex');

type Behaviour = 'normal' | 'break-once' | 'stall-half' | 'slow';
let behaviour: Behaviour = 'normal';
let requests: { range: string | null }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const range = req.headers.range ?? null;
    requests.push({ range });
    const start = range ? Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0) : 0;
    if (start >= BODY.length) {
      res.writeHead(416, { 'content-range': `bytes */${BODY.length}` }).end();
      return;
    }
    const part = BODY.subarray(start);
    res.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(part.length),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${BODY.length - 1}/${BODY.length}` } : {}),
    });
    const half = Math.floor(BODY.length / 2);
    if (behaviour === 'break-once' && requests.length === 1) {
      // Announces the whole file, sends half, and drops the connection.
      res.write(part.subarray(0, half), () => res.destroy());
    } else if (behaviour === 'stall-half' && start === 0) {
      res.write(part.subarray(0, half)); // and never more: the server stops before it ends
    } else if (behaviour === 'slow') {
      let offset = 0;
      const timer = setInterval(() => {
        if (offset >= part.length || res.destroyed) {
          clearInterval(timer);
          res.end();
          return;
        }
        res.write(part.subarray(offset, offset + 64 * 1024));
        offset += 64 * 1024;
      }, 30);
    } else {
      res.end(part);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let modelsDir: string;
let downloads: ModelDownloads;

beforeEach(async () => {
  modelsDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'souvenir-downloads-')), 'models');
  behaviour = 'normal';
  requests = [];
  downloads = createModelDownloads({ modelsDir, retries: 2, retryDelayMs: 10 });
});

afterEach(async () => {
  await downloads.close();
  server.closeAllConnections();
  await rm(path.dirname(modelsDir), { recursive: true, force: true });
});

const entry = (overrides: Partial<ModelEntry> = {}): ModelEntry => ({
  id: 'tiny',
  label: 'Tiny',
  fileName: 'tiny.gguf',
  url: `${baseUrl}/tiny.gguf`,
  sizeBytes: BODY.length,
  sha256: SHA,
  memoryBytes: 1024,
  licence: 'test',
  ...overrides,
});

describe('model downloads', () => {
  it('downloads in the background with progress, then keeps the file under its name', async () => {
    behaviour = 'slow';
    const started = await downloads.start(entry());
    expect(started).toMatchObject({ id: 'tiny', state: 'downloading', totalBytes: BODY.length });

    const seen: number[] = [];
    while (downloads.progress()[0]!.state === 'downloading') {
      seen.push(downloads.progress()[0]!.receivedBytes);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const done = await downloads.finished('tiny');
    expect(done).toMatchObject({ state: 'done', receivedBytes: BODY.length, totalBytes: BODY.length, failure: null });
    // The bar moved through values between nothing and everything.
    expect(seen.some((bytes) => bytes > 0 && bytes < BODY.length)).toBe(true);
    expect((await readFile(path.join(modelsDir, 'tiny.gguf'))).equals(BODY)).toBe(true);
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.part'))).toBe(false);
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.download.json'))).toBe(false);
  });

  it('resumes with a Range request when the connection breaks', async () => {
    behaviour = 'break-once';
    await downloads.start(entry());
    expect(await downloads.finished('tiny')).toMatchObject({ state: 'done' });
    expect(requests.length).toBe(2);
    expect(requests[0]!.range).toBeNull();
    expect(requests[1]!.range).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(requests[1]!.range!)![0])).toBeGreaterThan(0);
    expect((await readFile(path.join(modelsDir, 'tiny.gguf'))).equals(BODY)).toBe(true);
  });

  it('resumes after a restart from what the partial file holds', async () => {
    behaviour = 'stall-half';
    await downloads.start(entry());
    // Waits for the half the server sends to be on disk, not only counted.
    const partSize = () => stat(path.join(modelsDir, 'tiny.gguf.part')).then((s) => s.size, () => 0);
    while ((await partSize()) < BODY.length / 2) await new Promise((resolve) => setTimeout(resolve, 10));
    // The server stops: the partial file and what to fetch stay on disk.
    await downloads.close();
    expect(downloads.progress()[0]!.state).toBe('paused');
    const kept = (await stat(path.join(modelsDir, 'tiny.gguf.part'))).size;
    expect(kept).toBe(BODY.length / 2);

    behaviour = 'normal';
    downloads = createModelDownloads({ modelsDir, retries: 2, retryDelayMs: 10 });
    const resumed = await downloads.resume();
    expect(resumed.map((p) => p.id)).toEqual(['tiny']);
    expect(await downloads.finished('tiny')).toMatchObject({ state: 'done' });
    expect(requests.at(-1)!.range).toBe(`bytes=${kept}-`);
    expect((await readFile(path.join(modelsDir, 'tiny.gguf'))).equals(BODY)).toBe(true);
  });

  it('removes a file whose hash is not the expected one', async () => {
    await downloads.start(entry({ sha256: 'a'.repeat(64) }));
    expect(await downloads.finished('tiny')).toMatchObject({ state: 'failed', failure: 'bad-hash' });
    expect(existsSync(path.join(modelsDir, 'tiny.gguf'))).toBe(false);
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.part'))).toBe(false);
  });

  it('refuses a file of another size than announced', async () => {
    await downloads.start(entry({ sizeBytes: BODY.length + 1 }));
    expect(await downloads.finished('tiny')).toMatchObject({ state: 'failed', failure: 'bad-size' });
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.part'))).toBe(false);
  });

  it('stops with a clear reason when the disk fills up, and removes the partial file', async () => {
    // The partial file's writes fail as a full disk makes them fail (ENOSPC) once 100 KB are written.
    let written = 0;
    downloads = createModelDownloads({
      modelsDir,
      openPart: () =>
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            written += chunk.length;
            if (written > 100 * 1024) callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
            else callback();
          },
        }),
    });
    await downloads.start(entry());
    expect(await downloads.finished('tiny')).toMatchObject({ state: 'failed', failure: 'disk-full' });
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.part'))).toBe(false);
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.download.json'))).toBe(false);
  });

  it('says before downloading that the machine lacks the memory for the model', async () => {
    const tooBig = entry({ memoryBytes: os.totalmem() * 2 });
    expect(await downloads.check(tooBig)).toMatchObject({ ok: false, reason: 'memory', memory: { totalBytes: os.totalmem() } });
    await expect(downloads.start(tooBig)).rejects.toEqual(new DownloadError('memory'));
    expect(requests).toEqual([]);
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.download.json'))).toBe(false);
  });

  it('asks for a hash before downloading a model that has none', async () => {
    await expect(downloads.start(entry({ sha256: null }))).rejects.toEqual(new DownloadError('no-hash'));
    expect(requests).toEqual([]);
  });

  it('cancels a download and removes what arrived', async () => {
    behaviour = 'stall-half';
    await downloads.start(entry());
    while (downloads.progress()[0]!.receivedBytes === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await downloads.cancel('tiny');
    expect(downloads.progress()[0]!.state).toBe('cancelled');
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.part'))).toBe(false);
    expect(existsSync(path.join(modelsDir, 'tiny.gguf.download.json'))).toBe(false);
  });

  it('keeps model files inside the models folder', async () => {
    await expect(downloads.start(entry({ fileName: '../escape.gguf' }))).rejects.toThrow(TypeError);
  });
});
