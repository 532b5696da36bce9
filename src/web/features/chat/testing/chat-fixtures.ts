import type { ChatStatusResponse, ChatStreamEvent } from '@shared/contracts/chat';

type StatusOverrides = Partial<Omit<ChatStatusResponse, 'generation' | 'agent' | 'subscription'>> & {
  generation?: Partial<ChatStatusResponse['generation']>;
  agent?: Partial<ChatStatusResponse['agent']>;
  subscription?: Partial<ChatStatusResponse['subscription']>;
};

/** GET /api/chat/status for a returning subscriber with today's memory still to make; override what a test is about. */
export function buildChatStatus(overrides: StatusOverrides = {}): ChatStatusResponse {
  const { generation, agent, subscription, ...rest } = overrides;
  return {
    journalDays: 3,
    hasAccess: true,
    subscription: { active: true, freeAccess: false, ...subscription },
    generation: { remaining: 1, limit: 1, canGenerate: true, ...generation },
    agent: { name: 'Lune', avatarUrl: null, gender: 'feminine', ...agent },
    firstName: 'Camille',
    voice: false,
    companion: 'offline',
    ...rest,
  };
}

/**
 * A streamed reply as the server sends it: one `data:` event per delta, then `done` (or the given last event).
 * `first` comes before the deltas: the safety layer's `{ type: 'safety', level }`.
 */
export function sseResponse(deltas: string[], last: ChatStreamEvent = { type: 'done' }, first: ChatStreamEvent[] = []): Response {
  const events = [...first, ...deltas.map((text) => ({ type: 'delta', text }) as const), last];
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}
