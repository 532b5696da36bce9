import { journalDays } from '@server/db/schema/index';
import type { TestApp } from '../support/app';

/** Records a journaled day (UTC date, today by default) as the generation feature will. */
export async function addJournalDay(t: TestApp, userId: string, day = new Date().toISOString().slice(0, 10)) {
  await t.db.insert(journalDays).values({ userId, day }).onConflictDoNothing();
  return day;
}
