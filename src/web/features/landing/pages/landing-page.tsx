import { AUTH_SPINNER_MAX_MS } from '@shared/limits';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { GoogleSignInButton } from '@web/components/google-sign-in-button';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { LogoMark } from '@web/components/logo-mark';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/api/get-me';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import { useLoadingTimeout } from '@web/lib/use-loading-timeout';
import { usePageTitle } from '@web/lib/page-head';

export function LandingPage() {
  const { t } = useTranslation(['landing', 'common']);
  usePageTitle(t('common:titles.landing'), { standalone: true });
  const me = useMe();
  const config = usePublicConfig();
  const showSpinner = useLoadingTimeout(me.isPending, AUTH_SPINNER_MAX_MS);

  if (me.data) return <Navigate to="/home" replace />;

  return (
    // The whole page is the main landmark: the language switch is part of it, not a site header.
    <main id="main" className="flex min-h-dvh flex-col">
      <div className="flex justify-end p-4">
        <LanguageSwitcher />
      </div>
      <div className="flex flex-1 flex-col items-center justify-center px-6 pb-12 text-center">
        {showSpinner ? (
          <PageSpinner label={t('landing:loading')} />
        ) : (
          <div data-entrance className="flex w-full max-w-md flex-col items-center motion-safe:animate-fade-in">
            <LogoMark className="size-20" />
            <h1 className="mt-6 text-5xl font-medium tracking-tight sm:text-6xl">{t('common:brand')}</h1>
            <p className="mt-3 text-lg text-ink-muted">{t('landing:tagline')}</p>

            <figure className="mt-10 w-full border-y border-line py-8">
              <blockquote className="font-serif text-2xl leading-snug font-light text-ink sm:text-[1.7rem]">{t('landing:quote')}</blockquote>
            </figure>

            <div className="mt-10 flex w-full flex-col gap-3">
              {config.data?.googleSignIn ? <GoogleSignInButton className="w-full" /> : null}
              <Button asChild size="lg" className="w-full">
                <Link to="/auth">
                  <Mail aria-hidden="true" />
                  {t('landing:email')}
                </Link>
              </Button>
              <Button asChild variant="link" className="mt-2 self-center">
                <Link to="/auth?tab=register">{t('landing:register')}</Link>
              </Button>
            </div>

            <p className="mt-10 text-sm text-ink-muted">{t('landing:privacy')}</p>
          </div>
        )}
      </div>
    </main>
  );
}
