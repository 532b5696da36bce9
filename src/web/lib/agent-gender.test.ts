import { describe, expect, it } from 'vitest';
import { agentGenderContext } from './agent-gender';

// Every French text about the companion agrees with the gender the administrators chose: a feminine and a
// masculine sentence, and a base sentence (the "neutral" choice) written so it agrees with nothing.
type Json = string | { [key: string]: Json };

const french = import.meta.glob<{ default: Json }>('../locales/fr/*.json', { eager: true });

function flatten(value: Json, prefix: string, into: Record<string, string>) {
  if (typeof value === 'string') into[prefix] = value;
  else for (const [key, child] of Object.entries(value)) flatten(child, `${prefix}.${key}`, into);
}

const texts: Record<string, string> = {};
for (const [path, module] of Object.entries(french)) flatten(module.default, /([^/]+)\.json$/.exec(path)![1]!, texts);
// These speak of the app (Souvenir, masculine) and of a kind of app, not of the companion.
const NOT_THE_COMPANION = ['Souvenir est un compagnon de journal', 'applications compagnons'];
for (const [key, text] of Object.entries(texts)) texts[key] = NOT_THE_COMPANION.reduce((rest, words) => rest.replaceAll(words, ''), text);

const VARIANT = /_(feminine|masculine)$/;
/** Words that speak of the companion as a companion: "la compagne", "ton compagnon". */
const NAMES_COMPANION = /(?<!\p{L})compagn(?:e|on)s?(?!\p{L})/iu;
/** Words that agree with a woman or a man: none may appear in the wrong variant, nor in the base sentence. */
const FEMININE = /(?<!\p{L})(?:compagne|Elle t’écoute|une thérapeute|intégrée|animée)(?!\p{L})/u;
const SPEAKS_OF_IT_AS_ONE = /(?<!\p{L})(?:compagn(?:e|on)s?|Elle t’écoute|Il t’écoute|une thérapeute|un thérapeute)(?!\p{L})/iu;
const MASCULINE = /(?<!\p{L})(?:compagnon|Il t’écoute|un thérapeute|intégré|animé)(?!\p{L})/u;

// The one text that names both on purpose: the admin hint that explains the choice itself.
const EXPLAINS_THE_CHOICE = new Set(['admin.agent.genderFrHint']);

/** The base keys of every French text that speaks of the companion: it names it, or it already has variants. */
const aboutCompanion = [
  ...new Set(
    Object.entries(texts)
      .filter(([key, text]) => !EXPLAINS_THE_CHOICE.has(key) && (VARIANT.test(key) || NAMES_COMPANION.test(text)))
      .map(([key]) => key.replace(VARIANT, '')),
  ),
].sort();

describe('French texts about the companion', () => {
  it('are these, each with a feminine and a masculine form', () => {
    // The list is written out so a new text about the companion is noticed here and given its forms.
    expect(aboutCompanion).toEqual([
      'admin.agent.namesDescription',
      'admin.ai.chat.description',
      'admin.ai.chat.offline',
      'admin.ai.confirmSave.meanwhile.chat',
      'admin.ai.failing.chat',
      'admin.ai.providerNames.offline-companion',
      'admin.prompt.description',
      'admin.setup.items.companion',
      'auth.register.privacyNote',
      'billing.pricing.plan.included.sessions',
      'chat.disclosure.ai',
      'chat.disclosure.local',
      'chat.disclosure.offline',
      'chat.signedOut.body',
      'chat.standIn',
      'gallery.conversation.companion',
      'home.today.firstSessionHint',
      'home.welcomeBack.genderHint',
      'profile.form.genderHint',
      'profile.form.languageHint',
      'safety-page.who.machine',
    ]);
    for (const key of aboutCompanion) {
      expect(texts[`${key}_feminine`], `${key}_feminine`).toBeTypeOf('string');
      expect(texts[`${key}_masculine`], `${key}_masculine`).toBeTypeOf('string');
    }
  });

  it.each(aboutCompanion)('%s agrees in each form and not at all in the neutral one', (key) => {
    const feminine = texts[`${key}_feminine`]!;
    const masculine = texts[`${key}_masculine`]!;
    const neutral = texts[key]!;
    expect(feminine).not.toMatch(MASCULINE);
    expect(masculine).not.toMatch(FEMININE);
    // "l’écoute intégrée" agrees with "écoute", not with the companion: only words about the companion count.
    expect(neutral).not.toMatch(SPEAKS_OF_IT_AS_ONE);
  });

  it('are chosen by the configured gender; neutral and an unknown gender take the base text', () => {
    expect(agentGenderContext('feminine')).toBe('feminine');
    expect(agentGenderContext('masculine')).toBe('masculine');
    expect(agentGenderContext('neutral')).toBeUndefined();
    expect(agentGenderContext(undefined)).toBeUndefined();
  });
});
