import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { supportTickets } from '@server/db/schema/index';
import { adminTicketListSchema, ticketListSchema, ticketResponseResultSchema, ticketSchema } from '@shared/contracts/support';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();
afterAll(() => mailbox.stop());
const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_FROM: 'Souvenir <no-reply@souvenir.test>' });

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

const validTicket = { subject: 'Cannot see my memory', message: 'Yesterday my memory did not appear in the gallery, could you look?' };
const ticketCount = async () => (await t.db.select().from(supportTickets)).length;

describe('a person’s support tickets', () => {
  it('opens a ticket (trimmed, status open) and lists only their own, newest first', async () => {
    const [alice, bob] = [await createUser(t, { admin: false }), await createUser(t, { admin: false })];
    const first = await call('POST', '/api/support/tickets', alice.cookie, { subject: '  Cannot see my memory  ', message: `  ${validTicket.message}  ` });
    expect(first.statusCode, first.body).toBe(201);
    expect(ticketSchema.parse(first.json())).toMatchObject({ subject: 'Cannot see my memory', message: validTicket.message, status: 'open', adminResponse: null, adminResponseAt: null });
    const second = await call('POST', '/api/support/tickets', alice.cookie, { subject: 'Another question', message: 'How do I change the language of my e-mails?' });
    await call('POST', '/api/support/tickets', bob.cookie, { subject: 'Bob’s private ticket', message: 'This is something only Bob should ever read.' });

    const list = ticketListSchema.parse((await call('GET', '/api/support/tickets', alice.cookie)).json());
    expect(list.items.map((i) => i.id)).toEqual([second.json().id, first.json().id]);
    const body = (await call('GET', '/api/support/tickets', alice.cookie)).body;
    expect(body).not.toContain('Bob’s private ticket');
  });

  it('refuses a short subject or message with the spec’s messages, and saves nothing', async () => {
    const user = await createUser(t, { admin: false });
    const before = await ticketCount();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ subject: 'Hey', message: validTicket.message }, { subject: ['validation.ticketSubjectTooShort'] }],
      [{ subject: '   Hey      ', message: validTicket.message }, { subject: ['validation.ticketSubjectTooShort'] }],
      [{ subject: validTicket.subject, message: 'Too short.' }, { message: ['validation.ticketMessageTooShort'] }],
      [{ subject: 'x'.repeat(201), message: validTicket.message }, { subject: ['validation.ticketSubjectTooLong'] }],
      [{ subject: validTicket.subject, message: 'x'.repeat(5001) }, { message: ['validation.ticketMessageTooLong'] }],
      [{ subject: 42, message: null }, { subject: ['validation.ticketSubjectTooShort'], message: ['validation.ticketMessageTooShort'] }],
      [{ ...validTicket, status: 'answered' }, {}],
      [{ ...validTicket, userId: 'someone-else' }, {}],
      [{}, {}],
    ];
    for (const [payload, fields] of cases) {
      const response = await call('POST', '/api/support/tickets', user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      for (const [field, keys] of Object.entries(fields)) expect(response.json().error.fields?.[field], JSON.stringify(payload)).toEqual(keys);
    }
    expect(await ticketCount()).toBe(before);
  });

  it('refuses signed-out visitors before reading anything', async () => {
    expect((await call('GET', '/api/support/tickets')).statusCode).toBe(401);
    expect((await call('POST', '/api/support/tickets', undefined, validTicket)).statusCode).toBe(401);
    expect((await call('POST', '/api/support/tickets', undefined, { subject: 'x' })).statusCode).toBe(401);
  });

  it('limits how many tickets one person opens in an hour', async () => {
    const user = await createUser(t, { admin: false });
    for (let i = 0; i < 10; i++) expect((await call('POST', '/api/support/tickets', user.cookie, validTicket)).statusCode).toBe(201);
    const refused = await call('POST', '/api/support/tickets', user.cookie, validTicket);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // Someone else is not affected.
    const other = await createUser(t, { admin: false });
    expect((await call('POST', '/api/support/tickets', other.cookie, validTicket)).statusCode).toBe(201);
  });
});

