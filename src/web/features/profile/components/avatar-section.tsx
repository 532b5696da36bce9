import type { MeResponse } from '@shared/contracts/me';
import { useTranslation } from 'react-i18next';
import { PicturePicker } from '@web/components/picture-picker';
import { Avatar } from '@web/components/ui/avatar';
import { getAvatarSource } from '@web/lib/avatar-source';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';

/**
 * The profile picture: shown as the header shows it (profile picture, then the
 * sign-in provider's, then initials), changed through the file picker with the spec's progress bar.
 * The server checks the content again (a text file named .png is refused there).
 */
export function AvatarSection({ me }: { me: MeResponse }) {
  const { t } = useTranslation('profile');
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const source = getAvatarSource({ profileAvatarUrl: me.profile.avatarUrl, userImage: me.user.image, firstName: me.profile.firstName, email: me.user.email });
  const initials = getAvatarSource({ firstName: me.profile.firstName, email: me.user.email });

  return (
    <PicturePicker
      texts="profile:avatar"
      hasPicture={Boolean(me.profile.avatarUrl)}
      upload={upload}
      remove={remove}
      toastId="profile-avatar"
      inputTestId="avatar-file-input"
      preview={
        <figure className="shrink-0">
          <Avatar source={source} fallbackText={initials.kind === 'initials' ? initials.text : '?'} className="size-24 text-3xl shadow-soft" />
          <figcaption className="sr-only">{t('avatar.current')}</figcaption>
        </figure>
      }
    />
  );
}
