import { LOADING_MESSAGE_ROTATION_MS } from '@shared/limits';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { LOADING_MESSAGE_COUNT, RotatingLoadingMessage } from './rotating-loading-message';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

function renderMessage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <RotatingLoadingMessage />
    </I18nextProvider>,
  );
}

describe('RotatingLoadingMessage', () => {
  it.each(['en', 'fr'])('has %s lines, all different and all present', async (language) => {
    await i18n.changeLanguage(language);
    const lines = Array.from({ length: LOADING_MESSAGE_COUNT }, (_, i) => i18n.t(`chat:loadingMessages.${i}`));
    expect(new Set(lines).size).toBe(9);
    expect(i18n.exists(`chat:loadingMessages.${LOADING_MESSAGE_COUNT}`)).toBe(false);
  });

  it('shows the next line every 3 seconds, wrapping around, while screen readers hear one steady sentence', () => {
    vi.useFakeTimers();
    renderMessage();
    const line = () => screen.getByTestId('loading-message').textContent;

    expect(line()).toBe('Mixing the colours of your day…');
    act(() => {
      vi.advanceTimersByTime(LOADING_MESSAGE_ROTATION_MS - 1);
    });
    expect(line()).toBe('Mixing the colours of your day…');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(line()).toBe('Choosing just the right brush…');
    act(() => {
      vi.advanceTimersByTime(LOADING_MESSAGE_ROTATION_MS * (LOADING_MESSAGE_COUNT - 1));
    });
    expect(line()).toBe('Mixing the colours of your day…');

    expect(screen.getByRole('status')).toHaveTextContent('Creating your visual memory...');
    expect(screen.getByTestId('loading-message')).toHaveAttribute('aria-hidden', 'true');
  });

  // A provider that answers in 1.5 s ends the wait before the first turn: that first line must be
  // readable from the first frame, not still fading in.
  it('shows the first line at full strength at once, and fades in only the lines that replace it', () => {
    vi.useFakeTimers();
    renderMessage();
    const line = () => screen.getByTestId('loading-message');

    expect(line()).toHaveTextContent('Mixing the colours of your day…');
    expect(line().className).not.toMatch(/animate|opacity/);
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(line()).toHaveTextContent('Mixing the colours of your day…');

    act(() => {
      vi.advanceTimersByTime(LOADING_MESSAGE_ROTATION_MS - 1_500);
    });
    expect(line()).toHaveTextContent('Choosing just the right brush…');
    expect(line()).toHaveClass('motion-safe:animate-fade-in');

    // The first line coming round again is a replacement like any other.
    act(() => {
      vi.advanceTimersByTime(LOADING_MESSAGE_ROTATION_MS * (LOADING_MESSAGE_COUNT - 1));
    });
    expect(line()).toHaveTextContent('Mixing the colours of your day…');
    expect(line()).toHaveClass('motion-safe:animate-fade-in');
  });
});
