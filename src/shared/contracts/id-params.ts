import { z } from 'zod';

/** The ids the app gives the rows it makes (memories, tickets, checkouts). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/**
 * A route parameter naming an existing row (`…/:id`, `…/:conversationId`). Any text passes here: an id of the
 * wrong shape names nothing, and the service answers 404 as it does for someone else's row, so a malformed id
 * and a missing one cannot be told apart.
 */
export function idParamsNamed<Name extends string>(name: Name) {
  return z.object({ [name]: z.string() } as Record<Name, z.ZodString>);
}

/** `…/:id` in a route, read as `idParamsNamed` says. */
export const idParamsSchema = idParamsNamed('id');
