import { describe, expect, it } from 'vitest';
import { localModelChoiceOf } from './service';

const configOf = (localPath: string | null, baseUrl: string | null = null) => ({
  chat: { baseUrl },
  text: { baseUrl },
  localModel: { path: localPath },
}) as Parameters<typeof localModelChoiceOf>[2];

describe('localModelChoiceOf', () => {
  it('takes the AI tab’s file first, then LOCAL_MODEL_PATH where the tab leaves the choice to the configuration', () => {
    const config = configOf('/srv/models/env.gguf');
    expect(localModelChoiceOf('text', { source: 'local-model', model: 'tab.gguf' }, config)).toEqual({ file: 'tab.gguf', from: 'ai-tab' });
    expect(localModelChoiceOf('chat', undefined, config)).toEqual({ file: '/srv/models/env.gguf', from: 'configuration' });
    expect(localModelChoiceOf('chat', { source: 'configuration', model: 'old.gguf' }, config)).toEqual({ file: '/srv/models/env.gguf', from: 'configuration' });
  });

  it('gives none when the tab chose something else, AI_BASE_URL is set, or the capability does not write text', () => {
    expect(localModelChoiceOf('chat', { source: 'offline', model: 'tab.gguf' }, configOf('env.gguf'))).toBeNull();
    expect(localModelChoiceOf('text', { source: 'openai-compatible', model: 'gpt' }, configOf('env.gguf'))).toBeNull();
    expect(localModelChoiceOf('text', { source: 'local-model', model: null }, configOf('env.gguf'))).toBeNull();
    expect(localModelChoiceOf('text', undefined, configOf('env.gguf', 'http://inference.lan/v1'))).toBeNull();
    expect(localModelChoiceOf('image', { source: 'local-model', model: 'tab.gguf' }, configOf('env.gguf'))).toBeNull();
    expect(localModelChoiceOf('chat', undefined, configOf(null))).toBeNull();
  });
});
