import type { AdminSettings } from '@shared/contracts/admin';
import type { MeResponse } from '@shared/contracts/me';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildAdminSettings, settingsServer } from '../testing/admin-fixtures';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };
const SLOW = { timeout: 20_000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const admin = buildMe({ user: { email: 'admin@example.com' }, profile: { isAdmin: true, firstName: 'Alex' } });

interface SetupOptions {
  settings?: AdminSettings;
  overrides?: Record<string, Handler>;
  me?: MeResponse;
}

function setup(tab: string, { settings = buildAdminSettings(), overrides = {}, me = admin }: SetupOptions = {}) {
  const server = settingsServer(settings);
  const network = mockFetch({ ...baseHandlers(me), ...server.handlers, ...overrides });
  const view = renderApp(`/home/admin?tab=${tab}`);
  const patches = () => network.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/admin/settings').map((r) => r.body);
  return { ...network, ...view, patches, change: server.change };
}

const section = (name: string) => screen.findByRole('region', { name }, WAIT);

describe('admin panel: Chat Prompt', SLOW, () => {
  it('saves only its two prompts, refuses a blank one before sending, and says "Settings updated"', async () => {
    const { user, patches } = setup('prompt');
    const card = await section('Chat prompt');
    const save = within(card).getByRole('button', { name: 'Save changes' });
    const english = within(card).getByLabelText('Chat prompt (English)');
    const french = within(card).getByLabelText('Chat prompt (French)');
    expect(english).toHaveValue('You are {agentName}, a gentle companion.');
    // Nothing changed, nothing to save.
    expect(save).toBeDisabled();

    await user.clear(english);
    await user.type(english, '   ');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(card).findByText("This field can't be empty.", undefined, WAIT)).toBeInTheDocument();
    expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(patches()).toEqual([]);

    await user.clear(english);
    await user.type(english, '  You are {{agentName}, kind and brief.  ');
    await user.click(save);

    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([{ chatPrompt: 'You are {agentName}, kind and brief.', chatPromptFr: 'Tu es {agentName}, un compagnon bienveillant.' }]);
    await waitFor(() => expect(english).toHaveValue('You are {agentName}, kind and brief.'), WAIT);
    expect(french).toHaveValue('Tu es {agentName}, un compagnon bienveillant.');
    expect(save).toBeDisabled();
  });

  it('shows the server’s refusal under the field and "Error updating settings"', async () => {
    const { user } = setup('prompt', {
      overrides: {
        'PATCH /api/admin/settings': () => json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { chatPromptFr: ['validation.promptTooLong'] } } }, 400),
      },
    });
    const card = await section('Chat prompt');
    await user.type(within(card).getByLabelText('Chat prompt (French)'), ' Encore.');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Error updating settings', undefined, WAIT)).toBeInTheDocument();
    expect(within(card).getByText('This prompt is too long.')).toBeInTheDocument();
    // What was typed stays, ready to be shortened.
    expect(within(card).getByLabelText('Chat prompt (French)')).toHaveValue('Tu es {agentName}, un compagnon bienveillant. Encore.');
  });

  it('puts the saved values back with Undo changes', async () => {
    const { user } = setup('prompt');
    const card = await section('Chat prompt');
    const english = within(card).getByLabelText('Chat prompt (English)');
    await user.type(english, ' More.');
    await user.click(within(card).getByRole('button', { name: 'Undo changes' }));
    expect(english).toHaveValue('You are {agentName}, a gentle companion.');
    expect(within(card).queryByRole('button', { name: 'Undo changes' })).not.toBeInTheDocument();
  });
});

describe('admin panel: Usage Limits', SLOW, () => {
  it('reads an empty box as 0, which stops all memory creation, and refuses a negative number', async () => {
    const { user, patches } = setup('limits');
    const card = await section('Daily memory limit');
    const limit = within(card).getByLabelText('Memories per person per day');
    expect(limit).toHaveValue(1);
    expect(within(card).getByText('0 stops all memory creation. An empty box counts as 0.')).toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '-2');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByText('Enter a whole number from 0 to 1000.', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([]);

    await user.clear(limit);
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([{ dailyGenerationLimit: 0 }]);
    await waitFor(() => expect(limit).toHaveValue(0), WAIT);
  });
});

