import { AVATAR_MAX_BYTES } from '@shared/limits';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { buildMe, json } from '@web/testing/mock-fetch';
import { FakeXhr, headerAvatarImage, renderProfile } from '../testing/profile-fixtures';

Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 3000 };
const NEW_URL = `/files/avatars/user-1/${'c'.repeat(32)}.webp`;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function imageFile(bytes: number, name = 'photo.jpg', type = 'image/jpeg') {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Chooses a file as the picker would hand it over (the input itself is hidden behind the button). */
function choose(file: File) {
  fireEvent.change(screen.getByTestId('avatar-file-input'), { target: { files: [file] } });
}

const accountButton = () => screen.getByRole('button', { name: 'Account menu' });

describe('profile picture', () => {
  it('refuses an image over 2 MB with a clear message, before sending anything', async () => {
    renderProfile();
    await screen.findByRole('button', { name: 'Change picture' }, WAIT);

    choose(imageFile(AVATAR_MAX_BYTES + 1));

    expect(await screen.findByText('This image is larger than 2 MB. Choose a smaller one, or reduce its size first.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The header still shows the initials.
    expect(headerAvatarImage(accountButton())).toBeNull();
  });

  it('refuses a file that says it is not an image, with the select-an-image message', async () => {
    renderProfile();
    await screen.findByRole('button', { name: 'Change picture' }, WAIT);
    choose(imageFile(120, 'notes.txt', 'text/plain'));
    expect(await screen.findByText(/This file isn't an image Souvenir can use/)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with the progress bar, shows the new picture in the header at once, then hides the bar after 1 s', async () => {
    let me = buildMe();
    const { user } = renderProfile({ me, handlers: { 'GET /api/me': () => json(me) } });
    const change = await screen.findByRole('button', { name: 'Change picture' }, WAIT);
    expect(screen.getByTestId('avatar-file-input')).toHaveAttribute('accept', 'image/*');

    // The button opens the file picker (it is a real button: Enter and Space work too).
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    await user.click(change);
    expect(click).toHaveBeenCalled();
    click.mockRestore();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const file = imageFile(1000);
    choose(file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [{ xhr, body }] = FakeXhr.sent as [(typeof FakeXhr.sent)[number]];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/me/avatar');
    expect(body.get('avatar')).toBe(file);

    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    const now = () => Number(bar.getAttribute('aria-valuenow'));
    expect(screen.getByRole('button', { name: 'Uploading your picture…' })).toBeDisabled();
    // The simulated steps while no byte count is known (the clock also runs a little on its own here).
    const before = now();
    expect(before % 10).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(now()).toBeGreaterThanOrEqual(before + 10);
    expect(now()).toBeLessThan(54);
    // Real bytes: 60 % sent is 54 on a bar that keeps its last 10 points for the server's work; the bar
    // climbs to it in its steps and goes no further.
    xhr.progress(600, 1000);
    await act(() => vi.advanceTimersByTimeAsync(300 * 6));
    expect(bar).toHaveAttribute('aria-valuenow', '54');

    me = { ...me, profile: { ...me.profile, avatarUrl: NEW_URL } };
    xhr.respond(200, { avatarUrl: NEW_URL });
    // The picture and the confirmation come at once; the bar finishes its climb in steps, then shows 100.
    await waitFor(() => expect(headerAvatarImage(accountButton())).toHaveAttribute('src', NEW_URL));
    expect(await screen.findByText('Your picture has been updated')).toBeInTheDocument();
    expect(now()).toBeLessThan(100);
    await act(() => vi.advanceTimersByTimeAsync(300 * 5));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it.each([
    [415, 'UNSUPPORTED_MEDIA_TYPE', /This file isn't an image Souvenir can use/],
    [413, 'PAYLOAD_TOO_LARGE', /This image is larger than 2 MB/],
    [500, 'INTERNAL', /We couldn't upload your picture\. Something went wrong on our side/],
  ])('says why the server refused the picture (%i)', async (status, code, message) => {
    renderProfile();
    await screen.findByRole('button', { name: 'Change picture' }, WAIT);
    choose(imageFile(1000, 'photo.png', 'image/png'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.xhr.respond(status, { error: { code, message: code } });

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(headerAvatarImage(accountButton())).toBeNull();
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeEnabled();
  });

  it('removes the picture: the header falls back to the initials', async () => {
    let me = buildMe({ profile: { avatarUrl: NEW_URL } });
    const { user, requests } = renderProfile({
      me,
      handlers: {
        'GET /api/me': () => json(me),
        'DELETE /api/me/avatar': () => {
          me = { ...me, profile: { ...me.profile, avatarUrl: null } };
          return new Response(null, { status: 204 });
        },
      },
    });

    await waitFor(() => expect(headerAvatarImage(accountButton())).toHaveAttribute('src', NEW_URL), WAIT);
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));

    expect(await screen.findByText('Your picture has been removed')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/me/avatar')).toBe(true);
    expect(headerAvatarImage(accountButton())).toBeNull();
    expect(within(accountButton()).getByText('C')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });
});
