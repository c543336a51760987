import {
  ADDRESS_IMPORT_MAX_BYTES,
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_IMPORT_MESSAGES,
  ADDRESS_IMPORT_TEMPLATE,
} from '@postwise/shared/schemas/address-import';
import { ADDRESS_MESSAGES } from '@postwise/shared/schemas/shipping';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';
import { addresses } from '../schema/shipping';

let shipper: string;
let mailbox: string;
let shipperId: string;

const suite = suiteApp();
beforeAll(async () => {
  [shipper, mailbox] = await Promise.all([suite.t.login('shipper@example.com'), suite.t.login('mailbox@example.com')]);
  const [row] = await suite.t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'shipper@example.com'));
  shipperId = row!.id;
});

// Each test starts from an empty address book.
beforeEach(async () => {
  await suite.t.database.db.delete(addresses).where(eq(addresses.userId, shipperId));
});

/** A browser's FormData upload of one CSV in `media`. */
function upload(csv: string | Buffer, token: string | null = shipper, field = 'media') {
  const boundary = '----postwise-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/addresses/import',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { 'x-access-Token': token } : {}),
    },
    payload,
  });
}

const book = () =>
  suite.t.database.db.select().from(addresses).where(eq(addresses.userId, shipperId)).orderBy(asc(addresses.createdAt));

