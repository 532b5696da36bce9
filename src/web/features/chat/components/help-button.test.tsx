import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@web/lib/api/get-me';
import { i18n } from '@web/lib/i18n';
import { buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { HelpButton } from './help-button';

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

function setup({ emphasis = false } = {}) {
  const me = buildMe({ profile: { country: 'FR' } });
  mockFetch({ 'GET /api/me': () => json(me) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  return renderWithProviders(
    <>
      <input aria-label="Before" />
      <HelpButton emphasis={emphasis} />
    </>,
    queryClient,
  );
}

const button = () => screen.getByRole('button', { name: 'Need help now?' });

describe('"Need help now?"', () => {
  it('opens the helplines with the keyboard, keeps the focus inside, and gives it back on Escape', async () => {
    const { user } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The numbers stay inside until asked for.
    expect(screen.queryByRole('link', { name: 'Call 3114' })).not.toBeInTheDocument();

    await user.tab();
    await user.tab();
    expect(button()).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Someone can listen, right now' });
    expect(dialog).toHaveAccessibleDescription('If things feel too heavy, you can reach a person right now, day or night.');
    // The dialog itself takes the focus (read from its title), not a control far down that would scroll the numbers away.
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(within(dialog).getByRole('link', { name: 'Call 3114' })).toHaveAttribute('href', 'tel:3114');
    await user.tab();
    expect(within(dialog).getByRole('link', { name: 'Call 3114' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');

    // Tabbing round never leaves the dialog.
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button()).toHaveFocus();
  });

  it('closes with its close button too, giving the focus back', async () => {
    const { user } = setup();
    await user.click(button());
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button()).toHaveFocus();
  });

  it('is quiet by default, and gently emphasised when the safety layer is concerned, without opening', () => {
    setup({ emphasis: true });
    expect(button()).toHaveAttribute('data-emphasis', 'true');
    expect(button()).toHaveAccessibleDescription('If things feel heavy, people are ready to listen right now.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no emphasis and no description otherwise', () => {
    setup();
    expect(button()).not.toHaveAttribute('data-emphasis');
    expect(button()).not.toHaveAccessibleDescription();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Besoin d’aide maintenant\u00a0?' }));
    expect(await screen.findByRole('dialog', { name: 'Quelqu’un peut t’écouter, maintenant' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appeler le 3114' })).toBeInTheDocument();
  });
});
