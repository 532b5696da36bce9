import type { PrivacyPolicy } from '@shared/contracts/privacy';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/limits';
import { CircleAlert, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDateFormat } from '@web/lib/date-format';
import { useMe } from '@web/lib/api/get-me';
import { isLanguage, toLanguage } from '@web/lib/language';
import { usePageTitle } from '@web/lib/page-head';
import { cn } from '@web/lib/utils';
import { usePrivacyPolicy } from '../api/get-privacy-policy';
import { PolicyEditor } from '../components/policy-editor';

/** `?language=fr` keeps a chosen policy language across a reload, and makes it a link one can send. */
const LANGUAGE_PARAM = 'language';


/**
 * /privacy-policy: public. The policy in the interface language unless another is
 * chosen here (the interface itself does not change). Administrators can edit the text of the language shown;
 * the server alone decides who may save.
 */
export function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation(['privacy', 'common']);
  usePageTitle(t('common:titles.privacy'));
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get(LANGUAGE_PARAM);
  const language: Language = isLanguage(chosen) ? chosen : (toLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE);
  const policy = usePrivacyPolicy(language);
  const me = useMe();
  // A failed admin check means "not an administrator" — no Edit.
  const isAdmin = me.data?.profile.isAdmin === true;
  const [editing, setEditing] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  // Leaving the editor puts the keyboard back on the button that opened it.
  useEffect(() => {
    if (editing || !returnFocus) return;
    editButtonRef.current?.focus();
    setReturnFocus(false);
  }, [editing, returnFocus]);

  function chooseLanguage(next: Language) {
    setSearchParams(
      (params) => {
        params.set(LANGUAGE_PARAM, next);
        return params;
      },
      { replace: true },
    );
  }

  function openEditor() {
    // Pinned in the address: an interface language change meanwhile must not swap the text being edited.
    if (chosen !== language) chooseLanguage(language);
    setEditing(true);
  }

  function closeEditor() {
    setEditing(false);
    setReturnFocus(true);
  }

  let content;
  if (policy.isPending) content = <PolicySkeleton />;
  else if (policy.isError) content = <PolicyLoadError retrying={policy.isFetching} onRetry={() => void policy.refetch()} />;
  else if (editing) content = <PolicyEditor key={language} policy={policy.data} onClose={closeEditor} />;
  else content = <PolicyView policy={policy.data} />;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <header className="flex flex-col gap-5 border-b border-line pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-4xl font-medium sm:text-5xl">{t('privacy:title')}</h1>
          <p className="mt-3 max-w-[48ch] leading-relaxed text-ink-muted">{t('privacy:intro')}</p>
          <p className="mt-2 max-w-[48ch] text-sm leading-relaxed">
            <Link to="/safety" className="text-accent underline-offset-4 hover:underline">
              {t('privacy:safetyLink')}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:shrink-0">
          {/* While editing, the language stays put: the text in the editor is the one that will be saved. */}
          <PolicyLanguageSwitch value={language} disabled={editing} />
          {isAdmin && !editing && policy.data ? (
            <Button ref={editButtonRef} variant="secondary" onClick={openEditor}>
              <Pencil aria-hidden="true" />
              {t('privacy:edit')}
            </Button>
          ) : null}
        </div>
      </header>
      <div className="pt-8">{content}</div>
    </div>
  );
}

/**
 * English / Français, for the policy text only; each name is written in its own language. Links to the same page with
 * `?language=`, which the server draws too: they work before the app's code has loaded, or without it. The one
 * shown is marked current; while editing they are inert, the text in the editor being the one that will be saved.
 */
function PolicyLanguageSwitch({ value, disabled }: { value: Language; disabled: boolean }) {
  const { t } = useTranslation(['privacy', 'common']);
  const item =
    'inline-flex h-10 items-center rounded-sm px-3 text-sm font-medium text-ink-muted transition-colors aria-[current=true]:bg-ink aria-[current=true]:text-paper';
  return (
    <div role="group" aria-label={t('privacy:language.label')} className="inline-flex rounded-md border border-line bg-surface p-0.5">
      {LANGUAGES.map((language) => {
        const name = t(`common:language.names.${language}`, { lng: language });
        const current = language === value ? 'true' : undefined;
        return disabled ? (
          <span key={language} lang={language} aria-disabled="true" aria-current={current} className={cn(item, 'cursor-not-allowed opacity-60')}>
            {name}
          </span>
        ) : (
          <Link
            key={language}
            to={{ search: `?${LANGUAGE_PARAM}=${language}` }}
            replace
            preventScrollReset
            lang={language}
            hrefLang={language}
            aria-current={current}
            className={cn(item, 'hover:text-ink')}
          >
            {name}
          </Link>
        );
      })}
    </div>
  );
}

function PolicyView({ policy }: { policy: PrivacyPolicy }) {
  // The dates belong to the policy, so they speak its language, whatever the interface's. Texts load by language
  // (decision 0029): naming it here loads this namespace in that language first.
  const lng = policy.language;
  const { t } = useTranslation('privacy', { lng });
  // "2025-04-08" is a calendar day, not an instant: the day part alone, so no time zone moves it to the 7th.
  const formatDay = useDateFormat('longDay', lng);
  const effectiveDate = formatDay(policy.effectiveDate.slice(0, 10));
  const updatedOn = policy.updatedAt ? formatDay(policy.updatedAt.slice(0, 10)) : null;

  return (
    <article lang={lng} data-testid="privacy-policy" data-entrance className="motion-safe:animate-fade-in">
      <p className="text-sm font-medium text-ink-muted">
        <time dateTime={policy.effectiveDate}>{t('effectiveDate', { date: effectiveDate, lng })}</time>
        {updatedOn ? (
          <>
            <span aria-hidden="true"> · </span>
            <time dateTime={policy.updatedAt ?? undefined}>{t('lastUpdated', { date: updatedOn, lng })}</time>
          </>
        ) : null}
      </p>
      <div className="mt-6">
        {/*
          The server draws the policy's Markdown once per text, off its event loop and within a time limit, escaping
          every text (docs/decisions/0093-privacy-policy-drawn-when-saved.md): some texts take Markdown parsing seconds,
          which would freeze the server's render or this tab. The browser shows that HTML as it is.
        */}
        <div className="max-w-[65ch] text-[1.05rem] leading-relaxed text-ink/90 [&>*:first-child]:mt-0" dangerouslySetInnerHTML={{ __html: policy.html }} />
      </div>
    </article>
  );
}

/** The policy's shape while it loads: a date, a paragraph, a heading, a list. */
function PolicySkeleton() {
  const { t } = useTranslation('privacy');
  return (
    <div data-testid="privacy-policy-skeleton" aria-busy="true" className="max-w-[65ch]">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <Skeleton className="h-4 w-56" />
      <div className="mt-6 space-y-2.5">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-4/5" />
      </div>
      <Skeleton className="mt-10 h-7 w-48" />
      <div className="mt-4 space-y-2.5">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}

function PolicyLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['privacy', 'common']);
  return (
    <div role="alert" className="flex max-w-md flex-col items-start gap-3">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand">
        <CircleAlert aria-hidden="true" className="size-6 text-danger" />
      </span>
      <h2 className="mt-2 font-serif text-2xl text-ink">{t('privacy:error.title')}</h2>
      <p className="leading-relaxed text-ink-muted">{t('privacy:error.body')}</p>
      <Button variant="secondary" className="mt-2" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </div>
  );
}
