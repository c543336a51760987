/**
 * The ceiling for `npm run bench` (lists): the least an authenticated paged list can do, on bare Fastify + pg.
 * One session lookup by token hash (joined to its user), one indexed page query, one count; no validation
 * library, no logging, no plugins. The product's list endpoints are measured as a ratio to this.
 * Started by scripts/bench-lists.ts: `node --import tsx scripts/bench-ceiling.ts` with DATABASE_URL and PORT.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/ceiling/invoices', async (request, reply) => {
  const token = request.headers['x-access-token'];
  if (typeof token !== 'string') return reply.code(401).send({ isSuccess: false, message: 'Unauthorized' });
  const hash = createHash('sha256').update(token).digest('hex');
  const session = await pool.query<{ user_id: string }>(
    `select s.user_id from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
    [hash],
  );
  const userId = session.rows[0]?.user_id;
  if (!userId) return reply.code(401).send({ isSuccess: false, message: 'Unauthorized' });
  const query = request.query as { pageNo?: string; pageSize?: string };
  const pageNo = Math.max(1, Number(query.pageNo ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(query.pageSize ?? 10)));
  const [rows, total] = await Promise.all([
    pool.query(
      `select id, number, category, status, total_cents, currency, created_at from invoices
       where user_id = $1 order by created_at desc, number desc limit $2 offset $3`,
      [userId, pageSize, (pageNo - 1) * pageSize],
    ),
    pool.query<{ n: number }>('select count(*)::int as n from invoices where user_id = $1', [userId]),
  ]);
  return { isSuccess: true, items: rows.rows, pageNo, pageSize, total: total.rows[0]?.n ?? 0 };
});

app.get('/ceiling/health', async () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app.close().then(() => pool.end().then(() => process.exit(0)));
  });
}
