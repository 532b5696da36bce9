import { z } from 'zod';

/** The ids the app gives the rows it makes (memories, tickets, checkouts). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/**
 * `…/:id` in a route. Any text passes here: an id of the wrong shape names nothing, and the service answers
 * 404 as it does for someone else's row, so a malformed id and a missing one cannot be told apart.
 */
export const idParamsSchema = z.object({ id: z.string() });
