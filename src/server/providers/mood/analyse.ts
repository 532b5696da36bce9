// How the providers read a day: the learned mood head (src/server/understanding) for its mood, the theme
// words for the things a picture can draw. The word-list reader itself lives with the understanding pipeline.
import { readDayMood } from '../../understanding/mood-model';
import { readMood, type MoodReading } from '../../understanding/mood-words';

export { normalise, readMood, seedOf, type MoodReading } from '../../understanding/mood-words';

/**
 * The day as the memory and the companion read it: its mood from the learned head (which reads idioms,
 * irony and mixed days that no word list holds), its themes from the words that name them (the things a
 * picture can draw). `messages` are the person's own, oldest first.
 */
export function understandDay(messages: readonly string[]): MoodReading {
  const words = readMood(messages.join('\n'));
  const day = readDayMood(messages);
  return { primary: day.mood, secondary: day.second, themes: words.themes, intensity: words.intensity };
}
