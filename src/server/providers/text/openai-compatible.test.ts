import { describe, expect, it } from 'vitest';
import { TextProviderError } from './text-provider-error';
import { imagePromptFrom, memoryTextsFrom } from './openai-compatible';

describe('reading a model’s memory texts', () => {
  it('drops control characters, a NUL spelled in JSON included, and keeps line breaks', () => {
    const texts = memoryTextsFrom(JSON.stringify({ title: 'Soft\u0000 rain\u0007', keyComment: '', poeticSummary: 'Line one.\nLine\u0000 two.' }));
    expect(texts).toEqual({ title: 'Soft rain', keyComment: '', poeticSummary: 'Line one.\nLine two.' });
    expect(imagePromptFrom('Style', 'A harbour\u0000 at dusk')).toBe('Style\n\nA harbour at dusk');
  });

  it('refuses an answer that is only control characters', () => {
    expect(() => memoryTextsFrom(JSON.stringify({ title: '\u0000\u0001', keyComment: '', poeticSummary: 'x' }))).toThrow(TextProviderError);
    expect(() => imagePromptFrom('Style', '\u0000')).toThrow(TextProviderError);
  });
});
