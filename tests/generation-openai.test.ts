import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@server/db/seed';
import { loadConfig } from '@server/config';
import { souvenirs } from '@server/db/schema/index';
import {
  buildFrenchGenerationRequest,
  buildGenerationRequest,
  expectServiceArtwork,
  imageAndThumbnailExist,
  postGeneration,
  setImageSettings,
  storedFileOf,
} from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const t = await createTestApp({
  AI_BASE_URL: standIn.baseUrl,
  AI_API_KEY: 'sk-test-key',
  AI_CHAT_MODEL: 'stand-in-chat',
  AI_TEXT_MODEL: 'stand-in-text',
  AI_IMAGE_MODEL: 'stand-in-image',
  AI_TIMEOUT_SECONDS: '1',
  AI_IMAGE_TIMEOUT_SECONDS: '1',
  RATE_LIMIT_GENERATION_MAX: '1000',
});

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
const memoryOf = async (app: TestApp, id: string) => (await app.db.select().from(souvenirs).where(eq(souvenirs.id, id)))[0]!;

/** One generation by a new person; answers the response body and the stored memory. */
async function generate(app: TestApp, request = buildGenerationRequest()) {
  const user = await createUser(app);
  const response = await postGeneration(app, user.cookie, request);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { body, memory: await memoryOf(app, body.memoryId), user, raw: response.body };
}

/** The artwork stored for a memory is the offline default: a 1024×1024 PNG, not the stand-in's 64×64. */
async function expectDefaultArtwork(app: TestApp, imageUrl: string) {
  const file = readFileSync(storedFileOf(app, imageUrl));
  expect(sha256(file)).not.toBe(sha256(standIn.image));
  expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
}

