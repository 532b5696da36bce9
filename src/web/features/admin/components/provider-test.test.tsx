import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { ProviderTest } from './provider-test';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a provider’s Test', () => {
  it('runs on a press and points the button at the outcome, which is spoken', async () => {
    const onRun = vi.fn();
    const props = { id: 'outcome', testId: 'probe', hint: 'One short call.', pending: false, onRun };
    const { user, unmount } = renderWithProviders(<ProviderTest {...props} outcome={null} />);
    const button = screen.getByRole('button', { name: 'Test' });
    expect(button).toHaveAttribute('aria-describedby', 'outcome');
    expect(screen.getByText('One short call.')).toBeInTheDocument();
    await user.click(button);
    expect(onRun).toHaveBeenCalledTimes(1);
    unmount();

    const worked = renderWithProviders(<ProviderTest {...props} outcome={{ ok: true, message: 'It answered in 42 ms.' }} />);
    expect(screen.getByRole('status')).toHaveAttribute('id', 'outcome');
    expect(screen.getByRole('status')).toHaveTextContent('It answered in 42 ms.');
    worked.unmount();

    renderWithProviders(<ProviderTest {...props} outcome={{ ok: false, message: 'It did not answer.' }} />);
    expect(screen.getByTestId('probe-result')).toHaveTextContent('It did not answer.');
    expect(screen.getByTestId('probe-result').firstElementChild).toHaveClass('text-danger');
  });

  it('cannot be pressed while disabled, and is named in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<ProviderTest id="o" testId="probe" hint="Un court appel." pending={false} disabled onRun={() => {}} outcome={null} />);
    expect(screen.getByRole('button', { name: 'Tester' })).toBeDisabled();
  });
});
