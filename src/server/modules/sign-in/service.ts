import { SSO_PROVIDER_ID, type SignInMethods } from '@shared/contracts/sign-in';
import { AppError } from '../../app-error';
import type { SettingsService } from '../settings/service';
import type { SignInRepository } from './repository';

/**
 * How people sign in: e-mail and password, single sign-on, or single sign-on only. Password sign-in is
 * turned off only by an administrator who has signed in with single sign-on, and only while it is
 * configured: remove the OIDC_* settings and passwords work again, so nobody is ever locked out
 * (docs/decisions/0070-single-sign-on.md).
 */
export function createSignInService(deps: { signIn: SignInRepository; settings: Pick<SettingsService, 'passwordSignIn' | 'setPasswordSignIn'>; sso: { issuer: string; label: string | null } | null }) {
  const { signIn, settings, sso } = deps;

  /** In force now: asked before every password sign-in, sign-up and reset. */
  const passwordSignIn = async () => (sso ? settings.passwordSignIn() : true);

  async function methodsFor(userId: string): Promise<SignInMethods> {
    const [password, signedInWithSso] = await Promise.all([passwordSignIn(), sso ? signIn.hasAccount(userId, SSO_PROVIDER_ID) : false]);
    return { sso: sso ? { issuer: sso.issuer, label: sso.label } : null, passwordSignIn: password, signedInWithSso };
  }

  return {
    passwordSignIn,
    methodsFor,

    async setPasswordSignIn(adminId: string, on: boolean): Promise<SignInMethods> {
      if (!on) {
        if (!sso) throw new AppError('SSO_NOT_CONFIGURED', 'Single sign-on is not set up (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).');
        if (!(await signIn.hasAccount(adminId, SSO_PROVIDER_ID))) {
          throw new AppError('SSO_NOT_PROVEN', 'Sign in with single sign-on yourself before turning password sign-in off.');
        }
      }
      await settings.setPasswordSignIn(on);
      return methodsFor(adminId);
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
