import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { carrierConfigs, type MarginDiscountRow, marginDiscounts, shippingAccounts } from '../schema/shipping';
import { users } from '../../identity';
import type { CarrierRegistry, CarrierProvider } from '../shipments/carrier-registry';
import { SANDBOX_CARRIERS } from '../../../integrations/carriers/sandbox-rates';
import { appError, notFound } from '../../../lib/errors';
import { paged } from '../../../db/paging';
import { sealSecret } from '../../../lib/secret-box';
import { findShippingAccount, outstandingPayLaterCents } from '../shipments/pay-later';

export interface ShippingConfigContext {
  db: Db;
  carriers: CarrierRegistry;
  credentialsKey: Buffer | undefined;
  now: () => Date;
}

const PROVIDER_NAMES: Record<CarrierProvider, string> = {
  sandbox: 'Sandbox carrier (built in)',
  easypost: 'EasyPost (FedEx, UPS, USPS and more)',
};

/** Services the admin can turn off: the sandbox's are known; EasyPost's depend on the account. */
function knownServices(provider: CarrierProvider) {
  if (provider !== 'sandbox') return [];
  return SANDBOX_CARRIERS.flatMap((c) =>
    Object.values(c.services).map((service) => ({ carrier: c.name, service: service! })),
  );
}

/** GET carriers: configuration without any secret; only whether a key is set and its last four characters. */
export async function listCarrierConfigs(ctx: ShippingConfigContext) {
  const rows = await ctx.db.select().from(carrierConfigs);
  return (['sandbox', 'easypost'] as const).map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    const disabled = new Set(row?.disabledServices ?? []);
    return {
      provider,
      name: PROVIDER_NAMES[provider],
      // The sandbox is on until turned off, so a fresh install can quote.
      enabled: row ? row.enabled : provider === 'sandbox',
      needsCredentials: provider !== 'sandbox',
      hasCredentials: !!row?.credentialsSealed,
      credentialsHint: row?.credentialsHint ? `••••${row.credentialsHint}` : null,
      services: knownServices(provider).map((s) => ({ ...s, enabled: !disabled.has(`${s.carrier}|${s.service}`) })),
      disabledServices: [...disabled],
      lastTestedAt: row?.lastTestedAt?.toISOString() ?? null,
      lastTestOk: row?.lastTestOk ?? null,
    };
  });
}
export type CarrierConfigDto = Awaited<ReturnType<typeof listCarrierConfigs>>[number];

export interface CarrierConfigUpdate {
  provider: CarrierProvider;
  enabled?: boolean;
  apiKey?: string | null;
  disabledServices?: string[];
}

export async function updateCarrierConfig(
  ctx: ShippingConfigContext,
  input: CarrierConfigUpdate,
): Promise<CarrierConfigDto> {
  const now = ctx.now();
  const [current] = await ctx.db.select().from(carrierConfigs).where(eq(carrierConfigs.provider, input.provider));
  const set: Partial<typeof carrierConfigs.$inferInsert> = { updatedAt: now };
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.disabledServices !== undefined) set.disabledServices = input.disabledServices;
  if (input.apiKey !== undefined) {
    if (input.apiKey === null || input.apiKey === '') {
      set.credentialsSealed = null;
      set.credentialsHint = null;
    } else {
      if (!ctx.credentialsKey) {
        throw appError(
          'SERVICE_UNAVAILABLE',
          'Carrier credentials cannot be stored: CARRIER_CREDENTIALS_KEY is not set.',
        );
      }
      set.credentialsSealed = sealSecret(ctx.credentialsKey, input.apiKey);
      set.credentialsHint = input.apiKey.slice(-4);
    }
    set.lastTestedAt = null;
    set.lastTestOk = null;
  }
  const enabled = set.enabled ?? current?.enabled ?? input.provider === 'sandbox';
  const sealed = set.credentialsSealed !== undefined ? set.credentialsSealed : current?.credentialsSealed;
  if (enabled && input.provider !== 'sandbox' && !sealed) {
    throw appError('VALIDATION_ERROR', 'Enter the API key before enabling this carrier.', {
      apiKey: 'API key is required',
    });
  }
  await ctx.db
    .insert(carrierConfigs)
    .values({ provider: input.provider, enabled, ...set })
    .onConflictDoUpdate({ target: carrierConfigs.provider, set: { ...set, enabled } });
  return (await listCarrierConfigs(ctx)).find((c) => c.provider === input.provider)!;
}

/** "Test connection": asks the provider with the stored key and remembers the answer. */
export async function testCarrierConnection(ctx: ShippingConfigContext, provider: CarrierProvider) {
  const adapter = await ctx.carriers.byProvider(ctx.db, provider);
  const result = adapter
    ? await adapter.testConnection()
    : { ok: false, message: 'No API key is stored for this carrier.' };
  const now = ctx.now();
  await ctx.db
    .insert(carrierConfigs)
    .values({ provider, enabled: provider === 'sandbox', lastTestedAt: now, lastTestOk: result.ok, updatedAt: now })
    .onConflictDoUpdate({ target: carrierConfigs.provider, set: { lastTestedAt: now, lastTestOk: result.ok } });
  return result;
}

