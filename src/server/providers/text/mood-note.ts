import { MOOD_NAMES } from '../../understanding/labels';
import type { MemoryTextInput } from './text-provider';

/**
 * The line an AI writer is given with the day's mood, so the title and reflection it writes are in the mood the
 * memory is kept with. Empty when no mood was read.
 */
export function withMoodNote(system: string, input: Pick<MemoryTextInput, 'mood' | 'language'>): string {
  if (!input.mood) return system;
  const name = MOOD_NAMES[input.language][input.mood.primary];
  const note =
    input.language === 'fr'
      ? `L’humeur dominante de la journée, telle que Souvenir l’a lue : ${name}. Écris dans cette humeur, sans rien inventer qui ne soit dans la conversation.`
      : `The day’s main mood, as Souvenir read it: ${name}. Write in that mood, and invent nothing that is not in the conversation.`;
  return `${system}\n\n${note}`;
}
