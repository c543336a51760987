/**
 * Lists at a million rows (`npm run bench`, after scripts/bench.ts): seeds a real PostgreSQL database with
 * 1,000,000 rows in every list table (set-based `generate_series`, once: a later run reuses it), starts the
 * BUILT API (`node apps/api/dist/server.js`) and a bare Fastify + pg ceiling (scripts/bench-ceiling.ts), loads
 * them alternately (ceiling, app, ceiling, app) with autocannon at 32 connections, and writes each list's ratio
 * to the ceiling, its p99, and page 1 against a deep page into the "Lists at a million rows" section of
 * docs/benchmarks.md. Before that, every list is measured from a cold start (see `makeTablesCold`): the shipments
 * reloaded and the other list tables' visibility maps cleared (as if their rows had just been loaded: no VACUUM
 * has run, so index-only scans and counts read the table), autovacuum held off, and for each list a freshly
 * started API (no count cached, no statement prepared) loaded for its first BENCH_COLD_SECONDS (default 10). It also measures the production start (cold start to healthy, memory at idle and under
 * load) and what logging at info costs. Not a test: CI does not run it.
 *
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the data lives in
 * its own database (BENCH_DATABASE, default postwise_bench). BENCH_SECONDS sets each run's length (default 5).
 * BENCH_ONLY=<comma-separated names> measures only the lists (and `quotes`) whose name contains one of them
 * (case-insensitive), e.g. BENCH_ONLY=mail,shipments,quotes; the production-start and logging measures need the
 * full run, so a filtered run prints its numbers and leaves docs/benchmarks.md alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '@postwise/shared/testing/demo-shipment';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'postwise_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
const selected = (name: string) => ONLY.length === 0 || ONLY.some((only) => name.toLowerCase().includes(only));
const CONNECTIONS = 32;
const COLD_SECONDS = Number(process.env.BENCH_COLD_SECONDS ?? 10);
/** The tables the measured lists read: made cold before the cold runs, vacuumed again after them. */
const COLD_TABLES = [
  'users',
  'profiles',
  'sessions',
  'invoices',
  'transactions',
  'audit_log',
  'faqs',
  'stores',
  'mailboxes',
  'mail_items',
  'shipments',
];
/** Bump when the seeded shape changes: a database seeded by an older version is seeded again. */
const SEED_VERSION = 1;
const ROWS = 1_000_000;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
const BENCH_URL = databaseUrl(BENCH_DATABASE);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
    if (!rowCount) await admin.query(`create database "${BENCH_DATABASE.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** ms from spawn to the first healthy answer. */
  coldStartMs: number;
  stop: () => Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not become healthy`);
}

