/**
 * The router state the chat gives a memory's page when it has just made it: that page then makes the
 * offers that belong right after a memory (keeping conversations on every device), and only then.
 */
export const JUST_MADE = { memoryJustMade: true } as const;

export const isJustMade = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { memoryJustMade?: unknown }).memoryJustMade === true;
