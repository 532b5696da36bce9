import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryDetailSchema } from '@shared/contracts/memories';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp();

const detail = (cookie: string | undefined, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: cookie ? { cookie } : {} });

describe('GET /api/memories/:id', () => {
  it('answers the person’s own memory as its page shows it, with the thumbnail stored beside the image', async () => {
    const user = await createUser(t);
    const row = await addMemory(t, user.id, {
      title: 'Le marché du dimanche',
      imageUrl: '/files/memories/u1/0123456789abcdef0123456789abcdef.png',
      poeticSummary: 'Ta journée avait le goût des framboises.',
      liked: true,
      createdAt: new Date(Date.UTC(2026, 1, 2, 9, 30)),
      conversationId: 'd9b2f6a4-6c1e-4f57-9a0b-5b8f0f7b2c11',
    });

    const response = await detail(user.cookie, row.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(memoryDetailSchema.parse(response.json())).toEqual({
      id: row.id,
      title: 'Le marché du dimanche',
      imageUrl: '/files/memories/u1/0123456789abcdef0123456789abcdef.png',
      thumbnailUrl: '/files/memories/u1/0123456789abcdef0123456789abcdef.thumb.webp',
      imageSources: [],
      poeticSummary: 'Ta journée avait le goût des framboises.',
      liked: true,
      createdAt: '2026-02-02T09:30:00.000Z',
      conversationId: 'd9b2f6a4-6c1e-4f57-9a0b-5b8f0f7b2c11',
      shareToken: null,
      imageOrigin: null,
    });
    // What the page does not need stays on the server: the image prompt.
    expect(Object.keys(response.json()).sort()).toEqual(['conversationId', 'createdAt', 'id', 'imageOrigin', 'imageSources', 'imageUrl', 'liked', 'poeticSummary', 'shareToken', 'thumbnailUrl', 'title']);
    expect(response.body).not.toContain(row.prompt);
  });

  it('has no thumbnail for an image that is not one of the app’s files, and no reflection when none was made', async () => {
    const user = await createUser(t);
    const temporary = await addMemory(t, user.id, {
      imageUrl: 'https://oaidalleapiprodscus.blob.core.windows.net/private/img-abc.png?sig=x',
      poeticSummary: null,
    });

    const response = await detail(user.cookie, temporary.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ thumbnailUrl: null, poeticSummary: null, liked: false, conversationId: null });
  });

  it('answers 404 NOT_FOUND for another person’s memory, without a word of it', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const secret = await addMemory(t, bob.id, { title: `Bob only ${randomUUID()}` });

    const response = await detail(alice.cookie, secret.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(response.body).not.toContain(secret.title);
    expect(response.body).not.toContain(secret.imageUrl);
    // The owner still sees it.
    expect((await detail(bob.cookie, secret.id)).statusCode).toBe(200);
  });

  it('answers an unknown or malformed id as not found, never as a server error', async () => {
    const user = await createUser(t);
    for (const id of [randomUUID(), 'not-a-uuid', '123', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', `${randomUUID()}x`, "x'%20or%201=1", '%E2%9C%93']) {
      const response = await detail(user.cookie, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error, id).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('refuses signed-out visitors before looking at the id', async () => {
    const user = await createUser(t);
    const row = await addMemory(t, user.id);
    for (const id of [row.id, 'not-a-uuid']) {
      const response = await detail(undefined, id);
      expect(response.statusCode, id).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(response.body).not.toContain(row.title);
    }
  });

  it('leaves the other memory routes where they were', async () => {
    const user = await createUser(t);
    expect((await detail(user.cookie, 'recent')).json()).toEqual({ items: [] });
    expect((await detail(user.cookie, 'migration')).json()).toEqual({ pending: 0, ids: [] });
  });
});
