// A real OpenID Connect provider (oidc-provider, the certified library behind many identity servers), run
// in-process on a free port: discovery, the authorization code flow with PKCE, signed ID tokens, userinfo.
// Its sign-in page is a one-field form (the address of someone the test registered); consent is given.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface OidcPerson {
  email: string;
  /** The provider's word that the address is theirs (the `email_verified` claim). */
  emailVerified: boolean;
  name: string;
}

export interface OidcProviderStandIn {
  /** The issuer URL, as OIDC_ISSUER_URL takes it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who can sign in here; returns their subject (the stable id the app links). */
  addPerson(person: OidcPerson): string;
  /** Lets the app at this address come back to its callback (its port is known once it runs). */
  allowApp(baseUrl: string): void;
  /** Signs in as someone, as a browser would, from the app's authorization URL to its callback URL (returned). */
  signIn(authorizationUrl: string, email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcProviderStandIn> {
  const people = new Map<string, OidcPerson>();
  const clientId = 'souvenir';
  const clientSecret = randomBytes(24).toString('hex');
  const redirectUris = new Set<string>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let provider: Provider | null = null;
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => {
    const configuration: Configuration = {
      clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [...redirectUris], grant_types: ['authorization_code'], response_types: ['code'] }],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      findAccount: (_ctx, sub) => {
        const person = people.get(sub);
        if (!person) return undefined;
        return { accountId: sub, claims: () => ({ sub, email: person.email, email_verified: person.emailVerified, name: person.name }) };
      },
      // Consent is given: the test is about the app, not this provider's screens.
      loadExistingGrant: async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        if (!accountId || !ctx.oidc.client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    };
    provider = new Provider(issuer, configuration);
  };
  build();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const oidc = provider!;
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!interaction) return oidc.callback()(req, res);
    const details = await oidc.interactionDetails(req, res);
    if (req.method === 'POST' && interaction[2]) {
      const email = new URLSearchParams(await bodyOf(req)).get('email')?.trim().toLowerCase() ?? '';
      const sub = [...people.entries()].find(([, person]) => person.email === email)?.[0];
      if (sub) return oidc.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return page(res, details.uid, 'Nobody has this address here.');
    }
    return page(res, details.uid, null);
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addPerson(person) {
      const sub = randomBytes(8).toString('hex');
      people.set(sub, person);
      return sub;
    },
    allowApp(baseUrl) {
      redirectUris.add(`${baseUrl}/api/auth/callback/sso`);
      build();
    },
    async signIn(authorizationUrl, email) {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
        const response = await fetch(url, { ...init, headers, redirect: 'manual' });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return response;
      };
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        const response = await send(url);
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider stopped at ${url} (${response.status}): ${(await response.text()).slice(0, 300)}`);
        const next = new URL(location, url);
        if (next.origin !== issuer) return next.toString();
        if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
          // The sign-in page: the form is sent with the person's address.
          const form = await send(`${next.toString()}/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }).toString() });
          const after = form.headers.get('location');
          if (!after) throw new Error(`The provider refused ${email}: ${(await form.text()).slice(0, 300)}`);
          url = new URL(after, next).toString();
          continue;
        }
        url = next.toString();
      }
      throw new Error('The provider redirected too many times.');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** The provider's sign-in page: its own look, nothing of the app's. */
function page(res: ServerResponse, uid: string, problem: string | null) {
  res.statusCode = problem ? 401 : 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1>${problem ? `<p role="alert">${problem}</p>` : ''}
<form method="post" action="/interaction/${uid}/login"><label>E-mail <input name="email" type="email" autocomplete="username"></label>
<button type="submit">Sign in</button></form></body></html>`);
}
