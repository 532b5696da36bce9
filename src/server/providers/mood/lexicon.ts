// The mood and theme words live with the rest of the understanding pipeline (src/server/understanding); the
// providers read them from here.
export * from '../../understanding/mood-lexicon';
