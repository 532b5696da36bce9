import { describe, expect, it } from 'vitest';
import { shellFiles, shellVersion } from './vite-service-worker';

describe('shellFiles', () => {
  it('lists the page, the scripts, the styles and the Latin fonts, and nothing else', () => {
    const emitted = [
      'index.html',
      'assets/index-DGvrJwId.js',
      'assets/index-DGvrJwId.js.map',
      'assets/home-page-Ab12.js',
      'assets/index-BRmRGq5Q.css',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      'assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
      'assets/fraunces-latin-wght-italic-Py8at3oI.woff2',
      'assets/inter-cyrillic-wght-normal-DqGufNeO.woff2',
      'assets/fraunces-vietnamese-wght-normal-CnvboYUG.woff2',
      'favicon.svg',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'sw.js',
    ];
    expect(shellFiles(emitted)).toEqual([
      'assets/fraunces-latin-wght-italic-Py8at3oI.woff2',
      'assets/home-page-Ab12.js',
      'assets/index-BRmRGq5Q.css',
      'assets/index-DGvrJwId.js',
      'assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      'index.html',
    ]);
  });
});

describe('shellVersion', () => {
  it('changes with the contents and only with them', () => {
    const a = shellVersion(['<html>', new Uint8Array([1, 2, 3])]);
    expect(shellVersion(['<html>', new Uint8Array([1, 2, 3])])).toBe(a);
    expect(shellVersion(['<html>', new Uint8Array([1, 2, 4])])).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });
});
