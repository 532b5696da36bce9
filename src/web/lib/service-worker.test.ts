import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker';

function fakePage(readyState: DocumentReadyState, pathname = '/home') {
  const listeners: Array<() => void> = [];
  const target = {
    document: { readyState },
    location: { pathname },
    addEventListener: vi.fn((_type: string, listener: () => void) => void listeners.push(listener)),
  };
  return { target, load: () => listeners.forEach((listener) => listener()) };
}

describe('registerServiceWorker', () => {
  it('registers nothing outside a production build (dev server, tests)', () => {
    const container = { register: vi.fn() };
    expect(registerServiceWorker({ production: false, container, target: fakePage('complete').target })).toBe(false);
    expect(registerServiceWorker({ container, target: fakePage('complete').target })).toBe(false);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers nothing on the pages a visitor opens from a link (a shared memory, unsubscribing)', () => {
    const container = { register: vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration)) };
    for (const pathname of ['/shared/abc', '/shared', '/unsubscribe']) {
      expect(registerServiceWorker({ production: true, container, target: fakePage('complete', pathname).target })).toBe(false);
    }
    expect(container.register).not.toHaveBeenCalled();
    expect(registerServiceWorker({ production: true, container, target: fakePage('complete', '/sharedthings').target })).toBe(true);
    expect(container.register).toHaveBeenCalledOnce();
  });

  it('registers nothing where the browser has no service workers', () => {
    expect(registerServiceWorker({ production: true, container: undefined, target: fakePage('complete').target })).toBe(false);
  });

  it('registers the worker for the whole app once the page has loaded', () => {
    const container = { register: vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration)) };
    const page = fakePage('loading');
    expect(registerServiceWorker({ production: true, container, target: page.target })).toBe(true);
    expect(container.register).not.toHaveBeenCalled();
    page.load();
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('registers at once when the page has already loaded, and a refusal only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = { register: vi.fn(() => Promise.reject(new Error('blocked'))) };
    expect(registerServiceWorker({ production: true, container, target: fakePage('complete').target })).toBe(true);
    expect(container.register).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    warn.mockRestore();
  });
});
