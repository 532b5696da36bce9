import { describe, expect, it } from 'vitest';
import { createOfflineCompanion } from './offline-companion';

async function reply(language: 'en' | 'fr', userTurns: string[]): Promise<string> {
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
});
