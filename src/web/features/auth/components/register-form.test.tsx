import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { RegisterForm } from './register-form';

// The auth page is drawn on the server and its code loads at the first interaction: until then, the page shows
// exactly this HTML.
it('draws the invited address in the e-mail field of the server-drawn page, read-only', () => {
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RegisterForm onRegistered={vi.fn()} invitation={{ token: 'T'.repeat(43), email: 'guest@example.com' }} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const field = new DOMParser().parseFromString(html, 'text/html').querySelector<HTMLInputElement>('input[type=email]')!;
  expect(field.getAttribute('value')).toBe('guest@example.com');
  expect(field.hasAttribute('readonly')).toBe(true);
});
