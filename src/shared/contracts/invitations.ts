import { z } from 'zod';
import { EMAIL_MAX, LANGUAGES } from '../limits';

/** The token in an invitation link: 32 random bytes, base64url. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/admin/invitations: an administrator invites an address, the e-mail in the chosen language. */
export const invitationCreateSchema = z.strictObject({
  email: z.string({ error: 'validation.emailInvalid' }).trim().toLowerCase().max(EMAIL_MAX, 'validation.emailTooLong').email('validation.emailInvalid'),
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(['pending', 'accepted', 'expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/invitations/:token: the invited address, so the registration form can show it; 404 once unusable. */
export const invitationLookupSchema = z.object({ email: z.string(), language: z.enum(LANGUAGES) });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;
