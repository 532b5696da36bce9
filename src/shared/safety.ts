// The crisis layer's vocabulary, shared by the server (which assesses and counts) and the web app
// (which shows the help panel). The numbers and their published sources are listed in docs/safety.md.

/** How worried the safety layer is about one turn of a conversation. */
export const SAFETY_LEVELS = ['none', 'concern', 'crisis'] as const;
export type SafetyLevel = (typeof SAFETY_LEVELS)[number];

/** Countries whose helplines the help panel knows; anywhere else gets the emergency number and a directory. */
export const HELPLINE_COUNTRIES = ['FR', 'US', 'CA', 'GB', 'IE', 'BE', 'CH'] as const;
export type HelplineCountry = (typeof HELPLINE_COUNTRIES)[number];
/** A country the panel can show: a known one, or `OTHER` for the rest of the world. */
export const SAFETY_COUNTRIES = [...HELPLINE_COUNTRIES, 'OTHER'] as const;
export type SafetyCountry = (typeof SAFETY_COUNTRIES)[number];

export function isSafetyCountry(value: unknown): value is SafetyCountry {
  return typeof value === 'string' && (SAFETY_COUNTRIES as readonly string[]).includes(value);
}

export interface Helpline {
  /** Stable key, also the translation key of its description in the `safety` namespace. */
  id: string;
  /** The service's own name, shown as written by the service. */
  name: string;
  /** What is shown and read aloud, written the way the country writes it. */
  display: string;
  /** `tel:` target, when it can be called. */
  call?: string;
  /** `sms:` target (with its body when the service needs a keyword), when it takes texts. */
  text?: string;
  /** Where the number was checked: the service's own page. */
  source: string;
  /** Only shown to people whose interface is in this language (a line that answers only in it). */
  language?: 'en' | 'fr';
}

export interface CountryHelplines {
  /** The number to call when life is in danger right now. */
  emergency: { display: string; call: string };
  lines: Helpline[];
}

// Numbers as each service publishes them (checked dates and pages in docs/safety.md).
export const HELPLINES: Record<SafetyCountry, CountryHelplines> = {
  FR: {
    emergency: { display: '15 / 112', call: 'tel:112' },
    lines: [
      { id: 'fr3114', name: '3114', display: '3114', call: 'tel:3114', source: 'https://3114.fr/' },
      { id: 'frSamu', name: 'SAMU', display: '15', call: 'tel:15', source: 'https://www.service-public.fr/particuliers/vosdroits/F33954' },
    ],
  },
  US: {
    emergency: { display: '911', call: 'tel:911' },
    lines: [
      { id: 'us988', name: '988 Suicide & Crisis Lifeline', display: '988', call: 'tel:988', text: 'sms:988', source: 'https://988lifeline.org/' },
      { id: 'usCtl', name: 'Crisis Text Line', display: '741741', text: 'sms:741741?body=HOME', source: 'https://www.crisistextline.org/' },
    ],
  },
  CA: {
    emergency: { display: '911', call: 'tel:911' },
    lines: [
      { id: 'ca988', name: '988', display: '988', call: 'tel:988', text: 'sms:988', source: 'https://988.ca/' },
      { id: 'caQc', name: '1 866 APPELLE', display: '1 866 277-3553', call: 'tel:+18662773553', text: 'sms:535353', source: 'https://suicide.ca/' },
    ],
  },
  GB: {
    emergency: { display: '999', call: 'tel:999' },
    lines: [{ id: 'samaritans', name: 'Samaritans', display: '116 123', call: 'tel:116123', source: 'https://www.samaritans.org/' }],
  },
  IE: {
    emergency: { display: '112 / 999', call: 'tel:112' },
    lines: [{ id: 'samaritans', name: 'Samaritans', display: '116 123', call: 'tel:116123', source: 'https://www.samaritans.org/ireland/' }],
  },
  BE: {
    emergency: { display: '112', call: 'tel:112' },
    lines: [
      { id: 'beCps', name: 'Centre de Prévention du Suicide', display: '0800 32 123', call: 'tel:080032123', source: 'https://www.preventionsuicide.be/' },
    ],
  },
  CH: {
    emergency: { display: '144 / 112', call: 'tel:144' },
    lines: [{ id: 'ch143', name: 'La Main Tendue', display: '143', call: 'tel:143', source: 'https://www.143.ch/' }],
  },
  OTHER: {
    emergency: { display: '112', call: 'tel:112' },
    lines: [],
  },
};

/** For anywhere else: an international directory of helplines, searchable by country. */
export const HELPLINE_DIRECTORY = { name: 'Find A Helpline', url: 'https://findahelpline.com/' } as const;

/**
 * The country whose helplines to show when the person has not chosen one: from the browser's
 * language region (fr-CA, en-GB…), else its time zone, else `OTHER`.
 */
export function guessCountry(input: { languages: readonly string[]; timeZone?: string | null }): SafetyCountry {
  for (const tag of input.languages) {
    const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(tag)?.[1]?.toUpperCase();
    if (region === 'UK') return 'GB';
    if (isSafetyCountry(region) && region !== 'OTHER') return region;
  }
  const zone = input.timeZone ?? '';
  const byZone: [RegExp, SafetyCountry][] = [
    [/^Europe\/Paris$/, 'FR'],
    [/^Europe\/(London|Belfast)$/, 'GB'],
    [/^Europe\/Dublin$/, 'IE'],
    [/^Europe\/Brussels$/, 'BE'],
    [/^Europe\/Zurich$/, 'CH'],
    [/^America\/(Toronto|Montreal|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Moncton|Whitehorse|Yellowknife|Iqaluit)$/, 'CA'],
    [/^(America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit|Boise|Indiana\/.+|Kentucky\/.+)|Pacific\/Honolulu|US\/.+)$/, 'US'],
  ];
  for (const [pattern, country] of byZone) if (pattern.test(zone)) return country;
  return 'OTHER';
}
