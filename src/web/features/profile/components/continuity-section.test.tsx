import type { Continuity, ContinuitySettings } from '@shared/contracts/continuity';
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadAppNamespaces } from '@web/lib/i18n';
import { json, mockFetch } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { buildChatStatus } from '../testing/profile-fixtures';
import { ContinuitySection } from './continuity-section';

beforeAll(async () => {
  await loadAppNamespaces(['keeping']);
});

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

/** A small stand-in for the server's rules: the context lists what is on, and nothing when continuity is off. */
function renderSection() {
  const state = {
    enabled: true,
    factsEnabled: false,
    memories: [
      { id: 'm1', title: 'Cardamom morning', reflection: 'The day smelled of warm bread.', date: '2026-11-20', mood: 'tender', hardDay: false },
      { id: 'm2', title: 'Harbour lights', reflection: 'Boats came home one by one.', date: '2026-11-18', mood: null, hardDay: false },
    ],
    facts: [{ id: 'f1', text: 'My cat is called Miso' }],
  };
  const view = (): Continuity => ({
    ...state,
    context: state.enabled
      ? [...state.memories.map((m) => `- ${m.date}, “${m.title}”: ${m.reflection}`), ...(state.factsEnabled ? state.facts.map((f) => `- ${f.text}`) : [])].join('\n')
      : null,
  });
  const network = mockFetch({
    'GET /api/chat/status': () => json(buildChatStatus()),
    'GET /api/continuity': () => json(view()),
    'PUT /api/continuity': (request) => {
      Object.assign(state, request.body as ContinuitySettings);
      return new Response(null, { status: 204 });
    },
    'DELETE /api/continuity/memories/m1': () => {
      state.memories = state.memories.filter((m) => m.id !== 'm1');
      return new Response(null, { status: 204 });
    },
  });
  return { ...renderWithProviders(<ContinuitySection />), ...network };
}

describe('What the companion remembers', () => {
  it('shows exactly what is sent, and removing a memory takes it out of that text', async () => {
    const { user, requests } = renderSection();
    const region = await screen.findByRole('region', { name: 'What Lune remembers' });
    const memories = within(await within(region).findByRole('region', { name: 'Recent memories sent' })).getByRole('list');
    expect(within(memories).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Nov 20, 2026 — Cardamom morning', 'Nov 18, 2026 — Harbour lights']);
    await user.click(within(region).getByText('Exactly what is sent'));
    expect(within(region).getByTestId('continuity-context')).toHaveTextContent('Cardamom morning');
    // The facts wait for consent: listed, not sent.
    expect(within(region).getByText('My cat is called Miso')).toBeInTheDocument();
    expect(within(region).getByTestId('continuity-context')).not.toHaveTextContent('Miso');
    expect(within(region).getByText('Not sent to Lune until you tick “Also send the things I asked Lune to remember”.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Remove “Cardamom morning” from what Lune remembers' }));
    expect(await screen.findByText("Removed. Lune won't be told of it again.")).toBeInTheDocument();
    await vi.waitFor(() => expect(within(region).getByTestId('continuity-context')).not.toHaveTextContent('Cardamom morning'));
    expect(within(region).getByTestId('continuity-context')).toHaveTextContent('Harbour lights');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/continuity/memories/m1']);
  });

  it('switches continuity off: the switch says so, the facts switch is disabled, and nothing is sent', async () => {
    const { user, requests } = renderSection();
    const region = await screen.findByRole('region', { name: 'What Lune remembers' });
    const remember = await within(region).findByRole('checkbox', { name: 'Let Lune remember my recent memories' });
    const facts = within(region).getByRole('checkbox', { name: 'Also send the things I asked Lune to remember' });
    expect(remember).toBeChecked();
    expect(facts).not.toBeChecked();

    await user.click(remember);
    await vi.waitFor(() => expect(remember).not.toBeChecked());
    expect(facts).toBeDisabled();
    await user.click(within(region).getByText('Exactly what is sent'));
    expect(within(region).getByText('Continuity is off: Lune starts each day from nothing.')).toBeInTheDocument();
    expect(within(region).queryByTestId('continuity-context')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ enabled: false, factsEnabled: false }]);
  });
});
