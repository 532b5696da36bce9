// Backups: people, memories with their pictures, tickets and settings are backed up, everything is wiped,
// and the archive is restored; every row and file is back and the people sign in. With the pictures in an S3
// bucket (the stand-in, through the real SDK) the archive holds them too and lives in the bucket's backups/
// folder. Runs on PGlite and, in the integration-pg project, on PostgreSQL; an archive made on one driver is
// restored into a fresh database of the other, and `npm run backup` / `npm run restore` run as child processes.
// A file that is not one of our archives, or one cut short, is refused before anything changes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { BackupError, createBackup, readBackup, restoreBackup, RESTORE_MAX_FILE_BYTES, RESTORE_MAX_TABLE_BYTES, RESTORE_MAX_TOTAL_BYTES } from '@server/db/backup';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { scheduledClaims, users } from '@server/db/schema/index';
import { createFolderArchiveStore, createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { createS3ArchiveStore, createS3Storage, type S3StorageOptions } from '@server/providers/storage/s3';
import { backupConfirmCode } from '@shared/contracts/backups';
import { addExhibition } from './factories/exhibition';
import { addMemory } from './factories/memory';
import { createUser, signIn } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { fileLineOfZeros, gzipParts, legacyArchive, manifestLineOf, runOf, tarArchive, tarEntries, withValue, type TarEntry } from './support/backup-archives';
import { testDatabase } from './support/database';
import { snapshot } from './support/fuzz';
import { startS3StandIn } from './support/s3-stand-in';

const freshDirs: string[] = [];
afterAll(() => freshDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-restore-'));
  freshDirs.push(dir);
  return dir;
};

// Listings come two keys a page, so every backup of the bucket pages through the SDK's continuation tokens.
const s3 = await startS3StandIn({ bucket: 'souvenir-backups', listPageSize: 2 });
afterAll(async () => {
  await s3.close();
});
const bucketOptions = (prefix: string): S3StorageOptions => s3.storageOptions({ prefix });
/** The stored files under `prefix` in the bucket (archives apart), each by its content's hash. */
const bucketFiles = (prefix: string) =>
  Object.fromEntries(
    [...s3.objects]
      .filter(([key]) => key.startsWith(`${prefix}/`) && !key.startsWith(`${prefix}/backups/`))
      .map(([key, object]) => [`bucket ${key.slice(prefix.length + 1)}`, createHash('sha256').update(object.body).digest('hex')]),
  );
const picture = (background: string, size = 48) => sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();
const cookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** A database of the same schema, empty and migrated, on the driver the worker's database does not use. */
async function otherDriverDatabase(driver: DatabaseHandle['driver']): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (driver === 'pglite' && adminUrl) {
    const { url, drop } = await freshPostgres(adminUrl, 'xfer');
    const handle = await openDatabase({ kind: 'postgres', url });
    await migrate(handle);
    return {
      handle,
      drop: async () => {
        await handle.close();
        await drop();
      },
    };
  }
  // Without a PostgreSQL server, a second fresh PGlite instance stands in for "another database".
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await migrate(handle);
  return { handle, drop: () => handle.close() };
}

