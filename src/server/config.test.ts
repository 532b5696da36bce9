import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts with no variables at all: port 3000, data under ./data, embedded providers', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      secure: false,
      databaseUrl: null,
      smtpUrl: null,
      google: null,
      adminEmails: [],
      trustProxy: false,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    // Reached on this machine: every loopback spelling of the address is the same site.
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
  });

  it('trusts only the public address once PUBLIC_URL is set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://souvenir.example/' }).trustedOrigins).toEqual(['https://souvenir.example']);
  });

  it('treats empty values as unset and reads the documented variables', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://souvenir.example/',
      DATABASE_URL: '',
      ADMIN_EMAILS: ' A@Example.com, b@example.com ,',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://souvenir.example',
      secure: true,
      databaseUrl: null,
      adminEmails: ['a@example.com', 'b@example.com'],
      trustProxy: true,
    });
  });

  it('takes the privacy contact from PRIVACY_CONTACT, else the mail sender, and knows the placeholder', () => {
    const contact = (env: Record<string, string>) => {
      const config = loadConfig(env);
      return { email: config.privacyEmail, placeholder: config.privacyContactPlaceholder };
    };
    expect(contact({})).toEqual({ email: 'privacy@souvenir.local', placeholder: true });
    expect(contact({ MAIL_FROM: 'Souvenir <hello@journal.example>' })).toEqual({ email: 'hello@journal.example', placeholder: false });
    expect(contact({ MAIL_FROM: 'hello@journal.example' })).toEqual({ email: 'hello@journal.example', placeholder: false });
    expect(contact({ MAIL_FROM: 'Souvenir <hello@journal.example>', PRIVACY_CONTACT: 'privacy@journal.example' })).toEqual({
      email: 'privacy@journal.example',
      placeholder: false,
    });
    // The older name still works; the new one wins when both are set.
    expect(contact({ PRIVACY_EMAIL: 'dpo@journal.example' })).toEqual({ email: 'dpo@journal.example', placeholder: false });
    expect(contact({ PRIVACY_EMAIL: 'dpo@journal.example', PRIVACY_CONTACT: 'privacy@journal.example' }).email).toBe('privacy@journal.example');
    // A sender without a usable address, or at the defaults' domain, leaves the placeholder.
    expect(contact({ MAIL_FROM: 'Souvenir' })).toEqual({ email: 'privacy@souvenir.local', placeholder: true });
    expect(contact({ MAIL_FROM: 'Souvenir <no-reply@souvenir.local>' })).toEqual({ email: 'privacy@souvenir.local', placeholder: true });
    expect(contact({ PRIVACY_CONTACT: 'privacy@souvenir.local' })).toEqual({ email: 'privacy@souvenir.local', placeholder: true });
    expect(() => loadConfig({ PRIVACY_CONTACT: 'not an address' })).toThrow(/PRIVACY_CONTACT/);
  });

  it('lists every offending variable in one error', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://nope',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        BETTER_AUTH_SECRET: 'short',
        ADMIN_EMAILS: 'not-an-email',
        GOOGLE_CLIENT_ID: 'only-the-id',
        TRUST_PROXY: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names.sort()).toEqual(
        ['ADMIN_EMAILS.0', 'BETTER_AUTH_SECRET', 'DATABASE_URL', 'GOOGLE_CLIENT_SECRET', 'PORT', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY'].sort(),
      );
      expect((error as Error).message).toContain('docs/configuration.md');
    }
  });
  describe('voice transcription', () => {
    it('is off by default, and off with only the chat API', () => {
      expect(loadConfig({}).transcription).toMatchObject({ baseUrl: null, model: null });
      expect(loadConfig({ AI_BASE_URL: 'https://api.example/v1' }).transcription.model).toBeNull();
    });

    it('uses the chat API with AI_TRANSCRIBE_MODEL, or its own server, with the shared key and timeout', () => {
      expect(loadConfig({ AI_BASE_URL: 'https://api.example/v1/', AI_TRANSCRIBE_MODEL: 'whisper-1', AI_API_KEY: 'k', AI_TIMEOUT_SECONDS: '7' }).transcription).toEqual({
        baseUrl: 'https://api.example/v1',
        apiKey: 'k',
        model: 'whisper-1',
        timeoutMs: 7000,
      });
      // The offline companion keeps the chat; a local Whisper server transcribes.
      const local = loadConfig({ AI_TRANSCRIBE_BASE_URL: 'http://127.0.0.1:8000/v1', AI_TRANSCRIBE_MODEL: 'base' });
      expect(local.chat.baseUrl).toBeNull();
      expect(local.transcription).toMatchObject({ baseUrl: 'http://127.0.0.1:8000/v1', model: 'base' });
    });

    it('refuses half a setup and a bad address, naming the variables', () => {
      const problemsOf = (env: Record<string, string>) => {
        try {
          loadConfig(env);
          return [];
        } catch (error) {
          return (error as ConfigError).problems.map((p) => p.split(':')[0]);
        }
      };
      expect(problemsOf({ AI_TRANSCRIBE_BASE_URL: 'http://127.0.0.1:8000/v1' })).toEqual(['AI_TRANSCRIBE_MODEL']);
      expect(problemsOf({ AI_TRANSCRIBE_MODEL: 'whisper-1' })).toEqual(['AI_TRANSCRIBE_MODEL']);
      expect(problemsOf({ AI_TRANSCRIBE_BASE_URL: 'ftp://x', AI_TRANSCRIBE_MODEL: 'whisper-1' })).toEqual(['AI_TRANSCRIBE_BASE_URL']);
      expect(problemsOf({ AI_TRANSCRIBE_BASE_URL: '', AI_TRANSCRIBE_MODEL: '' })).toEqual([]);
    });
  });

  describe('access modes', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('takes Stripe with a key, the sandbox without one outside production, and an explicit choice', () => {
      expect(loadConfig({}).billing.provider).toBe('sandbox');
      expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).billing.provider).toBe('stripe');
      expect(loadConfig({ BILLING: 'off', NODE_ENV: 'production' }).billing.provider).toBe('off');
      expect(loadConfig({ BILLING: 'sandbox', NODE_ENV: 'production' }).billing.provider).toBe('sandbox');
      expect(loadConfig({}).registration).toEqual({ mode: 'open', invitationTtlMs: 7 * 24 * 3600 * 1000 });
      expect(loadConfig({ REGISTRATION: 'invite', INVITATION_TTL_DAYS: '2' }).registration).toEqual({ mode: 'invite', invitationTtlMs: 2 * 24 * 3600 * 1000 });
    });

    it('refuses to start in production with no billing choice, saying which variable to set', () => {
      const problems = problemsOf({ NODE_ENV: 'production' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^BILLING: .*BILLING=off.*STRIPE_SECRET_KEY.*BILLING=sandbox/);
      expect(problemsOf({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual([]);
    });

    it('refuses contradictions and unknown modes, with the other problems', () => {
      const names = (env: Record<string, string>) => problemsOf(env).map((p) => p.split(':')[0]);
      expect(names({ BILLING: 'stripe' })).toEqual(['STRIPE_SECRET_KEY']);
      expect(names({ BILLING: 'off', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual(['BILLING']);
      expect(names({ BILLING: 'free', REGISTRATION: 'maybe', INVITATION_TTL_DAYS: '0', PORT: 'x' }).sort()).toEqual(['BILLING', 'INVITATION_TTL_DAYS', 'PORT', 'REGISTRATION']);
    });
  });

  describe('single sign-on', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.split(':')[0]);
      }
    };

    it('is off without settings, and takes the issuer without its trailing slash', () => {
      expect(loadConfig({}).sso).toBeNull();
      expect(loadConfig({ OIDC_ISSUER_URL: 'https://auth.example.org/realms/family/', OIDC_CLIENT_ID: 'souvenir', OIDC_CLIENT_SECRET: 's3cret' }).sso).toEqual({
        issuer: 'https://auth.example.org/realms/family',
        clientId: 'souvenir',
        clientSecret: 's3cret',
        label: null,
      });
    });

    it('refuses half a setup, a label without a provider and an address that is not one', () => {
      expect(problemsOf({ OIDC_ISSUER_URL: 'https://auth.example.org' })).toEqual(['OIDC_CLIENT_ID, OIDC_CLIENT_SECRET']);
      expect(problemsOf({ OIDC_BUTTON_LABEL: 'Authentik' })).toEqual(['OIDC_BUTTON_LABEL']);
      expect(problemsOf({ OIDC_ISSUER_URL: 'auth.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual(['OIDC_ISSUER_URL']);
    });
  });
});
