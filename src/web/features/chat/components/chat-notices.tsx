import { LogIn, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useAgentGenderContext } from '@web/lib/agent-gender';

/** A signed-out visitor is invited to sign in (the route is protected; this covers the gap). */
export function SignedOutPrompt() {
  const { t } = useTranslation('chat');
  const context = useAgentGenderContext();
  return (
    <div className="mx-auto w-full max-w-xl py-8">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
            <LogIn aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-medium">{t('signedOut.title')}</h1>
          <p className="max-w-prose leading-relaxed text-ink-muted">{t('signedOut.body', { context })}</p>
          <Button asChild size="lg" className="mt-2">
            <Link to="/auth">{t('signedOut.action')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** After the free first session, without a subscription: a calm word and the way to the plan, in place of the input. */
export function NoAccessNotice() {
  const { t } = useTranslation('chat');
  return (
    <section
      aria-labelledby="chat-no-access-title"
      data-testid="chat-access-notice"
      className="shrink-0 space-y-3 border-t border-line bg-sand/50 p-4 sm:p-5"
    >
      <h2 id="chat-no-access-title" className="text-lg font-medium">
        {t('noAccess.title')}
      </h2>
      <p className="max-w-prose text-[0.95rem] leading-relaxed text-ink-muted">{t('noAccess.body')}</p>
      <Button asChild>
        <Link to="/home/pricing">
          <Sparkles aria-hidden="true" />
          {t('noAccess.action')}
        </Link>
      </Button>
    </section>
  );
}