describe('admin panel: Image Settings', SLOW, () => {
  it('checks the size, offers the qualities, says which image provider uses them, and saves its six fields', async () => {
    const { user, patches } = setup('images');
    const card = await section('Image settings');
    expect(within(card).getByText(/In use now: generative-art\./)).toBeInTheDocument();
    const quality = within(card).getByLabelText('Image quality');
    expect(within(quality).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['standard', 'hd', 'low', 'medium', 'high', 'auto']);

    const size = within(card).getByLabelText('Image size');
    await user.clear(size);
    await user.type(size, 'huge');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByText('Write a size like 1024x1024, or auto.', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([]);

    await user.clear(size);
    await user.type(size, 'auto');
    await user.selectOptions(quality, 'hd');
    await user.clear(within(card).getByLabelText('Summary prompt (French)'));
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByText("This field can't be empty.", undefined, WAIT)).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Summary prompt (French)'), 'Décris la journée en couleurs.');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    const settings = buildAdminSettings();
    expect(patches()).toEqual([
      {
        imagePrompt: settings.imagePrompt,
        imagePromptFr: settings.imagePromptFr,
        summaryPrompt: settings.summaryPrompt,
        summaryPromptFr: 'Décris la journée en couleurs.',
        imageSize: 'auto',
        imageQuality: 'hd',
      },
    ]);
  });
});

/** XMLHttpRequest as the avatar upload uses it, answering what the test says. */
function stubUpload(answer: () => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => {
        const { status, body: response } = answer();
        this.status = status;
        this.responseText = JSON.stringify(response);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const imageFile = (bytes: number, type = 'image/jpeg', name = 'agent.jpg') => new File([new Uint8Array(bytes)], name, { type });

describe('admin panel: Agent Identity', SLOW, () => {
  it('renames the agent in both languages with one save of those two fields', async () => {
    const { user, patches } = setup('agent');
    const card = await section('Name');
    await user.clear(within(card).getByLabelText('Agent name (English)'));
    await user.type(within(card).getByLabelText('Agent name (English)'), 'Iris');
    await user.clear(within(card).getByLabelText('Agent name (French)'));
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByText("This field can't be empty.", undefined, WAIT)).toBeInTheDocument();

    await user.type(within(card).getByLabelText('Agent name (French)'), 'Irène');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([{ agentName: 'Iris', agentNameFr: 'Irène', agentGenderFr: 'feminine' }]);
  });

  it('says how French speaks of the agent, beside its French name', async () => {
    const { user, patches } = setup('agent');
    const card = await section('Name');
    const gender = within(card).getByLabelText('In French, the agent is spoken of as');
    expect(gender).toHaveValue('feminine');
    expect(gender).toHaveAccessibleDescription(/French words agree with the name/);
    await user.clear(within(card).getByLabelText('Agent name (French)'));
    await user.type(within(card).getByLabelText('Agent name (French)'), 'Théo');
    await user.selectOptions(gender, 'Masculine');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([{ agentName: 'Mira', agentNameFr: 'Théo', agentGenderFr: 'masculine' }]);
  });

  it('refuses a picture over 2 MB before sending it, translates the server’s refusals, and shows the new picture', async () => {
    let answer: { status: number; body: unknown } = { status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not an image' } } };
    const sent = stubUpload(() => answer);
    const { user, change } = setup('agent');
    const card = await section('Picture');
    expect(within(card).getByText("No picture yet: the chat shows the name's first letter.")).toBeInTheDocument();
    const input = within(card).getByLabelText("Choose the agent's picture");

    await user.upload(input, imageFile(2 * 1024 * 1024 + 1));
    expect(within(card).getByRole('alert')).toHaveTextContent('This image is larger than 2 MB. Choose a smaller one.');
    expect(sent).toHaveLength(0);

    await user.upload(input, imageFile(1000, 'image/png', 'fake.png'));
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent('Please select an image file (JPG or PNG works best).'), WAIT);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('avatar')).toBeInstanceOf(File);

    answer = { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too large' } } };
    await user.upload(input, imageFile(1000));
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent('This image is larger than 2 MB. Choose a smaller one.'), WAIT);

    answer = { status: 200, body: { agentAvatarUrl: '/files/avatars/agent/abc.webp' } };
    change({ agentAvatarUrl: '/files/avatars/agent/abc.webp' });
    await user.upload(input, imageFile(1000));
    expect(await screen.findByText("The agent's picture is updated", undefined, WAIT)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: "The agent's current picture" })).toHaveAttribute('src', '/files/avatars/agent/abc.webp');
    expect(within(card).getByRole('alert')).toHaveTextContent('');
  });

  it('removes the picture', async () => {
    const { user, requests, change } = setup('agent', {
      settings: buildAdminSettings({ agentAvatarUrl: '/files/avatars/agent/old.webp' }),
      overrides: {
        'DELETE /api/admin/settings/agent-avatar': () => {
          change({ agentAvatarUrl: null });
          return new Response(null, { status: 204 });
        },
      },
    });
    const card = await section('Picture');
    expect(within(card).getByRole('img', { name: "The agent's current picture" })).toHaveAttribute('src', '/files/avatars/agent/old.webp');
    await user.click(within(card).getByRole('button', { name: 'Remove the picture' }));
    expect(await screen.findByText("The agent's picture is removed", undefined, WAIT)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/admin/settings/agent-avatar')).toBe(true);
    await waitFor(() => expect(within(card).queryByRole('img')).not.toBeInTheDocument(), WAIT);
  });
});

