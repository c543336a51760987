/**
 * Batch benchmark (`npm run bench:batches`, also run by `npm run bench`): the built API on a fresh embedded
 * database with the demo data and the sandbox carrier and card, driven over HTTP as the browser drives it. A
 * shipper uploads a CSV of 100 rows (3 of them invalid), the rows are rated by the job queue, the 97 valid ones are
 * bought in one action (one ledger charge each) and their labels downloaded as one PDF. Times each phase as the
 * client sees it (polling the batch every 100 ms) and writes the "Batches" section of docs/benchmarks.md.
 */
import { cpus, loadavg } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from '../apps/web/e2e/server';

const ROWS = 100;
const INVALID_LINES = new Set([12, 50, 87]);
const RUNS = Number(process.env.BENCH_BATCH_RUNS ?? 2);
const HEADER =
  'receiverName,receiverCompany,receiverLine1,receiverLine2,receiverCity,receiverState,receiverZipCode,receiverCountry,receiverPhone,receiverEmail,packageType,length,width,height,dimensionUnit,weight,weightUnit,service,reference';

function batchCsv(run: number): string {
  const lines = [HEADER];
  for (let line = 2; line <= ROWS + 1; line++) {
    lines.push(
      INVALID_LINES.has(line)
        ? `Bad ${line},,${line} Elm St,,Denver,CO,802,US,,,Box,10,8,4,in,2,lb,cheapest,R${run}-${line}`
        : `Receiver ${line},,${line} Market St,,Denver,CO,80202,US,,,Box,${8 + (line % 5)},8,4,in,${1 + (line % 7)},lb,${line % 4 === 0 ? 'fastest' : 'cheapest'},R${run}-${line}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Batch {
  id: string;
  status: string;
  counts: { rows: number; pending: number; valid: number; invalid: number; bought: number; failed: number };
  totalCents: number;
  boughtCents: number;
}

const server = await startServer({ LOG_LEVEL: 'warn' });
const api = (p: string) => `${server.baseURL}/api/v1/${p}`;
let token = '';
async function call<T>(method: string, p: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(api(p), {
    method,
    headers: { 'x-access-Token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

async function until(id: string, done: (b: Batch) => boolean): Promise<Batch> {
  for (;;) {
    const { data } = await call<Batch>('GET', `shipments/batches/${id}`);
    if (done(data)) return data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const results: {
  upload: number;
  rate: number;
  buy: number;
  labels: number;
  bought: number;
  failed: number;
  pages: number;
  totalCents: number;
}[] = [];
try {
  const login = await fetch(api('auths/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'shipper@example.com', password: 'Demo1234!' }),
  });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  await call('POST', 'paymentMethods', {
    card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });

  for (let run = 1; run <= RUNS; run++) {
    const form = new FormData();
    form.append('media', new Blob([batchCsv(run)], { type: 'text/csv' }), `bench-${run}.csv`);
    const t0 = performance.now();
    const uploaded = await fetch(api('shipments/batches'), {
      method: 'POST',
      headers: { 'x-access-Token': token },
      body: form,
    });
    const batch = ((await uploaded.json()) as { data: Batch }).data;
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
    const t1 = performance.now();
    const rated = await until(batch.id, (b) => b.status === 'ready');
    const t2 = performance.now();
    if (rated.counts.valid !== ROWS - INVALID_LINES.size) throw new Error(`valid rows: ${rated.counts.valid}`);
    const started = await call<Batch>('POST', `shipments/batches/${batch.id}/purchase`, { payment: 'card' });
    if (started.status !== 202) throw new Error(`purchase answered ${started.status}`);
    const bought = await until(batch.id, (b) => b.status === 'completed');
    const t3 = performance.now();
    const pdf = await fetch(api(`shipments/batches/${batch.id}/labels`), { headers: { 'x-access-Token': token } });
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    const t4 = performance.now();
    results.push({
      upload: t1 - t0,
      rate: t2 - t0,
      buy: t3 - t2,
      labels: t4 - t3,
      bought: bought.counts.bought,
      failed: bought.counts.failed,
      pages: text.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0,
      totalCents: bought.boughtCents,
    });
  }
} finally {
  await server.stop();
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const date = new Date().toISOString().slice(0, 10);
const section = [
  '## Batches (100 rows, sandbox)',
  '',
  `Written by \`npm run bench:batches\` (scripts/bench-batches.ts, also run by \`npm run bench\`) on ${date}: Node ${process.version}, ${cpus().length} cores, shared with other work (load average ${loadavg()[0]!.toFixed(1)} at the end). The built API on a fresh embedded database (PGlite) with the sandbox carrier and card; a shipper uploads a CSV of ${ROWS} rows, ${INVALID_LINES.size} of them invalid, over HTTP. Rating runs in the \`shipment-batch-rate\` job (6 rows at a time), buying in \`shipment-batch-purchase\` (4 at a time, one ledger charge per row); times are as the client sees them, polling the batch every 100 ms.`,
  '',
  '| Run | Upload answered (s) | Upload to every row rated (s) | Buying 97 labels (s) | Rate and buy, total (s) | Labels PDF (s) | Bought / failed | PDF pages |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r, i) =>
      `| ${i + 1} | ${s(r.upload)} | ${s(r.rate)} | ${s(r.buy)} | **${s(r.rate + r.buy)}** | ${s(r.labels)} | ${r.bought} / ${r.failed} | ${r.pages} |`,
  ),
  '',
].join('\n');

/** Replaces one `## ` section of the document (or appends it), keeping the sections other scripts write. */
function replaceSection(doc: string, next: string): string {
  const heading = next.split('\n')[0]!;
  const start = doc.indexOf(`${heading}\n`);
  if (start === -1) return `${doc.trimEnd()}\n\n${next}`;
  const after = doc.indexOf('\n## ', start + heading.length);
  return doc.slice(0, start) + next + (after === -1 ? '' : doc.slice(after + 1));
}

const docPath = path.join(repoRoot, 'docs/benchmarks.md');
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
writeFileSync(docPath, replaceSection(doc, section).trimEnd() + '\n');
console.log(section);
