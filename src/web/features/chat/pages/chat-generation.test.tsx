import type { ChatStatusResponse } from '@shared/contracts/chat';
import type { GenerationRequest, GenerationResponse } from '@shared/contracts/generation';
import { LOADING_MESSAGE_ROTATION_MS } from '@shared/limits';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStore, newConversation, type ConversationRecord } from '@web/lib/conversation-store';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { buildMemoryDetail } from '@web/testing/memory-fixtures';
import { renderApp } from '@web/testing/render-app';
import { GENERATION_RETRY_DELAY_MS, memoryIdOf } from '../hooks/use-generate-memory';
import { createMessage } from '../messages';
import { buildChatStatus } from '../testing/chat-fixtures';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

afterEach(async () => {
  vi.useRealTimers();
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  await conversationStore.clearAll();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MEMORY_ID = '6f1c2b9e-4a7d-4c1e-9b3f-2d8e5a7c9f10';

function buildGeneration(overrides: Partial<GenerationResponse> = {}): GenerationResponse {
  return {
    memoryId: MEMORY_ID,
    outcome: 'created',
    errorDetails: null,
    textFallback: false,
    generation: { remaining: 0, limit: 1, canGenerate: false },
    ...overrides,
  };
}

const memoryDetail = buildMemoryDetail({ id: MEMORY_ID });

/** Today's conversation, ready to finish: the welcome, the person's words, a reply — and an apology that is not part of it. */
async function storeConversation(): Promise<ConversationRecord> {
  const record = newConversation('user-1', 'en', [
    createMessage('Hello Camille, how was your day?', false, 'welcome'),
    createMessage('My grandmother baked cardamom buns', true),
    createMessage("I'm sorry, I couldn't answer just now.", false, 'fallback'),
    createMessage('They were so good', true),
    createMessage('That sounds like a warm morning.', false),
  ]);
  await conversationStore.saveCurrent(record);
  return record;
}

function setup({ generate, status = () => json(buildChatStatus()), me = buildMe() }: { generate: Handler; status?: Handler; me?: ReturnType<typeof buildMe> }) {
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/chat/status': status,
    'POST /api/generations': generate,
    [`GET /api/memories/${MEMORY_ID}`]: () => json(memoryDetail),
  });
  const app = renderApp('/home/chat');
  const invalidate = vi.spyOn(app.queryClient, 'invalidateQueries');
  return { ...app, ...network, invalidate };
}

/** Every POST /api/generations the page sent: its body and its Idempotency-Key. */
function generationCalls(fetchMock: ReturnType<typeof mockFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([input]) => input === '/api/generations')
    .map(([, init]) => ({
      body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as GenerationRequest,
      key: (init?.headers as Record<string, string>)['idempotency-key'],
    }));
}

const finishButton = () => screen.getByTestId('chat-finish');
const textbox = () => screen.getByRole('textbox', { name: 'Your message' });

