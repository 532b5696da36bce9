import { usePublicConfig } from '@web/lib/api/get-public-config';
import type { AdminSettings } from '@shared/contracts/admin';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePageTitle } from '@web/lib/page-head';
import { AgentIdentityTab } from '../components/agent-identity-tab';
import { AiTab } from '../components/ai-tab';
import { ChatPromptTab } from '../components/chat-prompt-tab';
import { CouponsTab } from '../components/coupons-tab';
import { EmailToolsTab } from '../components/email-tools-tab';
import { GlobalTab } from '../components/global-tab';
import { ImageSettingsTab } from '../components/image-settings-tab';
import { SettingsGate } from '../components/settings-gate';
import { readTicketFilter, SupportTicketsTab } from '../components/support-tickets-tab';
import { UsageLimitsTab } from '../components/usage-limits-tab';
import { readUserSearch, UsersTab } from '../components/users-tab';
import { InvitationsPanel } from '../components/invitations-panel';
import { PrivacyContactNotice } from '../components/privacy-contact-notice';
import { SetupList } from '../components/setup-list';

/** The administrator panel's tabs in the specification's order, with AI beside Global, then Users (free access). */
const ADMIN_TABS = ['email', 'coupons', 'prompt', 'agent', 'images', 'limits', 'global', 'ai', 'support', 'users'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

/** The first tab in the spec's order opens first; an unknown ?tab= falls back to it. */
const DEFAULT_TAB: AdminTab = 'email';
const readTab = (value: string | null): AdminTab => ADMIN_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;

/** The tabs that edit the shared settings: each waits for them, and says so when they cannot be loaded. */
const SETTINGS_TABS: Partial<Record<AdminTab, (settings: AdminSettings) => ReactNode>> = {
  prompt: (settings) => <ChatPromptTab settings={settings} />,
  agent: (settings) => <AgentIdentityTab settings={settings} />,
  images: (settings) => <ImageSettingsTab settings={settings} />,
  limits: (settings) => <UsageLimitsTab settings={settings} />,
  global: (settings) => <GlobalTab settings={settings} />,
};

/** /home/admin (AdminRoute lets administrators only): the tools to look after Souvenir, one tab each. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('common:titles.admin'));
  const [search, setSearch] = useSearchParams();
  const tab = readTab(search.get('tab'));
  const status = readTicketFilter(search.get('status'));
  const userSearch = readUserSearch(search.get('q'));

  // The tab, the ticket filter and the people search are in the address, so a reload or a shared link opens the same view.
  const selectTab = (next: AdminTab) => setSearch({ tab: next }, { replace: true });
  const selectStatus = (next: string) => setSearch(next === 'all' ? { tab: 'support' } : { tab: 'support', status: next }, { replace: true });
  // Stable, so the Users tab's pause before searching is not restarted by this page's own renders.
  const selectUserSearch = useCallback((next: string) => setSearch(next ? { tab: 'users', q: next } : { tab: 'users' }, { replace: true }), [setSearch]);

  // Invitations are only used when registration is invite-only (the server refuses them otherwise).
  const registration = usePublicConfig().data?.registration;
  const panel = (value: AdminTab) => {
    const settingsTab = SETTINGS_TABS[value];
    if (settingsTab) return <SettingsGate>{settingsTab}</SettingsGate>;
    if (value === 'email') return <EmailToolsTab />;
    if (value === 'support') return <SupportTicketsTab status={status} onStatusChange={selectStatus} />;
    if (value === 'coupons') return <CouponsTab />;
    if (value === 'ai') return <AiTab />;
    return (
      <div className="space-y-6">
        {registration === 'invite' ? <InvitationsPanel /> : null}
        <UsersTab search={userSearch} onSearchChange={selectUserSearch} />
      </div>
    );
  };

  return (
    <div className="w-full min-w-0 space-y-8">
      <header className="space-y-3">
        <h1 className="text-4xl font-medium sm:text-5xl">{t('title')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
      </header>
      <PrivacyContactNotice />
      <SetupList />

      <Tabs value={tab} onValueChange={(value) => selectTab(readTab(value))} className="space-y-8">
        {/* Ten tools do not fit one row on a phone: the tabs wrap instead of pushing the page sideways. */}
        <TabsList aria-label={t('tabs.label')} className="flex h-auto flex-wrap">
          {ADMIN_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-auto">
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>

        {ADMIN_TABS.map((value) => (
          <TabsContent key={value} value={value} className="min-w-0">
            {value === tab ? panel(value) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