/* ---------- Margin & discount ---------- */

export function toMarginDiscountDto(row: MarginDiscountRow & { email?: string | null; fullName?: string | null }) {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.userId,
    user: row.userId ? { id: row.userId, email: row.email ?? null, fullName: row.fullName ?? null } : null,
    carrier: row.carrier,
    service: row.service,
    type: row.type,
    // Percent as typed (12.5), cents for AMOUNT.
    value: row.type === 'PERCENTAGE' ? row.value / 100 : row.value,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type MarginDiscountDto = ReturnType<typeof toMarginDiscountDto>;

export function listMarginDiscounts(
  db: Db,
  page: PageQuery,
  filter: { kind?: 'markup' | 'discount'; userId?: string },
) {
  const filters: SQL[] = [];
  if (filter.kind) filters.push(eq(marginDiscounts.kind, filter.kind));
  if (filter.userId) filters.push(eq(marginDiscounts.userId, filter.userId));
  const where = filters.length ? and(...filters) : undefined;
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select({ m: marginDiscounts, email: users.email, fullName: users.fullName })
        .from(marginDiscounts)
        .leftJoin(users, eq(users.id, marginDiscounts.userId))
        .where(where)
        .orderBy(
          asc(marginDiscounts.kind),
          asc(marginDiscounts.carrier),
          asc(marginDiscounts.service),
          desc(marginDiscounts.updatedAt),
        )
        .limit(limit)
        .offset(offset),
    count: () => db.$count(marginDiscounts, where),
    map: (r) => toMarginDiscountDto({ ...r.m, email: r.email, fullName: r.fullName }),
  });
}

export interface MarginDiscountInput {
  kind: 'markup' | 'discount';
  userId?: string | null;
  carrier?: string | null;
  service?: string | null;
  type: 'AMOUNT' | 'PERCENTAGE';
  value: number;
}

/** PUT margin-discounts: sets the markup or customer discount of one scope (upsert by kind, user, carrier, service). */
export async function upsertMarginDiscount(db: Db, input: MarginDiscountInput, now: Date): Promise<MarginDiscountDto> {
  const userId = input.kind === 'discount' ? (input.userId ?? null) : null;
  let customer: { email: string; fullName: string | null } | null = null;
  if (input.kind === 'discount') {
    if (!userId) {
      throw appError('VALIDATION_ERROR', 'Customer is required for a discount', {
        userId: 'Customer is required for a discount',
      });
    }
    const [found] = await db
      .select({ role: users.roleCode, email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, userId));
    if (!found || found.role !== 'USER') throw notFound('Customer not found');
    customer = found;
  }
  const stored = input.type === 'PERCENTAGE' ? Math.round(input.value * 100) : Math.round(input.value);
  const carrier = input.carrier || null;
  const service = carrier ? input.service || null : null;
  const scope = and(
    eq(marginDiscounts.kind, input.kind),
    userId ? eq(marginDiscounts.userId, userId) : isNull(marginDiscounts.userId),
    carrier ? eq(marginDiscounts.carrier, carrier) : isNull(marginDiscounts.carrier),
    service ? eq(marginDiscounts.service, service) : isNull(marginDiscounts.service),
  );
  const [existing] = await db.select().from(marginDiscounts).where(scope);
  const [row] = existing
    ? await db
        .update(marginDiscounts)
        .set({ type: input.type, value: stored, updatedAt: now })
        .where(eq(marginDiscounts.id, existing.id))
        .returning()
    : await db
        .insert(marginDiscounts)
        .values({ kind: input.kind, userId, carrier, service, type: input.type, value: stored, updatedAt: now })
        .returning();
  return toMarginDiscountDto({ ...row!, email: customer?.email ?? null, fullName: customer?.fullName ?? null });
}

export async function deleteMarginDiscount(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(marginDiscounts)
    .where(eq(marginDiscounts.id, id))
    .returning({ id: marginDiscounts.id });
  if (!deleted.length) throw notFound('Margin or discount not found');
}

/* ---------- Pay-later credit limit per customer ---------- */

export async function getShippingAccount(db: Db, userId: string) {
  const [customer] = await db.select({ id: users.id, role: users.roleCode }).from(users).where(eq(users.id, userId));
  if (!customer || customer.role !== 'USER') throw notFound('Customer not found');
  const account = await findShippingAccount(db, userId);
  return {
    userId,
    creditLimitCents: account.creditLimitCents,
    creditBalanceCents: account.creditBalanceCents,
    payLaterOutstandingCents: await outstandingPayLaterCents(db, userId),
  };
}

export async function setCreditLimit(db: Db, userId: string, creditLimitCents: number, now: Date) {
  await getShippingAccount(db, userId);
  await db
    .insert(shippingAccounts)
    .values({ userId, creditLimitCents, updatedAt: now })
    .onConflictDoUpdate({ target: shippingAccounts.userId, set: { creditLimitCents, updatedAt: now } });
  return getShippingAccount(db, userId);
}