async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  healthPath: string,
  logFile: string,
): Promise<Started> {
  const port = await freePort();
  const out = openSync(logFile, 'w');
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${baseUrl}${healthPath}`, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start; see ${logFile}`, { cause: err });
  }
  const coldStartMs = performance.now() - began;
  return {
    child,
    baseUrl,
    coldStartMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** One million rows in each list table, set-based. Users: 1 super admin, 1,000 sub-admins, 998,999 customers. */
const SEED_SQL = [
  `insert into users (email, password_hash, role_code, personal, created_at, updated_at)
   values ('super@bench.test', 'x', 'SUPER_ADMIN', '{"fullName":"Bench Super"}', now() - interval '4 years', now())`,
  `insert into users (email, password_hash, role_code, is_super_sub_admin, personal, created_at, updated_at)
   select 'sub' || g || '@bench.test', 'x', 'SUB_ADMIN', g = 1,
          jsonb_build_object('fullName', 'Reseller ' || g, 'lastName', 'Reseller' || g),
          now() - interval '4 years' + g * interval '1 minute', now()
   from generate_series(1, 1000) g`,
  `create temp table bench_subs as
   select substring(email from 'sub(\\d+)@')::int as n, id from users where email like 'sub%@bench.test'`,
  `insert into users (email, password_hash, role_code, account_type, parent_user_id, referred_by_user_id, status,
                      personal, created_at, updated_at)
   select 'user' || g || '@bench.test', 'x', 'USER', 'both', s.id, case when g % 10 = 0 then s1.id end,
          case when g % 20 = 0 then 'inactive' else 'active' end,
          jsonb_build_object('fullName', 'Customer ' || g, 'lastName', 'Last' || g),
          now() - interval '3 years' + g * interval '90 seconds', now()
   from generate_series(1, 998999) g
   join bench_subs s on s.n = ((g - 1) % 1000) + 1
   cross join (select id from bench_subs where n = 1) s1`,
  `insert into profiles (user_id, current_profile, shipment_status, mailbox_status, created_at, updated_at)
   select id, 'mailbox', 'active', (array['pending', 'active', 'rejected'])[1 + abs(hashtext(email)) % 3],
          created_at, created_at + interval '1 day'
   from users where role_code = 'USER'`,
  `create temp table bench_customers as
   select substring(email from 'user(\\d+)@')::int as n, id, parent_user_id from users
   where email ~ '^user([1-9]|[1-9][0-9]{1,2}|1000)@bench\\.test$'`,
  `insert into invoices (number, user_id, issuer_user_id, category, lines, subtotal_cents, total_cents, status,
                         due_at, paid_at, created_at, updated_at)
   select 'INV-B' || lpad(g::text, 7, '0'), c.id, c.parent_user_id, 'subscription',
          '[{"description":"Mailbox plan","quantity":1,"unitAmountCents":1500,"amountCents":1500}]'::jsonb,
          1500, 1500,
          case when g % 20 = 0 then 'void' when g % 7 = 0 then 'open' else 'paid' end,
          t.at + interval '7 days', case when g % 20 <> 0 and g % 7 <> 0 then t.at end, t.at, t.at
   from generate_series(1, ${ROWS}) g
   join bench_customers c on c.n = ((g - 1) % 1000) + 1
   cross join lateral (select now() - interval '3 years' + g * interval '90 seconds' as at) t`,
  `insert into transactions (invoice_id, user_id, amount_cents, kind, status, description, provider, request_key,
                             idempotency_key, created_at)
   select id, user_id, total_cents, 'charge', case when status = 'open' then 'failed' else 'succeeded' end,
          'Invoice ' || number, 'sandbox', 'invoice:' || id, 'invoice:' || id || '#1', created_at + interval '1 minute'
   from invoices where number like 'INV-B%'`,
  `insert into audit_log (actor_user_id, action, target_type, target_id, ip, created_at)
   select s.id, (array['user.update', 'store.create', 'invoice.void', 'faq.update'])[1 + g % 4], 'user', s.id::text,
          '127.0.0.1', now() - interval '3 years' + g * interval '90 seconds'
   from generate_series(1, ${ROWS}) g join bench_subs s on s.n = ((g - 1) % 1000) + 1`,
  `insert into faqs (question, answer, sort_order, is_published, created_at, updated_at)
   select 'Question ' || g || '?', 'Answer ' || g || '. ' || repeat('Details. ', 20), g, g % 10 <> 0,
          now() - interval '3 years' + g * interval '90 seconds', now()
   from generate_series(1, ${ROWS}) g`,
  `insert into stores (owner_user_id, name, address1, city, state, zip, country, phone, is_default, created_at,
                       updated_at)
   select s.id, 'Store ' || g, g || ' Main St', 'Los Angeles', 'CA', '90001', 'US', '+13105550100', g <= 1000,
          now() - interval '3 years' + g * interval '90 seconds', now()
   from generate_series(1, ${ROWS}) g join bench_subs s on s.n = ((g - 1) % 1000) + 1`,
];

async function seeded(client: pg.Client): Promise<boolean> {
  await client.query('create table if not exists bench_seed (version int not null, seeded_at timestamptz not null)');
  const { rows } = await client.query<{ version: number }>('select version from bench_seed');
  return rows[0]?.version === SEED_VERSION;
}

async function seed(client: pg.Client): Promise<void> {
  console.log(`Seeding ${BENCH_DATABASE} (about a minute per table on two cores)...`);
  await client.query('begin');
  await client.query(
    `truncate users, sessions, profiles, invoices, transactions, audit_log, faqs, stores, bench_seed cascade`,
  );
  // The extra tables hang on these users and stores: seeded again after this.
  await client.query(
    `create table if not exists bench_seed_extra (name text primary key, seeded_at timestamptz not null);
     truncate bench_seed_extra`,
  );
  for (const statement of SEED_SQL) {
    const began = performance.now();
    await client.query(statement);
    console.log(
      `  ${statement.trim().split(/\s+/).slice(0, 3).join(' ')}: ${Math.round(performance.now() - began)} ms`,
    );
  }
  await client.query('insert into bench_seed values ($1, now())', [SEED_VERSION]);
  await client.query('commit');
}

/**
 * Tables that arrived after SEED_VERSION 1 (mail, shipping), each seeded on its own and once: the million-row
 * tables above are reused, and a table is seeded again only when its entry in bench_seed_extra is missing.
 * They need the users and stores of SEED_SQL, and the migrations of the first start (their tables).
 */
interface ExtraSeed {
  name: string;
  truncate: string;
  statements: string[];
}

/** Customers user1..user1000 (the ones with invoices), each with the default store of its sub-admin (sub<n>). */
const BENCH_CUSTOMERS_SQL = `create temp table if not exists bench_box_customers as
   select substring(u.email from 'user(\\d+)@')::int as n, u.id as user_id, st.id as store_id
   from users u
   join stores st on st.owner_user_id = u.parent_user_id and st.is_default
   where u.email ~ '^user([1-9]|[1-9][0-9]{1,2}|1000)@bench\\.test$'`;

const EXTRA_SEEDS: ExtraSeed[] = [
  {
    // 1,000 mailboxes × 1,000 items over three years: 70 % inbox, 20 % archive, 10 % trash (purged after 30 days);
    // most still received, some scanned, forwarded, picked up, shredded or junked (storage ended).
    name: 'mail',
    truncate: 'truncate mailboxes, mail_items, mail_requests, mail_item_fees, mail_rules cascade',
    statements: [
      BENCH_CUSTOMERS_SQL,
      `insert into mailboxes (user_id, store_id, pmb_number, mailbox_type, names, status, opened_at)
       select user_id, store_id, 1000 + n, 'personal', jsonb_build_array('Customer ' || n), 'active',
              now() - interval '3 years'
       from bench_box_customers`,
      `update profiles set mailbox_status = 'active'
       where user_id in (select user_id from bench_box_customers) and mailbox_status <> 'active'`,
      `insert into mail_items (mailbox_id, user_id, store_id, kind, sender, carrier, tracking_number, weight_lb, status,
                               folder, received_at, free_until, storage_daily_fee_cents, storage_ended_at, archived_at,
                               trashed_at, purged_at, created_at, updated_at)
       select m.id, c.user_id, c.store_id, k.kind,
              (array['Internal Revenue Service', 'Chase Bank', 'Amazon', 'DMV California', 'Blue Shield',
                     'City of Los Angeles', 'Vanguard', 'Comcast'])[1 + (t.j + c.n) % 8],
              case when k.kind in ('package', 'pallet') then 'UPS' end,
              case when k.kind in ('package', 'pallet') then '1Z' || lpad(g::text, 16, '0') end,
              case when k.kind in ('package', 'pallet') then 4.5 else 0.1 end,
              s.status, f.folder, t.at, t.at + interval '30 days',
              case when k.kind in ('package', 'pallet') then 50 else 0 end,
              case when s.status in ('forwarded', 'picked_up', 'shredded', 'junked') then t.at + interval '5 days' end,
              case when f.folder = 'archive' then t.at + interval '6 days' end,
              case when f.folder = 'trash' then t.at + interval '6 days' end,
              case when f.folder = 'trash' and t.at < now() - interval '60 days' then t.at + interval '36 days' end,
              t.at, t.at
       from generate_series(1, ${ROWS}) g
       join bench_box_customers c on c.n = ((g - 1) % 1000) + 1
       join mailboxes m on m.user_id = c.user_id
       cross join lateral (select now() - interval '3 years' + g * interval '90 seconds' as at, (g - 1) / 1000 as j) t
       cross join lateral (select case when t.j % 10 < 7 then 'inbox' when t.j % 10 < 9 then 'archive' else 'trash' end
                                  as folder) f
       cross join lateral (select case when t.j % 20 < 12 then 'letter' when t.j % 20 < 16 then 'large_envelope'
                                       when t.j % 20 < 19 then 'package' else 'pallet' end as kind) k
       cross join lateral (select case
                                    when f.folder = 'inbox' then
                                      (array['received', 'received', 'received', 'received', 'scanned',
                                             'scan_requested', 'forward_requested'])[1 + t.j % 7]
                                    when f.folder = 'archive' then
                                      (array['scanned', 'forwarded', 'picked_up', 'received'])[1 + t.j % 4]
                                    else (array['shredded', 'junked', 'received'])[1 + t.j % 3]
                                  end as status) s`,
    ],
  },
  {
    // 1,000 shippers × 1,000 bought shipments over three years, mostly delivered, some in transit, voided or in
    // exception; none are drafts (GET shipments never lists them).
    name: 'shipments',
    // The pristine copy the cold runs reload the shipments from (makeTablesCold) goes with them.
    truncate: 'drop table if exists bench_shipments_copy; truncate shipments, shipment_events cascade',
    statements: [
      BENCH_CUSTOMERS_SQL,
      `insert into shipments (unique_id, user_id, sender, receiver, packages, carrier, carrier_service,
                              carrier_tracking_number, shipment_details, list_price_cents, price_cents, status,
                              provider, receiver_name, voided_at, created_at, updated_at)
       select 'PWB' || lpad(g::text, 9, '0'), c.user_id,
              '{"name":"Bench Sender","line1":"1855 Industrial St","city":"Los Angeles","state":"CA","zipCode":"90021","country":"US"}'::jsonb,
              jsonb_build_object('name', 'Receiver ' || g, 'line1', g || ' Congress Ave', 'city', 'Austin',
                                 'state', 'TX', 'zipCode', '78701', 'country', 'US'),
              '[{"packageType":"Box","dimension":{"unit":"in","length":10,"width":8,"height":4},"weight":6.4,"weightUnits":"lb","numberOfPackages":1}]'::jsonb,
              cr.carrier, cr.carrier || ' Ground', cr.carrier || '-B' || lpad(g::text, 12, '0'),
              jsonb_build_object('service', cr.carrier || ' Ground', 'deliveryDate', to_char(t.at + interval '3 days', 'YYYY-MM-DD'),
                                 'deliveryTime', null, 'category', 'ground'),
              4200 + g % 500, 1100 + g % 150, st.status, 'sandbox', 'receiver ' || g,
              case when st.status = 'voided' then t.at + interval '1 day' end, t.at, t.at
       from generate_series(1, ${ROWS}) g
       join bench_box_customers c on c.n = ((g - 1) % 1000) + 1
       cross join lateral (select now() - interval '3 years' + g * interval '90 seconds' as at,
                                  ((g - 1) / 1000) % 100 as j) t
       cross join lateral (select (array['USPS', 'UPS', 'FedEx'])[1 + g % 3] as carrier) cr
       cross join lateral (select case when t.j < 80 then 'delivered' when t.j < 88 then 'in_transit'
                                       when t.j < 91 then 'out_for_delivery' when t.j < 94 then 'label_created'
                                       when t.j < 96 then 'exception' when t.j < 99 then 'voided'
                                       else 'cancelled' end as status) st`,
    ],
  },
];

/** Seeds each extra table that is not seeded yet, each in its own transaction; answers whether any was. */
async function seedExtras(client: pg.Client): Promise<boolean> {
  await client.query(
    'create table if not exists bench_seed_extra (name text primary key, seeded_at timestamptz not null)',
  );
  const { rows } = await client.query<{ name: string }>('select name from bench_seed_extra');
  const done = new Set(rows.map((r) => r.name));
  let any = false;
  for (const extra of EXTRA_SEEDS) {
    if (done.has(extra.name)) continue;
    console.log(`Seeding ${extra.name} in ${BENCH_DATABASE}...`);
    await client.query('begin');
    await client.query(extra.truncate);
    for (const statement of extra.statements) {
      const began = performance.now();
      await client.query(statement);
      console.log(
        `  ${statement.trim().split(/\s+/).slice(0, 3).join(' ')}: ${Math.round(performance.now() - began)} ms`,
      );
    }
    await client.query('insert into bench_seed_extra values ($1, now())', [extra.name]);
    await client.query('commit');
    any = true;
  }
  return any;
}

/**
 * Makes the list tables as they are right after a large load, before any VACUUM or ANALYZE: the shipments are
 * reloaded from a pristine copy (truncate, then insert of the million rows: new tuples without hint bits, no
 * visibility map, no row count known to the planner); every other list table has its visibility map cleared
 * (pg_visibility), so its index-only scans and counts visit the table as they would after a load. Autovacuum is
 * held off on them until `warmTablesAgain`, so the cold runs stay cold. Answers what it did, for the report.
 */
async function makeTablesCold(client: pg.Client): Promise<string> {
  await client.query('create extension if not exists pg_visibility');
  for (const table of COLD_TABLES) {
    await client.query(`alter table ${table} set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`);
  }
  const { rows: copied } = await client.query<{ present: boolean }>(
    `select to_regclass('bench_shipments_copy') is not null as present`,
  );
  const copyRows = copied[0]?.present
    ? (await client.query<{ n: string }>('select count(*)::text as n from bench_shipments_copy')).rows[0]?.n
    : undefined;
  const { rows: shipmentRows } = await client.query<{ n: string }>('select count(*)::text as n from shipments');
  if (copyRows !== shipmentRows[0]?.n) {
    console.log('  copying the shipments once (the cold runs reload them from the copy)...');
    await client.query('drop table if exists bench_shipments_copy');
    await client.query('create table bench_shipments_copy as select * from shipments');
  }
  const { rows: columns } = await client.query<{ name: string }>(
    `select quote_ident(column_name) as name from information_schema.columns
     where table_name = 'bench_shipments_copy' and table_schema = current_schema() order by ordinal_position`,
  );
  const list = columns.map((c) => c.name).join(', ');
  const began = performance.now();
  await client.query('begin');
  await client.query('truncate shipments cascade');
  await client.query(`insert into shipments (${list}) select ${list} from bench_shipments_copy`);
  await client.query('commit');
  const reloadMs = performance.now() - began;
  console.log(`  shipments reloaded: ${Math.round(reloadMs)} ms`);
  for (const table of COLD_TABLES.filter((t) => t !== 'shipments')) {
    await client.query('select pg_truncate_visibility_map($1::regclass)', [table]);
  }
  // The reload's gigabyte of dirty pages is written now, not while the first cold runs are measured.
  await client.query('checkpoint');
  return (
    `the ${fmt(Number(shipmentRows[0]?.n ?? 0))} shipments reloaded (truncate and insert from a copy, ${fmt(reloadMs / 1000, 0)} s) ` +
    `and the visibility maps of ${COLD_TABLES.filter((t) => t !== 'shipments').join(', ')} cleared (pg_visibility), ` +
    'autovacuum off on them during the cold runs, no VACUUM or ANALYZE after the reload'
  );
}

/** Autovacuum back on the list tables, and the VACUUM ANALYZE a loaded table gets before the warm runs. */
async function warmTablesAgain(client: pg.Client): Promise<void> {
  const began = performance.now();
  for (const table of COLD_TABLES) {
    await client.query(`alter table ${table} reset (autovacuum_enabled, toast.autovacuum_enabled)`);
    await client.query(`vacuum analyze ${table}`);
  }
  console.log(`  list tables vacuumed and analyzed again: ${Math.round(performance.now() - began)} ms`);
}

async function sessionFor(client: pg.Client, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, scope, expires_at)
     select id, $2, 'full', now() + interval '1 day' from users where email = $1`,
    [email, createHash('sha256').update(token).digest('hex')],
  );
  return token;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, token: string | undefined, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: token ? { 'x-access-token': token } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** A quote request as the web's wizard sends it: a domestic shipment of 5 boxes (shipping.test.ts's addresses). */
const QUOTE_BODY = JSON.stringify({
  sender: DEMO_SENDER,
  receiver: DEMO_RECEIVER,
  packages: [6.4, 2, 11.5, 0.8, 25].map((weight) => ({ ...DEMO_BOX, weight })),
});
/** Quotes are a person at the wizard, not a list under a crowd: a few at once, and the latency is what counts. */
const QUOTE_CONNECTIONS = 4;
const QUOTE_P95_TARGET_MS = 150;

interface QuoteLoad extends Load {
  p95: number;
}

/** POST shipments/quotes under autocannon; p95 from every response time (autocannon's histogram has no p95). */
async function quoteLoad(baseUrl: string, token: string, seconds = SECONDS): Promise<QuoteLoad> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}/api/v1/shipments/quotes`,
        method: 'POST',
        connections: QUOTE_CONNECTIONS,
        duration: seconds,
        headers: { 'x-access-token': token, 'content-type': 'application/json' },
        body: QUOTE_BODY,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

interface Endpoint {
  name: string;
  path: string;
  caller: 'super' | 'customer' | 'superSub' | 'public';
  rows: string;
  deepPage: number;
  /** An aggregate report, not a paged list: reported apart, with what one person at the page waits. */
  report?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'Invoices (customer, own 1,000)',
    path: '/api/v1/invoices',
    caller: 'customer',
    rows: '1,000 of 1M',
    deepPage: 100,
  },
  { name: 'Invoices (super admin, all)', path: '/api/v1/invoices', caller: 'super', rows: '1M', deepPage: 5000 },
  {
    name: 'Invoices, open (super admin)',
    path: '/api/v1/invoices?status=open',
    caller: 'super',
    rows: '~136k',
    deepPage: 5000,
  },
  {
    name: 'Invoices, number search (super admin)',
    path: '/api/v1/invoices?search=INV-B00012',
    caller: 'super',
    rows: '100',
    deepPage: 10,
  },
  {
    name: 'Transactions (super admin, all)',
    path: '/api/v1/invoices/transactions',
    caller: 'super',
    rows: '1M',
    deepPage: 5000,
  },
  {
    name: 'Transactions (customer, own)',
    path: '/api/v1/invoices/transactions',
    caller: 'customer',
    rows: '1,000 of 1M',
    deepPage: 100,
  },
  { name: 'Customers (super admin)', path: '/api/v1/customers', caller: 'super', rows: '~999k', deepPage: 5000 },
  {
    name: 'Customers, search (super admin)',
    path: '/api/v1/customers?search=customer%201234',
    caller: 'super',
    rows: '111',
    deepPage: 2,
  },
  {
    name: 'Sub-admins (super admin)',
    path: '/api/v1/sub-admins',
    caller: 'super',
    rows: '1,000 of 1M users',
    deepPage: 100,
  },
  {
    name: 'Referred clients (super sub-admin)',
    path: '/api/v1/referred-clients',
    caller: 'superSub',
    rows: '~100k',
    deepPage: 5000,
  },
  {
    name: 'Applications, pending (super admin)',
    path: '/api/v1/applications?status=pending',
    caller: 'super',
    rows: '~333k',
    deepPage: 5000,
  },
  { name: 'Audit log (super admin)', path: '/api/v1/audit-logs', caller: 'super', rows: '1M', deepPage: 5000 },
  // Analytics & Reports: one year of aggregates over the million invoices and mail items. Not a list:
  // the page parameters are ignored, so the "deep page" run repeats the same question.
  {
    name: 'Analytics & Reports, a year (super admin)',
    path: '/api/v1/analytics/summary?from=2026-01-01&to=2027-01-01',
    caller: 'super',
    rows: '1M invoices, 1M mail items',
    deepPage: 1,
    report: true,
  },
  {
    name: 'Super admin dashboard figures',
    path: '/api/v1/dashboard/super-admin',
    caller: 'super',
    rows: '1M invoices, 1M audit rows',
    deepPage: 1,
    report: true,
  },
  {
    name: 'Sub-admin dashboard figures',
    path: '/api/v1/dashboard/sub-admin',
    caller: 'superSub',
    rows: '~1,000 customers and invoices of 1M',
    deepPage: 1,
    report: true,
  },
  {
    name: 'Customer dashboard: shipping at a glance',
    path: '/api/v1/shipments/summary',
    caller: 'customer',
    rows: '1,000 of 1M shipments',
    deepPage: 1,
    report: true,
  },
  { name: 'FAQs (public)', path: '/api/v1/faqs', caller: 'public', rows: '900k of 1M', deepPage: 5000 },
  { name: 'FAQs (admin)', path: '/api/v1/faqs/admin', caller: 'super', rows: '1M', deepPage: 5000 },
  {
    name: 'Mail items, inbox (customer, own box)',
    path: '/api/v1/mail-items?folder=inbox',
    caller: 'customer',
    rows: '700 of 1M',
    deepPage: 70,
  },
  {
    name: 'Mailboxes (super admin)',
    path: '/api/v1/mailboxes',
    caller: 'super',
    rows: '1,000 boxes, 1M items',
    deepPage: 100,
  },
  {
    name: 'Mailbox labels (operator, one box)',
    path: '/api/v1/mailboxes/{mailbox}/labels',
    caller: 'superSub',
    rows: '~900 of 1M',
    deepPage: 90,
  },
  {
    name: 'Mailbox labels (super admin, one box)',
    path: '/api/v1/mailboxes/{mailbox}/labels',
    caller: 'super',
    rows: '~900 of 1M',
    deepPage: 90,
  },
  {
    name: 'Shipments (customer, own 1,000)',
    path: '/api/v1/shipments',
    caller: 'customer',
    rows: '1,000 of 1M',
    deepPage: 100,
  },
  { name: 'Shipments (super admin, all)', path: '/api/v1/shipments', caller: 'super', rows: '1M', deepPage: 5000 },
  { name: 'Stores (super admin)', path: '/api/v1/stores', caller: 'super', rows: '1M', deepPage: 5000 },
  {
    name: 'Stores, name search (super admin)',
    path: '/api/v1/stores?search=store%2012345',
    caller: 'super',
    rows: '11',
    deepPage: 2,
  },
];

