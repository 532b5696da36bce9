import type { ChatReplyRequest } from '@shared/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStore, newConversation } from '@web/lib/conversation-store';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { createMessage } from '../messages';
import { buildChatStatus, sseResponse } from '../testing/chat-fixtures';
import { ChatPage } from './chat-page';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

afterEach(async () => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  await conversationStore.clearAll();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup({
  status = buildChatStatus(),
  reply,
  extra = {},
  me = buildMe(),
}: { status?: ReturnType<typeof buildChatStatus>; reply?: Handler; extra?: Record<string, Handler>; me?: ReturnType<typeof buildMe> } = {}) {
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/chat/status': () => json(status),
    'POST /api/chat/reply': reply ?? (() => sseResponse(['It sounds ', 'like a full day.'])),
    ...extra,
  });
  const app = renderApp('/home/chat');
  return { ...app, ...network };
}

const replyRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/api/chat/reply').map((r) => r.body as ChatReplyRequest);
const textbox = () => screen.getByRole('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const finishButton = () => screen.getByRole('button', { name: 'Finish and create my memory' });
const log = () => screen.getByRole('log', { name: 'Conversation with Lune' });
const messageTexts = () => within(log()).queryAllByTestId('chat-message').map((m) => m.lastElementChild?.lastElementChild?.textContent);

async function openChat() {
  return screen.findByText("Hello Camille, it's Lune. I'm glad you're here. How was your day?");
}

describe('chat page: opening', () => {
  it('greets a returning person, shows today’s remaining memories and the reset time', async () => {
    setup();
    await openChat();

    expect(screen.getByRole('heading', { level: 1, name: "Today's conversation" })).toBeInTheDocument();
    const generations = screen.getByTestId('chat-generations');
    expect(generations).toHaveTextContent('1 of 1 memory left today');
    expect(generations).toHaveTextContent(/Resets in (\d+ h )?\d+ min/);
    const [welcome] = within(log()).getAllByTestId('chat-message');
    expect(welcome).toHaveAttribute('data-author', 'agent');
    expect(welcome).toHaveTextContent(/Lune·\d\d:\d\d/);
    expect(log()).toHaveAttribute('aria-live', 'polite');
  });

  it('explains the whole day on the first visit', async () => {
    setup({ status: buildChatStatus({ journalDays: 0, subscription: { active: false } }) });
    expect(await screen.findByText(/Hello Camille, I'm Lune\. This is a quiet place/)).toBeInTheDocument();
  });

  it('restores today’s conversation instead of a new welcome', async () => {
    const stored = newConversation('user-1', 'en', [createMessage('Welcome back', false, 'welcome'), createMessage('I saw the sea', true)]);
    await conversationStore.saveCurrent(stored);
    setup();

    expect(await screen.findByText('I saw the sea')).toBeInTheDocument();
    expect(messageTexts()).toEqual(['Welcome back', 'I saw the sea']);
  });
});

describe('chat page: avatars', () => {
  /** The avatar beside a message: the first thing in its row. */
  const avatarOf = (message: HTMLElement) => message.firstElementChild as HTMLElement;

  it('the agent wears Souvenir’s mark, not its initial, so it never looks like a person sharing that letter', async () => {
    const { user } = setup({
      status: buildChatStatus({ agent: { name: 'Mira', avatarUrl: null }, firstName: 'Maya' }),
      me: buildMe({ profile: { firstName: 'Maya' } }),
    });
    await screen.findByText("Hello Maya, it's Mira. I'm glad you're here. How was your day?");
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hi{Enter}');
    await screen.findByText('It sounds like a full day.');

    const items = within(screen.getByRole('log', { name: 'Conversation with Mira' })).getAllByTestId('chat-message');
    const agentAvatar = avatarOf(items[0]!);
    const personAvatar = avatarOf(items[1]!);
    expect(items[1]).toHaveAttribute('data-author', 'user');
    expect(personAvatar).toHaveTextContent('M');
    expect(agentAvatar).toHaveTextContent('');
    expect(agentAvatar.querySelector('svg')).not.toBeNull();
    expect(agentAvatar.innerHTML).not.toBe(personAvatar.innerHTML);
    expect(agentAvatar).toHaveAttribute('aria-hidden', 'true');
  });

  it('the agent wears the configured picture, and the mark if it cannot load', async () => {
    setup({ status: buildChatStatus({ agent: { name: 'Mira', avatarUrl: 'https://cdn.example/mira.png' } }) });
    await screen.findByText("Hello Camille, it's Mira. I'm glad you're here. How was your day?");

    const [welcome] = within(screen.getByRole('log', { name: 'Conversation with Mira' })).getAllByTestId('chat-message');
    const picture = avatarOf(welcome!).querySelector('img');
    expect(picture).toHaveAttribute('src', 'https://cdn.example/mira.png');

    fireEvent.error(picture!);
    expect(avatarOf(welcome!).querySelector('img')).toBeNull();
    expect(avatarOf(welcome!).querySelector('svg')).not.toBeNull();
    expect(avatarOf(welcome!)).toHaveTextContent('');
  });
});

describe('chat page: writing', () => {
  it('Shift+Enter adds a line, Enter sends; the reply streams in and is kept on the device', async () => {
    const { user, requests } = setup();
    await openChat();

    await user.type(textbox(), 'My day{Shift>}{Enter}{/Shift}was long');
    expect(textbox()).toHaveValue('My day\nwas long');
    expect(replyRequests(requests)).toHaveLength(0);

    await user.keyboard('{Enter}');
    expect(await screen.findByText('It sounds like a full day.')).toBeInTheDocument();
    expect(textbox()).toHaveValue('');
    await waitFor(() => expect(log()).toHaveAttribute('data-status', 'idle'));

    const [sent] = replyRequests(requests);
    expect(sent?.language).toBe('en');
    expect(sent?.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.messages).toEqual([
      { role: 'assistant', content: "Hello Camille, it's Lune. I'm glad you're here. How was your day?" },
      { role: 'user', content: 'My day\nwas long' },
    ]);
    const stored = await conversationStore.loadCurrent('user-1');
    expect(stored?.conversationId).toBe(sent?.conversationId);
    expect(stored?.messages.map((m) => m.content)).toEqual([
      "Hello Camille, it's Lune. I'm glad you're here. How was your day?",
      'My day\nwas long',
      'It sounds like a full day.',
    ]);
  });

  it('sends nothing that is empty or only spaces', async () => {
    const { user, requests } = setup();
    await openChat();

    expect(sendButton()).toBeDisabled();
    await user.type(textbox(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.click(sendButton());
    expect(replyRequests(requests)).toHaveLength(0);
    expect(within(log()).getAllByTestId('chat-message')).toHaveLength(1);
  });

  it('shows the typing indicator until the first words arrive, and no second message can be sent meanwhile', async () => {
    let answer!: (response: Response) => void;
    const { user } = setup({ reply: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openChat();

    await user.type(textbox(), 'Hello{Enter}');
    const typing = await screen.findByTestId('typing-indicator');
    expect(typing).toHaveTextContent('Lune is writing…');
    expect(log()).toHaveAttribute('data-status', 'waiting');
    await user.type(textbox(), 'Another');
    expect(sendButton()).toBeDisabled();

    answer(sseResponse(['Tell me more.']));
    expect(await screen.findByText('Tell me more.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument());
    expect(sendButton()).toBeEnabled();
  });

  it('sends replies in the language of the moment, keeping the conversation when the language changes', async () => {
    const { user, requests } = setup({ extra: { 'PUT /api/me/language': () => new Response(null, { status: 204 }) } });
    await openChat();
    await user.type(textbox(), 'Hello{Enter}');
    await screen.findByText('It sounds like a full day.');

    const switcher = within(screen.getByRole('banner')).getByRole('group', { name: 'Language' });
    await user.click(within(switcher).getByRole('button', { name: 'FR' }));
    const input = await screen.findByRole('textbox', { name: 'Ton message' });
    expect(screen.getByText('Hello')).toBeInTheDocument();
    await user.type(input, 'Bonsoir{Enter}');

    await waitFor(() => expect(replyRequests(requests)).toHaveLength(2));
    expect(replyRequests(requests)[1]?.language).toBe('fr');
    expect(replyRequests(requests)[1]?.conversationId).toBe(replyRequests(requests)[0]?.conversationId);
  });
});

describe('chat page: switching language mid-conversation', () => {
  const frenchGreeting = 'Bonjour Camille, c’est Luna. Ça me fait plaisir de te retrouver. Comment s’est passée ta journée\u00a0?';

  function setupBilingual() {
    return setup({
      extra: {
        // The administrators named the agent in each language.
        'GET /api/chat/status': () => json(buildChatStatus({ agent: { name: i18n.language === 'fr' ? 'Luna' : 'Lune' } })),
        'PUT /api/me/language': () => new Response(null, { status: 204 }),
      },
    });
  }

  async function switchToFrench(user: ReturnType<typeof setup>['user']) {
    const switcher = within(screen.getByRole('banner')).getByRole('group', { name: 'Language' });
    await user.click(within(switcher).getByRole('button', { name: 'FR' }));
  }

  it('says the welcome again in French, with the agent’s French name, and the interface follows', async () => {
    const { user } = setupBilingual();
    await openChat();
    await user.type(textbox(), 'My day was long');

    await switchToFrench(user);
    const frenchLog = await screen.findByRole('log', { name: 'Conversation avec Luna' });
    const shown = () => within(frenchLog).queryAllByTestId('chat-message').map((m) => m.lastElementChild?.lastElementChild?.textContent);
    await waitFor(() => expect(shown()).toEqual([frenchGreeting]));
    expect(screen.queryByText(/Hello Camille/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'La conversation du jour' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ton message' })).toHaveValue('My day was long');
    // The device keeps the welcome as it is now shown, in the same session.
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.messages.map((m) => m.content)).toEqual([frenchGreeting]));
  });

  it('once the companion has answered, the conversation stays as it was said', async () => {
    const { user } = setupBilingual();
    await openChat();
    await user.type(textbox(), 'My day was long{Enter}');
    await screen.findByText('It sounds like a full day.');
    await waitFor(() => expect(log()).toHaveAttribute('data-status', 'idle'));

    await switchToFrench(user);
    await screen.findByRole('heading', { level: 1, name: 'La conversation du jour' });
    await screen.findByRole('log', { name: 'Conversation avec Luna' });
    expect(within(screen.getByRole('log')).queryAllByTestId('chat-message').map((m) => m.lastElementChild?.lastElementChild?.textContent)).toEqual([
      "Hello Camille, it's Lune. I'm glad you're here. How was your day?",
      'My day was long',
      'It sounds like a full day.',
    ]);
  });
});

describe('chat page: failures', () => {
  it('says the reply failed and adds the agent’s apology, which is stored too', async () => {
    const { user } = setup({ reply: () => apiError(502, 'CHAT_PROVIDER_FAILED') });
    await openChat();

    await user.type(textbox(), 'Hello{Enter}');
    expect(await screen.findByText('Error generating response')).toBeInTheDocument();
    expect(await screen.findByText("I'm sorry, I couldn't answer just now. Could you try again in a moment?")).toBeInTheDocument();
    await waitFor(async () => expect((await conversationStore.loadCurrent('user-1'))?.messages.at(-1)?.kind).toBe('fallback'));
  });

  it('keeps the part of a reply that had arrived before the stream broke', async () => {
    const { user } = setup({ reply: () => sseResponse(['I hear that ', 'it was'], { type: 'error', code: 'CHAT_PROVIDER_FAILED' }) });
    await openChat();

    await user.type(textbox(), 'Hello{Enter}');
    expect(await screen.findByText("I'm sorry, I couldn't answer just now. Could you try again in a moment?")).toBeInTheDocument();
    expect(messageTexts().slice(-2)).toEqual(['I hear that it was', "I'm sorry, I couldn't answer just now. Could you try again in a moment?"]);
  });

  it('asks to sign in again on 401', async () => {
    const { user } = setup({ reply: () => apiError(401, 'UNAUTHENTICATED') });
    await openChat();
    await user.type(textbox(), 'Hello{Enter}');
    expect(await screen.findByText('You need to be logged in to send messages')).toBeInTheDocument();
  });

  it('on 402, explains that a subscription is needed and offers the way to it', async () => {
    const { user, router } = setup({ reply: () => apiError(402, 'SUBSCRIPTION_REQUIRED') });
    await openChat();
    await user.type(textbox(), 'Hello{Enter}');

    expect(await screen.findByText('A subscription is needed to continue your sessions.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pricing'));
  });

  it('on 429, says to wait a moment', async () => {
    const { user } = setup({ reply: () => apiError(429, 'RATE_LIMITED') });
    await openChat();
    await user.type(textbox(), 'Hello{Enter}');
    expect(await screen.findByText('Too many attempts. Please wait a moment, then try again.')).toBeInTheDocument();
  });
});

describe('chat page: finishing', () => {
  it('enables "Finish and create my memory" once the conversation has 3 messages, one of them the person’s', async () => {
    const { user } = setup();
    await openChat();
    expect(finishButton()).toBeDisabled();
    expect(screen.getByText('After three messages, you can turn this conversation into a memory.')).toBeInTheDocument();

    await user.type(textbox(), 'My day was long{Enter}');
    await screen.findByText('It sounds like a full day.');
    await waitFor(() => expect(finishButton()).toBeEnabled());
    expect(screen.queryByText('After three messages, you can turn this conversation into a memory.')).not.toBeInTheDocument();
  });

  it('does not count the apology after a failure', async () => {
    const { user } = setup({ reply: () => apiError(502, 'CHAT_PROVIDER_FAILED') });
    await openChat();
    await user.type(textbox(), 'Hello{Enter}');
    await screen.findByText("I'm sorry, I couldn't answer just now. Could you try again in a moment?");
    expect(finishButton()).toBeDisabled();
  });

  it('when the daily limit is reached: a notice with the limit and reset, input, send and finish disabled', async () => {
    const stored = newConversation('user-1', 'en', [createMessage('Hi', false, 'welcome'), createMessage('Hello', true), createMessage('Tell me', false)]);
    await conversationStore.saveCurrent(stored);
    setup({ status: buildChatStatus({ generation: { remaining: 0, limit: 2, canGenerate: false } }) });

    const notice = await screen.findByTestId('chat-limit-notice');
    expect(notice).toHaveTextContent('Daily limit reached: 2 memories per day');
    expect(notice).toHaveTextContent('Your limit will reset tomorrow');
    expect(notice).toHaveTextContent(/\d+ min/);
    expect(screen.getByTestId('chat-generations')).toHaveTextContent('0 of 2 memories left today');
    expect(textbox()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(finishButton()).toBeDisabled();
  });

  it('when the daily limit is reached, the finish button says the day’s memory is made, not that three messages are needed', async () => {
    setup({ status: buildChatStatus({ generation: { remaining: 0, limit: 1, canGenerate: false } }) });
    await openChat();

    const limitHint = 'Today’s memory is made. The next one can be created tomorrow.';
    expect(finishButton()).toBeDisabled();
    expect(finishButton()).toHaveAccessibleDescription(limitHint);
    expect(screen.getByText(limitHint)).toBeVisible();
    expect(screen.queryByText('After three messages, you can turn this conversation into a memory.')).not.toBeInTheDocument();

    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    const frenchFinish = await screen.findByRole('button', { name: 'Terminer et créer mon souvenir' });
    expect(frenchFinish).toHaveAccessibleDescription('Le souvenir du jour est créé. Le prochain pourra l’être demain.');
  });

  it('on mobile too, the finish button is described by the reason it cannot be pressed', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    setup({ status: buildChatStatus({ generation: { remaining: 0, limit: 1, canGenerate: false } }) });
    await openChat();
    expect(screen.getByTestId('chat-generate-mobile')).toHaveAccessibleDescription('Today’s memory is made. The next one can be created tomorrow.');
  });

  it('before three messages, the finish button explains what is needed', async () => {
    setup();
    await openChat();
    expect(finishButton()).toHaveAccessibleDescription('After three messages, you can turn this conversation into a memory.');
  });

  it('on mobile, the generate button sits in the input area above the text box, with its words, and there is no wide button', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    setup();
    await openChat();

    expect(textbox()).toHaveAttribute('rows', '1');
    const mobileFinish = screen.getByTestId('chat-generate-mobile');
    expect(mobileFinish).toHaveAccessibleName('Finish and create my memory');
    // Its name is written on it, not hidden in an attribute behind an icon.
    expect(mobileFinish).not.toHaveAttribute('aria-label');
    expect(mobileFinish).toHaveTextContent('Finish and create my memory');
    expect(textbox().closest('form')).toContainElement(mobileFinish);
    // It has a row of its own, so the text box shares its row with the microphone and send only.
    expect(textbox().parentElement).not.toContainElement(mobileFinish);
    expect(mobileFinish.compareDocumentPosition(textbox()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('chat-finish')).not.toBeInTheDocument();
  });

  it('on desktop, the textarea has two rows', async () => {
    setup();
    await openChat();
    expect(textbox()).toHaveAttribute('rows', '2');
    expect(screen.queryByTestId('chat-generate-mobile')).not.toBeInTheDocument();
  });
});

describe('chat page: access', () => {
  it('without access, shows a calm notice with the way to the subscription instead of the input', async () => {
    setup({ status: buildChatStatus({ hasAccess: false, subscription: { active: false } }) });
    // Greeted without a question: there is no input box to answer it.
    await screen.findByText("Hello Camille, it's Lune. I'm glad to see you again.");
    expect(screen.queryByText(/How was your day\?/)).not.toBeInTheDocument();

    const notice = screen.getByTestId('chat-access-notice');
    expect(within(notice).getByRole('heading', { name: 'Keep going with a subscription' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'See the subscription' })).toHaveAttribute('href', '/home/pricing');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('chat-finish')).not.toBeInTheDocument();
  });

  it('invites a signed-out visitor to sign in', async () => {
    mockFetch(baseHandlers(null));
    const router = createMemoryRouter([{ path: '/chat', element: <ChatPage /> }], { initialEntries: ['/chat'] });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: "Sign in to start today's conversation" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('forgets the conversation on this device when the person signs out', async () => {
    const { user } = setup({ extra: { 'POST /api/auth/sign-out': () => json({ success: true }) } });
    await openChat();
    await user.type(textbox(), 'A private thought{Enter}');
    await screen.findByText('It sounds like a full day.');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await screen.findByText('Successfully signed out');
    await waitFor(async () => expect(await conversationStore.loadCurrent('user-1')).toBeNull());
  });
});

describe('chat page: voice', () => {
  it('without a transcription service, shows no microphone to people who cannot turn voice on', async () => {
    setup({ status: buildChatStatus({ voice: false }) });
    await openChat();
    expect(screen.queryByRole('button', { name: 'Record a voice message' })).toBeNull();
    expect(textbox()).toBeInTheDocument();
  });

  it('without a transcription service, shows administrators a microphone that points to the AI tab and records nothing', async () => {
    const getUserMedia = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    const { user } = setup({ status: buildChatStatus({ voice: false }), me: buildMe({ profile: { isAdmin: true } }) });
    await openChat();

    const mic = screen.getByRole('button', { name: 'Record a voice message' });
    expect(mic).toHaveAccessibleDescription(/administrator panel’s AI tab/);
    expect(mic).toHaveAttribute('aria-disabled', 'true');
    await user.click(mic);
    expect(await screen.findByText(/no transcription service is chosen yet/, { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the AI tab' })).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  describe('with a transcription service', () => {
    const track = { stop: vi.fn() };
    let recorders: FakeRecorder[] = [];
    let recordedBytes = 'voice';

    class FakeRecorder {
      static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
      state: 'inactive' | 'recording' = 'inactive';
      readonly mimeType: string;
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(
        readonly stream: MediaStream,
        readonly options?: MediaRecorderOptions,
      ) {
        this.mimeType = options?.mimeType ?? 'audio/webm';
        recorders.push(this);
      }
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(recordedBytes ? [recordedBytes] : [], { type: this.mimeType }) });
        this.onstop?.();
      }
    }

    function withMicrophone(getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream))) {
      recorders = [];
      recordedBytes = 'voice';
      track.stop.mockClear();
      vi.stubGlobal('MediaRecorder', FakeRecorder);
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
      return getUserMedia;
    }

    afterEach(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });

    it('records with the spec’s audio settings, transcribes in the current language and sends the text', async () => {
      const getUserMedia = withMicrophone();
      const { user, requests } = setup({
        status: buildChatStatus({ voice: true }),
        extra: { 'POST /api/chat/transcribe': () => json({ text: ' I walked by the sea ' }) },
      });
      await openChat();

      await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
      const stop = await screen.findByRole('button', { name: 'Stop recording' });
      expect(stop).toHaveAttribute('aria-pressed', 'true');
      expect(await screen.findByText('Recording...', { selector: '[data-title]' })).toBeInTheDocument();
      expect(getUserMedia).toHaveBeenCalledWith({
        audio: { sampleRate: 44100, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
      expect(recorders[0]?.options).toEqual({ mimeType: 'audio/webm;codecs=opus' });

      await user.click(stop);
      expect(track.stop).toHaveBeenCalled();
      expect(await screen.findByText('Voice message transcribed and sent')).toBeInTheDocument();
      expect(await screen.findByText('I walked by the sea')).toBeInTheDocument();
      expect(await screen.findByText('It sounds like a full day.')).toBeInTheDocument();

      const upload = requests.find((r) => r.path === '/api/chat/transcribe');
      expect(upload?.body).toBeInstanceOf(FormData);
      expect((upload?.body as FormData).get('audio')).toBeInstanceOf(Blob);
      expect(replyRequests(requests)[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'I walked by the sea' });
      expect(screen.getByRole('button', { name: 'Record a voice message' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('says so when the microphone cannot be used', async () => {
      withMicrophone(vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))));
      const { user } = setup({ status: buildChatStatus({ voice: true }) });
      await openChat();

      await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
      expect(await screen.findByText('Cannot access microphone')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Record a voice message' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('reports an empty recording as an audio processing error, without uploading it', async () => {
      withMicrophone();
      const { user, requests } = setup({ status: buildChatStatus({ voice: true }) });
      await openChat();
      recordedBytes = '';

      await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
      await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
      expect(await screen.findByText('Audio processing error')).toBeInTheDocument();
      expect(requests.some((r) => r.path === '/api/chat/transcribe')).toBe(false);
    });

    it.each([
      [503, 'TRANSCRIPTION_UNAVAILABLE', 'Voice messages need a transcription service, which isn’t set up here. You can type instead.'],
      [502, 'TRANSCRIPTION_FAILED', 'Transcription error'],
    ])('explains a refused transcription (%i %s) and sends nothing', async (status, code, text) => {
      withMicrophone();
      const { user, requests } = setup({
        status: buildChatStatus({ voice: true }),
        extra: { 'POST /api/chat/transcribe': () => apiError(status, code) },
      });
      await openChat();

      await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
      await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
      expect(await screen.findByText(text, { selector: '[data-title]' })).toBeInTheDocument();
      expect(replyRequests(requests)).toHaveLength(0);
    });
  });
});
