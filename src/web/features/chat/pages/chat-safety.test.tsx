import type { ChatReplyRequest, ChatStreamEvent } from '@shared/contracts/chat';
import type { SafetyCountry } from '@shared/safety';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStore, newConversation, type ConversationRecord } from '@web/lib/conversation-store';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { createMessage } from '../messages';
import { buildChatStatus, sseResponse } from '../testing/chat-fixtures';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

Element.prototype.setPointerCapture ??= () => {};

afterEach(async () => {
  toast.dismiss();
  await conversationStore.clearAll();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CRISIS: ChatStreamEvent[] = [{ type: 'safety', level: 'crisis' }];
const CONCERN: ChatStreamEvent[] = [{ type: 'safety', level: 'concern' }];
const CRISIS_REPLY = ['I’m really glad you told me. ', 'I’m here with you right now.'];

interface SetupOptions {
  status?: ReturnType<typeof buildChatStatus>;
  reply?: Handler;
  country?: SafetyCountry | null;
  language?: 'en' | 'fr';
}

/** The chat for Camille, whose profile says `country`; PUT /api/me/country changes what GET /api/me answers next. */
function setup({ status = buildChatStatus(), reply, country = null, language = 'en' }: SetupOptions = {}) {
  let me = buildMe({ profile: { country, defaultLanguage: language } });
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/me': () => json(me),
    'GET /api/chat/status': () => json(status),
    'POST /api/chat/reply': reply ?? (() => sseResponse(['It sounds ', 'like a full day.'])),
    'PUT /api/me/country': ({ body }) => {
      me = { ...me, profile: { ...me.profile, country: (body as { country: SafetyCountry | null }).country } };
      return new Response(null, { status: 204 });
    },
  });
  return { ...renderApp('/home/chat'), ...network };
}

const replyRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/api/chat/reply').map((r) => r.body as ChatReplyRequest);
const textbox = () => screen.getByRole('textbox', { name: 'Your message' });
const log = () => screen.getByRole('log', { name: 'Conversation with Lune' });
const crisisRegion = () => screen.queryByRole('region', { name: "You don't have to carry this alone" });
const helpButton = () => screen.getByRole('button', { name: 'Need help now?' });
const openChat = () => screen.findByText("Hello Camille, it's Lune. I'm glad you're here. How was your day?");

function storedCrisis(overrides: Partial<ConversationRecord> = {}): ConversationRecord {
  return {
    ...newConversation('user-1', 'en', [
      createMessage('Hello', false, 'welcome'),
      createMessage('I don’t see the point anymore', true),
      createMessage('I’m here with you.', false),
    ]),
    safety: 'crisis',
    ...overrides,
  };
}

