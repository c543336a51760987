import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from './admin-test-kit';

const suite = suiteApp(adminKit);

const SA = 'superadmin@example.com';
const SUB = 'subadmin@example.com';
const RESELLER = 'reseller@example.com';

describe('GET /api/v1/customers', () => {
  it('pages every customer for the super admin (default page size 10, newest first)', async () => {
    const res = await suite.kit.as(SA, 'GET', '/api/v1/customers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 10 });
    expect(body.total).toBeGreaterThanOrEqual(10);
    expect(body.items).toHaveLength(10);
    expect(body.items.every((i: { role: string }) => i.role === 'USER')).toBe(true);
    const page2 = (await suite.kit.as(SA, 'GET', '/api/v1/customers?pageNo=2')).json();
    const first = new Set(body.items.map((i: { id: string }) => i.id));
    expect(page2.items.some((i: { id: string }) => first.has(i.id))).toBe(false);
  });

  it('shows a sub-admin only their own customers', async () => {
    const res = await suite.kit.as(RESELLER, 'GET', '/api/v1/customers');
    const emails = res
      .json()
      .items.map((i: { email: string }) => i.email)
      .sort();
    expect(emails).toEqual(['mia.johnson@example.com', 'noah.wilson@example.com']);
  });

  it('searches by the start of the e-mail, full name or last name (case-insensitive)', async () => {
    const byLast = (await suite.kit.as(SA, 'GET', '/api/v1/customers?search=RODRI')).json();
    expect(byLast.items.map((i: { email: string }) => i.email)).toEqual(['emma.rodriguez@example.com']);
    const byEmail = (await suite.kit.as(SA, 'GET', '/api/v1/customers?search=ava.')).json();
    expect(byEmail.items.map((i: { fullName: string }) => i.fullName)).toEqual(['Ava M Nguyen']);
    const literal = (await suite.kit.as(SA, 'GET', '/api/v1/customers?search=%25')).json();
    expect(literal.total).toBe(0);
  });

  it('filters by status and account type', async () => {
    const inactive = (await suite.kit.as(SA, 'GET', '/api/v1/customers?status=inactive')).json();
    expect(inactive.items.map((i: { email: string }) => i.email)).toEqual(['noah.wilson@example.com']);
    const shipment = (await suite.kit.as(SA, 'GET', '/api/v1/customers?accountType=shipment')).json();
    expect(shipment.items.every((i: { accountType: string }) => i.accountType === 'shipment')).toBe(true);
    expect(shipment.total).toBeGreaterThan(0);
  });

  it('answers every combination of filters as the whole list filtered, for the super admin and a sub-admin', async () => {
    // The statements are prepared once per shape of filters: each shape must bind this request's values.
    type Item = { id: string; email: string; fullName: string; status: string; accountType: string | null };
    for (const caller of [SA, RESELLER, SUB]) {
      const all = (await suite.kit.as(caller, 'GET', '/api/v1/customers?pageSize=100')).json();
      const everyone: Item[] = all.items;
      expect(all.total).toBe(everyone.length);
      const searches = [undefined, ...new Set(everyone.map((i) => i.email.slice(0, 3)))].slice(0, 3);
      for (const search of searches)
        for (const status of [undefined, 'active', 'inactive'])
          for (const accountType of [undefined, 'shipment', 'mailbox']) {
            const query = new URLSearchParams({ pageSize: '100' });
            if (search) query.set('search', search);
            if (status) query.set('status', status);
            if (accountType) query.set('accountType', accountType);
            const res = await suite.kit.as(caller, 'GET', `/api/v1/customers?${query}`);
            expect(res.statusCode).toBe(200);
            const expected = everyone.filter(
              (i) =>
                (!search ||
                  i.email.toLowerCase().startsWith(search.toLowerCase()) ||
                  i.fullName.toLowerCase().startsWith(search.toLowerCase()) ||
                  i.fullName.toLowerCase().split(' ').at(-1)?.startsWith(search.toLowerCase())) &&
                (!status || i.status === status) &&
                (!accountType || i.accountType === accountType),
            );
            const body = res.json();
            expect(body.items.map((i: Item) => i.id)).toEqual(expected.map((i) => i.id));
            expect(body.total).toBe(expected.length);
          }
    }
  });

  it('answers 422 for a bad filter and 401 without a session', async () => {
    const bad = await suite.kit.as(SA, 'GET', '/api/v1/customers?status=gone');
    expect(bad.statusCode).toBe(422);
    expect((await suite.kit.as(null, 'GET', '/api/v1/customers')).statusCode).toBe(401);
    expect((await suite.kit.as('user@example.com', 'GET', '/api/v1/customers')).statusCode).toBe(403);
  });
});

describe('POST /api/v1/customers (Add Customer)', () => {
  it('creates the customer invited under the caller and e-mails the register link', async () => {
    const res = await suite.kit.as(RESELLER, 'POST', '/api/v1/customers', {
      email: 'New.Customer@Example.com',
      firstName: 'Harper',
      lastName: 'Lee',
      phone: '3105550190',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      invited: true,
      user: {
        email: 'new.customer@example.com',
        role: { code: 'USER' },
        personal: { firstName: 'Harper', lastName: 'Lee', fullName: 'Harper Lee', phone: '3105550190' },
        additionalInfo: { currentStep: 'account-type' },
      },
      parent: { email: RESELLER },
    });
    const mail = (await suite.t.outbox()).find((m) => m.to === 'new.customer@example.com');
    expect(mail?.subject).toBe('Priya K Patel invited you to Postwise');
    const resellerId = await suite.kit.idOf(RESELLER);
    expect(mail?.text).toContain(`/register?parentUser=${resellerId}&role=USER`);
    // The invited account shows in the list, marked invited; it cannot sign in yet.
    const list = (await suite.kit.as(RESELLER, 'GET', '/api/v1/customers?search=new.customer')).json();
    expect(list.items[0]).toMatchObject({ invited: true, email: 'new.customer@example.com' });
    const login = await suite.kit.call('POST', '/api/v1/auths/login', null, {
      email: 'new.customer@example.com',
      password: 'Demo1234!',
    });
    expect(login.statusCode).toBe(401);
  });

  it('lets the invited person take the account over through register with the invitation link', async () => {
    const resellerId = await suite.kit.idOf(RESELLER);
    const mail = (await suite.t.outbox()).find((m) => m.to === 'new.customer@example.com');
    const invitationToken = mail?.text.match(/[?&]invitation=([\w-]+)/)?.[1];
    expect(invitationToken).toBeTruthy();
    const res = await suite.kit.call('POST', '/api/v1/auths/register/email', null, {
      email: 'new.customer@example.com',
      password: 'Secret123!',
      authMethod: 'email',
      parentUser: resellerId,
      role: 'USER',
      invitationToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'new.customer@example.com', parentUser: { id: resellerId } });
  });

  it.each([
    [{ email: '', firstName: 'A', lastName: 'B' }, 'Email is required'],
    [{ email: 'nope', firstName: 'A', lastName: 'B' }, 'Invalid email address'],
    [{ email: 'a@example.com', firstName: ' ', lastName: 'B' }, 'First Name is required'],
    [{ email: 'a@example.com', firstName: 'A', lastName: '' }, 'Last Name is required'],
    [{ email: 'a@example.com', firstName: 'A', lastName: 'B', phone: '123' }, 'Phone number must be exactly 10 digits'],
  ])('answers 422 for %j with "%s"', async (payload, message) => {
    const res = await suite.kit.as(SUB, 'POST', '/api/v1/customers', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('answers 409 for an e-mail that already has an account', async () => {
    const res = await suite.kit.as(SA, 'POST', '/api/v1/customers', {
      email: 'USER@example.com',
      firstName: 'Dup',
      lastName: 'Licate',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    const body = { email: 'x@example.com', firstName: 'X', lastName: 'Y' };
    expect((await suite.kit.as('user@example.com', 'POST', '/api/v1/customers', body)).statusCode).toBe(403);
    expect((await suite.kit.as(null, 'POST', '/api/v1/customers', body)).statusCode).toBe(401);
  });
});

describe('GET / PUT /api/v1/customers/:id', () => {
  it('answers the detail: profiles and statuses, mailbox with its PMB address, the owner', async () => {
    const res = await suite.kit.as(SUB, 'GET', `/api/v1/customers/${await suite.kit.idOf('ava.nguyen@example.com')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user: { email: 'ava.nguyen@example.com' },
      invited: false,
      parent: { email: SUB, role: 'SUB_ADMIN' },
      profiles: { currentProfile: 'mailbox', mailbox: 'active', shipment: 'none' },
      mailbox: {
        storeName: 'Downtown LA',
        pmb: 'PMB 2001',
        status: 'active',
        address: '811 W 7th St, PMB 2001, Los Angeles, California 90017',
      },
    });
  });

  it("answers 403 for another tenant's customer and 404 for a sub-admin id", async () => {
    expect(
      (await suite.kit.as(RESELLER, 'GET', `/api/v1/customers/${await suite.kit.idOf('ava.nguyen@example.com')}`))
        .statusCode,
    ).toBe(403);
    expect((await suite.kit.as(SA, 'GET', `/api/v1/customers/${await suite.kit.idOf(RESELLER)}`)).statusCode).toBe(404);
    expect((await suite.kit.as(SA, 'GET', '/api/v1/customers/abc')).statusCode).toBe(422);
  });

  it('edits name and phone, and recomputes the full name', async () => {
    const id = await suite.kit.idOf('mia.johnson@example.com');
    const res = await suite.kit.as(RESELLER, 'PUT', `/api/v1/customers/${id}`, {
      firstName: 'Mila',
      phone: '3235550179',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.personal).toMatchObject({
      firstName: 'Mila',
      fullName: 'Mila R Johnson',
      phone: '3235550179',
    });
    const invalid = await suite.kit.as(RESELLER, 'PUT', `/api/v1/customers/${id}`, { middleName: 'RR' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toBe('Middle initial must be a single character.');
  });

  it('deactivating ends the customer’s sessions at once; activating lets them sign in again', async () => {
    const id = await suite.kit.idOf('mia.johnson@example.com');
    const own = await suite.t.login('mia.johnson@example.com');
    const off = await suite.kit.as(RESELLER, 'PUT', `/api/v1/customers/${id}`, { status: 'inactive' });
    expect(off.json().data.user.status).toBe('inactive');
    expect((await suite.kit.call('GET', '/api/v1/auths/me', own)).statusCode).toBe(401);
    await suite.kit.as(RESELLER, 'PUT', `/api/v1/customers/${id}`, { status: 'active' });
    expect(await suite.t.login('mia.johnson@example.com')).toMatch(/\S+/);
  });

  it('refuses the isSuperSubAdmin flag on a customer (403)', async () => {
    const id = await suite.kit.idOf('mia.johnson@example.com');
    expect((await suite.kit.as(SA, 'PUT', `/api/v1/customers/${id}`, { isSuperSubAdmin: true })).statusCode).toBe(403);
  });

  it('lists the activity of the customer: the edits above, newest first, with who did them', async () => {
    const id = await suite.kit.idOf('mia.johnson@example.com');
    const res = await suite.kit.as(RESELLER, 'GET', `/api/v1/accounts/${id}/activity`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { action: string; actor: { email: string }; details: { status?: string } }[];
    expect(items[0]).toMatchObject({
      action: 'user.update',
      actor: { email: RESELLER },
      details: { status: 'active' },
    });
    expect(items.filter((i) => i.action === 'user.update').length).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/v1/accounts/:userId/subscription', () => {
  it("answers a managed account's subscription, and 403 outside the tenancy", async () => {
    const id = await suite.kit.idOf('ava.nguyen@example.com');
    const res = await suite.kit.as(SUB, 'GET', `/api/v1/accounts/${id}/subscription`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', isExpired: false, plan: { name: expect.any(String) } });
    expect((await suite.kit.as(RESELLER, 'GET', `/api/v1/accounts/${id}/subscription`)).statusCode).toBe(403);
    expect((await suite.kit.as(null, 'GET', `/api/v1/accounts/${id}/subscription`)).statusCode).toBe(401);
  });
});
