import { describe, expect, it } from 'vitest';
import { createOfflineCompanion } from './offline-companion';

async function reply(language: 'en' | 'fr', userTurns: string[], safety: { level: 'none' | 'concern'; earlierCrisis: boolean } = { level: 'none', earlierCrisis: false }): Promise<string> {
  const companion = createOfflineCompanion({ delayMs: 0 });
  const messages: { role: 'user' | 'assistant'; content: string }[] = [{ role: 'assistant', content: 'Welcome.' }];
  let last = '';
  for (const content of userTurns) {
    messages.push({ role: 'user', content });
    last = '';
    for await (const piece of companion.streamReply({
      system: '',
      messages,
      language,
      signal: new AbortController().signal,
      agentName: 'Mira',
      firstName: 'Élodie',
      safety,
    })) {
      last += piece;
    }
    messages.push({ role: 'assistant', content: last });
  }
  return messages
    .filter((m) => m.role === 'assistant')
    .slice(1)
    .map((m) => m.content)
    .join('\n');
}

describe('offline companion', () => {
  it('writes French with a non-breaking space before : ; ! ? and inside « »', async () => {
    const text = await reply('fr', ['Je suis fatiguée ce soir.', 'Oui, ma collègue m’a aidée un peu.', 'Je crois que j’ai besoin de repos.', 'Merci !']);
    expect(text).toMatch(/«\u00a0/);
    expect(text).not.toMatch(/ [:;!?»]/);
    expect(text).not.toMatch(/« /);
  });

  it('does not greet again after the welcome: the first reply thanks the person by name', async () => {
    const text = await reply('en', ['Hello, today was long.']);
    expect(text.startsWith('Thank you for being here, Élodie.')).toBe(true);
  });

  it('says nothing about what it is in its replies: the chat header discloses it once', async () => {
    const en = await reply('en', ['Hello, today was long.']);
    const fr = await reply('fr', ['Bonjour, la journée a été longue.']);
    expect(en).not.toMatch(/offline companion|small note/i);
    expect(fr).not.toMatch(/compagnon hors ligne|petite précision/i);
  });

  it('on a worrying day, asks gently instead of quoting, and says where help is once', async () => {
    const worried = { level: 'concern' as const, earlierCrisis: false };
    for (const [language, turns, pointer, echo] of [
      ['en', ['I can’t take this anymore.', 'Everything feels empty.', 'I don’t know.'], /Need help now\?/g, /take this anymore|empty/i],
      ['fr', ['Je n’en peux plus.', 'Tout me semble vide.', 'Je ne sais pas.'], /Besoin d’aide maintenant/g, /en peux plus|vide/i],
    ] as const) {
      const text = await reply(language, [...turns], worried);
      // Their own words are not quoted back to them on such a day.
      expect(text).not.toMatch(echo);
      expect(text.match(pointer)).toHaveLength(1);
      expect(new Set(text.split('\n')).size).toBe(3);
    }
  });
});
