import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError } from '@web/testing/mock-fetch';
import { exportFileName } from '../api/export-data';
import { renderProfile } from '../testing/profile-fixtures';

Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 3000 };

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export my data', () => {
  it('downloads the ZIP under the server’s name', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    // jsdom has no object URLs: lend them for this test only.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, original));
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const { user } = renderProfile({
      handlers: {
        'GET /api/me/export': () =>
          new Response(zip, { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="souvenir-export-2026-05-01.zip"' } }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Export my data' }, WAIT));

    expect(await screen.findByText('Your data has been downloaded', undefined, WAIT)).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:export', download: 'souvenir-export-2026-05-01.zip' }]);
    // The whole answer, as it came (jsdom and Node have different Blob classes, so compare the bytes).
    const blob = createObjectURL.mock.calls[0]![0];
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(zip);
  });

  it('tells the person when too many exports were asked for, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderProfile({ handlers: { 'GET /api/me/export': () => apiError(429, 'RATE_LIMITED') } });

    await user.click(await screen.findByRole('button', { name: 'Export my data' }, WAIT));

    expect(await screen.findByText("We couldn't prepare your export", undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("You've asked for several exports in the last hour. Please try again a little later.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export my data' })).toBeEnabled());
    expect(click).not.toHaveBeenCalled();
  });

  it('keeps only a plain ZIP name from Content-Disposition', () => {
    expect(exportFileName('attachment; filename="souvenir-export-2026-05-01.zip"')).toBe('souvenir-export-2026-05-01.zip');
    expect(exportFileName('attachment; filename="../../evil.sh"')).toBe('souvenir-export.zip');
    expect(exportFileName(null)).toBe('souvenir-export.zip');
  });
});