describe('chat safety: a crisis in the stream', () => {
  it('opens the help panel above the input, announced, while the companion’s reply streams in as usual', async () => {
    const { user, requests } = setup({ reply: () => sseResponse(CRISIS_REPLY, { type: 'done' }, CRISIS) });
    await openChat();
    expect(crisisRegion()).toBeNull();

    await user.type(textbox(), 'I don’t see the point anymore{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: "You don't have to carry this alone" })).toBeInTheDocument();
    expect(alert).toHaveTextContent('People trained to listen can talk with you right now');
    const region = crisisRegion()!;
    expect(region).toContainElement(alert);
    // In the chat, above the input: the input's form comes right after it.
    expect(region.compareDocumentPosition(textbox()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(log().parentElement).toContainElement(region);
    // The browser says en-US: the United States' numbers.
    expect(within(region).getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
    expect(within(region).getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
    expect(within(region).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');

    // The companion keeps talking: its reply is in the conversation, not replaced by the panel.
    expect(await within(log()).findByText('I’m really glad you told me. I’m here with you right now.')).toBeInTheDocument();
    await waitFor(() => expect(log()).toHaveAttribute('data-status', 'idle'));
    expect(textbox()).toBeEnabled();

    // The country shown went with the message.
    expect(replyRequests(requests)[0]?.country).toBe('US');
    // Kept on the device with the conversation.
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.safety).toBe('crisis'));
  });

  it('stays for the rest of the conversation: a calmer turn does not take it away, nor does a reload', async () => {
    let turn = 0;
    const { user, unmount } = setup({
      reply: () => {
        turn += 1;
        return turn === 1 ? sseResponse(CRISIS_REPLY, { type: 'done' }, CRISIS) : sseResponse(['Thank you for staying with me.']);
      },
    });
    await openChat();
    await user.type(textbox(), 'I don’t see the point anymore{Enter}');
    await screen.findByRole('alert');
    await waitFor(() => expect(log()).toHaveAttribute('data-status', 'idle'));

    await user.type(textbox(), 'Okay{Enter}');
    await within(log()).findByText('Thank you for staying with me.');
    expect(crisisRegion()).not.toBeNull();
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.safety).toBe('crisis'));

    // A reload: the stored record brings the panel back, present but not announced again.
    unmount();
    setup();
    await within(await screen.findByRole('log', { name: 'Conversation with Lune' })).findByText('Thank you for staying with me.');
    expect(crisisRegion()).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(crisisRegion()!).getByRole('link', { name: 'Call 988' })).toBeInTheDocument();
  });

  it('folds into its heading and a button, and opens again', async () => {
    await conversationStore.saveCurrent(storedCrisis());
    const { user } = setup({ country: 'FR' });
    await within(await screen.findByRole('log', { name: 'Conversation with Lune' })).findByText('I’m here with you.');
    const region = crisisRegion()!;

    const fold = within(region).getByRole('button', { name: 'Fold the helplines' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(within(region).getByRole('link', { name: 'Call 3114' })).toBeInTheDocument();
    await user.click(fold);

    // Folded, never gone: the heading and the button that opens it stay.
    expect(crisisRegion()).not.toBeNull();
    expect(within(region).queryByRole('link', { name: 'Call 3114' })).not.toBeInTheDocument();
    const unfold = within(region).getByRole('button', { name: 'Show the helplines' });
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    expect(unfold).toHaveFocus();
    await user.click(unfold);
    expect(within(region).getByRole('link', { name: 'Call 3114' })).toBeInTheDocument();
  });

  it('choosing another country in the panel changes it at once and goes with the next message', async () => {
    await conversationStore.saveCurrent(storedCrisis());
    const { user, requests } = setup({ country: 'FR' });
    await within(await screen.findByRole('log', { name: 'Conversation with Lune' })).findByText('I’m here with you.');
    const region = crisisRegion()!;

    await user.selectOptions(within(region).getByRole('combobox', { name: 'Not in France? Choose your country' }), 'CH');
    expect(await within(region).findByRole('link', { name: 'Call 143' })).toHaveAttribute('href', 'tel:143');
    expect(requests.filter((r) => r.method === 'PUT' && r.path === '/api/me/country').map((r) => r.body)).toEqual([{ country: 'CH' }]);

    await user.type(textbox(), 'Thank you{Enter}');
    await waitFor(() => expect(replyRequests(requests)).toHaveLength(1));
    expect(replyRequests(requests)[0]?.country).toBe('CH');
  });

  it('still shows the help when the reply itself fails after the crisis was signalled', async () => {
    const { user } = setup({ reply: () => sseResponse([], { type: 'error', code: 'CHAT_PROVIDER_FAILED' }, CRISIS) });
    await openChat();
    await user.type(textbox(), 'Je veux mourir.{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have to carry this alone");
    await within(log()).findByText("I'm sorry, I couldn't answer just now. Could you try again in a moment?");
    expect(crisisRegion()).not.toBeNull();
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.safety).toBe('crisis'));
  });
});

describe('chat safety: concern, and ordinary days', () => {
  it('at concern, the help button is drawn a little warmer and nothing opens by itself', async () => {
    const { user } = setup({ reply: () => sseResponse(['That sounds heavy.'], { type: 'done' }, CONCERN) });
    await openChat();
    expect(helpButton()).not.toHaveAttribute('data-emphasis');

    await user.type(textbox(), 'Everything feels pointless lately{Enter}');
    await within(log()).findByText('That sounds heavy.');
    await waitFor(() => expect(helpButton()).toHaveAttribute('data-emphasis', 'true'));
    expect(crisisRegion()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Call 988' })).not.toBeInTheDocument();
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.safety).toBe('concern'));
  });

  it('a crisis after a concern opens the panel; a concern after a crisis does not fold it back', async () => {
    let turn = 0;
    const { user } = setup({
      reply: () => {
        turn += 1;
        const first = turn === 2 ? CRISIS : CONCERN;
        return sseResponse([`Reply ${turn}.`], { type: 'done' }, first);
      },
    });
    await openChat();
    await user.type(textbox(), 'One{Enter}');
    await within(log()).findByText('Reply 1.');
    expect(crisisRegion()).toBeNull();
    await user.type(textbox(), 'Two{Enter}');
    await within(log()).findByText('Reply 2.');
    expect(crisisRegion()).not.toBeNull();
    await user.type(textbox(), 'Three{Enter}');
    await within(log()).findByText('Reply 3.');
    expect(crisisRegion()).not.toBeNull();
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.safety).toBe('crisis'));
  });

  it('an ordinary reply shows no panel, and the button keeps the numbers until asked', async () => {
    const { user, requests } = setup({ country: 'GB' });
    await openChat();
    await user.type(textbox(), 'This commute is killing me{Enter}');
    await within(log()).findByText('It sounds like a full day.');
    expect(crisisRegion()).toBeNull();
    expect(screen.queryByRole('link', { name: 'Call 116 123' })).not.toBeInTheDocument();
    expect(replyRequests(requests)[0]?.country).toBe('GB');

    helpButton().focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Someone can listen, right now' });
    expect(within(dialog).getByRole('link', { name: 'Call 116 123' })).toHaveAttribute('href', 'tel:116123');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(helpButton()).toHaveFocus();
  });

  it('the help button is there even without access to the chat', async () => {
    setup({ status: buildChatStatus({ hasAccess: false, subscription: { active: false } }) });
    // Without access the greeting asks nothing: there is no input box to answer it.
    await screen.findByText("Hello Camille, it's Lune. I'm glad to see you again.");
    expect(helpButton()).toBeInTheDocument();
  });
});

