import type { PackagePresetDto } from '@postwise/shared/schemas/shipping-dto';
import type { PackagePresetInput, packagePresetSchema } from '@postwise/shared/schemas/shipping';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { type PackagePresetRow, packagePresets } from '../schema/shipping';
import { notFound } from '../../../lib/errors';
import { paged } from '../../../db/paging';

export const PACKAGE_NOT_FOUND = 'Package not found';
export type PackagePreset = z.output<typeof packagePresetSchema>;
export type { PackagePresetInput };

export function toPackagePresetDto(row: PackagePresetRow): PackagePresetDto {
  return {
    id: row.id,
    name: row.name,
    packageType: row.packageType,
    dimension: row.dimension,
    weight: row.weight,
    weightUnits: row.weightUnits,
    numberOfPackages: row.numberOfPackages,
    insuranceDeclared: row.insuranceDeclared,
    contentDescription: row.contentDescription,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listPackagePresets(db: Db, userId: string, page: PageQuery, search: string | undefined) {
  const filters: SQL[] = [eq(packagePresets.userId, userId)];
  const term = search?.trim().toLowerCase();
  if (term) filters.push(like(sql`lower(${packagePresets.name})`, `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...filters);
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select()
        .from(packagePresets)
        .where(where)
        .orderBy(desc(packagePresets.createdAt), desc(packagePresets.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(packagePresets, where),
    map: toPackagePresetDto,
  });
}

export async function findOwnPackagePreset(db: Db, userId: string, id: string): Promise<PackagePresetRow> {
  const [row] = await db
    .select()
    .from(packagePresets)
    .where(and(eq(packagePresets.id, id), eq(packagePresets.userId, userId)));
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

function columns(p: PackagePreset) {
  return {
    name: p.name,
    packageType: p.packageType,
    dimension: p.dimension,
    weight: p.weight,
    weightUnits: p.weightUnits,
    numberOfPackages: p.numberOfPackages,
    insuranceDeclared: p.insuranceDeclared ?? null,
    contentDescription: p.contentDescription,
  };
}

export async function createPackagePreset(db: Db, userId: string, input: PackagePreset, now: Date) {
  const [row] = await db
    .insert(packagePresets)
    .values({ userId, ...columns(input), createdAt: now, updatedAt: now })
    .returning();
  return toPackagePresetDto(row!);
}

export async function updatePackagePreset(db: Db, userId: string, id: string, input: PackagePreset, now: Date) {
  await findOwnPackagePreset(db, userId, id);
  const [row] = await db
    .update(packagePresets)
    .set({ ...columns(input), updatedAt: now })
    .where(and(eq(packagePresets.id, id), eq(packagePresets.userId, userId)))
    .returning();
  return toPackagePresetDto(row!);
}

export async function deletePackagePreset(db: Db, userId: string, id: string): Promise<void> {
  await findOwnPackagePreset(db, userId, id);
  await db.delete(packagePresets).where(and(eq(packagePresets.id, id), eq(packagePresets.userId, userId)));
}
