import type { AiProviderView, AiSettings, LocalModelOverview } from '@shared/contracts/ai';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildAdminSettings } from '../testing/admin-fixtures';

const WAIT = { timeout: 5000 };
const SLOW = { timeout: 20_000 };

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const admin = buildMe({ profile: { isAdmin: true, firstName: 'Alex' } });

const view = (capability: AiProviderView['capability'], overrides: Partial<AiProviderView> = {}): AiProviderView => ({
  capability,
  source: 'configuration',
  preset: null,
  baseUrl: null,
  model: null,
  hasKey: false,
  keyMask: null,
  active: { chat: 'offline-companion', text: 'offline-extractor', image: 'generative-art', transcription: 'none' }[capability],
  configuration: { provider: 'offline-companion', baseUrl: null, model: null },
  updatedAt: null,
  failing: null,
  ...overrides,
});

function setup(settings: AiSettings, handlers: Record<string, (request: RecordedRequest) => Response> = {}) {
  const network = mockFetch({
    ...baseHandlers(admin),
    'GET /api/admin/settings': () => json(buildAdminSettings()),
    'GET /api/admin/ai': () => json(settings),
    ...handlers,
  });
  return { ...network, ...renderApp('/home/admin?tab=ai') };
}

const defaults: AiSettings = { providers: [view('chat'), view('text'), view('image'), view('transcription')] };

