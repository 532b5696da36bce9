import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/limits';
import { DEFAULT_SETTINGS } from '../../db/seed';
import { readMood, understandDay } from '../mood/analyse';
import { MOODS, THEMES, type Mood } from '../mood/lexicon';
import { partOfDayAt, type PartOfDay, type TextTurn } from './index';
import { composeImagePrompt, composeMemory, createOfflineExtractor, MOOD_ART, THEME_ART, typesetFrench } from './offline-extractor';

/** A conversation: the person's lines, each answered by the agent. */
const conversation = (lines: string[], agent = 'Tell me more about that.'): TextTurn[] =>
  lines.flatMap((content) => [
    { role: 'user' as const, content },
    { role: 'assistant' as const, content: agent },
  ]);

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

const DAYS = [
  ['I felt so tired after work today, the meeting was long.', 'My sister called and we laughed.', 'Then I walked by the sea.'],
  ['Je suis triste ce soir, ma mère est malade.', 'Il pleut depuis ce matin.', 'Je me sens seule.'],
  ['I am anxious about the exam tomorrow.', 'My friends tried to help.', 'I could not sleep.'],
  ['We planted tomatoes in the garden.', 'It was peaceful.', 'The children played until night.'],
  ['I am so angry, my boss was unfair.', 'Frustrating day.', 'I need to rest.'],
  ['Nothing special.', 'Just a day.', 'Okay.'],
  ['J’ai tellement d’espoir pour ce nouveau projet.', 'Je suis fière de moi.', 'Demain commence une nouvelle étape.'],
  ['I miss my grandmother, I love her so much.', 'We used to cook together in her kitchen.', 'Thank you for listening.'],
];

