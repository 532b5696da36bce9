import { ArrowRight, CircleAlert, ImageIcon, LogIn } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ViewConversationButton } from '@web/components/conversation-dialog';
import { LikeButton } from '@web/components/like-button';
import { MemoryCard } from '@web/components/memory-card';
import { MemoryGridSkeleton, MemoryNotice, memoryGridClassName } from '@web/components/memory-grid';
import { Button } from '@web/components/ui/button';
import { useRecentMemories } from '../api/get-recent-memories';

interface RecentMemoriesProps {
  signedIn: boolean;
  /** The home's main action, offered again by the empty state. */
  onStart: () => void;
  startDisabled: boolean;
}

type GridState = 'signed-out' | 'loading' | 'error' | 'empty' | 'ready';


/** The home page's latest six memories, with designed loading, error, empty and signed-out states. */
export function RecentMemories({ signedIn, onStart, startDisabled }: RecentMemoriesProps) {
  const { t, i18n } = useTranslation('home');
  const memories = useRecentMemories({ enabled: signedIn });
  const language = i18n.resolvedLanguage ?? i18n.language;
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);

  const state: GridState = !signedIn
    ? 'signed-out'
    : memories.isPending
      ? 'loading'
      : memories.isError
        ? 'error'
        : memories.data.length === 0
          ? 'empty'
          : 'ready';

  let body: ReactNode;
  switch (state) {
    case 'signed-out':
      body = (
        <MemoryNotice icon={<LogIn aria-hidden="true" className="size-6" />} text={t('memories.signedOut')}>
          <Button asChild>
            <Link to="/auth">{t('memories.signIn')}</Link>
          </Button>
        </MemoryNotice>
      );
      break;
    case 'loading':
      body = <MemoryGridSkeleton label={t('memories.loading')} />;
      break;
    case 'error':
      body = (
        <MemoryNotice role="alert" icon={<CircleAlert aria-hidden="true" className="size-6 text-danger" />} text={t('memories.error')} hint={t('memories.errorHint')}>
          <Button variant="secondary" pending={memories.isFetching} onClick={() => void memories.refetch()}>
            {t('common:actions.tryAgain')}
          </Button>
        </MemoryNotice>
      );
      break;
    case 'empty':
      body = (
        <MemoryNotice icon={<ImageIcon aria-hidden="true" className="size-6" />} title={t('memories.emptyTitle')} text={t('memories.empty')}>
          <Button disabled={startDisabled} onClick={onStart}>
            {t('memories.emptyAction')}
          </Button>
        </MemoryNotice>
      );
      break;
    case 'ready':
      body = (
        <ul className={memoryGridClassName}>
          {(memories.data ?? []).map((memory, position) => (
            <li key={memory.id}>
              <MemoryCard
                memory={memory}
                position={position}
                formatDate={formatDate}
                actions={
                  <>
                    <ViewConversationButton memory={memory} variant="icon" />
                    <LikeButton memory={memory} />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      );
      break;
  }

  return (
    <section aria-labelledby="home-memories-title" aria-busy={state === 'loading' || undefined} data-testid="home-memories" data-state={state} className="space-y-6">
      <div className="flex items-end justify-between gap-4">
        <h2 id="home-memories-title" className="text-2xl font-medium sm:text-3xl">
          {t('memories.title')}
        </h2>
        {state === 'ready' ? (
          <Button asChild variant="ghost" size="sm" className="-mr-3">
            <Link to="/home/memories">
              {t('memories.viewAll')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
      {body}
    </section>
  );
}
