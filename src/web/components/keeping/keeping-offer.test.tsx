import type { KeepingStatus } from '@shared/contracts/keeping';
import { act, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { JUST_MADE } from '@web/lib/memory-arrival';
import { baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { buildMemoryDetail } from '@web/testing/memory-fixtures';
import { renderApp } from '@web/testing/render-app';

const MEMORY_ID = '7b0c4b7e-8f1a-4b5e-9c1d-2a3b4c5d6e7f';
const memory = buildMemoryDetail({ id: MEMORY_ID, conversationId: '5f6e7d8c-1b2a-4c3d-8e9f-0a1b2c3d4e5f' });

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

function renderMemory(keeping: Partial<KeepingStatus> = {}) {
  const status: KeepingStatus = { enabled: false, offerDeclined: false, keys: null, conversations: 0, bytes: 0, maxBytes: 1, ...keeping };
  const network = mockFetch({
    ...baseHandlers(buildMe()),
    [`GET /api/memories/${MEMORY_ID}`]: () => json(memory),
    'GET /api/keeping': () => json(status),
    'PUT /api/keeping/offer': (request) => {
      status.offerDeclined = (request.body as { declined: boolean }).declined;
      return new Response(null, { status: 204 });
    },
  });
  const app = renderApp(`/home/memories/${MEMORY_ID}`);
  /** The chat's arrival, right after making this memory. */
  const arriveFromChat = () => act(() => app.router.navigate(`/home/memories/${MEMORY_ID}`, { state: JUST_MADE }));
  return { ...app, ...network, arriveFromChat };
}

describe('the offer to keep conversations, after a memory', () => {
  it('is not made when a memory is only visited, and is made when the chat has just made it', async () => {
    const { requests, arriveFromChat } = renderMemory();
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByTestId('keeping-offer')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/keeping')).toBe(false);

    await arriveFromChat();
    const offer = await screen.findByTestId('keeping-offer');
    expect(within(offer).getByRole('heading', { name: 'Keep your conversations on every device?' })).toBeInTheDocument();
  });

  it('"Not now" is sent to the account and the offer goes, with nothing else asked', async () => {
    const { user, requests, arriveFromChat } = renderMemory();
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await arriveFromChat();
    const offer = await screen.findByTestId('keeping-offer');
    await user.click(within(offer).getByRole('button', { name: 'Not now' }));
    await vi.waitFor(() => expect(screen.queryByTestId('keeping-offer')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([{ method: 'PUT', path: '/api/keeping/offer', body: { declined: true } }]);
  });

  it('is not made again to someone who declined, nor to someone who keeps them already', async () => {
    for (const keeping of [{ offerDeclined: true }, { enabled: true }]) {
      const { arriveFromChat, unmount, queryClient } = renderMemory(keeping);
      await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
      await arriveFromChat();
      // The page has the person's answer: the offer would be on screen by now if it were made.
      await vi.waitFor(() => expect(queryClient.getQueryState(['keeping'])?.status).toBe('success'));
      await act(() => Promise.resolve());
      expect(screen.queryByTestId('keeping-offer')).not.toBeInTheDocument();
      unmount();
    }
  });
});
