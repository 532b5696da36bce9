/** `mark`: Souvenir's own mark, worn by the agent when it has no picture. */
export type AvatarSource = { kind: 'image'; src: string } | { kind: 'initials'; text: string } | { kind: 'mark' };

interface AvatarInputs {
  profileAvatarUrl?: string | null;
  /** The image the sign-in provider gave (e.g. a Google picture). */
  userImage?: string | null;
  firstName?: string | null;
  email?: string | null;
}

/**
 * Profile avatar, then the sign-in provider's picture, then the first letter of the first
 * name, then the first two letters of the e-mail — always uppercased.
 */
export function getAvatarSource({ profileAvatarUrl, userImage, firstName, email }: AvatarInputs): AvatarSource {
  const image = profileAvatarUrl?.trim() || userImage?.trim();
  if (image) return { kind: 'image', src: image };
  const name = firstName?.trim();
  // Array.from keeps a letter whole even when it is outside the Basic Multilingual Plane.
  if (name) return { kind: 'initials', text: (Array.from(name)[0] ?? '').toUpperCase() };
  const mail = email?.trim();
  if (mail) return { kind: 'initials', text: Array.from(mail).slice(0, 2).join('').toUpperCase() };
  return { kind: 'initials', text: '?' };
}

/**
 * The agent is not a person: it wears the picture the administrators chose, else Souvenir's mark —
 * never an initial, which would make "Mira" look exactly like Maya or Marc.
 */
export function getAgentAvatarSource(avatarUrl?: string | null): AvatarSource {
  const image = avatarUrl?.trim();
  return image ? { kind: 'image', src: image } : { kind: 'mark' };
}
