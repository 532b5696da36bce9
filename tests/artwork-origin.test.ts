import AdmZip from 'adm-zip';
import { afterAll, describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES, digitalSourceTypeOf } from '@server/providers/storage/artwork-origin';
import { buildGenerationRequest, postGeneration } from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const offline = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000', RATE_LIMIT_EXPORT_MAX: '1000' });
const withImageService = await createTestApp({
  AI_BASE_URL: standIn.baseUrl,
  AI_API_KEY: 'sk-test-key',
  AI_CHAT_MODEL: 'stand-in-chat',
  AI_IMAGE_MODEL: 'stand-in-image',
  RATE_LIMIT_GENERATION_MAX: '1000',
  RATE_LIMIT_EXPORT_MAX: '1000',
});

const call = (t: TestApp, method: 'GET' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN } });

describe.each([
  { name: 'the built-in renderer', t: offline, origin: 'renderer' as const },
  { name: 'an AI image service', t: withImageService, origin: 'ai-service' as const },
])('an artwork made by $name', ({ t, origin }) => {
  it('says how it was made in its file, the download, the data export, its page and its shared page', async () => {
    const user = await createUser(t);
    const made = await postGeneration(t, user.cookie, buildGenerationRequest());
    expect(made.statusCode, made.body).toBe(201);
    const { memoryId, outcome } = made.json();
    expect(outcome).toBe('created');

    const detail = (await call(t, 'GET', `/api/memories/${memoryId}`, user.cookie)).json();
    expect(detail.imageOrigin).toBe(origin);
    // The download is the stored file, as the app serves it.
    const download = await call(t, 'GET', detail.imageUrl, user.cookie);
    expect(download.statusCode).toBe(200);
    expect(await digitalSourceTypeOf(download.rawPayload)).toBe(DIGITAL_SOURCE_TYPES[origin]);
    for (const source of detail.imageSources as { url: string }[]) {
      expect(await digitalSourceTypeOf((await call(t, 'GET', source.url)).rawPayload)).toBe(DIGITAL_SOURCE_TYPES[origin]);
    }

    const exported = await call(t, 'GET', '/api/me/export', user.cookie);
    expect(exported.statusCode).toBe(200);
    const zip = new AdmZip(exported.rawPayload);
    const entry = zip.getEntries().find((e) => e.entryName.startsWith(`images/${memoryId}.`));
    expect(entry).toBeDefined();
    expect(await digitalSourceTypeOf(entry!.getData())).toBe(DIGITAL_SOURCE_TYPES[origin]);
    const listed = JSON.parse(zip.readAsText('souvenir-export.json')) as { memories: { id: string; imageOrigin: string | null }[] };
    expect(listed.memories.find((m) => m.id === memoryId)?.imageOrigin).toBe(origin);

    const { shareToken } = (await call(t, 'POST', `/api/memories/${memoryId}/share`, user.cookie)).json();
    expect((await call(t, 'GET', `/api/shared/${shareToken}`)).json().imageOrigin).toBe(origin);
  });
});
