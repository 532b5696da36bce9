import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

const WAIT = { timeout: 5000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const USER_ID = 'user-7f3a';
const SIGNATURE = 'A'.repeat(43);
const LINK = `/unsubscribe?u=${USER_ID}&t=${SIGNATURE}`;

function setup(path: string, unsubscribe: Handler = () => new Response(null, { status: 204 })) {
  // Signed out: the page needs no session.
  const network = mockFetch({ ...baseHandlers(null), 'POST /api/reminders/unsubscribe': unsubscribe });
  const view = renderApp(path);
  const posts = () => network.requests.filter((r) => r.path === '/api/reminders/unsubscribe').map((r) => r.body);
  return { ...view, ...network, posts };
}

describe('unsubscribe page', () => {
  it('changes nothing on arrival, then stops reminders with one button and says so', async () => {
    let answer!: (response: Response) => void;
    const { user, posts } = setup(LINK, () => new Promise<Response>((resolve) => (answer = resolve)));

    expect(await screen.findByRole('heading', { level: 1, name: 'Stop reminder e-mails?' }, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Your account and your memories stay just as they are.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    // A mail scanner following the link changes nothing: only the button does.
    expect(posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect(screen.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
    expect(posts()).toEqual([{ u: USER_ID, t: SIGNATURE }]);
    answer(new Response(null, { status: 204 }));

    expect(await screen.findByRole('heading', { level: 1, name: "You won't receive reminders anymore" }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Souvenir' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Stop reminders' })).not.toBeInTheDocument();
  });

  it.each([
    ['no parameters', '/unsubscribe'],
    ['a missing signature', `/unsubscribe?u=${USER_ID}`],
    ['a malformed signature', `/unsubscribe?u=${USER_ID}&t=short`],
  ])('says calmly that the link is not valid for %s, asking nothing of the server', async (_case, path) => {
    const { posts } = setup(path);
    expect(await screen.findByRole('heading', { level: 1, name: "This link isn't valid" }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop reminders' })).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('says the link is not valid when the server does not recognise its signature', async () => {
    const { user } = setup(LINK, () => apiError(404, 'NOT_FOUND'));
    await user.click(await screen.findByRole('button', { name: 'Stop reminders' }, WAIT));
    expect(await screen.findByRole('heading', { level: 1, name: "This link isn't valid" }, WAIT)).toBeInTheDocument();
  });

  it('keeps the button when the request fails for another reason, and works on a second try', async () => {
    let fail = true;
    const { user, posts } = setup(LINK, () => (fail ? apiError(503, 'INTERNAL') : new Response(null, { status: 204 })));
    await user.click(await screen.findByRole('button', { name: 'Stop reminders' }, WAIT));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("That didn't work this time. Check your connection, then try again."), WAIT);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You won't receive reminders anymore" }, WAIT)).toBeInTheDocument();
    expect(posts()).toHaveLength(2);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup(LINK);
    const ask = await screen.findByTestId('unsubscribe-ask', undefined, WAIT);
    expect(within(ask).getByRole('heading', { level: 1 }).textContent).toBe('Arrêter les e-mails de rappel\u00a0?');
    await user.click(screen.getByRole('button', { name: 'Arrêter les rappels' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu ne recevras plus de rappels' }, WAIT)).toBeInTheDocument();
  });
});
