import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app';
import { startMailbox, extractLinks, type Mailbox } from '../support/mailbox';
import { newUser, registerViaApi } from '../support/users';
let app: RunningApp; let mb: Mailbox;
beforeAll(async () => { mb = await startMailbox(); const t = Date.now(); app = await startApp({ smtpPort: mb.port, env: { SERVE_WEB: 'false' } }); console.log('started in', Date.now() - t, 'ms'); }, 60000);
afterAll(async () => { await app?.stop(); await mb?.stop(); console.log(app?.logs()); });
it('registers and verifies', async () => {
  const u = await registerViaApi(app, newUser());
  const mail = await mb.waitForMessage(u.email, { subjectIncludes: 'Confirm your e-mail' });
  const links = extractLinks(mail); console.log(mail.subject, links);
  const res = await fetch(links[0]!, { redirect: 'manual' }); console.log(res.status, res.headers.get('location'), res.headers.getSetCookie());
  const si = await fetch(app.baseUrl + '/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: app.baseUrl }, body: JSON.stringify({ email: u.email, password: u.password }) });
  console.log('signin', si.status, await si.text());
  const h = await fetch(app.baseUrl + '/api/health'); console.log(await h.text());
  expect(res.status).toBe(302);
});
