// An address in ADMIN_EMAILS on an instance without e-mail becomes administrator with the setup code the server
// printed in its log, typed on the profile page: a wrong one is refused in the person's language, the right one
// works once (the French journey restarts the server for a code of its own).
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSetupUi } from './support/admin-setup-texts';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi } from './support/users';

const LISTED = { en: `setup-en-${randomBytes(4).toString('hex')}@example.test`, fr: `setup-fr-${randomBytes(4).toString('hex')}@example.test` };
const s = setupSuite({ app: { env: { ADMIN_EMAILS: Object.values(LISTED).join(',') } } });

/** The code of the server's latest start. */
const latestCode = () => [...s.app.logs().matchAll(/Administrator setup code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/g)].at(-1)![1]!;
const toast = (page: Page, lang: 'en' | 'fr', text: string) => page.getByRole('region', { name: ui(lang).toasts }).getByText(text, { exact: true });

describe.each(['en', 'fr'] as const)('the setup code on the profile (%s)', (lang) => {
  it('refuses a wrong code, then makes the listed address administrator with the printed one', async () => {
    const x = adminSetupUi(lang);
    // Someone else has the instance's first account: being first is not what makes this person administrator.
    await registerViaApi(s.app);
    if (lang === 'fr') await s.app.restart(async () => {});
    const { page, context } = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    const person = await registerViaApi(s.app, newUser({ email: LISTED[lang], language: lang }));
    await signInViaApi(context, s.app, person);
    await page.goto(`${s.app.baseUrl}/home/profile`);
    const section = page.getByRole('region', { name: x.section });
    const field = section.getByLabel(x.label, { exact: true });

    await field.fill('ABCD-EFGH-JKMN-PQRS');
    await section.getByRole('button', { name: x.confirm }).click();
    await section.getByText(x.invalid, { exact: true }).waitFor();

    await field.fill(latestCode());
    await section.getByRole('button', { name: x.confirm }).click();
    await toast(page, lang, x.success).waitFor();
    await section.waitFor({ state: 'detached' });
    expect((await page.request.get(`${s.app.baseUrl}/api/admin/settings`)).status()).toBe(200);
  });
});
