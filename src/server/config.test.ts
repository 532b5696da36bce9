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
});
