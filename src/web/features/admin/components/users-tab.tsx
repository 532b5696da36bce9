import { CircleAlert, Gift, Search, ShieldCheck, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Pager } from '@web/components/pager';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/api/get-me';
import { errorMessage } from '@web/lib/error-message';
import { cn } from '@web/lib/utils';
import { useAdminUsers, type AdminUser } from '../api/get-admin-users';
import { useUpdateFreeAccess } from '../api/update-free-access';

/** Typing pauses this long before the search is sent (and written into the address). */
export const USER_SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX = 254;

/** The search lives in the address (?tab=users&q=…): a reload or a shared link finds the same people. */
export function readUserSearch(value: string | null): string {
  return (value ?? '').trim().slice(0, SEARCH_MAX);
}

function useFormatDate() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}

interface UsersTabProps {
  search: string;
  onSearchChange: (search: string) => void;
}

/**
 * The Users tab: every account, newest first, found by part of its e-mail, with its subscription,
 * its administrator and free-access marks, and a switch that grants or removes free access.
 */
export function UsersTab({ search, onSearchChange }: UsersTabProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(search);
  // A new search starts on its first page; the page is remembered for the search it belongs to.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const users = useAdminUsers(search, page);
  const formatDate = useFormatDate();
  const { data: me } = useMe();
  const data = users.data;

  // Sent once typing pauses, not at every key.
  useEffect(() => {
    const next = readUserSearch(text);
    if (next === search) return;
    const timer = setTimeout(() => onSearchChange(next), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearchChange]);

  const goTo = (next: number) => setPaging({ search, page: next });

  let body;
  if (!data && !users.isError) {
    body = <PageSpinner label={t('users.loading')} className="min-h-48" />;
  } else if (!data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <p className="font-serif text-xl text-ink">{t('users.loadFailed')}</p>
        <p className="text-ink-muted">{t('users.loadFailedBody')}</p>
        <Button variant="secondary" className="mt-2" pending={users.isFetching} onClick={() => void users.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    );
  } else if (data.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md leading-relaxed text-ink-muted">{search ? t('users.noMatch', { search }) : t('users.empty')}</p>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <ul aria-label={t('users.listLabel')} aria-busy={users.isPlaceholderData || undefined} className="divide-y divide-line rounded-md border border-line">
          {data.items.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === me?.user.id} formatDate={formatDate} />
          ))}
        </ul>
        <Pager
          page={page}
          pageCount={data.pageCount}
          onPageChange={goTo}
          texts={{
            label: t('users.pagination'),
            previous: t('users.previous'),
            next: t('users.next'),
            status: t('users.page', { page: data.page, count: data.pageCount }),
          }}
        />
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-users">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('users.title')}</CardTitle>
        <CardDescription>{t('users.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form role="search" onSubmit={(event) => event.preventDefault()} className="space-y-1.5">
          {/* Written out rather than through FormField: the magnifier sits inside the box. */}
          <Label htmlFor={`${id}-search`}>{t('users.search')}</Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted" />
            <Input
              id={`${id}-search`}
              type="search"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              maxLength={SEARCH_MAX}
              aria-describedby={`${id}-search-hint`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className="pl-10"
            />
          </div>
          <p id={`${id}-search-hint`} className="text-sm text-ink-muted">
            {t('users.searchHint')}
          </p>
        </form>
        {/* Announced when a search or a page changes how many people there are. */}
        <p role="status" data-testid="admin-users-count" className="min-h-6 text-sm font-medium text-ink-muted">
          {data ? (search ? t('users.countMatching', { count: data.total, search }) : t('users.count', { count: data.total })) : null}
        </p>
        {body}
      </CardContent>
    </Card>
  );
}

/** The payment provider's subscription states, in words; one the app does not know is shown as the provider names it. */
const KNOWN_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'];

function SubscriptionLine({ user, formatDate }: { user: AdminUser; formatDate: (iso: string) => string }) {
  const { t } = useTranslation('admin');
  if (!user.subscriptionStatus) return <>{t('users.noSubscription')}</>;
  const status = KNOWN_STATUSES.includes(user.subscriptionStatus) ? t(`users.status.${user.subscriptionStatus}`) : user.subscriptionStatus;
  if (!user.subscriptionEndsAt) return <>{status}</>;
  const date = formatDate(user.subscriptionEndsAt);
  const ended = Date.parse(user.subscriptionEndsAt) <= Date.now();
  const renews = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trialing';
  const when = ended ? t('users.endedOn', { date }) : renews ? t('users.renewsOn', { date }) : t('users.endsOn', { date });
  return (
    <>
      {status}
      <span aria-hidden="true"> · </span>
      <time dateTime={user.subscriptionEndsAt}>{when}</time>
    </>
  );
}

interface UserRowProps {
  user: AdminUser;
  isSelf: boolean;
  formatDate: (iso: string) => string;
}

/** One person: who, since when, what they pay for, and the free-access switch. */
function UserRow({ user, isSelf, formatDate }: UserRowProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const update = useUpdateFreeAccess();

  const toggle = () => {
    const freeAccess = !user.freeAccess;
    update.mutate(
      { id: user.id, freeAccess },
      {
        onSuccess: () => toast.success(t(freeAccess ? 'admin:users.granted' : 'admin:users.removed'), { id: `free-access-${user.id}`, description: user.email }),
        onError: (error) => toast.error(t('admin:users.freeAccessFailed'), { id: `free-access-${user.id}`, description: errorMessage(t, error) }),
      },
    );
  };

  return (
    <li data-testid="admin-user" data-email={user.email} className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span id={`${id}-email`} className="min-w-0 font-medium break-all text-ink">
            {user.email}
          </span>
          {isSelf ? <span className="text-sm text-ink-muted">{t('admin:users.you')}</span> : null}
        </p>
        <p className="text-sm text-ink-muted">
          {user.firstName ? <span className="text-ink">{user.firstName}</span> : <span className="italic">{t('admin:users.noName')}</span>}
          <span aria-hidden="true"> · </span>
          <time dateTime={user.createdAt}>{t('admin:users.joined', { date: formatDate(user.createdAt) })}</time>
        </p>
        {user.isAdmin || user.freeAccess ? (
          <p className="flex flex-wrap gap-2" data-testid="admin-user-marks">
            {user.isAdmin ? (
              <Badge className="border-[#c9d7e8] bg-[#e9eff6] text-[#2e5077]">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {t('admin:users.adminBadge')}
              </Badge>
            ) : null}
            {user.freeAccess ? (
              <Badge className="border-accent/30 bg-accent-soft text-accent-strong">
                <Gift aria-hidden="true" className="size-3.5" />
                {t('admin:users.freeAccessBadge')}
              </Badge>
            ) : null}
          </p>
        ) : null}
        <p className="text-sm text-ink-muted" data-testid="admin-user-subscription">
          <span className="sr-only">{t('admin:users.subscription')} </span>
          <SubscriptionLine user={user} formatDate={formatDate} />
        </p>
      </div>

      <div className="flex shrink-0 items-center gap-3">
        <button
          id={`${id}-switch`}
          type="button"
          role="switch"
          aria-checked={user.freeAccess}
          aria-label={t('admin:users.freeAccessFor', { email: user.email })}
          aria-busy={update.isPending || undefined}
          disabled={update.isPending}
          onClick={toggle}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors motion-reduce:transition-none disabled:cursor-wait disabled:opacity-60',
            user.freeAccess ? 'bg-accent' : 'bg-field/60',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-6 rounded-full bg-surface shadow-soft transition-transform motion-reduce:transition-none',
              user.freeAccess ? 'translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
        {/* The visible words the switch's name starts with; clicking them flips it too. */}
        <label htmlFor={`${id}-switch`} className="cursor-pointer text-sm font-medium text-ink select-none">
          {t('admin:users.freeAccess')}
        </label>
      </div>
    </li>
  );
}

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold', className)}>{children}</span>;
}
