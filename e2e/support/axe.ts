// axe-core in the page: the WCAG 2.x A/AA rules plus axe's best practices, run on what the page shows now.
// The app's CSP (`script-src 'self'`) refuses inline <script> tags, so axe is not added as a tag: its source is
// evaluated through the DevTools protocol (page.evaluate), which the page's CSP does not govern.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What the tests refuse: serious and critical findings. Minor and moderate ones are reported, not failed. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
};

export interface AxeFinding {
  rule: string;
  impact: ImpactValue | undefined;
  help: string;
  /** One line per element: its CSS path and, where axe gives one, why it fails. */
  targets: string[];
}

/** Runs axe on the page as it is now (inject once per document; a second injection is harmless). */
export async function scanPage(page: Page): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<AxeResults> } }).axe.run(document, options),
    RUN_OPTIONS,
  );
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').trim()}` : ''}`),
  }));
}

/** The findings that fail a test, one readable block each: rule, impact, page and the elements concerned. */
export function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.map((f) => `[${f.impact}] ${f.rule} on ${where}: ${f.help}\n    ${f.targets.slice(0, 6).join('\n    ')}`);
}

export function blocking(findings: AxeFinding[]): AxeFinding[] {
  return findings.filter((f) => BLOCKING_IMPACTS.includes(f.impact ?? null));
}