describe('administrators and tickets', () => {
  it('lists every ticket with the requester’s e-mail, filters by status, answers (with an e-mail in the requester’s language) and closes', async () => {
    const admin = await createUser(t, { admin: true });
    const requester = await createUser(t, { admin: false, defaultLanguage: 'fr', firstName: 'Inès' });
    const ticket = (await call('POST', '/api/support/tickets', requester.cookie, { subject: 'Ma galerie', message: 'Je ne retrouve plus mon souvenir d’hier soir.' })).json();

    const all = adminTicketListSchema.parse((await call('GET', '/api/admin/support/tickets', admin.cookie)).json());
    expect(all.items.find((i) => i.id === ticket.id)).toMatchObject({ email: requester.email, status: 'open' });
    const open = adminTicketListSchema.parse((await call('GET', '/api/admin/support/tickets?status=open', admin.cookie)).json());
    expect(open.items.every((i) => i.status === 'open')).toBe(true);
    expect((await call('GET', '/api/admin/support/tickets?status=answered', admin.cookie)).json().items.map((i: { id: string }) => i.id)).not.toContain(ticket.id);

    const answered = await call('POST', `/api/admin/support/tickets/${ticket.id}/response`, admin.cookie, { response: '  Il est de retour dans ta galerie.\n\nBelle soirée !  ' });
    expect(answered.statusCode, answered.body).toBe(200);
    const result = ticketResponseResultSchema.parse(answered.json());
    expect(result).toMatchObject({ notified: true, ticket: { status: 'answered', adminResponse: 'Il est de retour dans ta galerie.\n\nBelle soirée !' } });
    expect(Date.now() - Date.parse(result.ticket.adminResponseAt!)).toBeLessThan(60_000);

    const mail = await mailbox.waitForMessage(requester.email, { subjectIncludes: requester.defaultLanguage === 'fr' ? 'répondu' : 'answered' });
    expect(mail.subject).toBe('Nous avons répondu à ton message\u00a0: Ma galerie');
    expect(mail.text).toContain('Bonjour Inès,');
    expect(mail.text).toContain('Il est de retour dans ta galerie.');
    expect(mail.html).toContain('/home/support');

    // The requester reads the answer on their own list.
    const own = ticketListSchema.parse((await call('GET', '/api/support/tickets', requester.cookie)).json());
    expect(own.items[0]).toMatchObject({ status: 'answered', adminResponse: 'Il est de retour dans ta galerie.\n\nBelle soirée !' });

    const closed = await call('POST', `/api/admin/support/tickets/${ticket.id}/close`, admin.cookie);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', email: requester.email });
    // A closed ticket can still be answered (spec: respond stays available).
    const again = await call('POST', `/api/admin/support/tickets/${ticket.id}/response`, admin.cookie, { response: 'One more thing.' });
    expect(again.json().ticket).toMatchObject({ status: 'answered', adminResponse: 'One more thing.' });
  });

  it('escapes the answer in the e-mail', async () => {
    const admin = await createUser(t, { admin: true });
    const requester = await createUser(t, { admin: false });
    const ticket = (await call('POST', '/api/support/tickets', requester.cookie, validTicket)).json();
    await call('POST', `/api/admin/support/tickets/${ticket.id}/response`, admin.cookie, { response: '<script>alert(1)</script> & <b>bold</b>' });
    const mail = await mailbox.waitForMessage(requester.email, { subjectIncludes: requester.defaultLanguage === 'fr' ? 'répondu' : 'answered' });
    expect(mail.subject).toBe(`We answered your message: ${validTicket.subject}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('refuses a blank response, an unknown ticket and a bad status filter', async () => {
    const admin = await createUser(t, { admin: true });
    const requester = await createUser(t, { admin: false });
    const ticket = (await call('POST', '/api/support/tickets', requester.cookie, validTicket)).json();
    for (const payload of [{ response: '' }, { response: '   \n ' }, { response: 'x'.repeat(5001) }, {}, { response: 'ok', status: 'closed' }]) {
      expect((await call('POST', `/api/admin/support/tickets/${ticket.id}/response`, admin.cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'open', adminResponse: null });
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await call('POST', `/api/admin/support/tickets/${id}/response`, admin.cookie, { response: 'Hello' })).statusCode).toBe(404);
      expect((await call('POST', `/api/admin/support/tickets/${id}/close`, admin.cookie)).statusCode).toBe(404);
    }
    const bad = await call('GET', '/api/admin/support/tickets?status=deleted', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: ['validation.ticketStatusInvalid'] });
  });

  it('answers 401 without a session and 403 to a non-administrator at every admin route, logs the attempt, and changes nothing', async () => {
    await createUser(t, { admin: true });
    const member = await createUser(t, { admin: false });
    const ticket = (await call('POST', '/api/support/tickets', member.cookie, validTicket)).json();
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/api/admin/support/tickets'],
      ['POST', `/api/admin/support/tickets/${ticket.id}/response`, { response: 'I am not an admin' }],
      ['POST', `/api/admin/support/tickets/${ticket.id}/close`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(method, url, member.cookie, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      expect(refused.body).not.toContain(member.email);
    }
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'open', adminResponse: null });
    expect(t.logs.join('')).toContain('refused admin request');
    expect(t.logs.join('')).toContain(member.id);
  });
});