function withPage(pathname: string, pageNo: number): string {
  return `${pathname}${pathname.includes('?') ? '&' : '?'}pageNo=${pageNo}&pageSize=10`;
}

interface Row {
  endpoint: Endpoint;
  /** The first COLD_SECONDS after a fresh API started, on cold tables (page 1), and the ceiling just before. */
  cold?: { app: Load; ceiling: Load };
  ceiling: Load[];
  app: Load[];
  deep: Load;
  /** Aggregate pages (analytics, dashboard): one connection's latency. */
  single?: { p50: number; p99: number; max: number };
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'apps/api/dist/server.js'))) {
    throw new Error('apps/api/dist is missing: run `npm run build` first (npm run bench does).');
  }
  await ensureDatabase();
  const loadBefore = os.loadavg()[0]!;
  const tmp = os.tmpdir();
  const appEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: BENCH_URL,
    SEED_DEMO: 'false',
    PAYMENT_PROVIDER: 'sandbox',
    // The benchmark charges no card: the sandbox in production needs this explicit opt-in.
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    // Required in production; nothing is sent during the benchmark.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    LOG_LEVEL: 'info',
    DATA_DIR: path.join(tmp, 'postwise-bench-data'),
    // The scheduled jobs (billing, payouts, storage fees, tracking, purge, the analytics rollup) are not started in
    // the measured process: over a million rows each run takes seconds of CPU on the same two cores, which would be
    // measured as list latency. In production they run in every process or in a worker (docs/decisions/010-lists-at-a-million-rows.md).
    BILLING_INTERVAL_SECONDS: '0',
    PURGE_INTERVAL_SECONDS: '0',
    TRACKING_INTERVAL_SECONDS: '0',
    MAIL_JOBS_INTERVAL_SECONDS: '0',
    PAYOUT_JOBS_INTERVAL_SECONDS: '0',
  };
  const appArgs = ['--enable-source-maps', 'apps/api/dist/server.js'];

  // The first start migrates the database; then seed (once), vacuum so index-only scans need no heap visits.
  const first = await start('api (migrate)', appArgs, appEnv, '/api/health', path.join(tmp, 'postwise-bench-api.log'));
  const client = new pg.Client({ connectionString: BENCH_URL });
  await client.connect();
  try {
    if (!(await seeded(client))) {
      await seed(client);
      console.log('  vacuum analyze...');
      await client.query('vacuum analyze');
    } else {
      console.log(`${BENCH_DATABASE} already seeded (version ${SEED_VERSION}); reusing it.`);
      await client.query('delete from sessions');
      await client.query('vacuum analyze sessions');
    }
    // After the migrations of the first start (the mail and shipping tables arrive that way).
    if (await seedExtras(client)) {
      console.log('  vacuum analyze...');
      await client.query('vacuum analyze');
    }
    // The Analytics & Reports rollup as the billing runner's job keeps it (refreshed every 10 minutes).
    const began = performance.now();
    await client.query('refresh materialized view analytics_daily');
    await client.query(`insert into analytics_refresh (id, refreshed_at) values (1, now())
      on conflict (id) do update set refreshed_at = excluded.refreshed_at`);
    console.log(`  analytics rollup refreshed: ${Math.round(performance.now() - began)} ms`);
  } finally {
    await first.stop();
  }

  const tokens = {
    super: await sessionFor(client, 'super@bench.test'),
    customer: await sessionFor(client, 'user1@bench.test'),
    superSub: await sessionFor(client, 'sub1@bench.test'),
    public: undefined,
  };
  // user1's box, at the default store of sub1 (the operator: it owns the store).
  const { rows: boxes } = await client.query<{ id: string }>(
    `select m.id from mailboxes m join users u on u.id = m.user_id where u.email = 'user1@bench.test'`,
  );
  const mailboxId = boxes[0]!.id;
  await client.end();
  const endpoints = ENDPOINTS.filter((endpoint) => selected(endpoint.name)).map((endpoint) => ({
    ...endpoint,
    path: endpoint.path.replace('{mailbox}', mailboxId),
  }));

  const ceiling = await start(
    'ceiling',
    ['--import', 'tsx', 'scripts/bench-ceiling.ts'],
    { DATABASE_URL: BENCH_URL },
    '/ceiling/health',
    path.join(tmp, 'postwise-bench-ceiling.log'),
  );
  const ceilingUrl = `${ceiling.baseUrl}/ceiling/invoices?pageNo=1&pageSize=10`;

  // From a cold start: each list against a freshly started API on tables as they are right after a load, with
  // the ceiling measured just before it (on the same cold tables).
  const cold = new Map<Endpoint['name'], { app: Load; ceiling: Load }>();
  let coldSetup = '';
  if (COLD_SECONDS > 0) {
    const admin = new pg.Client({ connectionString: BENCH_URL });
    await admin.connect();
    try {
      console.log('Cold runs: making the list tables cold...');
      coldSetup = await makeTablesCold(admin);
      await load(ceilingUrl, tokens.customer, 2);
      for (const endpoint of endpoints.filter((e) => !e.report)) {
        const ceilingThen = await load(ceilingUrl, tokens.customer);
        const fresh = await start(
          'api (cold)',
          appArgs,
          appEnv,
          '/api/health',
          path.join(tmp, 'postwise-bench-api.log'),
        );
        try {
          const measured = await load(
            `${fresh.baseUrl}${withPage(endpoint.path, 1)}`,
            tokens[endpoint.caller],
            COLD_SECONDS,
          );
          cold.set(endpoint.name, { app: measured, ceiling: ceilingThen });
          console.log(
            `${endpoint.name}, cold: ${fmt(measured.rps)} req/s (ceiling just before: ${fmt(ceilingThen.rps)}), ` +
              `p99 ${fmt(measured.p99)} ms` +
              `${measured.non2xx ? ` (${measured.non2xx} non-2xx!)` : ''}`,
          );
        } finally {
          await fresh.stop();
        }
      }
    } finally {
      await warmTablesAgain(admin);
      await admin.end();
    }
  }

  // Cold start of the compiled server on a migrated, seeded database.
  const api = await start('api', appArgs, appEnv, '/api/health', path.join(tmp, 'postwise-bench-api.log'));
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = rssMb(api.child.pid);

  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(api.child.pid));
  }, 250);

  const rows: Row[] = [];
  let quotes: QuoteLoad | undefined;
  try {
    // Warm both (JIT, plan caches, count caches) before anything is recorded.
    await load(ceilingUrl, tokens.customer, 2);
    for (const endpoint of endpoints) {
      await load(`${api.baseUrl}${withPage(endpoint.path, 1)}`, tokens[endpoint.caller], 1);
    }
    for (const endpoint of endpoints) {
      const url = `${api.baseUrl}${withPage(endpoint.path, 1)}`;
      const token = tokens[endpoint.caller];
      const coldLoad = cold.get(endpoint.name);
      const row: Row = {
        endpoint,
        ...(coldLoad ? { cold: coldLoad } : {}),
        ceiling: [],
        app: [],
        deep: undefined as unknown as Load,
      };
      for (let round = 0; round < 2; round++) {
        row.ceiling.push(await load(ceilingUrl, tokens.customer));
        row.app.push(await load(url, token));
      }
      row.deep = await load(`${api.baseUrl}${withPage(endpoint.path, endpoint.deepPage)}`, token);
      rows.push(row);
      const ratio = mean(row.app.map((l) => l.rps)) / mean(row.ceiling.map((l) => l.rps));
      console.log(
        `${endpoint.name}: ${fmt(mean(row.app.map((l) => l.rps)))} req/s, ratio ${fmt(ratio, 2)}, ` +
          `p99 ${fmt(Math.max(...row.app.map((l) => l.p99)))} ms; page ${endpoint.deepPage}: ${fmt(row.deep.rps)} req/s`,
      );
      if (endpoint.report) {
        // Not a list: what one person at the page waits (one connection), the figure its target is set in.
        const single = await autocannon({
          url,
          connections: 1,
          duration: SECONDS,
          headers: token ? { 'x-access-token': token } : {},
        });
        row.single = { p50: single.latency.p50, p99: single.latency.p99, max: single.latency.max };
        console.log(
          `  one person at the page: p50 ${fmt(single.latency.p50)} ms, p99 ${fmt(single.latency.p99)} ms, ` +
            `max ${fmt(single.latency.max)} ms`,
        );
      }
    }
    if (selected('quotes')) {
      quotes = await quoteLoad(api.baseUrl, tokens.customer);
      console.log(
        `Quotes (5 packages, sandbox): ${fmt(quotes.rps)} req/s, p95 ${fmt(quotes.p95)} ms, p99 ${fmt(quotes.p99)} ms` +
          `${quotes.non2xx ? ` (${quotes.non2xx} non-2xx!)` : ''}`,
      );
    }
  } finally {
    clearInterval(sampler);
  }
  const loadedRss = peakRss;
  await api.stop();
  if (ONLY.length > 0) {
    await ceiling.stop();
    console.log('BENCH_ONLY run: docs/benchmarks.md left as it is.');
    return;
  }

  // What logging at info costs: the same list against a server logging at info and one logging nothing.
  const silent = await start(
    'api (silent)',
    appArgs,
    { ...appEnv, LOG_LEVEL: 'silent' },
    '/api/health',
    path.join(tmp, 'postwise-bench-api-silent.log'),
  );
  const info = await start('api (info)', appArgs, appEnv, '/api/health', path.join(tmp, 'postwise-bench-api.log'));
  const logUrl = (base: string) => `${base}${withPage('/api/v1/invoices', 1)}`;
  await load(logUrl(info.baseUrl), tokens.customer, 1);
  await load(logUrl(silent.baseUrl), tokens.customer, 1);
  const logRuns = { info: [] as Load[], silent: [] as Load[] };
  for (let round = 0; round < 2; round++) {
    logRuns.info.push(await load(logUrl(info.baseUrl), tokens.customer));
    logRuns.silent.push(await load(logUrl(silent.baseUrl), tokens.customer));
  }
  await Promise.all([info.stop(), silent.stop(), ceiling.stop()]);

  writeReport(rows, quotes, {
    coldSetup,
    loadBefore,
    coldStartMs: api.coldStartMs,
    idleRss,
    loadedRss,
    infoRps: mean(logRuns.info.map((l) => l.rps)),
    silentRps: mean(logRuns.silent.map((l) => l.rps)),
  });
}

