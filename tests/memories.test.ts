import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { souvenirs, users } from '@server/db/schema/index';
import { HOME_MEMORIES_COUNT } from '@shared/limits';
import { recentMemoriesResponseSchema } from '@shared/contracts/memories';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp();

const recent = (cookie: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/memories/recent${query}`, headers: cookie ? { cookie } : {} });

/** Memories of `userId`, one a day back from `from`, oldest first. */
async function addDays(userId: string, count: number, from = Date.UTC(2026, 0, 31, 18)) {
  const rows = [];
  for (let i = count - 1; i >= 0; i--) rows.push(await addMemory(t, userId, { createdAt: new Date(from - i * 86_400_000) }));
  return rows;
}

describe('GET /api/memories/recent', () => {
  it('lists the person’s latest six memories, newest first, as cards show them', async () => {
    const user = await createUser(t);
    const rows = await addDays(user.id, 8);
    const liked = await addMemory(t, user.id, {
      createdAt: new Date(Date.UTC(2026, 1, 2, 9, 30)),
      liked: true,
      conversationId: 'd9b2f6a4-conversation',
      title: 'Le marché du dimanche',
    });

    const response = await recent(user.cookie);
    expect(response.statusCode).toBe(200);
    const body = recentMemoriesResponseSchema.parse(response.json());
    expect(body.items).toHaveLength(HOME_MEMORIES_COUNT);
    expect(body.items.map((m) => m.id)).toEqual([liked, ...rows.reverse()].slice(0, 6).map((r) => r.id));
    expect(body.items[0]).toEqual({
      id: liked.id,
      title: 'Le marché du dimanche',
      imageUrl: liked.imageUrl,
      liked: true,
      createdAt: '2026-02-02T09:30:00.000Z',
      conversationId: 'd9b2f6a4-conversation',
      thumbnailUrl: liked.imageUrl.replace(/\.png$/, '.thumb.webp'),
      imageSources: [],
    });
    expect(body.items[1]).toMatchObject({ liked: false, conversationId: null });
    // What a card does not need stays on the server (the reflection, the prompt, the share link).
    expect(Object.keys(body.items[0]!).sort()).toEqual(['conversationId', 'createdAt', 'id', 'imageSources', 'imageUrl', 'liked', 'thumbnailUrl', 'title']);
  });

  it('never shows another person’s memories', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const secret = `bob-only-${randomBytes(4).toString('hex')}`;
    await addMemory(t, bob.id, { title: secret, createdAt: new Date() });
    const own = await addDays(alice.id, 2);

    const response = await recent(alice.cookie);
    expect(response.json().items.map((m: { id: string }) => m.id)).toEqual(own.reverse().map((r) => r.id));
    expect(response.body).not.toContain(secret);
    expect((await recent(bob.cookie)).json().items.map((m: { title: string }) => m.title)).toEqual([secret]);
  });

  it('takes a limit from 1 to 6', async () => {
    const user = await createUser(t);
    const rows = (await addDays(user.id, 7)).reverse();
    for (const limit of [1, 3, 6]) {
      const response = await recent(user.cookie, `?limit=${limit}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().items.map((m: { id: string }) => m.id)).toEqual(rows.slice(0, limit).map((r) => r.id));
    }
  });

  it('refuses a bad limit with a coded field', async () => {
    const user = await createUser(t);
    for (const query of ['?limit=0', '?limit=7', '?limit=-1', '?limit=2.5', '?limit=many', '?limit=']) {
      const response = await recent(user.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'VALIDATION_FAILED', fields: { limit: ['validation.limitInvalid'] } });
    }
  });

  it('answers an empty list to someone with no memory yet', async () => {
    const user = await createUser(t);
    const response = await recent(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });

  it('refuses signed-out visitors, before looking at the limit', async () => {
    for (const query of ['', '?limit=99']) {
      const response = await recent(undefined, query);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });
});

describe('the souvenirs table', () => {
  it('keeps share tokens to 64 unique hex characters and goes with its owner', async () => {
    const user = await createUser(t);
    const token = randomBytes(32).toString('hex');
    const shared = await addMemory(t, user.id, { shareToken: token });
    expect(shared).toMatchObject({ shareToken: token, liked: false, poeticSummary: expect.any(String) });
    expect((await addMemory(t, user.id, { poeticSummary: null })).shareToken).toBeNull();
    await expect(addMemory(t, user.id, { shareToken: token })).rejects.toThrow();
    await expect(addMemory(t, user.id, { shareToken: 'abc123' })).rejects.toThrow();
    await expect(addMemory(t, user.id, { shareToken: token.toUpperCase() })).rejects.toThrow();

    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(souvenirs).where(eq(souvenirs.userId, user.id))).toEqual([]);
  });
});
