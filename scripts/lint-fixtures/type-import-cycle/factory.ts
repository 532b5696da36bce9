// A fixture scripts/import-cycles.test.ts must reject: the factory imports the implementation, which imports the
// contract back from the factory's file, a type only — the shape the providers had.
import { createEcho } from './echo';

export interface Speaker {
  say(text: string): string;
}

export const createSpeaker = (): Speaker => createEcho();
