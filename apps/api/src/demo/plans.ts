import type { PlanValidity } from '@postwise/shared/constants';
import type { PlanAdditionalFee, PlanAudience, PlanPenaltyFee } from '@postwise/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type NewPlanRow, NO_ADDITIONAL_FEE, NO_PENALTY_FEE, plans } from '../modules/billing';
import type { SeedOptions } from './seed-options';
import { demoUserId } from './users';

/** Fees of a mailbox plan (spec 9 fee text), in cents: per package, per day of storage, per week late. */
export const STANDARD_ADDITIONAL_FEE: PlanAdditionalFee = {
  packageReceiving: 250, // per package after the 5 free ones of a month
  packageConsolidation: 500,
  overWeight: 1500, // 50+ lb or L+W+H of 50 or more
  mailStorage: 25, // per item and day after 30 days
  packageStorage: 100, // per package and day after 3 days
  palletReceiving: 3500,
  palletStorage: 500, // per pallet and day after 3 days
};
export const STANDARD_PENALTY_FEE: PlanPenaltyFee = { wrongAddress: 500, late: 1000, reinstatement: 2500 };

interface DemoPlan {
  owner: string;
  audience: PlanAudience;
  validity: PlanValidity;
  name: string;
  description: string;
  priceCents: number;
  scanCount: number;
  isPopular?: boolean;
  numberOfStores?: number;
  numberOfMailboxes?: number;
  additionalFee?: PlanAdditionalFee;
  penaltyFee?: PlanPenaltyFee;
}

const PLATFORM = 'superadmin@example.com';

function mailboxPlans(owner: string, monthly: [number, number, number]): DemoPlan[] {
  const tiers = [
    { name: 'Basic Mailbox', scans: 30, description: 'A Los Angeles street address for up to 2 names.' },
    { name: 'Standard Mailbox', scans: 60, description: 'More scans for busy households and freelancers.' },
    { name: 'Premium Mailbox', scans: 150, description: 'High mail volume, business mail and packages.' },
  ];
  return tiers.flatMap((tier, i) => {
    const month = monthly[i]!;
    // The annual plan costs ten months: two months free.
    return (['month', 'year'] as const).map((validity) => ({
      owner,
      audience: 'customer' as const,
      validity,
      name: tier.name,
      description: tier.description,
      priceCents: validity === 'month' ? month : month * 10,
      scanCount: validity === 'month' ? tier.scans : tier.scans * 12,
      isPopular: i === 1,
    }));
  });
}

export const DEMO_PLANS: readonly DemoPlan[] = [
  ...mailboxPlans(PLATFORM, [1499, 2499, 3999]),
  {
    owner: PLATFORM,
    audience: 'customer',
    validity: 'topup',
    name: '10 Scans',
    description: 'Scan package; scans never expire.',
    priceCents: 500,
    scanCount: 10,
  },
  {
    owner: PLATFORM,
    audience: 'customer',
    validity: 'topup',
    name: '25 Scans',
    description: 'Scan package; scans never expire.',
    priceCents: 1100,
    scanCount: 25,
    isPopular: true,
  },
  {
    owner: PLATFORM,
    audience: 'customer',
    validity: 'topup',
    name: '50 Scans',
    description: 'Scan package; scans never expire.',
    priceCents: 2000,
    scanCount: 50,
  },
  // What the platform bills sub-admins.
  ...(
    [
      { name: 'Reseller Starter', month: 9900, stores: 1, mailboxes: 100, scans: 500 },
      { name: 'Reseller Growth', month: 24900, stores: 3, mailboxes: 400, scans: 2000, popular: true },
      { name: 'Reseller Enterprise', month: 59900, stores: 10, mailboxes: 1500, scans: 8000 },
    ] as const
  ).flatMap((t) =>
    (['month', 'year'] as const).map((validity): DemoPlan => ({
      owner: PLATFORM,
      audience: 'sub_admin',
      validity,
      name: t.name,
      description: `Up to ${t.stores} store${t.stores > 1 ? 's' : ''} and ${t.mailboxes} mailboxes.`,
      priceCents: validity === 'month' ? t.month : t.month * 10,
      scanCount: validity === 'month' ? t.scans : t.scans * 12,
      isPopular: 'popular' in t,
      numberOfStores: t.stores,
      numberOfMailboxes: t.mailboxes,
    })),
  ),
  // A sub-admin's own customer plans (what subadmin@example.com sells to their customers).
  ...mailboxPlans('subadmin@example.com', [1799, 2799, 4499]),
];

/** Demo plans, upserted by owner, audience, validity and name. */
export async function seedPlans(db: Db, { overwrite }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = new Map<string, string>();
    for (const email of new Set(DEMO_PLANS.map((p) => p.owner))) {
      const ownerId = await demoUserId(tx, email);
      if (ownerId) owners.set(email, ownerId);
    }
    const order = new Map<string, number>();
    for (const demo of DEMO_PLANS) {
      const ownerUserId = owners.get(demo.owner);
      if (!ownerUserId) continue;
      const group = `${demo.owner}:${demo.audience}:${demo.validity}`;
      const sortOrder = order.get(group) ?? 0;
      order.set(group, sortOrder + 1);
      const topup = demo.validity === 'topup';
      const values: NewPlanRow = {
        ownerUserId,
        audience: demo.audience,
        validity: demo.validity,
        name: demo.name,
        description: demo.description,
        priceCents: demo.priceCents,
        currency: 'usd',
        isPopular: demo.isPopular ?? false,
        scanCount: demo.scanCount,
        numberOfStores: demo.numberOfStores ?? null,
        numberOfMailboxes: demo.numberOfMailboxes ?? null,
        additionalFee: demo.additionalFee ?? (topup ? NO_ADDITIONAL_FEE : STANDARD_ADDITIONAL_FEE),
        penaltyFee: demo.penaltyFee ?? (topup ? NO_PENALTY_FEE : STANDARD_PENALTY_FEE),
        status: 'active',
        sortOrder,
      };
      const [existing] = await tx
        .select({ id: plans.id })
        .from(plans)
        .where(
          and(
            eq(plans.ownerUserId, ownerUserId),
            eq(plans.audience, demo.audience),
            eq(plans.validity, demo.validity),
            eq(plans.name, demo.name),
          ),
        )
        .limit(1);
      if (!existing) await tx.insert(plans).values(values);
      else if (overwrite) {
        await tx
          .update(plans)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(plans.id, existing.id));
      }
    }
  });
}