describe('admin panel: Global', SLOW, () => {
  const community = { chatServerUrl: null, calendarUrl: { en: 'https://calendar.example/en', fr: null } };

  it('saves the community links (https only) with their own PUT', async () => {
    const { user, requests } = setup('global', {
      overrides: {
        'GET /api/community': () => json(community),
        'PUT /api/admin/community': ({ body }) => {
          const b = body as { chatServerUrl: string | null; calendarUrlEn: string | null; calendarUrlFr: string | null };
          return json({ chatServerUrl: b.chatServerUrl, calendarUrl: { en: b.calendarUrlEn, fr: b.calendarUrlFr } });
        },
      },
    });
    const card = await section('Community');
    const chat = within(card).getByLabelText('Community chat-server link');
    expect(within(card).getByLabelText('Calendar address (English)')).toHaveValue('https://calendar.example/en');

    await user.type(chat, 'http://chat.example/invite');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByText('Enter a full address starting with https://.', undefined, WAIT)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.clear(chat);
    await user.type(chat, 'https://chat.example/invite');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { chatServerUrl: 'https://chat.example/invite', calendarUrlEn: 'https://calendar.example/en', calendarUrlFr: null },
    ]);
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('saves the price ids and promotion codes (empty clears), and the scheduled reminders, each on its own', async () => {
    const { user, patches } = setup('global', { overrides: { 'GET /api/community': () => json(community) } });
    const pricing = await section('Subscription');
    await user.type(within(pricing).getByLabelText('Price id (English)'), ' price_123 ');
    await user.click(within(pricing).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings updated', undefined, WAIT)).toBeInTheDocument();
    expect(patches()).toEqual([{ priceIdEn: 'price_123', priceIdFr: null, promoCodeEn: null, promoCodeFr: null }]);

    const schedule = screen.getByRole('region', { name: 'Scheduled reminders' });
    expect(within(schedule).getByText("The scheduled reminders haven't run yet.")).toBeInTheDocument();
    const toggle = within(schedule).getByRole('switch', { name: 'Send reminders every day' });
    expect(toggle).not.toBeChecked();
    const days = within(schedule).getByLabelText('Days without a conversation');
    await user.click(toggle);
    await user.clear(days);
    await user.click(within(schedule).getByRole('button', { name: 'Save changes' }));
    expect(await within(schedule).findByText('Please enter a valid number of days (minimum 1)', undefined, WAIT)).toBeInTheDocument();
    await user.type(days, '10');
    await user.click(within(schedule).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(2), WAIT);
    expect(patches()[1]).toEqual({ reminderScheduleEnabled: true, reminderScheduleDays: 10 });
  });

  it('shows the last scheduled run and which provider each capability uses, read-only', async () => {
    setup('global', { settings: buildAdminSettings({ reminderLastRunOn: '2026-03-14' }), overrides: { 'GET /api/community': () => json(community) } });
    const schedule = await section('Scheduled reminders');
    expect(within(schedule).getByTestId('admin-reminder-last-run')).toHaveTextContent('Last run: March 14, 2026');
    const providers = screen.getByRole('region', { name: 'Providers' });
    const row = within(providers).getByRole('row', { name: /Artwork/ });
    expect(row).toHaveTextContent('generative-art');
    expect(within(providers).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows single sign-on, explains the password switch, and shows the server refusing it', async () => {
    let methods = { sso: { issuer: 'https://auth.example.org/realms/family', label: 'Keycloak' }, passwordSignIn: true, signedInWithSso: false };
    const { user, requests } = setup('global', {
      overrides: {
        'GET /api/community': () => json(community),
        'GET /api/admin/sign-in': () => json(methods),
        'PUT /api/admin/sign-in': () => {
          if (!methods.signedInWithSso) return apiError(409, 'SSO_NOT_PROVEN');
          methods = { ...methods, passwordSignIn: false };
          return json(methods);
        },
      },
    });
    const card = await section('Sign-in');
    // The card stands before its methods arrive (a skeleton meanwhile); the Global tab reads several things at once.
    expect(await within(card).findByText('Keycloak (https://auth.example.org/realms/family)', undefined, WAIT)).toBeInTheDocument();
    expect(within(card).getByTestId('admin-password-sign-in')).toHaveTextContent('On: people can also sign in');
    const turnOff = within(card).getByRole('button', { name: 'Turn password sign-in off' });
    expect(turnOff).toHaveAccessibleDescription(/first sign in once yourself with single sign-on/);
    await user.click(turnOff);
    expect(await within(card).findByText('Sign in once with single sign-on yourself before turning password sign-in off.', undefined, WAIT)).toBeInTheDocument();

    methods = { ...methods, signedInWithSso: true };
    await user.click(turnOff);
    expect(await screen.findByText('Password sign-in is off: single sign-on only', undefined, WAIT)).toBeInTheDocument();
    expect(within(card).getByTestId('admin-password-sign-in')).toHaveTextContent('Off: single sign-on only');
    expect(within(card).getByRole('button', { name: 'Turn password sign-in back on' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/admin/sign-in' && r.method === 'PUT').map((r) => r.body)).toEqual([{ passwordSignIn: false }, { passwordSignIn: false }]);
  });

  it('says when the community links cannot be loaded, while the rest of the tab works', async () => {
    setup('global', { overrides: { 'GET /api/community': () => apiError(500, 'INTERNAL') } });
    expect(await screen.findByText("The community links couldn't be loaded.", undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Subscription' })).toBeInTheDocument();
  });
});

describe('admin panel in French', SLOW, () => {
  it('speaks French, validation included', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup('limits', { me: buildMe({ profile: { isAdmin: true, defaultLanguage: 'fr' } }) });
    const card = await section('Limite quotidienne de souvenirs');
    const limit = within(card).getByLabelText('Souvenirs par personne et par jour');
    await user.clear(limit);
    await user.type(limit, '-1');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findByText('Saisis un nombre entier de 0 à 1000.', undefined, WAIT)).toBeInTheDocument();
  });
});
