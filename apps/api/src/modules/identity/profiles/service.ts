import type { ProfileState, ProfileStatus } from '@postwise/shared/api-types';
import { type AccountType, hasMailbox, hasShipment, type ProfileKind } from '@postwise/shared/roles';
import { ACCOUNT_MESSAGES } from '@postwise/shared/schemas/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type ProfileRow, profiles } from '../schema/profiles';
import { forbidden, notFound, validationFailed } from '../../../lib/errors';

export function toProfileState(row: ProfileRow): ProfileState {
  return {
    id: row.id,
    activeProfile: { currentProfile: row.currentProfile ?? null },
    profiles: { shipment: { status: row.shipmentStatus }, mailbox: { status: row.mailboxStatus } },
  };
}

/** The profile state of spec 3, for its owner only. */
export async function getOwnProfile(db: Db, profileId: string, userId: string): Promise<ProfileState> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) throw notFound('Profile not found');
  if (row.userId !== userId) throw forbidden();
  return toProfileState(row);
}

/**
 * Creates or updates the profile row for the account type chosen during onboarding: the shipment
 * profile is active at once (the e-mail is verified before this step), the mailbox profile waits for the
 * documents (status stays as it is until upload sets 'pending'). A shipment holder starts in the shipment
 * profile, since a mailbox under review cannot be used yet.
 */
export async function applyAccountType(db: Db, userId: string, accountType: AccountType): Promise<void> {
  const shipment = hasShipment(accountType);
  const values = {
    userId,
    currentProfile: (shipment ? 'shipment' : 'mailbox') as ProfileKind,
    shipmentStatus: (shipment ? 'active' : 'none') as ProfileStatus,
  };
  await db
    .insert(profiles)
    .values({ ...values, mailboxStatus: 'none' })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        ...values,
        // A mailbox dropped from the account type is no longer applied for.
        ...(hasMailbox(accountType) ? {} : { mailboxStatus: 'none' as ProfileStatus }),
        updatedAt: new Date(),
      },
    });
}

/** The mailbox application was submitted (upload of the Form 1583 IDs): it waits for review. */
export async function setMailboxStatus(db: Db, userId: string, status: ProfileStatus): Promise<void> {
  await db.update(profiles).set({ mailboxStatus: status, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

/** POST profiles/switch-profile (spec 2.7, 4): the current profile becomes `kind`, if the account holds it. */
export async function switchProfile(
  db: Db,
  user: { id: string; accountType: AccountType | null },
  kind: ProfileKind,
): Promise<ProfileState> {
  const holds = kind === 'shipment' ? hasShipment(user.accountType) : hasMailbox(user.accountType);
  if (!holds) {
    throw validationFailed(ACCOUNT_MESSAGES.profileNotHeld, { accountType: ACCOUNT_MESSAGES.profileNotHeld });
  }
  const [row] = await db
    .update(profiles)
    .set({ currentProfile: kind, updatedAt: new Date() })
    .where(eq(profiles.userId, user.id))
    .returning();
  if (!row) throw notFound('Profile not found');
  return toProfileState(row);
}
