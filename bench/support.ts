import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema/index';

/** A new verified account, signed in: its id and the session cookie to send. */
export async function benchUser(app: App, db: Database): Promise<{ id: string; cookie: string }> {
  const email = `bench-${randomUUID()}@example.test`;
  const password = 'correct horse battery';
  await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: 'Bench' } });
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const session = signIn.cookies.find((c) => c.name === 'better-auth.session_token')!;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user!.id, cookie: `${session.name}=${session.value}` };
}
