import type { Mood } from '@shared/contracts/mood-year';
import type { Language } from '@shared/limits';

/** The words of the memory book, in each language the app speaks (the web's own mood words). */
export const BOOK_TEXTS: Record<
  Language,
  {
    brand: string;
    title: { year: string; month: string };
    count: (n: number) => string;
    missingArtwork: string;
    moods: Record<Mood, string>;
  }
> = {
  en: {
    brand: 'Souvenir',
    title: { year: 'A year in memories', month: 'A month in memories' },
    count: (n) => (n === 1 ? '1 memory' : `${n} memories`),
    missingArtwork: 'This artwork could not be found.',
    moods: { joyful: 'joyful', calm: 'calm', tender: 'tender', hopeful: 'hopeful', melancholy: 'melancholy', anxious: 'anxious', angry: 'angry', tired: 'tired' },
  },
  fr: {
    brand: 'Souvenir',
    title: { year: 'Une année de souvenirs', month: 'Un mois de souvenirs' },
    count: (n) => (n <= 1 ? `${n} souvenir` : `${n} souvenirs`),
    missingArtwork: 'Cette œuvre est introuvable.',
    moods: { joyful: 'joie', calm: 'calme', tender: 'tendresse', hopeful: 'espoir', melancholy: 'mélancolie', anxious: 'inquiétude', angry: 'colère', tired: 'fatigue' },
  },
};
