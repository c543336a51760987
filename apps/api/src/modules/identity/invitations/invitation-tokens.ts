import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type InvitationRow, invitations } from '../schema/invitations';
import { hashToken, newAccessToken } from '../../../lib/tokens';

/** How long the link of an invitation e-mail works; an admin can invite again after that. */
export const INVITATION_TTL_DAYS = 14;

/** A fresh invitation token (32 random bytes) and what is stored of it: its SHA-256 and expiry. */
export function newInvitationToken(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = newAccessToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000) };
}

/** The open invitation a token names: not accepted and not expired. Anything else is no invitation at all. */
export async function findOpenInvitation(db: Db, token: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt)))
    .limit(1);
  return row && row.expiresAt && row.expiresAt > now ? row : undefined;
}

/** True while an admin's invitation for this account waits to be completed through its own link. */
export async function hasOpenInvitation(db: Db, userId: string): Promise<boolean> {
  return (await db.$count(invitations, and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))) > 0;
}

/** The account's e-mail was verified: its invitations are used up, their links stop working. */
export async function acceptInvitations(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
}
