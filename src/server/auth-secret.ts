import path from 'node:path';
import { keptSecret } from './kept-secret';

/**
 * BETTER_AUTH_SECRET when set; otherwise a random secret created once and kept in the data folder,
 * so sessions survive restarts on a machine with no configuration at all.
 */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  return keptSecret(path.join(dataDir, 'auth-secret'));
}
