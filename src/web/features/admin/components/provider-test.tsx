import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** What the last test call came to, already in the administrator's words. */
export interface ProviderTestOutcome {
  ok: boolean;
  message: string;
}

interface ProviderTestProps {
  /** The outcome's status region, which the button points to so a screen reader hears the answer. */
  id: string;
  /** Names the button; the outcome is `${testId}-result`. */
  testId: string;
  /** What the test does (and costs). */
  hint: string;
  pending: boolean;
  disabled?: boolean;
  onRun: () => void;
  outcome: ProviderTestOutcome | null;
}

/** "Test" for an AI service or the model run by this server: the button, its hint, and the last outcome. */
export function ProviderTest({ id, testId, hint, pending, disabled, onRun, outcome }: ProviderTestProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-2 border-t border-line pt-4">
      <Button type="button" variant="secondary" pending={pending} disabled={disabled} aria-describedby={id} data-testid={testId} onClick={onRun}>
        {pending ? t('admin:ai.test.pending') : t('admin:ai.test.label')}
      </Button>
      <p className="text-sm text-ink-muted">{hint}</p>
      <div id={id} role="status" data-testid={`${testId}-result`}>
        {outcome?.ok ? (
          <p className="flex items-start gap-2 text-sm font-medium text-ink">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {outcome.message}
          </p>
        ) : outcome ? (
          <p className="flex items-start gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {outcome.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
