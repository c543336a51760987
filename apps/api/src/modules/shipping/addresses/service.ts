import type { Address } from '@postwise/shared/schemas/shipping';
import type { SavedAddressDto } from '@postwise/shared/schemas/shipping-dto';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type AddressRow, addresses } from '../schema/shipping';
import { notFound } from '../../../lib/errors';
import { paged } from '../../../db/paging';

export const ADDRESS_NOT_FOUND = 'Address not found';

export function toAddressDto(row: AddressRow): SavedAddressDto {
  return {
    id: row.id,
    name: row.name,
    companyName: row.companyName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    phone: row.phone,
    email: row.email,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "Starts with" on the name (case-insensitive), answered by addresses_user_name_pattern_idx. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function listAddresses(db: Db, userId: string, page: PageQuery, search: string | undefined) {
  const filters: SQL[] = [eq(addresses.userId, userId)];
  const term = search?.trim().toLowerCase();
  if (term) filters.push(like(sql`lower(${addresses.name})`, `${escapeLike(term)}%`));
  const where = and(...filters);
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select()
        .from(addresses)
        .where(where)
        .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(addresses, where),
    map: toAddressDto,
  });
}

export async function findOwnAddress(db: Db, userId: string, id: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  // Someone else's address is "not found": its existence is not revealed.
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return row;
}

export async function getDefaultAddress(db: Db, userId: string): Promise<SavedAddressDto | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row ? toAddressDto(row) : null;
}

function columns(a: Address) {
  return {
    name: a.name,
    companyName: a.companyName,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country,
    phone: a.phone,
    email: a.email,
  };
}

async function clearDefault(tx: Db, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function createAddress(
  db: Db,
  userId: string,
  input: Address & { isDefault: boolean },
  now: Date,
): Promise<SavedAddressDto> {
  return db.transaction(async (tx) => {
    // The first address becomes the default sender, so the wizard always has one to pre-fill.
    const first = (await tx.$count(addresses, eq(addresses.userId, userId))) === 0;
    const isDefault = input.isDefault || first;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columns(input), isDefault, createdAt: now, updatedAt: now })
      .returning();
    return toAddressDto(row!);
  });
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  input: Address & { isDefault: boolean },
  now: Date,
): Promise<SavedAddressDto> {
  return db.transaction(async (tx) => {
    const current = await findOwnAddress(tx, userId, id);
    if (input.isDefault && !current.isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(input), isDefault: input.isDefault || current.isDefault, updatedAt: now })
      .where(eq(addresses.id, id))
      .returning();
    return toAddressDto(row!);
  });
}

export async function setDefaultAddress(db: Db, userId: string, id: string, now: Date): Promise<SavedAddressDto> {
  return db.transaction(async (tx) => {
    await findOwnAddress(tx, userId, id);
    await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: now })
      .where(eq(addresses.id, id))
      .returning();
    return toAddressDto(row!);
  });
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  await findOwnAddress(db, userId, id);
  // Shipments keep their own snapshot of the address, so deleting it from the book changes no shipment.
  await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}
