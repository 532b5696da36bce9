import { CONTINUITY_FACT_MAX, CONTINUITY_FACTS_MAX } from '@shared/limits';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useChatStatus } from '@web/lib/api/get-chat-status';
import { useDateFormat } from '@web/lib/date-format';
import { currentLanguage } from '@web/lib/i18n';
import { useContinuity, useContinuityChange } from '../api/continuity';

/**
 * "What <agent> remembers": exactly what the companion is told each day, every item removable, and the
 * switches for continuity and for the facts the person wrote.
 */
export function ContinuitySection() {
  const { t } = useTranslation('keeping');
  const id = useId();
  const language = currentLanguage();
  const status = useChatStatus(language);
  const agentName = status.data?.agent.name.trim() || 'Mira';
  const continuity = useContinuity(language);
  const change = useContinuityChange();
  const [fact, setFact] = useState('');
  // A memory's date is a calendar day: its style is formatted in UTC so no time zone moves it.
  const formatDay = useDateFormat('mediumDay', language);

  const run = (input: Parameters<typeof change.mutate>[0], onDone?: () => void) =>
    change.mutate(input, { onSuccess: onDone, onError: () => toast.error(t('remembers.saveError'), { id: 'continuity' }) });

  const addFact = (event: FormEvent) => {
    event.preventDefault();
    if (!fact.trim()) return;
    run({ kind: 'add-fact', text: fact.trim() }, () => setFact(''));
  };

  let body;
  if (continuity.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 text-ink-muted">
        <Spinner className="size-5" />
        {t('remembers.loading')}
      </p>
    );
  } else if (continuity.isError) {
    body = <p role="alert" className="text-danger">{t('remembers.error')}</p>;
  } else {
    const data = continuity.data;
    body = (
      <div className="space-y-6" aria-busy={change.isPending || undefined}>
        <div className="space-y-3">
          <label className="flex items-start gap-3 text-ink">
            <input
              type="checkbox"
              checked={data.enabled}
              onChange={(event) => run({ kind: 'settings', settings: { enabled: event.target.checked, factsEnabled: data.factsEnabled } })}
              className="mt-1 size-4 accent-[var(--color-accent)]"
            />
            {t('remembers.enabled', { agentName })}
          </label>
          <label className="flex items-start gap-3 text-ink">
            <input
              type="checkbox"
              checked={data.factsEnabled}
              disabled={!data.enabled}
              onChange={(event) => run({ kind: 'settings', settings: { enabled: data.enabled, factsEnabled: event.target.checked } })}
              className="mt-1 size-4 accent-[var(--color-accent)]"
            />
            {t('remembers.factsEnabled', { agentName })}
          </label>
        </div>

        <section aria-labelledby={`${id}-memories`} className="space-y-2">
          <h3 id={`${id}-memories`} className="font-medium text-ink">
            {t('remembers.memories')}
          </h3>
          {data.memories.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('remembers.noMemories')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-lg border border-line">
              {data.memories.map((memory) => (
                <li key={memory.id} className="flex items-start justify-between gap-3 px-3 py-2.5">
                  <p className="min-w-0 text-sm">
                    <time dateTime={memory.date} className="text-ink-muted">
                      {formatDay(memory.date)}
                    </time>{' '}
                    —{' '}
                    {memory.hardDay ? <span className="text-ink-muted">{t('remembers.hardDay')}</span> : <span className="font-medium break-words text-ink">{memory.title}</span>}
                  </p>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('remembers.remove', { title: memory.title, agentName })}
                    onClick={() => run({ kind: 'hide-memory', id: memory.id }, () => toast.success(t('remembers.removed', { agentName }), { id: 'continuity' }))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby={`${id}-facts`} className="space-y-2">
          <h3 id={`${id}-facts`} className="font-medium text-ink">
            {t('remembers.facts')}
          </h3>
          <p className="text-sm text-ink-muted">{t('remembers.factsHint', { agentName })}</p>
          {data.facts.length > 0 && !data.factsEnabled ? (
            <p data-testid="continuity-facts-not-sent" className="text-sm text-ink">
              {t('remembers.factsNotSent', { agentName })}
            </p>
          ) : null}
          {data.facts.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('remembers.noFacts')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-lg border border-line">
              {data.facts.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2.5">
                  <p className="min-w-0 text-sm break-words text-ink">{item.text}</p>
                  <Button variant="ghost" size="icon" aria-label={t('remembers.removeFact', { text: item.text })} onClick={() => run({ kind: 'remove-fact', id: item.id })}>
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {data.facts.length < CONTINUITY_FACTS_MAX ? (
            <form onSubmit={addFact} className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <FormField id={`${id}-fact`} label={t('remembers.factLabel')} className="flex-1">
                <Input value={fact} maxLength={CONTINUITY_FACT_MAX} onChange={(event) => setFact(event.target.value)} />
              </FormField>
              <Button type="submit" variant="secondary" disabled={!fact.trim()}>
                {t('remembers.addFact')}
              </Button>
            </form>
          ) : null}
        </section>

        <details className="rounded-lg bg-sand/60 px-4 py-3">
          <summary className="cursor-pointer font-medium text-ink">{t('remembers.sent')}</summary>
          {data.context ? (
            <pre data-testid="continuity-context" className="mt-3 text-sm leading-relaxed whitespace-pre-wrap text-ink">
              {data.context}
            </pre>
          ) : (
            <p className="mt-3 text-sm text-ink-muted">{data.enabled ? t('remembers.nothingSent') : t('remembers.off', { agentName })}</p>
          )}
        </details>
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('remembers.title', { agentName })}</CardTitle>
        <CardDescription>{t('remembers.description', { agentName })}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
