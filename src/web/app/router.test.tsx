// Route-level code splitting (decision 0029): each page's code and the signed-in app's texts load when a route first
// needs them. Every test imports a fresh copy of the app (vi.resetModules), so nothing is loaded before it starts —
// renderApp, used everywhere else, renders the routes with their code already in.
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { baseHandlers, json, mockFetch } from '@web/testing/mock-fetch';

async function freshApp() {
  vi.resetModules();
  const [{ routes }, { AppProviders }, i18nModule] = await Promise.all([
    import('./router'),
    import('./providers'),
    import('@web/lib/i18n'),
  ]);
  return { routes, AppProviders, ...i18nModule };
}

async function renderFresh(path: string) {
  const app = await freshApp();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(app.routes, { initialEntries: [path] });
  const { AppProviders } = app;
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...app, ...view, router };
}

beforeEach(() => {
  mockFetch({ ...baseHandlers(null), 'GET /api/community': () => json({ chatServerUrl: null, calendarUrl: { en: null, fr: null } }) });
});

describe('lazy routes', () => {
  it('shows nothing while the landing page loads its code, then the page, with its texts in the language on screen only', async () => {
    const { i18n } = await renderFresh('/');

    // The quiet fallback: no spinner, no half page.
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Souvenir' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with e-mail' })).toBeInTheDocument();

    expect(i18n.hasResourceBundle('en', 'landing')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'landing')).toBe(false);
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'community')).toBe(false);
  });

  it('switches a public page’s language once its texts in the other language are in', async () => {
    const { i18n, setLanguage } = await renderFresh('/');
    await screen.findByRole('heading', { level: 1, name: 'Souvenir' });

    setLanguage('fr');
    expect(await screen.findByRole('link', { name: 'Se connecter avec un e-mail' })).toBeInTheDocument();
    expect(i18n.hasResourceBundle('fr', 'landing')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'community')).toBe(false);
  });

  it('brings the signed-in app’s texts in the language on screen with its frame, the admin panel’s apart', async () => {
    const { i18n } = await renderFresh('/community');

    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(i18n.hasResourceBundle('en', 'community')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'home')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'community')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'admin')).toBe(false);
  });

  it('switches a signed-in page’s language once the other language’s texts are in, never showing a key', async () => {
    const { i18n, setLanguage } = await renderFresh('/community');
    await screen.findByRole('heading', { level: 1, name: 'Community' });

    setLanguage('fr');
    // Still English while the French texts load, never untranslated.
    expect(i18n.language).toBe('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Communauté' })).toBeInTheDocument();
    expect(i18n.hasResourceBundle('fr', 'community')).toBe(true);
    expect(screen.queryByText(/^community:/)).not.toBeInTheDocument();
  });

  it('keeps the last of two quick language switches', async () => {
    const { i18n, switchLanguage } = await renderFresh('/community');
    await screen.findByRole('heading', { level: 1, name: 'Community' });

    const french = switchLanguage('fr');
    const english = switchLanguage('en');
    // Both switches done, the French one after its texts landed: it did not switch the page afterwards.
    await act(() => Promise.all([french, english]));
    expect(i18n.hasResourceBundle('fr', 'community')).toBe(true);
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
  });

  it('loads a namespace a component names on its own, should its route not have brought it (the backend safety net)', async () => {
    const { i18n } = await freshApp();
    expect(i18n.hasResourceBundle('en', 'admin')).toBe(false);
    await i18n.loadNamespaces('admin');
    expect(i18n.hasResourceBundle('en', 'admin')).toBe(true);
    expect(i18n.t('admin:title', { defaultValue: '' })).not.toBe('');
  });
});
