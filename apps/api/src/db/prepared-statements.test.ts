import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS_PER_CONNECTION, prepareStatementsOn } from './client';

function fakeClient() {
  const seen: unknown[] = [];
  const client = { query: (config: unknown) => seen.push(config) } as unknown as pg.PoolClient;
  prepareStatementsOn(client);
  return { client, seen };
}

describe('prepareStatementsOn', () => {
  it('names a parameterised query by its text, the same name every time', () => {
    const { client, seen } = fakeClient();
    void client.query({ text: 'select * from invoices where user_id = $1' }, ['a']);
    void client.query({ text: 'select * from invoices where user_id = $1' }, ['b']);
    void client.query('select * from users where id = $1', ['c']);
    const [first, second, third] = seen as { name?: string; text: string }[];
    expect(first?.name).toMatch(/^pw_[0-9a-f]{40}$/);
    expect(second?.name).toBe(first?.name);
    expect(third?.name).toMatch(/^pw_/);
    expect(third?.name).not.toBe(first?.name);
    expect(third?.text).toBe('select * from users where id = $1');
  });

  it('leaves queries without parameters and already named ones as they are, and never mutates the config', () => {
    const { client, seen } = fakeClient();
    const shared = { text: 'select $1::int', values: [1] };
    void client.query('begin; select 1');
    void client.query({ text: 'select 1', name: 'mine' }, [1]);
    void client.query(shared);
    expect(seen[0]).toBe('begin; select 1');
    expect(seen[1]).toEqual({ text: 'select 1', name: 'mine' });
    expect((seen[2] as { name?: string }).name).toMatch(/^pw_/);
    expect(shared).not.toHaveProperty('name');
  });

  it('stops naming new texts past the per-connection limit', () => {
    const { client, seen } = fakeClient();
    for (let i = 0; i <= MAX_NAMED_STATEMENTS_PER_CONNECTION; i += 1) void client.query(`select ${i} + $1`, [i]);
    void client.query('select 0 + $1', [0]);
    const named = (seen as { name?: string }[]).filter((config) => typeof config === 'object' && config.name);
    expect(named).toHaveLength(MAX_NAMED_STATEMENTS_PER_CONNECTION + 1);
    expect(seen[MAX_NAMED_STATEMENTS_PER_CONNECTION]).toBe(`select ${MAX_NAMED_STATEMENTS_PER_CONNECTION} + $1`);
  });
});
