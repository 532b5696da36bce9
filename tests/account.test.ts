import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chatDisclosures, outboxMessages, profiles, souvenirs, supportTickets, users } from '@server/db/schema/index';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { storeRenditions } from '@server/providers/storage/renditions';
import { meResponseSchema } from '@shared/contracts/me';
import { AVATAR_MAX_BYTES } from '@shared/limits';
import { addMemory } from './factories/memory';
import { createUser, signIn, sessionCookieOf } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

const t = await createTestApp({ RATE_LIMIT_EXPORT_MAX: '1000' });

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const profileOf = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const filesDir = path.join(t.dataDir, 'files');
const listFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)])) : [];

/** A multipart body with one file in `field` (what a browser's FormData sends). */
function multipartBody(field: string, file: Buffer, filename: string, type: string) {
  const boundary = `----souvenir${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadAvatar = (cookie: string, file: Buffer, filename = 'me.jpg', type = 'image/jpeg') => {
  const body = multipartBody('avatar', file, filename, type);
  return t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...body.headers, cookie, origin: TEST_ORIGIN }, payload: body.payload });
};

/** A phone photo: JPEG with camera details and a GPS position in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' } })
    .toBuffer();

describe('PUT /api/me/profile', () => {
  it('saves the first name (trimmed), language and gender, "unspecified" as none', async () => {
    const user = await createUser(t, { admin: false });
    const response = await call('PUT', '/api/me/profile', user.cookie, { firstName: '  Maëlle ', defaultLanguage: 'fr', gender: 'female' });
    expect(response.statusCode, response.body).toBe(200);
    expect(meResponseSchema.parse(response.json()).profile).toMatchObject({ firstName: 'Maëlle', defaultLanguage: 'fr', gender: 'female' });
    expect(response.json().profile).not.toHaveProperty('medicalDiagnosis');
    await call('PUT', '/api/me/profile', user.cookie, { firstName: 'Maëlle', defaultLanguage: 'en', gender: 'unspecified' });
    expect(await profileOf(user.id)).toMatchObject({ firstName: 'Maëlle', defaultLanguage: 'en', gender: null });
  });

  it('refuses a short first name, an unknown language or gender and extra fields with coded fields, changing nothing', async () => {
    const user = await createUser(t, { admin: false, firstName: 'Camille' });
    const before = await profileOf(user.id);
    const cases: Array<[unknown, string, string]> = [
      [{ firstName: ' A ', defaultLanguage: 'en', gender: 'other' }, 'firstName', 'validation.firstNameTooShort'],
      [{ firstName: 'x'.repeat(61), defaultLanguage: 'en', gender: 'other' }, 'firstName', 'validation.firstNameTooLong'],
      [{ firstName: 'Camille', defaultLanguage: 'de', gender: 'other' }, 'defaultLanguage', 'validation.languageRequired'],
      [{ firstName: 'Camille', defaultLanguage: 'en', gender: 'robot' }, 'gender', 'validation.genderInvalid'],
    ];
    for (const [payload, field, key] of cases) {
      const response = await call('PUT', '/api/me/profile', user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields?.[field]).toEqual([key]);
    }
    expect((await call('PUT', '/api/me/profile', user.cookie, { firstName: 'Camille', defaultLanguage: 'en', gender: 'other', isAdmin: true })).statusCode).toBe(400);
    expect(await profileOf(user.id)).toEqual(before);
  });

  it('lets only administrators keep the confidential medical note (empty is none)', async () => {
    const member = await createUser(t, { admin: false, firstName: 'Camille' });
    const refused = await call('PUT', '/api/me/profile', member.cookie, { firstName: 'Camille', defaultLanguage: 'en', gender: 'other', medicalDiagnosis: 'anything' });
    expect(refused.statusCode).toBe(403);
    expect(await profileOf(member.id)).toMatchObject({ medicalDiagnosis: null, gender: null });

    const admin = await createUser(t, { admin: true, firstName: 'Alex' });
    const saved = await call('PUT', '/api/me/profile', admin.cookie, { firstName: 'Alex', defaultLanguage: 'en', gender: 'other', medicalDiagnosis: '  Follow-up in May  ' });
    expect(saved.json().profile.medicalDiagnosis).toBe('Follow-up in May');
    const cleared = await call('PUT', '/api/me/profile', admin.cookie, { firstName: 'Alex', defaultLanguage: 'en', gender: 'other', medicalDiagnosis: '' });
    expect(cleared.json().profile.medicalDiagnosis).toBeNull();
    // Leaving it out keeps it.
    await call('PUT', '/api/me/profile', admin.cookie, { firstName: 'Alex', defaultLanguage: 'en', gender: 'other', medicalDiagnosis: 'Kept' });
    await call('PUT', '/api/me/profile', admin.cookie, { firstName: 'Alexis', defaultLanguage: 'en', gender: 'other' });
    expect(await profileOf(admin.id)).toMatchObject({ firstName: 'Alexis', medicalDiagnosis: 'Kept' });
  });

  it('refuses signed-out visitors before reading the body', async () => {
    expect((await call('PUT', '/api/me/profile', undefined, { nonsense: true })).statusCode).toBe(401);
  });
});

describe('the avatar', () => {
  it('takes a phone photo, stores a 512×512 WebP without any metadata, and shows it on the profile', async () => {
    const user = await createUser(t);
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('secret-owner');

    const response = await uploadAvatar(user.cookie, photo);
    expect(response.statusCode, response.body).toBe(200);
    const { avatarUrl } = response.json();
    expect(avatarUrl).toMatch(new RegExp(`^/files/avatars/${user.id}/[0-9a-f]{32}\\.webp$`));
    expect((await profileOf(user.id)).avatarUrl).toBe(avatarUrl);
    expect((await call('GET', '/api/me', user.cookie)).json().profile.avatarUrl).toBe(avatarUrl);

    const served = await call('GET', avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('replaces the previous picture and removes its file', async () => {
    const user = await createUser(t);
    const first = (await uploadAvatar(user.cookie, await phonePhoto())).json().avatarUrl as string;
    const png = await sharp({ create: { width: 300, height: 600, channels: 4, background: '#f0c' } }).png().toBuffer();
    const second = (await uploadAvatar(user.cookie, png, 'me.png', 'image/png')).json().avatarUrl as string;
    expect(second).not.toBe(first);
    expect((await call('GET', first)).statusCode).toBe(404);
    expect((await call('GET', second)).statusCode).toBe(200);

    expect((await call('DELETE', '/api/me/avatar', user.cookie)).statusCode).toBe(204);
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
    expect((await call('GET', second)).statusCode).toBe(404);
  });

  it('refuses an image over 2 MB without storing anything', async () => {
    const user = await createUser(t);
    // Random pixels do not compress: a 3 MB PNG.
    const noisy = await sharp(Buffer.from(Array.from({ length: 1100 * 1000 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(3 * 1024 * 1024);
    const before = listFiles(filesDir).length;
    const response = await uploadAvatar(user.cookie, noisy, 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(listFiles(filesDir).length).toBe(before);
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
  });

  it('refuses a picture with more pixels than a 512 px avatar needs, before decoding it, and takes a 12-megapixel photo', async () => {
    const user = await createUser(t);
    const before = listFiles(filesDir).length;
    // 6 000 × 6 000 of one colour: a few hundred kilobytes of PNG, 144 MB once decoded.
    const huge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#88aacc' } }).png().toBuffer();
    expect(huge.length).toBeLessThan(AVATAR_MAX_BYTES);
    const refused = await uploadAvatar(user.cookie, huge, 'huge.png', 'image/png');
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: { avatar: ['validation.avatarTooManyPixels'] } });
    expect(listFiles(filesDir).length).toBe(before);

    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#7a9cc6' } }).jpeg().toBuffer();
    expect((await uploadAvatar(user.cookie, photo)).statusCode).toBe(200);
  });

  it('limits uploads per person, for their own picture and the agent’s', async () => {
    const limited = await createTestApp({ RATE_LIMIT_UPLOAD_MAX: '2' });
    const admin = await createUser(limited, { admin: true });
    const other = await createUser(limited, { admin: false });
    const photo = await phonePhoto();
    const upload = (url: string, cookie: string) => {
      const body = multipartBody('avatar', photo, 'me.jpg', 'image/jpeg');
      return limited.app.inject({ method: 'POST', url, headers: { ...body.headers, cookie, origin: TEST_ORIGIN }, payload: body.payload });
    };
    for (const url of ['/api/me/avatar', '/api/admin/settings/agent-avatar']) {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await upload(url, admin.cookie)).statusCode);
      expect(statuses, url).toEqual([200, 200, 429]);
    }
    const blocked = await upload('/api/me/avatar', admin.cookie);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    // Someone else is not held back by another person's uploads.
    expect((await upload('/api/me/avatar', other.cookie)).statusCode).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name or declared type', async () => {
    const user = await createUser(t);
    const before = listFiles(filesDir).length;
    for (const [content, name, type] of [
      [Buffer.from('just some text, not a picture at all\n'.repeat(20)), 'photo.png', 'image/png'],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'photo.jpg', 'image/jpeg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'photo.svg', 'image/svg+xml'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'cut.png', 'image/png'],
    ] as const) {
      const response = await uploadAvatar(user.cookie, content, name, type);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(listFiles(filesDir).length).toBe(before);
  });

  it('refuses a missing file, another field, a JSON body and signed-out visitors', async () => {
    const user = await createUser(t);
    const wrongField = multipartBody('picture', await phonePhoto(), 'me.jpg', 'image/jpeg');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...wrongField.headers, cookie: user.cookie, origin: TEST_ORIGIN }, payload: wrongField.payload });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ avatar: ['validation.avatarRequired'] });
    expect((await call('POST', '/api/me/avatar', user.cookie, { avatar: 'data:image/png;base64,AAAA' })).statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { origin: TEST_ORIGIN } })).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('signs out the person’s other sessions (better-auth revokes them)', async () => {
    const user = await createUser(t);
    const other = sessionCookieOf(await signIn(t, user.email, user.password))!;
    expect((await call('GET', '/api/me', other)).statusCode).toBe(200);

    const changed = await call('POST', '/api/auth/change-password', user.cookie, { currentPassword: user.password, newPassword: 'a new calm password', revokeOtherSessions: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/me', other)).statusCode).toBe(401);
    const current = sessionCookieOf(changed) ?? user.cookie;
    expect((await call('GET', '/api/me', current)).statusCode).toBe(200);
    expect((await signIn(t, user.email, 'a new calm password')).statusCode).toBe(200);
    expect((await signIn(t, user.email, user.password)).statusCode).toBe(401);
  });

  it('refuses a new password shorter than the server’s minimum, and a wrong current password', async () => {
    const user = await createUser(t);
    const short = await call('POST', '/api/auth/change-password', user.cookie, { currentPassword: user.password, newPassword: 'abc123', revokeOtherSessions: true });
    expect(short.statusCode).toBe(400);
    const wrong = await call('POST', '/api/auth/change-password', user.cookie, { currentPassword: 'not my password', newPassword: 'a new calm password' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect((await signIn(t, user.email, user.password)).statusCode).toBe(200);
  });
});

/** A memory whose artwork is really stored, as the generation makes them. */
async function addStoredMemory(userId: string, overrides: Parameters<typeof addMemory>[2] = {}) {
  const storage = createLocalFolderStorage({ dir: filesDir });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c9a27e' } }).png().toBuffer();
  const image = await storage.putImage(`memories/${userId}`, png);
  return { row: await addMemory(t, userId, { imageUrl: image.url, ...overrides }), image, png };
}

describe('GET /api/me/export', () => {
  it('answers a ZIP of the profile, every memory and its original image, and the person’s tickets — nobody else’s', async () => {
    const user = await createUser(t, { firstName: 'Lou', defaultLanguage: 'fr' });
    const stranger = await createUser(t);
    await addStoredMemory(stranger.id, { title: 'Not Lou’s' });
    const a = await addStoredMemory(user.id, { title: 'Le marché', liked: true, createdAt: new Date('2025-05-01T10:00:00Z') });
    const b = await addStoredMemory(user.id, { title: 'Pluie douce', shareToken: 'd'.repeat(64), createdAt: new Date('2026-01-02T10:00:00Z') });
    const temporary = await addMemory(t, user.id, { title: 'Ancienne image', imageUrl: 'https://images.example.test/tmp/x.png', createdAt: new Date('2024-01-01T10:00:00Z') });
    await call('POST', '/api/support/tickets', user.cookie, { subject: 'Une question', message: 'Comment exporter mes souvenirs, s’il te plaît ?' });
    await uploadAvatar(user.cookie, await phonePhoto());
    await call('PUT', '/api/memories/on-this-day', user.cookie, { enabled: false });
    // The dates a chat reply leaves: when the companion last answered, and last said it is a machine.
    await t.db.insert(chatDisclosures).values({ userId: user.id, lastReplyAt: new Date('2026-11-20T21:00:00Z'), disclosedAt: new Date('2026-11-13T20:00:00Z') });
    await t.db.insert(chatDisclosures).values({ userId: stranger.id, lastReplyAt: new Date('2026-01-01T00:00:00Z'), disclosedAt: new Date('2026-01-01T00:00:00Z') });

    const response = await call('GET', '/api/me/export', user.cookie);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="souvenir-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers['cache-control']).toBe('no-store');

    const zip = new AdmZip(response.rawPayload);
    const names = zip.getEntries().map((e) => e.entryName).sort();
    expect(names).toEqual(['avatar.webp', `images/${a.row.id}.png`, `images/${b.row.id}.png`, 'souvenir-export.json'].sort());
    expect(zip.getEntry(`images/${a.row.id}.png`)!.getData().equals(a.png)).toBe(true);

    const data = JSON.parse(zip.readAsText('souvenir-export.json'));
    expect(data).toMatchObject({
      format: 'souvenir-export',
      version: 1,
      account: { email: user.email },
      profile: {
        firstName: 'Lou',
        defaultLanguage: 'fr',
        avatar: 'avatar.webp',
        onThisDay: false,
        aiDisclosure: { lastReplyAt: '2026-11-20T21:00:00.000Z', lastToldAt: '2026-11-13T20:00:00.000Z' },
      },
      supportTickets: [{ subject: 'Une question', status: 'open' }],
    });
    expect(data.memories.map((m: { title: string }) => m.title)).toEqual(['Ancienne image', 'Le marché', 'Pluie douce']);
    expect(data.memories[1]).toMatchObject({ id: a.row.id, favourite: true, shared: false, image: `images/${a.row.id}.png`, reflection: a.row.poeticSummary });
    expect(data.memories[2]).toMatchObject({ shared: true, shareToken: 'd'.repeat(64) });
    expect(data.memories[0]).toMatchObject({ id: temporary.id, image: null, imageUrl: 'https://images.example.test/tmp/x.png' });
    expect(JSON.stringify(data)).not.toContain('Not Lou’s');
  });

  it('pages through a large gallery without repeating or losing a memory', async () => {
    const user = await createUser(t);
    await t.db.execute(sql`
      insert into ${souvenirs} (user_id, title, image_url, prompt, created_at)
      select ${user.id}, 'Memory ' || n, 'https://images.example.test/' || n || '.png', 'p', timestamp '2026-01-01 00:00:00.123456+00' + (n % 7) * interval '1 microsecond'
        from generate_series(1, 450) as n`);
    const zip = new AdmZip((await call('GET', '/api/me/export', user.cookie)).rawPayload);
    const data = JSON.parse(zip.readAsText('souvenir-export.json'));
    expect(data.memories).toHaveLength(450);
    expect(new Set(data.memories.map((m: { id: string }) => m.id)).size).toBe(450);
  });

  it('answers an empty export to someone with nothing yet, and 401 to signed-out visitors', async () => {
    const user = await createUser(t);
    const zip = new AdmZip((await call('GET', '/api/me/export', user.cookie)).rawPayload);
    expect(JSON.parse(zip.readAsText('souvenir-export.json'))).toMatchObject({ memories: [], supportTickets: [], profile: { avatar: null, onThisDay: true, aiDisclosure: null } });
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('erases the account: no row and no file of it is left, its sessions stop working, others are untouched', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const otherMemory = await addStoredMemory(other.id);
    const { image } = await addStoredMemory(user.id);
    await addStoredMemory(user.id);
    // Its WebP renditions beside it (made here from a full-size picture: the stored one is small).
    const fullSize = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#c9a27e' } }).png().toBuffer();
    expect(await storeRenditions(createLocalFolderStorage({ dir: filesDir }), image.key, fullSize)).toEqual([480, 768, 1024]);
    await uploadAvatar(user.cookie, await phonePhoto());
    await call('POST', '/api/support/tickets', user.cookie, { subject: 'Hello there', message: 'A ticket that must disappear with me.' });
    await t.db.insert(outboxMessages).values({ to: user.email, subject: 'Welcome', html: '<p>hi</p>', text: 'hi' });
    const secondSession = sessionCookieOf(await signIn(t, user.email, user.password))!;
    const ownFiles = () => listFiles(path.join(filesDir, 'memories', user.id)).length + listFiles(path.join(filesDir, 'avatars', user.id)).length;
    expect(ownFiles()).toBe(9); // two artworks and the avatar, each with a thumbnail; three renditions of one artwork

    expect((await call('DELETE', '/api/me', user.cookie, {})).statusCode).toBe(400);
    expect((await call('DELETE', '/api/me', user.cookie, { confirm: 'yes' })).statusCode).toBe(400);
    const response = await call('DELETE', '/api/me', user.cookie, { confirm: true });
    expect(response.statusCode, response.body).toBe(204);

    // Every table of the database, searched for the person's id and e-mail address.
    const tables = await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
    for (const { tablename } of (tables as { rows: Array<{ tablename: string }> }).rows) {
      const found = await t.db.execute(sql.raw(`select count(*)::int as n from "${tablename}" t where t::text like '%${user.id}%' or lower(t::text) like '%${user.email.toLowerCase()}%'`));
      expect((found as { rows: Array<{ n: number }> }).rows[0]!.n, tablename).toBe(0);
    }
    expect(ownFiles()).toBe(0);
    expect((await call('GET', image.url)).statusCode).toBe(404);
    for (const cookie of [user.cookie, secondSession]) expect((await call('GET', '/api/me', cookie)).statusCode).toBe(401);
    expect((await signIn(t, user.email, user.password)).statusCode).toBe(401);

    expect((await t.db.select().from(users).where(eq(users.id, other.id))).length).toBe(1);
    expect((await call('GET', otherMemory.image.url)).statusCode).toBe(200);
    expect((await t.db.select().from(supportTickets)).every((ticket) => ticket.userId !== user.id)).toBe(true);
  });

  it('refuses signed-out visitors', async () => {
    expect((await call('DELETE', '/api/me', undefined, { confirm: true })).statusCode).toBe(401);
  });
});
