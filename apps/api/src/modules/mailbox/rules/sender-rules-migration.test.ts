import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { ruleMatches, type MailRuleAction, type MailRuleMatch } from '@postwise/shared/mail-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const drizzleDir = new URL('../../../../drizzle/', import.meta.url);
const statements = (file: string) =>
  readFileSync(new URL(file, drizzleDir), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  // Only what the migration reads and writes: the old table, the boxes and the new rules table as 0029 makes it.
  await db.exec(`
    create table mailboxes (id uuid primary key, user_id uuid not null);
    create table sender_rules (id uuid primary key default gen_random_uuid(), mailbox_id uuid not null,
      sender_key text not null, action text not null default 'junk', created_at timestamptz not null default now());`);
  const [createRules] = statements('0031_mail_rules.sql');
  await db.exec(createRules!);
});

afterAll(async () => {
  await db.close();
});

describe('"always junk this sender" moves to mail rules', () => {
  it('makes each remembered sender a junk rule of the box holder that still matches that sender', async () => {
    await db.exec(`
      insert into mailboxes values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000aa');
      insert into sender_rules (mailbox_id, sender_key) values
        ('00000000-0000-4000-8000-000000000001', 'sunny deals flyers');`);
    for (const sql of statements('0032_drop_sender_rules.sql')) await db.exec(sql);
    const rules = await db.query<{ user_id: string; name: string; match: MailRuleMatch; action: MailRuleAction }>(
      'select user_id, name, match, action from mail_rules',
    );
    expect(rules.rows).toHaveLength(1);
    const rule = rules.rows[0]!;
    expect(rule).toMatchObject({
      user_id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Always junk sunny deals flyers',
      action: { type: 'junk' },
    });
    expect(ruleMatches(rule, { sender: 'Sunny Deals Flyers', kind: 'letter', text: null })).toBe(true);
    const gone = await db.query(`select to_regclass('sender_rules') as t`);
    expect(gone.rows[0]).toEqual({ t: null });
  });
});