/** A new database on the test server, named like the workers' (the run's teardown drops any left behind). */
async function freshPostgres(adminUrl: string, label: string) {
  const name = `souvenir_test_${inject('pgRunId')}_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** The real app on another database than the worker's (createTestApp always uses the worker's). */
async function appOn(database: DatabaseHandle, dataDir: string) {
  const config = loadConfig({ PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, SERVE_WEB: 'false', RATE_LIMIT_AUTH_MAX: '1000', LOG_LEVEL: 'warn', BACKUP_TIME: 'off' });
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp({ config, database, authSecret: 'test-secret-test-secret-test-secret-0123', logStream: quiet });
  await app.ready();
  return { app } as unknown as TestApp;
}

describe('backup and restore', () => {
  it('brings back every row and file into a fresh data folder, and the people can sign in', async () => {
    const t = await createTestApp();
    const handle = await testDatabase();
    const filesDir = path.join(t.dataDir, 'files');
    const admin = await createUser(t, { admin: true, firstName: 'Ada' });
    const person = await createUser(t, { firstName: 'Bruno', defaultLanguage: 'fr' });
    const storage = createLocalFolderStorage({ dir: filesDir });
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#c96' } }).png().toBuffer();
    const image = await storage.putImage(`memories/${person.id}`, png);
    const memory = await addMemory(t, person.id, { title: 'Le canal au soleil', imageUrl: image.url, liked: true });
    const exhibition = await addExhibition(t, person.id, { title: 'Un novembre doux', language: 'fr', keptAt: new Date(), shareToken: 'e'.repeat(64) });
    const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
    expect((await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: headers(person.cookie), payload: { subject: 'Une question', message: 'Comment partager un souvenir ?' } })).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/community', headers: headers(admin.cookie), payload: { chatServerUrl: 'https://chat.example.test', calendarUrlEn: null, calendarUrlFr: null } })).statusCode,
    ).toBe(200);

    const before = await snapshot(handle.db, filesDir);
    const { archive, rows, files } = await createBackup(handle, storage);
    expect(rows).toBeGreaterThan(5);
    expect(files).toBeGreaterThanOrEqual(2);

    // Wiped: every table and every file.
    await handle.db.execute(sql.raw(`truncate ${Object.keys(before).filter((k) => k.startsWith('table ')).map((k) => `"${k.slice(6)}"`).join(', ')} cascade`));
    rmSync(filesDir, { recursive: true, force: true });
    expect((await signIn(t, person.email, person.password)).statusCode).not.toBe(200);

    const dataDir = freshDataDir();
    const restored = await restoreBackup(handle, createLocalFolderStorage({ dir: path.join(dataDir, 'files') }), archive);
    expect(restored.files).toBe(files);
    expect(await snapshot(handle.db, path.join(dataDir, 'files'))).toEqual(before);

    const again = await createTestApp({ DATA_DIR: dataDir });
    for (const who of [admin, person]) expect((await signIn(again, who.email, who.password)).statusCode, who.firstName).toBe(200);
    const picture = await again.app.inject({ url: image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png) || picture.rawPayload.length > 0).toBe(true);
    const shown = await again.app.inject({ url: `/api/memories/${memory.id}`, headers: { cookie: cookieOf(await signIn(again, person.email, person.password)) } });
    expect(shown.json()).toMatchObject({ title: 'Le canal au soleil', liked: true });
    // The month's exhibition came back kept, renamed and shared, with its link.
    const wall = await again.app.inject({ url: `/api/exhibitions/${exhibition.id}`, headers: { cookie: cookieOf(await signIn(again, person.email, person.password)) } });
    expect(wall.json()).toMatchObject({ title: 'Un novembre doux', kept: true, shareToken: 'e'.repeat(64) });
    expect((await again.app.inject({ url: `/api/shared/exhibition/${'e'.repeat(64)}` })).statusCode).toBe(200);
  });

  it('refuses a file that is not one of ours, a foreign version, or an archive cut short, changing nothing', async () => {
    const t = await createTestApp();
    const handle = await testDatabase();
    await createUser(t);
    const filesDir = path.join(t.dataDir, 'files');
    const storage = createLocalFolderStorage({ dir: filesDir });
    await storage.putImage('avatars/someone', await picture('#345'));
    const before = await snapshot(handle.db, filesDir);
    const gz = promisify(gzip);
    const { archive } = await createBackup(handle, storage);
    const text = gunzipSync(await legacyArchive(handle, storage)).toString('utf8');
    const lines = text.trim().split('\n');
    const cases: Record<string, Buffer> = {
      'not gzip': Buffer.from('hello'),
      'gzip of something else': await gz(Buffer.from('{"hello":"world"}\n')),
      'a future version': await gz(Buffer.from([JSON.stringify({ ...JSON.parse(lines[0]!), version: 99 }), ...lines.slice(1)].join('\n'))),
      'cut short': await gz(Buffer.from(lines.slice(0, -1).join('\n'))),
      'a file outside the folder': await gz(Buffer.from([lines[0], JSON.stringify({ file: '../escape.txt', data: 'eA==' }), JSON.stringify({ end: true, tables: 0, files: 1 })].join('\n'))),
    };
    for (const [label, bad] of Object.entries(cases)) {
      await expect(restoreBackup(handle, storage, bad), label).rejects.toBeInstanceOf(BackupError);
    }
    await expect(readBackup(archive)).resolves.toMatchObject({ manifest: { format: 'souvenir-backup', version: 2, allFiles: true } });
    expect(await snapshot(handle.db, filesDir)).toEqual(before);
  });

  it('from the admin panel: made now or on schedule, listed, downloaded by administrators only, restored after typing its name', async () => {
    const t = await createTestApp({ BACKUP_TIME: '02:30', BACKUP_KEEP: '2' });
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t);
    const headers = { cookie: admin.cookie, origin: TEST_ORIGIN };
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers });
    expect(made.statusCode).toBe(201);
    const { name } = made.json<{ name: string }>();
    const list = await t.app.inject({ url: '/api/admin/backups', headers });
    expect(list.json()).toMatchObject({ items: [{ name }], dailyAt: '02:30', keep: 2, storedIn: 'data-folder' });
    expect(readdirSync(path.join(t.dataDir, 'backups'))).toEqual([name]);

    const download = await t.app.inject({ url: `/api/admin/backups/${name}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(name);
    await expect(readBackup(download.rawPayload)).resolves.toBeTruthy();
    expect((await t.app.inject({ url: `/api/admin/backups/${name}`, headers: { cookie: person.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/files/../backups/${name}` })).statusCode).toBe(404);
    for (const bad of ['..%2Fauth-secret', 'souvenir-x.backup.gz', '%2Fetc%2Fpasswd']) {
      expect((await t.app.inject({ url: `/api/admin/backups/${bad}`, headers })).statusCode, bad).toBe(404);
    }

    // A file of another kind under an archive's name is refused with its own code, and changes nothing.
    const foreign = 'souvenir-2000-01-01T00-00-00-000Z.backup.gz';
    writeFileSync(path.join(t.dataDir, 'backups', foreign), gzipSync('{"format":"someone-else"}\n'));
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${foreign}/restore`, headers, payload: { confirm: foreign } });
    expect([refused.statusCode, refused.json<{ error: { code: string } }>().error.code]).toEqual([409, 'BACKUP_UNUSABLE']);
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);
    rmSync(path.join(t.dataDir, 'backups', foreign));

    // Someone signs up after the backup; the restore takes the instance back to before.
    const late = await createUser(t);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers, payload: { confirm: 'yes' } });
    expect([wrong.statusCode, wrong.json<{ error: { code: string } }>().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    // Another archive's four-letter code does not confirm this one; its own, in any case, does.
    const otherCode = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers, payload: { confirm: backupConfirmCode(foreign) } });
    expect([otherCode.statusCode, otherCode.json<{ error: { code: string } }>().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers, payload: { confirm: ` ${backupConfirmCode(name).toLowerCase()} ` } });
    expect(restored.statusCode).toBe(200);
    expect((await signIn(t, late.email, late.password)).statusCode).not.toBe(200);
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);
  });

  it.each(['data-folder', 'bucket'] as const)('runs once a day after its time, and keeps only the newest archives (%s)', async (where) => {
    const { createBackupsService } = await import('@server/modules/backups/service');
    const handle = await testDatabase();
    const dir = freshDataDir();
    const storage = where === 'bucket' ? createS3Storage(bucketOptions('scheduled')) : createLocalFolderStorage({ dir: path.join(dir, 'files') });
    const archives = where === 'bucket' ? createS3ArchiveStore(bucketOptions('scheduled')) : createFolderArchiveStore({ dir: path.join(dir, 'backups') });
    const backups = createBackupsService({ database: handle, storage, archives, dailyAtMinute: 3 * 60, keep: 2 });
    const log = { info() {}, debug() {} } as never;
    // Each case is an instance of its own: the days the other case's schedule claimed are not this one's.
    await handle.db.delete(scheduledClaims).where(eq(scheduledClaims.job, 'backup'));
    try {
      expect(await backups.runScheduled(log, new Date('2026-03-01T02:59:00Z'))).toBeNull();
      expect(await backups.runScheduled(log, new Date('2026-03-01T03:00:00Z'))).not.toBeNull();
      expect(await backups.runScheduled(log, new Date('2026-03-01T23:00:00Z'))).toBeNull();
      await backups.runScheduled(log, new Date('2026-03-02T03:01:00Z'));
      await backups.runScheduled(log, new Date('2026-03-03T04:00:00Z'));
      const { items, storedIn } = await backups.list();
      expect(storedIn).toBe(where);
      expect(items.map((b) => b.createdAt.slice(0, 10))).toEqual(['2026-03-03', '2026-03-02']);
      // The oldest is gone from where archives are kept, not only from the list.
      const kept = where === 'bucket' ? [...s3.objects.keys()].filter((key) => key.startsWith('scheduled/backups/')).map((key) => key.slice('scheduled/backups/'.length)) : readdirSync(path.join(dir, 'backups'));
      expect(kept.sort()).toEqual(items.map((b) => b.name).sort());
    } finally {
      await backups.close();
      await storage.close?.();
    }
  });
});

