import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SERVER_ENTRY = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));
export const WEB_INDEX = fileURLToPath(new URL('../../dist/web/index.html', import.meta.url));
