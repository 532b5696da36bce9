// `npm run bench:web`: Lighthouse on the built app (run `npm run build` first), offline, with Debian's Chromium.
// Mobile emulation with Lighthouse's default simulated throttling (slow 4G, 4× CPU slowdown) on the landing page,
// /auth, a shared memory and /home signed in; prints the figures and which of the performance targets are missed.
// A measurement, never a test: it always exits 0 once the pages were measured (decision 0029).
//
//   npm run bench:web                    3 runs a page, the median one reported
//   npm run bench:web -- --runs 1        quicker, noisier
//   npm run bench:web -- --desktop       also Lighthouse's desktop preset (no CPU slowdown, fast network)
//   npm run bench:web -- --save <dir>    keep every Lighthouse report (JSON) there, to read the diagnostics
//   npm run bench:web -- --only /home    only the pages whose label starts with that (repeatable)
//
// Lighthouse is not a dependency (its install breaks `npm ci`, STACK-NOTES): it runs through `npx`, pinned below;
// the first run fetches it from the registry, later runs reuse npm's cache. Lighthouse 13 needs Node 22.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TIME_ZONE_COOKIE } from '../src/shared/limits';
import { startApp, type RunningApp } from '../e2e/support/app';
import { addJournalDay, addMemories } from '../e2e/support/database';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, SERVER_ENTRY, WEB_INDEX } from '../e2e/support/paths';
import { newUser, registerViaApi, sessionCookieViaApi } from '../e2e/support/users';

const LIGHTHOUSE = 'lighthouse@12.8.2';
// The browser tier's flags (STACK-NOTES): headless, no sandbox in a container, nothing that reaches the internet.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** The web performance targets (docs/decisions/0029-web-performance.md). */
const TARGETS = { score: 95, shellScore: 90, lcpMs: 1500, cls: 0.02, tbtMs: 100, publicJsKb: 100, shellJsKb: 250 };

interface PageToMeasure {
  label: string;
  path: string;
  signedIn: boolean;
}

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  siMs: number;
  /** Every script the page loaded, gzipped by us at level 9 (what the budget counts). */
  jsGzBytes: number;
  /** The same scripts as the server sent them (Brotli or gzip when the browser asks for it). */
  jsSentBytes: number;
  lcpElement: string;
  /** Lighthouse's measure of this machine's CPU during the run: a busy machine inflates TBT and the paints. */
  benchmarkIndex: number;
}

interface LighthouseReport {
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
}

function parseArgs(argv: string[]) {
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  const saveAt = argv.indexOf('--save');
  const save = saveAt >= 0 ? argv[saveAt + 1] : undefined;
  if (saveAt >= 0 && !save) throw new Error('--save takes a folder');
  const only = argv.flatMap((arg, index) => (argv[index - 1] === '--only' ? [arg] : []));
  return { runs, desktop: argv.includes('--desktop'), save: save ? path.resolve(save) : undefined, only };
}

/**
 * A person with three memories, the newest of them shared, and a journaled day (as their sessions would have left);
 * answers the shared path and the session cookie.
 */
async function seed(app: RunningApp): Promise<{ sharedPath: string; cookie: string }> {
  const user = await registerViaApi(app, newUser({ firstName: 'Lighthouse' }));
  const token = randomBytes(32).toString('hex');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await addMemories(app, user.email, [
    { title: 'Rain on the market square', createdAt: day(3) },
    { title: 'A walk by the sea at night', createdAt: day(2), liked: true },
    { title: 'Lanterns on the river', createdAt: day(1), shareToken: token },
  ]);
  await addJournalDay(app, user.email);
  const session = await sessionCookieViaApi(app, user);
  // The zone the app reports from a browser it has run in: with it the signed-in home and gallery are drawn by the
  // server, as they are for a person coming back (docs/decisions/0087-server-drawn-signed-in-pages.md).
  const zone = `${TIME_ZONE_COOKIE}=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
  return { sharedPath: `/shared/${token}`, cookie: `${session}; ${zone}` };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function lighthouse(url: string, opts: { cookie?: string; desktop: boolean; outDir: string; name: string }): Promise<LighthouseReport> {
  const out = path.join(opts.outDir, `${opts.name}.json`);
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    // The server is on loopback: nothing else to wait for, and a stuck page should fail, not hang.
    '--max-wait-for-load=30000',
  ];
  if (opts.desktop) args.push('--preset=desktop');
  if (opts.cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: opts.cookie })}`);
  // Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART, NO_FCP): one more try before giving up.
  for (let attempt = 1; ; attempt++) {
    await rm(out, { force: true });
    const { code, output } = await run('npx', args, { ...process.env, CHROME_PATH: CHROMIUM_PATH });
    if (code === 0 && existsSync(out)) return JSON.parse(await readFile(out, 'utf8')) as LighthouseReport;
    if (attempt === 2) throw new Error(`Lighthouse failed on ${url} (exit ${code}):\n${output.slice(-4_000)}`);
  }
}