describe('chat safety: who is answering', () => {
  it('with an AI provider, the header says once that the companion is an AI, not a therapist or a crisis service', async () => {
    setup({ status: buildChatStatus({ companion: 'ai' }) });
    await openChat();
    const text = "You're talking with Lune, an AI companion. It listens, but it is not a therapist or a crisis service.";
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(within(log()).queryByText(/AI companion/)).not.toBeInTheDocument();
  });

  it('with the private model of this server, it says the AI runs here and nothing is sent elsewhere', async () => {
    setup({ status: buildChatStatus({ companion: 'local' }) });
    await openChat();
    expect(
      screen.getByText(
        "You're talking with Lune, an AI companion that runs privately on this server: what you write is not sent anywhere else. It listens, but it is not a therapist or a crisis service.",
      ),
    ).toBeInTheDocument();
  });

  it('with the offline companion, it says it is a simple listener without AI', async () => {
    setup({ status: buildChatStatus({ companion: 'offline' }) });
    await openChat();
    expect(
      screen.getByText("Lune is Souvenir's built-in companion: a simple listener, with no AI behind it. It is not a therapist or a crisis service."),
    ).toBeInTheDocument();
  });

  it('in French, agreeing with the agent’s name as the administrator set it', async () => {
    await i18n.changeLanguage('fr');
    setup({ status: buildChatStatus({ companion: 'ai', agent: { gender: 'feminine' } }), language: 'fr' });
    expect(
      await screen.findByText(
        'Tu parles avec Lune, une compagne animée par une IA. Elle t’écoute, mais ce n’est ni une thérapeute ni un service d’aide en cas de crise.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Besoin d’aide maintenant\u00a0?' })).toBeInTheDocument();
  });

  it.each([
    ['masculine', 'Lune est le compagnon intégré de Souvenir\u00a0: une simple écoute, sans IA. Ce n’est ni un thérapeute ni un service d’aide en cas de crise.'],
    ['feminine', 'Lune est la compagne intégrée de Souvenir\u00a0: une simple écoute, sans IA. Ce n’est ni une thérapeute ni un service d’aide en cas de crise.'],
    ['neutral', 'Lune est l’écoute intégrée de Souvenir\u00a0: une présence simple, sans IA. Ni thérapeute ni service d’aide en cas de crise.'],
  ] as const)('in French, the offline companion as %s', async (gender, text) => {
    await i18n.changeLanguage('fr');
    setup({ status: buildChatStatus({ companion: 'offline', agent: { gender } }), language: 'fr' });
    expect((await screen.findByTestId('chat-disclosure')).textContent).toBe(text);
  });
});
