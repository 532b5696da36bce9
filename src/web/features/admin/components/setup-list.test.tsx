import type { AiProviderView, LocalModelOverview } from '@shared/contracts/ai';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, buildPublicConfig, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildAdminSettings } from '../testing/admin-fixtures';

const WAIT = { timeout: 5000 };
const GB = 1024 ** 3;

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const view = (capability: AiProviderView['capability'], active: string): AiProviderView => ({
  capability,
  source: 'configuration',
  preset: null,
  baseUrl: null,
  model: null,
  hasKey: false,
  keyMask: null,
  active,
  configuration: { provider: active, baseUrl: null, model: null },
  updatedAt: null,
  failing: null,
});

const overview: LocalModelOverview = {
  machine: { totalMemoryBytes: 8 * GB, freeMemoryBytes: 4 * GB, freeDiskBytes: 50 * GB },
  files: [],
  suggested: [
    { id: 'qwen', label: 'Qwen2.5 1.5B Instruct (Q4_K_M)', fileName: 'q.gguf', url: 'https://huggingface.co/q.gguf', sizeBytes: Math.round(1.1 * GB), memoryBytes: 2 * GB, licence: 'Apache-2.0', hasHash: true, fits: true },
  ],
  downloads: [],
};

/** A fresh instance: every capability on its built-in default, the outbox, the sandbox checkout, no backups; mail by SMTP only if asked. */
function freshInstance(language: 'en' | 'fr') {
  const admin = buildMe({ profile: { isAdmin: true, firstName: 'Alex', defaultLanguage: language } });
  mockFetch({
    ...baseHandlers(admin, buildPublicConfig({ mailProvider: 'outbox', billing: 'sandbox', agentGender: 'feminine' })),
    'GET /api/admin/settings': () => json(buildAdminSettings()),
    'GET /api/admin/ai': () =>
      json({ providers: [view('chat', 'offline-companion'), view('text', 'offline-extractor'), view('image', 'generative-art'), view('transcription', 'none')] }),
    'GET /api/admin/backups': () => json({ items: [], dailyAt: null, keep: 7, storedIn: 'data-folder' }),
    'GET /api/admin/ai/local': () => json(overview),
  });
  return renderApp('/home/admin?tab=email');
}

describe('the setup list on a fresh instance', () => {
  it.each([
    ['en', 'Setting up Souvenir', ['How the companion thinks', 'Voice messages', 'E-mail', 'Access and billing', 'Backups'], 'not yet', /Private AI on this server: Qwen2\.5 1\.5B Instruct \(Q4_K_M\), a 1\.1 GB download that needs about 2 GB of memory\./, 'Hide this list'],
    ['fr', 'Mettre Souvenir en place', ['Comment pense la compagne', 'Messages vocaux', 'E-mail', 'Accès et paiement', 'Sauvegardes'], 'pas encore', /IA privée sur ce serveur\u00a0: Qwen2\.5 1\.5B Instruct \(Q4_K_M\), un téléchargement de 1,1[\s\u202f]Go qui demande environ 2[\s\u202f]Go de mémoire\./, 'Masquer cette liste'],
  ] as const)('lists each item not yet done with the tab that sets it, offers the private model, and can be hidden (%s)', async (language, title, items, notYet, model, hide) => {
    await i18n.changeLanguage(language);
    const { user } = freshInstance(language);
    const list = await screen.findByRole('region', { name: title }, WAIT);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([...items]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/home/admin?tab=ai', '/home/admin?tab=ai', '/home/admin?tab=email', '/home/admin?tab=global', '/home/admin?tab=global']);
    expect(within(list).getAllByText(`· ${notYet}`)).toHaveLength(5);
    await waitFor(() => expect(within(list).getByTestId('admin-setup-companion').textContent).toMatch(model), WAIT);

    await user.click(within(list).getByRole('button', { name: hide }));
    await waitFor(() => expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument());
    expect(localStorage.getItem('souvenir-admin-setup-dismissed')).toBe('1');
  });
});
