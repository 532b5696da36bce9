// A month's exhibition: its wall and letter opened, kept and shared, then its link opened by someone signed out — in
// English on a desktop, and in French on a 375 px phone with the keyboard (axe clean).
import { beforeAll, describe, expect, it } from 'vitest';
import { exhibitions } from '@server/db/schema/index';
import { offlineExhibitionLetter } from '@server/providers/text/offline-letter';
import { blocking, describeFindings, scanPage } from './support/axe';
import { openPage, type TestPage } from './support/browser';
import { addMemoriesForEach } from './support/database';
import { exhibitionUi } from './support/exhibition-texts';
import { setupSuite } from './support/suite';
import { newUser, registerViaApi, signInViaApi, type TestUser } from './support/users';

const s = setupSuite();

// Noon UTC: the same day in whatever zone the browser runs.
const MEMORIES = [
  { title: 'Rain on the market square', createdAt: '2026-11-03T12:00:00.000Z' },
  { title: 'Lanterns on the river', createdAt: '2026-11-14T12:00:00.000Z' },
  { title: 'Bread with Nina', createdAt: '2026-11-29T12:00:00.000Z' },
];

const TITLES = { en: 'November 2026', fr: 'Novembre 2026' };
const owners = {} as Record<'en' | 'fr', { owner: TestUser; id: string; letter: string }>;

/**
 * Each owner's November memories, and the exhibition the server makes of them in December's first days, with the
 * offline writer's letter — made in the database, since the browser runs on today's date, rarely one of those days.
 * Both owners are seeded in one stop of the app (a stop is a restart, several seconds on a busy machine).
 */
beforeAll(async () => {
  const languages = ['en', 'fr'] as const;
  for (const language of languages) {
    const letter = offlineExhibitionLetter({
      language,
      agentName: 'Mira',
      agentGender: 'feminine',
      monthName: language === 'fr' ? 'novembre 2026' : 'November 2026',
      days: MEMORIES.map((memory) => ({ title: memory.title, reflection: null, mood: 'calm' as const })),
    });
    owners[language] = { owner: await registerViaApi(s.app, newUser({ language })), id: '', letter };
  }
  await addMemoriesForEach(
    s.app,
    languages.map((language) => ({
      email: owners[language].owner.email,
      memories: MEMORIES,
      more: async (db, userId) => {
        const { letter } = owners[language];
        const [row] = await db.insert(exhibitions).values({ userId, month: '2026-11', timeZone: 'UTC', title: TITLES[language], letter, letterBy: 'offline', language }).returning({ id: exhibitions.id });
        owners[language].id = row!.id;
      },
    })),
  );
});

/** The wall as its owner sees it, shared by keyboard or pointer; answers the link. */
async function openAndShare({ page }: TestPage, language: 'en' | 'fr', id: string, title: string, useKeyboard: boolean): Promise<string> {
  const ui = exhibitionUi(language);
  await page.goto(`${s.app.baseUrl}/home/exhibitions/${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('heading', { name: ui.letter }).waitFor();
  await page.getByText(ui.offline).waitFor();
  for (const memory of MEMORIES) await page.getByRole('img', { name: memory.title }).waitFor();

  const keep = page.getByRole('button', { name: ui.keep });
  const create = page.getByRole('button', { name: ui.create });
  if (useKeyboard) {
    await keep.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: ui.kept }).waitFor();
    await create.focus();
    await page.keyboard.press('Enter');
  } else {
    await keep.click();
    await page.getByRole('status').filter({ hasText: ui.kept }).waitFor();
    await create.click();
  }
  const link = page.getByLabel(ui.link);
  await link.waitFor();
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`^${s.app.baseUrl}/shared/exhibition/[0-9a-f]{64}$`));
  return url;
}

/** The link, opened by someone signed out: the title, the letter and every artwork, and no way into the owner's account. */
async function openSignedOut(url: string, language: 'en' | 'fr', title: string, letter: string, mobile: boolean) {
  const visitor = await openPage(s.browser, { mobile, locale: language === 'fr' ? 'fr-FR' : 'en-US' });
  await visitor.page.goto(url);
  await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
  for (const memory of MEMORIES) await visitor.page.getByRole('img', { name: memory.title }).waitFor();
  expect(await visitor.page.getByTestId('exhibition-letter').innerText()).toContain(letter.split('\n')[0]!.slice(0, 40));
  expect(await visitor.page.getByRole('link', { name: MEMORIES[0]!.title }).count(), 'the artworks lead nowhere for a visitor').toBe(0);
  return visitor;
}

describe('the monthly exhibition', () => {
  it('opens, is kept and shared in English, and its link shows the wall to someone signed out', async () => {
    const desktop = await openPage(s.browser);
    const { owner, id, letter } = owners.en;
    await signInViaApi(desktop.context, s.app, owner);
    const url = await openAndShare(desktop, 'en', id, 'November 2026', false);
    // Kept, it is in the gallery.
    await desktop.page.goto(`${s.app.baseUrl}/home/memories`);
    await desktop.page.getByTestId('kept-exhibitions').getByRole('link', { name: 'November 2026' }).waitFor();
    await openSignedOut(url, 'en', 'November 2026', letter, false);
  });

  it('does the same in French on a phone with the keyboard, within 375 px and axe clean', async () => {
    const phone = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    const { owner, id, letter } = owners.fr;
    await signInViaApi(phone.context, s.app, owner);
    const url = await openAndShare(phone, 'fr', id, 'Novembre 2026', true);
    const widths = await phone.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(375);
    const findings = blocking(await scanPage(phone.page));
    expect(findings, describeFindings('fr 375px exhibition', findings).join('\n')).toEqual([]);

    const visitor = await openSignedOut(url, 'fr', 'Novembre 2026', letter, true);
    const shared = blocking(await scanPage(visitor.page));
    expect(shared, describeFindings('fr 375px shared exhibition', shared).join('\n')).toEqual([]);
  });
});