describe('a restore refused before it changes anything', () => {
  it.each(['streamed', 'first'] as const)('a value a table does not accept (%s format): a coded 409, and the log names the table and the database code, never a row', async (format) => {
    const t = await createTestApp();
    const handle = await testDatabase();
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t);
    const words = 'Mon frère ne doit jamais lire ce ticket';
    const ticket = await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: { cookie: person.cookie, origin: TEST_ORIGIN }, payload: { subject: 'Une question', message: words } });
    expect(ticket.statusCode).toBe(201);
    const filesDir = path.join(t.dataDir, 'files');
    const storage = createLocalFolderStorage({ dir: filesDir });
    const archive = format === 'streamed' ? (await createBackup(handle, storage)).archive : await legacyArchive(handle, storage);
    const name = 'souvenir-2001-01-01T00-00-00-000Z.backup.gz';
    mkdirSync(path.join(t.dataDir, 'backups'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'backups', name), await withValue(archive, 'support_tickets', 'created_at', 'not a date'));
    const before = await snapshot(handle.db, filesDir);

    const answer = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: { cookie: admin.cookie, origin: TEST_ORIGIN }, payload: { confirm: name } });
    expect([answer.statusCode, answer.json<{ error: { code: string } }>().error.code]).toEqual([409, 'BACKUP_UNUSABLE']);
    expect(answer.body).not.toContain(words);
    expect(await snapshot(handle.db, filesDir)).toEqual(before);
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);

    const logged = t.logs.join('');
    expect(logged).toMatch(/"refused":"BACKUP_UNUSABLE","table":"support_tickets","databaseCode":"22007"/);
    const sessionToken = decodeURIComponent(person.cookie.split('=')[1]!).split('.')[0]!;
    for (const secret of [words, person.email, sessionToken, 'not a date']) expect(logged).not.toContain(secret);
  });

  it('an archive of the first format that unfolds past what a restore takes: a coded refusal as soon as a bound is passed', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    const handle = await testDatabase();
    await createUser(t);
    const filesDir = path.join(t.dataDir, 'files');
    const storage = createLocalFolderStorage({ dir: filesDir });
    await storage.putImage('avatars/someone', await picture('#456'));
    const manifest = manifestLineOf(await legacyArchive(handle, storage));
    const before = await snapshot(handle.db, filesDir);
    const key = (n: number) => `memories/someone/zeros-${n}.png`;
    const cases: Record<string, () => Iterable<string>> = {
      // The reviewer's archive: about a megabyte holding a 100 MB file.
      'one file of 100 MB': function* () {
        yield manifest;
        yield* fileLineOfZeros(key(0), 100 * 1024 * 1024);
        yield '{"end":true,"tables":0,"files":1}\n';
      },
      'one file just past the file bound': function* () {
        yield manifest;
        yield* fileLineOfZeros(key(0), RESTORE_MAX_FILE_BYTES + 1);
        yield '{"end":true,"tables":0,"files":1}\n';
      },
      'files each within the bound, past the whole': function* () {
        yield manifest;
        for (let n = 0; n * (RESTORE_MAX_FILE_BYTES - 1024) <= RESTORE_MAX_TOTAL_BYTES; n++) yield* fileLineOfZeros(key(n), RESTORE_MAX_FILE_BYTES - 1024);
      },
      'a table past the table bound': function* () {
        yield manifest;
        yield '{"table":"users","rows":[{"name":"';
        yield* runOf(RESTORE_MAX_TABLE_BYTES);
        yield '"}]}\n';
      },
    };
    for (const [label, parts] of Object.entries(cases)) {
      const bomb = await gzipParts(parts());
      expect(bomb.length, label).toBeLessThan(2 * 1024 * 1024);
      const refused = await restoreBackup(handle, storage, bomb).catch((error: unknown) => error);
      expect(refused, label).toBeInstanceOf(BackupError);
      expect((refused as BackupError).code, label).toBe('BACKUP_TOO_LARGE');
    }
    expect(await snapshot(handle.db, filesDir)).toEqual(before);
  });
});

