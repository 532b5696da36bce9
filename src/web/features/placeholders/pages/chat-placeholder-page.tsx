import { MessageCircleHeart, SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The chat's future shape: on mobile it fills the space between header and bottom bar without page
 * scroll (the layout gives it a fixed height); the message list will scroll inside, the input stays put.
 */
export function ChatPlaceholderPage() {
  const { t } = useTranslation('placeholders');
  return (
    <div className="mx-auto flex h-full min-h-[60vh] w-full max-w-3xl flex-col max-md:min-h-0">
      <h1 className="text-3xl font-medium sm:text-4xl">{t('pages.chat.title')}</h1>
      <div className="mt-6 flex min-h-0 flex-1 flex-col items-center justify-center gap-4 overflow-y-auto rounded-lg border border-dashed border-line bg-surface/60 p-6 text-center">
        <MessageCircleHeart aria-hidden="true" className="size-10 text-accent" />
        <p className="font-serif text-2xl leading-snug">{t('comingSoon')}</p>
        <p className="max-w-prose leading-relaxed text-ink-muted">{t('pages.chat.body')}</p>
      </div>
      <div aria-hidden="true" className="mt-4 flex h-[60px] shrink-0 items-center gap-3 rounded-lg border border-line bg-surface px-4 text-ink-muted/60">
        <span className="flex-1 text-left text-sm">…</span>
        <SendHorizontal className="size-5" />
      </div>
    </div>
  );
}
