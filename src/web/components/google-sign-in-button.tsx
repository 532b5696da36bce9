import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { currentLanguage } from '@web/lib/i18n';
import { signInWithGoogle } from '@web/lib/sign-in-with-google';
import { Button } from './ui/button';

/** Shown only when the installation has Google sign-in configured (public config). */
export function GoogleSignInButton({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    const started = await signInWithGoogle(currentLanguage());
    // On success the page is leaving; keep the spinner until it does.
    if (!started) {
      setPending(false);
      toast.error(t('toasts.googleError'), { id: 'google-error' });
    }
  }

  return (
    <Button variant="secondary" size="lg" className={className} pending={pending} onClick={() => void start()}>
      {pending ? null : <GoogleGlyph />}
      {t('google')}
    </Button>
  );
}

function GoogleGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M22.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h5.9a5.05 5.05 0 0 1-2.2 3.3v2.75h3.55c2.08-1.92 3.25-4.74 3.25-8.08Z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.55-2.75c-.99.66-2.25 1.06-3.73 1.06-2.87 0-5.3-1.94-6.16-4.54H2.17v2.84A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.17A11 11 0 0 0 1 12c0 1.78.43 3.46 1.17 4.94l3.67-2.84Z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.07.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.17 7.06l3.67 2.84C6.7 7.3 9.13 5.38 12 5.38Z" />
    </svg>
  );
}