describe('streamed archives', () => {
  // A bucket of its own that answers listings a thousand keys a page, as S3 does.
  const many = 2000;
  const fileOf = (n: number) => ({ key: `memories/generated/${String(n).padStart(4, '0')}.png`, body: createHash('sha256').update(`file ${n}`).digest() });

  it.each(['data-folder', 'bucket'] as const)('back up and restore an instance with 2 000 stored files (%s)', { timeout: 240_000 }, async (where) => {
    const { createBackupsService } = await import('@server/modules/backups/service');
    const t = await createTestApp();
    const handle = await testDatabase();
    const dir = freshDataDir();
    const bucket = where === 'bucket' ? await startS3StandIn({ bucket: 'souvenir-many' }) : null;
    const storage = bucket ? createS3Storage(bucket.storageOptions({ prefix: 'many' })) : createLocalFolderStorage({ dir: path.join(dir, 'files') });
    const archives = bucket ? createS3ArchiveStore(bucket.storageOptions({ prefix: 'many' })) : createFolderArchiveStore({ dir: path.join(dir, 'backups') });
    const backups = createBackupsService({ database: handle, storage, archives, dailyAtMinute: null, keep: 2 });
    const state = async () => ({
      ...(await snapshot(handle.db, path.join(dir, 'files'))),
      ...(bucket ? Object.fromEntries([...bucket.objects].filter(([key]) => !key.startsWith('many/backups/')).map(([key, object]) => [key, createHash('sha256').update(object.body).digest('hex')])) : {}),
    });
    try {
      const person = await createUser(t, { firstName: 'Mille' });
      for (let n = 0; n < many; n += 50) await Promise.all(Array.from({ length: Math.min(50, many - n) }, (_, i) => storage.put(fileOf(n + i).key, fileOf(n + i).body)));
      const before = await state();
      expect(Object.keys(before).filter((key) => key.includes('memories/generated/'))).toHaveLength(many);

      const { backup, files } = await backups.create(new Date('2026-04-01T03:00:00Z'));
      expect(files).toBe(many);
      const entries = await tarEntries(bucket ? bucket.objects.get(`many/backups/${backup.name}`)!.body : readFileSync(path.join(dir, 'backups', backup.name)));
      expect(entries.filter((entry) => entry.name.startsWith('files/'))).toHaveLength(many);
      expect(entries.find((entry) => entry.name === `files/${fileOf(7).key}`)?.body.equals(fileOf(7).body)).toBe(true);

      // After the backup: a hundred files lost, one added, and someone new.
      for (let n = 0; n < 100; n++) await storage.remove(fileOf(n).key);
      await storage.put('memories/generated/late.png', Buffer.from('late'));
      const late = await createUser(t);

      expect(await backups.restore(backup.name, backup.name)).toMatchObject({ files: many });
      expect(await state()).toEqual(before);
      expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);
      expect((await signIn(t, late.email, late.password)).statusCode).not.toBe(200);
    } finally {
      await backups.close();
      await storage.close?.();
      await bucket?.close();
    }
  });

  it('a restore that meets a bad entry, before or during its changes, leaves the instance as it was', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    const handle = await testDatabase();
    const person = await createUser(t, { firstName: 'Intacte' });
    const filesDir = path.join(t.dataDir, 'files');
    const storage = createLocalFolderStorage({ dir: filesDir });
    for (let n = 0; n < 20; n++) await storage.put(fileOf(n).key, fileOf(n).body);
    const { archive } = await createBackup(handle, storage);
    const entries = await tarEntries(archive);
    // The instance then moves on: the archive's files are gone, a new one and someone new are there.
    for (let n = 0; n < 20; n++) await storage.remove(fileOf(n).key);
    await storage.put('memories/generated/after.png', Buffer.from('after'));
    await createUser(t, { firstName: 'Nouvelle' });
    const before = await snapshot(handle.db, filesDir);

    const without = (name: string) => entries.filter((entry) => entry.name !== name);
    const replaced = (name: string, body: Buffer | string) => entries.map((entry): TarEntry => (entry.name === name ? { name, body: Buffer.from(body) } : entry));
    const usersTable = entries.find((entry) => entry.name === 'tables/users.jsonl')!;
    const gz = promisify(gzip);
    const cases: Record<string, Buffer> = {
      'cut short': archive.subarray(0, Math.floor(archive.length * 0.6)),
      'without its end': await tarArchive(without('end.json')),
      'without its manifest': await tarArchive(without('manifest.json')),
      'a table bigger than its manifest says': await tarArchive(replaced('tables/users.jsonl', Buffer.concat([usersTable.body, Buffer.from('{"id":"extra"}\n')]))),
      'a row that is not JSON': await tarArchive(replaced('tables/users.jsonl', Buffer.from('x'.repeat(usersTable.body.length - 1) + '\n'))),
      'an entry Souvenir does not know': await tarArchive([...without('end.json'), { name: 'other/thing.txt', body: Buffer.from('?') }, entries.at(-1)!]),
      'a file outside the folder': await tarArchive([...without('end.json'), { name: 'files/../escape.png', body: Buffer.from('x') }, entries.at(-1)!]),
      'tables out of order': await tarArchive([entries[0]!, ...entries.filter((e) => e.name.startsWith('tables/')).reverse(), ...entries.filter((e) => !e.name.startsWith('tables/') && e.name !== 'manifest.json')]),
      'a tar that is not gzipped': gunzipSync(archive),
      'gzip of something else': await gz(Buffer.from('not a tar at all, not JSON either')),
    };
    for (const [label, bad] of Object.entries(cases)) {
      await expect(restoreBackup(handle, storage, bad), label).rejects.toBeInstanceOf(BackupError);
    }
    expect(await snapshot(handle.db, filesDir)).toEqual(before);

    // Checked whole, then changed on a second read that meets a bad entry after every table and file was
    // written (the archive was replaced in between): the tables roll back and the files written go.
    const lastEntryBad = await tarArchive([...without('end.json'), { name: 'files/memories/generated/x.png', body: Buffer.from('x') }, { name: 'other/late.txt', body: Buffer.from('?') }]);
    let opened = 0;
    const source = () => Promise.resolve(Readable.from([opened++ === 0 ? archive : lastEntryBad]));
    await expect(restoreBackup(handle, storage, source)).rejects.toBeInstanceOf(BackupError);
    expect(opened).toBe(2);
    expect(await snapshot(handle.db, filesDir)).toEqual(before);
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);
  });
});

