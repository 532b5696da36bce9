import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { currentLanguage } from '@web/lib/i18n';
import { signInWithSso } from '@web/lib/sign-in-with-sso';
import { Button } from './ui/button';

/** Shown only when the installation has single sign-on configured; named after the provider when it has a label. */
export function SsoSignInButton({ label, className, variant = 'secondary' }: { label: string | null; className?: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  // Drawn on the server, it does nothing until the page's code runs: a press before then would be lost.

  async function start() {
    setPending(true);
    const started = await signInWithSso(currentLanguage());
    // On success the page is leaving; keep the spinner until it does.
    if (!started) {
      setPending(false);
      toast.error(t('toasts.ssoError'), { id: 'sso-error' });
    }
  }

  return (
    <Button variant={variant} size="lg" className={className} pending={pending} onClick={() => void start()}>
      {pending ? null : <KeyRound aria-hidden="true" />}
      {label ? t('sso.continueWith', { name: label }) : t('sso.continue')}
    </Button>
  );
}
