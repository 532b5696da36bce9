import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { readTicketFilter, SupportTicketsTab } from '../components/support-tickets-tab';
import { ComingSoonPanel } from '../components/coming-soon-panel';

/** Spec §2 "Admin panel": the tabs in the specification's order. */
const ADMIN_TABS = ['email', 'coupons', 'prompt', 'agent', 'images', 'limits', 'global', 'support'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

/** Support Tickets is the one tool built so far, so it opens first; an unknown ?tab= falls back to it. */
const DEFAULT_TAB: AdminTab = 'support';
const readTab = (value: string | null): AdminTab => ADMIN_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;

/** /home/admin (AdminRoute lets administrators only): the tools to look after Souvenir, one tab each. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const tab = readTab(search.get('tab'));
  const status = readTicketFilter(search.get('status'));

  // The tab and the ticket filter are in the address, so a reload or a shared link opens the same view.
  const selectTab = (next: AdminTab) => setSearch({ tab: next }, { replace: true });
  const selectStatus = (next: string) => setSearch(next === 'all' ? { tab: 'support' } : { tab: 'support', status: next }, { replace: true });

  return (
    <div className="w-full space-y-8">
      <header className="space-y-3">
        <h1 className="text-4xl font-medium sm:text-5xl">{t('title')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
      </header>

      <Tabs value={tab} onValueChange={(value) => selectTab(readTab(value))} className="space-y-8">
        {/* Eight tools do not fit one row on a phone: the tabs wrap instead of pushing the page sideways. */}
        <TabsList aria-label={t('tabs.label')} className="flex h-auto flex-wrap">
          {ADMIN_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-auto">
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>

        {ADMIN_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === 'support' ? <SupportTicketsTab status={status} onStatusChange={selectStatus} /> : <ComingSoonPanel title={t(`tabs.${value}`)} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
