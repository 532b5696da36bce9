import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, CardContent } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePageTitle } from '@web/lib/page-head';
import { TicketForm } from '../components/ticket-form';
import { TicketHistory } from '../components/ticket-history';

type SupportTab = 'new' | 'history';

/** The tab lives in the address (?tab=history) so a reload or a link opens the same one; new-ticket is the default. */
const readTab = (search: URLSearchParams): SupportTab => (search.get('tab') === 'history' ? 'history' : 'new');

/** /home/support: write to the team, and read their answers. */
export function SupportPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('common:titles.support'));
  const [search, setSearch] = useSearchParams();
  const tab = readTab(search);
  const historyTab = useRef<HTMLButtonElement>(null);

  // Switching tabs replaces the entry: Cancel's "back" leaves the page rather than toggling tabs.
  const selectTab = (next: SupportTab) => setSearch(next === 'history' ? { tab: 'history' } : {}, { replace: true });

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-4xl font-medium sm:text-5xl">{t('title')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
      </header>

      <Tabs value={tab} onValueChange={(value) => selectTab(value === 'history' ? 'history' : 'new')} className="space-y-6">
        <TabsList aria-label={t('tabs.label')} className="w-full sm:w-80">
          <TabsTrigger value="new">{t('tabs.newTicket')}</TabsTrigger>
          <TabsTrigger ref={historyTab} value="history">
            {t('tabs.history')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="new">
          <Card>
            <CardContent className="space-y-6">
              <p className="max-w-prose leading-relaxed text-ink-muted">{t('ticketForm.description')}</p>
              <TicketForm
                onSubmitted={() => {
                  selectTab('history');
                  // The form is gone with its tab: the keyboard focus lands on the tab now showing the ticket.
                  requestAnimationFrame(() => historyTab.current?.focus());
                }}
              />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="history">
          <TicketHistory onWrite={() => selectTab('new')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
