import type { Community } from '@shared/contracts/community';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const EMBED_EN = 'https://calendar.google.com/calendar/embed?src=souvenir-en%40group.calendar.google.com&ctz=Europe%2FParis';
const EMBED_FR = 'https://calendar.google.com/calendar/embed?src=souvenir-fr%40group.calendar.google.com';
const CHAT = 'https://discord.gg/souvenir';

function buildCommunity(overrides: Partial<Community> = {}): Community {
  return { chatServerUrl: null, calendarUrl: { en: null, fr: null }, ...overrides };
}

function setup(community: Community | Handler = buildCommunity()) {
  const network = mockFetch({
    ...baseHandlers(null),
    'GET /api/community': typeof community === 'function' ? community : () => json(community),
  });
  return { ...renderApp('/community'), ...network };
}

const calendarSection = () => screen.getByRole('region', { name: "This week's gatherings" });
const newTab = (label: string) => new RegExp(`^${label}\\s*\\(opens in a new tab\\)$`);

describe('community page', () => {
  it('tells what the community is, with its drawings, whatever the settings', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(screen.getByText("Keeping a journal is personal, but you don't have to do it alone.")).toBeInTheDocument();
    // The drawings are decoration: hidden from screen readers, and no request for them.
    const drawings = document.querySelectorAll('main svg[aria-hidden="true"]');
    expect(drawings.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    await screen.findByTestId('community-nothing-yet');
  });

  it('promises nothing that is not set: no gatherings, no calendar, no server, and says so', async () => {
    setup();
    const nothing = await screen.findByTestId('community-nothing-yet');
    expect(within(nothing).getByRole('heading', { name: 'Nothing is planned here yet' })).toBeInTheDocument();
    const values = screen.getByRole('region', { name: 'How we gather' });
    expect(within(values).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Share gently', 'No pressure']);
    expect(screen.queryByText(/art-therapy/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "This week's gatherings" })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /community server/ })).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows only the community server when that is all there is', async () => {
    setup(buildCommunity({ chatServerUrl: CHAT }));
    expect(await screen.findByRole('link', { name: newTab('Join the conversation on our community server') })).toHaveAttribute('href', CHAT);
    expect(screen.queryByTestId('community-nothing-yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "This week's gatherings" })).not.toBeInTheDocument();
    expect(screen.queryByText(/art-therapy/)).not.toBeInTheDocument();
  });

  it('speaks of the gatherings once their calendar is set', async () => {
    setup(buildCommunity({ calendarUrl: { en: EMBED_EN, fr: null } }));
    await screen.findByRole('button', { name: 'Show the calendar' });
    const values = screen.getByRole('region', { name: 'How we gather' });
    expect(within(values).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Art-therapy gatherings', 'Share gently', 'No pressure']);
    expect(screen.getByText(/Each week, art-therapy gatherings invite you/)).toBeInTheDocument();
  });

  it('offers the calendar of the interface language, loaded only on request, with a subscribe link', async () => {
    const { user } = setup(buildCommunity({ chatServerUrl: CHAT, calendarUrl: { en: EMBED_EN, fr: EMBED_FR } }));
    const show = await screen.findByRole('button', { name: 'Show the calendar' });
    const section = calendarSection();
    expect(within(section).getByText('The calendar is provided by calendar.google.com. To respect your privacy, it only loads when you ask for it.')).toBeInTheDocument();
    // Nothing from the calendar's host until the person asks.
    expect(document.querySelector('iframe')).toBeNull();
    expect(show).toHaveAttribute('aria-expanded', 'false');

    const add = within(section).getByRole('link', { name: newTab('Add to calendar') });
    expect(add).toHaveAttribute('href', 'https://calendar.google.com/calendar/render?cid=souvenir-en%40group.calendar.google.com');
    expect(add).toHaveAttribute('target', '_blank');
    expect(add).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(show);
    const frame = within(section).getByTitle('Calendar of art-therapy gatherings');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', EMBED_EN);
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-forms');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    const hide = within(section).getByRole('button', { name: 'Hide the calendar' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveFocus();

    await user.click(hide);
    expect(document.querySelector('iframe')).toBeNull();

    const chat = screen.getByRole('region', { name: 'Talk with others' });
    const join = within(chat).getByRole('link', { name: newTab('Join the conversation on our community server') });
    expect(join).toHaveAttribute('href', CHAT);
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links a calendar that is not a Google embed as it is', async () => {
    const other = 'https://cal.example.org/souvenir/week.html';
    setup(buildCommunity({ calendarUrl: { en: other, fr: null } }));
    const add = await screen.findByRole('link', { name: newTab('Add to calendar') });
    expect(add).toHaveAttribute('href', other);
    expect(screen.getByText(/provided by cal\.example\.org/)).toBeInTheDocument();
  });

  it('waits on a skeleton for the links, and offers to try again when they cannot be loaded', async () => {
    let answer!: (response: Response) => void;
    let calls = 0;
    const { user } = setup(() => (++calls === 1 ? new Promise<Response>((resolve) => (answer = resolve)) : json(buildCommunity({ calendarUrl: { en: EMBED_EN, fr: null } }))));
    const skeleton = await screen.findByTestId('calendar-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading the calendar…');
    answer(apiError(500, 'INTERNAL'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the calendar and the community links.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Show the calendar' })).toBeInTheDocument();
  });

  it('speaks French, and falls back to the English calendar when there is no French one', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup(buildCommunity({ chatServerUrl: CHAT, calendarUrl: { en: EMBED_EN, fr: null } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Communauté' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Afficher le calendrier' }));
    expect(screen.getByTitle('Calendrier des ateliers d’art-thérapie')).toHaveAttribute('src', EMBED_EN);
    expect(screen.getByRole('link', { name: /^Ajouter à mon agenda/ })).toHaveAttribute(
      'href',
      'https://calendar.google.com/calendar/render?cid=souvenir-en%40group.calendar.google.com',
    );
    expect(screen.getByRole('link', { name: /^Rejoindre la conversation sur notre serveur communautaire/ })).toHaveAttribute('href', CHAT);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/home');
  });

  it('follows the interface language to the French calendar', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup(buildCommunity({ calendarUrl: { en: EMBED_EN, fr: EMBED_FR } }));
    await user.click(await screen.findByRole('button', { name: 'Afficher le calendrier' }));
    await waitFor(() => expect(document.querySelector('iframe')).toHaveAttribute('src', EMBED_FR));
  });
});
