// Who answers, said again when it matters: after a (simulated) seven-day absence and three hours into a
// (simulated) conversation, the chat shows one quiet note in the conversation, in the header's own words, in
// English and French. The timing is the server's; the dates are set in the stopped app's database.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatDisclosures, users } from '@server/db/schema/index';
import { openPage } from './support/browser';
import { openChat, sendAndWaitForReply } from './support/chat';
import { withStoppedApp } from './support/database';
import { safetyUi } from './support/safety-texts';
import { setupSuite } from './support/suite';
import { signedInUser } from './support/users';

const s = setupSuite();
const HOUR = 3_600_000;

/** Sets each person's two disclosure dates, as if their last reply and the last disclosure were that long ago. */
async function setDates(emails: string[], lastReplyAgoMs: number, disclosedAgoMs: number) {
  await withStoppedApp(s.app, async (db) => {
    for (const email of emails) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await db
        .update(chatDisclosures)
        .set({ lastReplyAt: new Date(Date.now() - lastReplyAgoMs), disclosedAt: new Date(Date.now() - disclosedAgoMs) })
        .where(eq(chatDisclosures.userId, user!.id));
    }
  });
}

const LANGUAGES = [
  { lang: 'en' as const, locale: 'en-US', first: 'Hello, a quiet day today.', next: 'I walked by the river.', more: 'Then I cooked soup.' },
  { lang: 'fr' as const, locale: 'fr-FR', first: 'Bonjour, une journée calme.', next: 'J’ai marché au bord de la rivière.', more: 'Puis j’ai fait une soupe.' },
];

// One person per language, side by side: each change of dates is a stop and restart of the app (several seconds on
// a busy machine), made once for both. Six replies and two restarts: two minutes, not the tier's one.
describe('in English and in French', () => {
  it('says again who answers after seven days away and after three hours, once each, as a quiet note', { timeout: 120_000 }, async () => {
    const people = [];
    for (const { lang, locale, first } of LANGUAGES) {
      const { page, context } = await openPage(s.browser, { locale });
      const user = await signedInUser(context, s.app, { language: lang });
      await openChat(page, s.app);
      const notes = page.getByTestId('chat-disclosure-note');
      await sendAndWaitForReply(page, first, lang);
      expect(await notes.count(), lang).toBe(0);
      people.push({ lang, page, user, notes, header: safetyUi(lang).disclosureOffline('Mira') });
    }

    await setDates(people.map(({ user }) => user.email), 7 * 24 * HOUR + 60_000, 7 * 24 * HOUR + 60_000);
    for (const [i, { lang, page, notes, header }] of people.entries()) {
      await openChat(page, s.app);
      await sendAndWaitForReply(page, LANGUAGES[i]!.next, lang);
      expect(await notes.count(), lang).toBe(1);
      // The header's words, as a note of the conversation, not a message from the companion.
      expect(await notes.first().textContent()).toBe(header);
      expect(await notes.first().getAttribute('role')).toBe('note');
      expect(await notes.first().getAttribute('data-reason')).toBe('return');
    }

    await setDates(people.map(({ user }) => user.email), 5 * 60_000, 3 * HOUR + 60_000);
    for (const [i, { lang, page, notes, header }] of people.entries()) {
      await openChat(page, s.app);
      await sendAndWaitForReply(page, LANGUAGES[i]!.more, lang);
      expect(await notes.count(), lang).toBe(2);
      expect(await notes.nth(1).getAttribute('data-reason')).toBe('long');
      expect(await notes.nth(1).textContent()).toBe(header);
    }
  });
});
