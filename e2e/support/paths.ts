import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Chromium without a sandbox (containers) and without anything that reaches the internet (STACK-NOTES); headless mode is added by each user. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SERVER_ENTRY = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));
export const WEB_INDEX = fileURLToPath(new URL('../../dist/web/index.html', import.meta.url));
/** The server render's bundle (`vite build --ssr`). */
export const SSR_DIR = fileURLToPath(new URL('../../dist/ssr/', import.meta.url));
