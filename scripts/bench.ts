/**
 * Benchmarks: what each public page costs a visitor (JavaScript transferred, gzip) and how fast it
 * paints in headless Chromium, plus API latencies. Results are printed and written to
 * docs/benchmarks.md. Run with `npm run bench` (it builds the web app first).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot, startServer } from '../apps/web/e2e/server';

const PUBLIC_PAGES = [
  '/',
  '/mailbox-pricing',
  '/help',
  '/about',
  '/contact',
  '/public/track',
  '/public/track?t_n=PW7342918560',
  '/policy-terms',
  '/login',
];
const RUNS = 3;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

interface PageResult {
  path: string;
  jsFiles: number;
  jsRawKb: number;
  jsGzipKb: number;
  ttfbMs: number;
  fcpMs: number;
  lcpMs: number;
  domContentLoadedMs: number;
  loadMs: number;
}

const gzipCache = new Map<string, { raw: number; gz: number }>();
const results: PageResult[] = [];
try {
  for (const pagePath of PUBLIC_PAGES) {
    const samples: Omit<PageResult, 'path' | 'jsFiles' | 'jsRawKb' | 'jsGzipKb'>[] = [];
    let js: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh context each run: a first visit, nothing cached.
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.add(res.url());
      });
      await page.addInitScript(() => {
        (window as unknown as { __lcp: number }).__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${server.baseURL}${pagePath}`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        return {
          ttfbMs: nav.responseStart,
          fcpMs: fcp,
          lcpMs: (window as unknown as { __lcp: number }).__lcp,
          domContentLoadedMs: nav.domContentLoadedEventEnd,
          loadMs: nav.loadEventEnd,
        };
      });
      samples.push(t);
      js = [...scripts];
      await context.close();
    }
    let raw = 0;
    let gz = 0;
    for (const url of js) {
      let sizes = gzipCache.get(url);
      if (!sizes) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        sizes = { raw: body.length, gz: gzipSync(body, { level: 9 }).length };
        gzipCache.set(url, sizes);
      }
      raw += sizes.raw;
      gz += sizes.gz;
    }
    const pick = (k: keyof (typeof samples)[number]) => Math.round(median(samples.map((s) => s[k])));
    results.push({
      path: pagePath,
      jsFiles: js.length,
      jsRawKb: Math.round(raw / 102.4) / 10,
      jsGzipKb: Math.round(gz / 102.4) / 10,
      ttfbMs: pick('ttfbMs'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      domContentLoadedMs: pick('domContentLoadedMs'),
      loadMs: pick('loadMs'),
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

const login = await fetch(`${server.baseURL}/api/v1/auths/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'superadmin@example.com', password: 'Demo1234!' }),
});
const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
const api = [
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
await server.stop();

const JS_TARGET_KB = 150;
const FCP_TARGET_MS = 1000;
const verdict = (over: string[], what: string, none: string) =>
  over.length ? `over the ${what} target: ${over.join(', ')}` : none;

const md = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (2 cores, Node ${process.version}, embedded PGlite, headless Chromium at 375×740, first visit, median of ${RUNS} runs).`,
  '',
  '## Public pages',
  '',
  '| Page | JS files | JS raw (KB) | JS gzip (KB) | TTFB (ms) | FCP (ms) | LCP (ms) | DOMContentLoaded (ms) | Load (ms) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| \`${r.path}\` | ${r.jsFiles} | ${r.jsRawKb} | ${r.jsGzipKb} | ${r.ttfbMs} | ${r.fcpMs} | ${r.lcpMs} | ${r.domContentLoadedMs} | ${r.loadMs} |`,
  ),
  '',
  `Target: every public page under ${JS_TARGET_KB} KB of gzip JavaScript and a first contentful paint under ${FCP_TARGET_MS} ms on this machine.`,
  '',
  `Result: ${verdict(
    results.filter((r) => r.jsGzipKb > JS_TARGET_KB).map((r) => `\`${r.path}\` ${r.jsGzipKb} KB`),
    'JavaScript',
    'every page is within the JavaScript target',
  )}; ${verdict(
    results.filter((r) => r.fcpMs >= FCP_TARGET_MS).map((r) => `\`${r.path}\` ${r.fcpMs} ms`),
    'FCP',
    'every page paints within the FCP target',
  )}.`,
  '',
  'What the JavaScript is: every page loads React and React Router (about 96 KB gzip), the app entry with the route table and guards, TanStack Query and Zustand, and the class-name utilities; never the signed-in shell (checked in apps/web/e2e/public.e2e.ts). Pages with a form (contact, track, login) also load react-hook-form and zod (about 37 KB), because each form validates with the same shared zod schema as the API.',
  '',
  '## API latency (sequential, loopback)',
  '',
  '| Call | Requests | p50 (ms) | p95 (ms) |',
  '|---|---|---|---|',
  ...api.map((a) => `| ${a.label} | ${a.n} | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} |`),
  '',
].join('\n');
writeFileSync(path.join(repoRoot, 'docs/benchmarks.md'), md);
console.log(md);