interface Production {
  /** How the tables were made cold (empty: no cold runs). */
  coldSetup: string;
  loadBefore: number;
  coldStartMs: number;
  idleRss: number;
  loadedRss: number;
  infoRps: number;
  silentRps: number;
}

function writeReport(rows: Row[], quotes: QuoteLoad | undefined, prod: Production): void {
  const ceilingAll = rows.flatMap((r) => r.ceiling);
  const lines = [
    '## Lists at a million rows',
    '',
    `Written by \`npm run bench\` (scripts/bench-lists.ts) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores shared with other work ` +
      `(load average ${prod.loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end), ` +
      `Node ${process.version}, PostgreSQL at \`TEST_DATABASE_URL\` (database \`${BENCH_DATABASE}\`), the compiled API ` +
      `(\`node apps/api/dist/server.js\`, NODE_ENV=production, LOG_LEVEL=info, logs to a file), autocannon with ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run, runs alternating ceiling / app / ceiling / app per endpoint, page size 10.`,
    '',
    'Data: 1,000,000 users (1 super admin, 1,000 sub-admins, 998,999 customers with profiles), 1,000,000 invoices ' +
      '(1,000 customers × 1,000), 1,000,000 transactions, 1,000,000 audit-log rows, 1,000,000 FAQs, 1,000,000 stores, ' +
      '1,000,000 mail items (1,000 mailboxes × 1,000: 70 % inbox, 20 % archive, 10 % trash, the older trash purged) and ' +
      '1,000,000 shipments (1,000 shippers × 1,000, none drafts).',
    '',
    `Ceiling: bare Fastify + pg (scripts/bench-ceiling.ts): session lookup by token hash, one indexed page query of a customer's ` +
      `invoices, one count; ${fmt(Math.min(...ceilingAll.map((l) => l.rps)))}–${fmt(Math.max(...ceilingAll.map((l) => l.rps)))} requests/s, ` +
      `p99 ${fmt(Math.min(...ceilingAll.map((l) => l.p99)))}–${fmt(Math.max(...ceilingAll.map((l) => l.p99)))} ms over all runs.`,
    '',
    '| List | Rows it pages | req/s (page 1) | Ratio to ceiling | p99 (ms) | Deep page | req/s (deep) | p99 deep (ms) | Deep / page 1 |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const misses: string[] = [];
  const reports = rows.filter((r) => r.endpoint.report);
  for (const r of rows.filter((row) => !row.endpoint.report)) {
    const rps = mean(r.app.map((l) => l.rps));
    const ratio = rps / mean(r.ceiling.map((l) => l.rps));
    const p99 = Math.max(...r.app.map((l) => l.p99));
    const errors = r.app.reduce((n, l) => n + l.non2xx, 0) + r.deep.non2xx;
    if (ratio < 0.6 || p99 >= 100) misses.push(`${r.endpoint.name} (ratio ${fmt(ratio, 2)}, p99 ${fmt(p99)} ms)`);
    lines.push(
      `| \`GET ${r.endpoint.path.replace('/api/v1', '').replace(/[0-9a-f-]{36}/, '{id}')}\` ${r.endpoint.name} | ${r.endpoint.rows} | ${fmt(rps)} | ` +
        `${fmt(ratio, 2)} | ${fmt(p99)} | ${r.endpoint.deepPage} | ${fmt(r.deep.rps)} | ${fmt(r.deep.p99)} | ` +
        `${fmt(r.deep.rps / rps, 2)}${errors ? ` (${errors} non-2xx!)` : ''} |`,
    );
  }
  const ceilingMean = mean(ceilingAll.map((l) => l.rps));
  const coldRows = rows.filter((r) => r.cold);
  const coldMisses: string[] = [];
  const coldLines = coldRows.map((r) => {
    const { app: c, ceiling: then } = r.cold!;
    // Strict: the higher of the ceiling just before (on the cold tables) and the warm ceiling.
    const ratio = c.rps / Math.max(then.rps, ceilingMean);
    if (ratio < 0.6 || c.p99 >= 100)
      coldMisses.push(`${r.endpoint.name} (ratio ${fmt(ratio, 2)}, p99 ${fmt(c.p99)} ms)`);
    const warm = mean(r.app.map((l) => l.rps));
    return (
      `| \`GET ${r.endpoint.path.replace('/api/v1', '').replace(/[0-9a-f-]{36}/, '{id}')}\` ${r.endpoint.name} | ${r.endpoint.rows} | ` +
      `${fmt(then.rps)} | ${fmt(c.rps)} | ${fmt(ratio, 2)} | ${fmt(c.p99)} | ${fmt(warm)} | ${fmt(warm / mean(r.ceiling.map((l) => l.rps)), 2)} | ` +
      `${fmt(Math.max(...r.app.map((l) => l.p99)))}${c.non2xx ? ` (${c.non2xx} non-2xx!)` : ''} |`
    );
  });
  lines.push(
    '',
    misses.length
      ? `Result: below the target (ratio at least 0.60 and p99 under 100 ms): ${misses.join('; ')}.`
      : 'Result: every list reaches the target (ratio at least 0.60, p99 under 100 ms).',
    '',
    ...(coldRows.length
      ? [
          '### From a cold start',
          '',
          `Measured before the rows above, on tables as they are right after a large load: ${prod.coldSetup}. For each ` +
            `list a freshly started API (no total counted, no statement prepared) under the same ${CONNECTIONS} ` +
            `connections for its first ${COLD_SECONDS} s, page 1, starting as soon as \`/api/health\` answers. Then the ` +
            'tables were vacuumed and analyzed and the warm rows above measured. The ceiling ran for ' +
            `${SECONDS} s just before each cold run, on the same cold tables; the cold ratio is to the higher of that run ` +
            `and the mean of all warm ceiling runs above (${fmt(ceilingMean)} req/s, on vacuumed tables). The warm ` +
            'columns repeat the table above.',
          '',
          `| List | Rows it pages | Ceiling just before (req/s) | Cold req/s (first ${COLD_SECONDS} s) | Cold ratio to ceiling | Cold p99 (ms) | Warm req/s | Warm ratio | Warm p99 (ms) |`,
          '|---|---|---|---|---|---|---|---|---|',
          ...coldLines,
          '',
          coldMisses.length
            ? `Result from a cold start: below the target (ratio at least 0.60 and p99 under 100 ms): ${coldMisses.join('; ')}.`
            : 'Result from a cold start: every list reaches the target (ratio at least 0.60, p99 under 100 ms).',
          '',
        ]
      : []),
    ...(reports.length
      ? [
          'Reports (not paged lists: aggregates over the million rows, summed from the daily rollup plus what happened ' +
            'since its last refresh, read live; identical requests in flight share one computation) under the same load, ' +
            'and what one person at the page waits (one connection):',
          '',
          '| Report | Rows it reads | req/s (32 connections) | p99 (ms) | One person: p50 (ms) | p99 (ms) | max (ms) |',
          '|---|---|---|---|---|---|---|',
          ...reports.map(
            (r) =>
              `| \`GET ${r.endpoint.path.replace('/api/v1', '')}\` ${r.endpoint.name} | ${r.endpoint.rows} | ` +
              `${fmt(mean(r.app.map((l) => l.rps)))} | ${fmt(Math.max(...r.app.map((l) => l.p99)))} | ` +
              `${fmt(r.single?.p50 ?? 0)} | ${fmt(r.single?.p99 ?? 0)} | ${fmt(r.single?.max ?? 0)} |`,
          ),
          '',
        ]
      : []),
    ...(quotes
      ? [
          `Quotes: \`POST /shipments/quotes\` for 5 packages on the sandbox carrier as a shipper, ${QUOTE_CONNECTIONS} connections, ` +
            `${SECONDS} s: ${fmt(quotes.rps)} req/s, p50 ${fmt(quotes.p50)} ms, p95 ${fmt(quotes.p95)} ms, p99 ${fmt(quotes.p99)} ms` +
            `${quotes.non2xx ? ` (${quotes.non2xx} non-2xx!)` : ''}; ` +
            (quotes.p95 < QUOTE_P95_TARGET_MS
              ? `within the target (p95 under ${QUOTE_P95_TARGET_MS} ms).`
              : `below the target (p95 under ${QUOTE_P95_TARGET_MS} ms).`),
          '',
        ]
      : []),
    'The deep page is page 5,000 where the list has 50,000 rows or more, otherwise its last page. "Deep / page 1" is ' +
      "the deep page's throughput over page 1's (1.00 = same cost).",
    '',
    '### Production start and memory',
    '',
    '| Measure | Value |',
    '|---|---|',
    `| Cold start of \`node apps/api/dist/server.js\` to a healthy \`/api/health\` (migrated database) | ${fmt(prod.coldStartMs)} ms |`,
    `| Resident memory at idle (after start) | ${fmt(prod.idleRss, 1)} MB |`,
    `| Resident memory, peak under the list load above | ${fmt(prod.loadedRss, 1)} MB |`,
    `| Customer invoices, logging at info | ${fmt(prod.infoRps)} req/s |`,
    `| Customer invoices, logging silent | ${fmt(prod.silentRps)} req/s |`,
    `| Cost of logging at info | ${fmt((1 - prod.infoRps / prod.silentRps) * 100, 1)} % |`,
    '',
  );
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = lines.join('\n');
  const start = existing.indexOf('## Lists at a million rows');
  let next = -1;
  if (start >= 0) {
    const rest = existing.slice(start + 3);
    const m = /\n## /.exec(rest);
    next = m ? start + 3 + m.index + 1 : -1;
  }
  const updated =
    start >= 0
      ? `${existing.slice(0, start)}${section}${next >= 0 ? `\n${existing.slice(next)}` : ''}`
      : `${existing.trimEnd()}\n\n${section}`;
  writeFileSync(file, updated.endsWith('\n') ? updated : `${updated}\n`);
  console.log(`Written to docs/benchmarks.md`);
}

await main();