async function openChat() {
  await screen.findByText('That sounds like a warm morning.');
  await waitFor(() => expect(finishButton()).toBeEnabled());
}

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('finishing the conversation: the memory is made', () => {
  it('sends the conversation with its id, the language and an Idempotency-Key, shows the progress, then goes to the new memory', async () => {
    const answer = deferred();
    const record = await storeConversation();
    let statusCalls = 0;
    const { user, router, fetchMock, invalidate, queryClient } = setup({
      generate: () => answer.promise,
      // The refreshed status is slow to come: the counters are already right meanwhile.
      // With voice on, so the microphone is there to be locked too.
      status: () => (++statusCalls === 1 ? json(buildChatStatus({ voice: true })) : new Promise<Response>(() => {})),
    });
    await openChat();

    await user.click(finishButton());

    // While it runs: the info toast, the rotating lines in the chat, a busy button with its progress text, nothing else to press.
    expect(await screen.findByText('Creating your visual memory...', { selector: '[data-title]' })).toBeInTheDocument();
    const progress = screen.getByTestId('generation-progress');
    expect(within(progress).getByTestId('loading-message')).toHaveTextContent('Mixing the colours of your day…');
    expect(finishButton()).toHaveTextContent('Creating your memory…');
    expect(finishButton()).toHaveAttribute('aria-busy', 'true');
    expect(finishButton()).toBeDisabled();
    expect(textbox()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeDisabled();

    const [call, ...others] = generationCalls(fetchMock);
    expect(others).toHaveLength(0);
    expect(call?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call?.body).toEqual({
      conversationId: record.conversationId,
      language: 'en',
      // The apology after a failure was never the agent's words: it is left out.
      messages: [
        { role: 'assistant', content: 'Hello Camille, how was your day?' },
        { role: 'user', content: 'My grandmother baked cardamom buns' },
        { role: 'user', content: 'They were so good' },
        { role: 'assistant', content: 'That sounds like a warm morning.' },
      ],
      // The person's own time zone, so the memory names their part of the day.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    answer.resolve(json(buildGeneration(), 201));
    expect(await screen.findByText('Your conversation has been transformed into a visual memory')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' })).toBeInTheDocument();

    // Today's counters (at once, from the answer) and every memory list are refreshed; the device remembers the conversation became this memory.
    expect(queryClient.getQueryData<ChatStatusResponse>(['chat-status', 'en'])?.generation).toEqual({ remaining: 0, limit: 1, canGenerate: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chat-status'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['memories'] });
    const stored = await conversationStore.getConversation('user-1', record.conversationId);
    expect(stored && memoryIdOf(stored)).toBe(MEMORY_ID);
    expect(stored?.messages).toHaveLength(5);
  });

  it('rotates the playful lines every 3 seconds while the memory is being made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred();
    await storeConversation();
    const { user } = setup({ generate: () => answer.promise });
    await openChat();

    await user.click(finishButton());
    const line = await screen.findByTestId('loading-message');
    expect(line).toHaveTextContent('Mixing the colours of your day…');
    await act(() => vi.advanceTimersByTimeAsync(LOADING_MESSAGE_ROTATION_MS));
    expect(screen.getByTestId('loading-message')).toHaveTextContent('Choosing just the right brush…');
    expect(screen.getByTestId('generation-progress')).toHaveTextContent('Creating your visual memory...');

    answer.resolve(json(buildGeneration(), 201));
    await screen.findByText('Your conversation has been transformed into a visual memory');
  });

  it.each([
    ['created', null, 'Your conversation has been transformed into a visual memory'],
    ['fallback-size', null, 'Created a visual memory with a default image due to technical issues with image size'],
    ['fallback-policy', null, 'Created a visual memory with a default image due to content policy restrictions'],
    ['fallback', null, 'Created a visual memory with a default image'],
    ['fallback', 'the image service timed out', 'Created a visual memory with a default image: the image service timed out'],
  ] as const)('says how it went (%s, details %s)', async (outcome, errorDetails, text) => {
    await storeConversation();
    const { user, router } = setup({ generate: () => json(buildGeneration({ outcome, errorDetails }), 201) });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText(text, { selector: '[data-title]' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
  });

  it('speaks French: the request’s language and the toasts', async () => {
    await i18n.changeLanguage('fr');
    const record = await storeConversation();
    const { user, fetchMock } = setup({
      generate: () => json(buildGeneration({ outcome: 'fallback-policy' }), 201),
      // The interface follows the profile's language.
      me: buildMe({ profile: { defaultLanguage: 'fr' } }),
    });
    await screen.findByText('That sounds like a warm morning.');
    const finish = screen.getByRole('button', { name: 'Terminer et créer mon souvenir' });
    await waitFor(() => expect(finish).toBeEnabled());

    await user.click(finish);
    expect(
      await screen.findByText('Ton souvenir illustré a été créé avec une image par défaut, à cause des règles sur les contenus'),
    ).toBeInTheDocument();
    expect(generationCalls(fetchMock)[0]?.body).toMatchObject({ conversationId: record.conversationId, language: 'fr' });
  });
});

describe('finishing the conversation: when it does not work out', () => {
  it('retries with the same Idempotency-Key after a network failure, so no second memory is made', async () => {
    let attempts = 0;
    await storeConversation();
    const { user, router, fetchMock } = setup({
      generate: () => {
        attempts += 1;
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return json(buildGeneration(), 200);
      },
    });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText("We couldn't reach Souvenir. Check your connection, then try again.")).toBeInTheDocument();
    await waitFor(() => expect(finishButton()).toBeEnabled());
    expect(textbox()).toBeEnabled();
    expect(screen.queryByTestId('generation-progress')).not.toBeInTheDocument();

    await user.click(finishButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
    const [first, second] = generationCalls(fetchMock);
    expect(second?.key).toBe(first?.key);
    expect(second?.body).toEqual(first?.body);
  });

  it('after "nothing was created" (MEMORY_CREATE_FAILED), says so, and a new attempt is a new one with a new key', async () => {
    let attempts = 0;
    await storeConversation();
    const { user, router, fetchMock } = setup({
      generate: () => (++attempts === 1 ? apiError(500, 'MEMORY_CREATE_FAILED') : json(buildGeneration(), 201)),
    });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText('Error creating visual memory')).toBeInTheDocument();
    await waitFor(() => expect(finishButton()).toBeEnabled());

    await user.click(finishButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
    const [first, second] = generationCalls(fetchMock);
    expect(second?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).not.toBe(first?.key);
  });

  it('while the same key is still being worked on (409), keeps waiting, then asks once more with that key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let attempts = 0;
    await storeConversation();
    const { user, router, fetchMock } = setup({
      generate: () => (++attempts === 1 ? apiError(409, 'GENERATION_IN_PROGRESS') : json(buildGeneration(), 200)),
    });
    await openChat();

    await user.click(finishButton());
    await waitFor(() => expect(generationCalls(fetchMock)).toHaveLength(1));
    // No error: the progress stays while the page waits.
    await act(() => vi.advanceTimersByTimeAsync(GENERATION_RETRY_DELAY_MS - 500));
    expect(screen.getByTestId('generation-progress')).toBeInTheDocument();
    expect(generationCalls(fetchMock)).toHaveLength(1);
    expect(screen.queryByText('Your memory is already being created. One moment.')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
    const [first, second] = generationCalls(fetchMock);
    expect(second?.key).toBe(first?.key);
  });

  it('on DAILY_LIMIT_REACHED, says the limit is reached and shows the limit notice with the input disabled', async () => {
    let statusCalls = 0;
    await storeConversation();
    const { user } = setup({
      generate: () => apiError(429, 'DAILY_LIMIT_REACHED'),
      status: () => json(buildChatStatus(++statusCalls === 1 ? {} : { generation: { remaining: 0, limit: 1, canGenerate: false } })),
    });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText("You've reached your daily usage limit")).toBeInTheDocument();
    expect(screen.getByText('Please try again tomorrow')).toBeInTheDocument();
    const notice = await screen.findByTestId('chat-limit-notice');
    expect(notice).toHaveTextContent('Daily limit reached: 1 memory per day');
    expect(screen.getByTestId('chat-generations')).toHaveTextContent('0 of 1 memory left today');
    expect(textbox()).toBeDisabled();
    expect(finishButton()).toBeDisabled();
    expect(statusCalls).toBe(2);
  });

  it('on 401, asks to sign in to create memories', async () => {
    await storeConversation();
    const { user } = setup({ generate: () => apiError(401, 'UNAUTHENTICATED') });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText('You need to be signed in to create memories')).toBeInTheDocument();
  });

  it('on 402, explains that a subscription is needed and offers the way to it', async () => {
    await storeConversation();
    const { user, router } = setup({ generate: () => apiError(402, 'SUBSCRIPTION_REQUIRED') });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText('A subscription is needed to continue your sessions.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pricing'));
  });

  it('says what any other refusal means', async () => {
    await storeConversation();
    const { user } = setup({ generate: () => apiError(429, 'RATE_LIMITED') });
    await openChat();

    await user.click(finishButton());
    expect(await screen.findByText('Too many attempts. Please wait a moment, then try again.')).toBeInTheDocument();
    await waitFor(() => expect(finishButton()).toBeEnabled());
  });
});

describe('a conversation that already became a memory', () => {
  it('offers that memory instead of a second one', async () => {
    const record = await storeConversation();
    await conversationStore.saveCurrent({ ...record, memoryId: MEMORY_ID });
    const { user, router } = setup({ generate: () => json(buildGeneration(), 201) });
    await screen.findByText('That sounds like a warm morning.');

    expect(finishButton()).toBeDisabled();
    expect(screen.getByTestId('chat-memory-made')).toHaveTextContent('This conversation has become a memory.');
    await user.click(screen.getByRole('link', { name: 'See your memory' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
  });

  // Reopened later (after subscribing, say), the finished conversation cannot be continued: the companion would
  // invite a memory that cannot be made twice. A new conversation starts from a button instead.
  it('takes no new message, and starts a new conversation when asked, keeping the finished one on the device', async () => {
    const record = await storeConversation();
    await conversationStore.saveCurrent({ ...record, memoryId: MEMORY_ID });
    const { user } = setup({ generate: () => json(buildGeneration(), 201) });
    await screen.findByText('That sounds like a warm morning.');
    expect(screen.getByText('This conversation is finished: it lives on in its memory.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toHaveFocus();
    expect(screen.queryByText('That sounds like a warm morning.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('chat-memory-made')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
    expect((await conversationStore.getConversation('user-1', record.conversationId))?.memoryId).toBe(MEMORY_ID);
  });
});

describe('finishing on a phone', () => {
  it('the generate button in the input area shows its progress', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    const answer = deferred();
    await storeConversation();
    const { user, router } = setup({ generate: () => answer.promise });
    await screen.findByText('That sounds like a warm morning.');
    const generate = screen.getByTestId('chat-generate-mobile');
    await waitFor(() => expect(generate).toBeEnabled());

    await user.click(generate);
    await waitFor(() => expect(generate).toHaveAccessibleName('Creating your memory…'));
    expect(generate).toBeDisabled();
    expect(generate).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('loading-message')).toBeInTheDocument();

    answer.resolve(json(buildGeneration(), 201));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${MEMORY_ID}`));
  });
});