describe('GET /api/v1/addresses/import/template', () => {
  it('downloads the template CSV: the columns and one example address', async () => {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/addresses/import/template',
      headers: { 'x-access-Token': shipper },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('address-import-template.csv');
    expect(res.body).toBe(ADDRESS_IMPORT_TEMPLATE);
    expect(res.body.split('\r\n')[0]).toBe('name,companyName,line1,line2,city,state,zipCode,country,phone,email');
  });

  it('the template itself imports cleanly', async () => {
    const res = await upload(ADDRESS_IMPORT_TEMPLATE);
    expect(res.json().data).toEqual({ rowCount: 1, importedCount: 1, failed: [] });
  });

  it('401 without a session, 403 without a shipping profile', async () => {
    const url = '/api/v1/addresses/import/template';
    expect((await suite.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await suite.t.app.inject({ method: 'GET', url, headers: { 'x-access-Token': mailbox } })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/v1/addresses/import', () => {
  it('saves the valid rows and answers each refused row with its number and the form messages', async () => {
    const csv = [
      'Name,Company,Address Line 1,line2,City,State,ZIP,Country,Phone,Email',
      'Amy Adams,,500 Market St,,San Francisco,ca,94105-1234,US,(415) 555-0100,amy@example.com',
      'Ben Brown,,1 Main St,,Austin,,78702,US,,',
      '',
      'Cara Cole,"Cole, Inc.",2 Elm St,Suite 5,Toronto,ON,M5V 2T6,CA,,cara@example.com',
      ',,,,,,,,,',
      'Dan Dale,,3 Oak St,,Portland,OR,9720,US,,',
      'Eve Ezra,,4 Pine St,,Seattle,WA,98101,us,206555010,not-an-email',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 of 5 addresses imported');
    expect(res.json().data).toEqual({
      rowCount: 5,
      importedCount: 2,
      failed: [
        { row: 3, name: 'Ben Brown', errors: { state: ADDRESS_MESSAGES.state } },
        { row: 7, name: 'Dan Dale', errors: { zipCode: ADDRESS_MESSAGES.usZip } },
        { row: 8, name: 'Eve Ezra', errors: { phone: ADDRESS_MESSAGES.phone, email: ADDRESS_MESSAGES.email } },
      ],
    });
    // Normalized as the form saves them; the first address of an empty book is the default sender.
    const saved = await book();
    expect(saved.map((a) => [a.name, a.companyName, a.state, a.zipCode, a.phone, a.isDefault])).toEqual([
      ['Amy Adams', null, 'CA', '94105-1234', '4155550100', true],
      ['Cara Cole', 'Cole, Inc.', 'ON', 'M5V 2T6', null, false],
    ]);
  });

  it('keeps the existing default sender, and reads a BOM, CRLF and quoted commas', async () => {
    expect((await upload(ADDRESS_IMPORT_TEMPLATE)).json().data.importedCount).toBe(1);
    suite.t.clock.advance(60_000);
    const csv =
      '\uFEFFname,companyName,line1,city,state,zipCode,country\r\n' +
      '"Bell, Marcus","Bell ""B"" Co",2207 E Cesar Chavez St,Austin,TX,78702,US\r\n';
    const res = await upload(csv);
    expect(res.json().data).toEqual({ rowCount: 1, importedCount: 1, failed: [] });
    const saved = await book();
    expect(saved.map((a) => [a.name, a.companyName, a.isDefault])).toEqual([
      ['Sofia Ramirez', 'Ramirez Ceramics', true],
      ['Bell, Marcus', 'Bell "B" Co', false],
    ]);
  });

  it('refuses a row the CSV cannot read (an unclosed quote) and text the database cannot hold', async () => {
    const csv =
      'name,line1,city,state,zipCode,country\nNul Null,1 A St\u0000,Austin,TX,78702,US\nQ,"2 B St,Austin,TX,78702,US\n';
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const { failed, importedCount } = res.json().data;
    expect(importedCount).toBe(0);
    expect(failed[0]).toMatchObject({ row: 2, name: 'Nul Null', errors: { line1: expect.any(String) } });
    expect(failed[1]).toMatchObject({ row: 3, errors: { row: expect.stringMatching(/quote/i) } });
    expect(await book()).toEqual([]);
  });

  it('422 for the whole file: no file, a missing column, no rows, too many rows, too large', async () => {
    const json = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/addresses/import',
      headers: { 'x-access-Token': shipper },
      payload: {},
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toMatchObject({
      message: ADDRESS_IMPORT_MESSAGES.fileRequired,
      errors: { media: expect.any(String) },
    });
    expect((await upload(ADDRESS_IMPORT_TEMPLATE, shipper, 'other')).json().message).toBe(
      ADDRESS_IMPORT_MESSAGES.fileRequired,
    );

    const noCity = await upload('name,line1,zipCode,country\nA,1 Main St,78702,US\n');
    expect(noCity.statusCode).toBe(422);
    expect(noCity.json().message).toBe(ADDRESS_IMPORT_MESSAGES.missingColumns(['city']));

    expect((await upload('name,line1,city,zipCode,country\n\n,,,,\n')).json().message).toBe(
      ADDRESS_IMPORT_MESSAGES.empty,
    );

    const row = 'A,1 Main St,Austin,TX,78702,US\n';
    const tooMany = await upload(`name,line1,city,state,zipCode,country\n${row.repeat(ADDRESS_IMPORT_MAX_ROWS + 1)}`);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(ADDRESS_IMPORT_MESSAGES.tooManyRows);

    const large = await upload(Buffer.alloc(ADDRESS_IMPORT_MAX_BYTES + 1, 'a'));
    expect(large.statusCode).toBe(422);
    expect(large.json().message).toBe(ADDRESS_IMPORT_MESSAGES.tooLarge);
    expect(await book()).toEqual([]);
  });

  it('imports up to the row limit in one call', async () => {
    const rows = Array.from(
      { length: ADDRESS_IMPORT_MAX_ROWS },
      (_, i) => `Person ${i},${i} Main St,Austin,TX,78702,US`,
    );
    const res = await upload(`name,line1,city,state,zipCode,country\n${rows.join('\n')}\n`);
    expect(res.json().data).toMatchObject({
      rowCount: ADDRESS_IMPORT_MAX_ROWS,
      importedCount: ADDRESS_IMPORT_MAX_ROWS,
    });
    const page = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/addresses?pageNo=1&pageSize=2',
      headers: { 'x-access-Token': shipper },
    });
    // The first row is the default sender; the rest newest first, as if added one by one in file order.
    expect(page.json().items.map((a: { name: string }) => a.name)).toEqual([
      'Person 0',
      `Person ${ADDRESS_IMPORT_MAX_ROWS - 1}`,
    ]);
  });

  it('401 without a session, 403 without a shipping profile', async () => {
    expect((await upload(ADDRESS_IMPORT_TEMPLATE, null)).statusCode).toBe(401);
    expect((await upload(ADDRESS_IMPORT_TEMPLATE, mailbox)).statusCode).toBe(403);
    expect(await book()).toEqual([]);
  });
});

describe('the import limit', () => {
  it('limits imports per user (429) without limiting the address routes that share its guard', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await upload('name\n')).statusCode);
    expect(statuses).toContain(429);
    const list = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/addresses',
      headers: { 'x-access-Token': shipper },
    });
    expect(list.statusCode).toBe(200);
  });
});