describe('offline extractor', () => {
  it('is deterministic: the same conversation gives the same memory and image prompt', async () => {
    const extractor = createOfflineExtractor();
    const signal = new AbortController().signal;
    for (const lines of DAYS) {
      const messages = conversation(lines);
      const input = { messages, language: 'en' as const, agentName: 'Mira', signal };
      expect(await extractor.extractMemory(input)).toEqual(await extractor.extractMemory({ ...input, messages: structuredClone(messages) }));
      const promptInput = { ...input, summaryPrompt: DEFAULT_SETTINGS.summaryPrompt, imagePrompt: DEFAULT_SETTINGS.imagePrompt };
      expect(await extractor.imagePrompt(promptInput)).toBe(await extractor.imagePrompt(promptInput));
    }
  });

  it('varies across conversations', () => {
    const prompts = new Set<string>();
    const memories = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const messages = conversation([`Day ${i}: I felt calm and peaceful.`, `We walked in the park, number ${i}.`, 'Good night.']);
      prompts.add(composeImagePrompt(messages, DEFAULT_SETTINGS.imagePrompt));
      const memory = composeMemory(messages, 'en');
      memories.add(`${memory.title}|${memory.poeticSummary}`);
    }
    // Same mood and theme every time, still a different picture every day; the texts rotate through the templates.
    expect(prompts.size).toBe(40);
    expect(memories.size).toBeGreaterThanOrEqual(10);
  });

  it('writes a short title and a 2–4 sentence reflection, in the conversation’s language', () => {
    for (const lines of DAYS) {
      for (const language of ['en', 'fr'] as Language[]) {
        const { title, poeticSummary } = composeMemory(conversation(lines), language);
        expect(title.split(/\s+/).length, title).toBeLessThanOrEqual(8);
        expect(title.charAt(0), title).toBe(title.charAt(0).toLocaleUpperCase());
        const count = sentencesOf(poeticSummary).length;
        expect(count, poeticSummary).toBeGreaterThanOrEqual(2);
        expect(count, poeticSummary).toBeLessThanOrEqual(4);
        if (language === 'fr') {
          // Informal "tu" (decision 0002), never "vous".
          expect(poeticSummary, poeticSummary).toMatch(/\b(tu|ta|tes|toi|ton)\b|\bt’/i);
          expect(`${title} ${poeticSummary}`).not.toMatch(/\bvous\b|\bvotre\b/i);
        } else {
          expect(poeticSummary).not.toMatch(/\b(ta|tes|journée)\b/);
        }
      }
    }
  });

  it('uses French typography: a non-breaking space before : ; ! ? and inside « »', () => {
    const texts = DAYS.flatMap((lines) => {
      const { title, poeticSummary } = composeMemory(conversation(lines), 'fr');
      return [title, poeticSummary];
    }).join('\n');
    expect(texts).not.toMatch(/[^\u00a0][:;!?»]/);
    expect(texts).toMatch(/\u00a0[:]/);
    expect(typesetFrench('« Oui » : non ; peut-être ! Vraiment ?')).toBe('«\u00a0Oui\u00a0»\u00a0: non\u00a0; peut-être\u00a0! Vraiment\u00a0?');
  });

  it('never copies the conversation into the title, the reflection or the image prompt', async () => {
    const token = `zorblax${randomBytes(6).toString('hex')}`;
    const messages = conversation(
      [
        `Today ${token} was with me at the beach and I felt happy.`,
        `Bartholomew said ${token} twice, I was so tired.`,
        `Je suis triste pour ${token}, vraiment.`,
      ],
      `Tell me more about ${token}.`,
    );
    const extractor = createOfflineExtractor();
    const signal = new AbortController().signal;
    for (const language of ['en', 'fr'] as Language[]) {
      const input = { messages, language, agentName: 'Mira', signal };
      const { title, poeticSummary } = await extractor.extractMemory(input);
      const prompt = await extractor.imagePrompt({ ...input, summaryPrompt: DEFAULT_SETTINGS.summaryPrompt, imagePrompt: DEFAULT_SETTINGS.imagePrompt });
      for (const text of [title, poeticSummary, prompt]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain('Bartholomew');
        expect(text).not.toMatch(/vraiment|twice/i);
      }
    }
  });

  it('takes the key comment from the person’s own words only, kept short', () => {
    const messages = conversation(['Hello.', 'I walked by the sea and felt calm for the first time in weeks.', 'Bye.'], 'I feel happy for you.');
    expect(composeMemory(messages, 'en').keyComment).toBe('I walked by the sea and felt calm for the first time in weeks.');
    const long = conversation([`I felt calm ${'and quiet '.repeat(40)}today.`]);
    expect(composeMemory(long, 'en').keyComment.length).toBeLessThanOrEqual(161);
  });

  it('reads the mood from the person’s words, not the agent’s', () => {
    const messages = conversation(['We had dinner.', 'Then we talked.', 'That was it.'], 'You sound so angry, furious, full of rage.');
    expect(composeImagePrompt(messages, '')).not.toContain('anger');
  });

  describe('its image prompt', () => {
    it('starts with the administrator’s image prompt', () => {
      const prompt = composeImagePrompt(conversation(DAYS[0]!), DEFAULT_SETTINGS.imagePromptFr);
      expect(prompt.startsWith(DEFAULT_SETTINGS.imagePromptFr)).toBe(true);
      expect(prompt).toMatch(/palette of/i);
    });

    it('hands the day’s mood and themes to the renderer, whatever the administrator’s words', () => {
      const adminPrompts = [
        DEFAULT_SETTINGS.imagePrompt,
        DEFAULT_SETTINGS.imagePromptFr,
        'A calm, peaceful, serene and joyful painting full of sunlight, light and music, in a garden, happy and bright.',
      ];
      for (const mood of MOODS) {
        for (const themes of [[], [THEMES[0]!], [THEMES[9]!, THEMES[12]!], [THEMES[5]!, THEMES[19]!]]) {
          // The person's words: this mood's keywords, and the themes' words.
          const lines = [`${MOOD_ART[mood].keywords.join(', ')}.`, ...themes.map((theme) => `${THEME_ART[theme.en]}.`), 'That was my day.'];
          // The mood the day is read as (the learned head's), whatever words the administrator's style uses.
          const wanted = understandDay(lines).primary;
          for (const admin of adminPrompts) {
            const read = readMood(composeImagePrompt(conversation(lines), admin));
            expect(read.primary, `${mood} read as ${wanted} with "${admin.slice(0, 30)}"`).toBe(wanted);
            expect(new Set(read.themes.slice(0, themes.length)), mood).toEqual(new Set(themes));
          }
        }
      }
    });
  });

  describe('its curated words', () => {
    it('name each mood by that mood only', () => {
      for (const mood of MOODS) {
        const read = readMood(MOOD_ART[mood].keywords.join(', '));
        expect(read.primary, mood).toBe(mood);
        expect(read.secondary, mood).toBeNull();
        expect(read.themes, mood).toEqual([]);
        // Movement and palette words are neutral: they name no mood and no theme.
        const neutral = readMood(`${MOOD_ART[mood].movement}, ${MOOD_ART[mood].palette}`);
        expect(neutral.intensity === 0 || neutral.primary === mood, mood).toBe(true);
        expect(neutral.secondary, mood).toBeNull();
        expect(neutral.themes, mood).toEqual([]);
      }
    });

    it('draw each theme by that theme only', () => {
      for (const theme of THEMES) {
        const words = THEME_ART[theme.en];
        expect(words, theme.en).toBeDefined();
        const read = readMood(words!);
        expect(read.themes, theme.en).toEqual([theme]);
        expect(read.intensity, theme.en).toBe(0);
      }
    });
  });

  describe('the time of day', () => {
    const PARTS: PartOfDay[] = ['morning', 'afternoon', 'evening', 'night'];
    /** Words that name each part of the day, in each language. */
    const NAMES: Record<Language, Record<PartOfDay, RegExp>> = {
      en: { morning: /morning/i, afternoon: /afternoon/i, evening: /evening|dusk|tonight/i, night: /night/i },
      fr: { morning: /matin/i, afternoon: /après-midi/i, evening: /soir|crépuscule/i, night: /nuit/i },
    };
    /** Days of one mood and no theme, each a little different. */
    const daysOf = (mood: Mood, count: number) =>
      Array.from({ length: count }, (_, i) => conversation([`${MOOD_ART[mood].keywords.join(', ')}.`, `Entry ${i}.`, 'That was all.']));

    it('splits the hours into morning, afternoon, evening and night', () => {
      expect([4, 5, 11, 12, 17, 18, 21, 22, 0].map(partOfDayAt)).toEqual(['night', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', 'night', 'night']);
      expect(partOfDayAt(undefined)).toBeUndefined();
    });

    it('never speaks of the evening or the night to someone who writes by day, nor of the morning in the evening', () => {
      for (const mood of MOODS) {
        for (const messages of daysOf(mood, 30)) {
          expect(readMood(messages[0]!.content).themes).toEqual([]);
          for (const language of ['en', 'fr'] as Language[]) {
            const names = NAMES[language];
            for (const part of ['morning', 'afternoon'] as const) {
              const { title, poeticSummary } = composeMemory(messages, language, { partOfDay: part });
              expect(`${title} ${poeticSummary}`, `${mood} ${part}`).not.toMatch(names.evening);
              expect(`${title} ${poeticSummary}`, `${mood} ${part}`).not.toMatch(names.night);
            }
            for (const part of ['evening', 'night'] as const) {
              const { title } = composeMemory(messages, language, { partOfDay: part });
              expect(title, `${mood} ${part}`).not.toMatch(names.morning);
              expect(title, `${mood} ${part}`).not.toMatch(names.afternoon);
            }
            // No hour known: nothing is guessed.
            const unknown = composeMemory(messages, language);
            for (const part of PARTS) expect(`${unknown.title} ${unknown.poeticSummary}`, `${mood} unknown`).not.toMatch(names[part]);
          }
        }
      }
    }, 60_000);

    it('says "morning" where it would have said "evening"', () => {
      const day = daysOf('calm', 40).find((messages) => composeMemory(messages, 'en', { partOfDay: 'evening' }).title === 'A quiet, spacious evening');
      expect(day, 'a calm day titled for the evening').toBeDefined();
      expect(composeMemory(day!, 'en', { partOfDay: 'morning' }).title).toBe('A quiet, spacious morning');
      expect(composeMemory(day!, 'fr', { partOfDay: 'morning' }).title).toMatch(NAMES.fr.morning);
    });
  });

  describe('titles the person already has', () => {
    it('are not given again while another fits, and the reflection stays as it was', () => {
      for (const lines of DAYS) {
        for (const language of ['en', 'fr'] as Language[]) {
          const messages = conversation(lines);
          const first = composeMemory(messages, language, { partOfDay: 'morning' });
          // Stored titles compare whatever their case.
          const again = composeMemory(messages, language, { partOfDay: 'morning', avoidTitles: ['Something else', first.title.toLocaleUpperCase()] });
          expect(again.title, language).not.toBe(first.title);
          expect(again.poeticSummary).toBe(first.poeticSummary);
        }
      }
    });

    it('run through every title of a mood before one comes back', () => {
      for (const language of ['en', 'fr'] as Language[]) {
        const had: string[] = [];
        // Five days the mood head reads alike (the titles are the mood's own).
        const candidates = Array.from({ length: 30 }, (_, i) => conversation(['I felt calm, peaceful and still.', `Entry ${i}.`, 'That was all.']));
        const moodOf = (messages: TextTurn[]) => understandDay(messages.filter((m) => m.role === 'user').map((m) => m.content)).primary;
        const days = candidates.filter((messages) => moodOf(messages) === moodOf(candidates[0]!)).slice(0, 5);
        expect(days).toHaveLength(5);
        for (const messages of days.slice(0, 4)) had.push(composeMemory(messages, language, { partOfDay: 'evening', avoidTitles: had }).title);
        // The four calm titles, each once (a person was given "A gentle pause" twice).
        expect(new Set(had).size, had.join(' | ')).toBe(4);
        // All taken: the day still gets a title, one of them.
        expect(had).toContain(composeMemory(days[4]!, language, { partOfDay: 'evening', avoidTitles: had }).title);
      }
    });
  });
});
