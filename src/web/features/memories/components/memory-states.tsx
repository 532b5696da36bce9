import { CircleAlert, ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';

/** The calm frame of a memory page that cannot show its memory: an icon, a title, a sentence, a next step. */
function StateFrame({ icon, title, body, role, children }: { icon: ReactNode; title: string; body: string; role?: 'alert'; children: ReactNode }) {
  return (
    <div role={role} className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">{icon}</span>
      <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{title}</h1>
      <p className="leading-relaxed text-ink-muted">{body}</p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">{children}</div>
    </div>
  );
}

/** Unknown, deleted or someone else's memory: the server says "not found" for all three, and so do we. */
export function MemoryMissing({ title, body, action }: { title: string; body: string; action: string }) {
  return (
    <StateFrame icon={<ImageOff aria-hidden="true" className="size-6" />} title={title} body={body}>
      <Button asChild>
        <Link to="/home/memories">{action}</Link>
      </Button>
    </StateFrame>
  );
}

/** The memory could not be loaded (network, server): try again, or go back to the gallery. */
export function MemoryLoadError({ title, body, retrying, onRetry }: { title: string; body: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['memories', 'common']);
  return (
    <StateFrame role="alert" icon={<CircleAlert aria-hidden="true" className="size-6 text-danger" />} title={title} body={body}>
      <Button variant="secondary" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
      <Button asChild variant="ghost">
        <Link to="/home/memories">{t('memories:detail.back')}</Link>
      </Button>
    </StateFrame>
  );
}
