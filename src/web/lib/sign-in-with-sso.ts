import { SSO_PROVIDER_ID } from '@shared/contracts/sign-in';
import type { Language } from '@shared/limits';

/**
 * Starts single sign-on; the browser leaves for the instance's OpenID provider and comes back to /home.
 * A failure comes back to /auth?provider=sso&error=<code>, which the auth page turns into a message.
 * Resolves to false when the redirect could not start.
 */
export async function signInWithSso(language: Language): Promise<boolean> {
  try {
    // better-auth's client loads when the button is pressed (decision 0029).
    const { authClient } = await import('./auth-client');
    const { error } = await authClient.signIn.social({
      provider: SSO_PROVIDER_ID,
      callbackURL: `/home?default_language=${language}`,
      errorCallbackURL: '/auth?provider=sso',
      additionalData: { defaultLanguage: language },
    });
    return !error;
  } catch {
    return false;
  }
}
