import type { PrivacyPolicy } from '@shared/contracts/privacy';
import { POLICY_EDITOR_MIN_PX, type Language } from '@shared/limits';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

afterEach(async () => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EMAIL = 'privacy@example.com';

const TEXTS: Record<Language, string> = {
  en: [
    'Souvenir keeps as little as it can.',
    '## What we collect',
    'Your e-mail address and your first name.',
    '- **Access** your data\n- **Delete** your account',
    'Write to **{email}**.',
  ].join('\n\n'),
  fr: ['Souvenir garde le moins possible.', '## Ce que nous collectons', 'Ton adresse e-mail et ton prénom.', 'Écris à {email}.'].join('\n\n'),
};

/**
 * A stand-in for the server's drawing of a text (src/server/modules/privacy/policy-html.tsx), enough for these texts:
 * paragraphs, `## ` headings, `- ` lists, `**bold**`, and `{email}` as a mailto link. The page shows what it is given.
 */
function drawn(content: string): string {
  const inline = (text: string) =>
    text.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replaceAll('{email}', `<a href="mailto:${EMAIL}">${EMAIL}</a>`);
  return content
    .split('\n\n')
    .map((block) => {
      if (block.startsWith('## ')) return `<h2>${inline(block.slice(3))}</h2>`;
      if (block.startsWith('- ')) return `<ul>${block.split('\n').map((item) => `<li>${inline(item.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(block)}</p>`;
    })
    .join('\n');
}

function buildPolicy(language: Language, overrides: Partial<PrivacyPolicy> = {}): PrivacyPolicy {
  const content = overrides.content ?? TEXTS[language];
  return { language, content, html: drawn(content), contactEmail: EMAIL, effectiveDate: '2025-04-08', customised: false, updatedAt: null, ...overrides };
}

const requestUrl = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);

/**
 * A small stand-in for the server: the policy per language (read from ?language=), and the administrators'
 * save, which changes what the next GET answers.
 */
function policyServer({
  me = null,
  policies = { en: buildPolicy('en'), fr: buildPolicy('fr') },
  get,
  put,
}: { me?: ReturnType<typeof buildMe> | null; policies?: Record<Language, PrivacyPolicy>; get?: Handler; put?: Handler } = {}) {
  const current = { ...policies };
  const languagesAsked: string[] = [];
  let url = new URL(window.location.origin);
  const save =
    (language: Language): Handler =>
    (request) => {
      const content = (request.body as { content: string }).content;
      current[language] = { ...current[language], content, html: drawn(content), customised: true, updatedAt: '2026-03-01T10:00:00.000Z' };
      return json(current[language]);
    };
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/privacy-policy':
      get ??
      (() => {
        const language = (url.searchParams.get('language') ?? 'en') as Language;
        languagesAsked.push(language);
        return json(current[language]);
      }),
    'PUT /api/admin/privacy-policy/en': put ?? save('en'),
    'PUT /api/admin/privacy-policy/fr': put ?? save('fr'),
  });
  const respond = network.fetchMock.getMockImplementation()!;
  network.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    url = requestUrl(input);
    return respond(input, init);
  });
  return { ...network, languagesAsked };
}

function setup(options: Parameters<typeof policyServer>[0] = {}, path = '/privacy-policy') {
  const server = policyServer(options);
  return { ...renderApp(path), ...server };
}

const admin = () => buildMe({ profile: { isAdmin: true } });
const policy = () => screen.findByTestId('privacy-policy');
const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT').map((r) => ({ path: r.path, body: r.body }));

describe('privacy policy: reading', () => {
  it('rests on a skeleton, then shows the policy in the interface language, as the server drew it', async () => {
    let answer!: (response: Response) => void;
    const { languagesAsked } = setup({ get: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const skeleton = await screen.findByTestId('privacy-policy-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading the privacy policy…');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    answer(json(buildPolicy('en')));

    const article = await policy();
    expect(screen.queryByTestId('privacy-policy-skeleton')).not.toBeInTheDocument();
    expect(article).toHaveAttribute('lang', 'en');
    expect(within(article).getByText('Effective date: April 8, 2025')).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
    expect(within(article).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Access your data', 'Delete your account']);
    expect(within(article).getByText('Access').tagName).toBe('STRONG');
    expect(languagesAsked).toEqual([]);
  });

  it('shows the policy as the server drew it, the contact address a link, whatever the text says in Markdown', async () => {
    // The server's drawing is what shows: the page never reads the Markdown itself.
    const html = '<h2>Drawn on the server</h2><p>Write to <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>';
    setup({ policies: { en: buildPolicy('en', { content: '*a'.repeat(15_000), html }), fr: buildPolicy('fr') } });
    const article = await policy();
    expect(within(article).getByRole('heading', { level: 2, name: 'Drawn on the server' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    expect(article.textContent).not.toContain('*a');
  });

  it('switches the policy to French on request, keeps the interface in English, and remembers it in the address', async () => {
    const { user, router, languagesAsked } = setup();
    await policy();
    const group = screen.getByRole('group', { name: 'Language of the policy' });
    expect(within(group).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    // A real link to the same page in French: it works before the app's code has loaded.
    expect(within(group).getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/privacy-policy?language=fr');

    await user.click(within(group).getByRole('link', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ce que nous collectons' })).toBeInTheDocument();
    const article = await policy();
    expect(article).toHaveAttribute('lang', 'fr');
    // French typography: a non-breaking space before the colon.
    expect(article.textContent).toContain('Date d’entrée en vigueur\u00a0: 8 avril 2025');
    expect(within(article).getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    expect(within(group).getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
    expect(within(group).getByRole('link', { name: 'English' })).not.toHaveAttribute('aria-current');
    expect(languagesAsked).toEqual(['en', 'fr']);
    expect(router.state.location.search).toBe('?language=fr');
    // The interface stays as it was.
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('opens in the language of the address when there is one', async () => {
    const { languagesAsked } = setup({}, '/privacy-policy?language=fr');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ce que nous collectons' })).toBeInTheDocument();
    expect(languagesAsked).toEqual(['fr']);
  });

  it('says when the policy could not be loaded, and tries again on request', async () => {
    let calls = 0;
    const { user } = setup({ get: () => (++calls === 1 ? apiError(500, 'INTERNAL') : json(buildPolicy('en'))) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "We couldn't load the privacy policy" })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
  });

  it('shows no Edit button to a visitor or to a person who is not an administrator', async () => {
    const visitor = setup();
    await policy();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    visitor.unmount();

    setup({ me: buildMe() });
    await policy();
    // Wait for the session too: the button would come with it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('speaks French in a French interface, policy included', async () => {
    await i18n.changeLanguage('fr');
    const { languagesAsked } = setup({ me: buildMe({ profile: { isAdmin: true, defaultLanguage: 'fr' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ce que nous collectons' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Langue de la politique' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(languagesAsked).toEqual(['fr']);
  });
});

describe('privacy policy: administrators edit it', () => {
  it('swaps the view for a large editor of the raw Markdown, saves it, says so and shows the new text', async () => {
    const { user, requests } = setup({ me: admin() });
    await policy();
    const edit = await screen.findByRole('button', { name: 'Edit' });
    await user.click(edit);

    const editor = screen.getByRole('textbox', { name: 'Policy text (English, Markdown)' });
    expect(screen.queryByTestId('privacy-policy')).not.toBeInTheDocument();
    expect(editor).toHaveValue(TEXTS.en);
    expect(editor).toHaveFocus();
    expect(editor).toHaveAttribute('placeholder', 'Write the privacy policy here, in Markdown…');
    expect(editor.style.minHeight).toBe(`${POLICY_EDITOR_MIN_PX}px`);
    expect(editor).toHaveAccessibleDescription(/Write \{email\} where the contact address should appear/);
    // The language stays put while editing.
    const languages = screen.getByRole('group', { name: 'Language of the policy' });
    expect(within(languages).queryAllByRole('link')).toHaveLength(0);
    expect(within(languages).getByText('Français')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.clear(editor);
    await user.type(editor, '## Our promise{Enter}{Enter}Your words stay yours. Write to {{email}.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The privacy policy has been updated')).toBeInTheDocument();
    const article = await policy();
    expect(within(article).getByRole('heading', { level: 2, name: 'Our promise' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: EMAIL })).toBeInTheDocument();
    expect(within(article).getByText(/Last revised on March 1, 2026/)).toBeInTheDocument();
    expect(puts(requests)).toEqual([{ path: '/api/admin/privacy-policy/en', body: { content: '## Our promise\n\nYour words stay yours. Write to {email}.' } }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });

  it('edits the language shown: the French text goes to the French address', async () => {
    const { user, requests } = setup({ me: admin() }, '/privacy-policy?language=fr');
    await screen.findByRole('heading', { level: 2, name: 'Ce que nous collectons' });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Policy text (Français, Markdown)' });
    expect(editor).toHaveValue(TEXTS.fr);
    expect(editor).toHaveAttribute('lang', 'fr');
    await user.type(editor, ' Merci.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The privacy policy has been updated');
    expect(puts(requests)).toEqual([{ path: '/api/admin/privacy-policy/fr', body: { content: `${TEXTS.fr} Merci.` } }]);
    expect(await screen.findByText(/Merci\./)).toBeInTheDocument();
  });

  it('drops the changes on Cancel, says so and shows the text as it was', async () => {
    const { user, requests } = setup({ me: admin() });
    await policy();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Policy text (English, Markdown)' });
    await user.clear(editor);
    await user.type(editor, 'Something else entirely');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Changes discarded')).toBeInTheDocument();
    const article = await policy();
    expect(within(article).getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
    expect(article.textContent).not.toContain('Something else entirely');
    expect(puts(requests)).toEqual([]);

    // Editing again starts from the saved text, not the discarded draft.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Policy text (English, Markdown)' })).toHaveValue(TEXTS.en);
  });

  it('says the server refused (403) in words, and keeps the text being edited', async () => {
    const { user } = setup({ me: admin(), put: () => apiError(403, 'FORBIDDEN') });
    await policy();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Policy text (English, Markdown)' });
    await user.type(editor, ' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("We couldn't save the policy. You don't have permission to do this.")).toBeInTheDocument();
    expect(editor).toHaveValue(`${TEXTS.en} More.`);
    expect(screen.queryByTestId('privacy-policy')).not.toBeInTheDocument();
  });

  it('says under the field, in words, that the server could not draw the text, and keeps it', async () => {
    const refusal = json(
      { error: { code: 'PRIVACY_POLICY_TOO_COMPLEX', message: 'too complex', fields: { content: ['errors.PRIVACY_POLICY_TOO_COMPLEX'] } } },
      422,
    );
    const { user } = setup({ me: admin(), put: () => refusal });
    await policy();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Policy text (English, Markdown)' });
    await user.type(editor, ' *a*a*a');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^This text can’t be shown as a page: its Markdown takes too long to lay out \(more than 2 seconds\)/);
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveValue(`${TEXTS.en} *a*a*a`);
    expect(screen.queryByTestId('privacy-policy')).not.toBeInTheDocument();
  });

  it('keeps the text when saving fails, and refuses an empty policy under the field without sending it', async () => {
    const { user, requests } = setup({ me: admin(), put: () => apiError(500, 'INTERNAL') });
    await policy();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Policy text (English, Markdown)' });

    await user.clear(editor);
    await user.type(editor, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The policy can't be empty.");
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);

    await user.type(editor, 'A new policy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("We couldn't save the policy. Something went wrong on our side. Please try again in a moment.")).toBeInTheDocument();
    expect(editor).toHaveValue('   A new policy');
    expect(puts(requests)).toHaveLength(1);
  });
});
