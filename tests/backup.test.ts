// Backups: people, memories with their pictures, tickets and settings are backed up, everything is wiped,
// and the archive is restored into a fresh data folder; every row and file is back and the people sign in.
// Runs on PGlite and, in the integration-pg project, on PostgreSQL. A file that is not one of our archives,
// or one cut short, is refused before anything changes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, createBackup, readBackup, restoreBackup } from '@server/db/backup';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { addMemory } from './factories/memory';
import { createUser, signIn } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { testDatabase } from './support/database';
import { snapshot } from './support/fuzz';

const freshDirs: string[] = [];
afterAll(() => freshDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-restore-'));
  freshDirs.push(dir);
  return dir;
};

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
    const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
    expect((await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: headers(person.cookie), payload: { subject: 'Une question', message: 'Comment partager un souvenir ?' } })).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/community', headers: headers(admin.cookie), payload: { chatServerUrl: 'https://chat.example.test', calendarUrlEn: null, calendarUrlFr: null } })).statusCode,
    ).toBe(200);

    const before = await snapshot(handle.db, filesDir);
    const { archive, rows, files } = await createBackup(handle, filesDir);
    expect(rows).toBeGreaterThan(5);
    expect(files).toBeGreaterThanOrEqual(1);

    // Wiped: every table and every file.
    await handle.db.execute(sql.raw(`truncate ${Object.keys(before).filter((k) => k.startsWith('table ')).map((k) => `"${k.slice(6)}"`).join(', ')} cascade`));
    rmSync(filesDir, { recursive: true, force: true });
    expect((await signIn(t, person.email, person.password)).statusCode).not.toBe(200);

    const dataDir = freshDataDir();
    const restored = await restoreBackup(handle, path.join(dataDir, 'files'), archive);
    expect(restored.files).toBe(files);
    expect(await snapshot(handle.db, path.join(dataDir, 'files'))).toEqual(before);

    const again = await createTestApp({ DATA_DIR: dataDir });
    for (const who of [admin, person]) expect((await signIn(again, who.email, who.password)).statusCode, who.firstName).toBe(200);
    const picture = await again.app.inject({ url: image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png) || picture.rawPayload.length > 0).toBe(true);
    const shown = await again.app.inject({ url: `/api/memories/${memory.id}`, headers: { cookie: (await signIn(again, person.email, person.password)).cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
    expect(shown.json()).toMatchObject({ title: 'Le canal au soleil', liked: true });
  });

  it('refuses a file that is not one of ours, a foreign version, or an archive cut short, changing nothing', async () => {
    const t = await createTestApp();
    const handle = await testDatabase();
    await createUser(t);
    const filesDir = path.join(t.dataDir, 'files');
    const before = await snapshot(handle.db, filesDir);
    const gz = promisify(gzip);
    const { archive } = await createBackup(handle, filesDir);
    const text = (await import('node:zlib')).gunzipSync(archive).toString('utf8');
    const lines = text.trim().split('\n');
    const cases: Record<string, Buffer> = {
      'not gzip': Buffer.from('hello'),
      'gzip of something else': await gz(Buffer.from('{"hello":"world"}\n')),
      'a future version': await gz(Buffer.from([JSON.stringify({ ...JSON.parse(lines[0]!), version: 99 }), ...lines.slice(1)].join('\n'))),
      'cut short': await gz(Buffer.from(lines.slice(0, -1).join('\n'))),
      'a file outside the folder': await gz(Buffer.from([lines[0], JSON.stringify({ file: '../escape.txt', data: 'eA==' }), JSON.stringify({ end: true, tables: 0, files: 1 })].join('\n'))),
    };
    for (const [label, bad] of Object.entries(cases)) {
      await expect(restoreBackup(handle, filesDir, bad), label).rejects.toBeInstanceOf(BackupError);
    }
    await expect(readBackup(archive)).resolves.toMatchObject({ manifest: { format: 'souvenir-backup', version: 1 } });
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
    expect(list.json()).toMatchObject({ items: [{ name }], dailyAt: '02:30', keep: 2, includesFiles: true });

    const download = await t.app.inject({ url: `/api/admin/backups/${name}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(name);
    await expect(readBackup(download.rawPayload)).resolves.toBeTruthy();
    expect((await t.app.inject({ url: `/api/admin/backups/${name}`, headers: { cookie: person.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/files/../backups/${name}` })).statusCode).toBe(404);
    for (const bad of ['..%2Fauth-secret', 'souvenir-x.backup.gz', '%2Fetc%2Fpasswd']) {
      expect((await t.app.inject({ url: `/api/admin/backups/${bad}`, headers })).statusCode, bad).toBe(404);
    }

    // Someone signs up after the backup; the restore takes the instance back to before.
    const late = await createUser(t);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers, payload: { confirm: 'yes' } });
    expect([wrong.statusCode, wrong.json<{ error: { code: string } }>().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers, payload: { confirm: name } });
    expect(restored.statusCode).toBe(200);
    expect((await signIn(t, late.email, late.password)).statusCode).not.toBe(200);
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);
  });

  it('runs once a day after its time, and keeps only the newest archives', async () => {
    const { createBackupsService } = await import('@server/modules/backups/service');
    const handle = await testDatabase();
    const dir = freshDataDir();
    const backups = createBackupsService({ database: handle, dir, filesDir: null, dailyAtMinute: 3 * 60, keep: 2 });
    const log = { info() {} } as never;
    expect(await backups.runScheduled(log, new Date('2026-03-01T02:59:00Z'))).toBeNull();
    expect(await backups.runScheduled(log, new Date('2026-03-01T03:00:00Z'))).not.toBeNull();
    expect(await backups.runScheduled(log, new Date('2026-03-01T23:00:00Z'))).toBeNull();
    await backups.runScheduled(log, new Date('2026-03-02T03:01:00Z'));
    await backups.runScheduled(log, new Date('2026-03-03T04:00:00Z'));
    const { items } = await backups.list();
    expect(items.map((b) => b.createdAt.slice(0, 10))).toEqual(['2026-03-03', '2026-03-02']);
  });
});
