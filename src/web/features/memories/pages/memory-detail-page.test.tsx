import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { buildMemoryDetail, MEMORY_IMAGE_PATH } from '@web/testing/memory-fixtures';
import { renderApp } from '@web/testing/render-app';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

const navigatorStubs: string[] = [];

/** Gives jsdom's navigator a browser API it lacks (share, canShare), removed after the test. */
function stubNavigator(name: 'share' | 'canShare', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  navigatorStubs.push(name);
}

/** A phone-sized screen, as useIsMobile reads it. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

afterEach(async () => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  for (const name of navigatorStubs.splice(0)) Reflect.deleteProperty(navigator, name);
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = buildMemoryDetail().id;


const IMAGE_PATH = MEMORY_IMAGE_PATH;
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const TOKEN = 'c'.repeat(64);

function setup(memory: Handler, me = buildMe(), extra: Record<string, Handler> = {}) {
  const network = mockFetch({
    ...baseHandlers(me),
    [`GET /api/memories/${ID}`]: memory,
    [`GET ${IMAGE_PATH}`]: () => new Response(PNG_BYTES, { headers: { 'content-type': 'image/png' } }),
    ...extra,
  });
  return { ...renderApp(`/home/memories/${ID}`), ...network };
}

/** The object URLs the page made, with the files behind them, and the names the browser was asked to save. */
function watchDownloads() {
  const files: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return `blob:souvenir/${files.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { files, names };
}

describe('memory detail page', () => {
  it('rests on a skeleton of the same shape, then shows the artwork, its title beneath, the date and the reflection', async () => {
    let answer!: (response: Response) => void;
    setup(() => new Promise<Response>((resolve) => (answer = resolve)));

    const skeleton = await screen.findByTestId('memory-detail-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Opening your memory…');

    answer(json(buildMemoryDetail()));
    const title = await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByTestId('memory-detail-skeleton')).not.toBeInTheDocument();

    const image = screen.getByRole('img', { name: 'Cardamom morning' });
    expect(image).toHaveAttribute('src', `/files/memories/user-1/${'b'.repeat(32)}.png`);
    // The title sits beneath the artwork, like a museum label.
    expect(image.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('February 2, 2026').tagName).toBe('TIME');
    expect(screen.getByText('February 2, 2026')).toHaveAttribute('dateTime', '2026-02-02T12:30:00.000Z');
    // How the picture was made, in words, under its date.
    expect(screen.getByTestId('memory-image-origin')).toHaveTextContent("Picture composed by Souvenir's built-in renderer, a program (no AI).");

    const reflection = screen.getByRole('region', { name: 'Reflection' });
    expect(within(reflection).getByTestId('memory-reflection')).toHaveTextContent('The day smelled of warm bread. Keep it close.');

    expect(screen.getByRole('link', { name: 'All memories' })).toHaveAttribute('href', '/home/memories');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Join the community' })).toHaveAttribute('href', '/community');
    expect(screen.getByRole('article', { name: 'Cardamom morning' })).toBeInTheDocument();

    // The actions sit in one calm row under the title.
    const actions = screen.getByRole('group', { name: 'Memory actions' });
    expect(title.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: 'Rename' })).toHaveAttribute('href', `/home/memories/edit/${ID}`);
    expect(within(actions).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // Sharing the image itself is for phones.
    expect(within(actions).queryByRole('button', { name: 'Share image' })).not.toBeInTheDocument();
  });

  it('offers the WebP renditions by width with the PNG as fallback, fetched first', async () => {
    const png = `/files/memories/user-1/${'b'.repeat(32)}.png`;
    const imageSources = [480, 768, 1024].map((width) => ({ width, url: png.replace(/\.png$/, `.w${width}.webp`) }));
    setup(() => json(buildMemoryDetail({ imageSources })));
    const image = await screen.findByRole('img', { name: 'Cardamom morning' });
    expect(image).toHaveAttribute('src', png);
    expect(image).toHaveAttribute('srcset', imageSources.map((s) => `${s.url} ${s.width}w`).join(', '));
    expect(image).toHaveAttribute('sizes', '(min-width: 40rem) 40rem, 100vw');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('speaks French: the date in the French long format and the reflection heading', async () => {
    await i18n.changeLanguage('fr');
    setup(() => json(buildMemoryDetail({ title: 'Le marché du dimanche', poeticSummary: 'Ta journée avait le goût des framboises.', imageOrigin: 'ai-service' })), buildMe({ profile: { defaultLanguage: 'fr' } }));

    await screen.findByRole('heading', { level: 1, name: 'Le marché du dimanche' });
    expect(screen.getByText('2 février 2026')).toBeInTheDocument();
    expect(screen.getByTestId('memory-image-origin')).toHaveTextContent('Image dessinée par un service d’images d’IA.');
    expect(screen.getByRole('region', { name: 'Réflexion' })).toHaveTextContent('Ta journée avait le goût des framboises.');
    expect(screen.getByRole('link', { name: 'Tous les souvenirs' })).toHaveAttribute('href', '/home/memories');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/home');
  });

  it('leaves the reflection out when there is none', async () => {
    setup(() => json(buildMemoryDetail({ poeticSummary: null })));
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByRole('region', { name: 'Reflection' })).not.toBeInTheDocument();
  });

  it('says kindly that a memory is not there (404), with the way to all memories', async () => {
    setup(() => apiError(404, 'NOT_FOUND'));
    expect(await screen.findByRole('heading', { level: 1, name: "This memory isn't here" })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted, or the link may be incomplete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your memories' })).toHaveAttribute('href', '/home/memories');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says what went wrong on another failure, and tries again on request', async () => {
    let calls = 0;
    const { user } = setup(() => (++calls === 1 ? apiError(500, 'INTERNAL') : json(buildMemoryDetail())));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "We couldn't open this memory" })).toBeInTheDocument();
    expect(within(alert).getByText('Check your connection, then try again.')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'All memories' })).toHaveAttribute('href', '/home/memories');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(2));
  });

  it('gives the title the focus when it arrives with nothing focused, so a screen reader starts at the memory', async () => {
    setup(() => json(buildMemoryDetail()));
    const title = await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await waitFor(() => expect(title).toHaveFocus());
  });
});

describe('memory detail actions', () => {
  it('likes and unlikes the memory from its page, the heart pressed at once', async () => {
    let liked = false;
    const { user, requests } = setup(() => json(buildMemoryDetail({ liked })), buildMe(), {
      [`PATCH /api/memories/${ID}`]: (request) => {
        liked = (request.body as { liked: boolean }).liked;
        return json(buildMemoryDetail({ liked }));
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });

    const heart = screen.getByRole('button', { name: 'Add to favorites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ liked: true });
    expect(await screen.findByText('Added to your favorites')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove from favorites' }));
    expect(await screen.findByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false');
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ liked: true }, { liked: false }]);
  });

  it('deletes after a confirmation, says so and goes back to the gallery', async () => {
    const { user, router, requests } = setup(() => json(buildMemoryDetail()), buildMe(), {
      [`DELETE /api/memories/${ID}`]: () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this memory?' });
    expect(dialog).toHaveTextContent("Its artwork, title and reflection will be deleted for good. This can't be undone.");
    // It opens on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('The memory has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/memories'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/memories/${ID}`]);
  });

  it('keeps the memory when "Keep it" is chosen', async () => {
    const { user, router, requests } = setup(() => json(buildMemoryDetail()));
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(router.state.location.pathname).toBe(`/home/memories/${ID}`);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('says why a deletion failed and stays on the memory', async () => {
    const { user, router } = setup(() => json(buildMemoryDetail()), buildMe(), {
      [`DELETE /api/memories/${ID}`]: () => apiError(500, 'INTERNAL'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));

    expect(
      await screen.findByText("We couldn't delete this memory. Something went wrong on our side. Please try again in a moment."),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/home/memories/${ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Cardamom morning' })).toBeInTheDocument();
  });

  it('offers no delete button on a phone', async () => {
    onPhone();
    setup(() => json(buildMemoryDetail()));
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    const actions = screen.getByRole('group', { name: 'Memory actions' });
    expect(within(actions).getByRole('link', { name: 'Rename' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('downloads the artwork as a PNG named after the title', async () => {
    const downloads = watchDownloads();
    const { user, requests } = setup(() => json(buildMemoryDetail({ title: 'Sunlit Laughter!' })));
    await screen.findByRole('heading', { level: 1, name: 'Sunlit Laughter!' });

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The image has been downloaded')).toBeInTheDocument();
    expect(downloads.names).toEqual(['sunlit_laughter.png']);
    expect(downloads.files[0]?.type).toBe('image/png');
    expect(requests.filter((r) => r.path === IMAGE_PATH)).toHaveLength(1);
  });

  it('redraws an image that is not a PNG as one, so the file name does not lie', async () => {
    const downloads = watchDownloads();
    const drawImage = vi.fn();
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 1024, height: 1024, close })));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => callback(new Blob([PNG_BYTES], { type: type ?? '' })));
    const webp = `/files/memories/user-1/${'d'.repeat(32)}.webp`;
    const { user } = setup(() => json(buildMemoryDetail({ title: 'Été doré', imageUrl: webp })), buildMe(), {
      [`GET ${webp}`]: () => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]), { headers: { 'content-type': 'image/webp' } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Été doré' });

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The image has been downloaded')).toBeInTheDocument();
    expect(drawImage).toHaveBeenCalledOnce();
    expect(close).toHaveBeenCalledOnce();
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png');
    expect(downloads.names).toEqual(['ete_dore.png']);
    expect(downloads.files[0]?.type).toBe('image/png');
  });

  it('says when the download failed', async () => {
    const downloads = watchDownloads();
    const { user } = setup(() => json(buildMemoryDetail()), buildMe(), { [`GET ${IMAGE_PATH}`]: () => new Response('gone', { status: 404 }) });
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText("We couldn't download the image. Please try again.")).toBeInTheDocument();
    expect(downloads.names).toEqual([]);
  });

  describe('sharing the image on a phone', () => {
    it('hands the PNG and the title to the share sheet', async () => {
      onPhone();
      const share = vi.fn(async (_data: ShareData) => {});
      stubNavigator('canShare', (data: ShareData) => Boolean(data.files?.length));
      stubNavigator('share', share);
      const { user } = setup(() => json(buildMemoryDetail()));
      await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });

      await user.click(screen.getByRole('button', { name: 'Share image' }));
      expect(await screen.findByText('Image shared')).toBeInTheDocument();
      expect(share).toHaveBeenCalledOnce();
      const data = share.mock.calls[0]![0];
      expect(data.title).toBe('Cardamom morning');
      expect(data.files?.map((file) => [file.name, file.type])).toEqual([['cardamom_morning.png', 'image/png']]);
    });

    it('says nothing when the person closes the share sheet, and says so when sharing fails', async () => {
      onPhone();
      const share = vi
        .fn<(data: ShareData) => Promise<void>>()
        .mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'))
        .mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
      stubNavigator('canShare', () => true);
      stubNavigator('share', share);
      const { user } = setup(() => json(buildMemoryDetail()));
      await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });

      await user.click(screen.getByRole('button', { name: 'Share image' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      expect(screen.queryByText("We couldn't share the image. Please try again.")).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Share image' }));
      expect(await screen.findByText("We couldn't share the image. Please try again.")).toBeInTheDocument();
    });

    it('is not offered where the share sheet cannot take files', async () => {
      onPhone();
      stubNavigator('canShare', () => false);
      stubNavigator('share', vi.fn());
      setup(() => json(buildMemoryDetail()));
      await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
      expect(screen.queryByRole('button', { name: 'Share image' })).not.toBeInTheDocument();
    });
  });
});

describe('share dialog', () => {
  const link = `${window.location.origin}/shared/${TOKEN}`;

  function setupSharing(options: { shareToken?: string | null; share?: Handler; revoke?: Handler; me?: ReturnType<typeof buildMe> } = {}) {
    let shareToken = options.shareToken ?? null;
    const app = setup(() => json(buildMemoryDetail({ shareToken })), options.me ?? buildMe(), {
      [`POST /api/memories/${ID}/share`]: async (request) => {
        const response = await (options.share ?? (() => json({ shareToken: TOKEN })))(request);
        if (response.ok) shareToken = ((await response.clone().json()) as { shareToken: string }).shareToken;
        return response;
      },
      [`DELETE /api/memories/${ID}/share`]: async (request) => {
        const response = await (options.revoke ?? (() => new Response(null, { status: 204 })))(request);
        if (response.ok) shareToken = null;
        return response;
      },
    });
    return app;
  }

  async function openDialog(user: ReturnType<typeof setup>['user']) {
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    return screen.findByRole('dialog', { name: 'Share this memory' });
  }

  it('explains what a link shows, then creates it, shows it and copies it', async () => {
    const { user, requests } = setupSharing();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('Anyone with the link will see the image, the title, the date and the reflection — never your conversation.');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const input = await within(dialog).findByRole('textbox', { name: 'Link to this memory' });
    expect(input).toHaveValue(link);
    expect(input).toHaveAttribute('readonly');
    expect(await screen.findByText('Link created and copied to the clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
    await waitFor(() => expect(input).toHaveFocus());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/api/memories/${ID}/share`]);
  });

  it('keeps the new link in view, selected, when the clipboard refuses', async () => {
    const { user } = setupSharing();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await screen.findByText('Your link is ready. Copy it from the field below.')).toBeInTheDocument();
    const input = within(dialog).getByRole('textbox', { name: 'Link to this memory' });
    await waitFor(() => expect(input).toHaveFocus());
    const field = input as HTMLInputElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.length]);
  });

  it('says when the link could not be made', async () => {
    const { user } = setupSharing({ share: () => apiError(500, 'INTERNAL') });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText("We couldn't create the link. Please try again.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeInTheDocument();
  });

  it('shows an existing link to copy, and says when copying failed', async () => {
    const { user } = setupSharing({ shareToken: TOKEN });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValueOnce().mockRejectedValueOnce(new Error('denied'));
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('textbox', { name: 'Link to this memory' })).toHaveValue(link);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied to the clipboard')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText("We couldn't copy the link. Select it and copy it yourself.")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(2);
    // Without a phone's share sheet there is no "Share link".
    expect(within(dialog).queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
  });

  it('makes a new link that replaces the old one', async () => {
    const next = 'e'.repeat(64);
    const { user } = setupSharing({ shareToken: TOKEN, share: () => json({ shareToken: next }) });
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create a new link' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Link to this memory' })).toHaveValue(`${window.location.origin}/shared/${next}`));
  });

  it('stops sharing after an inline confirmation, and the dialog offers a new link again', async () => {
    const { user, requests } = setupSharing({ shareToken: TOKEN });
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const question = within(dialog).getByRole('group', { name: 'Stop sharing? The link will stop working for everyone who has it.' });
    expect(within(question).getByRole('button', { name: 'Yes, stop sharing' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep sharing' }));
    expect(within(dialog).getByRole('button', { name: 'Stop sharing' })).toHaveFocus();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, stop sharing' }));
    expect(await screen.findByText('This memory is private again. The old link no longer works.')).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Create link' });
    await waitFor(() => expect(create).toHaveFocus());
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/memories/${ID}/share`]);
  });

  it('says when sharing could not be stopped, and keeps the link', async () => {
    const { user } = setupSharing({ shareToken: TOKEN, revoke: () => apiError(500, 'INTERNAL') });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, stop sharing' }));
    expect(await screen.findByText("We couldn't stop sharing. Please try again.")).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Link to this memory' })).toHaveValue(link);
  });

  it('on a phone, hands the link to the share sheet, and copies it when the sheet cannot open', async () => {
    onPhone();
    const share = vi
      .fn<(data: ShareData) => Promise<void>>()
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'))
      .mockRejectedValueOnce(new TypeError('No share target'));
    stubNavigator('share', share);
    const { user } = setupSharing({ shareToken: TOKEN });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Share link' }));
    expect(await screen.findByText('Link shared')).toBeInTheDocument();
    expect(share).toHaveBeenLastCalledWith({ title: 'Cardamom morning', url: link });

    toast.dismiss();
    await user.click(within(dialog).getByRole('button', { name: 'Share link' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
    expect(writeText).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Share link' }));
    expect(await screen.findByText("Sharing didn't open, so the link was copied instead.")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setupSharing({ me: buildMe({ profile: { defaultLanguage: 'fr' } }) });
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await user.click(screen.getByRole('button', { name: 'Partager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partager ce souvenir' });
    expect(dialog).toHaveTextContent('Toute personne qui a le lien verra l’image, le titre, la date et la réflexion — jamais ta conversation.');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Lien vers ce souvenir' })).toHaveValue(link);
    expect(await screen.findByText('Lien créé et copié dans le presse-papiers')).toBeInTheDocument();
  });
});
