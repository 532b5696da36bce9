import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOK_PAGES_HEADER } from '@shared/contracts/book';
import { i18n } from '@web/lib/i18n';
import { apiError, mockFetch } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { BookDialog } from './book-dialog';

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const encoder = new TextEncoder();
/** A book's bytes as the server streams them: each page's object arrives whole, the next only when released. */
function streamedBook(pages: number) {
  let release: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('%PDF-1.3\n'));
      for (let page = 1; page <= pages; page++) {
        controller.enqueue(encoder.encode(`${page + 2} 0 obj\n<<\n/Type /Page\n/Parent 1 0 R\n>>\nendobj\n`));
        if (page === 2) await new Promise<void>((resolve) => (release = resolve));
      }
      controller.enqueue(encoder.encode('1 0 obj\n<<\n/Type /Pages\n/Count 3\n>>\nendobj\n%%EOF\n'));
      controller.close();
    },
  });
  return { response: new Response(body, { headers: { 'content-type': 'application/pdf', [BOOK_PAGES_HEADER]: String(pages) } }), release: () => release() };
}

describe('Download as a book', () => {
  it('asks for the period chosen, counts the pages as they come, and hands the file to the downloads', async () => {
    const book = streamedBook(3);
    const { requests } = mockFetch({ 'GET /api/memories/book': () => book.response });
    const saved = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved(blob), 'blob:book'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<BookDialog years={[2026, 2025]} year={2025} month={12} />);

    await user.click(screen.getByRole('button', { name: 'Download as a book' }));
    const dialog = screen.getByRole('dialog', { name: 'Download as a book' });
    expect(within(dialog).getByLabelText('Year')).toHaveValue('2025');
    expect(within(dialog).getByLabelText('Month')).toHaveValue('12');
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'The whole year');
    await user.click(within(dialog).getByRole('button', { name: 'Make the book' }));

    expect(await within(dialog).findByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progress of the book' })).toHaveAttribute('value', '2');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Making your book…');
    book.release();
    expect(await within(dialog).findByText('Your book is ready. It is in your downloads.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/memories/book')).toHaveLength(1);
    expect(saved).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('says in French when the period is empty, and when too many books were made this hour', async () => {
    await i18n.changeLanguage('fr');
    let answer = apiError(404, 'BOOK_EMPTY');
    mockFetch({ 'GET /api/memories/book': () => answer });
    const { user } = renderWithProviders(<BookDialog years={[2026]} />);
    await user.click(screen.getByRole('button', { name: 'Télécharger en livre' }));
    await user.click(screen.getByRole('button', { name: 'Créer le livre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu n’as créé aucun souvenir pendant cette période');

    answer = apiError(429, 'RATE_LIMITED');
    await user.click(screen.getByRole('button', { name: 'Créer le livre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu as créé plusieurs livres dans l’heure. Réessaie un peu plus tard.');
  });

  it('says the server failed when it does, and offers nothing to a person without memories', async () => {
    mockFetch({ 'GET /api/memories/book': () => apiError(500, 'INTERNAL') });
    const { user, unmount } = renderWithProviders(<BookDialog years={[2026]} />);
    await user.click(screen.getByRole('button', { name: 'Download as a book' }));
    await user.click(screen.getByRole('button', { name: 'Make the book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    unmount();
    renderWithProviders(<BookDialog years={[]} />);
    expect(screen.queryByRole('button', { name: 'Download as a book' })).not.toBeInTheDocument();
  });
});
