import { describe, expect, it } from 'vitest';
import { isTemporaryImageUrl, KNOWN_TEMPORARY_IMAGE_HOSTS } from './temporary-image-url';

const own = 'https://souvenir.example/files/';

describe('temporary image addresses', () => {
  it('counts an image provider’s expiring URL, and any other absolute http(s) address, as temporary', () => {
    for (const host of KNOWN_TEMPORARY_IMAGE_HOSTS) {
      expect(isTemporaryImageUrl(`${host}private/org-x/user-y/img-z.png?st=2026&sig=abc`, own)).toBe(true);
    }
    expect(isTemporaryImageUrl('https://images.example.net/a.png', own)).toBe(true);
    expect(isTemporaryImageUrl('http://images.example.net/a.png', own)).toBe(true);
    expect(isTemporaryImageUrl('HTTPS://IMAGES.EXAMPLE.NET/A.PNG', own)).toBe(true);
    // Another site's /files/ path is still someone else's address.
    expect(isTemporaryImageUrl('https://other.example/files/memories/u/x.png', own)).toBe(true);
  });

  it('keeps the app’s own files, app-relative paths and other schemes as they are', () => {
    expect(isTemporaryImageUrl('/files/memories/u/0123456789abcdef0123456789abcdef.png', own)).toBe(false);
    expect(isTemporaryImageUrl('https://souvenir.example/files/memories/u/x.png', own)).toBe(false);
    expect(isTemporaryImageUrl('/images/default-artwork.png', own)).toBe(false);
    expect(isTemporaryImageUrl('data:image/png;base64,AAAA', own)).toBe(false);
    expect(isTemporaryImageUrl('', own)).toBe(false);
  });
});
