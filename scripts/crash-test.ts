/**
 * Crash test (`npm run test:crash`): the built API on a fresh PostgreSQL database, killed with SIGKILL at random
 * moments (at least 20 times) while clients buy labels, forward mail, top up scans, pay invoices and the billing
 * runner renews subscriptions. Clients behave as real ones do: a request that got no answer is sent again with the
 * same Idempotency-Key once the API is back. The sandbox payment provider and carrier record every charge, refund,
 * label and void in their own table, each write committed on its own (the API's transactions cannot roll it back),
 * so after the last restart and the recovery job the script can compare what the providers did with what the
 * ledger recorded, and prints:
 *   acknowledged writes lost, double charges, charges without a record, labels without a shipment,
 *   paid invoices whose charge ≠ total — each must be 0 (the exit code is 1 otherwise).
 *
 * Environment: DATABASE_URL (a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres, where a
 * database is created and dropped), CRASH_KILLS (default 24), CRASH_KEEP_DB=1 keeps the database for a look.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '@postwise/shared/testing/demo-shipment';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The demo accounts' password (apps/api/src/demo/users.ts): the API seeds them on its first start. */
const DEMO_PASSWORD = 'Demo1234!';
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KILLS = Number(process.env.CRASH_KILLS ?? 24);
const PORT = 39_000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}/api/v1`;
/** Recovery settles an intent a minute after it was left; the job runs every 2 s here. */
const RECOVERY_WAIT_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
const key = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

const dbName = `postwise_crash_${randomBytes(5).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'postwise-crash-'));
const logFile = path.join(dataDir, 'api.log');

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/* ---------- The API process ---------- */

let api: ChildProcess | null = null;
let apiUp = false;

function startApi(): ChildProcess {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'sandbox',
      BILLING_INTERVAL_SECONDS: '2',
      MAIL_JOBS_INTERVAL_SECONDS: '0',
      TRACKING_INTERVAL_SECONDS: '0',
      PAYOUT_JOBS_INTERVAL_SECONDS: '0',
      PURGE_INTERVAL_SECONDS: '0',
    },
  });
  return child;
}

async function waitHealthy(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        apiUp = true;
        return;
      }
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`the API did not start; see ${logFile}`);
}

