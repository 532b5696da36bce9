import { AUTH_SPINNER_MAX_MS } from '@shared/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { GoogleSignInButton } from '@web/components/google-sign-in-button';
import { SsoSignInButton } from '@web/components/sso-sign-in-button';
import { Card, CardContent } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useMe } from '@web/lib/api/get-me';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import { useLoadingTimeout } from '@web/lib/use-loading-timeout';
import { usePageTitle } from '@web/lib/page-head';
import { AuthShell } from '../components/auth-shell';
import { emptyDraft } from '../components/credentials-draft';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { useInvitation } from '../api/get-invitation';
import { RegisterForm } from '../components/register-form';
import { SignInForm } from '../components/sign-in-form';
import { useAuthLinkToasts } from '../hooks/use-auth-link-toasts';
import { useReturnPath } from '../hooks/use-return-path';

type Tab = 'signIn' | 'register';

export function AuthPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('common:titles.auth'));
  const me = useMe();
  const config = usePublicConfig();
  const returnPath = useReturnPath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const invitationToken = searchParams.get('invitation');
  const [tab, setTab] = useState<Tab>(searchParams.get('tab') === 'register' || invitationToken ? 'register' : 'signIn');
  const [forgotOpen, setForgotOpen] = useState(false);
  // Changing the key remounts the sign-in form with the new e-mail prefilled.
  const [signInEmail, setSignInEmail] = useState('');
  // The e-mail and password typed in one tab's form, for the other's.
  const [draft] = useState(emptyDraft);
  const showSpinner = useLoadingTimeout(me.isPending, AUTH_SPINNER_MAX_MS);
  useAuthLinkToasts();

  // Keyed by the location: tidying the address (?verified=1) can overtake the redirect while the next page's code
  // loads (routes load lazily, decision 0029); the redirect then starts again from the tidied address.
  if (me.data) return <Navigate key={location.key} to={returnPath} replace />;

  // Who may register is the server's rule (it refuses the rest); the page only stops offering what would fail.
  const registration = config.data?.registration ?? 'open';
  const sso = config.data?.sso ?? null;
  // Password sign-in switched off by an administrator: single sign-on only (the server refuses passwords).
  const passwords = config.data?.passwordSignIn ?? true;
  const canRegister = passwords && (registration === 'open' || (registration === 'invite' && invitationToken !== null));
  const shownTab: Tab = canRegister ? tab : 'signIn';

  function handleRegistered(email: string) {
    const mustVerify = config.data?.emailVerificationRequired ?? true;
    toast.success(t(mustVerify ? 'toasts.registeredVerify' : 'toasts.registered'), { id: 'registered' });
    setSignInEmail(email);
    setForgotOpen(false);
    setTab('signIn');
  }

  return (
    <AuthShell title={t('title')} subtitle={t('subtitle')}>
      {showSpinner ? (
        <PageSpinner label={t('common:loading')} className="min-h-64" />
      ) : (
        <Card>
          <CardContent>
            {passwords ? (
              <>
                <Tabs value={shownTab} onValueChange={(value) => setTab(value === 'register' ? 'register' : 'signIn')}>
                  {canRegister ? (
                    <TabsList aria-label={t('tabs.label')}>
                      <TabsTrigger value="signIn">{t('tabs.signIn')}</TabsTrigger>
                      <TabsTrigger value="register">{t('tabs.register')}</TabsTrigger>
                    </TabsList>
                  ) : (
                    <p className="rounded-md bg-sand/60 p-4 text-sm leading-relaxed text-ink-muted">{t(registration === 'closed' ? 'register.closed' : 'register.inviteOnly')}</p>
                  )}
                  <TabsContent value="signIn" className="mt-6">
                    {forgotOpen ? (
                      <ForgotPasswordForm defaultEmail={signInEmail} onBack={() => setForgotOpen(false)} />
                    ) : (
                      <SignInForm
                        key={signInEmail}
                        defaultEmail={signInEmail}
                        draft={draft}
                        onForgotPassword={(email) => {
                          setSignInEmail(email);
                          setForgotOpen(true);
                        }}
                      />
                    )}
                  </TabsContent>
                  {canRegister ? (
                    <TabsContent value="register" className="mt-6">
                      {registration === 'invite' && invitationToken !== null ? (
                        <InvitedRegistration token={invitationToken} onRegistered={handleRegistered} />
                      ) : (
                        <RegisterForm onRegistered={handleRegistered} draft={draft} />
                      )}
                    </TabsContent>
                  ) : null}
                </Tabs>
                {sso || config.data?.googleSignIn ? (
                  <div className="mt-6 space-y-6">
                    <div className="flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
                      <span className="h-px flex-1 bg-line" />
                      {t('or')}
                      <span className="h-px flex-1 bg-line" />
                    </div>
                    {sso ? <SsoSignInButton label={sso.label} className="w-full" /> : null}
                    {config.data?.googleSignIn ? <GoogleSignInButton className="w-full" /> : null}
                  </div>
                ) : null}
              </>
            ) : (
              <div className="space-y-6">
                <p className="text-sm leading-relaxed text-ink-muted">{t('sso.only')}</p>
                {sso ? <SsoSignInButton label={sso.label} variant="primary" className="w-full" /> : null}
                {config.data?.googleSignIn ? <GoogleSignInButton className="w-full" /> : null}
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </AuthShell>
  );
}

/** The registration form for an invitation link: the invited address, once the server confirms the link works. */
function InvitedRegistration({ token, onRegistered }: { token: string; onRegistered: (email: string) => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const invitation = useInvitation(token);
  if (invitation.isPending) return <PageSpinner label={t('common:loading')} className="min-h-32" />;
  if (invitation.isError) {
    return (
      <div role="alert" className="space-y-2 rounded-md border border-line bg-surface p-4">
        <p className="font-semibold text-ink">{t('auth:invitation.invalidTitle')}</p>
        <p className="text-sm leading-relaxed text-ink-muted">{t('auth:invitation.invalidBody')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm leading-relaxed text-ink-muted">{t('auth:invitation.welcome', { email: invitation.data.email })}</p>
      <RegisterForm onRegistered={onRegistered} invitation={{ token, email: invitation.data.email }} />
    </div>
  );
}
