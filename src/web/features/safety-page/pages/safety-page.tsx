import { HELPLINE_COUNTRIES, HELPLINE_DIRECTORY, HELPLINES } from '@shared/safety';
import { useTranslation } from 'react-i18next';
import { useAgentGenderContext } from '@web/lib/agent-gender';
import { usePageTitle } from '@web/lib/page-head';

/** The sections written as lists in the page's texts (src/web/locales/<language>/safety-page.json). */
const LISTS = ['who', 'does', 'cannot'] as const;

/**
 * /safety: public, drawn on the server and readable without scripts. The crisis protocol as the people who use
 * Souvenir should know it: who they talk to, what the crisis layer does and cannot do, the helplines of every
 * country the help panel knows (the same numbers, from the same list), and how to reach a person. Its words live
 * in one place, the `safety-page` texts, which docs/safety.md copies (a test holds the two together).
 */
export function SafetyPage() {
  const { t } = useTranslation(['safety-page', 'safety', 'common']);
  const context = useAgentGenderContext();
  usePageTitle(t('common:titles.safety'));
  const list = (key: string): string[] => {
    const value: unknown = t(key, { returnObjects: true });
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  };
  // The point that names the built-in companion stands apart from the list: in French it agrees with the gender the
  // administrators chose, and an array item cannot carry the `_feminine`/`_masculine` forms.
  const items = (section: (typeof LISTS)[number]): string[] =>
    section === 'who' ? [t('safety-page:who.machine', { context }), ...list('safety-page:who.items')] : list(`safety-page:${section}.items`);

  return (
    <article className="mx-auto w-full max-w-3xl space-y-10" aria-labelledby="safety-title">
      <header className="border-b border-line pb-6">
        <h1 id="safety-title" className="text-4xl font-medium sm:text-5xl">
          {t('safety-page:title')}
        </h1>
        <p className="mt-4 max-w-[60ch] leading-relaxed text-ink-muted">{t('safety-page:lead')}</p>
      </header>

      {LISTS.map((section) => (
        <section key={section} aria-labelledby={`safety-${section}`}>
          <h2 id={`safety-${section}`} className="text-2xl font-medium">
            {t(`safety-page:${section}.title`)}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-ink">
            {items(section).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}

      <section aria-labelledby="safety-helplines" data-testid="safety-helplines">
        <h2 id="safety-helplines" className="text-2xl font-medium">
          {t('safety-page:helplines.title')}
        </h2>
        <p className="mt-2 leading-relaxed text-ink-muted">{t('safety-page:helplines.lead')}</p>
        <dl className="mt-4 space-y-4">
          {HELPLINE_COUNTRIES.map((country) => (
            <div key={country} className="rounded-md border border-line bg-surface p-4" data-country={country}>
              <dt className="font-medium text-ink">{t(`safety:country.names.${country}`)}</dt>
              <dd className="mt-1">
                <ul className="space-y-1 leading-relaxed">
                  {HELPLINES[country].lines.map((line) => (
                    <li key={line.id}>
                      <a href={line.call ?? line.text} className="font-medium text-accent-strong underline underline-offset-4">
                        {line.name === line.display ? line.name : `${line.name} · ${line.display}`}
                      </a>{' '}
                      <span className="text-ink-muted">{t(`safety:lines.${line.id}.description`)}</span>
                    </li>
                  ))}
                  <li>
                    <a href={HELPLINES[country].emergency.call} className="underline underline-offset-4">
                      {t('safety-page:helplines.emergency', { number: HELPLINES[country].emergency.display })}
                    </a>
                  </li>
                </ul>
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 leading-relaxed text-ink-muted">
          {t('safety-page:helplines.directory')}{' '}
          <a href={HELPLINE_DIRECTORY.url} className="font-medium text-accent-strong underline underline-offset-4">
            {HELPLINE_DIRECTORY.name}
          </a>
        </p>
      </section>

      <section aria-labelledby="safety-human">
        <h2 id="safety-human" className="text-2xl font-medium">
          {t('safety-page:human.title')}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-ink">
          {list('safety-page:human.items').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <p className="border-t border-line pt-6 text-sm text-ink-muted">{t('safety-page:protocol')}</p>
    </article>
  );
}