function killApi() {
  if (!api?.pid) return;
  apiUp = false;
  try {
    process.kill(-api.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  api = null;
}

/* ---------- Clients ---------- */

interface Answer {
  status: number;
  body: { isSuccess?: boolean; data?: Record<string, unknown>; items?: Record<string, unknown>[]; message?: string };
}

const stats = { requests: 0, unanswered: 0, retries: 0, serverErrors: 0 };
let stopping = false;

/** One HTTP call: the answer, or null when the API gave none (killed mid-request, or down). */
async function send(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer | null> {
  stats.requests += 1;
  try {
    const isForm = body instanceof FormData;
    const res = await fetch(`${BASE}${url}`, {
      method,
      headers: {
        ...(token ? { 'x-access-token': token } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    if (res.status >= 500 && res.status !== 503) {
      stats.serverErrors += 1;
      console.error(`\n${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  } catch {
    stats.unanswered += 1;
    return null;
  }
}

/**
 * As a real client retries: the same request (same Idempotency-Key, same body) until an answer that is not "try
 * again" comes back. No answer, 503 and 409-in-progress and 429 are "try again".
 */
async function until(
  method: string,
  url: string,
  token: string,
  body?: () => unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) stats.retries += 1;
    while (!apiUp) await sleep(100);
    const answer = await send(method, url, token, body?.(), headers);
    if (
      answer &&
      answer.status !== 503 &&
      answer.status !== 429 &&
      !(answer.status === 409 && /in progress/.test(answer.body.message ?? ''))
    ) {
      return answer;
    }
    await sleep(answer?.status === 429 ? 3000 : between(100, 400));
  }
}

interface Ack {
  kind: 'label' | 'topup' | 'intake' | 'forward' | 'invoice';
  id: string;
}
const acks: Ack[] = [];

const ADDRESS = {
  name: 'Jordan Lee',
  line1: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'United States',
};

async function labels(token: string, payment: 'card' | 'later') {
  while (!stopping) {
    const quote = await until('POST', '/shipments/quotes', token, () => ({
      sender: DEMO_SENDER,
      receiver: DEMO_RECEIVER,
      packages: [DEMO_BOX],
    }));
    const rate = (quote.body.data?.rates as { id: string }[] | undefined)?.[0];
    if (!rate) continue;
    const k = key('label');
    const bought = await until('POST', '/shipments', token, () => ({ rateId: rate.id, payment }), {
      'idempotency-key': k,
    });
    if (bought.status === 200 || bought.status === 201) acks.push({ kind: 'label', id: String(bought.body.data!.id) });
    await sleep(between(50, 300));
  }
}

async function topups(token: string, userId: string, planId: string) {
  while (!stopping) {
    const k = key('topup');
    const bought = await until('POST', '/subscriptions', token, () => ({ plan: planId, user: userId }), {
      'idempotency-key': k,
    });
    if (bought.status === 200)
      acks.push({ kind: 'topup', id: String((bought.body.data!.invoice as { id: string }).id) });
    // The purchase route allows 20 a minute.
    await sleep(between(3500, 5000));
  }
}

async function forwards(operator: string, holder: string, mailboxId: string) {
  while (!stopping) {
    const k = key('intake');
    const form = () => {
      const f = new FormData();
      f.set('kind', 'package');
      f.set('sender', 'Crash Parts');
      f.set('weightLb', '2');
      return f;
    };
    const received = await until('POST', `/mailboxes/${mailboxId}/labels`, operator, form, { 'idempotency-key': k });
    if (received.status !== 200) continue;
    const itemId = String(received.body.data!.id);
    acks.push({ kind: 'intake', id: itemId });
    const fk = key('forward');
    const forwarded = await until(
      'POST',
      `/mail-items/${itemId}/requests`,
      holder,
      () => ({ type: 'forward', address: ADDRESS, declaredValueCents: 1000 }),
      { 'idempotency-key': fk },
    );
    if (forwarded.status === 200)
      acks.push({ kind: 'forward', id: String((forwarded.body.data!.request as { id: string }).id) });
    await sleep(between(100, 400));
  }
}

async function invoicePayments(token: string) {
  while (!stopping) {
    const open = await until('GET', '/invoices?status=pending&pageSize=20', token);
    for (const invoice of open.body.items ?? []) {
      if (stopping) break;
      const paid = await until('POST', `/invoices/${invoice.id}/pay`, token);
      if (paid.status === 200) acks.push({ kind: 'invoice', id: String(invoice.id) });
    }
    await sleep(between(1500, 3000));
  }
}

/** Brings renewals due now: the billing runner (every 2 s) renews each subscription whose period ended. */
async function renewals(db: pg.Client, userIds: string[]) {
  while (!stopping) {
    await db.query(
      `update billing_jobs set run_at = now() where kind = 'renewal' and status = 'pending'
         and subscription_id in (select id from subscriptions where user_id = any($1) and status = 'active')`,
      [userIds],
    );
    await db.query(
      `update subscriptions set current_period_end = now() - interval '1 second'
         where user_id = any($1) and status = 'active' and current_period_end > now()`,
      [userIds],
    );
    await sleep(between(2000, 4000));
  }
}

/* ---------- The run ---------- */

async function login(email: string): Promise<string> {
  const res = await until('POST', '/auths/login', '', () => ({ email, password: DEMO_PASSWORD }));
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.data!.accessToken);
}

async function setUp(db: pg.Client) {
  const emails = ['user@example.com', 'shipper@example.com', 'mailbox@example.com'];
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const email of emails) {
    tokens[email] = await login(email);
    ids[email] = String((await db.query('select id from users where email = $1', [email])).rows[0].id);
    const card = await until('POST', '/paymentMethods', tokens[email]!, () => ({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    }));
    if (card.status >= 300) throw new Error(`card for ${email}: ${card.status} ${JSON.stringify(card.body)}`);
    const monthly = await until('GET', '/plans?validity=month', tokens[email]!);
    const plan = monthly.body.items?.[0];
    if (plan) {
      await until('POST', '/subscriptions', tokens[email]!, () => ({ plan: plan.id, user: ids[email] }), {
        'idempotency-key': key('monthly'),
      });
    }
  }
  // Pay later needs a credit limit; the month's pay-later invoice is what the invoice payer pays.
  await db.query(
    `insert into shipping_accounts (user_id, credit_limit_cents) values ($1, 100000000)
       on conflict (user_id) do update set credit_limit_cents = 100000000`,
    [ids['shipper@example.com']],
  );
  const topup = (await until('GET', '/plans?validity=topup', tokens['user@example.com']!)).body.items?.[0];
  const boxes = await db.query(
    `select m.id, u.email from mailboxes m join users u on u.id = m.user_id where u.email = any($1)`,
    [['user@example.com', 'mailbox@example.com']],
  );
  return { tokens, ids, topupPlanId: String(topup?.id), boxes: boxes.rows as { id: string; email: string }[] };
}

interface Figures {
  lost: number;
  doubleCharges: number;
  unrecordedCharges: number;
  orphanLabels: number;
  shortInvoices: number;
  pendingIntents: number;
}

async function measure(db: pg.Client, startedAt: Date): Promise<Figures> {
  let lost = 0;
  for (const ack of acks) {
    const sql = {
      label: 'select 1 from shipments where id = $1',
      topup: "select 1 from invoices where id = $1 and status = 'paid'",
      intake: 'select 1 from mail_items where id = $1',
      forward: 'select 1 from mail_requests where id = $1',
      invoice: "select 1 from invoices where id = $1 and status = 'paid'",
    }[ack.kind];
    if ((await db.query(sql, [ack.id])).rowCount === 0) {
      lost += 1;
      console.error(`lost: ${ack.kind} ${ack.id}`);
    }
  }
  const one = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0].n);
  // What each charge left standing: a charge refunded in full is undone.
  const standing = `
    with charged as (
      select response->>'chargeId' as charge_id, request->'metadata'->>'intentId' as intent_id,
             (request->>'amountCents')::bigint as amount
      from sandbox_provider_records where kind = 'charge' and response->>'status' = 'succeeded'),
    refunded as (
      select request->>'chargeId' as charge_id, sum((request->>'amountCents')::bigint) as amount
      from sandbox_provider_records where kind = 'refund' and response->>'status' <> 'failed' group by 1)
    select c.* from charged c left join refunded r using (charge_id) where coalesce(r.amount, 0) < c.amount`;
  const doubleCharges =
    (await one(
      `select count(*) as n from (select intent_id from (${standing}) s group by intent_id having count(*) > 1) d`,
    )) +
    // A renewal charged twice would show as two invoices for one subscription period.
    (await one(
      `select count(*) as n from (select subscription_id, period_start from invoices
         where category = 'subscription' and created_at >= $1 and period_start is not null
         group by 1, 2 having count(*) > 1) d`,
      [startedAt],
    ));
  const unrecordedCharges = await one(
    `select count(*) as n from (${standing}) s where not exists (
       select 1 from transactions t where t.provider_charge_id = s.charge_id and t.kind = 'charge' and t.status = 'succeeded')`,
  );
  const orphanLabels = await one(
    `select count(*) as n from sandbox_provider_records l
     where l.kind = 'label'
       and not exists (select 1 from shipments s where s.provider_shipment_id = l.response->>'providerShipmentId')
       and not exists (select 1 from sandbox_provider_records v where v.kind = 'void' and v.key = l.response->>'providerShipmentId')`,
  );
  const shortInvoices = await one(
    `select count(*) as n from invoices i
     where i.status = 'paid' and i.total_cents > 0 and i.created_at >= $1
       and i.total_cents <> coalesce((select sum(t.amount_cents) from transactions t
         where t.invoice_id = i.id and t.kind = 'charge' and t.status = 'succeeded'), 0)`,
    [startedAt],
  );
  const pendingIntents = await one(`select count(*) as n from payment_intents where status = 'pending'`);
  return { lost, doubleCharges, unrecordedCharges, orphanLabels, shortInvoices, pendingIntents };
}

async function main() {
  await admin((c) => c.query(`create database ${dbName}`));
  console.log(`crash test: database ${dbName}, API on port ${PORT}, ${KILLS} kills, log ${logFile}`);
  const db = new pg.Client({ connectionString: dbUrl });
  let figures: Figures | undefined;
  try {
    api = startApi();
    await waitHealthy();
    await db.connect();
    const startedAt = new Date();
    const setup = await setUp(db);
    const t = setup.tokens;
    const operator = await login('superadmin@example.com');
    const workers = [
      labels(t['shipper@example.com']!, 'card'),
      labels(t['shipper@example.com']!, 'later'),
      labels(t['user@example.com']!, 'card'),
      topups(t['user@example.com']!, setup.ids['user@example.com']!, setup.topupPlanId),
      invoicePayments(t['shipper@example.com']!),
      renewals(db, Object.values(setup.ids)),
      ...setup.boxes.map((b) => forwards(operator, t[b.email]!, b.id)),
    ];

    for (let i = 1; i <= KILLS; i++) {
      await sleep(between(1500, 4000));
      killApi();
      process.stdout.write(`kill ${i}/${KILLS} `);
      await sleep(between(50, 500));
      api = startApi();
      await waitHealthy();
    }
    console.log('\nkills done; letting the clients finish their retries');
    await sleep(3000);
    stopping = true;
    await Promise.all(workers);

    console.log('waiting for recovery to settle what the crashes left (up to 3 minutes)');
    const deadline = Date.now() + RECOVERY_WAIT_MS;
    for (;;) {
      const left = Number(
        (
          await db.query(
            `select count(*) as n from payment_intents
             where status = 'pending' or (status = 'failed' and acquired is not null and released_at is null)`,
          )
        ).rows[0].n,
      );
      if (left === 0 || Date.now() > deadline) break;
      await sleep(5000);
    }
    // One more recovery pass after the last intent settled (refunds of late charges).
    await sleep(5000);
    figures = await measure(db, startedAt);
    const charges = Number(
      (await db.query(`select count(*) as n from sandbox_provider_records where kind = 'charge'`)).rows[0].n,
    );
    const labelsBought = Number(
      (await db.query(`select count(*) as n from sandbox_provider_records where kind = 'label'`)).rows[0].n,
    );
    const renewalInvoices = Number(
      (
        await db.query(`select count(*) as n from invoices where category = 'subscription' and created_at >= $1`, [
          startedAt,
        ])
      ).rows[0].n,
    );
    const undone = Number(
      (await db.query(`select count(*) as n from payment_intents where failure_code = 'interrupted'`)).rows[0].n,
    );
    const finishedLate = Number(
      (
        await db.query(
          `select count(*) as n from payment_intents
           where status = 'succeeded' and settled_at > created_at + interval '60 seconds'`,
        )
      ).rows[0].n,
    );
    console.log('');
    console.log(`renewal invoices                                 ${renewalInvoices}`);
    console.log(`purchases finished by recovery / undone by it    ${finishedLate} / ${undone}`);
    console.log(`kills (SIGKILL)                                  ${KILLS}`);
    console.log(
      `requests sent / unanswered / retried             ${stats.requests} / ${stats.unanswered} / ${stats.retries}`,
    );
    console.log(`acknowledged writes                              ${acks.length}`);
    console.log(`answers 500 (not 503)                            ${stats.serverErrors}`);
    console.log(`provider charges / carrier labels                ${charges} / ${labelsBought}`);
    console.log(`acknowledged writes lost                         ${figures.lost}`);
    console.log(`double charges                                   ${figures.doubleCharges}`);
    console.log(`charges without a record after recovery          ${figures.unrecordedCharges}`);
    console.log(`labels without a shipment after recovery         ${figures.orphanLabels}`);
    console.log(`paid invoices whose charge ≠ total               ${figures.shortInvoices}`);
    console.log(`purchases still pending                          ${figures.pendingIntents}`);
  } finally {
    stopping = true;
    killApi();
    await db.end().catch(() => undefined);
    if (!process.env.CRASH_KEEP_DB) {
      await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const bad = figures
    ? figures.lost + figures.doubleCharges + figures.unrecordedCharges + figures.orphanLabels + figures.shortInvoices
    : 1;
  process.exit(bad === 0 ? 0 : 1);
}

await main();
