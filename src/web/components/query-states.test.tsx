import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { LoadFailed, LoadingBars } from './query-states';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a read that is loading or failed', () => {
  it('says it is loading to screen readers only, behind resting bars of the asked sizes', () => {
    const { container } = renderWithProviders(<LoadingBars label="Loading the backups…" bars={['h-6 w-2/3', 'h-4 w-full']} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the backups…');
    expect(screen.getByRole('status')).toHaveClass('sr-only');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect([...container.querySelectorAll('.animate-pulse')].map((bar) => bar.className)).toEqual([
      expect.stringContaining('h-6 w-2/3'),
      expect.stringContaining('h-4 w-full'),
    ]);
  });

  it('announces the failure and asks again when "Try again" is pressed', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<LoadFailed message="The list could not be read." retrying={false} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be read.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers the same in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<LoadFailed message="La liste n’a pas pu être lue." retrying={false} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('La liste n’a pas pu être lue.');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
