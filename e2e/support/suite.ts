// One app and one browser per test file; each test opens its own context (see openPage) and makes its own people.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { type AppOptions, type RunningApp, startApp } from './app';
import { launchBrowser } from './browser';
import { type Mailbox, startMailbox } from '@tests/support/mailbox';

export interface Suite {
  app: RunningApp;
  browser: Browser;
  /** Present when the suite was started with `smtp: true`. */
  mailbox: Mailbox;
}

export function setupSuite(opts: { smtp?: boolean; app?: AppOptions } = {}): Suite {
  const suite = {} as Suite;

  beforeAll(async () => {
    if (opts.smtp) suite.mailbox = await startMailbox();
    const [app, browser] = await Promise.all([
      startApp({ template: inject('e2eDataTemplate'), ...opts.app, ...(opts.smtp ? { smtpPort: suite.mailbox.port } : {}) }),
      launchBrowser(),
    ]);
    suite.app = app;
    suite.browser = browser;
  });

  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
    await suite.mailbox?.stop();
  });

  // When a test fails, show what the server logged while it ran.
  beforeEach((ctx) => {
    const from = suite.app?.logs().length ?? 0;
    ctx.onTestFailed(() => {
      const logs = suite.app?.logs().slice(from).trim();
      if (logs) console.log(`--- server output during "${ctx.task.name}" ---\n${logs.slice(-8_000)}`);
    });
  });

  return suite;
}
