// docs/safety.md carries a copy of the public /safety page's words, made from the page's own texts
// (src/web/locales/en/safety-page.json), so the published protocol and the repository's cannot say two things.
// `npx tsx scripts/safety-page-doc.ts` rewrites the copy; scripts/safety-page-doc.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DOC_URL = new URL('../docs/safety.md', import.meta.url);
const TEXTS_URL = new URL('../src/web/locales/en/safety-page.json', import.meta.url);
export const START = '<!-- safety-page:start (made by scripts/safety-page-doc.ts from src/web/locales/en/safety-page.json; do not edit) -->';
export const END = '<!-- safety-page:end -->';

interface ListSection {
  title: string;
  items: string[];
}
export interface SafetyPageTexts {
  title: string;
  lead: string;
  /** `machine` is the list's first point, kept apart so its French can agree with the companion's gender. */
  who: ListSection & { machine: string };
  does: ListSection;
  cannot: ListSection;
  helplines: { title: string; lead: string; emergency: string; directory: string };
  human: ListSection;
  protocol: string;
}

export function readSafetyPageTexts(url: URL = TEXTS_URL): SafetyPageTexts {
  return JSON.parse(readFileSync(url, 'utf8')) as SafetyPageTexts;
}

/** The page's words as Markdown, in its order; the helplines themselves are the table further down the doc. */
export function safetyPageMarkdown(texts: SafetyPageTexts): string {
  const list = ({ title, items }: ListSection) => [`#### ${title}`, '', ...items.map((item) => `- ${item}`), ''];
  return [
    START,
    `> **${texts.title}** — ${texts.lead}`,
    '',
    ...list({ title: texts.who.title, items: [texts.who.machine, ...texts.who.items] }),
    ...list(texts.does),
    ...list(texts.cannot),
    `#### ${texts.helplines.title}`,
    '',
    `${texts.helplines.lead} (Every country's lines, as listed in "The helplines and their sources" below.)`,
    '',
    ...list(texts.human),
    END,
  ].join('\n');
}

/** The copy now in the doc, markers included, or null when the doc has none. */
export function blockIn(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : doc.slice(start, end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(DOC_URL, 'utf8');
  const current = blockIn(doc);
  if (!current) throw new Error(`docs/safety.md has no ${START} … ${END} block to fill`);
  writeFileSync(DOC_URL, doc.replace(current, () => safetyPageMarkdown(readSafetyPageTexts())));
}
