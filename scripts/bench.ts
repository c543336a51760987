/**
 * Public-page benchmark (`npm run bench`, which builds the web app first): for each public page, the JavaScript
 * the browser transfers (compressed, as served) and the first contentful paint with JavaScript disabled (the
 * prerendered HTML alone) and enabled, in headless Chromium, plus a few API latencies. Writes the "Public pages"
 * and "API latency" sections of docs/benchmarks.md and leaves every other section as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot, startServer } from '../apps/web/e2e/server';

/** Each public page with the heading that proves its content painted. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Your mail' },
  { path: '/mailbox-pricing', heading: 'Simple plans' },
  { path: '/help', heading: 'Your mailroom and shipping desk' },
  { path: '/about', heading: 'A mailroom you can trust' },
  { path: '/contact', heading: 'Talk to a real person' },
  { path: '/public/track', heading: 'Where is my parcel?' },
  { path: '/public/track?t_n=PW7342918560', heading: 'Where is my parcel?' },
  { path: '/policy-terms', heading: 'Policy & Terms' },
  { path: '/login', heading: null },
  { path: '/register', heading: null },
  { path: '/forgot-password', heading: null },
];
const RUNS = 3;
const JS_BUDGET_KB = 120;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

interface Visit {
  fcpMs: number;
  contentVisible: boolean;
  jsFiles: number;
  jsBodyBytes: number;
  jsTransferBytes: number;
  htmlBodyBytes: number;
  loadMs: number;
}

/** One first visit (fresh context, nothing cached) at phone size; waits until the network is quiet. */
async function visit(browser: Browser, url: string, heading: string | null, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const result = await page.evaluate((text): Visit => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    // Resource Timing: encodedBodySize is the compressed JavaScript; transferSize adds the response headers.
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) =>
      /\.m?js(\?|$)/.test(new URL(r.name).pathname),
    );
    const h1 = [...document.querySelectorAll('h1, h2')].find((h) => !text || h.textContent?.includes(text));
    return {
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      contentVisible: Boolean(h1 && (h1 as HTMLElement).offsetParent !== null),
      jsFiles: scripts.length,
      jsBodyBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
      jsTransferBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
      htmlBodyBytes: nav.encodedBodySize,
      loadMs: nav.loadEventEnd,
    };
  }, heading);
  await context.close();
  return result;
}

