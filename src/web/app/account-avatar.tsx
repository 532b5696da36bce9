// The account button's look, shared by its light stand-in (user-menu.tsx) and the menu Radix draws (user-menu-panel.tsx).
import type { MeResponse } from '@shared/contracts/me';
import { Avatar } from '@web/components/ui/avatar';
import { getAvatarSource } from '@web/lib/avatar-source';

export const ACCOUNT_BUTTON_CLASS =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-sand data-[state=open]:bg-sand';

/** The person's picture, or their initial. */
export function AccountAvatar({ me }: { me: MeResponse }) {
  const source = getAvatarSource({
    profileAvatarUrl: me.profile.avatarUrl,
    userImage: me.user.image,
    firstName: me.profile.firstName,
    email: me.user.email,
  });
  const initials = getAvatarSource({ firstName: me.profile.firstName, email: me.user.email });
  return <Avatar source={source} fallbackText={initials.kind === 'initials' ? initials.text : '?'} />;
}
