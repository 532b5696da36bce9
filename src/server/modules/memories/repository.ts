import { and, asc, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { souvenirs } from '../../db/schema/index';
import { TEMPORARY_IMAGE_URL_PATTERN } from './temporary-image-url';

const summaryColumns = {
  id: souvenirs.id,
  title: souvenirs.title,
  imageUrl: souvenirs.imageUrl,
  imageRenditionWidths: souvenirs.imageRenditionWidths,
  liked: souvenirs.liked,
  createdAt: souvenirs.createdAt,
  conversationId: souvenirs.conversationId,
};

const detailColumns = { ...summaryColumns, poeticSummary: souvenirs.poeticSummary, shareToken: souvenirs.shareToken, imageOrigin: souvenirs.imageOrigin };

/** A calendar period in a time zone: [from, to) as instants computed by the database (DST-correct). */
export interface Period {
  timeZone: string;
  from: { year: number; month: number };
  to: { year: number; month: number };
}

const instantOf = (at: { year: number; month: number }, timeZone: string) =>
  sql`make_timestamptz(${at.year}::int, ${at.month}::int, 1, 0, 0, 0, ${timeZone}::text)`;

export function createMemoriesRepository(db: Database) {
  return {
    /** The person's latest memories, newest first (served by the (user_id, created_at desc) index). */
    async listRecent(userId: string, limit: number) {
      return db
        .select(summaryColumns)
        .from(souvenirs)
        .where(eq(souvenirs.userId, userId))
        .orderBy(desc(souvenirs.createdAt), desc(souvenirs.id))
        .limit(limit);
    },

    /**
     * One gallery page, newest first, and how many match in all — one statement: the page walks the
     * index and stops after `limit` rows; the total is an uncorrelated sub-select, counted once. A page
     * past the end has no row to carry the total, so only then is it counted on its own.
     */
    async listPage(userId: string, options: { favoritesOnly: boolean; period: Period | null; limit: number; offset: number }) {
      const conditions: SQL[] = [eq(souvenirs.userId, userId)];
      if (options.favoritesOnly) conditions.push(eq(souvenirs.liked, true));
      if (options.period) {
        const { timeZone, from, to } = options.period;
        conditions.push(gte(souvenirs.createdAt, instantOf(from, timeZone)), lt(souvenirs.createdAt, instantOf(to, timeZone)));
      }
      const where = and(...conditions);
      const counted = db.select({ total: sql<number>`count(*)` }).from(souvenirs).where(where);
      const rows = await db
        .select({ ...summaryColumns, total: sql<number>`(${counted})`.mapWith(Number) })
        .from(souvenirs)
        .where(where)
        .orderBy(desc(souvenirs.createdAt), desc(souvenirs.id))
        .limit(options.limit)
        .offset(options.offset);
      if (rows.length > 0) return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
      if (options.offset === 0) return { items: [], total: 0 };
      const [alone] = await counted;
      return { items: [], total: Number(alone?.total ?? 0) };
    },

    /**
     * The years (in `timeZone`, newest first) in which the person made memories. A loose index scan: one
     * index probe per year found, however many memories there are.
     */
    async listYears(userId: string, timeZone: string): Promise<number[]> {
      const result = await db.execute(sql`
        with recursive found(year) as (
          select extract(year from max(${souvenirs.createdAt}) at time zone ${timeZone}::text)::int
            from ${souvenirs} where ${souvenirs.userId} = ${userId}
          union all
          select (
            select extract(year from max(s.created_at) at time zone ${timeZone}::text)::int
              from ${souvenirs} s
             where s.user_id = ${userId} and s.created_at < make_timestamptz(found.year, 1, 1, 0, 0, 0, ${timeZone}::text)
          )
          from found where found.year is not null
        )
        select year from found where year is not null`);
      // Both drivers answer { rows } for a raw statement.
      return (result as { rows: Array<{ year: number | string }> }).rows.map((row) => Number(row.year));
    },

    /** Every time zone name the database accepts (PostgreSQL's own list, which may lag behind a browser's). */
    async listTimeZoneNames(): Promise<string[]> {
      const result = await db.execute(sql`select name from pg_timezone_names`);
      return (result as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
    },

    /** One of the person's memories as its page shows it, or null (someone else's memory is nobody's here). */
    async findDetail(id: string, userId: string) {
      const [row] = await db
        .select(detailColumns)
        .from(souvenirs)
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)));
      return row ?? null;
    },

    /** Likes or renames one of the person's memories; the memory as it is now, or null when not theirs. */
    async update(id: string, userId: string, changes: { liked?: boolean; title?: string }) {
      const [row] = await db
        .update(souvenirs)
        .set(changes)
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)))
        .returning(detailColumns);
      return row ?? null;
    },

    /**
     * The latest memories the companion may be told of (not removed by the person), newest first: a
     * fixed number through the (user_id, created_at desc) index, however large the gallery.
     */
    async listForContinuity(userId: string, limit: number) {
      return db
        .select({ id: souvenirs.id, title: souvenirs.title, poeticSummary: souvenirs.poeticSummary, mood: souvenirs.mood, createdAt: souvenirs.createdAt })
        .from(souvenirs)
        .where(and(eq(souvenirs.userId, userId), eq(souvenirs.continuityHidden, false)))
        .orderBy(desc(souvenirs.createdAt), desc(souvenirs.id))
        .limit(limit);
    },

    /** Removes one of the person's memories from the companion's context; false when not theirs. */
    async hideFromContinuity(id: string, userId: string) {
      const rows = await db
        .update(souvenirs)
        .set({ continuityHidden: true })
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)))
        .returning({ id: souvenirs.id });
      return rows.length === 1;
    },

    /** Deletes one of the person's memories; its image address (to remove the file), or null when not theirs. */
    async delete(id: string, userId: string) {
      const [row] = await db
        .delete(souvenirs)
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)))
        .returning({ imageUrl: souvenirs.imageUrl });
      return row?.imageUrl ?? null;
    },

    /** Sets (token) or clears (null) the public link of one of the person's memories; false when not theirs. */
    async setShareToken(id: string, userId: string, token: string | null) {
      const rows = await db
        .update(souvenirs)
        .set({ shareToken: token })
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)))
        .returning({ id: souvenirs.id });
      return rows.length === 1;
    },

    /** The public fields of the memory shared under `token` (unique index), or null. */
    async findShared(token: string) {
      const [row] = await db
        .select({
          title: souvenirs.title,
          imageUrl: souvenirs.imageUrl,
          imageRenditionWidths: souvenirs.imageRenditionWidths,
          poeticSummary: souvenirs.poeticSummary,
          createdAt: souvenirs.createdAt,
          imageOrigin: souvenirs.imageOrigin,
        })
        .from(souvenirs)
        .where(eq(souvenirs.shareToken, token));
      return row ?? null;
    },

    /** Ids of the person's memories whose image is still at a temporary address, oldest first. */
    async listTemporaryImageIds(userId: string, ownFilesUrlPrefix: string) {
      const rows = await db
        .select({ id: souvenirs.id })
        .from(souvenirs)
        .where(
          and(
            eq(souvenirs.userId, userId),
            sql`${souvenirs.imageUrl} ~* ${TEMPORARY_IMAGE_URL_PATTERN}::text`,
            sql`left(${souvenirs.imageUrl}, length(${ownFilesUrlPrefix}::text)) <> ${ownFilesUrlPrefix}::text`,
          ),
        )
        .orderBy(asc(souvenirs.createdAt), asc(souvenirs.id));
      return rows.map((r) => r.id);
    },

    /** The image of one of the person's memories, or null (someone else's memory is nobody's here). */
    async findImageUrl(id: string, userId: string) {
      const [row] = await db
        .select({ imageUrl: souvenirs.imageUrl })
        .from(souvenirs)
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)));
      return row?.imageUrl ?? null;
    },

    /** Up to `limit` memories, by id after `afterId`, whose renditions were never made (the start-up pass). */
    async listWithoutRenditions(afterId: string | null, limit: number) {
      return db
        .select({ id: souvenirs.id, userId: souvenirs.userId, imageUrl: souvenirs.imageUrl })
        .from(souvenirs)
        .where(and(isNull(souvenirs.imageRenditionWidths), afterId ? gt(souvenirs.id, afterId) : undefined))
        .orderBy(asc(souvenirs.id))
        .limit(limit);
    },

    /** Records the renditions made for a memory's image, only if it still has that image. */
    async setRenditionWidths(id: string, imageUrl: string, widths: number[]) {
      await db
        .update(souvenirs)
        .set({ imageRenditionWidths: widths })
        .where(and(eq(souvenirs.id, id), eq(souvenirs.imageUrl, imageUrl)));
    },

    /**
     * Points the memory at its new image, only if it still has the one that was copied; false otherwise.
     * A temporary address is always an AI image service's, so the copy is marked as its picture.
     */
    async replaceImageUrl(id: string, userId: string, from: string, to: string) {
      const rows = await db
        .update(souvenirs)
        // Its renditions are made for the new image (or by the next start-up pass).
        .set({ imageUrl: to, imageRenditionWidths: null, imageOrigin: 'ai-service' })
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId), eq(souvenirs.imageUrl, from)))
        .returning({ id: souvenirs.id });
      return rows.length === 1;
    },

    /**
     * A batch of the person's memories, oldest first, after a cursor — for exports of any size. The cursor
     * is the database's own text of the timestamp: a JavaScript Date would lose its microseconds.
     */
    async listBatchAfter(userId: string, after: { cursor: string; id: string } | null, limit: number) {
      const afterCondition = after ? sql`(${souvenirs.createdAt}, ${souvenirs.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined;
      return db
        .select({ ...detailColumns, prompt: souvenirs.prompt, cursor: sql<string>`${souvenirs.createdAt}::text` })
        .from(souvenirs)
        .where(and(eq(souvenirs.userId, userId), afterCondition))
        .orderBy(asc(souvenirs.createdAt), asc(souvenirs.id))
        .limit(limit);
    },

    /**
     * The newest memory of the first run of local days (`from`–`to` inclusive, in `timeZone`) that holds
     * one not made on a crisis day — one index range per run, walked in the order given, stopping early.
     */
    async findFirstInDayRuns(userId: string, timeZone: string, runs: Array<{ from: string; to: string }>, crisis: { titles: readonly string[]; prompt: string }) {
      if (runs.length === 0) return null;
      const list = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
      const result = await db.execute(sql`
        select found.id, found.rank
          from unnest(${list(runs.map((r) => r.from))}::date[], ${list(runs.map((r) => r.to))}::date[]) with ordinality as run(first_day, last_day, rank)
          cross join lateral (
            select s.id, run.rank from ${souvenirs} s
             where s.user_id = ${userId}
               and s.created_at >= (run.first_day::timestamp at time zone ${timeZone}::text)
               and s.created_at < ((run.last_day + 1)::timestamp at time zone ${timeZone}::text)
               and btrim(s.title) <> all(${list(crisis.titles)}::text[])
               and s.prompt <> ${crisis.prompt}
             order by s.created_at desc, s.id desc
             limit 1
          ) found
         order by found.rank
         limit 1`);
      const [found] = (result as { rows: Array<{ id: string; rank: number | string }> }).rows;
      if (!found) return null;
      const [row] = await db.select(summaryColumns).from(souvenirs).where(and(eq(souvenirs.id, found.id), eq(souvenirs.userId, userId)));
      return row ? { row, index: Number(found.rank) - 1 } : null;
    },

    /** Whether the person's memory of local day `day` (YYYY-MM-DD in `timeZone`) is a crisis day's. */
    async hasCrisisMemoryOn(userId: string, timeZone: string, day: string, crisis: { titles: readonly string[]; prompt: string }) {
      const [row] = await db
        .select({ id: souvenirs.id })
        .from(souvenirs)
        .where(
          and(
            eq(souvenirs.userId, userId),
            sql`${souvenirs.createdAt} >= (${day}::date::timestamp at time zone ${timeZone}::text)`,
            sql`${souvenirs.createdAt} < ((${day}::date + 1)::timestamp at time zone ${timeZone}::text)`,
            sql`(btrim(${souvenirs.title}) in (${sql.join(crisis.titles.map((title) => sql`${title}`), sql`, `)}) or ${souvenirs.prompt} = ${crisis.prompt})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * One row per local day of `year` (in `timeZone`) with a memory — the day's latest — oldest first: the
     * date, id, title and mood only. One index range over the year: at most a few hundred rows.
     */
    async listYearDays(userId: string, year: number, timeZone: string) {
      // The day is computed once, in the inner query: DISTINCT ON and ORDER BY then name the same column.
      const result = await db.execute(sql`
        select distinct on (day.date) day.date, day.id, day.title, day.mood
          from (
            select to_char(${souvenirs.createdAt} at time zone ${timeZone}::text, 'YYYY-MM-DD') as date,
                   ${souvenirs.id} as id, ${souvenirs.title} as title, ${souvenirs.mood} as mood, ${souvenirs.createdAt} as created_at
              from ${souvenirs}
             where ${souvenirs.userId} = ${userId}
               and ${souvenirs.createdAt} >= ${instantOf({ year, month: 1 }, timeZone)}
               and ${souvenirs.createdAt} < ${instantOf({ year: year + 1, month: 1 }, timeZone)}
          ) day
         order by day.date, day.created_at desc, day.id desc`);
      return (result as { rows: Array<{ date: string; id: string; title: string; mood: string | null }> }).rows;
    },

    /**
     * The person's memories of one calendar month in `timeZone`, oldest first, without a crisis day's: what a
     * month's exhibition hangs and its letter is written from. A month holds at most a few dozen.
     */
    async listMonth(userId: string, period: Period, crisis: { titles: readonly string[]; prompt: string }) {
      return db
        .select({ ...summaryColumns, poeticSummary: souvenirs.poeticSummary, mood: souvenirs.mood })
        .from(souvenirs)
        .where(
          and(
            eq(souvenirs.userId, userId),
            gte(souvenirs.createdAt, instantOf(period.from, period.timeZone)),
            lt(souvenirs.createdAt, instantOf(period.to, period.timeZone)),
            sql`not (btrim(${souvenirs.title}) in (${sql.join(crisis.titles.map((title) => sql`${title}`), sql`, `)}) or ${souvenirs.prompt} = ${crisis.prompt})`,
          ),
        )
        .orderBy(asc(souvenirs.createdAt), asc(souvenirs.id));
    },

    /** Every image address of the person's memories (account erasure removes the files). */
    async listImageUrls(userId: string) {
      const rows = await db.select({ imageUrl: souvenirs.imageUrl }).from(souvenirs).where(eq(souvenirs.userId, userId));
      return rows.map((r) => r.imageUrl);
    },
  };
}
export type MemoriesRepository = ReturnType<typeof createMemoriesRepository>;
