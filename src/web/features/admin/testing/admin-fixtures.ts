import type { AdminSettings, OutboxPage } from '@shared/contracts/admin';
import type { AdminSafetyResponse } from '@shared/contracts/safety';
import { json, type RecordedRequest } from '@web/testing/mock-fetch';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function buildAdminSettings(overrides: Partial<AdminSettings> = {}): AdminSettings {
  return {
    chatPrompt: 'You are {agentName}, a gentle companion.',
    chatPromptFr: 'Tu es {agentName}, un compagnon bienveillant.',
    agentName: 'Mira',
    agentNameFr: 'Mira',
    agentGenderFr: 'feminine',
    agentAvatarUrl: null,
    imagePrompt: 'A serene painterly artwork.',
    imagePromptFr: 'Une œuvre picturale sereine.',
    summaryPrompt: 'Write a 100-150 word artistic image prompt.',
    summaryPromptFr: 'Écris un prompt d’image artistique de 100 à 150 mots.',
    imageSize: '1024x1024',
    imageQuality: 'standard',
    dailyGenerationLimit: 1,
    priceIdEn: null,
    priceIdFr: null,
    promoCodeEn: null,
    promoCodeFr: null,
    reminderSubjectEn: 'Souvenir is here when you are ready',
    reminderBodyEn: '<p>Hello {first_name},</p>',
    reminderSubjectFr: 'Souvenir t’attend quand tu veux',
    reminderBodyFr: '<p>Bonjour {first_name},</p>',
    reminderScheduleEnabled: false,
    reminderScheduleDays: 7,
    reminderLastRunOn: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    providers: {
      chat: 'offline-companion',
      text: 'offline-extractor',
      transcription: 'none',
      image: 'generative-art',
      billing: 'none',
      mail: 'outbox',
      storage: 'local-folder',
      googleSignIn: 'off',
      localModel: { chat: null, text: null },
    },
    ...overrides,
  };
}

let saves = 0;

/**
 * A small stand-in for the settings routes: GET answers the current settings, PATCH merges what was sent
 * (trimmed, as the server does) and answers the result. `change` is what another route (the picture
 * upload, say) does to them.
 */
export function settingsServer(initial: AdminSettings = buildAdminSettings()) {
  let settings = initial;
  const handlers: Record<string, Handler> = {
    'GET /api/admin/settings': () => json(settings),
    'PATCH /api/admin/settings': ({ body }) => {
      saves += 1;
      const update = Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
      settings = { ...settings, ...update, updatedAt: new Date(Date.parse(settings.updatedAt) + saves * 1000).toISOString() };
      return json(settings);
    },
  };
  const change = (partial: Partial<AdminSettings>) => {
    settings = { ...settings, ...partial };
  };
  return { handlers, change };
}

export const settingsHandlers = (initial?: AdminSettings) => settingsServer(initial).handlers;

let messageCount = 0;
export function buildOutboxMessage(overrides: Partial<OutboxPage['items'][number]> = {}): OutboxPage['items'][number] {
  messageCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(messageCount).padStart(12, '0')}`,
    to: 'friend@example.com',
    subject: 'Hello from the tester',
    html: '<p>It <b>works</b></p>',
    text: 'It works',
    createdAt: '2026-03-14T12:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/admin/safety with short instructions and no referral yet; override what a test is about. */
export function buildAdminSafety(overrides: Partial<AdminSafetyResponse> = {}): AdminSafetyResponse {
  return {
    instructions: {
      en: 'If the person may be in danger, answer with warmth and point to the helplines.',
      fr: 'Si la personne est peut-être en danger, réponds avec chaleur et indique les numéros d’aide.',
    },
    referrals: [],
    ...overrides,
  };
}
