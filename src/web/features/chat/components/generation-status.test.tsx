import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { GenerationSummary, LimitNotice, timeUntilLocalMidnight } from './generation-status';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('timeUntilLocalMidnight', () => {
  it('counts hours and minutes to the next local midnight, rounding up to the minute', () => {
    expect(timeUntilLocalMidnight(new Date(2026, 2, 10, 18, 48))).toEqual({ hours: 5, minutes: 12 });
    expect(timeUntilLocalMidnight(new Date(2026, 2, 10, 23, 59, 30))).toEqual({ hours: 0, minutes: 1 });
    expect(timeUntilLocalMidnight(new Date(2026, 2, 10, 0, 0))).toEqual({ hours: 24, minutes: 0 });
  });
});

describe('GenerationSummary', () => {
  it('says how many memories are left and when the count resets, updating each minute', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 22, 58, 30));
    render(
      <I18nextProvider i18n={i18n}>
        <GenerationSummary generation={{ remaining: 1, limit: 3, canGenerate: true }} />
      </I18nextProvider>,
    );
    const summary = screen.getByTestId('chat-generations');
    expect(summary).toHaveTextContent('1 of 3 memories left today·Resets in 1 h 2 min');

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(summary).toHaveTextContent('Resets in 1 h 1 min');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(summary).toHaveTextContent('Resets in 1 h 0 min');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(summary).toHaveTextContent('Resets in 59 min');
  });

  it('speaks French with French typography', async () => {
    await i18n.changeLanguage('fr');
    render(
      <I18nextProvider i18n={i18n}>
        <GenerationSummary generation={{ remaining: 0, limit: 1, canGenerate: false }} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('chat-generations').textContent).toContain('Souvenirs restants aujourd’hui\u00a0: 0 sur 1');
  });
});

describe('LimitNotice', () => {
  const renderNotice = (limit: number) =>
    render(
      <I18nextProvider i18n={i18n}>
        <LimitNotice limit={limit} />
      </I18nextProvider>,
    );

  // The thing made each day is a memory (un souvenir) everywhere in the product, never "an image".
  it('counts the daily limit in memories, like the summary', () => {
    renderNotice(1);
    expect(screen.getByTestId('chat-limit-notice')).toHaveTextContent('Daily limit reached: 1 memory per day');
  });

  it('counts it in souvenirs in French', async () => {
    await i18n.changeLanguage('fr');
    renderNotice(3);
    const notice = screen.getByTestId('chat-limit-notice');
    expect(notice.textContent).toContain('Limite quotidienne atteinte\u00a0: 3 souvenirs par jour');
    expect(notice.textContent).not.toMatch(/image/i);
  });
});