describe('backups with the pictures in an S3 bucket', () => {
  it('holds the bucket’s files, lives in its backups/ folder, and a restore from the panel brings rows and files back', async () => {
    const t = await createTestApp(s3.env({ S3_PREFIX: 'family' }));
    const handle = await testDatabase();
    const storage = createS3Storage(bucketOptions('family'));
    const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
    try {
      const admin = await createUser(t, { admin: true, firstName: 'Ada' });
      const person = await createUser(t, { firstName: 'Bruno', defaultLanguage: 'fr' });
      const png = await picture('#c96');
      const image = await storage.putImage(`memories/${person.id}`, png);
      const avatar = await storage.putImage(`avatars/${person.id}`, await picture('#69c', 32));
      const memory = await addMemory(t, person.id, { title: 'La plage en hiver', imageUrl: image.url, liked: true });
      const ticket = await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: headers(person.cookie), payload: { subject: 'Une question', message: 'Où sont mes images ?' } });
      expect(ticket.statusCode).toBe(201);
      const before = { ...(await snapshot(handle.db, path.join(t.dataDir, 'files'))), ...bucketFiles('family') };
      expect(Object.keys(before).filter((key) => key.startsWith('bucket '))).toHaveLength(4);

      const made = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: headers(admin.cookie) });
      expect(made.statusCode).toBe(201);
      const { name } = made.json<{ name: string }>();
      // In the bucket, under the prefix's backups/ folder; nothing in the data folder.
      const object = s3.objects.get(`family/backups/${name}`);
      expect(object?.contentType).toBe('application/gzip');
      expect(existsSync(path.join(t.dataDir, 'backups'))).toBe(false);
      expect((await t.app.inject({ url: '/api/admin/backups', headers: headers(admin.cookie) })).json()).toMatchObject({ items: [{ name, size: object!.body.length }], storedIn: 'bucket' });

      const download = await t.app.inject({ url: `/api/admin/backups/${name}`, headers: headers(admin.cookie) });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-length']).toBe(String(object!.body.length));
      const read = await readBackup(download.rawPayload);
      expect(read.manifest.allFiles).toBe(true);
      expect([...read.files.keys()].sort()).toEqual([image.key, image.key.replace(/\.png$/, '.thumb.webp'), avatar.key, avatar.key.replace(/\.png$/, '.thumb.webp')].sort());
      expect(read.files.get(image.key)?.equals(png)).toBe(true);
      // Never reachable by the public file addresses, whatever the path.
      for (const url of [`/files/backups/${name}`, `/files/family/backups/${name}`, `/files/../backups/${name}`]) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      expect((await t.app.inject({ url: `/api/admin/backups/${name}`, headers: headers(person.cookie) })).statusCode).toBe(403);

      // After the backup: someone new with a picture of their own, and the first picture lost from the bucket.
      const late = await createUser(t, { firstName: 'Zoé' });
      const lateImage = await storage.putImage(`memories/${late.id}`, await picture('#9c6'));
      await addMemory(t, late.id, { imageUrl: lateImage.url });
      s3.objects.delete(`family/${image.key}`);
      expect((await t.app.inject({ url: image.url })).statusCode).toBe(404);

      // While the bucket fails, every backup route says so (503), none answers 500, and nothing changes.
      s3.behave('error');
      try {
        const failing = [
          await t.app.inject({ url: '/api/admin/backups', headers: headers(admin.cookie) }),
          await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: headers(admin.cookie) }),
          await t.app.inject({ url: `/api/admin/backups/${name}`, headers: headers(admin.cookie) }),
          await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: headers(admin.cookie), payload: { confirm: name } }),
        ];
        expect(failing.map((r) => [r.statusCode, r.json<{ error: { code: string } }>().error.code])).toEqual(Array(4).fill([503, 'SERVICE_UNAVAILABLE']));
      } finally {
        s3.behave('ok');
      }
      expect((await signIn(t, late.email, late.password)).statusCode).toBe(200);

      const restored = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: headers(admin.cookie), payload: { confirm: name } });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ files: 4 });
      expect({ ...(await snapshot(handle.db, path.join(t.dataDir, 'files'))), ...bucketFiles('family') }).toEqual(before);
      expect(s3.objects.has(`family/${lateImage.key}`)).toBe(false);
      expect(s3.objects.has(`family/backups/${name}`)).toBe(true);

      for (const who of [admin, person]) expect((await signIn(t, who.email, who.password)).statusCode, who.firstName).toBe(200);
      expect((await signIn(t, late.email, late.password)).statusCode).not.toBe(200);
      const served = await t.app.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
      const shown = await t.app.inject({ url: `/api/memories/${memory.id}`, headers: { cookie: cookieOf(await signIn(t, person.email, person.password)) } });
      expect(shown.json()).toMatchObject({ title: 'La plage en hiver', liked: true });
    } finally {
      await storage.close?.();
    }
  });

  it('moves the pictures between the data folder and a bucket: an archive of one restores into the other', async () => {
    const handle = await testDatabase();
    const folder = createLocalFolderStorage({ dir: path.join(freshDataDir(), 'files') });
    const bucket = createS3Storage(bucketOptions('moved'));
    try {
      const png = await picture('#a63');
      const image = await folder.putImage('memories/someone', png);
      const { archive, files } = await createBackup(handle, folder);
      expect(await restoreBackup(handle, bucket, archive)).toMatchObject({ files });
      expect(s3.objects.get(`moved/${image.key}`)?.body.equals(png)).toBe(true);
      expect(s3.objects.get(`moved/${image.key}`)?.contentType).toBe('image/png');

      const back = createLocalFolderStorage({ dir: path.join(freshDataDir(), 'files') });
      await restoreBackup(handle, back, (await createBackup(handle, bucket)).archive);
      expect((await back.list()).sort()).toEqual((await folder.list()).sort());
      expect((await back.get(image.key))?.body.equals(png)).toBe(true);
    } finally {
      await bucket.close?.();
    }
  });

  it('reads the archives of the earlier release: one with files restores them exactly; one without leaves the bucket alone', async () => {
    const handle = await testDatabase();
    const bucket = createS3Storage(bucketOptions('earlier'));
    try {
      const kept = await bucket.putImage('memories/someone', await picture('#3a6'));
      const lines = gunzipSync(await legacyArchive(handle, bucket)).toString('utf8').trim().split('\n');
      const { allFiles: _, ...earlierManifest } = JSON.parse(lines[0]!) as Record<string, unknown>;
      const rows = lines.filter((line) => line.startsWith('{"table"'));
      const earlier = (fileLines: string[]) =>
        promisify(gzip)(Buffer.from([JSON.stringify(earlierManifest), ...rows, ...fileLines, JSON.stringify({ end: true, tables: rows.length, files: fileLines.length })].join('\n')));

      // Made on a bucket by the earlier release: no file lines, nothing said of the files, so none goes.
      const extra = await bucket.putImage('memories/someone', await picture('#6a3'));
      await restoreBackup(handle, bucket, await earlier([]));
      expect((await bucket.list()).sort()).toEqual([kept.key, kept.key.replace(/\.png$/, '.thumb.webp'), extra.key, extra.key.replace(/\.png$/, '.thumb.webp')].sort());

      // Made on a data folder by the earlier release: its files are all the files, so the others go.
      await restoreBackup(handle, bucket, await earlier(lines.filter((line) => line.startsWith('{"file"'))));
      expect((await bucket.list()).sort()).toEqual([kept.key, kept.key.replace(/\.png$/, '.thumb.webp')].sort());
    } finally {
      await bucket.close?.();
    }
  });
});