interface PageResult {
  path: string;
  jsFiles: number;
  jsKb: number;
  jsTransferKb: number;
  htmlKb: number;
  fcpNoJsMs: number;
  contentWithoutJs: boolean;
  fcpMs: number;
  loadMs: number;
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

const results: PageResult[] = [];
try {
  for (const p of PUBLIC_PAGES) {
    const url = `${server.baseURL}${p.path}`;
    const withJs: Visit[] = [];
    const withoutJs: Visit[] = [];
    for (let run = 0; run < RUNS; run++) {
      withoutJs.push(await visit(browser, url, p.heading, false));
      withJs.push(await visit(browser, url, p.heading, true));
    }
    const last = withJs.at(-1)!;
    results.push({
      path: p.path,
      jsFiles: last.jsFiles,
      jsKb: kb(Math.max(...withJs.map((v) => v.jsBodyBytes))),
      jsTransferKb: kb(Math.max(...withJs.map((v) => v.jsTransferBytes))),
      htmlKb: kb(last.htmlBodyBytes),
      fcpNoJsMs: Math.round(median(withoutJs.map((v) => v.fcpMs))),
      contentWithoutJs: withoutJs.every((v) => v.contentVisible),
      fcpMs: Math.round(median(withJs.map((v) => v.fcpMs))),
      loadMs: Math.round(median(withJs.map((v) => v.loadMs))),
    });
    console.log(results.at(-1));
  }
} finally {
  await browser.close();
}

// API latency: sequential requests on one connection-less client, after a warm-up.
async function timeRequests(label: string, n: number, call: () => Promise<Response>) {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  return { label, n, p50: median(times), p95: percentile(times, 95) };
}

let api: Awaited<ReturnType<typeof timeRequests>>[];
try {
  const login = await fetch(`${server.baseURL}/api/v1/auths/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@example.com', password: 'Demo1234!' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  api = [
    await timeRequests('GET /api/health', 200, () => fetch(`${server.baseURL}/api/health`)),
    await timeRequests('GET /api/v1/auths/me', 200, () =>
      fetch(`${server.baseURL}/api/v1/auths/me`, { headers: { 'x-access-Token': token } }),
    ),
    await timeRequests('GET /api/v1/faqs (page of 6)', 200, () =>
      fetch(`${server.baseURL}/api/v1/faqs?pageNo=1&pageSize=6`),
    ),
    await timeRequests('GET /api/v1/plans/home', 200, () =>
      fetch(`${server.baseURL}/api/v1/plans/home?serverPaging=false`),
    ),
    // Rate-limited to 30 a minute per IP, so fewer samples (5 warm-up + 20).
    await timeRequests('GET /api/v1/shipments/track/public', 20, () =>
      fetch(`${server.baseURL}/api/v1/shipments/track/public?trackingNumber=PW7342918560`),
    ),
  ];
} finally {
  await server.stop();
}

const overBudget = results.filter((r) => r.jsKb > JS_BUDGET_KB);
const blank = results.filter((r) => !r.contentWithoutJs);
const pagesSection = [
  '## Public pages',
  '',
  `Written by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}: 2 cores, Node ${process.version}, embedded PGlite, headless Chromium at 375×740, a first visit each time (nothing cached), ${RUNS} runs per page; times are medians, sizes the largest run.`,
  '',
  '- **JS (KB)**: compressed JavaScript the browser received (Resource Timing `encodedBodySize`, brotli as served); **with headers** adds the response headers (`transferSize`).',
  '- **FCP without JS**: first contentful paint with JavaScript disabled, i.e. the prerendered HTML and CSS alone; **content** says whether the page heading was visible that way.',
  '',
  '| Page | JS files | JS (KB) | JS with headers (KB) | HTML (KB) | FCP without JS (ms) | Content without JS | FCP with JS (ms) | Load (ms) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| \`${r.path}\` | ${r.jsFiles} | ${r.jsKb} | ${r.jsTransferKb} | ${r.htmlKb} | ${r.fcpNoJsMs} | ${r.contentWithoutJs ? 'yes' : '**no**'} | ${r.fcpMs} | ${r.loadMs} |`,
  ),
  '',
  `Target: at most ${JS_BUDGET_KB} KB of compressed JavaScript per public page, and content painted without JavaScript.`,
  '',
  `Result: ${
    overBudget.length
      ? `over the JavaScript target: ${overBudget.map((r) => `\`${r.path}\` ${r.jsKb} KB`).join(', ')}`
      : 'every page is within the JavaScript target'
  }; ${blank.length ? `no content without JavaScript on ${blank.map((r) => `\`${r.path}\``).join(', ')}` : 'every page shows its content without JavaScript'}.`,
  '',
  'What every page loads: React DOM and React Router (about 83 KB brotli), the app entry with the route table, guards, Zustand stores, the API client and `cn` with its cut-down tailwind-merge (about 18 KB), then its layout and page. Public and guest pages fetch through lib/light-query.ts and lib/light-mutation.ts, so TanStack Query (about 10 KB) comes with the signed-in layouts only. No public or guest page loads react-hook-form (about 12 KB) on a first visit: the contact, sign-up, login and forgot-password forms check their fields with lib/light-form.ts, and sign-up has a native checkbox rather than Radix Checkbox; zod loads only when a form first validates and react-hot-toast with the first toast. Never the signed-in shell (apps/web/e2e/public.e2e.ts).',
  '',
].join('\n');

const apiSection = [
  '## API latency (sequential, loopback)',
  '',
  '| Call | Requests | p50 (ms) | p95 (ms) |',
  '|---|---|---|---|',
  ...api.map((a) => `| ${a.label} | ${a.n} | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} |`),
  '',
].join('\n');

/** Replaces one `## ` section of the document (or appends it), keeping the sections other scripts write. */
function replaceSection(doc: string, section: string): string {
  const heading = section.split('\n')[0]!;
  const start = doc.indexOf(`${heading}\n`);
  if (start === -1) return `${doc.trimEnd()}\n\n${section}`;
  const next = doc.indexOf('\n## ', start + heading.length);
  return doc.slice(0, start) + section + (next === -1 ? '' : doc.slice(next + 1));
}

const docPath = path.join(repoRoot, 'docs/benchmarks.md');
let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
doc = replaceSection(doc, pagesSection);
doc = replaceSection(doc, apiSection);
writeFileSync(docPath, doc.trimEnd() + '\n');
console.log(pagesSection);