describe('admin panel: AI', SLOW, () => {
  it('offers an endpoint with presets, says plainly why a Test failed and how fast one worked, and saves only a typed key', async () => {
    let testAnswer: unknown = { ok: false, reason: 'unauthorized', status: 401 };
    let current = defaults;
    const saved: AiSettings = {
      providers: [
        view('chat', { source: 'openai-compatible', preset: 'groq', baseUrl: 'https://api.groq.com/openai/v1', model: 'llama-3.1-8b-instant', hasKey: true, keyMask: 'gsk…wxyz', active: 'openai-compatible' }),
        ...defaults.providers.slice(1),
      ],
    };
    const { user, requests } = setup(defaults, {
      'GET /api/admin/ai': () => json(current),
      'POST /api/admin/ai/test': () => json(testAnswer),
      'PUT /api/admin/ai/chat': () => {
        current = saved;
        return json(saved);
      },
    });
    const card = await screen.findByRole('region', { name: 'Conversation' }, WAIT);
    expect(within(card).getByRole('radio', { name: 'Private AI on this server' })).toBeEnabled();
    // The private model writes text: artwork cannot come from it.
    expect(within(screen.getByRole('region', { name: 'Artwork' })).getByRole('radio', { name: 'Private AI on this server' })).toBeDisabled();
    expect(within(card).getByRole('radio', { name: 'Server configuration' })).toBeChecked();
    await user.click(within(card).getByRole('radio', { name: 'An OpenAI-compatible service' }));
    await user.selectOptions(within(card).getByLabelText('Service'), 'groq');
    expect(within(card).getByLabelText('Base URL')).toHaveValue('https://api.groq.com/openai/v1');
    await user.type(within(card).getByLabelText('API key'), 'gsk-typed-key-0123456789wxyz');
    await user.type(within(card).getByLabelText('Model'), 'llama-3.1-8b-instant');

    await user.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText('It did not work. The service refused the key. Check the API key.', undefined, WAIT)).toBeInTheDocument();
    testAnswer = { ok: true, latencyMs: 231 };
    await user.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText('It works: the service answered in 231 ms.', undefined, WAIT)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/admin/ai/test').at(-1)!.body).toEqual({
      capability: 'chat',
      baseUrl: 'https://api.groq.com/openai/v1',
      apiKey: 'gsk-typed-key-0123456789wxyz',
      model: 'llama-3.1-8b-instant',
    });

    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Conversation: saved. It applies from the next request.', undefined, WAIT)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      source: 'openai-compatible',
      preset: 'groq',
      baseUrl: 'https://api.groq.com/openai/v1',
      model: 'llama-3.1-8b-instant',
      apiKey: 'gsk-typed-key-0123456789wxyz',
    });
    await waitFor(() => expect(within(card).getByLabelText('API key')).toHaveValue(''));
    expect(within(card).getByText(/A key is stored \(gsk…wxyz\)/)).toBeInTheDocument();
  });

  it('chooses a model file of the server, says where it stands, tests it, and refuses a model the machine cannot hold', async () => {
    const GB = 1024 ** 3;
    const overview: LocalModelOverview = {
      machine: { totalMemoryBytes: 4 * GB, freeMemoryBytes: 2 * GB, freeDiskBytes: 50 * GB },
      files: [{ fileName: 'tiny.gguf', sizeBytes: 524_288, state: 'ready', percent: null, queued: 0 }],
      suggested: [
        { id: 'small', label: 'Small model', fileName: 'small.gguf', url: 'https://huggingface.co/x/small.gguf', sizeBytes: GB, memoryBytes: 2 * GB, licence: 'Apache-2.0', hasHash: true, fits: true },
        { id: 'large', label: 'Large model', fileName: 'large.gguf', url: 'https://huggingface.co/x/large.gguf', sizeBytes: 4 * GB, memoryBytes: 6 * GB, licence: 'Apache-2.0', hasHash: true, fits: false },
      ],
      downloads: [{ id: 'small', fileName: 'small.gguf', state: 'downloading', receivedBytes: GB / 4, totalBytes: GB, failure: null, status: null }],
    };
    const { user, requests } = setup(defaults, {
      'GET /api/admin/ai/local': () => json(overview),
      'POST /api/admin/ai/local/test': () => json({ ok: true, latencyMs: 42 }),
      'PUT /api/admin/ai/text': () => json({ providers: [defaults.providers[0], view('text', { source: 'local-model', model: 'tiny.gguf', active: 'local-model' }), ...defaults.providers.slice(2)] }),
    });
    const card = await screen.findByRole('region', { name: 'Memory writing' }, WAIT);
    await user.click(within(card).getByRole('radio', { name: 'Private AI on this server' }));
    await user.selectOptions(await within(card).findByLabelText('Model file', undefined, WAIT), 'tiny.gguf');
    expect(within(card).getByText('State: ready')).toBeInTheDocument();
    expect(within(card).getByText('Downloading: 25%')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Download of small.gguf' })).toHaveAttribute('value', '25');
    expect(within(card).getByText('Not downloaded: this model needs about 6 GB of memory and this server has 4 GB.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText('It works: the model answered in 42 ms.', undefined, WAIT)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/admin/ai/local/test')!.body).toEqual({ capability: 'text', model: 'tiny.gguf' });

    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Memory writing: saved. It applies from the next request.', undefined, WAIT)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ source: 'local-model', model: 'tiny.gguf' });
  });

  it('asks before saving an address never tested since it changed, saves nothing on "Go back", and says when the service is failing', async () => {
    const failing = view('chat', {
      source: 'openai-compatible',
      preset: 'other',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      active: 'openai-compatible',
      failing: { provider: 'openai-compatible', reason: 'timeout', status: null, since: '2026-11-28T19:05:00.000Z' },
    });
    const { user, requests } = setup({ providers: [failing, ...defaults.providers.slice(1)] }, { 'PUT /api/admin/ai/chat': () => json(defaults) });
    const card = await screen.findByRole('region', { name: 'Conversation' }, WAIT);
    expect(within(card).getByTestId('admin-ai-chat-failing').textContent ?? '').toMatch(
      /^The service did not answer its last call \(too slow\), since .+\. Meanwhile the built-in companion answers people; this clears itself at the next call that works\.$/,
    );

    const model = within(card).getByLabelText('Model');
    await user.clear(model);
    await user.type(model, 'another-model');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save an address that has not answered?' }, WAIT);
    expect(dialog).toHaveTextContent('It has not been tested since it changed. If it does not answer, the built-in companion will answer people instead.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    await user.click(within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ source: 'openai-compatible', model: 'another-model' });
  });

  it('refuses an address that is not one before calling anything', async () => {
    const { user, requests } = setup(defaults);
    const card = await screen.findByRole('region', { name: 'Voice transcription' }, WAIT);
    await user.click(within(card).getByRole('radio', { name: 'An OpenAI-compatible service' }));
    const baseUrl = within(card).getByLabelText('Base URL');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'localhost:8000');
    await user.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText(/Enter a full address starting with http:\/\/ or https:\/\//, undefined, WAIT)).toBeInTheDocument();
    // Only reads may happen (the setup list reads the private model's overview): nothing is tested or saved.
    expect(requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/admin/ai/'))).toEqual([]);
  });

  it('says in a sentence of its own, in both languages, that configuration left voice off', async () => {
    const settings: AiSettings = { providers: [...defaults.providers.slice(0, 3), view('transcription', { configuration: { provider: 'none', baseUrl: null, model: null } })] };
    setup(settings);
    const card = await screen.findByRole('region', { name: 'Voice transcription' }, WAIT);
    expect(within(card).getByText('The environment variables set nothing, so voice messages are off.')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    const carte = await screen.findByRole('region', { name: 'Transcription de la voix' }, WAIT);
    expect(await within(carte).findByText(/^Les variables d’environnement ne choisissent rien\s: les messages vocaux sont désactivés\.$/, undefined, WAIT)).toBeInTheDocument();
  });

  it('says so when the providers cannot be loaded, with a way to try again', async () => {
    setup(defaults, { 'GET /api/admin/ai': () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500) });
    expect(await screen.findByText('The AI providers could not be loaded.', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
