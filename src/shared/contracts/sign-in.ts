import { z } from 'zod';

/** Single sign-on's provider id: the sign-in button asks for it, and its callback is /api/auth/callback/sso. */
export const SSO_PROVIDER_ID = 'sso';

/** PUT /api/admin/sign-in: e-mail and password sign-in on or off (off only with single sign-on working). */
export const signInMethodsUpdateSchema = z.strictObject({
  passwordSignIn: z.boolean({ error: 'validation.invalid' }),
});
export type SignInMethodsUpdate = z.infer<typeof signInMethodsUpdateSchema>;

/** GET and PUT /api/admin/sign-in: how people sign in here, as the Global tab shows it. */
export const signInMethodsSchema = z.object({
  /** Single sign-on from configuration (OIDC_*), or null when it is not set up. */
  sso: z.object({ issuer: z.string(), label: z.string().nullable() }).nullable(),
  /** In force: the administrators' switch, and always true without single sign-on. */
  passwordSignIn: z.boolean(),
  /** Whether the administrator asking has signed in with single sign-on (the switch needs it). */
  signedInWithSso: z.boolean(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