describe('memories through an OpenAI-compatible API', () => {
  it('says which providers make memories; the text model defaults to the chat model', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.providers).toMatchObject({ text: 'openai-compatible', image: 'openai-compatible' });
    expect(loadConfig({ AI_BASE_URL: standIn.baseUrl, AI_CHAT_MODEL: 'one-model' }).text.model).toBe('one-model');
    expect(() => loadConfig({ AI_IMAGE_MODEL: 'gpt-image-1' })).toThrow(/AI_IMAGE_MODEL: needs AI_BASE_URL/);
  });

  it('asks for the texts as structured JSON, the image prompt from the summary prompt, then the image', async () => {
    standIn.behaveText('json');
    standIn.behaveImages('b64');
    const before = standIn.received.length;
    const request = buildGenerationRequest();
    const { body, memory } = await generate(t, request);
    expect(body).toMatchObject({ outcome: 'created', errorDetails: null, textFallback: false });
    expect(memory).toMatchObject({ title: standIn.memory.title, poeticSummary: standIn.memory.poeticSummary });
    expect(memory.prompt).toBe(`${DEFAULT_SETTINGS.imagePrompt}\n\n${standIn.imagePrompt}`);

    const [texts, prompt] = standIn.received.slice(before);
    expect(texts!.authorization).toBe('Bearer sk-test-key');
    expect(texts!.body.model).toBe('stand-in-text');
    expect(texts!.body.stream).toBeUndefined();
    expect(texts!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'memory', strict: true } });
    expect(texts!.body.messages[0]!.content).toContain('Mira');
    expect(texts!.body.messages[1]!.content).toContain(request.messages[1]!.content);
    expect(texts!.body.messages[1]!.content).toContain('Person: ');
    expect(prompt!.body.response_format).toBeUndefined();
    expect(prompt!.body.messages[0]!.content.startsWith(DEFAULT_SETTINGS.summaryPrompt)).toBe(true);

    const image = standIn.images.at(-1)!;
    expect(image.authorization).toBe('Bearer sk-test-key');
    // GPT image models and other servers choose their answer's form: response_format is not sent.
    expect(image.body).toEqual({ model: 'stand-in-image', prompt: memory.prompt, n: 1, size: '1024x1024', quality: 'standard' });
    // The stand-in's own picture is what was stored (marked as an AI service's), with a thumbnail.
    await expectServiceArtwork(readFileSync(storedFileOf(t, memory.imageUrl)), standIn.image);
    expect(imageAndThumbnailExist(t, memory.imageUrl)).toBe(true);
  });

  it('writes in French for a French conversation, with the French prompts', async () => {
    standIn.behaveText('json');
    standIn.behaveImages('b64');
    const before = standIn.received.length;
    const { memory } = await generate(t, buildFrenchGenerationRequest());
    const [texts, prompt] = standIn.received.slice(before);
    expect(texts!.body.messages[0]!.content).toContain('Tu aides Mira');
    expect(texts!.body.messages[1]!.content).toContain('Personne\u00a0: ');
    expect(prompt!.body.messages[0]!.content.startsWith(DEFAULT_SETTINGS.summaryPromptFr)).toBe(true);
    expect(memory.prompt.startsWith(DEFAULT_SETTINGS.imagePromptFr)).toBe(true);
  });

  it('uses the administrator’s image size and quality', async () => {
    standIn.behaveImages('b64');
    await setImageSettings(t, { imageSize: '1536x1024', imageQuality: 'hd' });
    try {
      await generate(t);
      expect(standIn.images.at(-1)!.body).toMatchObject({ size: '1536x1024', quality: 'hd' });
    } finally {
      await setImageSettings(t, { imageSize: '1024x1024', imageQuality: 'standard' });
    }
  });

  describe('text fallbacks (the default title and reflection)', () => {
    it('uses the fallback title and reflection when the JSON is malformed, and still the model’s image prompt', async () => {
      standIn.behaveText('malformed');
      standIn.behaveImages('b64');
      const { body, memory } = await generate(t);
      expect(body).toMatchObject({ outcome: 'created', textFallback: true });
      expect(memory.title).toBe('Conversation with Mira');
      expect(memory.poeticSummary).toMatch(/^Today you took a moment/);
      expect(memory.prompt).toBe(`${DEFAULT_SETTINGS.imagePrompt}\n\n${standIn.imagePrompt}`);

      const french = await generate(t, buildFrenchGenerationRequest());
      expect(french.memory.title).toBe('Conversation avec Mira');
      expect(french.memory.poeticSummary).toMatch(/^Aujourd’hui, tu as pris le temps/);
    });

    it('uses the fallback texts when the JSON misses a field', async () => {
      standIn.behaveText('invalid');
      const { body, memory } = await generate(t);
      expect(body.textFallback).toBe(true);
      expect(memory.title).toBe('Conversation with Mira');
    });

    it('uses the fallback texts and the offline image prompt when the API fails, logging no word of it', async () => {
      standIn.behaveText('error');
      standIn.behaveImages('b64');
      const request = buildGenerationRequest();
      const { body, memory } = await generate(t, request);
      expect(body).toMatchObject({ outcome: 'created', textFallback: true });
      expect(memory.title).toBe('Conversation with Mira');
      expect(memory.prompt.startsWith(DEFAULT_SETTINGS.imagePrompt)).toBe(true);
      expect(memory.prompt).toContain('The day’s mood:');
      const logs = t.logs.join('');
      expect(logs).toContain('"upstreamStatus":500');
      expect(logs).not.toContain('on purpose');
      expect(logs).not.toContain(request.messages[3]!.content);
    });

    it('gives up on a silent API after the timeout and still makes the memory', async () => {
      standIn.behaveText('hang');
      standIn.behaveImages('b64');
      const { body } = await generate(t);
      expect(body).toMatchObject({ outcome: 'created', textFallback: true });
      standIn.behaveText('json');
    });
  });

  describe('image fallbacks: the default artwork and the matching message', () => {
    it('downloads an image answered as an address at once, and never keeps the address', async () => {
      standIn.behaveText('json');
      standIn.behaveImages('url');
      const { body, memory } = await generate(t);
      expect(body.outcome).toBe('created');
      expect(memory.imageUrl).toMatch(/^\/files\/memories\//);
      await expectServiceArtwork(readFileSync(storedFileOf(t, memory.imageUrl)), standIn.image);
    });

    it('refuses an address that serves something else than an image: fallback with details', async () => {
      standIn.behaveImages('url-not-image');
      const { body, memory } = await generate(t);
      expect(body).toMatchObject({ outcome: 'fallback', errorDetails: 'the image service answered something that is not an image' });
      await expectDefaultArtwork(t, memory.imageUrl);
    });

    it('refuses an address, or a redirect, to a private host other than the service’s own: fallback with details', async () => {
      // `localhost` is this machine as much as 127.0.0.1 is, but it is not the host the app was given: an
      // image service that names it (directly or through a redirect) points the server at its own network.
      for (const behaviour of ['url-elsewhere', 'url-redirect-elsewhere'] as const) {
        standIn.behaveImages(behaviour);
        const { body, memory } = await generate(t);
        expect(body, behaviour).toMatchObject({ outcome: 'fallback', errorDetails: 'the image service answered an address this server does not call' });
        await expectDefaultArtwork(t, memory.imageUrl);
      }
      standIn.behaveImages('b64');
    });

    it('answers fallback-policy when the content policy refuses the prompt', async () => {
      standIn.behaveImages('policy');
      const { body, memory, raw } = await generate(t);
      expect(body).toMatchObject({ outcome: 'fallback-policy', errorDetails: null });
      expect(raw).not.toContain('safety system');
      await expectDefaultArtwork(t, memory.imageUrl);
      expect(t.logs.join('')).not.toContain('safety system');
    });

    it('answers fallback-size when the size is refused', async () => {
      standIn.behaveImages('size');
      await setImageSettings(t, { imageSize: '999x999' });
      try {
        const { body, memory } = await generate(t);
        expect(standIn.images.at(-1)!.body.size).toBe('999x999');
        expect(body).toMatchObject({ outcome: 'fallback-size', errorDetails: null });
        await expectDefaultArtwork(t, memory.imageUrl);
      } finally {
        await setImageSettings(t, { imageSize: '1024x1024' });
      }
    });

    it('answers fallback with the details when the service fails', async () => {
      standIn.behaveImages('error');
      const { body, memory } = await generate(t);
      expect(body).toMatchObject({ outcome: 'fallback', errorDetails: 'the image service answered 500' });
      await expectDefaultArtwork(t, memory.imageUrl);
    });

    it('answers fallback quickly when the service never answers', async () => {
      standIn.behaveImages('hang');
      const { body, memory } = await generate(t);
      expect(body).toMatchObject({ outcome: 'fallback', errorDetails: 'the image service did not answer in time' });
      await expectDefaultArtwork(t, memory.imageUrl);
      standIn.behaveImages('b64');
    });
  });

  it('asks DALL·E models for base64 explicitly', async () => {
    const dalle = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_IMAGE_MODEL: 'dall-e-3', RATE_LIMIT_GENERATION_MAX: '1000' });
    standIn.behaveText('json');
    standIn.behaveImages('b64');
    await generate(dalle);
    expect(standIn.images.at(-1)!.body).toMatchObject({ model: 'dall-e-3', response_format: 'b64_json' });
  });
});
