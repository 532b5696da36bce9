import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUpdateMemory } from '@web/lib/api/update-memory';
import { cn } from '@web/lib/utils';

interface LikeButtonProps {
  memory: { id: string; title: string; liked: boolean };
  /** 'sm' on cards, 'md' on a memory's page. */
  size?: 'sm' | 'md';
  className?: string;
}

// One toast at a time: quick taps on several hearts replace each other instead of piling up.
const TOAST_ID = 'memory-like';

/**
 * The favourite heart. The heart fills at once — the cache is updated
 * optimistically by useUpdateMemory, which also puts it back if the server refuses — and a toast
 * says what happened.
 */
export function LikeButton({ memory, size = 'sm', className }: LikeButtonProps) {
  const { t } = useTranslation('gallery');
  const update = useUpdateMemory();
  const liked = memory.liked;

  function toggle() {
    const next = !liked;
    update.mutate(
      { id: memory.id, update: { liked: next } },
      {
        onSuccess: () => toast.success(t(next ? 'like.added' : 'like.removed'), { id: TOAST_ID }),
        onError: () => toast.error(t('like.updateFailed'), { id: TOAST_ID }),
      },
    );
  }

  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={t(liked ? 'like.remove' : 'like.add')}
      title={t(liked ? 'like.remove' : 'like.add')}
      data-testid="like-button"
      onClick={toggle}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-accent-soft',
        liked ? 'text-accent' : 'text-ink-muted hover:text-accent',
        size === 'md' ? 'size-11' : 'size-10',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('transition-transform duration-200 motion-safe:active:scale-90', size === 'md' ? 'size-6' : 'size-5', liked && 'fill-current')} />
    </button>
  );
}