describe('an archive restored into a database of the other driver', () => {
  it('brings back every row, and the people sign in there', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    const handle = await testDatabase();
    const person = await createUser(t, { firstName: 'Inès' });
    const storage = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
    const image = await storage.putImage(`memories/${person.id}`, await picture('#58a'));
    const memory = await addMemory(t, person.id, { title: 'Le train de nuit', imageUrl: image.url });
    const { archive } = await createBackup(handle, storage);

    const other = await otherDriverDatabase(handle.driver);
    try {
      expect(other.handle.driver).toBe(handle.driver === 'pglite' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
      const dataDir = freshDataDir();
      await restoreBackup(other.handle, createLocalFolderStorage({ dir: path.join(dataDir, 'files') }), archive);
      const tables = (state: Record<string, string>) => Object.fromEntries(Object.entries(state).filter(([key]) => key.startsWith('table ')));
      expect(tables(await snapshot(other.handle.db, dataDir))).toEqual(tables(await snapshot(handle.db, t.dataDir)));

      const there = await appOn(other.handle, dataDir);
      try {
        const signedIn = await signIn(there, person.email, person.password);
        expect(signedIn.statusCode).toBe(200);
        const shown = await there.app.inject({ url: `/api/memories/${memory.id}`, headers: { cookie: cookieOf(signedIn) } });
        expect(shown.json()).toMatchObject({ title: 'Le train de nuit' });
        expect((await there.app.inject({ url: image.url })).statusCode).toBe(200);
      } finally {
        await there.app.close();
      }
    } finally {
      await other.drop();
    }
  });
});

