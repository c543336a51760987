import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAIL_REQUEST_TYPES } from '@postwise/shared/mail';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../integrations/storage/create-storage';
import { createTestDatabase } from '../test/test-app';
import type { Database } from '../db/client';
import { mailItemFees, mailItems, mailRequests } from '../modules/mailbox/schema/mail';
import { mailboxes } from '../modules/mailbox/schema/mailboxes';
import { users } from '../modules/identity/schema/users';
import { seedDemoData } from './index';

let database: Database;
let dataDir: string;
const storage = () => createFileStorage({ dataDir, s3: undefined });

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'postwise-mail-seed-'));
  await seedDemoData(database.db, { overwrite: false, storage: storage() });
});

afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function userItems() {
  const [box] = await database.db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(eq(users.email, 'user@example.com'));
  return database.db.select().from(mailItems).where(eq(mailItems.mailboxId, box!.id));
}

describe('mail demo seed', () => {
  it('gives user@example.com about 25 items of every kind, folder and state, with generated envelope photos', async () => {
    const items = await userItems();
    expect(items).toHaveLength(25);
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['letter', 'large_envelope', 'package', 'pallet']));
    expect(new Set(items.map((i) => i.folder))).toEqual(new Set(['inbox', 'archive', 'trash']));
    expect(items.filter((i) => i.contentScanKey)).toHaveLength(2);
    const photo = await storage().get(items[0]!.photoKeys[0]!);
    expect((await fileTypeFromBuffer(photo!.body))?.mime).toBe('image/png');
    const scan = await storage().get(items.find((i) => i.contentScanKey)!.contentScanKey!);
    expect(scan!.body.subarray(0, 4).toString()).toBe('%PDF');
    // One package 2 days from its storage fee, and mail already accruing fee rows.
    const day = 24 * 3_600_000;
    expect(
      items.some(
        (i) =>
          i.kind === 'package' &&
          i.freeUntil.getTime() - Date.now() > day &&
          i.freeUntil.getTime() - Date.now() <= 2 * day,
      ),
    ).toBe(true);
    expect(await database.db.$count(mailItemFees, eq(mailItemFees.kind, 'storage'))).toBeGreaterThan(0);
  });

  it('leaves open requests of every type for the operator queue, and is idempotent', async () => {
    const open = await database.db.select().from(mailRequests);
    expect(new Set(open.map((r) => r.type))).toEqual(new Set(MAIL_REQUEST_TYPES));
    await seedDemoData(database.db, { overwrite: true, storage: storage() });
    expect(await userItems()).toHaveLength(25);
    expect(await database.db.$count(mailRequests)).toBe(open.length);
  });
});