const gzCache = new Map<string, number>();

/** The script's size gzipped at level 9, fetched without asking for compression (same bytes for every visitor). */
async function gzippedSize(url: string, cookie?: string): Promise<number> {
  const cached = gzCache.get(url);
  if (cached !== undefined) return cached;
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  const size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  gzCache.set(url, size);
  return size;
}

async function figuresOf(report: LighthouseReport, cookie?: string): Promise<Figures> {
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  // As in e2e/bundle-budget.test.ts: the service worker's script is the worker's, fetched after the load, not the page's.
  const scripts = requests.filter((r) => r.resourceType === 'Script' && new URL(String(r.url)).pathname !== '/sw.js');
  let jsGzBytes = 0;
  let jsSentBytes = 0;
  for (const script of scripts) {
    jsGzBytes += await gzippedSize(String(script.url), cookie);
    jsSentBytes += Number(script.transferSize ?? 0);
  }
  const lcpItems = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const firstItem = lcpItems[0] as { items?: { node?: { nodeLabel?: string; selector?: string } }[] } | undefined;
  const node = firstItem?.items?.[0]?.node;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    siMs: value('speed-index'),
    jsGzBytes,
    jsSentBytes,
    lcpElement: (node?.nodeLabel ?? node?.selector ?? '?').replace(/\s+/g, ' ').slice(0, 50),
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

/** Lighthouse's own way of choosing a representative run: the median by performance score. */
function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(2);

function printTable(title: string, rows: { page: PageToMeasure; figures: Figures; scores: number[]; benchmarks: number[] }[]) {
  console.log(`\n${title}`);
  console.log('| page | score | FCP s | LCP s | CLS | TBT ms | SI s | JS gz KB | JS sent KB | LCP element | scores of the runs |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { page, figures: f, scores } of rows) {
    console.log(
      `| ${page.label} | ${f.score} | ${s(f.fcpMs)} | ${s(f.lcpMs)} | ${f.cls.toFixed(3)} | ${f.tbtMs.toFixed(0)} | ${s(f.siMs)} | ` +
        `${kb(f.jsGzBytes)} | ${kb(f.jsSentBytes)} | ${f.lcpElement} | ${scores.join(', ')} |`,
    );
  }
  const benchmarks = rows.flatMap((row) => row.benchmarks);
  console.log(`CPU benchmark index during the runs: ${Math.min(...benchmarks).toFixed(0)}–${Math.max(...benchmarks).toFixed(0)} (higher is faster).`);
}

function missedTargets(rows: { page: PageToMeasure; figures: Figures }[]): string[] {
  const missed: string[] = [];
  for (const { page, figures: f } of rows) {
    const jsBudget = page.signedIn ? TARGETS.shellJsKb : TARGETS.publicJsKb;
    const scoreTarget = page.signedIn ? TARGETS.shellScore : TARGETS.score;
    if (f.score < scoreTarget) missed.push(`${page.label}: performance ${f.score} < ${scoreTarget}`);
    if (f.jsGzBytes / 1024 > jsBudget) missed.push(`${page.label}: JavaScript ${kb(f.jsGzBytes)} KB gz > ${jsBudget} KB`);
    // The paint, shift and blocking targets are the public pages': what a newcomer on a phone meets first.
    if (page.signedIn) continue;
    if (f.lcpMs > TARGETS.lcpMs) missed.push(`${page.label}: LCP ${s(f.lcpMs)} s > ${s(TARGETS.lcpMs)} s`);
    if (f.cls > TARGETS.cls) missed.push(`${page.label}: CLS ${f.cls.toFixed(3)} > ${TARGETS.cls}`);
    if (f.tbtMs > TARGETS.tbtMs) missed.push(`${page.label}: TBT ${f.tbtMs.toFixed(0)} ms > ${TARGETS.tbtMs} ms`);
  }
  return missed;
}

async function measure(app: RunningApp, pages: PageToMeasure[], cookie: string, opts: { runs: number; desktop: boolean; outDir: string }) {
  const slug = (label: string) => label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  const rows: { page: PageToMeasure; figures: Figures; scores: number[]; benchmarks: number[] }[] = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const withCookie = page.signedIn ? cookie : undefined;
      const name = `${opts.desktop ? 'desktop' : 'mobile'}-${slug(page.label)}-${i + 1}`;
      const report = await lighthouse(`${app.baseUrl}${page.path}`, { cookie: withCookie, desktop: opts.desktop, outDir: opts.outDir, name });
      runs.push(await figuresOf(report, withCookie));
    }
    rows.push({ page, figures: medianRun(runs), scores: runs.map((r) => r.score), benchmarks: runs.map((r) => r.benchmarkIndex) });
    process.stdout.write('.');
  }
  return rows;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const file of [CHROMIUM_PATH, SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: install Chromium (apt-get install -y chromium) and run npm run build.`);
  }
  console.log(`Lighthouse (${LIGHTHOUSE}) on the built app — Node ${process.version}, ${os.cpus().length} CPU(s), ${opts.runs} run(s) a page`);

  const outDir = opts.save ?? (await mkdtemp(path.join(os.tmpdir(), 'souvenir-lighthouse-')));
  if (opts.save) await mkdir(opts.save, { recursive: true });
  // A busy machine can take a while to open the embedded database.
  const app = await startApp({ startTimeoutMs: 120_000 });
  try {
    const { sharedPath, cookie } = await seed(app);
    const all: PageToMeasure[] = [
      { label: '/', path: '/', signedIn: false },
      { label: '/auth', path: '/auth', signedIn: false },
      { label: '/shared/…', path: sharedPath, signedIn: false },
      { label: '/community', path: '/community', signedIn: false },
      { label: '/privacy-policy', path: '/privacy-policy', signedIn: false },
      { label: '/safety', path: '/safety', signedIn: false },
      { label: '/home (signed in)', path: '/home', signedIn: true },
      { label: '/home/memories (signed in)', path: '/home/memories', signedIn: true },
    ];
    const pages = opts.only.length === 0 ? all : all.filter((page) => opts.only.some((prefix) => page.label.startsWith(prefix)));
    if (pages.length === 0) throw new Error(`--only matched none of: ${all.map((page) => page.label).join(', ')}`);
    const mobile = await measure(app, pages, cookie, { ...opts, desktop: false, outDir });
    printTable('Mobile emulation, simulated throttling (Lighthouse defaults), median run', mobile);
    const missed = missedTargets(mobile);
    console.log(`\nTargets (mobile): on the public pages performance ≥ ${TARGETS.score}, LCP ≤ ${s(TARGETS.lcpMs)} s, CLS ≤ ${TARGETS.cls},`);
    console.log(`TBT ≤ ${TARGETS.tbtMs} ms, JavaScript ≤ ${TARGETS.publicJsKb} KB gz; signed in performance ≥ ${TARGETS.shellScore}, JavaScript ≤ ${TARGETS.shellJsKb} KB gz.`);
    console.log(missed.length === 0 ? 'All targets met.' : `MISSED (${missed.length}):\n  ${missed.join('\n  ')}`);
    if (opts.desktop) printTable('Desktop preset, median run', await measure(app, pages, cookie, { ...opts, desktop: true, outDir }));
  } finally {
    await app.stop();
    if (opts.save) console.log(`\nReports kept in ${opts.save}`);
    else await rm(outDir, { recursive: true, force: true });
  }
}

await main();
