import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAgentGenderContext } from '@web/lib/agent-gender';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import { useAiSettings } from '../api/get-ai-settings';
import { useBackups } from '../api/get-backups';
import { useLocalModels } from '../api/get-local-models';
import { formatSize } from '../format-size';

const DISMISSED_KEY = 'souvenir-admin-setup-dismissed';
const gigabytes = (bytes: number, language: string) => formatSize(bytes, language, 'megabyte', 'gigabyte', 1024 ** 3 / 10);

type SetupItem = { id: 'companion' | 'voice' | 'email' | 'access' | 'backups'; done: boolean; tab: 'ai' | 'email' | 'global' };

function readDismissed(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * What a fresh instance still runs on its built-in defaults, for the administrator who opens the panel first: how the
 * companion thinks, voice, e-mail, access and billing, backups — each done or not yet, with the tab that sets it, and
 * the private model offered with its size and the memory it needs. Dismissed on this browser for good.
 */
export function SetupList() {
  const { t, i18n } = useTranslation('admin');
  const context = useAgentGenderContext();
  const [dismissed, setDismissed] = useState(readDismissed);
  const ai = useAiSettings();
  const config = usePublicConfig();
  const backups = useBackups();
  const local = useLocalModels(!dismissed);
  if (dismissed || !ai.data || !config.data || !backups.data) return null;

  const active = (capability: string) => ai.data.providers.find((p) => p.capability === capability)?.active;
  const items: SetupItem[] = [
    { id: 'companion', done: active('chat') !== 'offline-companion', tab: 'ai' },
    { id: 'voice', done: active('transcription') !== 'none', tab: 'ai' },
    { id: 'email', done: config.data.mailProvider === 'smtp', tab: 'email' },
    { id: 'access', done: config.data.billing !== 'sandbox', tab: 'global' },
    { id: 'backups', done: backups.data.dailyAt !== null || backups.data.items.length > 0, tab: 'global' },
  ];
  if (items.every((item) => item.done)) return null;
  const model = local.data?.suggested[0];

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private browsing: hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Card role="region" aria-labelledby="admin-setup-title" data-testid="admin-setup">
      <CardHeader>
        <CardTitle id="admin-setup-title">{t('setup.title')}</CardTitle>
        <CardDescription>{t('setup.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id} data-testid={`admin-setup-${item.id}`} data-done={item.done} className="flex items-start gap-3">
              {item.done ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
              )}
              <div className="min-w-0 space-y-0.5">
                <p className="text-sm text-ink">
                  <Link to={`/home/admin?tab=${item.tab}`} className="font-medium underline underline-offset-2">
                    {t(`setup.items.${item.id}`, { context })}
                  </Link>{' '}
                  <span className="text-ink-muted">· {item.done ? t('setup.done') : t('setup.notYet')}</span>
                </p>
                {item.id === 'companion' && !item.done && model ? (
                  <p className="text-sm text-ink-muted">
                    {t('setup.privateModel', {
                      name: model.label,
                      size: model.sizeBytes ? gigabytes(model.sizeBytes, i18n.language) : '?',
                      memory: gigabytes(model.memoryBytes, i18n.language),
                    })}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <Button type="button" variant="secondary" size="sm" onClick={dismiss}>
          {t('setup.dismiss')}
        </Button>
      </CardContent>
    </Card>
  );
}