describe('npm run backup and npm run restore', () => {
  /** The command line as `npm run backup` / `npm run restore --` run it (tsx, as in development). */
  function cli(args: string[], env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup-cli.ts', ...args], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', BACKUP_TIME: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  }

  // Embedded database in the data folder on the PGlite pass; a fresh PostgreSQL database (DATABASE_URL) on the
  // PostgreSQL pass, so the command line runs on both drivers.
  it('writes an archive into the data folder, and a restore brings back a wiped row and a removed picture', { timeout: 300_000 }, async () => {
    const dataDir = freshDataDir();
    const postgres = process.env.TEST_DB === 'postgres' ? await freshPostgres(process.env.TEST_DATABASE_URL!, 'cli') : null;
    const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    // The database is opened only between the commands: PGlite allows one process per data folder.
    const withDatabase = async <T>(work: (handle: DatabaseHandle) => Promise<T>) => {
      const handle = await openDatabase(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir });
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    };
    try {
      await withDatabase(async (handle) => {
        await migrate(handle);
        await handle.db.insert(users).values({ id: 'cli-person', name: 'Léa', email: 'lea@example.test' });
      });
      const files = createLocalFolderStorage({ dir: path.join(dataDir, 'files') });
      const png = await picture('#c6a');
      const image = await files.putImage('avatars/cli-person', png);

      const backup = await cli(['backup'], env);
      expect(backup.code, backup.output).toBe(0);
      const [name] = readdirSync(path.join(dataDir, 'backups'));
      expect(name).toMatch(/^souvenir-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup\.gz$/);
      expect(backup.output).toContain(`Backup written: ${path.join(dataDir, 'backups', name!)}`);
      expect(backup.output).toMatch(/2 files/);

      await withDatabase((handle) => handle.db.delete(users).where(eq(users.id, 'cli-person')));
      await files.remove(image.key);
      expect(await files.get(image.key)).toBeNull();

      const restore = await cli(['restore', path.join(dataDir, 'backups', name!)], env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Restored \d+ tables \(\d+ rows\) and 2 files/);
      const [row] = await withDatabase((handle) => handle.db.select().from(users).where(eq(users.id, 'cli-person')));
      expect(row).toMatchObject({ name: 'Léa', email: 'lea@example.test' });
      expect((await files.get(image.key))?.body.equals(png)).toBe(true);

      // A file that is not an archive is refused with a sentence, not a stack trace, and changes nothing.
      const refused = await cli(['restore', path.join(dataDir, 'files', image.key)], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('is not a Souvenir backup');
      expect(refused.output).not.toMatch(/\n\s+at /);
    } finally {
      await postgres?.drop();
    }
  });
});
