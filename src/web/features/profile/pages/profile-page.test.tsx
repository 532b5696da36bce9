import type { MeResponse, ProfileUpdateInput } from '@shared/contracts/me';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { buildBillingStatus, buildChatStatus, renderProfile } from '../testing/profile-fixtures';
import { ProfilePage } from './profile-page';

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 3000 };

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * The profile as the server keeps it: GET /api/me answers what PUT /api/me/profile last saved ("unspecified"
 * stores no gender, an empty note stores none).
 */
function profileServer(me: MeResponse) {
  let current = me;
  return {
    'GET /api/me': () => json(current),
    'PUT /api/me/profile': (request: { body: unknown }) => {
      const input = request.body as ProfileUpdateInput;
      current = {
        ...current,
        profile: {
          ...current.profile,
          firstName: input.firstName.trim(),
          defaultLanguage: input.defaultLanguage,
          gender: input.gender === 'unspecified' ? null : input.gender,
          ...(input.medicalDiagnosis !== undefined ? { medicalDiagnosis: input.medicalDiagnosis || null } : {}),
        },
      };
      return json(current);
    },
  };
}

const puts = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path === '/api/me/profile').map((r) => r.body);

describe('profile page — the form', () => {
  it('shows the person’s profile and saves the changes (trimmed, without the medical note)', async () => {
    const me = buildMe({ profile: { firstName: 'Camille', gender: 'female' } });
    const { user, requests } = renderProfile({ me, handlers: profileServer(me) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' }, WAIT)).toBeInTheDocument();
    const form = screen.getByTestId('profile-form');
    const firstName = within(form).getByRole('textbox', { name: 'First name' });
    expect(firstName).toHaveValue('Camille');
    expect(within(form).getByRole('combobox', { name: /Default language/ })).toHaveValue('en');
    expect(within(form).getByRole('combobox', { name: /Gender/ })).toHaveValue('female');
    // Not an administrator: no confidential note at all.
    expect(within(form).queryByRole('textbox', { name: /medical note/i })).not.toBeInTheDocument();

    await user.clear(firstName);
    await user.type(firstName, '  Camille-Rose  ');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Gender/ }), 'unspecified');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been updated', undefined, WAIT)).toBeInTheDocument();
    expect(puts(requests)).toEqual([{ firstName: 'Camille-Rose', defaultLanguage: 'en', gender: 'unspecified' }]);
    expect(firstName).toHaveValue('Camille-Rose');
    // The header speaks of the saved name at once.
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('Signed in as Camille-Rose')).toBeInTheDocument();
  });

  it('refuses a first name shorter than 2 characters with the spec’s message, and sends nothing', async () => {
    const { user, requests } = renderProfile();
    const firstName = await screen.findByRole('textbox', { name: 'First name' }, WAIT);

    await user.clear(firstName);
    await user.type(firstName, ' A ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('First name must be at least 2 characters.')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });

  it('switches the whole interface to French as soon as French is saved, and stays there', async () => {
    const me = buildMe();
    const { user, requests, queryClient } = renderProfile({ me, handlers: profileServer(me) });
    const language = await screen.findByRole('combobox', { name: /Default language/ }, WAIT);

    await user.selectOptions(language, 'fr');
    // Choosing is not saving: the interface waits for the save.
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ton profil' }, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Ton profil a été mis à jour')).toBeInTheDocument();
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByRole('combobox', { name: /Langue par défaut/ })).toHaveValue('fr');
    // The profile is read again after the save; once that answer is in and rendered, nothing flipped the language back.
    const saved = requests.findIndex((r) => r.method === 'PUT' && r.path === '/api/me/profile');
    await waitFor(() => expect(requests.slice(saved + 1).some((r) => r.method === 'GET' && r.path === '/api/me')).toBe(true), WAIT);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), WAIT);
    expect(i18n.language).toBe('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Ton profil' })).toBeInTheDocument();
  });

  it('tells the person when the profile could not be saved, and keeps what they typed', async () => {
    const { user } = renderProfile({ handlers: { 'PUT /api/me/profile': () => apiError(500, 'INTERNAL') } });
    const firstName = await screen.findByRole('textbox', { name: 'First name' }, WAIT);
    await user.clear(firstName);
    await user.type(firstName, 'Noor');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText("We couldn't update your profile", undefined, WAIT)).toBeInTheDocument();
    expect(firstName).toHaveValue('Noor');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('gives administrators the confidential medical note, clearly marked, and saves an emptied note as none', async () => {
    const me = buildMe({ profile: { isAdmin: true, medicalDiagnosis: 'Sleeps badly since spring.' } });
    const { user, requests } = renderProfile({ me, handlers: profileServer(me) });

    const note = await screen.findByRole('textbox', { name: 'Confidential medical note' }, WAIT);
    expect(note).toHaveValue('Sleeps badly since spring.');
    expect(screen.getByText('Visible to administrators only')).toBeInTheDocument();
    expect(note).toHaveAccessibleDescription('Only administrators can see or change this note. Leave it empty to keep none.');

    await user.clear(note);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated', undefined, WAIT)).toBeInTheDocument();
    expect(puts(requests)).toEqual([{ firstName: 'Camille', defaultLanguage: 'en', gender: 'unspecified', medicalDiagnosis: null }]);
  });
});

// The subscription block's states and messages: components/subscription-section.test.tsx.

describe('profile page — loading and failure', () => {
  function renderPageAlone() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/home/profile', element: <ProfilePage /> }], { initialEntries: ['/home/profile'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { user: userEvent.setup() };
  }

  it('rests on a skeleton while the profile loads', async () => {
    let answer!: (response: Response) => void;
    mockFetch({
      'GET /api/me': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/chat/status': () => json(buildChatStatus()),
      'GET /api/billing/status': () => json(buildBillingStatus()),
    });
    renderPageAlone();
    const skeleton = await screen.findByTestId('profile-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Opening your profile…');

    answer(json(buildMe()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('profile-skeleton')).not.toBeInTheDocument();
  });

  it('says the profile could not be loaded, and tries again on request', async () => {
    let fail = true;
    mockFetch({
      'GET /api/me': () => (fail ? apiError(500, 'INTERNAL') : json(buildMe())),
      'GET /api/chat/status': () => json(buildChatStatus()),
      'GET /api/billing/status': () => json(buildBillingStatus()),
    });
    const { user } = renderPageAlone();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(within(alert).getByRole('heading', { name: "We couldn't open your profile" })).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument(), WAIT);
  });
});
