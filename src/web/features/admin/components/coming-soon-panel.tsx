import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@web/components/ui/card';

/** A tab whose tool is still being built (the admin issue brings them): a calm word, nothing to click. */
export function ComingSoonPanel({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3">
        <span className="inline-flex items-center gap-2 rounded-full bg-sand px-3 py-1 text-xs font-semibold text-ink-muted">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {t('comingSoon.badge')}
        </span>
        <h2 className="font-serif text-2xl leading-snug text-ink">{title}</h2>
        <p className="font-medium text-ink">{t('comingSoon.title')}</p>
        <p className="max-w-prose leading-relaxed text-ink-muted">{t('comingSoon.body')}</p>
      </CardContent>
    </Card>
  );
}
