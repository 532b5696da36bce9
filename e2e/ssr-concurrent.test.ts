// Pages drawn at once: the built server render (dist/ssr) in the real app, in-process. Twenty people's galleries are
// drawn concurrently and each holds that person's own memories only; one more person's gallery read hangs, and their
// page comes back undrawn (the app draws it in the browser) while the others are drawn, with a log line that names
// neither them nor their page's address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personWithMemory, startInProcessApp, type InProcessApp, type Person } from './support/in-process-app';

const PEOPLE = 20;

let t: InProcessApp;
/** The reads held on purpose, let go once the test has its answers. */
const held: Array<() => void> = [];
let slowCookie = '';

beforeAll(async () => {
  t = await startInProcessApp((app) => {
    // One person's gallery read never answers until the test lets it go: a read that hangs.
    app.addHook('onRequest', async (request) => {
      if (slowCookie && request.url.startsWith('/api/memories?') && request.headers.cookie?.includes(slowCookie)) {
        await new Promise<void>((resolve) => held.push(resolve));
      }
    });
  });
}, 120_000);

afterAll(async () => {
  held.forEach((release) => release());
  await t?.close();
});

describe('pages drawn at once', () => {
  it("draws twenty people's galleries at once, each with their own memories, and sends a hung one undrawn", async () => {
    const people: Person[] = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await personWithMemory(t, `person${i}`));
    const slow = await personWithMemory(t, 'slow');
    slowCookie = slow.cookie.split(';')[0]!;

    const gallery = (p: Person) => t.app.inject({ method: 'GET', url: '/home/memories', headers: { cookie: p.cookie, 'accept-language': 'en' } });
    // The hung page is drawing first: the others are asked while its read hangs.
    const slowAnswer = gallery(slow);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [slowPage, ...pages] = await Promise.all([slowAnswer, ...people.map(gallery)]);

    pages.forEach((page, i) => {
      expect(page.statusCode).toBe(200);
      expect(page.body, `person ${i}`).toContain('data-rendered');
      expect(page.body, `person ${i}`).toContain(people[i]!.title);
      for (const other of [...people.filter((_, j) => j !== i), slow]) expect(page.body, `person ${i}`).not.toContain(other.title);
    });
    // Its read still hangs: the page came back undrawn because its time was up, for the app to draw it.
    expect(slowPage.statusCode).toBe(200);
    expect(slowPage.body).not.toContain('data-rendered');
    expect(slowPage.body).toContain('<div id="root"></div>');
    const warning = t.logs.find((line) => line.includes('server render ran out of time'));
    expect(warning).toBeDefined();
    for (const secret of [slow.email, slow.title, 'slow', slowCookie.split('=')[1]!]) expect(warning).not.toContain(secret);
  }, 120_000);
});
