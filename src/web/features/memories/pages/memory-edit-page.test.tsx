import type { MemoryDetail } from '@shared/contracts/memories';
import { MEMORY_TITLE_MAX } from '@shared/limits';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { buildMemoryDetail } from '@web/testing/memory-fixtures';
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

const ID = buildMemoryDetail().id;


/** The memory as the server keeps it: a rename changes what the next GET answers. */
function setup({ memory = buildMemoryDetail(), get, patch, me = buildMe() }: { memory?: MemoryDetail; get?: Handler; patch?: Handler; me?: ReturnType<typeof buildMe> } = {}) {
  let current = memory;
  const network = mockFetch({
    ...baseHandlers(me),
    [`GET /api/memories/${ID}`]: get ?? (() => json(current)),
    [`PATCH /api/memories/${ID}`]:
      patch ??
      ((request) => {
        current = { ...current, ...(request.body as Partial<MemoryDetail>) };
        return json(current);
      }),
  });
  return { ...renderApp(`/home/memories/edit/${ID}`), ...network };
}

const titleField = () => screen.findByRole('textbox', { name: 'Title' });
const patches = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PATCH').map((r) => r.body);

describe('memory edit page', () => {
  it('rests on a skeleton, then offers the title to change and shows the reflection as it was written', async () => {
    let answer!: (response: Response) => void;
    setup({ get: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const skeleton = await screen.findByTestId('memory-edit-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Opening your memory…');

    answer(json(buildMemoryDetail()));
    const field = await titleField();
    expect(screen.queryByTestId('memory-edit-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Rename this memory' })).toBeInTheDocument();
    expect(field).toHaveValue('Cardamom morning');
    expect(field).toBeRequired();
    await waitFor(() => expect(field).toHaveFocus());

    // Only the title is a field: the reflection is text, with a word on why.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    const reflection = screen.getByRole('region', { name: 'Reflection' });
    expect(within(reflection).getByText('The day smelled of warm bread. Keep it close.')).toBeInTheDocument();
    expect(within(reflection).getByText("The reflection stays as it was written. It can't be changed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/home/memories/${ID}`);
  });

  it('saves the trimmed title, says so and returns to the memory, which shows the new title', async () => {
    const { user, router, requests } = setup();
    const field = await titleField();
    await user.clear(field);
    await user.type(field, '  Bread and light  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The new title is saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${ID}`));
    // The memory's page is another route to load: on a busy machine it can take more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread and light' }, { timeout: 5000 })).toBeInTheDocument();
    expect(patches(requests)).toEqual([{ title: 'Bread and light' }]);
  });

  it('refuses an empty title with the message under the field, and sends nothing', async () => {
    const { user, requests } = setup();
    const field = await titleField();
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Title is required');
    expect(patches(requests)).toEqual([]);

    // Fixing it clears the message.
    await user.type(field, 'Evening');
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
  });

  it('counts the characters left near the limit, and refuses a title that is too long', async () => {
    const { user, requests } = setup({ memory: buildMemoryDetail({ title: 'a'.repeat(MEMORY_TITLE_MAX - 25) }) });
    const field = await titleField();
    expect(screen.queryByText(/characters? left/)).not.toBeInTheDocument();

    await user.type(field, 'b'.repeat(24));
    expect(screen.getByText('1 character left')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('1 character left');
    await user.type(field, 'cc');
    expect(screen.getByText('1 character too many')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`A title can be at most ${MEMORY_TITLE_MAX} characters.`);
    expect(patches(requests)).toEqual([]);
  });

  it('shows a title the server refuses under the field', async () => {
    const { user, router } = setup({
      patch: () => json({ error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { title: ['validation.memoryTitleTooLong'] } } }, 400),
    });
    const field = await titleField();
    await user.type(field, ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`A title can be at most ${MEMORY_TITLE_MAX} characters.`);
    expect(field).toHaveValue('Cardamom morning again');
    expect(router.state.location.pathname).toBe(`/home/memories/edit/${ID}`);
  });

  it('says why saving failed and keeps the text as typed', async () => {
    const { user, router } = setup({ patch: () => apiError(500, 'INTERNAL') });
    const field = await titleField();
    await user.clear(field);
    await user.type(field, 'Bread and light');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("We couldn't save the title. Something went wrong on our side. Please try again in a moment.")).toBeInTheDocument();
    expect(field).toHaveValue('Bread and light');
    expect(router.state.location.pathname).toBe(`/home/memories/edit/${ID}`);
  });

  it('goes back to the memory on Cancel without saving', async () => {
    const { user, router, requests } = setup();
    const field = await titleField();
    await user.type(field, ' changed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/memories/${ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' }, { timeout: 5000 })).toBeInTheDocument();
    expect(patches(requests)).toEqual([]);
  });

  it('says kindly that a memory that is not yours (404) cannot be edited, with the way to all memories', async () => {
    setup({ get: () => apiError(404, 'NOT_FOUND') });
    expect(await screen.findByRole('heading', { level: 1, name: "You can't edit this memory" })).toBeInTheDocument();
    expect(screen.getByText("It isn't among your memories. It may have been deleted.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your memories' })).toHaveAttribute('href', '/home/memories');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when the memory could not be loaded, and tries again on request', async () => {
    let calls = 0;
    const { user } = setup({ get: () => (++calls === 1 ? apiError(500, 'INTERNAL') : json(buildMemoryDetail())) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "We couldn't load this memory" })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await titleField()).toHaveValue('Cardamom morning');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup({ me: buildMe({ profile: { defaultLanguage: 'fr' } }) });
    const field = await screen.findByRole('textbox', { name: 'Titre' });
    expect(screen.getByRole('heading', { level: 1, name: 'Renommer ce souvenir' })).toBeInTheDocument();
    expect(screen.getByText('La réflexion reste telle qu’elle a été écrite. Elle ne peut pas être modifiée.')).toBeInTheDocument();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le titre est obligatoire');
    expect(screen.getByRole('link', { name: 'Annuler' })).toHaveAttribute('href', `/home/memories/${ID}`);
  });
});
