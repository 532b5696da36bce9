import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@web/lib/api/get-public-config';

/**
 * Said above every tab while the privacy policy's contact is the placeholder address nobody reads: people are
 * told to write there about their data, so an administrator must name a real one (on the server: it is
 * configuration, not a setting of the panel).
 */
export function PrivacyContactNotice() {
  const { t } = useTranslation('admin');
  const config = usePublicConfig().data;
  if (!config?.privacyContactPlaceholder) return null;
  return (
    <div role="note" aria-labelledby="privacy-contact-title" className="flex gap-3 rounded-lg border border-accent/30 bg-accent-soft px-4 py-3 text-ink">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <div className="space-y-1">
        <p id="privacy-contact-title" className="font-medium">
          {t('privacyContact.title')}
        </p>
        <p className="text-sm leading-relaxed">{t('privacyContact.body', { email: config.privacyEmail })}</p>
      </div>
    </div>
  );
}
