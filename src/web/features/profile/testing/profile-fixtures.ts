import type { SubscriptionStatus } from '@shared/contracts/billing';
import type { ChatStatusResponse } from '@shared/contracts/chat';
import type { MeResponse } from '@shared/contracts/me';
import { baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** GET /api/chat/status for someone still on the free first session; the profile page reads only `journalDays`. */
export function buildChatStatus(subscription: Partial<ChatStatusResponse['subscription']> = {}): ChatStatusResponse {
  return {
    journalDays: 0,
    hasAccess: true,
    subscription: { active: false, freeAccess: false, ...subscription },
    generation: { remaining: 1, limit: 1, canGenerate: true },
    agent: { name: 'Lune', avatarUrl: null, gender: 'feminine' },
    firstName: 'Camille',
    voice: false,
    companion: 'offline',
  };
}

/** GET /api/billing/status for someone with no subscription (the sandbox provider). */
export function buildBillingStatus(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return { hasActiveSubscription: false, expiresAt: null, isFreeAccess: false, status: null, manageable: false, provider: 'sandbox', ...overrides };
}

/** /home/profile for `me`, with the network the page uses; `handlers` replace or add answers. */
export function renderProfile({ me = buildMe(), handlers = {} }: { me?: MeResponse; handlers?: Record<string, Handler> } = {}) {
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/chat/status': () => json(buildChatStatus()),
    'GET /api/billing/status': () => json(buildBillingStatus()),
    ...handlers,
  });
  return { ...renderApp('/home/profile'), ...network };
}

/** The image in the header's account button: what the person sees as their avatar at the top of the page. */
export function headerAvatarImage(accountButton: HTMLElement): HTMLImageElement | null {
  return accountButton.querySelector('img');
}

interface FakeUpload {
  xhr: FakeXhr;
  body: FormData;
}

/**
 * XMLHttpRequest as the avatar upload uses it: the test decides when bytes go out (progress) and what
 * the server answers. Every request made is kept in `FakeXhr.sent`.
 */
export class FakeXhr {
  static sent: FakeUpload[] = [];
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ xhr: this, body });
  }
  abort() {
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
