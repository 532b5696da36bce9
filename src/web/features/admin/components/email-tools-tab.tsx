import { EmailTester } from './email-tester';
import { OutboxViewer } from './outbox-viewer';
import { ReminderTemplatesForm } from './reminder-templates-form';
import { ReminderTools } from './reminder-tools';
import { SettingsGate } from './settings-gate';

/**
 * Email Tools: the tester, the reminder templates, reminders by hand and the outbox. Only the templates
 * come from the settings; the other tools work even when those cannot be loaded.
 */
export function EmailToolsTab() {
  return (
    <div className="space-y-6">
      <EmailTester />
      <SettingsGate>{(settings) => <ReminderTemplatesForm settings={settings} />}</SettingsGate>
      <ReminderTools />
      <OutboxViewer />
    </div>
  );
}
