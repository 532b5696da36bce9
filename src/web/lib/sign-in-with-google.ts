import type { Language } from '@shared/limits';

/**
 * Starts Google sign-in; the browser leaves for Google and comes back to /home. The language rides
 * along so a first Google sign-in creates the profile in the language the person was reading.
 * Resolves to false when the redirect could not start.
 */
export async function signInWithGoogle(language: Language): Promise<boolean> {
  try {
    // The landing page shows this button: better-auth's client loads when it is pressed (decision 0029).
    const { authClient } = await import('./auth-client');
    const { error } = await authClient.signIn.social({
      provider: 'google',
      callbackURL: `/home?default_language=${language}`,
      // better-auth appends ?error=<code>; the auth page turns it into a toast.
      errorCallbackURL: '/auth',
      additionalData: { defaultLanguage: language },
    });
    return !error;
  } catch {
    return false;
  }
}
